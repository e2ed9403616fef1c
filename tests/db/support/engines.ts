/**
 * Runs a database suite on both engines: embedded PGlite (in memory) and a real PostgreSQL server
 * (a database of its own, dropped afterwards). The same SQL code path serves both (src/data/db.ts).
 */
import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { openDatabase, type Database, type Engine } from '../../../src/data/db';
import { buildDatabase, createServerDatabase, dropServerDatabase } from '../../../scripts/lib/db-setup';
import { uniqueDatabaseName } from '../../../scripts/lib/pg-server';

export const ENGINES: Engine[] = ['pglite', 'postgres'];

// The first suite of a kind builds the run's template (migrations and seed): minutes on a loaded 2-core machine.
// A hang guard, not a budget; the copies the other suites get take seconds.
const BUILD_TIMEOUT_MS = 600_000;

export interface EngineContext { db: Database; engine: Engine }

export interface EngineOptions {
  seed?: boolean;
  scale?: number;
  /** Both by default; a suite about what happens before any query (request validation) names one. */
  engines?: Engine[];
}

export async function createEngineDatabase(engine: Engine, options: EngineOptions = {}): Promise<{ db: Database; dispose(): Promise<void> }> {
  return engine === 'pglite' ? createPgliteDatabase(options) : createPostgresDatabase(options);
}

/** The built database's kind: suites asking for the same options share one build per run (global-setup.ts). */
function templateKey(options: EngineOptions): string {
  return `seed${options.seed ? 1 : 0}_scale${String(options.scale ?? 'd').replace(/\W/g, '_')}`;
}

/** PGlite: the first suite of a kind builds it and dumps its data directory; later suites load the dump. */
async function createPgliteDatabase(options: EngineOptions) {
  const file = path.join(inject('dbTemplateDir'), `${templateKey(options)}.tar`);
  if (existsSync(file)) {
    const db = await openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([await readFile(file)]) });
    await applyDatabaseSettings(db);
    return { db, dispose: () => db.close() };
  }
  const db = await openDatabase({ dataDir: 'memory://' });
  await buildDatabase(db, { seed: options.seed, scale: options.scale });
  const dump = await db.dumpDataDir!();
  await writeFile(`${file}.part`, Buffer.from(await dump.arrayBuffer()));
  await rename(`${file}.part`, file);
  return { db, dispose: () => db.close() };
}

/**
 * PGlite's one session does not read the database's own settings when it opens a loaded data directory (the
 * bootstrap's search_path with `extensions`, where pg_trgm and pgcrypto live): set them in that session.
 */
async function applyDatabaseSettings(db: Database) {
  const { rows } = await db.pool.query<{ setting: string }>(
    `select unnest(s.setconfig) as setting from pg_db_role_setting s join pg_database d on d.oid = s.setdatabase where d.datname = current_database() and s.setrole = 0`,
  );
  for (const { setting } of rows) {
    const at = setting.indexOf('=');
    await db.pool.query(`set ${setting.slice(0, at)} = ${setting.slice(at + 1)}`);
  }
}

/** PostgreSQL: the first suite of a kind builds a template database; every suite gets `create database … template`. */
async function createPostgresDatabase(options: EngineOptions) {
  const server = inject('pgServerUrl');
  const template = inject('dbTemplatePrefix') + templateKey(options);
  const marker = path.join(inject('dbTemplateDir'), `${templateKey(options)}.pg`);
  if (!existsSync(marker)) {
    const built = await openDatabase({ url: await createServerDatabase(server, template), max: 1 });
    await buildDatabase(built, { seed: options.seed, scale: options.scale });
    await built.close();
    await writeFile(marker, template);
  }
  const name = uniqueDatabaseName('care_test');
  const url = await createServerDatabase(server, name, template);
  const db = await openDatabase({ url, max: 4 });
  return {
    db,
    async dispose() {
      await db.close();
      await dropServerDatabase(server, name);
    },
  };
}

/** describe() once per engine; `ctx.db` is ready inside the tests. */
export function describeEachEngine(title: string, options: EngineOptions, body: (ctx: EngineContext) => void) {
  for (const engine of options.engines ?? ENGINES) {
    describe(`${title} [${engine}]`, () => {
      const ctx = { engine } as EngineContext;
      let dispose: (() => Promise<void>) | undefined;
      beforeAll(async () => {
        const made = await createEngineDatabase(engine, options);
        ctx.db = made.db;
        dispose = made.dispose;
      }, BUILD_TIMEOUT_MS);
      afterAll(async () => {
        await dispose?.();
      });
      body(ctx);
    });
  }
}
