/**
 * Schedule and search functions under 200 concurrent connections (issue #6; DESIGN §8: no errors under load), on the local server (scripts/lib/server.ts in a child process) over a database seeded at the
 * benchmark-scale directory (BENCHMARK_SCALE, the build benchmark's 60,000 pages) or the scale given. The load comes from `wrk` (Debian package, a C load
 * generator: the figures are the server's, not a Node client's) replaying a request list that spreads calls over
 * the whole directory the way visitors do: doctors, services and branches drawn with a Zipf popularity law
 * (s = 1; a few popular, a long tail), the date strip's window and nearest-day call as the islands ask them (or,
 * BENCH_WINDOWS=spread, windows and start days of any client), searches with and without specialty and keyword.
 * Each call runs cold first (2 s of warm-up, then SECONDS measured: `cold_p95`, no budget), then in the steady
 * state (each wrk thread has walked the whole list: every owner loaded, the CDN's copies coming
 * and going), then one connection at a time (the cost of a single request).
 *
 * Engines: PostgreSQL (the local server, always) and embedded PGlite (at scale ≤ 2, or BENCH_PGLITE=1; 0: never).
 * BENCH_CALLS=doctor_schedule,… measures only those calls; BENCH_SECONDS sets the length of each run (10).
 * BENCH_DATABASE_URL reuses an already seeded PostgreSQL database (not dropped); with it, BENCH_SERVER_URL measures a
 * server started by hand over that database (tests/bench/support/serve-api.ts under node --cpu-prof, say).
 * LOCAL_CDN_CACHE=off measures without the local server's stand-in for Netlify's CDN cache. Also: the JavaScript the booking card and quick-booking widget add on top of the UI runtime (Preact with its React compat layer)
 * (budget 25 KB gzip), bundled and minified as the site ships them.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { openDatabase, type Database } from '../../src/data/db';
import { addDays, isoWeekday } from '../../src/lib/hospital-time';
import { buildDatabase, createServerDatabase, dropServerDatabase } from '../../scripts/lib/db-setup';
import { ensurePgServer, uniqueDatabaseName } from '../../scripts/lib/pg-server';
import { createRandom } from '../../supabase/seed/random';
import { stripRange } from '../../src/lib/slots';
import { BENCHMARK_SCALE, round, type Benchmark, type BenchContext } from './harness';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const CONCURRENCY = 200;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
// No absolute latency budget (issue 38 item 14): 200 connections to one local process measure its queue, not
// what production pays per call; tests/bench/production.bench.ts reports that (CPU, round trips, bytes per call).
/** Requests in each call's list: far more than the distinct URLs a few seconds of traffic touch. */
const LIST_LENGTH = 50_000;
const V2 = 'application/json; version=2.0.0';

async function bundleSize(): Promise<{ raw: number; gzip: number }> {
  const r = await build({
    stdin: {
      contents: `export { default as BookingCard } from './src/islands/booking/BookingCard';\nexport { default as QuickBooking } from './src/islands/booking/QuickBooking';`,
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    // The runtime is already on the page (islands import React's API, which the site resolves to preact/compat);
    // the Supabase client is a lazy chunk loaded when a patient continues.
    alias: { react: 'preact/compat', 'react-dom': 'preact/compat', 'react/jsx-runtime': 'preact/jsx-runtime' },
    external: ['preact', 'preact/compat', 'preact/hooks', 'preact/jsx-runtime', '@supabase/supabase-js'],
    define: { 'import.meta.env.PUBLIC_SUPABASE_URL': '""', 'import.meta.env.PUBLIC_SUPABASE_ANON_KEY': '""', 'import.meta.env.PUBLIC_AD_NETWORK_CODE': '""' },
  });
  const code = r.outputFiles[0].contents;
  return { raw: code.byteLength, gzip: gzipSync(code, { level: 9 }).byteLength };
}

/** Draws indexes 0..n-1 with probability ∝ 1/(rank+1)^s, ranks shuffled so popularity has nothing to do with ids. */
export function zipf(n: number, random: ReturnType<typeof createRandom>, s = 1) {
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) cdf[i] = sum += 1 / Math.pow(i + 1, s);
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random.next() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return () => {
    const x = random.next() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return order[lo];
  };
}

export interface Directory {
  doctors: number[];
  tele: number[];
  services: number[];
  hospitals: number[];
  /** Specialty ids per hospital (bookable doctors'), and doctor-name fragments for keywords. */
  specialties: Map<number, number[]>;
  keywords: string[];
  today: string;
}

