/**
 * Doctor availability (issue #29 item 4, SPEC §2 /admin/doctors/{doctorId}/availability and /admin/schedule, §3
 * schedule day and time slot, §5 buffer time): the weekly hours of a doctor per kind (outpatient, telemedicine),
 * their date exceptions (a day off, extra hours), slot length, capacity per slot and buffer time, the rules they
 * follow, and the call shapes of functions/admin-availability.ts shared with the admin screens.
 *
 * Times are hospital-local times of day (HH:mm), days hospital-local dates (yyyy-MM-dd); the database generates
 * the schedules and slots of the booking window from them (public.generate_doctor_slots).
 */
import { z } from 'zod';
import { addDays, isIsoDate, isoWeekday, timeToMinutes } from './hospital-time';

export const AVAILABILITY_KINDS = ['outpatient', 'telemedicine'] as const;
export type AvailabilityKind = (typeof AVAILABILITY_KINDS)[number];

/** ISO weekdays, Monday first (1 Monday .. 7 Sunday). */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

export const AVAILABILITY_LIMITS = {
  slotMinutes: { min: 5, max: 240 },
  capacity: { min: 1, max: 50 },
  bufferTime: { min: 0, max: 10_080 },
  rangesPerDay: 8,
  exceptions: 200,
  note: 200,
} as const;

/** The rules' messages: English in the functions' answers (translated per caller, server.admin.availability.*). */
export const AVAILABILITY_MESSAGES = {
  endAfterStart: 'The end time must be later than the start time.',
  overlap: 'Time ranges of one day must not overlap.',
  shorterThanSlot: 'The time range must be at least one slot long.',
  tooManyRanges: 'A day can have at most 8 time ranges.',
  dayOffWithHours: 'A day off cannot have extra hours.',
  duplicateDayOff: 'This day is already a day off.',
  outsideWindow: 'The date must be within the booking window.',
  telemedicineOff: 'Telemedicine is not enabled for this doctor.',
  slotMinutes: 'Enter a slot length from 5 to 240 minutes.',
  capacity: 'Enter a capacity from 1 to 50.',
  bufferTime: 'Enter a buffer time from 0 to 10080 minutes.',
} as const;
export type AvailabilityRule = keyof typeof AVAILABILITY_MESSAGES;
const RULE_BY_MESSAGE = new Map(Object.entries(AVAILABILITY_MESSAGES).map(([k, v]) => [v as string, k as AvailabilityRule]));
/** The rule a message of AVAILABILITY_MESSAGES states (the screens show it translated), or null. */
export function availabilityRule(messageText: string): AvailabilityRule | null {
  return RULE_BY_MESSAGE.get(messageText) ?? null;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const time = z.string().trim().min(1, 'This field is required').regex(TIME, 'Invalid format');
const day = z.string().trim().min(1, 'This field is required').refine(isIsoDate, 'Invalid format');
const wholeNumber = (min: number, max: number, msg: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number({ message: msg }).int(msg).min(min, msg).max(max, msg));

export const weeklyRange = z.object({
  weekday: z.coerce.number().int().min(1).max(7),
  starts: time,
  ends: time,
});
export type WeeklyRange = z.output<typeof weeklyRange>;

export const scheduleException = z.object({
  day,
  type: z.enum(['off', 'extra']),
  starts: z.preprocess((v) => (v === '' || v === null ? undefined : v), time.optional()),
  ends: z.preprocess((v) => (v === '' || v === null ? undefined : v), time.optional()),
  note: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().trim().max(AVAILABILITY_LIMITS.note, `*${AVAILABILITY_LIMITS.note} characters limit`).optional()),
});
export type ScheduleException = z.output<typeof scheduleException>;

type Issue = { path: (string | number)[]; rule: AvailabilityRule };

/**
 * The rules across rows of one kind's availability: each range ends after it starts and holds at least one slot,
 * ranges of one weekday do not overlap (at most 8 a day), extra hours have times and overlap neither each other
 * nor the weekly hours of their weekday, a day off is not also given extra hours, and a day is off once.
 */
