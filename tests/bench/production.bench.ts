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
import { useDatabase } from '../../src/server/runtime';
import { buildDatabase, createServerDatabase, dropServerDatabase } from '../../scripts/lib/db-setup';
import { ensurePgServer, uniqueDatabaseName } from '../../scripts/lib/pg-server';
import { createRandom } from '../../supabase/seed/random';
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

async function measureCalls(ctx: BenchContext, label: string, handler: Handler, lines: string[]): Promise<void> {
  const distinct = [...new Set(lines)];
  // A small list (specialties: one address per branch) keeps half of its addresses for the measurement.
  const warmUp = Math.min(WARM_UP, Math.floor(distinct.length / 2));
  const warm = distinct.slice(0, warmUp);
  const measured = distinct.slice(warmUp, warmUp + CALLS);
  for (const line of warm) await (await handler(toRequest(line), { ip: '203.0.113.7' })).arrayBuffer();
  let bytes = 0;
  let failed = 0;
  const trips0 = roundTrips;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (const line of measured) {
    const res = await handler(toRequest(line), { ip: '203.0.113.7' });
    if (res.status !== 200) failed++;
    bytes += await answerBytes(res);
  }
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const n = measured.length;
  const cpuUs = (cpu.user + cpu.system) / n;
  const detail = { calls: n, distinctAddresses: distinct.length, failed, wallMsPerCall: round(wallMs / n, 3), userUs: round(cpu.user / n, 1), systemUs: round(cpu.system / n, 1) };
  ctx.log(`${label}: ${round(cpuUs, 1)} µs CPU, ${round((roundTrips - trips0) / n, 2)} round trips, ${round(bytes / n, 0)} bytes a call (${n} calls, ${failed} failed)`);
  if (label === 'doctor_schedule') ctx.emit({ name: 'schedule-call-cpu-us', value: round(cpuUs, 1), unit: 'µs', detail });
  if (label === 'doctor_search') ctx.emit({ name: 'search-call-cpu-us', value: round(cpuUs, 1), unit: 'µs', detail });
  ctx.emit({ name: `call-cpu-us.${label}`, value: round(cpuUs, 1), unit: 'µs', detail });
  ctx.emit({ name: `call-round-trips.${label}`, value: round((roundTrips - trips0) / n, 2), unit: 'round trips', detail });
  ctx.emit({ name: `call-bytes.${label}`, value: round(bytes / n, 0), unit: 'bytes', detail });
  ctx.emit({ name: `call-failures.${label}`, value: failed, unit: 'calls', budget: 0, detail });
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
    } finally {
      useDatabase(undefined);
      await db.close();
      if (previous === undefined) delete process.env.DATABASE_PREPARED_STATEMENTS;
      else process.env.DATABASE_PREPARED_STATEMENTS = previous;
      await dropServerDatabase(server.url, name);
      await server.stop();
    }
  },
};
export default bench;
