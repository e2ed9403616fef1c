/**
 * admin-users-p95-ratio (issue #27; reported without a budget since DESIGN §8 retired p95 ratios for admin calls:
 * what production pays per call is tests/bench/production.bench.ts's admin_user_list): p95 of GET /api/admin/users (version 2.0.0, first page of 500+ staff,
 * as a platform admin) at 50 concurrent requests, divided by the p95 of a bare node:http server answering the same
 * bytes, measured in the same run (the server in a child process, apart from the load generator).
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Benchmark } from './harness';
import { percentile, round } from './harness';

const CONCURRENCY = 50;
const ROUNDS = 20;

function get(url: string, token: string, agent: http.Agent): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent, headers: { authorization: `Bearer ${token}`, accept: 'application/json; version=2.0.0' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode === 200));
    });
    req.on('error', () => resolve(false));
  });
}

async function p95(url: string, token: string, agent: http.Agent): Promise<{ p95: number; errors: number; requests: number }> {
  const one = async () => {
    const t0 = performance.now();
    const ok = await get(url, token, agent);
    return { ms: performance.now() - t0, ok };
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, one));
  const samples: number[] = [];
  let errors = 0;
  for (let r = 0; r < ROUNDS; r++) {
    for (const s of await Promise.all(Array.from({ length: CONCURRENCY }, one))) {
      samples.push(s.ms);
      if (!s.ok) errors++;
    }
  }
  samples.sort((a, b) => a - b);
  return { p95: percentile(samples, 95), errors, requests: samples.length };
}

const bench: Benchmark = {
  name: 'admin-users-p95-ratio',
  async run({ emit, log }) {
    const child = spawn(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, 'support/admin-users-server.ts')], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout! }).once('line', resolve);
        child.once('exit', (code) => reject(new Error(`admin users server exited (${code})`)));
      });
      const { url, baselineUrl, token, bytes } = JSON.parse(line) as { url: string; baselineUrl: string; token: string; bytes: number };
      const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
      const bare = await p95(baselineUrl, token, agent);
      const users = await p95(`${url}/api/admin/users`, token, agent);
      agent.destroy();
      log(`users p95 ${round(users.p95)} ms, bare node:http p95 ${round(bare.p95)} ms (${bytes} bytes an answer)`);
      emit({ name: 'admin-users-p95-ratio', value: round(users.p95 / bare.p95), unit: 'ratio', detail: { usersP95Ms: round(users.p95), bareP95Ms: round(bare.p95), concurrency: CONCURRENCY, requests: users.requests } });
      emit({ name: 'admin-users errors', value: users.errors, unit: 'requests', budget: 0 });
    } finally {
      child.kill('SIGTERM');
    }
  },
};

export default bench;
