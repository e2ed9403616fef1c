/**
 * Schedule queries of the doctor (outpatient, telemedicine) and service schedule calls (SPEC §7). One round trip
 * loads the zone, buffer and validity plus the slots over a range of days of an owner; the slot engine
 * (src/lib/slots) answers windows and the nearest-day variant from such a load in memory.
 * A slot's `schedule_id` is the time slot's id: it is what the booking route's scheduleId books.
 */
import type { Queryable } from './db';
import { asServerRole } from '../server/server-role';
import { addDays, keepZoneOffsets } from '../lib/hospital-time';
import { computeSchedule, nearestAvailableDay, NEAREST_HORIZON_DAYS, scheduleWindow, type RawSlot, type ScheduleDay } from '../lib/slots';

export type ScheduleKind = 'outpatient' | 'telemedicine' | 'service';

export interface ScheduleResult {
  schedules: ScheduleDay[];
  timeZone: string;
  bufferTime: number;
  /** First day with a bookable slot in the answered range, or null. */
  nearest: string | null;
}

interface Row {
  owner_id: string;
  time_zone: string;
  buffer: number;
  /** JSON array of [slot id, working day, started, ended, capacity, taken], by day and start. */
  slots: string;
}

type SlotTuple = [number, string, string, string, number, number];

// One row per visible owner, its slots as one JSON text: a loaded owner has a hundred slots or more, and parsing
// them as rows (ten fields each) was a fifth of a loaded schedule server's time; JSON.parse is native. The
// database function decides visibility once per owner instead of row-level security on every slot (migration
// 20261124000100_public_owner_slots: half the time of a 100-owner load). It reads past row-level security, so
// it is server-only (migration 20261127200000): the load runs as the server's own role.
const OWNERS_SQL = `select owner_id::text as owner_id, time_zone, buffer, slots::text as slots
  from public.public_owner_slots($1, $2::bigint[], $3::date, $4::date)`;

export class OwnerNotFound extends Error {}

/** An owner's schedule over a range of days, as loaded: what a window or nearest-day answer is computed from. */
export interface OwnerSlots {
  /** Loaded working days, inclusive. */
  from: string;
  to: string;
  timeZone: string;
  bufferTime: number;
  /** Bookable slots with their taken count (bookings and live holds), ordered by day and start. */
  slots: RawSlot[];
}

/**
 * Loads the slots of [from, to] of each `kind` owner in `ids`, in one query: an owner that does not exist or is
 * not visible has no entry.
 */
export async function loadOwnersSlots(c: Queryable, kind: ScheduleKind, ids: readonly number[], from: string, to: string): Promise<Map<number, OwnerSlots>> {
  const { rows } = await asServerRole(c, () => c.query<Row>(OWNERS_SQL, [kind, ids, from, to]));
  const owners = new Map<number, OwnerSlots>();
  for (const r of rows) {
    const slots = (JSON.parse(r.slots) as SlotTuple[]).map(
      ([scheduleId, workingDay, startTime, endTime, capacity, booked]): RawSlot => ({ scheduleId, workingDay, startTime, endTime, capacity, booked }),
    );
    owners.set(Number(r.owner_id), { from, to, timeZone: r.time_zone, bufferTime: r.buffer, slots });
  }
  return owners;
}

/** Loads `kind` owner `id`'s slots of [from, to]; OwnerNotFound when the owner does not exist or is not visible. */
export async function loadOwnerSlots(c: Queryable, kind: ScheduleKind, id: number, from: string, to: string): Promise<OwnerSlots> {
  const owner = (await loadOwnersSlots(c, kind, [id], from, to)).get(id);
  if (!owner) throw new OwnerNotFound();
  return owner;
}

/** Schedule days of [startDate, endDate] from a load covering them, with the buffer of the hospital's zone at `now`. */
export function windowFrom(owner: OwnerSlots, startDate: string, endDate: string, now = Date.now()): ScheduleResult {
  const raw = owner.slots.filter((s) => s.workingDay >= startDate && s.workingDay <= endDate);
  keepZoneOffsets(owner.timeZone, now);
  const computed = computeSchedule(raw, { zone: owner.timeZone, now, bufferMinutes: owner.bufferTime });
  // Past days carry nothing a patient can use.
  const today = computed.picker.minDate;
  return { schedules: computed.days.filter((d) => d.workingDay >= today), timeZone: owner.timeZone, bufferTime: owner.bufferTime, nearest: computed.nearest };
}

export { NEAREST_HORIZON_DAYS };

/** The last day the nearest-day variant from `startDate` may answer: the end of the horizon's schedule window. */
export const nearestLastDay = (startDate: string, daysBefore = 0): string => scheduleWindow(addDays(startDate, NEAREST_HORIZON_DAYS), daysBefore).endDate;

/**
 * The startDate-only variant from a load covering `nearestLastDay(startDate)`: the schedule window (week from
 * Monday) holding the first day on or after startDate with a bookable slot once the buffer is applied, so "See
 * nearest availabilities" can jump there; an empty schedule when there is none within the horizon.
 */
export function nearestFrom(owner: OwnerSlots, startDate: string, now = Date.now(), daysBefore = 0): ScheduleResult {
  const horizon = addDays(startDate, NEAREST_HORIZON_DAYS);
  const ahead = windowFrom(owner, startDate, horizon, now);
  const day = nearestAvailableDay(ahead.schedules, startDate);
  if (!day) return { ...ahead, schedules: [], nearest: null };
  const w = scheduleWindow(day, daysBefore);
  return windowFrom(owner, w.startDate < startDate ? startDate : w.startDate, w.endDate, now);
}

/** Schedule days of [startDate, endDate] with the buffer of the hospital's zone applied at `now`. */
export async function scheduleWindowFor(c: Queryable, kind: ScheduleKind, id: number, startDate: string, endDate: string, now = Date.now()): Promise<ScheduleResult> {
  return windowFrom(await loadOwnerSlots(c, kind, id, startDate, endDate), startDate, endDate, now);
}

/** The nearest-day variant straight from the database (one load of the horizon). */
export async function nearestScheduleFor(c: Queryable, kind: ScheduleKind, id: number, startDate: string, now = Date.now(), daysBefore = 0): Promise<ScheduleResult> {
  return nearestFrom(await loadOwnerSlots(c, kind, id, startDate, nearestLastDay(startDate, daysBefore)), startDate, now, daysBefore);
}
