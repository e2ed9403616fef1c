/**
 * Schedule calls (SPEC §7): doctor, telemedicine doctor and service schedules, each with startDate/endDate or
 * startDate alone (the nearest-day variant). Answers schedule days (SPEC §3) with full, held and too-soon slots
 * removed in the hospital's zone; public and cacheable for a few seconds.
 *
 * The CDN keeps each answer (per URL) for a few seconds and refreshes it in the background while it answers the
 * expired copy (AVAILABILITY_CDN). A call that reaches the function reads the owner's slots over the days it
 * answers, in one round trip (public.public_owner_slots, server-only: run as the server's own role, the role
 * switch sent with the query: database 'statements').
 */
import { z } from 'zod';
import { defineEndpoint, serve } from '../src/server/endpoint';
import { AVAILABILITY_CDN } from '../src/server/availability-cache';
import { notFound, badRequest } from '../src/lib/errors';
import { addDays, isIsoDate } from '../src/lib/hospital-time';
import type { Queryable } from '../src/data/db';
import { scheduleDaySchema } from '../src/lib/slot-schemas';
import { SCHEDULE_MAX_RANGE_DAYS } from '../src/lib/slots';
import { nearestScheduleFor, scheduleWindowFor, OwnerNotFound, type ScheduleKind } from '../src/data/schedules';

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

async function answer(db: Queryable, kind: ScheduleKind, ownerId: number, q: { startDate: string; endDate?: string }, what: string) {
  try {
    if (!q.endDate) return await nearestScheduleFor(db, kind, ownerId, q.startDate);
    if (q.endDate < q.startDate) throw badRequest('endDate must not be before startDate.');
    if (q.endDate > addDays(q.startDate, SCHEDULE_MAX_RANGE_DAYS - 1)) throw badRequest(`Ask for at most ${SCHEDULE_MAX_RANGE_DAYS} days at a time.`);
    return await scheduleWindowFor(db, kind, ownerId, q.startDate, q.endDate);
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
  database: 'statements',
  params: z.object({ id }),
  query: z.object(range),
  response,
  ...AVAILABILITY_CDN,
  handler: ({ db, params, query }) => answer(db, 'outpatient', params.id, query, 'doctor'),
});

export const telemedicineSchedule = defineEndpoint({
  method: 'GET',
  path: '/api/doctors/:id/telemedicine-schedules',
  summary: "A doctor's telemedicine schedule days (startDate alone: the week of the nearest day with slots)",
  tags: ['booking'],
  auth: 'public',
  database: 'statements',
  params: z.object({ id }),
  query: z.object(range),
  response,
  ...AVAILABILITY_CDN,
  handler: ({ db, params, query }) => answer(db, 'telemedicine', params.id, query, 'doctor'),
});

export const serviceSchedule = defineEndpoint({
  method: 'GET',
  path: '/api/services/schedules',
  summary: "A hospital service's schedule days (startDate alone: the week of the nearest day with slots)",
  tags: ['booking'],
  auth: 'public',
  database: 'statements',
  query: z.object({ serviceId: id, ...range }),
  response,
  ...AVAILABILITY_CDN,
  handler: ({ db, query }) => answer(db, 'service', query.serviceId, query, 'service'),
});

export default serve(doctorSchedule, telemedicineSchedule, serviceSchedule);
export const config = { path: ['/api/doctors/:id/schedules', '/api/doctors/:id/telemedicine-schedules', '/api/services/schedules'] };
