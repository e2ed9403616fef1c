/**
 * Scheduled function (Netlify: `config.schedule`, hourly): moves the booking window of every doctor and service
 * whose availability is managed by weekly hours (issue #29 item 4, issue #37), skipping their branch's closed days. Each run generates the slots of the days that have
 * entered the window since the last one (each hospital's day starts at its own midnight, hence hourly), in
 * public.roll_doctor_schedules: idempotent, writes nothing when nothing is due, never touches a booked slot.
 * Locally it runs every few seconds (scripts/lib/scheduled.ts). Not routed: Netlify invokes it on its schedule only.
 */
import { serverDatabase } from '../src/server/runtime';

export const AVAILABILITY_ROLL_SCHEDULE = '7 * * * *';

export default async function availabilityRoll(): Promise<Response> {
  const db = await serverDatabase();
  const { rows } = await db.pool.query('select doctors, added, removed from public.roll_doctor_schedules()');
  const r = rows[0] ?? { doctors: 0, added: 0, removed: 0 };
  if (r.added || r.removed) console.log(JSON.stringify({ level: 'info', what: 'availability roll', ...r }));
  return Response.json(r, { headers: { 'cache-control': 'no-store' } });
}

export const config = { schedule: AVAILABILITY_ROLL_SCHEDULE };
