/**
 * Booking reliability and cost (issue #26), on embedded PGlite and on PostgreSQL 15 when one answers:
 * - booking-race-cap1 / booking-race-cap3: 500 patients hold one slot at once through the HTTP API; bookings made
 *   (budget: the capacity), with the count of clear 409s in detail;
 * - booking-idempotent: one key sent 50 times at once; distinct bookings (budget 1);
 * - booking-create-p95-ratio: p95 of hold + confirm for 100 concurrent patients over the p95 of the same two
 *   requests to a bare node:http JSON server measured in the same run, reported without a budget (DESIGN §8: one
 *   local process queues writes; what production pays per call is tests/bench/production.bench.ts's
 *   booking_create and booking_confirm);
 * - booking-page-js: KB gzip the booking page loads (budget 40), from the built site (dist/, built if missing).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Benchmark, BenchContext } from './harness';
import { percentile, round } from './harness';
import { pageScripts } from './page-weight.bench';
import type { FreeSlot } from '../support/booking';

interface Setup { url: string; baselineUrl: string; tokens: string[]; cap1: FreeSlot; cap3: FreeSlot; same: FreeSlot; latency: FreeSlot[] }

async function start(engine: 'pglite' | 'postgres'): Promise<Setup & { child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, 'support/booking-server.ts'), engine], { stdio: ['ignore', 'pipe', 'inherit'] });
  const rl = createInterface({ input: child.stdout!, crlfDelay: Infinity });
  const line = await new Promise<string>((resolve, reject) => {
    rl.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`booking server exited (${code})`)));
  });
  return { ...JSON.parse(line), child };
}

// A connection per request: kept-alive sockets closed by the server between phases answered 'socket hang up'.
const agent = new http.Agent({ keepAlive: false, maxSockets: 1000 });

function post(url: string, token: string, body: unknown): Promise<{ status: number; json: any }> {
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => {
        let json: unknown = null;
        try {
          json = JSON.parse(text);
        } catch {
          /* not JSON */
        }
        resolve({ status: res.statusCode ?? 0, json });
      });
    });
    req.on('error', reject);
    req.end(data);
  });
}

const holdBody = (s: FreeSlot, key: string) => ({ kind: 'doctor', doctorId: s.doctorId, date: s.date, scheduleId: s.slotId, telemedicine: false, idempotencyKey: key });
const newKey = () => crypto.randomUUID().replace(/-/g, '') + 'b';

async function race(ctx: BenchContext, engine: string, setup: Setup, slot: FreeSlot, capacity: number) {
  const answers = await Promise.all(setup.tokens.map((t) => post(`${setup.url}/api/bookings/holds`, t, holdBody(slot, newKey()))));
  const made = new Set(answers.filter((a) => a.status === 200).map((a) => a.json._data.id)).size;
  const conflicts = answers.filter((a) => a.status === 409 && a.json?._data?.reason === 'slot-full').length;
  const other = answers.length - made - conflicts;
  ctx.emit({ name: `booking-race-cap${capacity}`, value: made, unit: 'bookings', budget: capacity, detail: { engine, attempts: answers.length, clear409: conflicts, otherAnswers: other } });
}

async function idempotent(ctx: BenchContext, engine: string, setup: Setup) {
  const key = newKey();
  const answers = await Promise.all(Array.from({ length: 50 }, () => post(`${setup.url}/api/bookings/holds`, setup.tokens[0], holdBody(setup.same, key))));
  const ids = new Set(answers.filter((a) => a.status === 200).map((a) => a.json._data.id));
  ctx.emit({ name: 'booking-idempotent', value: ids.size, unit: 'bookings', budget: 1, detail: { engine, requests: 50, ok: answers.filter((a) => a.status === 200).length } });
}

async function p95Ratio(ctx: BenchContext, engine: string, setup: Setup) {
  const flow = async (i: number) => {
    const t0 = performance.now();
    const token = setup.tokens[100 + i];
    const held = await post(`${setup.url}/api/bookings/holds`, token, holdBody(setup.latency[i], newKey()));
    if (held.status !== 200) return { ms: performance.now() - t0, ok: false };
    const done = await post(`${setup.url}/api/bookings/${held.json._data.id}/confirm`, token, { familyMemberId: null, contactPhone: '0901234567', paymentMethod: 'cash-on-delivery' });
    return { ms: performance.now() - t0, ok: done.status === 200 };
  };
  const bare = async () => {
    const t0 = performance.now();
    await post(setup.baselineUrl, 'x', {});
    await post(setup.baselineUrl, 'x', {});
    return performance.now() - t0;
  };
  await Promise.all(Array.from({ length: 20 }, (_, i) => flow(100 + i))); // warm-up on slots 100..119
  const runs = await Promise.all(Array.from({ length: 100 }, (_, i) => flow(i)));
  await Promise.all(Array.from({ length: 100 }, bare));
  const base = (await Promise.all(Array.from({ length: 100 }, bare))).sort((a, b) => a - b);
  const samples = runs.map((r) => r.ms).sort((a, b) => a - b);
  const p95 = percentile(samples, 95);
  const baseP95 = percentile(base, 95);
  ctx.emit({ name: 'booking-create-p95-ratio', value: round(p95 / baseP95, 1), unit: 'x', detail: { engine, p95Ms: round(p95), baselineP95Ms: round(baseP95), errors: runs.filter((r) => !r.ok).length } });
}

function pageJs(ctx: BenchContext) {
  const root = path.resolve(import.meta.dirname, '../..');
  const page = path.join(root, 'dist/vi-vn/booking/doctor/index.html');
  if (!existsSync(page)) spawnSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'scripts/build.ts')], { stdio: 'inherit', cwd: root });
  const s = pageScripts(path.join(root, 'dist'), readFileSync(page, 'utf8'));
  const kb = (m: Map<string, number>) => round([...m.values()].reduce((a, b) => a + b, 0) / 1024, 1);
  ctx.emit({ name: 'booking-page-js', value: kb(s.onLoad), unit: 'KB', budget: 40, detail: { page: '/vi-vn/booking/doctor/', lazyKB: kb(s.lazy), scripts: [...s.onLoad.keys()].map((f) => path.basename(f)) } });
}

const bench: Benchmark = {
  name: 'booking-flow',
  async run(ctx) {
    pageJs(ctx);
    const engines: ('pglite' | 'postgres')[] = ['pglite'];
    if (spawnSync('pg_isready', ['-h', '127.0.0.1']).status === 0) engines.push('postgres');
    for (const engine of engines) {
      const setup = await start(engine);
      try {
        await race(ctx, engine, setup, setup.cap1, 1);
        await race(ctx, engine, setup, setup.cap3, 3);
        await idempotent(ctx, engine, setup);
        await p95Ratio(ctx, engine, setup);
      } finally {
        setup.child.kill('SIGTERM');
        await new Promise((r) => setup.child.once('exit', r));
      }
    }
  },
};

export default bench;