export function availabilityIssues(a: { slotMinutes: number; weekly: WeeklyRange[]; exceptions: ScheduleException[] }): Issue[] {
  const issues: Issue[] = [];
  const slot = Number.isFinite(a.slotMinutes) ? a.slotMinutes : 0;
  const checkRange = (starts: string | undefined, ends: string | undefined, path: (string | number)[]): boolean => {
    if (!starts || !ends || !TIME.test(starts) || !TIME.test(ends)) return false;
    if (timeToMinutes(ends) <= timeToMinutes(starts)) {
      issues.push({ path: [...path, 'ends'], rule: 'endAfterStart' });
      return false;
    }
    if (slot > 0 && timeToMinutes(ends) - timeToMinutes(starts) < slot) {
      issues.push({ path: [...path, 'ends'], rule: 'shorterThanSlot' });
      return false;
    }
    return true;
  };
  const overlaps = (x: { starts: string; ends: string }, y: { starts: string; ends: string }) =>
    timeToMinutes(x.starts) < timeToMinutes(y.ends) && timeToMinutes(x.ends) > timeToMinutes(y.starts);

  const valid: { i: number; r: WeeklyRange }[] = [];
  a.weekly.forEach((r, i) => {
    if (!checkRange(r.starts, r.ends, ['weekly', i])) return;
    if (valid.some((v) => v.r.weekday === r.weekday && overlaps(v.r, r))) issues.push({ path: ['weekly', i, 'starts'], rule: 'overlap' });
    else valid.push({ i, r });
  });
  for (const wd of WEEKDAYS) {
    const same = a.weekly.map((r, i) => ({ r, i })).filter((x) => x.r.weekday === wd);
    if (same.length > AVAILABILITY_LIMITS.rangesPerDay) issues.push({ path: ['weekly', same[AVAILABILITY_LIMITS.rangesPerDay].i, 'starts'], rule: 'tooManyRanges' });
  }

  const offDays = new Set<string>();
  a.exceptions.forEach((e, i) => {
    if (e.type !== 'off') return;
    if (offDays.has(e.day)) issues.push({ path: ['exceptions', i, 'day'], rule: 'duplicateDayOff' });
    offDays.add(e.day);
  });
  const extras: { day: string; starts: string; ends: string }[] = [];
  a.exceptions.forEach((e, i) => {
    if (e.type !== 'extra') return;
    if (!e.starts) return issues.push({ path: ['exceptions', i, 'starts'], rule: 'endAfterStart' }) && undefined;
    if (!e.ends) return issues.push({ path: ['exceptions', i, 'ends'], rule: 'endAfterStart' }) && undefined;
    if (!checkRange(e.starts, e.ends, ['exceptions', i])) return;
    if (offDays.has(e.day)) return issues.push({ path: ['exceptions', i, 'day'], rule: 'dayOffWithHours' }) && undefined;
    const r = { day: e.day, starts: e.starts, ends: e.ends };
    const weekday = isoWeekday(e.day);
    if (extras.some((x) => x.day === e.day && overlaps(x, r)) || valid.some((v) => v.r.weekday === weekday && overlaps(v.r, r))) {
      issues.push({ path: ['exceptions', i, 'starts'], rule: 'overlap' });
      return;
    }
    extras.push(r);
  });
  return issues;
}

/** Exceptions must fall inside the booking window: today .. today + windowDays - 1 (hospital time). */
export function exceptionWindowIssues(exceptions: { day: string }[], today: string, windowDays: number): Issue[] {
  const last = addDays(today, windowDays - 1);
  return exceptions.flatMap((e, i) => (DAY.test(e.day) && (e.day < today || e.day > last) ? [{ path: ['exceptions', i, 'day'], rule: 'outsideWindow' as const }] : []));
}

/** One kind's availability as the screen edits it and the save sends it. */
export const kindAvailabilityInput = z
  .object({
    slotMinutes: wholeNumber(AVAILABILITY_LIMITS.slotMinutes.min, AVAILABILITY_LIMITS.slotMinutes.max, AVAILABILITY_MESSAGES.slotMinutes),
    capacity: wholeNumber(AVAILABILITY_LIMITS.capacity.min, AVAILABILITY_LIMITS.capacity.max, AVAILABILITY_MESSAGES.capacity),
    bufferTime: wholeNumber(AVAILABILITY_LIMITS.bufferTime.min, AVAILABILITY_LIMITS.bufferTime.max, AVAILABILITY_MESSAGES.bufferTime),
    weekly: z.array(weeklyRange).max(7 * AVAILABILITY_LIMITS.rangesPerDay),
    exceptions: z.array(scheduleException).max(AVAILABILITY_LIMITS.exceptions),
  })
  .superRefine((a, ctx) => {
    for (const i of availabilityIssues(a)) ctx.addIssue({ code: 'custom', path: i.path, message: AVAILABILITY_MESSAGES[i.rule] });
  })
  .transform((a) => ({
    ...a,
    weekly: [...a.weekly].sort((x, y) => x.weekday - y.weekday || timeToMinutes(x.starts) - timeToMinutes(y.starts)),
    exceptions: [...a.exceptions]
      .map((e) => (e.type === 'off' ? { day: e.day, type: e.type, starts: undefined, ends: undefined, note: e.note } : e))
      .sort((x, y) => x.day.localeCompare(y.day) || (x.starts ?? '').localeCompare(y.starts ?? '')),
  }));
