/**
 * The slot engine (SPEC §3, §4, §5, §9; issue #6 item 1). Pure: every function takes the hospital's IANA zone
 * and `now` as an instant, so the browser's zone and clock never decide which slots a patient may book.
 */
import {
  DAY_MS,
  MINUTE_MS,
  addDays,
  dateToWallMs,
  isIsoDate,
  isoWeekday,
  minutesToTime,
  normalizeEndTime,
  normalizeTime,
  offsetMinutesAt,
  timeToMinutes,
  toEpochMs,
  wallMsAt,
  wallMsToDate,
  wallMsToInstant,
  type Instant,
} from './hospital-time';

// ---------------------------------------------------------------------------------------------------------------
// Shapes (SPEC §3)

export const PARTS_OF_DAY = ['morning', 'afternoon', 'evening'] as const;
export type PartOfDay = (typeof PARTS_OF_DAY)[number];

/** A slot starting before 12:00 is in the morning. */
export const AFTERNOON_STARTS_AT = '12:00';
/** A slot starting from 18:00 is in the evening; 12:00–17:59 is the afternoon. */
export const EVENING_STARTS_AT = '18:00';

/** UI string of each part-of-day tab. */
export const PART_OF_DAY_KEYS = {
  morning: 'booking.morning',
  afternoon: 'booking.afternoon',
  evening: 'booking.evening',
} as const satisfies Record<PartOfDay, string>;

const AFTERNOON_MIN = timeToMinutes(AFTERNOON_STARTS_AT);
const EVENING_MIN = timeToMinutes(EVENING_STARTS_AT);

// Plain types here; the zod schemas of the same shapes live in ./slot-schemas, so islands stay free of zod.
export interface TimeSlot {
  schedule_id: number;
  started: string;
  /** May be '24:00' for a slot ending at midnight. */
  ended: string;
}

export interface WorkingTimes {
  morning: TimeSlot[];
  afternoon: TimeSlot[];
  evening: TimeSlot[];
}

export interface ScheduleDay {
  /** yyyy-MM-dd */
  workingDay: string;
  workingTimes: WorkingTimes;
  /** Number of bookable time slots of the day. */
  slots: number;
}

/** A slot row as the database gives it: times may carry seconds (Postgres `time`). */
export interface RawSlot {
  scheduleId: number;
  workingDay: string;
  startTime: string;
  endTime: string;
  capacity: number;
  booked: number;
}

/** What every validity rule needs: the hospital's zone, the current instant and the buffer in minutes. */
export interface SlotContext {
  zone: string;
  now: Instant;
  /** The doctor's outpatient or telemedicine buffer, or the service's: the caller picks the right one. */
  bufferMinutes: number;
}

const partOfMinutes = (minutes: number): PartOfDay => (minutes < AFTERNOON_MIN ? 'morning' : minutes < EVENING_MIN ? 'afternoon' : 'evening');

export function partOfDay(started: string): PartOfDay {
  const minutes = timeToMinutes(started);
  if (Number.isNaN(minutes)) throw new RangeError(`Not a time of day: ${started}`);
  return partOfMinutes(minutes);
}

const emptyWorkingTimes = (): WorkingTimes => ({ morning: [], afternoon: [], evening: [] });

export const countSlots = (wt: WorkingTimes): number => wt.morning.length + wt.afternoon.length + wt.evening.length;

const byStart = (a: TimeSlot, b: TimeSlot) => (a.started < b.started ? -1 : a.started > b.started ? 1 : a.schedule_id - b.schedule_id);

/**
 * Schedule days from database rows: full slots (booked >= capacity) are left out, times are cut to HH:mm, each
 * slot goes to its part of day by start time, days come in date order and `slots` counts the offered slots.
 * Days whose slots are all full still appear, with zero slots, so the date strip shows them as unavailable.
 */
