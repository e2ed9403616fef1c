/**
 * The one database module. One SQL code path over a node-postgres Pool:
 * - DATABASE_URL set: a real Postgres server (Supabase's pooler in production, Debian PostgreSQL in CI);
 * - otherwise: embedded PGlite, file-backed under .data/pglite (PGLITE_DIR overrides), in-process.
 * PGlite's own pg bridge has a pool size of 1, so transactions never interleave on the single session
 * (DESIGN §10: never BEGIN through concurrent plain queries on one PGlite).
 */
import pg from 'pg';
import path from 'node:path';
import { mkdirSync } from 'node:fs';

export type Engine = 'pglite' | 'postgres';

export interface Database {
  readonly engine: Engine;
  readonly pool: pg.Pool;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball, which `loadDataDir` opens again (test templates). */
  dumpDataDir?(): Promise<Blob>;
}

export type Queryable = Pick<pg.PoolClient, 'query'>;

export interface OpenOptions {
  /** postgres:// URL of a real server. */
  url?: string;
  /** PGlite data directory, or 'memory://' for a throwaway in-memory database. */
  dataDir?: string;
  /** Pool size for a real server. */
  max?: number;
  /** PGlite only: start from a data directory dumped by `dumpDataDir` instead of an empty cluster. */
  loadDataDir?: Blob;
}

// Returned as text by default; keep bigint ids and numeric prices exact but usable.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));
// Dates stay 'yyyy-MM-dd' strings: a working day is a calendar date in the hospital's zone, not an instant.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export function defaultDataDir(): string {
  return process.env.PGLITE_DIR ?? path.resolve(process.cwd(), '.data/pglite');
}

export async function openDatabase(options: OpenOptions = {}): Promise<Database> {
  const url = options.url ?? (options.dataDir ? undefined : process.env.DATABASE_URL);
  if (url) {
    // Supabase's pooler in transaction mode: every query is sent unnamed (pg's default) and no session setting
    // outlives its transaction (asCaller), so a pooled connection may serve another transaction next.
    const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, allowExitOnIdle: true });
    pool.on('error', (err) => console.error('[db] idle client error', err.message));
    return { engine: 'postgres', pool, close: () => pool.end() };
  }
  // Loaded only for the embedded engine, so production functions never pull in the WebAssembly build.
  const [{ PGlite }, { createPgConfig }, { pgcrypto }, { pg_trgm }, { btree_gist }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/node-postgres'),
    import('@electric-sql/pglite/contrib/pgcrypto'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/btree_gist'),
  ]);
  const dataDir = options.dataDir ?? defaultDataDir();
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const pglite = new PGlite(dataDir, { extensions: { pgcrypto, pg_trgm, btree_gist }, loadDataDir: options.loadDataDir });
  await pglite.waitReady;
  // allowExitOnIdle: a build or script ends when its work is done instead of waiting out the idle timeout.
  const pool = new pg.Pool({ ...(createPgConfig(pglite) as unknown as pg.PoolConfig), allowExitOnIdle: true });
  return {
    engine: 'pglite',
    pool,
    async close() {
      await pool.end();
      await pglite.close();
    },
    dumpDataDir: () => pglite.dumpDataDir('none'),
  };
}

let shared: Promise<Database> | undefined;

/** The process-wide database (functions, build-time queries). */
export function getDatabase(): Promise<Database> {
  shared ??= openDatabase();
  return shared;
}

export async function closeSharedDatabase(): Promise<void> {
  if (!shared) return;
  const db = await shared;
  shared = undefined;
  await db.close();
}

/** Runs `fn` in one transaction on one pooled connection; rolls back on any error. */
export async function transaction<T>(db: Database, fn: (client: pg.PoolClient) => Promise<T>, begin = 'begin'): Promise<T> {
  const client = await db.pool.connect();
  try {
    await client.query(begin);
    const result = await fn(client);
    await client.query('commit');
    return result;
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/** Who a request runs as. `role` is the Postgres role Supabase's API would switch to. */
export interface Caller {
  role: 'anon' | 'authenticated' | 'service_role';
  /** The JWT claims (sub, email, role, app_metadata, ...). */
  claims?: Record<string, unknown>;
}

export const ANON: Caller = { role: 'anon', claims: { role: 'anon' } };

/**
 * Runs `fn` inside a transaction as `caller`, exactly as Supabase's own API does:
 * `set local role` plus the JWT claims in `request.jwt.claims`, so the RLS policies decide.
 */
export async function asCaller<T>(db: Database, caller: Caller, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const claims: Record<string, unknown> = { role: caller.role, ...(caller.claims ?? {}) };
  return transaction(db, fn, callerBegin(JSON.stringify(claims), String(claims.sub ?? ''), caller.role));
}

const ROLES = new Set<Caller['role']>(['anon', 'authenticated', 'service_role']);

/**
 * The transaction's first round trip: `begin` and the caller's settings sent together as one simple query (a
 * parameterised query cannot hold two statements, hence literals quoted by pg's escapeLiteral), one round trip
 * fewer per transaction. jit is off, transaction-local so that it passes through Supabase's transaction pooler:
 * the RLS subplans make the planner's cost estimates of bulk reads large enough to trigger LLVM compilation,
 * which took 17 s of an 18 s build query on PostgreSQL 15 (0.5 s without); these short reads never gain from JIT.
 */
function callerBegin(claims: string, sub: string, role: Caller['role']): string {
  if (!ROLES.has(role)) throw new Error(`Unknown database role: ${role}`);
  return `begin; select set_config('request.jwt.claims', ${pg.escapeLiteral(claims)}, true), set_config('request.jwt.claim.sub', ${pg.escapeLiteral(sub)}, true), set_config('role', '${role}', true), set_config('jit', 'off', true)`;
}