export async function readDirectory(db: Database): Promise<Directory> {
  const ids = async (sql: string) => (await db.pool.query(sql)).rows.map((r) => Number(r.id));
  const published = `join public.hospitals h on h.id = x.hospital_id join public.organizations o on o.id = h.organization_id where h.is_active and o.is_active and x.status = 1`;
  const doctors = await ids(`select x.id from public.doctors x ${published} and x.outpatient_enabled order by x.id`);
  const tele = await ids(`select x.id from public.doctors x ${published} and x.telemedicine_enabled order by x.id`);
  const services = await ids(`select x.id from public.hospital_services x ${published} and not x.is_package and x.availability <> 0 order by x.id`);
  const hospitals = await ids(`select h.id from public.hospitals h join public.organizations o on o.id = h.organization_id where h.is_active and o.is_active order by h.id`);
  const specialties = new Map<number, number[]>();
  for (const r of (await db.pool.query(`select distinct d.hospital_id, ds.specialty_id from public.doctor_specialties ds join public.doctors d on d.id = ds.doctor_id where d.status = 1`)).rows) {
    const list = specialties.get(Number(r.hospital_id)) ?? [];
    list.push(Number(r.specialty_id));
    specialties.set(Number(r.hospital_id), list);
  }
  const keywords = (await db.pool.query(`select distinct lower(substr(split_part(name, ' ', 2), 1, 4)) as k from public.doctors where length(split_part(name, ' ', 2)) >= 3 limit 200`)).rows.map((r) => r.k as string);
  const today = (await db.pool.query(`select to_char(current_date, 'YYYY-MM-DD') as d`)).rows[0].d as string;
  return { doctors, tele, services, hospitals, specialties, keywords, today };
}

/** The request lists, one per call, as the islands send them (src/islands/booking/useSchedule.ts, QuickBooking). */
export function requestLists(dir: Directory): [string, string[]][] {
  const random = createRandom(20261123);
  const doctor = zipf(dir.doctors.length, random);
  const tele = zipf(dir.tele.length, random);
  const service = zipf(dir.services.length, random);
  const hospital = zipf(dir.hospitals.length, random);
  // What the date strip asks (stripRange, src/lib/slots.ts): every visitor of an owner today sends the
  // same window and, when it has no slot, the same nearest-day start. BENCH_WINDOWS=spread draws them as a client
  // free to ask anything would: three windows in ten in later weeks, nearest-day calls from 28 start days.
  const strip = stripRange(dir.today);
  const spread = process.env.BENCH_WINDOWS === 'spread';
  const monday = addDays(dir.today, -(isoWeekday(dir.today) - 1));
  const window = () => {
    const r = random.next();
    const weeks = !spread || r < 0.7 ? 0 : r < 0.85 ? 1 : r < 0.95 ? 2 : 3;
    return weeks === 0 ? `startDate=${strip.start}&endDate=${strip.end}` : `startDate=${addDays(monday, 7 * weeks)}&endDate=${addDays(monday, 7 * weeks + 20)}`;
  };
  const nearest = () => `startDate=${spread ? addDays(dir.today, random.int(0, 27)) : strip.nearestFrom}`;
  const list = (make: () => string) => Array.from({ length: LIST_LENGTH }, make);
  const keyword = () => (random.chance(0.3) ? `&keyword=${encodeURIComponent(random.pick(dir.keywords))}` : '');
  return [
    ['doctor_schedule', list(() => `/api/doctors/${dir.doctors[doctor()]}/schedules?${window()}`)],
    ['doctor_schedule_nearest', list(() => `/api/doctors/${dir.doctors[doctor()]}/schedules?${nearest()}`)],
    ['telemedicine_schedule', list(() => `/api/doctors/${dir.tele[tele()]}/telemedicine-schedules?${window()}`)],
    ['service_schedule', list(() => `/api/services/schedules?serviceId=${dir.services[service()]}&${window()}`)],
    ['service_schedule_nearest', list(() => `/api/services/schedules?serviceId=${dir.services[service()]}&${nearest()}`)],
    [
      'doctor_search',
      list(() => {
        const h = dir.hospitals[hospital()];
        const sp = dir.specialties.get(h) ?? [];
        const specialty = sp.length && random.chance(0.5) ? String(random.pick(sp)) : '';
        return `/api/quick-booking/doctors?hospitalBranchId=${h}&specialtyId=${specialty}${keyword()}\t${V2}`;
      }),
    ],
    ['service_search', list(() => `/api/quick-booking/services?hospitalBranchId=${dir.hospitals[hospital()]}${keyword()}\t${V2}`)],
    ['specialties', list(() => `/api/hospitals/specialties?hospitalId=${dir.hospitals[hospital()]}`)],
  ];
}