export function buildScheduleDays(rows: readonly RawSlot[]): ScheduleDay[] {
  const days = new Map<string, WorkingTimes>();
  let lastDay = '';
  let wt: WorkingTimes | undefined;
  for (const row of rows) {
    // Rows usually arrive ordered by day: skip the map lookup while the day does not change.
    if (row.workingDay !== lastDay || !wt) {
      lastDay = row.workingDay;
      wt = days.get(lastDay);
      if (!wt) days.set(lastDay, (wt = emptyWorkingTimes()));
    }
    if (row.booked >= row.capacity) continue;
    const start = parsedStart(row.startTime);
    wt[start.part].push({ schedule_id: row.scheduleId, started: start.time, ended: parsedEnd(row.endTime) });
  }
  const out: ScheduleDay[] = [];
  for (const workingDay of [...days.keys()].sort()) {
    const w = days.get(workingDay)!;
    sortIfNeeded(w.morning);
    sortIfNeeded(w.afternoon);
    sortIfNeeded(w.evening);
    out.push({ workingDay, workingTimes: w, slots: countSlots(w) });
  }
  return out;
}

function sortIfNeeded(list: TimeSlot[]): void {
  for (let i = 1; i < list.length; i++) {
    if (byStart(list[i - 1], list[i]) > 0) {
      list.sort(byStart);
      return;
    }
  }
}

// A schedule repeats the same few dozen times on every day: parse each distinct string once.
const startCache = new Map<string, { time: string; part: PartOfDay }>();
const endCache = new Map<string, string>();
const CACHE_LIMIT = 4096;

function parsedStart(raw: string): { time: string; part: PartOfDay } {
  let v = startCache.get(raw);
  if (!v) {
    const time = normalizeTime(raw);
    v = { time, part: partOfMinutes(timeToMinutes(time)) };
    if (startCache.size >= CACHE_LIMIT) startCache.clear();
    startCache.set(raw, v);
  }
  return v;
}

function parsedEnd(raw: string): string {
  let v = endCache.get(raw);
  if (v === undefined) {
    v = normalizeEndTime(raw);
    if (endCache.size >= CACHE_LIMIT) endCache.clear();
    endCache.set(raw, v);
  }
  return v;
}

// ---------------------------------------------------------------------------------------------------------------
// Buffer rule (SPEC §5): a slot is valid only if it starts later than now + buffer.

/**
 * A zone's offset changes by at most 2 h at a transition (1 h almost everywhere). So when a slot's wall-clock time
 * is more than MAX_SHIFT_MS from the threshold's, wall-clock order is instant order; only slots closer than that,
 * on a day when the offset changes near the threshold, need an exact conversion. This keeps 60 days under 1 ms.
 */
const MAX_SHIFT_MS = 3 * 60 * MINUTE_MS;
const TRANSITION_PROBE_MS = 2 * MAX_SHIFT_MS;

/** The earliest instant a slot must start after, precomputed once so checking a slot is arithmetic. */
export interface BookingThreshold {
  zone: string;
  /** now + buffer, epoch ms. A slot must start strictly later. */
  instantMs: number;
  /** The same moment on the hospital's wall clock (epoch ms read as if UTC). */
  wallMs: number;
  /** Whether the zone's offset changes within a few hours of the threshold. */
  nearTransition: boolean;
  bufferMinutes: number;
}

/**
 * The buffer that applies (SPEC §3): a doctor has one for outpatient and one for telemedicine bookings, a service
 * one. A missing buffer counts as 0: the slot must still start after now.
 */
export function bufferMinutesFor(
  subject:
    | { kind: 'doctor'; telemedicine: boolean; bufferTimeOutpatient?: number | null; bufferTimeTele?: number | null }
    | { kind: 'service'; bufferTime?: number | null },
): number {
  const value = subject.kind === 'service' ? subject.bufferTime : subject.telemedicine ? subject.bufferTimeTele : subject.bufferTimeOutpatient;
  return value != null && Number.isFinite(value) && value > 0 ? value : 0;
}

