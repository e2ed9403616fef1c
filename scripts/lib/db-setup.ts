/**
 * Builds a database: Supabase's own objects (local bootstrap), then supabase/migrations in order, then the seed.
 * Used by `npm start`, `npm run db:reset`, the test layers and the benchmarks, on PGlite and on PostgreSQL alike.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, transaction, type Database } from '../../src/data/db';

const root = path.resolve(import.meta.dirname, '../..');
export const MIGRATIONS_DIR = path.join(root, 'supabase/migrations');
export const BOOTSTRAP_FILE = path.join(root, 'supabase/bootstrap/local.sql');

export async function applyBootstrap(db: Database): Promise<void> {
  const sql = await readFile(BOOTSTRAP_FILE, 'utf8');
  await db.pool.query(sql);
}

export interface Migration { version: string; name: string; file: string }

export async function listMigrations(): Promise<Migration[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{14}_.+\.sql$/.test(f)).sort();
  return files.map((f) => ({ version: f.slice(0, 14), name: f.slice(15, -4), file: path.join(MIGRATIONS_DIR, f) }));
}

/** Applies the migrations not yet recorded, each in its own transaction. Returns the versions applied. */
export async function applyMigrations(db: Database): Promise<string[]> {
  const done = new Set(
    (await db.pool.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map((r) => r.version),
  );
  const applied: string[] = [];
  for (const m of await listMigrations()) {
    if (done.has(m.version)) continue;
    const sql = await readFile(m.file, 'utf8');
    await transaction(db, async (c) => {
      try {
        await c.query(sql);
      } catch (err) {
        throw new Error(`migration ${path.basename(m.file)} failed: ${(err as Error).message}`, { cause: err });
      }
      await c.query('insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)', [
        m.version,
        m.name,
        [sql],
      ]);
    });
    applied.push(m.version);
  }
  return applied;
}

export interface SeedOptions { scale?: number; accounts?: boolean; log?: (msg: string) => void }

export async function runSeed(db: Database, options: SeedOptions = {}): Promise<Record<string, number>> {
  const { seedDatabase } = await import('../../supabase/seed/seed');
  return seedDatabase(db, options);
}

/** Bootstrap + migrations (+ seed when asked). */
export async function buildDatabase(db: Database, options: SeedOptions & { seed?: boolean } = {}) {
  await applyBootstrap(db);
  const migrations = await applyMigrations(db);
  const counts = options.seed ? await runSeed(db, options) : {};
  return { migrations, counts };
}

/** True once migrations ran: the embedded database of a previous `npm start` is reused as it is. */
export async function isBuilt(db: Database): Promise<boolean> {
  const r = await db.pool.query(`select to_regclass('supabase_migrations.schema_migrations') is not null as ok`);
  if (!r.rows[0].ok) return false;
  const n = await db.pool.query('select count(*)::int as n from supabase_migrations.schema_migrations');
  return n.rows[0].n > 0;
}

// ---- real servers: one throwaway database per run ------------------------------------------------------

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = '/' + database;
  return u.toString();
}

/** Creates (or re-creates) a database; `template` copies a built database instead of starting empty. */
export async function createServerDatabase(serverUrl: string, name: string, template?: string): Promise<string> {
  const admin = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(template ? `create database "${name}" template "${template}"` : `create database "${name}"`);
    if (template) await copyDatabaseSettings(admin, template, name);
  } finally {
    await admin.end();
  }
  return withDatabase(serverUrl, name);
}

/**
 * `create database … template` copies the data but not the database's own settings (the bootstrap's search_path
 * with `extensions`, where pg_trgm and pgcrypto live): set them again on the copy before anyone connects.
 */
async function copyDatabaseSettings(admin: pg.Client, template: string, name: string) {
  const { rows } = await admin.query<{ setting: string }>(
    `select unnest(s.setconfig) as setting from pg_db_role_setting s join pg_database d on d.oid = s.setdatabase where d.datname = $1 and s.setrole = 0`,
    [template],
  );
  for (const { setting } of rows) {
    const at = setting.indexOf('=');
    await admin.query(`alter database "${name}" set ${setting.slice(0, at)} = ${setting.slice(at + 1)}`);
  }
}

export async function dropServerDatabase(serverUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.end();
  }
}

/** Resets the database named by DATABASE_URL (or the embedded one): drop everything, rebuild, seed. */
export async function resetDatabase(options: SeedOptions = {}): Promise<{ engine: string; counts: Record<string, number> }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = new URL(url).pathname.slice(1) || 'postgres';
    if (name === 'postgres') throw new Error('Refusing to reset the "postgres" maintenance database: name a database of its own in DATABASE_URL.');
    await createServerDatabase(url, name);
    const db = await openDatabase({ url });
    try {
      const { counts } = await buildDatabase(db, { ...options, seed: true });
      return { engine: db.engine, counts };
    } finally {
      await db.close();
    }
  }
  const { rm } = await import('node:fs/promises');
  const { defaultDataDir } = await import('../../src/data/db');
  await rm(defaultDataDir(), { recursive: true, force: true });
  const db = await openDatabase({ dataDir: defaultDataDir() });
  try {
    const { counts } = await buildDatabase(db, { ...options, seed: true });
    return { engine: db.engine, counts };
  } finally {
    await db.close();
  }
}