interface WrkResult { requests: number; rps: number; p50: number; p95: number; p99: number; max: number; errorAnswers: number; socketErrors: number; timeouts: number }

async function wrk(base: string, listFile: string, connections: number, seconds: number, threads = 2): Promise<WrkResult> {
  const script = path.join(import.meta.dirname, 'support/requests.lua');
  const { stdout } = await run('wrk', ['-t', String(Math.min(threads, connections)), '-c', String(connections), '-d', `${seconds}s`, '--timeout', '5s', '-s', script, base, '--', listFile], {
    maxBuffer: 1 << 20,
  });
  const line = stdout.split('\n').find((l) => l.startsWith('{"requests"'));
  if (!line) throw new Error(`wrk printed no result:\n${stdout}`);
  return JSON.parse(line) as WrkResult;
}

async function startApiServer(env: Record<string, string>): Promise<{ base: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'tests/bench/support/serve-api.ts')], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const base = await new Promise<string>((resolve, reject) => {
    child.stdout!.once('data', (b: Buffer) => resolve(b.toString().trim().split('\n')[0]));
    child.once('exit', (c) => reject(new Error(`server exited ${c}`)));
  });
  return { base, child };
}

/**
 * The Netlify function answering each call. On Netlify each function runs in instances of its own, which keep
 * their own loads; the bench gives each function a local server of its own, so the searches are not measured in
 * a process holding every schedule load of the directory (measured in one process: doctor search p95 51–54 ms
 * after the schedule calls, 25–31 ms without them).
 */
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

