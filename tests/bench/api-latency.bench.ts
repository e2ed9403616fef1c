/**
 * Latency of the functions platform under 200 concurrent requests on a local node:http server (the server in a
 * child process, so the load generator does not share its event loop): a trivial authenticated endpoint
 * (GET /api/session: JWT verification, validation, envelope), and GET /api/admin/me (JWT + staff lookup +
 * a transaction as the caller) on embedded PGlite and on PostgreSQL when one answers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import http from 'node:http';
import type { Benchmark, BenchContext } from './harness';
import { percentile, round } from './harness';

const CONCURRENCY = 200;
const ROUNDS = 10;

async function startServer(engine: 'pglite' | 'postgres'): Promise<{ url: string; baselineUrl: string; staffToken: string; child: ChildProcess }> {
  const script = path.resolve(import.meta.dirname, 'support/latency-server.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script, engine], { stdio: ['ignore', 'pipe', 'inherit'] });
  const rl = createInterface({ input: child.stdout! });
  const line = await new Promise<string>((resolve, reject) => {
    rl.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`latency server exited (${code})`)));
  });
  return { ...JSON.parse(line), child };
}

function get(url: string, token: string, agent: http.Agent): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/**
 * p50/p95 under CONCURRENCY connections to one local process, and errors (budget 0). No absolute p95 budget (issue
 * 38 item 14): the queue of one process is not what production pays per call (tests/bench/production.bench.ts).
 */
async function measure(ctx: BenchContext, name: string, url: string, token: string, agent: http.Agent) {
  const one = async () => {
    const t0 = performance.now();
    try {
      const res = await get(url, token, agent);
      return { ms: performance.now() - t0, ok: res.status === 200 && JSON.parse(res.body)._status === 1 };
    } catch {
      return { ms: performance.now() - t0, ok: false };
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, one)); // warm-up
  const samples: number[] = [];
  let errors = 0;
  const t0 = performance.now();
  for (let r = 0; r < ROUNDS; r++) {
    for (const s of await Promise.all(Array.from({ length: CONCURRENCY }, one))) {
      samples.push(s.ms);
      if (!s.ok) errors++;
    }
  }
  const seconds = (performance.now() - t0) / 1000;
  samples.sort((a, b) => a - b);
  const detail = { concurrency: CONCURRENCY, requests: samples.length, throughputPerSecond: round(samples.length / seconds, 0) };
  ctx.emit({ name: `${name}.p50`, value: round(percentile(samples, 50)), unit: 'ms', detail });
  ctx.emit({ name: `${name}.p95`, value: round(percentile(samples, 95)), unit: 'ms', detail });
  ctx.emit({ name: `${name}.errors`, value: errors, unit: 'requests', budget: 0, detail });
}

const bench: Benchmark = {
  name: 'api-latency',
  async run(ctx) {
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    for (const engine of ['pglite', 'postgres'] as const) {
      let server;
      try {
        server = await startServer(engine);
      } catch (e) {
        ctx.log(`${engine}: no server (${(e as Error).message}); skipped`);
        continue;
      }
      try {
        if (engine === 'pglite') {
          await measure(ctx, 'api.baseline.bare-node-http', server.baselineUrl, server.staffToken, agent);
          await measure(ctx, 'api.session.authenticated', `${server.url}/api/session`, server.staffToken, agent);
        }
        await measure(ctx, `api.admin-me.${engine}`, `${server.url}/api/admin/me`, server.staffToken, agent);
      } finally {
        server.child.kill('SIGTERM');
      }
    }
    agent.destroy();
  },
};
export default bench;
