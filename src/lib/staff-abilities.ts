/**
 * What each staff role may do on the public site (issue #27 item 9), one table per role. Today one ability: reading
 * a hospital's booking block, which shows the 'Book an appointment' maps button (SPEC §2) instead of quick booking.
 * The roles that run a hospital's appointments read its booking block: the platform's admins everywhere, an
 * organization manager in its organization's hospitals, (senior) branch managers in their branches. A doctor
 * books through the admin's schedule, not the maps button. Scopes are resolved on the server (functions/session.ts)
 * into hospital ids, so the static page only compares its own id.
 */
import type { StaffRole } from './admin-menu';
// Type-only: the schema (and zod) stays out of the public page's script.
import type { Ability } from './staff-abilities-schema';

export type { Ability };

/** Where a role's ability applies: every hospital, its organization's, or its branches'. */
export type AbilityScope = 'everywhere' | 'organization' | 'branches';

export const ROLE_ABILITIES: Record<StaffRole, readonly { action: Ability['action']; subject: Ability['subject']; scope: AbilityScope }[]> = {
  admin: [{ action: 'read', subject: 'booking-block', scope: 'everywhere' }],
  super: [{ action: 'read', subject: 'booking-block', scope: 'everywhere' }],
  facility: [{ action: 'read', subject: 'booking-block', scope: 'organization' }],
  senior_branch: [{ action: 'read', subject: 'booking-block', scope: 'branches' }],
  branch: [{ action: 'read', subject: 'booking-block', scope: 'branches' }],
  doctor: [],
};

/** A role's abilities with their scopes resolved (the organization's hospitals, the staff member's branches). */
export function abilitiesOf(role: StaffRole, hospitals: { organization: readonly number[]; branches: readonly number[] }): Ability[] {
  return ROLE_ABILITIES[role].map(({ action, subject, scope }) => ({
    action,
    subject,
    hospitalIds: scope === 'everywhere' ? null : [...(scope === 'organization' ? hospitals.organization : hospitals.branches)],
  }));
}

/** Whether the abilities include reading the booking block of this hospital. */
export function canReadBookingBlock(abilities: readonly Ability[] | null | undefined, hospitalId: number): boolean {
  return !!abilities?.some(
    (a) => (a.action === 'read' || a.action === 'manage') && (a.subject === 'booking-block' || a.subject === 'all') && (a.hospitalIds === null || a.hospitalIds.includes(hospitalId)),
  );
}
