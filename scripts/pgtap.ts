/**
 * npm run test:pgtap: builds a fresh, seeded database on the PostgreSQL server (ensurePgServer), installs
 * pgTAP and the test support (supabase/tests/setup.sql), runs pg_prove on supabase/tests/database/*.test.sql
 * and drops the database. Exits non-zero when any test fails.
 */
import { spawnSync } from 'node:child_process';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { openDatabase } from '../src/data/db';
import { buildDatabase, createServerDatabase, dropServerDatabase } from './lib/db-setup';
import { ensurePgServer, uniqueDatabaseName } from './lib/pg-server';

const root = path.resolve(import.meta.dirname, '..');
const testsDir = path.join(root, 'supabase/tests/database');
const files = (await readdir(testsDir)).filter((f) => f.endsWith('.test.sql')).sort().map((f) => path.join(testsDir, f));
const server = await ensurePgServer();
const name = uniqueDatabaseName('care_pgtap');
let code = 1;
try {
  const url = await createServerDatabase(server.url, name);
  const db = await openDatabase({ url, max: 2 });
  try {
    const t0 = performance.now();
    await buildDatabase(db, { seed: true });
    await db.pool.query('create extension if not exists pgtap with schema extensions');
    await db.pool.query(await readFile(path.join(root, 'supabase/tests/setup.sql'), 'utf8'));
    console.error(`[pgtap] database ${name} built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  } finally {
    await db.close();
  }
  const u = new URL(url);
  const result = spawnSync(
    'pg_prove',
    ['--host', u.hostname, '--port', u.port || '5432', '--username', decodeURIComponent(u.username || 'postgres'), '--dbname', name, '--failures', ...(process.argv.includes('--verbose') ? ['--verbose'] : []), ...files],
    { stdio: 'inherit', env: { ...process.env, PGPASSWORD: decodeURIComponent(u.password) } },
  );
  code = result.status ?? 1;
} finally {
  await dropServerDatabase(server.url, name).catch((e) => console.error(`[pgtap] could not drop ${name}: ${(e as Error).message}`));
  await server.stop();
}
process.exit(code);
