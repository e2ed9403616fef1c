/**
 * What production pays (issue #25), modelled on Netlify rather than on the local server:
 *
 * 1. **One call, as an instance pays it.** The public calls' Netlify handlers are invoked in this process, one call
 *    at a time (a Functions instance serves one request at a time), over PostgreSQL reached as through Supabase's
 *    transaction-mode pooler (DATABASE_PREPARED_STATEMENTS=off: no named statements, no session state). Each call
 *    asks for an address this process has not answered before (what reaches a function is what the CDN does not
 *    have), drawn from the booking bench's request lists (Zipf-spread owners and branches, the islands' windows).
 *    Per call: CPU µs of this process (process.cpuUsage: the handler, zod, the slot engine, the pg driver; the
 *    database's own CPU is another process), database round trips (queries sent on a connection), and bytes sent
 *    (status line, headers and body of the answer). Printed: `schedule-call-cpu-us` (doctor schedule, the date
 *    strip's window), `search-call-cpu-us` (quick-booking doctor search), and `call-cpu-us.<call>` for each call.
 *    The public calls' budget is one round trip (`call-round-trips.<call>`: the caller's settings and the query
 *    sent as one simple query, endpoint database 'statements'). The writes and admin calls are measured the same
 *    way, without a budget (DESIGN §8): `booking_create` (a hold), `booking_confirm`, `admin_me`, the admin doctor,
 *    appointment and user lists, and `admin_doctor_status_save`.
 * 2. **The share of requests that reach a function behind the CDN** (`<schedule|search>-origin-share-<rate>rps`),
 *    simulated from the same request lists: requests spread evenly over time at 100, 1,000 and 10,000 a second,
 *    each address kept by one shared cache for the answer's fresh seconds, then answered stale for the
 *    stale-while-revalidate seconds while one background request (counted as reaching the function) replaces it;
 *    after that a request misses. One cache for all visitors is the best case: Netlify's edge has several
 *    locations, each with its own copies, so the real share is higher.
 *
 * Scale: the directory of --scale (default 1); the simulation's share depends on the number of owners, so it is
 * printed with them.
 */
import pg from 'pg';
import { openDatabase } from '../../src/data/db';
import { addDays } from '../../src/lib/hospital-time';
import { useDatabase } from '../../src/server/runtime';
import { buildDatabase, createServerDatabase, dropServerDatabase } from '../../scripts/lib/db-setup';
import { ensurePgServer, uniqueDatabaseName } from '../../scripts/lib/pg-server';
import { createRandom } from '../../supabase/seed/random';
import { setRateLimit } from '../../src/server/rate-limit';
import { bulkPatients } from '../support/booking';
import { createStaff } from '../support/accounts';
import { signAccessToken } from '../support/tokens';
import { readDirectory, requestLists } from './booking.bench';
import { round, type Benchmark, type BenchContext } from './harness';

/** Calls measured per public call after WARM_UP calls (each for an address not asked before). */
const CALLS = Number(process.env.BENCH_PRODUCTION_CALLS ?? 400);
const WARM_UP = 200;
/** The CDN headers of the schedule and quick-booking calls (functions/schedules.ts, functions/quick-booking.ts). */
const CDN = { freshSeconds: 3, staleSeconds: 1 };
const RATES = [100, 1_000, 10_000];
const SIMULATED_SECONDS = 120;
/** The cache's first seconds (every address new) are not counted. */
const SIMULATION_WARM_UP_SECONDS = 20;

type Handler = (req: Request, context?: { ip?: string; requestId?: string }) => Promise<Response>;

/** Queries sent by every pg client of this process (the pooler counts one round trip per query sent). */
let roundTrips = 0;
function countRoundTrips(): void {
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
    roundTrips++;
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
}

/** Bytes of the answer as sent: status line, headers, body. */
async function answerBytes(res: Response): Promise<number> {
  let bytes = `HTTP/1.1 ${res.status} ${res.statusText}\r\n`.length + 2;
  res.headers.forEach((v, k) => (bytes += Buffer.byteLength(`${k}: ${v}\r\n`)));
  return bytes + (await res.arrayBuffer()).byteLength;
}

