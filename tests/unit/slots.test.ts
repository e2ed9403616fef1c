import { afterEach, describe, expect, it } from 'vitest';
import {
  AFTERNOON_STARTS_AT,
  EVENING_STARTS_AT,
  applyBuffer,
  bookingThreshold,
  buildScheduleDays,
  bufferMinutesFor,
  computeSchedule,
  datePickerRules,
  findDay,
  firstNonEmptyPartOfDay,
  stepSelectableDate,
  isDateSelectable,
  isSlotValid,
  nearestAvailableDay,
  partOfDay,
  scheduleWindow,
  validateSlot,
  type RawSlot,
  type ScheduleDay,
} from '../../src/lib/slots';
import { addDays, minutesToTime, zonedInstant } from '../../src/lib/hospital-time';
import { scheduleDaySchema, timeSlotSchema } from '../../src/lib/slot-schemas';

const at = (iso: string) => Date.parse(iso);
let nextId = 1;
const row = (workingDay: string, startTime: string, endTime?: string, capacity = 1, booked = 0): RawSlot => ({
  scheduleId: nextId++,
  workingDay,
  startTime,
  endTime: endTime ?? minutesToTime(Number(startTime.slice(0, 2)) * 60 + Number(startTime.slice(3, 5)) + 30),
  capacity,
  booked,
});
/** Half-hour slots of a day from `from` to `to` (exclusive), 'HH:mm'. */
function dayRows(date: string, from = '00:00', to = '24:00'): RawSlot[] {
  const out: RawSlot[] = [];
  const [fh, fm] = from.split(':').map(Number);
  const [th, tm] = to.split(':').map(Number);
  for (let m = fh * 60 + fm; m < th * 60 + tm; m += 30) out.push(row(date, minutesToTime(m)));
  return out;
}
const times = (day: ScheduleDay | undefined) =>
  day ? [...day.workingTimes.morning, ...day.workingTimes.afternoon, ...day.workingTimes.evening].map((s) => s.started) : [];