export function bookingThreshold(ctx: SlotContext): BookingThreshold {
  if (!Number.isFinite(ctx.bufferMinutes) || ctx.bufferMinutes < 0) throw new RangeError(`Invalid buffer: ${ctx.bufferMinutes}`);
  const instantMs = toEpochMs(ctx.now) + ctx.bufferMinutes * MINUTE_MS;
  const wallMs = wallMsAt(instantMs, ctx.zone);
  const offset = (wallMs - instantMs) / MINUTE_MS;
  const nearTransition =
    offsetMinutesAt(instantMs - TRANSITION_PROBE_MS, ctx.zone) !== Math.round(offset) ||
    offsetMinutesAt(instantMs + TRANSITION_PROBE_MS, ctx.zone) !== Math.round(offset);
  return { zone: ctx.zone, instantMs, wallMs, nearTransition, bufferMinutes: ctx.bufferMinutes };
}

/** Whether a slot starting at the day's wall-clock time is bookable under the threshold. */
function startsAfter(t: BookingThreshold, dayWallMs: number, startedMinutes: number): boolean {
  const wall = dayWallMs + startedMinutes * MINUTE_MS;
  const diff = wall - t.wallMs;
  if (!t.nearTransition || Math.abs(diff) > MAX_SHIFT_MS) return diff > 0;
  return wallMsToInstant(wall, t.zone) > t.instantMs;
}

export function isSlotValid(workingDay: string, started: string, ctx: SlotContext | BookingThreshold): boolean {
  const t = 'instantMs' in ctx ? ctx : bookingThreshold(ctx);
  return startsAfter(t, dateToWallMs(workingDay), timeToMinutes(started));
}

export const SLOT_NOT_AVAILABLE_KEY = 'booking.slotNotAvailable' as const;

export type SlotValidation =
  | { valid: true }
  | {
      valid: false;
      /** Message key and parameters of 'The slot is not available. Please select the time greater than {bufferTime}.' */
      error: { key: typeof SLOT_NOT_AVAILABLE_KEY; params: { bufferTime: string } };
      /** The threshold on the hospital's wall clock; `date` lets the UI add the day when it is not the slot's day. */
      earliest: { date: string; time: string };
      bufferMinutes: number;
    };

/**
 * Validates a picked slot. {bufferTime} is rendered as the earliest time a slot may start, HH:mm on the
 * hospital's clock (e.g. 'greater than 14:30'): a patient compares it with the slot times on screen, whereas
 * a bare buffer ('greater than 120') has no unit and needs mental arithmetic. Seconds are floored, so a slot
 * at exactly that HH:mm is invalid, which the words 'greater than' already say.
 */
export function validateSlot(workingDay: string, started: string, ctx: SlotContext): SlotValidation {
  const t = bookingThreshold(ctx);
  if (isSlotValid(workingDay, started, t)) return { valid: true };
  const dayStart = Math.floor(t.wallMs / DAY_MS) * DAY_MS;
  const time = minutesToTime(Math.floor((t.wallMs - dayStart) / MINUTE_MS));
  return {
    valid: false,
    error: { key: SLOT_NOT_AVAILABLE_KEY, params: { bufferTime: time } },
    earliest: { date: wallMsToDate(dayStart), time },
    bufferMinutes: t.bufferMinutes,
  };
}

/**
 * The earliest start a booking may have now, HH:mm on the hospital's clock: what {bufferTime} says in 'The slot is
 * not available. Please select the time greater than {bufferTime}.', on the card and from the server alike (the
 * server said 'greater than 0', the buffer in minutes; issue #38 item 19).
 */
export function earliestStartTime(ctx: SlotContext): string {
  const t = bookingThreshold(ctx);
  const dayStart = Math.floor(t.wallMs / DAY_MS) * DAY_MS;
  return minutesToTime(Math.floor((t.wallMs - dayStart) / MINUTE_MS));
}

/**
 * Removes the slots inside the buffer window (and on past days) and recomputes each day's count, which then
 * drives the date picker, the date strip and "See nearest availabilities". Days are kept, possibly with zero slots.
 */