const FUNCTION_OF: Record<string, string> = {
  doctor_schedule: 'schedules',
  doctor_schedule_nearest: 'schedules',
  telemedicine_schedule: 'schedules',
  service_schedule: 'schedules',
  service_schedule_nearest: 'schedules',
  doctor_search: 'quick-booking',
  service_search: 'quick-booking',
  specialties: 'quick-booking',
};

/** A request line of the booking bench's lists: path and query, then optionally a tab and the Accept header. */
function toRequest(line: string): Request {
  const [target, accept] = line.split('\t');
  return new Request(`https://suckhoeviet.vn${target}`, { headers: accept ? { accept } : {} });
}

/** The public calls: one round trip each is the budget (DESIGN §8), the role switch sent with the query. */
const PUBLIC_ROUND_TRIPS = 1;

async function measureCalls(ctx: BenchContext, label: string, handler: Handler, lines: string[]): Promise<void> {
  const distinct = [...new Set(lines)];
  // A small list (specialties: one address per branch) keeps half of its addresses for the measurement.
  const warmUp = Math.min(WARM_UP, Math.floor(distinct.length / 2));
  const requests = distinct.slice(0, warmUp + CALLS).map((line) => () => toRequest(line));
  await measureRequests(ctx, label, handler, requests, warmUp, PUBLIC_ROUND_TRIPS);
}

/**
 * Calls `requests` one at a time, the first `warmUp` unmeasured; prints CPU, round trips and bytes per call.
 * `roundTripBudget`: the public calls' one round trip; the writes and admin calls are reported without one.
 */
async function measureRequests(ctx: BenchContext, label: string, handler: Handler, requests: (() => Request)[], warmUp: number, roundTripBudget?: number): Promise<void> {
  for (const make of requests.slice(0, warmUp)) await (await handler(make(), { ip: '203.0.113.7' })).arrayBuffer();
  const measured = requests.slice(warmUp);
  let bytes = 0;
  let failed = 0;
  const statuses: Record<number, number> = {};
  const trips0 = roundTrips;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (const make of measured) {
    const res = await handler(make(), { ip: '203.0.113.7' });
    if (res.status !== 200) failed++;
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    bytes += await answerBytes(res);
  }
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const n = measured.length;
  const cpuUs = (cpu.user + cpu.system) / n;
  const detail = { calls: n, failed, statuses, wallMsPerCall: round(wallMs / n, 3), userUs: round(cpu.user / n, 1), systemUs: round(cpu.system / n, 1) };
  ctx.log(`${label}: ${round(cpuUs, 1)} µs CPU, ${round((roundTrips - trips0) / n, 2)} round trips, ${round(bytes / n, 0)} bytes a call (${n} calls, ${failed} failed)`);
  if (label === 'doctor_schedule') ctx.emit({ name: 'schedule-call-cpu-us', value: round(cpuUs, 1), unit: 'µs', detail });
  if (label === 'doctor_search') ctx.emit({ name: 'search-call-cpu-us', value: round(cpuUs, 1), unit: 'µs', detail });
  ctx.emit({ name: `call-cpu-us.${label}`, value: round(cpuUs, 1), unit: 'µs', detail });
  ctx.emit({ name: `call-round-trips.${label}`, value: round((roundTrips - trips0) / n, 2), unit: 'round trips', ...(roundTripBudget === undefined ? {} : { budget: roundTripBudget }), detail });
  ctx.emit({ name: `call-bytes.${label}`, value: round(bytes / n, 0), unit: 'bytes', detail });
  ctx.emit({ name: `call-failures.${label}`, value: failed, unit: 'calls', budget: 0, detail });
}

/** Writes and admin calls measured per kind (each booking needs a free slot and a patient of its own). */
const WRITE_CALLS = Number(process.env.BENCH_PRODUCTION_WRITE_CALLS ?? 100);
const WRITE_WARM_UP = 20;

