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
  /**
   * Connections that are anon for their whole session (`asAnon`), opened on first use; absent where the session
   * is not ours to keep state in (PGlite's one shared session, a transaction-mode pooler).
   */
  readonly anonPool?: () => pg.Pool;
  close(): Promise<void>;
}

export type Queryable = Pick<pg.PoolClient, 'query'>;

export interface OpenOptions {
  /** postgres:// URL of a real server. */
  url?: string;
  /** PGlite data directory, or 'memory://' for a throwaway in-memory database. */
  dataDir?: string;
  /** Pool size for a real server. */
  max?: number;
  /** Whether named prepared statements are used (default: `preparedStatementsFor` the URL; PGlite: yes). */
  preparedStatements?: boolean;
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
    // Named statements and session settings live as long as the server connection: both only where it is ours.
    const sessionIsOurs = options.preparedStatements ?? preparedStatementsFor(url, process.env.DATABASE_PREPARED_STATEMENTS);
    const open = () => {
      const p = new pg.Pool({ connectionString: url, max: options.max ?? 10, allowExitOnIdle: true, Client: sessionIsOurs ? pg.Client : UnnamedClient });
      p.on('error', (err) => console.error('[db] idle client error', err.message));
      return p;
    };
    const pool = open();
    let anon: pg.Pool | undefined;
    return {
      engine: 'postgres',
      pool,
      anonPool: sessionIsOurs ? () => (anon ??= open()) : undefined,
      close: async () => {
        await Promise.all([pool.end(), anon?.end()]);
      },
    };
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
  const pglite = new PGlite(dataDir, { extensions: { pgcrypto, pg_trgm, btree_gist } });
  await pglite.waitReady;
  // allowExitOnIdle: a build or script ends when its work is done instead of waiting out the idle timeout.
  const Client = (options.preparedStatements ?? process.env.DATABASE_PREPARED_STATEMENTS !== 'off') ? pg.Client : UnnamedClient;
  const pool = new pg.Pool({ ...(createPgConfig(pglite) as unknown as pg.PoolConfig), allowExitOnIdle: true, Client });
  return {
    engine: 'pglite',
    pool,
    async close() {
      await pool.end();
      await pglite.close();
    },
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
  return `begin; ${callerSettings(claims, sub, role, 'transaction')}`;
}

function callerSettings(claims: string, sub: string, role: Caller['role'], scope: 'transaction' | 'session'): string {
  if (!ROLES.has(role)) throw new Error(`Unknown database role: ${role}`);
  const local = scope === 'transaction';
  return `select set_config('request.jwt.claims', ${pg.escapeLiteral(claims)}, ${local}), set_config('request.jwt.claim.sub', ${pg.escapeLiteral(sub)}, ${local}), set_config('role', '${role}', ${local}), set_config('jit', 'off', ${local})`;
}

const ANON_SESSION = callerSettings(JSON.stringify(ANON.claims), '', 'anon', 'session');
/** Connections of the anon pool whose session is already anon. */
const anonSessions = new WeakSet<pg.PoolClient>();

/**
 * Runs `fn` as anon, as `asCaller(db, ANON, fn)` does, but on a connection that is anon for its whole session
 * where the database has one (`anonPool`): each query is then one round trip, where a transaction adds begin
 * and commit around it (public cached reads that miss: three round trips become one). A connection whose
 * settings failed is destroyed, never used as the login role.
 */
export async function asAnon<T>(db: Database, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const pool = db.anonPool?.();
  if (!pool) return asCaller(db, ANON, fn);
  const client = await pool.connect();
  if (!anonSessions.has(client)) {
    try {
      await client.query(ANON_SESSION);
    } catch (err) {
      client.release(err as Error);
      throw err;
    }
    anonSessions.add(client);
  }
  try {
    return await fn(client);
  } finally {
    client.release();
  }
}

/**
 * A named prepared statement for a fixed SQL text: each pooled connection plans it once instead of on every call.
 * Planning is most of a hot read's cost under RLS (PostgreSQL 15, warm schedule query: 0.7 ms to plan, 0.5 ms to
 * run; prepared, planning drops to 0.07 ms; the booking bench's throughput doubles). The pool decides whether the
 * name is used (`preparedStatementsFor`): a transaction-mode pooler hands each transaction a different server
 * connection, which never saw the statement, so there the same query goes out unnamed.
 */
export function prepared(name: string, text: string): { name: string; text: string } {
  return { name, text };
}

/**
 * Whether a connection URL keeps named prepared statements: a direct connection, a session-mode pooler and PGlite
 * do; Supabase's transaction-mode pooler (port 6543, or `pgbouncer=true` as its docs tell ORMs to mark it) does
 * not. DATABASE_PREPARED_STATEMENTS=on|off overrides the guess.
 */
export function preparedStatementsFor(url: string, setting?: string): boolean {
  if (setting === 'on' || setting === 'off') return setting === 'on';
  try {
    const u = new URL(url);
    return u.port !== '6543' && u.searchParams.get('pgbouncer') !== 'true';
  } catch {
    return true;
  }
}

/** A client that sends every query unnamed (see `prepared`): for connections that cannot keep statements. */
class UnnamedClient extends pg.Client {
  // pg's query() has many overloads; only the config-object form can carry a name.
  query(...args: unknown[]): never {
    const [config] = args;
    if (config && typeof config === 'object' && 'name' in config && 'text' in config) {
      const { name: _name, ...unnamed } = config as { name?: string };
      args[0] = unnamed;
    }
    return (pg.Client.prototype.query as (...a: unknown[]) => never).apply(this, args);
  }
}