export type KindAvailabilityInput = z.input<typeof kindAvailabilityInput>;
export type KindAvailability = z.output<typeof kindAvailabilityInput>;

/** The save: the kinds given are managed by weekly hours from now on (their slots regenerated); others untouched. */
export const availabilitySaveBody = z
  .object({ outpatient: kindAvailabilityInput.optional(), telemedicine: kindAvailabilityInput.optional() })
  .refine((b) => b.outpatient || b.telemedicine, { message: 'This field is required', path: ['outpatient'] });
export type AvailabilitySaveBody = z.output<typeof availabilitySaveBody>;

// ---- the answer -------------------------------------------------------------------------------------------------

const dayString = z.string().regex(DAY);
const timeString = z.string().regex(TIME);

/** A generated day of the window: its slots, bookings on them, first start and last end. */
export const generatedDay = z.object({ day: dayString, slots: z.number().int(), booked: z.number().int(), capacity: z.number().int(), first: timeString, last: timeString });
export type GeneratedDay = z.output<typeof generatedDay>;

/** A slot kept although the hours no longer ask for it: it has bookings (never removed or moved). */
export const keptConflict = z.object({ day: dayString, started: timeString, ended: timeString, bookings: z.number().int() });
export type KeptConflict = z.output<typeof keptConflict>;

export const kindAvailabilityState = z.object({
  /** Managed by weekly hours: saved at least once from the availability screen. */
  managed: z.boolean(),
  /** Whether the doctor offers the kind (doctors.outpatient_enabled / telemedicine_enabled). */
  enabled: z.boolean(),
  slotMinutes: z.number().int(),
  capacity: z.number().int(),
  bufferTime: z.number().int(),
  weekly: z.array(z.object({ weekday: z.number().int(), starts: timeString, ends: timeString })),
  exceptions: z.array(z.object({ day: dayString, type: z.enum(['off', 'extra']), starts: timeString.nullable(), ends: timeString.nullable(), note: z.string().nullable() })),
  days: z.array(generatedDay),
  conflicts: z.array(keptConflict),
});
export type KindAvailabilityState = z.output<typeof kindAvailabilityState>;

export const availabilityData = z.object({
  doctor: z.object({ id: z.number().int(), name: z.string(), status: z.number().int(), hospitalName: z.string(), timeZone: z.string() }),
  /** Today in the hospital's zone, and the window's length in days (public.schedule_window_days). */
  today: dayString,
  windowDays: z.number().int(),
  outpatient: kindAvailabilityState,
  telemedicine: kindAvailabilityState,
  /** After a save: slots added and removed per kind saved. */
  changes: z.partialRecord(z.enum(AVAILABILITY_KINDS), z.object({ added: z.number().int(), removed: z.number().int() })).optional(),
});
export type AvailabilityData = z.output<typeof availabilityData>;

/** Defaults of a kind not set up yet: 30-minute slots, one patient each, no buffer, no hours. */
export const NEW_KIND_DEFAULTS = { slotMinutes: 30, capacity: 1 } as const;

/** The form values of a kind from its state (what the screen edits). */
export function kindFormValues(s: KindAvailabilityState): KindAvailabilityInput {
  return {
    slotMinutes: s.slotMinutes,
    capacity: s.capacity,
    bufferTime: s.bufferTime,
    weekly: s.weekly.map((w) => ({ weekday: w.weekday, starts: w.starts, ends: w.ends })),
    exceptions: s.exceptions.map((e) => ({ day: e.day, type: e.type, starts: e.starts ?? '', ends: e.ends ?? '', note: e.note ?? '' })),
  };
}

/** Slots a range gives at a slot length (what the screen previews beside each range). */
export function slotsInRange(starts: string, ends: string, slotMinutes: number): number {
  if (!TIME.test(starts) || !TIME.test(ends) || !(slotMinutes > 0)) return 0;
  return Math.max(0, Math.floor((timeToMinutes(ends) - timeToMinutes(starts)) / slotMinutes));
}

// ---- a service's availability (issue #37): the same rules, hours and answer, owner 'service' ----------------------

/** The save of a service's availability: one kind, the doctors' schema. */
export const serviceAvailabilitySaveBody = kindAvailabilityInput;

export const serviceAvailabilityData = z.object({
  service: z.object({ id: z.number().int(), name: z.string(), status: z.number().int(), hospitalId: z.number().int(), organizationId: z.number().int(), hospitalName: z.string(), timeZone: z.string() }),
  today: dayString,
  windowDays: z.number().int(),
  availability: kindAvailabilityState,
  /** After a save: slots added and removed. */
  changes: z.object({ added: z.number().int(), removed: z.number().int() }).optional(),
});
export type ServiceAvailabilityData = z.output<typeof serviceAvailabilityData>;
