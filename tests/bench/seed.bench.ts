/**
 * Seed time and row counts at the requested scale: on the embedded engine (PGlite, what `npm start` and every
 * test database pay) and on the real PostgreSQL server when one is available (scale 10 is the benchmark
 * directory: at least 60,000 public pages across the six locales).
 */
import { openDatabase, type Database } from '../../src/data/db';
import { buildDatabase, createServerDatabase, dropServerDatabase } from '../../scripts/lib/db-setup';
import { ensurePgServer, uniqueDatabaseName } from '../../scripts/lib/pg-server';
import type { Benchmark, BenchContext } from './harness';
import { round } from './harness';

/** Public pages the directory yields: hospital, doctor, service and vaccine detail pages (per vaccine and branch). */
async function publicPages(db: Database) {
  const { rows } = await db.pool.query(`
    with published as (select h.id from public.hospitals h join public.organizations o on o.id = h.organization_id where h.is_active and o.is_active)
    select (select count(*) from published)::int as hospitals,
           (select count(*) from public.doctors where hospital_id in (select id from published))::int as doctors,
           (select count(*) from public.hospital_services where status = 1 and hospital_id in (select id from published))::int as services,
           (select count(*) from public.vaccines where status = 1)::int as vaccines,
           (select count(*) from public.vaccine_details where hospital_id in (select id from published))::int as vaccine_details`);
  const r = rows[0];
  return { ...r, total: r.hospitals + r.doctors + r.services + r.vaccines + r.vaccine_details };
}

async function measure(ctx: BenchContext, engine: string, db: Database) {
  const t0 = performance.now();
  const { counts } = await buildDatabase(db, { seed: true, scale: ctx.scale, log: ctx.log });
  const ms = performance.now() - t0;
  // DESIGN budget for npm start and test databases: scale 1 seeds in under 20 s on PGlite.
  const budget = engine === 'pglite' && ctx.scale === 1 ? 20 : undefined;
  ctx.emit({ name: `seed.${engine}.scale${ctx.scale}.seconds`, value: round(ms / 1000), unit: 's', budget, detail: { scale: ctx.scale } });
  const pages = await publicPages(db);
  ctx.emit({ name: `seed.${engine}.scale${ctx.scale}.public_pages`, value: pages.total, unit: 'pages', detail: pages });
  for (const [table, n] of Object.entries(counts)) ctx.emit({ name: `seed.${engine}.rows.${table}`, value: n, unit: 'rows', detail: { scale: ctx.scale } });
}

const bench: Benchmark = {
  name: 'seed',
  async run(ctx) {
    if (ctx.scale <= 2 || process.env.BENCH_SEED_PGLITE === '1') {
      const db = await openDatabase({ dataDir: 'memory://' });
      try {
        await measure(ctx, 'pglite', db);
      } finally {
        await db.close();
      }
    } else ctx.log(`PGlite skipped at scale ${ctx.scale} (set BENCH_SEED_PGLITE=1 to include it)`);
    let server;
    try {
      server = await ensurePgServer();
    } catch (err) {
      ctx.log(`no PostgreSQL server: ${(err as Error).message}`);
      return;
    }
    const name = uniqueDatabaseName('care_bench_seed');
    try {
      const url = await createServerDatabase(server.url, name);
      const db = await openDatabase({ url, max: 2 });
      try {
        await measure(ctx, 'postgres', db);
      } finally {
        await db.close();
      }
    } finally {
      await dropServerDatabase(server.url, name).catch(() => undefined);
      await server.stop();
    }
  },
};
export default bench;