export function applyBuffer(days: readonly ScheduleDay[], ctx: SlotContext): ScheduleDay[] {
  const t = bookingThreshold(ctx);
  const thresholdDay = Math.floor(t.wallMs / DAY_MS) * DAY_MS;
  return days.map((day) => {
    const dayWall = dateToWallMs(day.workingDay);
    // Days well after the threshold keep every slot, days well before lose all; only the edge is checked per slot.
    if (dayWall - thresholdDay > DAY_MS + MAX_SHIFT_MS) return day;
    if (thresholdDay - dayWall > DAY_MS + MAX_SHIFT_MS) return { ...day, workingTimes: emptyWorkingTimes(), slots: 0 };
    const keep = (s: TimeSlot) => startsAfter(t, dayWall, timeToMinutes(s.started));
    const wt = {
      morning: day.workingTimes.morning.filter(keep),
      afternoon: day.workingTimes.afternoon.filter(keep),
      evening: day.workingTimes.evening.filter(keep),
    };
    return { ...day, workingTimes: wt, slots: countSlots(wt) };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Days, parts of day and the date picker (SPEC §4, §5)

/** The first part of the day with slots (shown on a day change); null when the day has none. */
export function firstNonEmptyPartOfDay(day: ScheduleDay | undefined): PartOfDay | null {
  if (!day) return null;
  return PARTS_OF_DAY.find((p) => day.workingTimes[p].length > 0) ?? null;
}

export const findDay = (days: readonly ScheduleDay[], date: string): ScheduleDay | undefined =>
  days.find((d) => d.workingDay === date);

/** Target of "See nearest availabilities": the first day (from `from`, inclusive) with slots, or null. */
export function nearestAvailableDay(days: readonly ScheduleDay[], from?: string): string | null {
  let best: string | null = null;
  for (const d of days) {
    if (d.slots > 0 && (from === undefined || d.workingDay >= from) && (best === null || d.workingDay < best)) best = d.workingDay;
  }
  return best;
}

export interface DatePickerRules {
  /** Today in the hospital's zone: nothing earlier is selectable. */
  minDate: string;
  /** The last schedule day, or null when there is no schedule (then nothing is selectable). */
  maxDate: string | null;
  /** Days within [minDate, maxDate] that stay disabled because they have no slots left. */
  disabledDates: string[];
}

/** Expects days already passed through applyBuffer, so counts are those after the buffer. */
export function datePickerRules(days: readonly ScheduleDay[], ctx: Pick<SlotContext, 'zone' | 'now'>): DatePickerRules {
  const minDate = wallMsToDate(Math.floor(wallMsAt(toEpochMs(ctx.now), ctx.zone) / DAY_MS) * DAY_MS);
  let maxDate: string | null = null;
  const open = new Set<string>();
  for (const d of days) {
    if (maxDate === null || d.workingDay > maxDate) maxDate = d.workingDay;
    if (d.slots > 0) open.add(d.workingDay);
  }
  const disabledDates: string[] = [];
  if (maxDate !== null) {
    for (let w = dateToWallMs(minDate), end = dateToWallMs(maxDate); w <= end; w += DAY_MS) {
      const date = wallMsToDate(w);
      if (!open.has(date)) disabledDates.push(date);
    }
  }
  return { minDate, maxDate, disabledDates };
}

export function isDateSelectable(date: string, rules: DatePickerRules): boolean {
  return rules.maxDate !== null && date >= rules.minDate && date <= rules.maxDate && !rules.disabledDates.includes(date);
}

/**
 * Keyboard moves in the date picker land only on selectable days: from `date`, `step` days at a time (±1 a day,
 * ±7 a week), the first selectable day in that direction; `date` itself when there is none. `step` 0: the
 * first selectable day on or after `date` (where the picker puts focus when it opens).
 */
export function stepSelectableDate(date: string, step: number, rules: DatePickerRules): string {
  if (rules.maxDate === null) return date;
  if (step === 0) {
    for (let d = date < rules.minDate ? rules.minDate : date; d <= rules.maxDate; d = addDays(d, 1)) if (isDateSelectable(d, rules)) return d;
    return date;
  }
  for (let d = addDays(date, step); d >= rules.minDate && d <= rules.maxDate; d = addDays(d, step)) if (isDateSelectable(d, rules)) return d;
  return date;
}

// ---------------------------------------------------------------------------------------------------------------
// Schedule window (SPEC §9): the week starting Monday, with a configurable number of days before it.

export const DEFAULT_DAYS_BEFORE = 0;

/** startDate/endDate of the schedule request covering `date` (both inclusive, 'yyyy-MM-dd'). */
export function scheduleWindow(date: string, daysBefore: number = DEFAULT_DAYS_BEFORE): { startDate: string; endDate: string } {
  if (!isIsoDate(date)) throw new RangeError(`Not a date: ${date}`);
  if (!Number.isInteger(daysBefore) || daysBefore < 0) throw new RangeError(`Invalid daysBefore: ${daysBefore}`);
  const monday = addDays(date, 1 - isoWeekday(date));
  return { startDate: addDays(monday, -daysBefore), endDate: addDays(monday, 6) };
}

/**
 * How far the schedule calls' nearest-day variant looks ahead ("See nearest availabilities"): an owner with no
 * free slot from today to this many days later has nothing a patient can book (quick booking marks it).
 */
export const NEAREST_HORIZON_DAYS = 180;

/** Days before the Monday of the date strip's window (SPEC §9: configurable). */
export const SCHEDULE_DAYS_BEFORE = DEFAULT_DAYS_BEFORE;
/** Weeks the date strip loads at once. */
export const STRIP_WEEKS = 3;

/**
 * The two schedule requests the date strip can make on `today` (the hospital's): the window from today to the end
 * of its STRIP_WEEKS weeks, and, when that has no slot, the nearest-day variant from the day after. Every visitor
 * of an owner on a given day asks the same two addresses, which is what lets the CDN answer them.
 */
export function stripRange(today: string): { start: string; end: string; nearestFrom: string } {
  const w = scheduleWindow(today, SCHEDULE_DAYS_BEFORE);
  const end = addDays(w.endDate, 7 * (STRIP_WEEKS - 1));
  return { start: w.startDate < today ? today : w.startDate, end, nearestFrom: addDays(end, 1) };
}

/** Longest range one schedule call may ask for: the date strip's few weeks, not a year. */
export const SCHEDULE_MAX_RANGE_DAYS = 62;
/** Whole weeks per request when the strip is carried on to a chosen date (within SCHEDULE_MAX_RANGE_DAYS). */
const REACH_WEEKS = 8;

/**
 * The schedule requests that carry the strip on from the day after `until` through the week of `reach`, a date the
 * patient chose earlier (back from a lost slot race or a sign-in: issue 38 item 23). Windows are whole weeks from
 * the strip's end to the chosen date's Sunday, so the visitors of an owner who chose a date of the same week on the
 * same day ask the same addresses (the CDN answers them); nothing past NEAREST_HORIZON_DAYS from today is asked for.
 */
export function reachWindows(today: string, until: string, reach: string): { start: string; end: string }[] {
  const last = scheduleWindow(reach < addDays(today, NEAREST_HORIZON_DAYS) ? reach : addDays(today, NEAREST_HORIZON_DAYS)).endDate;
  const out: { start: string; end: string }[] = [];
  for (let start = addDays(until, 1); start <= last; start = addDays(start, 7 * REACH_WEEKS)) {
    const end = addDays(start, 7 * REACH_WEEKS - 1);
    out.push({ start, end: end < last ? end : last });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// The whole computation an island or function runs on a fetched schedule.

export interface ComputedSchedule {
  days: ScheduleDay[];
  picker: DatePickerRules;
  nearest: string | null;
}

export function computeSchedule(rows: readonly RawSlot[], ctx: SlotContext): ComputedSchedule {
  const days = applyBuffer(buildScheduleDays(rows), ctx);
  const picker = datePickerRules(days, ctx);
  return { days, picker, nearest: nearestAvailableDay(days, picker.minDate) };
}
