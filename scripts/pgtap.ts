/**
 * npm run test:pgtap [-- --engine postgres|pglite] [-- --file <part of a file name>] [-- --verbose]
 *
 * PostgreSQL (always, the gate): ensurePgServer → a database of its own → bootstrap, migrations, seed →
 * `create extension pgtap` → supabase/tests/setup.sql → pg_prove on supabase/tests/database/*.test.sql →
 * drop the database.
 * PGlite (by default too): the same build in memory; pgTAP cannot be installed as an extension there, so
 * Debian's install script (pure SQL and PL/pgSQL) is loaded into the extensions schema, each test file is
 * run as one multi-statement query and its TAP output (plan and ok / not ok lines) is read back.
 * Exits non-zero when any test fails on any engine.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { openDatabase, type Database } from '../src/data/db';
import { argValue } from './lib/args';
import { buildDatabase, createServerDatabase, dropServerDatabase } from './lib/db-setup';
import { ensurePgServer, uniqueDatabaseName } from './lib/pg-server';

const root = path.resolve(import.meta.dirname, '..');
const testsDir = path.join(root, 'supabase/tests/database');
const setupFile = path.join(root, 'supabase/tests/setup.sql');
const verbose = process.argv.includes('--verbose');
const engine = argValue('--engine') ?? 'all';
// --file <part>: only the test files whose name contains it (e.g. --file 62_).
const only = argValue('--file');
const files = (await readdir(testsDir)).filter((f) => f.endsWith('.test.sql') && (!only || f.includes(only))).sort().map((f) => path.join(testsDir, f));

async function prepare(db: Database, installPgtap: (db: Database) => Promise<void>) {
  const t0 = performance.now();
  await buildDatabase(db, { seed: true });
  await installPgtap(db);
  // The test files call pgTAP's functions as anon and authenticated too; functions are no longer executable by
  // PUBLIC by default (migration 20261126000100), so pgTAP's own are granted here.
  await db.pool.query('grant execute on all functions in schema extensions to public');
  await db.pool.query(await readFile(setupFile, 'utf8'));
  return ((performance.now() - t0) / 1000).toFixed(1);
}

async function onPostgres(): Promise<boolean> {
  const server = await ensurePgServer();
  const name = uniqueDatabaseName('care_pgtap');
  try {
    const url = await createServerDatabase(server.url, name);
    const db = await openDatabase({ url, max: 2 });
    try {
      const s = await prepare(db, (d) => d.pool.query('create extension if not exists pgtap with schema extensions').then(() => undefined));
      console.error(`[pgtap] postgres: database ${name} built in ${s} s`);
    } finally {
      await db.close();
    }
    const u = new URL(url);
    const args = ['--host', u.hostname, '--port', u.port || '5432', '--username', decodeURIComponent(u.username || 'postgres'), '--dbname', name, '--failures'];
    const result = spawnSync('pg_prove', [...args, ...(verbose ? ['--verbose'] : []), ...files], {
      stdio: 'inherit',
      env: { ...process.env, PGPASSWORD: decodeURIComponent(u.password) },
    });
    if (result.error) throw result.error;
    return result.status === 0;
  } finally {
    await dropServerDatabase(server.url, name).catch((e) => console.error(`[pgtap] could not drop ${name}: ${(e as Error).message}`));
    await server.stop();
  }
}

function pgtapInstallScript(): string {
  for (const v of ['15', '16', '17', '18']) {
    const dir = `/usr/share/postgresql/${v}/extension`;
    if (!existsSync(dir)) continue;
    const candidates = spawnSync('sh', ['-c', `ls ${dir}/pgtap--*.sql 2>/dev/null | grep -v -- '--.*--' | sort -V | tail -1`], { encoding: 'utf8' }).stdout.trim();
    if (candidates) return candidates;
  }
  throw new Error('pgTAP install script not found (apt-get install postgresql-15-pgtap)');
}

/** Splits SQL into statements, respecting quotes, dollar quotes and comments (enough for these files). */
export function splitStatements(sql: string): string[] {
  const out: string[] = [];
  let start = 0;
  let i = 0;
  while (i < sql.length) {
    const ch = sql[i];
    if (ch === '-' && sql[i + 1] === '-') {
      const nl = sql.indexOf('\n', i);
      i = nl < 0 ? sql.length : nl + 1;
    } else if (ch === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      i = end < 0 ? sql.length : end + 2;
    } else if (ch === "'") {
      i++;
      while (i < sql.length) {
        if (sql[i] === "'" && sql[i + 1] === "'") i += 2;
        else if (sql[i] === "'") break;
        else i++;
      }
      i++;
    } else if (ch === '$') {
      const m = /^\$[A-Za-z_]*\$/.exec(sql.slice(i));
      if (m) {
        const end = sql.indexOf(m[0], i + m[0].length);
        i = end < 0 ? sql.length : end + m[0].length;
      } else i++;
    } else if (ch === ';') {
      const stmt = sql.slice(start, i).trim();
      if (stmt) out.push(stmt);
      start = ++i;
    } else i++;
  }
  const last = sql.slice(start).trim();
  if (last && !/^(--[^\n]*\n?|\s)*$/.test(last)) out.push(last);
  return out;
}