const json = (url: string, token: string, method: string, body?: unknown, accept?: string) => () =>
  new Request(`https://suckhoeviet.vn${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(accept ? { accept } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/**
 * Booking create (hold) and confirm as patients send them, and the admin calls a hospital manager makes most
 * (who am I, the doctor, appointment and user lists, a doctor's status saved): CPU, round trips and bytes per call,
 * measured like the public calls (DESIGN §8: no p95 against a bare server for them; one local process queues
 * writes, production serves one call per instance).
 */
async function measureWrites(ctx: BenchContext, db: Awaited<ReturnType<typeof openDatabase>>, dir: { today: string }): Promise<void> {
  const n = WRITE_WARM_UP + WRITE_CALLS;
  setRateLimit('booking_create', { limit: 1_000_000, windowSeconds: 600 });
  const patients = await Promise.all((await bulkPatients(db, n, `bench-production-${Date.now()}-`)).map((id) => signAccessToken(id)));
  // One future slot of each of n published outpatient doctors (a doctor of an inactive branch is not bookable).
  const { rows: slots } = await db.pool.query<{ slotId: number; doctorId: number; date: string }>(
    `select distinct on (d.id) ts.id::int as "slotId", d.id::int as "doctorId", sc.working_day::text as date
       from public.time_slots ts join public.schedules sc on sc.id = ts.schedule_id join public.doctors d on d.id = sc.doctor_id
       join public.hospitals h on h.id = d.hospital_id join public.organizations o on o.id = h.organization_id
      where sc.kind = 'outpatient' and d.status = 1 and d.outpatient_enabled and not d.baby_formula_campaign and h.is_active and o.is_active
        and ts.booked = 0 and sc.working_day between current_date + 3 and current_date + 60
      order by d.id, ts.id limit $1`,
    [n],
  );
  const bookings = (await import('../../functions/bookings.ts')).default as Handler;
  const bookingIds: number[] = [];
  const holds = slots.map((s, i) =>
    json('/api/bookings/holds', patients[i]!, 'POST', { kind: 'doctor', doctorId: s.doctorId, date: s.date, scheduleId: s.slotId, telemedicine: false, idempotencyKey: `bench${i}${Date.now()}`.padEnd(24, 'k') }),
  );
  // The hold's answer carries the booking id the confirm needs: read it from a clone.
  const holding: Handler = async (req, context) => {
    const res = await bookings(req, context);
    const body = (await res.clone().json()) as { _data?: { id?: number } };
    if (body._data?.id) bookingIds.push(body._data.id);
    return res;
  };
  await measureRequests(ctx, 'booking_create', holding, holds, WRITE_WARM_UP);
  const confirms = bookingIds.map((id, i) => json(`/api/bookings/${id}/confirm`, patients[i]!, 'POST', { familyMemberId: null, contactPhone: '0901234567', paymentMethod: 'cash-on-delivery' }));
  await measureRequests(ctx, 'booking_confirm', bookings, confirms, Math.min(WRITE_WARM_UP, Math.floor(confirms.length / 2)));

  const staff = await signAccessToken(await createStaff(db, { email: `bench-production-admin-${Date.now()}@bench.test`, role: 'admin' }));
  const V2 = 'application/json; version=2.0.0';
  const handler = async (fn: string) => (await import(`../../functions/${fn}.ts`)).default as Handler;
  const pages = (make: (page: number) => () => Request) => Array.from({ length: n }, (_, i) => make((i % 5) + 1));
  const active = (await db.pool.query(`select d.id from public.doctors d where d.status = 1 and exists (select 1 from public.schedules s where s.doctor_id = d.id and s.working_day > current_date) order by d.id limit $1`, [n])).rows.map((r) => Number(r.id));
  const admin: [string, string, (() => Request)[]][] = [
    ['admin_me', 'admin-me', Array.from({ length: n }, () => json('/api/admin/me', staff, 'GET'))],
    ['admin_doctor_list', 'admin-doctors', pages((p) => json(`/api/admin/doctors?page=${p}`, staff, 'GET'))],
    ['admin_appointment_list', 'admin-appointments', pages((p) => json(`/api/admin/appointments?from=${dir.today}&to=${addDays(dir.today, 30)}&page=${p}`, staff, 'GET'))],
    ['admin_user_list', 'admin-users', pages((p) => json(`/api/admin/users?page=${p}`, staff, 'GET', undefined, V2))],
    ['admin_doctor_status_save', 'admin-doctors', active.map((id) => json(`/api/admin/doctors/${id}/status`, staff, 'PUT', { status: 1 }))],
  ];
  for (const [label, fn, requests] of admin) await measureRequests(ctx, label, await handler(fn), requests, Math.min(WRITE_WARM_UP, Math.floor(requests.length / 2)));
}

/**
 * The share of `rate` requests a second, drawn from `lines`, that reach the function behind one shared cache
 * keeping each address CDN.freshSeconds, then answering it stale CDN.staleSeconds more while one request replaces it.
 */
export function originShare(lines: readonly string[], rate: number, seed = 1): { share: number; missShare: number } {
  const random = createRandom(seed);
  const fetchedAt = new Map<string, number>();
  let counted = 0;
  let origin = 0;
  let misses = 0;
  const total = rate * SIMULATED_SECONDS;
  for (let i = 0; i < total; i++) {
    const t = i / rate;
    const line = lines[Math.floor(random.next() * lines.length)];
    const at = fetchedAt.get(line);
    const age = at === undefined ? Infinity : t - at;
    // Past its fresh seconds a request reaches the function: a miss (the visitor waits) once past the stale ones
    // too, else the background revalidation of the first stale answer (its copy is then fresh again).
    const reaches = age >= CDN.freshSeconds;
    if (reaches) fetchedAt.set(line, t);
    if (t >= SIMULATION_WARM_UP_SECONDS) {
      counted++;
      if (reaches) origin++;
      if (age >= CDN.freshSeconds + CDN.staleSeconds) misses++;
    }
  }
  return { share: origin / counted, missShare: misses / counted };
}

function simulateCdn(ctx: BenchContext, lists: [string, string[]][], counts: Record<string, number>): void {
  const mixes: [string, string[]][] = [
    ['schedule', ['doctor_schedule', 'doctor_schedule_nearest', 'telemedicine_schedule', 'service_schedule', 'service_schedule_nearest']],
    ['search', ['doctor_search', 'service_search', 'specialties']],
  ];
  for (const [mix, labels] of mixes) {
    // An even mix of the calls: each list contributes the same number of requests.
    const lines = lists.filter(([l]) => labels.includes(l)).flatMap(([, list]) => list);
    for (const rate of RATES) {
      const { share, missShare } = originShare(lines, rate);
      ctx.emit({
        name: `${mix}-origin-share-${rate}rps`,
        value: round(share * 100, 2),
        unit: '%',
        detail: { rate, originRps: round(share * rate, 1), missPercent: round(missShare * 100, 2), distinctAddresses: new Set(lines).size, ...CDN, simulatedSeconds: SIMULATED_SECONDS, ...counts },
      });
    }
  }
}

const bench: Benchmark = {
  name: 'production',
  async run(ctx) {
    const server = await ensurePgServer();
    const name = uniqueDatabaseName('care_bench_production');
    const url = await createServerDatabase(server.url, name);
    // As through Supabase's transaction-mode pooler: every query unnamed, no session kept between transactions.
    const previous = process.env.DATABASE_PREPARED_STATEMENTS;
    process.env.DATABASE_PREPARED_STATEMENTS = 'off';
    const db = await openDatabase({ url });
    try {
      await buildDatabase(db, { seed: true, scale: ctx.scale });
      const dir = await readDirectory(db);
      const counts = { doctors: dir.doctors.length, telemedicineDoctors: dir.tele.length, services: dir.services.length, branches: dir.hospitals.length, scale: ctx.scale };
      ctx.log(`scale ${ctx.scale}: ${JSON.stringify(counts)}`);
      const lists = requestLists(dir);
      simulateCdn(ctx, lists, counts);
      useDatabase(db);
      countRoundTrips();
      const handlers = new Map<string, Handler>();
      for (const fn of new Set(Object.values(FUNCTION_OF))) handlers.set(fn, (await import(`../../functions/${fn}.ts`)).default as Handler);
      for (const [label, list] of lists) await measureCalls(ctx, label, handlers.get(FUNCTION_OF[label])!, list);
      await measureWrites(ctx, db, dir);
    } finally {
      useDatabase(undefined);
      setRateLimit('booking_create', undefined);
      await db.close();
      if (previous === undefined) delete process.env.DATABASE_PREPARED_STATEMENTS;
      else process.env.DATABASE_PREPARED_STATEMENTS = previous;
      await dropServerDatabase(server.url, name);
      await server.stop();
    }
  },
};
export default bench;