const originalTz = process.env.TZ;
afterEach(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

describe('parts of day', () => {
  it('splits at 12:00 and 18:00', () => {
    expect(AFTERNOON_STARTS_AT).toBe('12:00');
    expect(EVENING_STARTS_AT).toBe('18:00');
    expect(partOfDay('00:00')).toBe('morning');
    expect(partOfDay('11:59')).toBe('morning');
    expect(partOfDay('12:00')).toBe('afternoon');
    expect(partOfDay('17:59')).toBe('afternoon');
    expect(partOfDay('18:00')).toBe('evening');
    expect(partOfDay('23:59')).toBe('evening');
    expect(partOfDay('11:30:00')).toBe('morning');
    expect(() => partOfDay('25:00')).toThrow(RangeError);
  });
});

describe('buildScheduleDays', () => {
  it('groups rows by day and part of day, sorted, in the shape of SPEC §3', () => {
    const rows = [row('2026-11-24', '18:30:00', '19:00:00'), row('2026-11-23', '13:00'), row('2026-11-23', '08:00'), row('2026-11-23', '07:30'), row('2026-11-23', '18:00')];
    const days = buildScheduleDays(rows);
    expect(days.map((d) => d.workingDay)).toEqual(['2026-11-23', '2026-11-24']);
    expect(days[0].workingTimes.morning.map((s) => s.started)).toEqual(['07:30', '08:00']);
    expect(days[0].workingTimes.afternoon.map((s) => s.started)).toEqual(['13:00']);
    expect(days[0].workingTimes.evening.map((s) => s.started)).toEqual(['18:00']);
    expect(days[0].slots).toBe(4);
    expect(days[1].workingTimes.evening[0]).toEqual({ schedule_id: rows[0].scheduleId, started: '18:30', ended: '19:00' });
    expect(days[1].slots).toBe(1);
    for (const d of days) expect(scheduleDaySchema.parse(d)).toEqual(d);
  });

  it('leaves out full slots but keeps a fully booked day with zero slots', () => {
    const days = buildScheduleDays([row('2026-11-23', '08:00', '08:30', 2, 1), row('2026-11-23', '09:00', '09:30', 2, 2), row('2026-11-24', '08:00', '08:30', 1, 1), row('2026-11-24', '09:00', '09:30', 0, 0)]);
    expect(times(days[0])).toEqual(['08:00']);
    expect(days[0].slots).toBe(1);
    expect(days[1]).toEqual({ workingDay: '2026-11-24', workingTimes: { morning: [], afternoon: [], evening: [] }, slots: 0 });
  });

  it('orders equal start times by schedule id and handles no rows', () => {
    const a = row('2026-11-23', '08:00');
    const b = row('2026-11-23', '08:00');
    expect(buildScheduleDays([b, a])[0].workingTimes.morning.map((s) => s.schedule_id)).toEqual([a.scheduleId, b.scheduleId]);
    expect(buildScheduleDays([])).toEqual([]);
  });

  it('refuses malformed times', () => {
    expect(() => buildScheduleDays([row('2026-11-23', '8am', '9am')])).toThrow(RangeError);
  });
});

describe('buffer rule: valid only if the slot starts later than now + buffer', () => {
  const zone = 'Asia/Jakarta';
  const now = at('2026-11-22T03:00:00Z'); // 10:00 in Jakarta

  it('refuses a slot starting exactly at now + buffer and accepts one a minute later', () => {
    expect(isSlotValid('2026-11-22', '11:00', { zone, now, bufferMinutes: 60 })).toBe(false);
    expect(isSlotValid('2026-11-22', '11:01', { zone, now, bufferMinutes: 60 })).toBe(true);
    expect(isSlotValid('2026-11-22', '10:59', { zone, now, bufferMinutes: 60 })).toBe(false);
  });

  it('with no buffer refuses the current minute and the past', () => {
    expect(isSlotValid('2026-11-22', '10:00', { zone, now, bufferMinutes: 0 })).toBe(false);
    expect(isSlotValid('2026-11-22', '10:01', { zone, now, bufferMinutes: 0 })).toBe(true);
    expect(isSlotValid('2026-11-21', '23:00', { zone, now, bufferMinutes: 0 })).toBe(false);
  });

  it('counts seconds of now: 10:00:30 + 60 min refuses 11:00 and accepts 11:01', () => {
    const ctx = { zone, now: now + 30_000, bufferMinutes: 60 };
    expect(isSlotValid('2026-11-22', '11:00', ctx)).toBe(false);
    expect(isSlotValid('2026-11-22', '11:01', ctx)).toBe(true);
  });

  it('applies the buffer the caller passes (outpatient and telemedicine differ)', () => {
    const outpatient = { zone, now, bufferMinutes: 30 };
    const telemedicine = { zone, now, bufferMinutes: 120 };
    expect(isSlotValid('2026-11-22', '11:00', outpatient)).toBe(true);
    expect(isSlotValid('2026-11-22', '11:00', telemedicine)).toBe(false);
    expect(isSlotValid('2026-11-22', '12:30', telemedicine)).toBe(true);
  });

  it('carries a buffer past midnight to the next day', () => {
    const late = { zone, now: at('2026-11-22T16:00:00Z'), bufferMinutes: 120 }; // 23:00 -> 01:00 next day
    expect(isSlotValid('2026-11-22', '23:30', late)).toBe(false);
    expect(isSlotValid('2026-11-23', '00:30', late)).toBe(false);
    expect(isSlotValid('2026-11-23', '01:00', late)).toBe(false);
    expect(isSlotValid('2026-11-23', '01:30', late)).toBe(true);
  });

  it('picks the outpatient, telemedicine or service buffer', () => {
    const doctor = { kind: 'doctor' as const, bufferTimeOutpatient: 30, bufferTimeTele: 120 };
    expect(bufferMinutesFor({ ...doctor, telemedicine: false })).toBe(30);
    expect(bufferMinutesFor({ ...doctor, telemedicine: true })).toBe(120);
    expect(bufferMinutesFor({ kind: 'doctor', telemedicine: true, bufferTimeOutpatient: 30 })).toBe(0);
    expect(bufferMinutesFor({ kind: 'doctor', telemedicine: false, bufferTimeOutpatient: null })).toBe(0);
    expect(bufferMinutesFor({ kind: 'service', bufferTime: 45 })).toBe(45);
    expect(bufferMinutesFor({ kind: 'service', bufferTime: -5 })).toBe(0);
    expect(bufferMinutesFor({ kind: 'service' })).toBe(0);
  });

  it('fails closed on a malformed day or time', () => {
    const ctx = { zone, now, bufferMinutes: 0 };
    expect(isSlotValid('2026-11-2x', '12:00', ctx)).toBe(false);
    expect(isSlotValid('2026-11-23', '12h00', ctx)).toBe(false);
    expect(validateSlot('2026-11-23', 'noon', ctx).valid).toBe(false);
  });

  it('rejects a negative or non-finite buffer', () => {
    expect(() => bookingThreshold({ zone, now, bufferMinutes: -1 })).toThrow(RangeError);
    expect(() => bookingThreshold({ zone, now, bufferMinutes: Number.NaN })).toThrow(RangeError);
  });

  it("depends on the hospital's zone: one instant, Indonesia's three zones", () => {
    const instant = at('2026-11-22T00:30:00Z'); // Jakarta 07:30, Makassar 08:30, Jayapura 09:30
    const valid = (z: string, t: string) => isSlotValid('2026-11-22', t, { zone: z, now: instant, bufferMinutes: 30 });
    expect(['Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura'].map((z) => valid(z, '09:00'))).toEqual([true, false, false]);
    expect(['Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura'].map((z) => valid(z, '09:30'))).toEqual([true, true, false]);
    expect(['Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura'].map((z) => valid(z, '10:30'))).toEqual([true, true, true]);
  });

  it('gives the same answers whatever the runtime zone and however now is given', () => {
    const answers = new Set<string>();
    for (const tz of ['UTC', 'America/New_York', 'Europe/Berlin', 'Asia/Jayapura', 'Pacific/Pago_Pago']) {
      process.env.TZ = tz;
      for (const nowRep of [new Date(now), now]) {
        const ctx = { zone, now: nowRep, bufferMinutes: 45 };
        answers.add(JSON.stringify([isSlotValid('2026-11-22', '10:45', ctx), isSlotValid('2026-11-22', '11:00', ctx), validateSlot('2026-11-22', '10:30', ctx), datePickerRules([], ctx).minDate]));
      }
    }
    expect([...answers]).toEqual([JSON.stringify([false, true, validateSlot('2026-11-22', '10:30', { zone, now, bufferMinutes: 45 }), '2026-11-22'])]);
  });
});

describe('buffer rule across daylight-saving transitions (hospital zone with DST)', () => {
  it('New York spring forward: 01:45 EST + 60 min is 03:45 EDT, not 02:45', () => {
    const ctx = { zone: 'America/New_York', now: at('2026-03-08T06:45:00Z'), bufferMinutes: 60 };
    expect(isSlotValid('2026-03-08', '03:30', ctx)).toBe(false);
    expect(isSlotValid('2026-03-08', '02:30', ctx)).toBe(false); // does not exist: read as 03:30 EDT
    expect(isSlotValid('2026-03-08', '03:45', ctx)).toBe(false);
    expect(isSlotValid('2026-03-08', '04:00', ctx)).toBe(true);
    expect(validateSlot('2026-03-08', '03:30', ctx)).toMatchObject({ valid: false, error: { params: { bufferTime: '03:45' } } });
  });

  it('New York fall back: 01:15 EDT + 60 min is 01:15 EST, so 02:00 is already bookable', () => {
    const ctx = { zone: 'America/New_York', now: at('2026-11-01T05:15:00Z'), bufferMinutes: 60 };
    expect(isSlotValid('2026-11-01', '01:30', ctx)).toBe(false); // earlier 01:30 (EDT) is before the threshold
    expect(isSlotValid('2026-11-01', '02:00', ctx)).toBe(true);
    expect(isSlotValid('2026-11-01', '01:00', ctx)).toBe(false);
  });

  it('Berlin spring forward: a buffer equal to the gap lands on the gap-shifted slot and refuses it', () => {
    const ctx = { zone: 'Europe/Berlin', now: at('2026-03-29T00:30:00Z'), bufferMinutes: 60 }; // 01:30 CET -> 03:30 CEST
    expect(isSlotValid('2026-03-29', '02:30', ctx)).toBe(false); // = 03:30 CEST, equal to the threshold
    expect(isSlotValid('2026-03-29', '03:00', ctx)).toBe(false);
    expect(isSlotValid('2026-03-29', '03:31', ctx)).toBe(true);
  });

  it('Berlin fall back: 02:15 CEST + 60 min is 02:15 CET', () => {
    const ctx = { zone: 'Europe/Berlin', now: at('2026-10-25T00:15:00Z'), bufferMinutes: 60 };
    expect(isSlotValid('2026-10-25', '02:30', ctx)).toBe(false);
    expect(isSlotValid('2026-10-25', '03:00', ctx)).toBe(true);
  });

  it('a visitor in a DST zone booking an Indonesian hospital across the visitor\'s own transition', () => {
    // 2026-03-08T06:30Z: New York switches to EDT at 07:00Z; Jayapura (UTC+9) has no DST: 15:30 there.
    for (const tz of ['America/New_York', 'Europe/Berlin']) {
      process.env.TZ = tz;
      const ctx = { zone: 'Asia/Jayapura', now: new Date('2026-03-08T06:30:00Z'), bufferMinutes: 60 };
      expect(isSlotValid('2026-03-08', '16:30', ctx)).toBe(false);
      expect(isSlotValid('2026-03-08', '17:00', ctx)).toBe(true);
      expect(datePickerRules([], ctx).minDate).toBe('2026-03-08');
    }
  });

  it('fast path equals the exact per-slot conversion for every now across DST weeks', () => {
    for (const [zone, from] of [
      ['America/New_York', '2026-03-06'],
      ['America/New_York', '2026-10-30'],
      ['Europe/Berlin', '2026-03-27'],
      ['Europe/Berlin', '2026-10-23'],
      ['Asia/Makassar', '2026-11-20'],
    ] as const) {
      const rows = [0, 1, 2, 3, 4].flatMap((i) => dayRows(addDays(from, i)));
      const days = buildScheduleDays(rows);
      const instants = days.map((d) => times(d).map((t) => [t, zonedInstant(d.workingDay, t, zone)] as const));
      for (let now = zonedInstant(from, '00:00', zone); now < zonedInstant(addDays(from, 5), '00:00', zone); now += 29 * 60_000) {
        for (const buffer of [0, 30, 60, 150]) {
          const threshold = now + buffer * 60_000;
          const filtered = applyBuffer(days, { zone, now, bufferMinutes: buffer });
          const expected = instants.map((d) => d.filter(([, i]) => i > threshold).map(([t]) => t));
          expect(filtered.map(times)).toEqual(expected);
          expect(filtered.map((d) => d.slots)).toEqual(expected.map((e) => e.length));
        }
      }
    }
  });
});

describe('validateSlot and {bufferTime}', () => {
  const zone = 'Asia/Makassar';
  const now = at('2026-11-22T02:10:45Z'); // 10:10:45 in Makassar

  it('accepts a valid slot', () => {
    expect(validateSlot('2026-11-22', '12:00', { zone, now, bufferMinutes: 60 })).toEqual({ valid: true });
  });

  it('returns the message key, the earliest time HH:mm on the hospital clock (seconds floored) and the buffer', () => {
    expect(validateSlot('2026-11-22', '11:00', { zone, now, bufferMinutes: 60 })).toEqual({
      valid: false,
      error: { key: 'booking.slotNotAvailable', params: { bufferTime: '11:10' } },
      earliest: { date: '2026-11-22', time: '11:10' },
      bufferMinutes: 60,
    });
    expect(isSlotValid('2026-11-22', '11:11', { zone, now, bufferMinutes: 60 })).toBe(true);
  });

  it('gives the date of the earliest time when the buffer runs into the next day', () => {
    const r = validateSlot('2026-11-22', '23:30', { zone, now: at('2026-11-22T15:00:00Z'), bufferMinutes: 90 }); // 23:00 + 90
    expect(r).toMatchObject({ valid: false, earliest: { date: '2026-11-23', time: '00:30' }, error: { params: { bufferTime: '00:30' } } });
  });
});

describe('applyBuffer', () => {
  const zone = 'Asia/Jakarta';
  const now = at('2026-11-22T04:00:00Z'); // 11:00 in Jakarta
  const days = buildScheduleDays([
    ...dayRows('2026-11-21', '08:00', '10:00'),
    ...dayRows('2026-11-22', '08:00', '13:00'),
    ...dayRows('2026-11-22', '19:00', '20:00'),
    ...dayRows('2026-11-23', '08:00', '09:00'),
    ...dayRows('2026-12-20', '08:00', '09:00'),
  ]);

  it('removes slots inside the buffer window and recomputes counts', () => {
    const out = applyBuffer(days, { zone, now, bufferMinutes: 60 });
    expect(out.map((d) => d.slots)).toEqual([0, 3, 2, 2]);
    expect(times(out[1])).toEqual(['12:30', '19:00', '19:30']);
    expect(out[1].workingTimes.morning).toEqual([]);
    expect(out[0]).toEqual({ workingDay: '2026-11-21', workingTimes: { morning: [], afternoon: [], evening: [] }, slots: 0 });
    expect(out[3]).toBe(days[3]); // far days are untouched
  });

  it('empties today when the buffer passes its last slot, without touching tomorrow', () => {
    const out = applyBuffer(days, { zone, now, bufferMinutes: 9 * 60 });
    expect(out.map((d) => d.slots)).toEqual([0, 0, 2, 2]);
  });

  it('does not mutate its input', () => {
    const copy = structuredClone(days);
    applyBuffer(days, { zone, now, bufferMinutes: 600 });
    expect(days).toEqual(copy);
  });
});

describe('days, parts of day and nearest availability', () => {
  const day = (workingDay: string, m: string[], a: string[], e: string[]): ScheduleDay => {
    const slot = (started: string) => ({ schedule_id: 1, started, ended: started });
    return { workingDay, workingTimes: { morning: m.map(slot), afternoon: a.map(slot), evening: e.map(slot) }, slots: m.length + a.length + e.length };
  };

  it('shows the first non-empty part of the day', () => {
    expect(firstNonEmptyPartOfDay(day('2026-11-22', ['08:00'], ['13:00'], []))).toBe('morning');
    expect(firstNonEmptyPartOfDay(day('2026-11-22', [], ['13:00'], ['19:00']))).toBe('afternoon');
    expect(firstNonEmptyPartOfDay(day('2026-11-22', [], [], ['19:00']))).toBe('evening');
    expect(firstNonEmptyPartOfDay(day('2026-11-22', [], [], []))).toBeNull();
    expect(firstNonEmptyPartOfDay(undefined)).toBeNull();
  });

  it('finds the first day with slots, from a day on', () => {
    const days = [day('2026-11-24', [], ['13:00'], []), day('2026-11-22', [], [], []), day('2026-11-23', [], [], ['19:00'])];
    expect(nearestAvailableDay(days)).toBe('2026-11-23');
    expect(nearestAvailableDay(days, '2026-11-24')).toBe('2026-11-24');
    expect(nearestAvailableDay(days, '2026-11-25')).toBeNull();
    expect(nearestAvailableDay([day('2026-11-22', [], [], [])])).toBeNull();
    expect(nearestAvailableDay([])).toBeNull();
    expect(findDay(days, '2026-11-23')).toBe(days[2]);
    expect(findDay(days, '2026-11-30')).toBeUndefined();
  });
});

describe('date picker rules', () => {
  const zone = 'Asia/Jayapura';
  const day = (workingDay: string, n: number): ScheduleDay => ({
    workingDay,
    workingTimes: { morning: Array.from({ length: n }, (_, i) => ({ schedule_id: i + 1, started: '08:00', ended: '08:30' })), afternoon: [], evening: [] },
    slots: n,
  });
  const days = [day('2026-11-21', 3), day('2026-11-22', 2), day('2026-11-23', 0), day('2026-11-25', 1)];

  it('disables days before today in the hospital zone, after the last schedule day and with zero slots', () => {
    const now = at('2026-11-21T15:30:00Z'); // 00:30 on the 22nd in Jayapura, still the 21st in Jakarta
    const rules = datePickerRules(days, { zone, now });
    expect(rules).toEqual({ minDate: '2026-11-22', maxDate: '2026-11-25', disabledDates: ['2026-11-23', '2026-11-24'] });
    expect(isDateSelectable('2026-11-21', rules)).toBe(false);
    expect(isDateSelectable('2026-11-22', rules)).toBe(true);
    expect(isDateSelectable('2026-11-23', rules)).toBe(false);
    expect(isDateSelectable('2026-11-24', rules)).toBe(false); // not in the schedule at all
    expect(isDateSelectable('2026-11-25', rules)).toBe(true);
    expect(isDateSelectable('2026-11-26', rules)).toBe(false);
    expect(datePickerRules(days, { zone: 'Asia/Jakarta', now }).minDate).toBe('2026-11-21');
  });

  it('selects nothing without a schedule or when the last day is before today', () => {
    const now = at('2026-11-21T03:00:00Z');
    const empty = datePickerRules([], { zone, now });
    expect(empty).toEqual({ minDate: '2026-11-21', maxDate: null, disabledDates: [] });
    expect(isDateSelectable('2026-11-21', empty)).toBe(false);
    const past = datePickerRules([day('2026-11-10', 3)], { zone, now });
    expect(isDateSelectable('2026-11-10', past)).toBe(false);
    expect(past.disabledDates).toEqual([]);
  });
});

describe('schedule window: the week starting Monday, with days before', () => {
  it('covers Monday to Sunday of the given day', () => {
    expect(scheduleWindow('2026-11-25')).toEqual({ startDate: '2026-11-23', endDate: '2026-11-29' });
    expect(scheduleWindow('2026-11-23')).toEqual({ startDate: '2026-11-23', endDate: '2026-11-29' });
    expect(scheduleWindow('2026-11-29')).toEqual({ startDate: '2026-11-23', endDate: '2026-11-29' });
  });

  it('starts the configured number of days before Monday', () => {
    expect(scheduleWindow('2026-11-25', 2)).toEqual({ startDate: '2026-11-21', endDate: '2026-11-29' });
    expect(scheduleWindow('2026-11-25', 7)).toEqual({ startDate: '2026-11-16', endDate: '2026-11-29' });
  });

  it('crosses month, year and DST boundaries as plain dates', () => {
    expect(scheduleWindow('2026-12-31')).toEqual({ startDate: '2026-12-28', endDate: '2027-01-03' });
    expect(scheduleWindow('2026-03-29')).toEqual({ startDate: '2026-03-23', endDate: '2026-03-29' });
    expect(scheduleWindow('2026-11-01', 1)).toEqual({ startDate: '2026-10-25', endDate: '2026-11-01' });
  });

  it('refuses bad input', () => {
    expect(() => scheduleWindow('2026-02-30')).toThrow(RangeError);
    expect(() => scheduleWindow('2026-11-25', -1)).toThrow(RangeError);
    expect(() => scheduleWindow('2026-11-25', 1.5)).toThrow(RangeError);
  });
});

describe('computeSchedule', () => {
  it('builds days, applies the buffer, derives the picker and the nearest day', () => {
    const zone = 'Asia/Jakarta';
    const rows = [
      row('2026-11-22', '08:00'),
      row('2026-11-22', '09:00', '09:30', 1, 1),
      row('2026-11-23', '10:00', '10:30', 1, 1),
      row('2026-11-24', '18:00'),
      row('2026-11-24', '08:00'),
    ];
    const result = computeSchedule(rows, { zone, now: at('2026-11-22T00:30:00Z'), bufferMinutes: 30 }); // 07:30
    expect(result.days.map((d) => [d.workingDay, d.slots])).toEqual([['2026-11-22', 0], ['2026-11-23', 0], ['2026-11-24', 2]]);
    expect(result.picker).toEqual({ minDate: '2026-11-22', maxDate: '2026-11-24', disabledDates: ['2026-11-22', '2026-11-23'] });
    expect(result.nearest).toBe('2026-11-24');
    expect(firstNonEmptyPartOfDay(findDay(result.days, '2026-11-24'))).toBe('morning');
  });
});

describe('date picker keyboard moves (stepSelectableDate)', () => {
  // Selectable: 11-24, 11-26, 12-01; 11-23 is today with no slots, 11-25 and 11-27..30 have none.
  const rules = { minDate: '2026-11-23', maxDate: '2026-12-01', disabledDates: ['2026-11-23', '2026-11-25', '2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30'] };

  it('opens on the first selectable day on or after a date', () => {
    expect(stepSelectableDate('2026-11-23', 0, rules)).toBe('2026-11-24');
    expect(stepSelectableDate('2026-11-01', 0, rules)).toBe('2026-11-24');
    expect(stepSelectableDate('2026-11-27', 0, rules)).toBe('2026-12-01');
  });

  it('skips days without slots and never leaves [today, last schedule day]', () => {
    expect(stepSelectableDate('2026-11-24', 1, rules)).toBe('2026-11-26');
    expect(stepSelectableDate('2026-11-26', 1, rules)).toBe('2026-12-01');
    expect(stepSelectableDate('2026-12-01', 1, rules)).toBe('2026-12-01');
    expect(stepSelectableDate('2026-11-26', -1, rules)).toBe('2026-11-24');
    expect(stepSelectableDate('2026-11-24', -1, rules)).toBe('2026-11-24');
  });

  it('moves by weeks on the same weekday when there is one', () => {
    expect(stepSelectableDate('2026-11-24', 7, rules)).toBe('2026-12-01');
    expect(stepSelectableDate('2026-12-01', -7, rules)).toBe('2026-11-24');
    expect(stepSelectableDate('2026-11-26', 7, rules)).toBe('2026-11-26');
  });

  it('stays put without a schedule', () => {
    expect(stepSelectableDate('2026-11-23', 1, { minDate: '2026-11-23', maxDate: null, disabledDates: [] })).toBe('2026-11-23');
  });
});

describe('time slot schema (SPEC §3)', () => {
  it('takes HH:mm starts, and ends up to 24:00 (a slot ending at midnight), nothing else', () => {
    const ok = (started: string, ended: string) => timeSlotSchema.safeParse({ schedule_id: 1, started, ended }).success;
    expect(ok('08:00', '08:30')).toBe(true);
    expect(ok('23:30', '24:00')).toBe(true);
    expect(ok('24:00', '24:00')).toBe(false);
    for (const ended of ['24:30', '24:00:00', '7:00', '23:60', '25:00', ' 08:30']) expect(ok('08:00', ended), ended).toBe(false);
  });
});
