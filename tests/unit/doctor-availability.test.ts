import { describe, expect, it } from 'vitest';
import {
  availabilityIssues,
  availabilityRule,
  availabilitySaveBody,
  AVAILABILITY_MESSAGES,
  exceptionWindowIssues,
  kindAvailabilityInput,
  slotsInRange,
} from '../../src/lib/doctor-availability';
import { addDays, isoWeekday } from '../../src/lib/hospital-time';

const base = { slotMinutes: 30, capacity: 1, bufferTime: 0, weekly: [], exceptions: [] };
const messages = (input: unknown) => {
  const r = kindAvailabilityInput.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('doctor availability rules', () => {
  it('accepts weekly hours and exceptions, sorted, a day off without times', () => {
    const r = kindAvailabilityInput.parse({
      ...base,
      slotMinutes: '20',
      weekly: [
        { weekday: 2, starts: '14:00', ends: '17:00' },
        { weekday: 1, starts: '08:00', ends: '12:00' },
        { weekday: 2, starts: '08:00', ends: '12:00' },
      ],
      exceptions: [
        { day: '2026-12-02', type: 'extra', starts: '18:00', ends: '19:00', note: '' },
        { day: '2026-12-01', type: 'off', starts: '09:00', ends: '', note: 'Holiday' },
      ],
    });
    expect(r.slotMinutes).toBe(20);
    expect(r.weekly.map((w) => `${w.weekday} ${w.starts}`)).toEqual(['1 08:00', '2 08:00', '2 14:00']);
    expect(r.exceptions).toEqual([
      { day: '2026-12-01', type: 'off', starts: undefined, ends: undefined, note: 'Holiday' },
      { day: '2026-12-02', type: 'extra', starts: '18:00', ends: '19:00', note: undefined },
    ]);
  });

  it('refuses a range ending before it starts, shorter than a slot, or overlapping another of its day', () => {
    expect(messages({ ...base, weekly: [{ weekday: 1, starts: '12:00', ends: '08:00' }] })).toEqual([`weekly.0.ends: ${AVAILABILITY_MESSAGES.endAfterStart}`]);
    expect(messages({ ...base, weekly: [{ weekday: 1, starts: '08:00', ends: '08:20' }] })).toEqual([`weekly.0.ends: ${AVAILABILITY_MESSAGES.shorterThanSlot}`]);
    expect(
      messages({ ...base, weekly: [{ weekday: 1, starts: '08:00', ends: '12:00' }, { weekday: 1, starts: '11:30', ends: '13:00' }, { weekday: 2, starts: '11:30', ends: '13:00' }] }),
    ).toEqual([`weekly.1.starts: ${AVAILABILITY_MESSAGES.overlap}`]);
    // Touching ranges do not overlap.
    expect(messages({ ...base, weekly: [{ weekday: 1, starts: '08:00', ends: '12:00' }, { weekday: 1, starts: '12:00', ends: '13:00' }] })).toEqual([]);
  });

  it('refuses out-of-range settings and malformed times with messages a person can act on', () => {
    expect(messages({ ...base, slotMinutes: 4, capacity: 51, bufferTime: -1 })).toEqual([
      `slotMinutes: ${AVAILABILITY_MESSAGES.slotMinutes}`,
      `capacity: ${AVAILABILITY_MESSAGES.capacity}`,
      `bufferTime: ${AVAILABILITY_MESSAGES.bufferTime}`,
    ]);
    expect(messages({ ...base, slotMinutes: '' })).toEqual([`slotMinutes: ${AVAILABILITY_MESSAGES.slotMinutes}`]);
    expect(messages({ ...base, weekly: [{ weekday: 1, starts: '8:00', ends: '24:00' }] })).toEqual(['weekly.0.starts: Invalid format', 'weekly.0.ends: Invalid format']);
    expect(messages({ ...base, exceptions: [{ day: '2026-02-30', type: 'off' }] })).toEqual(['exceptions.0.day: Invalid format']);
  });

  it('checks exceptions: extra hours need times and overlap neither each other nor the weekday hours; a day is off once and not also extra', () => {
    const weekly = [{ weekday: 2, starts: '08:00', ends: '12:00' }];
    // 2026-12-01 is a Tuesday.
    expect(isoWeekday('2026-12-01')).toBe(2);
    expect(messages({ ...base, weekly, exceptions: [{ day: '2026-12-01', type: 'extra', starts: '11:00', ends: '13:00' }] })).toEqual([`exceptions.0.starts: ${AVAILABILITY_MESSAGES.overlap}`]);
    expect(messages({ ...base, weekly, exceptions: [{ day: '2026-12-01', type: 'extra', starts: '12:00', ends: '13:00' }] })).toEqual([]);
    expect(messages({ ...base, exceptions: [{ day: '2026-12-01', type: 'extra', starts: '12:00' }] })).toEqual([`exceptions.0.ends: ${AVAILABILITY_MESSAGES.endAfterStart}`]);
    expect(
      messages({ ...base, exceptions: [{ day: '2026-12-01', type: 'off' }, { day: '2026-12-01', type: 'off' }, { day: '2026-12-01', type: 'extra', starts: '12:00', ends: '13:00' }] }),
    ).toEqual([`exceptions.1.day: ${AVAILABILITY_MESSAGES.duplicateDayOff}`, `exceptions.2.day: ${AVAILABILITY_MESSAGES.dayOffWithHours}`]);
    expect(availabilityIssues({ slotMinutes: 30, weekly: Array.from({ length: 9 }, (_, i) => ({ weekday: 3, starts: `0${i}:00`, ends: `0${i}:30` })), exceptions: [] })).toEqual([
      { path: ['weekly', 8, 'starts'], rule: 'tooManyRanges' },
    ]);
  });

  it('keeps exceptions inside the booking window (hospital today .. today + window - 1)', () => {
    const ex = [{ day: '2026-11-26' }, { day: '2026-11-27' }, { day: addDays('2026-11-27', 59) }, { day: addDays('2026-11-27', 60) }];
    expect(exceptionWindowIssues(ex, '2026-11-27', 60)).toEqual([
      { path: ['exceptions', 0, 'day'], rule: 'outsideWindow' },
      { path: ['exceptions', 3, 'day'], rule: 'outsideWindow' },
    ]);
  });

  it('does calendar arithmetic without time zones (daylight-saving days included)', () => {
    expect(addDays('2026-03-07', 1)).toBe('2026-03-08');
    expect(addDays('2026-10-31', 2)).toBe('2026-11-02');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(isoWeekday('2026-11-29')).toBe(7);
    expect(isoWeekday('2026-11-30')).toBe(1);
  });

  it('needs at least one kind in a save, and names each rule from its message', () => {
    expect(availabilitySaveBody.safeParse({}).success).toBe(false);
    expect(availabilitySaveBody.safeParse({ telemedicine: base }).success).toBe(true);
    expect(availabilityRule(AVAILABILITY_MESSAGES.overlap)).toBe('overlap');
    expect(availabilityRule('Invalid format')).toBeNull();
    expect(slotsInRange('08:00', '12:00', 30)).toBe(8);
    expect(slotsInRange('08:00', '12:10', 20)).toBe(12);
    expect(slotsInRange('12:00', '08:00', 30)).toBe(0);
  });
});
