/**
 * Full static build from a database seeded at the requested scale (DESIGN §8: ~60,000 pages at scale 10 in
 * under 3 minutes and 2 GB on 2 cores). Reads through a real PostgreSQL server as production reads Supabase.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/data/db';
import { buildDatabase, createServerDatabase, dropServerDatabase } from '../../scripts/lib/db-setup';
import { ensurePgServer, uniqueDatabaseName } from '../../scripts/lib/pg-server';
import type { Benchmark } from './harness';

const root = path.resolve(import.meta.dirname, '../..');

const bench: Benchmark = {
  name: 'build',
  async run({ scale, emit, log }) {
    const server = await ensurePgServer();
    const name = uniqueDatabaseName('care_bench');
    const url = await createServerDatabase(server.url, name);
    const out = mkdtempSync(path.join(tmpdir(), 'care-build-'));
    try {
      const db = await openDatabase({ url });
      const t0 = performance.now();
      await buildDatabase(db, { seed: true, scale });
      await db.close();
      log(`seeded scale ${scale} on PostgreSQL in ${((performance.now() - t0) / 1000).toFixed(1)} s; building…`);
      const r = spawnSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'scripts/build.ts'), '--out', out, '--json'], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: url },
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      });
      if (r.status !== 0) throw new Error(`build failed: ${r.stderr.slice(-2000)}`);
      const figures = JSON.parse(r.stdout.trim().split('\n').pop()!) as { pages: number; seconds: number; pagesPerSecond: number; peakMemoryMb: number };
      const detail = { scale, pages: figures.pages };
      emit({ name: 'build.pages', value: figures.pages, unit: 'pages', detail: { scale } });
      emit({ name: 'build.seconds', value: figures.seconds, unit: 's', budget: 180, detail });
      emit({ name: 'build.pages_per_second', value: figures.pagesPerSecond, unit: 'pages/s', detail });
      emit({ name: 'build.peak_memory', value: figures.peakMemoryMb, unit: 'MB', budget: 2048, detail });
    } finally {
      rmSync(out, { recursive: true, force: true });
      await dropServerDatabase(server.url, name);
      await server.stop();
    }
  },
};
export default bench;
