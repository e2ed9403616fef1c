/**
 * Runs a database suite on both engines: embedded PGlite (in memory) and a real PostgreSQL server
 * (a database of its own, dropped afterwards). The same SQL code path serves both (src/data/db.ts).
 */
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { openDatabase, type Database, type Engine } from '../../../src/data/db';
import { buildDatabase, createServerDatabase, dropServerDatabase } from '../../../scripts/lib/db-setup';
import { uniqueDatabaseName } from '../../../scripts/lib/pg-server';

export const ENGINES: Engine[] = ['pglite', 'postgres'];

export interface EngineContext { db: Database; engine: Engine }

export interface EngineOptions { seed?: boolean; scale?: number }

export async function createEngineDatabase(engine: Engine, options: EngineOptions = {}): Promise<{ db: Database; dispose(): Promise<void> }> {
  if (engine === 'pglite') {
    const db = await openDatabase({ dataDir: 'memory://' });
    await buildDatabase(db, { seed: options.seed, scale: options.scale });
    return { db, dispose: () => db.close() };
  }
  const server = inject('pgServerUrl');
  const name = uniqueDatabaseName('care_test');
  const url = await createServerDatabase(server, name);
  const db = await openDatabase({ url, max: 4 });
  await buildDatabase(db, { seed: options.seed, scale: options.scale });
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
  for (const engine of ENGINES) {
    describe(`${title} [${engine}]`, () => {
      const ctx = { engine } as EngineContext;
      let dispose: (() => Promise<void>) | undefined;
      beforeAll(async () => {
        const made = await createEngineDatabase(engine, options);
        ctx.db = made.db;
        dispose = made.dispose;
      });
      afterAll(async () => {
        await dispose?.();
      });
      body(ctx);
    });
  }
}
