/**
 * Schedule calls (SPEC §7): doctor, telemedicine doctor and service schedules, each with startDate/endDate or
 * startDate alone (the nearest-day variant). Answers schedule days (SPEC §3) with full, held and too-soon slots
 * removed in the hospital's zone; public and cacheable for a few seconds.
 *
 * The CDN keeps each answer (per URL) for a few seconds and refreshes it in the background while it answers the
 * expired copy (SCHEDULE_CACHE). Beneath it, owner loads (per doctor or service, over the date strip's weeks or
 * over the nearest-day horizon) are shared: concurrent calls for one owner's windows or nearest-day start days
 * share one read, and the reads of many owners leave together as one query (src/server/shared-loads). A load is
 * kept until the availability journal says its owner changed, so the calls that miss the CDN and its background
 * revalidations are mostly answered without the database.
 */
import { z } from 'zod';
import { defineEndpoint, serve } from '../src/server/endpoint';
import { SCHEDULE_CACHE, SCHEDULE_ENDPOINT } from '../src/server/read-cache';
import { SharedLoads } from '../src/server/shared-loads';
import { availabilityJournal } from '../src/server/availability-journal';
import { notFound, badRequest } from '../src/lib/errors';
import { addDays, isIsoDate } from '../src/lib/hospital-time';
import { asAnon } from '../src/data/db';
import { serverDatabase } from '../src/server/runtime';
import { scheduleDaySchema } from '../src/lib/slot-schemas';
import { stripRange } from '../src/lib/slots';
import { loadOwnerSlots, loadOwnersSlots, nearestFrom, nearestLastDay, windowFrom, OwnerNotFound, type OwnerSlots, type ScheduleKind } from '../src/data/schedules';

/** Longest range one call may ask for: the date strip's few weeks, not a year. */
export const MAX_RANGE_DAYS = 62;
/**
 * Days a horizon load covers from yesterday (UTC; every zone's today is on or after it): a nearest-day call from
 * four weeks ahead still finds its whole horizon in it. Requests reaching further load their own range, uncached.
 */
export const OWNER_LOAD_DAYS = 220;

interface DayRange { from: string; to: string }

/**
 * The days the strip and horizon loads cover, worked out once per UTC day: every call asks for them (working them
 * out each time was 2 % of a schedule function's time under load).
 */
let loadRanges: { since: number; until: number; strip: DayRange; horizon: DayRange } | null = null;
function rangesToday(): { strip: DayRange; horizon: DayRange } {
  const now = Date.now();
  if (loadRanges && now >= loadRanges.since && now < loadRanges.until) return loadRanges;
  const utcToday = new Date(now).toISOString().slice(0, 10);
  const from = addDays(utcToday, -1);
  loadRanges = {
    since: Date.parse(`${utcToday}T00:00:00Z`),
    until: Date.parse(`${addDays(utcToday, 1)}T00:00:00Z`),
    strip: { from, to: stripRange(addDays(utcToday, 1)).end },
    horizon: { from, to: addDays(from, OWNER_LOAD_DAYS) },
  };
  return loadRanges;
}

/** The days a horizon load covers: from yesterday (UTC) for OWNER_LOAD_DAYS. */
const horizonRange = (): DayRange => rangesToday().horizon;

/**
 * The days a strip load covers: from yesterday (UTC) through the last day of the date strip's window
 * (stripRange, src/lib/slots.ts) in a zone already a day ahead of UTC, so the window every visitor's
 * strip asks for today, in any of the platform's zones, is inside it. A third of a horizon load's slots at the
 * benchmark scale: the database answers sooner and the instance parses and keeps less (measured in alternating
 * runs at 200 connections: PostgreSQL CPU per doctor schedule call 24 → 14–19 µs, p95 lower in 7 of 9 pairs).
 */
const stripLoadRange = (): DayRange => rangesToday().strip;

/** Owner loads of one range per kind, batched and shared (src/server/shared-loads); `range` is read when a batch leaves. */
function loadsPerKind(range: () => DayRange, maxEntries: number): Record<ScheduleKind, SharedLoads<OwnerSlots>> {
  return Object.fromEntries(
    (['outpatient', 'telemedicine', 'service'] as const).map((kind) => [
      kind,
      new SharedLoads<OwnerSlots>({
        ttlMs: SCHEDULE_CACHE.loadMs,
        loadMany: (c, ids) => {
          // Read when the batch leaves: just after midnight UTC a batch may start a day later than its key says,
          // which drops a day that is past in every zone at or ahead of UTC (all of the platform's markets).
          const { from, to } = range();
          return loadOwnersSlots(c, kind, ids, from, to);
        },
        missing: () => new OwnerNotFound(),
        changes: availabilityJournal.feed(kind),
        validUntil: (owner) => owner.validUntil,
        maxEntries,
      }),
    ]),
  ) as Record<ScheduleKind, SharedLoads<OwnerSlots>>;
}

