/**
 * Schedule and search functions under 200 concurrent requests (issue #6, DESIGN §8: p95 under 30 ms, no errors),
 * on the local server over a PostgreSQL database seeded at the requested scale. The server runs in a child
 * process so the load generator does not share its event loop. Also: the JavaScript the booking card and the
 * quick-booking widget add on top of React (budget 25 KB gzip), bundled and minified as the site ships them.
 */
import { spawn } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { build } from 'esbuild';
import { openDatabase } from '../../src/data/db';
import { buildDatabase, createServerDatabase, dropServerDatabase } from '../../scripts/lib/db-setup';
import { ensurePgServer, uniqueDatabaseName } from '../../scripts/lib/pg-server';
import { percentile, round, type Benchmark } from './harness';

const root = path.resolve(import.meta.dirname, '../..');
const CONCURRENCY = 200;
const REQUESTS = 3000;
const P95_BUDGET_MS = 30;

async function load(base: string, urls: () => { url: string; headers?: Record<string, string> }, CONCURRENCY_ = CONCURRENCY, REQUESTS_ = REQUESTS): Promise<{ p50: number; p95: number; p99: number; errors: number; rps: number }> {
  const times: number[] = [];
  let errors = 0;
  let issued = 0;
  const t0 = performance.now();
  const worker = async () => {
    while (issued < REQUESTS_) {
      issued++;
      const { url, headers } = urls();
      const s = performance.now();
      try {
        const res = await fetch(base + url, { headers });
        const body = (await res.json()) as { _status: number };
        if (!res.ok || body._status !== 1) errors++;
      } catch {
        errors++;
      }
      times.push(performance.now() - s);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY_ }, worker));
  const seconds = (performance.now() - t0) / 1000;
  times.sort((a, b) => a - b);
  return { p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), p99: round(percentile(times, 99)), errors, rps: round(times.length / seconds, 0) };
}

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
    // React is already on the page; the Supabase client is a lazy chunk loaded when a patient continues.
    external: ['react', 'react-dom', 'react/jsx-runtime', '@supabase/supabase-js'],
    define: { 'import.meta.env.PUBLIC_SUPABASE_URL': '""', 'import.meta.env.PUBLIC_SUPABASE_ANON_KEY': '""' },
  });
  const code = r.outputFiles[0].contents;
  return { raw: code.byteLength, gzip: gzipSync(code, { level: 9 }).byteLength };
}

const bench: Benchmark = {
  name: 'booking',
  async run({ scale, emit, log }) {
    const size = await bundleSize();
    emit({ name: 'booking.islands.js_gzip', value: round(size.gzip / 1024, 1), unit: 'KB', budget: 25, detail: { rawKB: round(size.raw / 1024, 1) } });

    const server = await ensurePgServer();
    const name = uniqueDatabaseName('care_bench_booking');
    const url = await createServerDatabase(server.url, name);
    let child: ReturnType<typeof spawn> | undefined;
    try {
      const db = await openDatabase({ url });
      await buildDatabase(db, { seed: true, scale });
      const pick = async (sql: string) => (await db.pool.query(sql)).rows.map((r) => Number(r.id));
      const doctors = await pick(`select d.id from public.doctors d join public.hospitals h on h.id = d.hospital_id join public.organizations o on o.id = h.organization_id where d.status = 1 and d.outpatient_enabled and h.is_active and o.is_active`);
      const tele = await pick(`select d.id from public.doctors d join public.hospitals h on h.id = d.hospital_id join public.organizations o on o.id = h.organization_id where d.status = 1 and d.telemedicine_enabled and h.is_active and o.is_active`);
      const services = await pick(`select s.id from public.hospital_services s join public.hospitals h on h.id = s.hospital_id join public.organizations o on o.id = h.organization_id where s.status = 1 and h.is_active and o.is_active`);
      const hospitals = await pick(`select h.id from public.hospitals h join public.organizations o on o.id = h.organization_id where h.is_active and o.is_active`);
      const today = (await db.pool.query(`select to_char(current_date, 'YYYY-MM-DD') as d`)).rows[0].d as string;
      const end = (await db.pool.query(`select to_char(current_date + 20, 'YYYY-MM-DD') as d`)).rows[0].d as string;
      await db.close();
      log(`scale ${scale}: ${doctors.length} doctors, ${services.length} services, ${hospitals.length} hospitals`);

      child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'tests/bench/support/serve-api.ts')], {
        cwd: root,
        env: { ...process.env, BENCH_DATABASE_URL: url },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const base = await new Promise<string>((resolve, reject) => {
        child!.stdout!.on('data', (b: Buffer) => resolve(b.toString().trim().split('\n')[0]));
        child!.on('exit', (c) => reject(new Error(`server exited ${c}`)));
      });
      const any = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)];
      const v2 = { accept: 'application/json; version=2.0.0' };
      const cases: [string, () => { url: string; headers?: Record<string, string> }][] = [
        ['doctor_schedule', () => ({ url: `/api/doctors/${any(doctors)}/schedules?startDate=${today}&endDate=${end}` })],
        ['doctor_schedule_nearest', () => ({ url: `/api/doctors/${any(doctors)}/schedules?startDate=${today}` })],
        ['telemedicine_schedule', () => ({ url: `/api/doctors/${any(tele)}/telemedicine-schedules?startDate=${today}&endDate=${end}` })],
        ['service_schedule', () => ({ url: `/api/services/schedules?serviceId=${any(services)}&startDate=${today}&endDate=${end}` })],
        ['doctor_search', () => ({ url: `/api/quick-booking/doctors?hospitalBranchId=${any(hospitals)}&specialtyId=`, headers: v2 })],
        ['service_search', () => ({ url: `/api/quick-booking/services?hospitalBranchId=${any(hospitals)}`, headers: v2 })],
        ['specialties', () => ({ url: `/api/hospitals/specialties?hospitalId=${any(hospitals)}` })],
      ];
      // Warm the server's pool and module caches first.
      await load(base, cases[0][1]);
      for (const [label, next] of cases) {
        const r = await load(base, next);
        log(`${label}: p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms, ${r.rps} req/s, errors ${r.errors}`);
        const detail = { scale, concurrency: CONCURRENCY, requests: REQUESTS, p99: r.p99, rps: r.rps };
        emit({ name: `booking.${label}.p50`, value: r.p50, unit: 'ms', detail });
        emit({ name: `booking.${label}.p95`, value: r.p95, unit: 'ms', budget: P95_BUDGET_MS, detail });
        emit({ name: `booking.${label}.errors`, value: r.errors, unit: 'requests', budget: 0, detail });
        // The same call one at a time: the cost of one request, without queueing behind 199 others.
        const one = await load(base, next, 1, 200);
        emit({ name: `booking.${label}.sequential_p50`, value: one.p50, unit: 'ms', detail: { p95: one.p95 } });
      }
    } finally {
      child?.kill();
      await dropServerDatabase(server.url, name);
      await server.stop();
    }
  },
};
export default bench;