/** Reads TAP from the rows a file's statements returned. */
function tapFrom(results: Array<{ rows?: Array<Record<string, unknown>> }>): string[] {
  const lines: string[] = [];
  for (const r of results) for (const row of r.rows ?? []) for (const v of Object.values(row)) if (typeof v === 'string') lines.push(...v.split('\n'));
  return lines;
}

async function onPglite(): Promise<boolean> {
  const db = await openDatabase({ dataDir: 'memory://' });
  let ok = true;
  try {
    const script = await readFile(pgtapInstallScript(), 'utf8');
    const s = await prepare(db, async (d) => {
      const c = await d.pool.connect();
      try {
        await c.query('set search_path = extensions, public');
        for (const stmt of splitStatements(script)) await c.query(stmt);
        await c.query('set search_path = "$user", public, extensions');
      } finally {
        c.release();
      }
    });
    console.error(`[pgtap] pglite: in-memory database built in ${s} s`);
    let total = 0;
    let failedTotal = 0;
    for (const file of files) {
      const sql = await readFile(file, 'utf8');
      let lines: string[];
      try {
        const res: Array<{ rows?: Array<Record<string, unknown>> }> = [];
        for (const stmt of splitStatements(sql)) res.push(await db.pool.query(stmt));
        lines = tapFrom(res);
      } catch (err) {
        await db.pool.query('rollback').catch(() => undefined);
        console.log(`${path.relative(root, file)} .. error: ${(err as Error).message}`);
        ok = false;
        continue;
      }
      const plan = lines.map((l) => /^1\.\.(\d+)$/.exec(l)).find(Boolean);
      const results = lines.filter((l) => /^(not )?ok \d+/.test(l));
      const failed = results.filter((l) => l.startsWith('not ok'));
      const planned = plan ? Number(plan[1]) : NaN;
      const good = failed.length === 0 && results.length === planned;
      total += results.length;
      failedTotal += failed.length;
      console.log(`${path.relative(root, file)} .. ${good ? 'ok' : 'FAILED'} (${results.length}/${planned} tests, ${failed.length} failed)`);
      if (!good || verbose) for (const l of lines.filter((x) => (verbose ? true : x.startsWith('not ok') || x.startsWith('#')))) console.log(`  ${l}`);
      ok &&= good;
    }
    console.log(`[pgtap] pglite: Files=${files.length}, Tests=${total}, Failed=${failedTotal}: ${ok ? 'PASS' : 'FAIL'}`);
  } finally {
    await db.close();
  }
  return ok;
}

let pass = true;
if (engine === 'all' || engine === 'pglite') pass = (await onPglite()) && pass;
if (engine === 'all' || engine === 'postgres') pass = (await onPostgres()) && pass;
process.exit(pass ? 0 : 1);