/**
 * Loads answering the strip's windows (most schedule calls). At the benchmark scale about 2.5 KB each (27 slots);
 * horizon loads about 7.5 KB (88 slots): at most 125 MB a kind when every bound is reached.
 */
export const stripLoads = loadsPerKind(stripLoadRange, 20_000);
/** Loads answering nearest-day calls and windows beyond the strip. */
export const horizonLoads = loadsPerKind(horizonRange, 10_000);

/** `kind` owner `id`'s slots through `lastDay`: the shortest shared load reaching that far, else a load of its own. */
async function ownerSlots(kind: ScheduleKind, id: number, firstDay: string, lastDay: string): Promise<OwnerSlots> {
  const strip = stripLoadRange();
  if (lastDay <= strip.to) return stripLoads[kind].get(id, `${strip.from} ${strip.to}`);
  const { from, to } = horizonRange();
  if (lastDay > to) return asAnon(await serverDatabase(), (c) => loadOwnerSlots(c, kind, id, firstDay, lastDay));
  return horizonLoads[kind].get(id, from);
}

const isoDate = z.string().refine(isIsoDate, 'Expected a date as yyyy-MM-dd');
const id = z.coerce.number().int().positive();
const range = { startDate: isoDate, endDate: isoDate.optional() };

const response = z.object({
  schedules: z.array(scheduleDaySchema),
  /** The hospital's IANA zone, in which the island re-checks the buffer when a slot is picked. */
  timeZone: z.string(),
  /** Minutes: a slot must start later than now plus this. */
  bufferTime: z.number().int().nonnegative(),
  /** First day with a bookable slot in the answer, or null. */
  nearest: z.string().nullable(),
});

async function answer(kind: ScheduleKind, ownerId: number, q: { startDate: string; endDate?: string }, what: string) {
  try {
    if (!q.endDate) {
      const owner = await ownerSlots(kind, ownerId, q.startDate, nearestLastDay(q.startDate));
      return nearestFrom(owner, q.startDate);
    }
    if (q.endDate < q.startDate) throw badRequest('endDate must not be before startDate.');
    if (q.endDate > addDays(q.startDate, MAX_RANGE_DAYS - 1)) throw badRequest(`Ask for at most ${MAX_RANGE_DAYS} days at a time.`);
    return windowFrom(await ownerSlots(kind, ownerId, q.startDate, q.endDate), q.startDate, q.endDate);
  } catch (e) {
    if (e instanceof OwnerNotFound) throw notFound(`There is no such ${what}.`);
    throw e;
  }
}

export const doctorSchedule = defineEndpoint({
  method: 'GET',
  path: '/api/doctors/:id/schedules',
  summary: "A doctor's outpatient schedule days (startDate alone: the week of the nearest day with slots)",
  tags: ['booking'],
  auth: 'public',
  params: z.object({ id }),
  query: z.object(range),
  response,
  ...SCHEDULE_ENDPOINT,
  handler: ({ params, query }) => answer('outpatient', params.id, query, 'doctor'),
});

export const telemedicineSchedule = defineEndpoint({
  method: 'GET',
  path: '/api/doctors/:id/telemedicine-schedules',
  summary: "A doctor's telemedicine schedule days (startDate alone: the week of the nearest day with slots)",
  tags: ['booking'],
  auth: 'public',
  params: z.object({ id }),
  query: z.object(range),
  response,
  ...SCHEDULE_ENDPOINT,
  handler: ({ params, query }) => answer('telemedicine', params.id, query, 'doctor'),
});

export const serviceSchedule = defineEndpoint({
  method: 'GET',
  path: '/api/services/schedules',
  summary: "A hospital service's schedule days (startDate alone: the week of the nearest day with slots)",
  tags: ['booking'],
  auth: 'public',
  query: z.object({ serviceId: id, ...range }),
  response,
  ...SCHEDULE_ENDPOINT,
  handler: ({ query }) => answer('service', query.serviceId, query, 'service'),
});

export default serve(doctorSchedule, telemedicineSchedule, serviceSchedule);
export const config = { path: ['/api/doctors/:id/schedules', '/api/doctors/:id/telemedicine-schedules', '/api/services/schedules'] };
