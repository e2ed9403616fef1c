/**
 * Full static build of the benchmark-scale directory (DESIGN §8: at least 60,000 pages, six locales, in under
 * 3 minutes and 2 GB on 2 cores), exactly as `npm run build` runs it (parallel by locale when there are several
 * cores). Reads through a real PostgreSQL server as production reads Supabase.
 *
 * Scale: `npm run bench -- --only build --scale N`; without --scale, BENCH_BUILD_SCALE or BENCHMARK_SCALE (tests/bench/harness.ts).
 * The figure build.pages carries the 60,000-page floor as its budget, so a scale too small for the benchmark shows
 * as over budget instead of passing quietly. With every public page type of issue #7 (hospital + tabs, doctor and
 * service + reviews, vaccinations, listings, home, search) scale 1 builds 10,019 pages; listings grow more slowly
 * than the directory, so re-check the figure when page types change.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/data/db';
import { buildDatabase, createServerDatabase, dropServerDatabase } from '../../scripts/lib/db-setup';
import { ensurePgServer, uniqueDatabaseName } from '../../scripts/lib/pg-server';
import { BENCHMARK_PAGES, BENCHMARK_SCALE, type Benchmark } from './harness';

const root = path.resolve(import.meta.dirname, '../..');

const bench: Benchmark = {
  name: 'build',
  async run({ scale: asked, scaleGiven, emit, log }) {
    const scale = scaleGiven ? asked : Number(process.env.BENCH_BUILD_SCALE ?? BENCHMARK_SCALE);
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
      // node --import tsx (not the tsx CLI, which runs the script in a child of its own): the build's process tree,
      // whose memory the build measures, is then everything the build runs.
      const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/build.ts'), '--out', out, '--json'], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: url },
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      });
      if (r.status !== 0) throw new Error(`build failed: ${r.stderr.slice(-2000)}`);
      const figures = JSON.parse(r.stdout.trim().split('\n').pop()!) as { pages: number; seconds: number; pagesPerSecond: number; peakMemoryMb: number; shards: number };
      const load = os.loadavg()[0];
      const detail = { scale, pages: figures.pages, processes: figures.shards, loadAverage1m: Number(load.toFixed(1)), cores: os.availableParallelism() };
      emit({ name: 'build.pages', value: figures.pages, unit: 'pages', budget: BENCHMARK_PAGES, higherIsBetter: true, detail: { scale } });
      emit({ name: 'build.seconds', value: figures.seconds, unit: 's', budget: 180, detail });
      // 60,000 pages in 180 s.
      emit({ name: 'build.pages_per_second', value: figures.pagesPerSecond, unit: 'pages/s', budget: Math.ceil(BENCHMARK_PAGES / 180), higherIsBetter: true, detail });
      emit({ name: 'build.peak_memory', value: figures.peakMemoryMb, unit: 'MB', budget: 2048, detail });
    } finally {
      rmSync(out, { recursive: true, force: true });
      await dropServerDatabase(server.url, name);
      await server.stop();
    }
  },
};
export default bench;
