/** The staff abilities table (issue #27 item 9): who may read a booking block, and where. */
import { describe, expect, it } from 'vitest';
import { STAFF_ROLES } from '../../src/lib/admin-menu';
import { abilitiesOf, canReadBookingBlock, ROLE_ABILITIES } from '../../src/lib/staff-abilities';
import { AbilitySchema } from '../../src/lib/staff-abilities-schema';

const hospitals = { organization: [10, 11, 12], branches: [11] };

describe('staff abilities', () => {
  it('has a row for every staff role', () => {
    expect(Object.keys(ROLE_ABILITIES).sort()).toEqual([...STAFF_ROLES].sort());
  });

  it('admins read every booking block; an organization manager its hospitals; branch managers their branches; a doctor none', () => {
    const can = (role: (typeof STAFF_ROLES)[number], id: number) => canReadBookingBlock(abilitiesOf(role, hospitals), id);
    for (const role of ['admin', 'super'] as const) expect([can(role, 10), can(role, 999)]).toEqual([true, true]);
    expect([can('facility', 10), can('facility', 12), can('facility', 999)]).toEqual([true, true, false]);
    for (const role of ['branch', 'senior_branch'] as const) expect([can(role, 11), can(role, 10), can(role, 999)]).toEqual([true, false, false]);
    expect([can('doctor', 11), can('doctor', 999)]).toEqual([false, false]);
  });

  it('answers the shape /api/session declares', () => {
    for (const role of STAFF_ROLES) for (const a of abilitiesOf(role, hospitals)) expect(AbilitySchema.parse(a)).toEqual(a);
  });

  it('nobody else: no abilities, or other actions, read nothing', () => {
    expect(canReadBookingBlock([], 11)).toBe(false);
    expect(canReadBookingBlock(null, 11)).toBe(false);
    expect(canReadBookingBlock([{ action: 'manage', subject: 'all', hospitalIds: null }], 11)).toBe(true);
    expect(canReadBookingBlock([{ action: 'read', subject: 'booking-block', hospitalIds: [] }], 11)).toBe(false);
  });
});