async function measureEngine(ctx: BenchContext, scale: number, engine: 'postgres' | 'pglite', env: Record<string, string>, lists: [string, string[]][]) {
  // BENCH_SERVER_URL: a server started by hand over the same database (to profile it: node --cpu-prof …).
  const own = process.env.BENCH_SERVER_URL;
  let server = null as { base: string; child: ChildProcess; fn: string } | null;
  const dir = mkdtempSync(path.join(tmpdir(), 'care-bench-requests-'));
  // The local server answers repeated calls as Netlify's CDN would (scripts/lib/cdn-cache.ts) unless turned off.
  const cdnCache = process.env.LOCAL_CDN_CACHE === 'off' ? 'off' : 'on';
  try {
    const only = process.env.BENCH_CALLS?.split(',');
    for (const [label, list] of lists) {
      if (only && !only.includes(label)) continue;
      const file = path.join(dir, `${label}.txt`);
      writeFileSync(file, list.join('\n') + '\n');
      if (!own && server?.fn !== FUNCTION_OF[label]) {
        server?.child.kill('SIGTERM');
        server = { ...(await startApiServer(env)), fn: FUNCTION_OF[label] };
      }
      const base = own ?? server!.base;
      await wrk(base, file, CONCURRENCY, 2); // warm-up: connections, JIT, the database's buffers
      // Cold: the CDN stand-in and the instance have seen little of the directory yet (a fresh deployment).
      const cold = await wrk(base, file, CONCURRENCY, SECONDS);
      ctx.log(`${engine} ${label} (cold): p50 ${cold.p50} ms, p95 ${cold.p95} ms, p99 ${cold.p99} ms, ${cold.rps} req/s`);
      ctx.emit({ name: `booking.${engine}.${label}.cold_p95`, value: cold.p95, unit: 'ms', detail: { p50: cold.p50, p99: cold.p99, rps: cold.rps, requests: cold.requests } });
      // Then the steady-state run, in the steady state of a warm deployment: once each wrk thread has walked the whole
      // list (every address asked at least once), its owners loaded and the CDN's copies coming and going.
      const more = Math.ceil(LIST_LENGTH / Math.max(1, cold.rps / 2) - SECONDS - 2);
      if (more > 0) await wrk(base, file, CONCURRENCY, more);
      const load = loadavg().map((x) => round(x, 2));
      const r = await wrk(base, file, CONCURRENCY, SECONDS);
      const errors = r.errorAnswers + r.socketErrors + r.timeouts;
      const detail = { engine, scale, concurrency: CONCURRENCY, seconds: SECONDS, requests: r.requests, rps: r.rps, p50: r.p50, p99: r.p99, max: r.max, loadavg: load, cdnCache, windows: process.env.BENCH_WINDOWS === 'spread' ? 'spread' : 'islands' };
      ctx.log(`${engine} ${label}: p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms, ${r.rps} req/s, ${r.requests} requests, errors ${errors} (load ${load.join(' ')})`);
      ctx.emit({ name: `booking.${engine}.${label}.p50`, value: r.p50, unit: 'ms', detail });
      ctx.emit({ name: `booking.${engine}.${label}.p95`, value: r.p95, unit: 'ms', detail });
      ctx.emit({ name: `booking.${engine}.${label}.p99`, value: r.p99, unit: 'ms', detail });
      ctx.emit({ name: `booking.${engine}.${label}.rps`, value: r.rps, unit: 'requests/s', detail });
      ctx.emit({ name: `booking.${engine}.${label}.errors`, value: errors, unit: 'requests', budget: 0, detail: { ...detail, errorAnswers: r.errorAnswers, socketErrors: r.socketErrors, timeouts: r.timeouts } });
      // One connection: the cost of a single request, without queueing behind 199 others.
      const one = await wrk(base, file, 1, 3, 1);
      ctx.emit({ name: `booking.${engine}.${label}.sequential_p50`, value: one.p50, unit: 'ms', detail: { p95: one.p95, rps: one.rps } });
    }
  } finally {
    server?.child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

async function wrkAvailable(): Promise<boolean> {
  try {
    await run('wrk', ['--version']).catch((e: { stdout?: string }) => {
      // wrk --version prints its banner and exits 1.
      if (!String(e.stdout ?? '').includes('wrk')) throw e;
    });
    return true;
  } catch {
    return false;
  }
}

const bench: Benchmark = {
  name: 'booking',
  async run(ctx) {
    const { emit, log } = ctx;
    // The benchmark-scale directory unless --scale says otherwise (figures carry the scale they were taken at).
    const scale = ctx.scaleGiven ? ctx.scale : BENCHMARK_SCALE;
    const size = await bundleSize();
    emit({ name: 'booking.islands.js_gzip', value: round(size.gzip / 1024, 1), unit: 'KB', budget: 25, detail: { rawKB: round(size.raw / 1024, 1) } });

    if (!(await wrkAvailable())) {
      log('wrk is not installed: the load figures need it (apt-get install -y wrk, or bash scripts/ensure-system-deps.sh as root); skipped');
      emit({ name: 'booking.load.skipped_no_wrk', value: 1, unit: 'flag', budget: 0 });
      return;
    }

    // PostgreSQL: the local server's database at the benchmark scale.
    const reuse = process.env.BENCH_DATABASE_URL;
    const server = reuse ? null : await ensurePgServer();
    const name = uniqueDatabaseName('care_bench_booking');
    const url = reuse ?? (await createServerDatabase(server!.url, name));
    try {
      const db = await openDatabase({ url });
      if (!reuse) await buildDatabase(db, { seed: true, scale });
      const dir = await readDirectory(db);
      await db.close();
      log(`postgres, scale ${reuse ? '(reused database)' : scale}: ${dir.doctors.length} doctors, ${dir.tele.length} telemedicine, ${dir.services.length} services, ${dir.hospitals.length} branches`);
      await measureEngine(ctx, scale, 'postgres', { BENCH_DATABASE_URL: url }, requestLists(dir));
    } finally {
      if (!reuse) {
        await dropServerDatabase(server!.url, name);
        await server!.stop();
      }
    }

    // Embedded PGlite (what `npm start` runs): seeding it at the benchmark scale takes too long for a bench run.
    if (process.env.BENCH_PGLITE === '1' || (scale <= 2 && !reuse && process.env.BENCH_PGLITE !== '0')) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'care-bench-pglite-'));
      try {
        const db = await openDatabase({ dataDir });
        await buildDatabase(db, { seed: true, scale });
        const dir = await readDirectory(db);
        await db.close();
        log(`pglite, scale ${scale}: ${dir.doctors.length} doctors, ${dir.services.length} services, ${dir.hospitals.length} branches`);
        await measureEngine(ctx, scale, 'pglite', { BENCH_PGLITE_DIR: dataDir }, requestLists(dir));
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    } else log(`pglite: skipped at scale ${scale} (BENCH_PGLITE=1 to seed it anyway)`);
  },
};
export default bench;
