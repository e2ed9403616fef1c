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
 * fewer per transaction.
 */
function callerBegin(claims: string, sub: string, role: Caller['role']): string {
  if (!ROLES.has(role)) throw new Error(`Unknown database role: ${role}`);
  return `begin; ${callerSettings(claims, sub, role)}`;
}

/**
 * The caller's settings, transaction-local: the JWT claims, the role (`none`: the connection's login role, the
 * server's own) and jit off, so that they pass through Supabase's transaction pooler. jit: the RLS subplans make
 * the planner's cost estimates of bulk reads large enough to trigger LLVM compilation, which took 17 s of an 18 s
 * build query on PostgreSQL 15 (0.5 s without); these short reads never gain from JIT.
 */
function callerSettings(claims: string, sub: string, role: Caller['role'] | 'none'): string {
  return `select set_config('request.jwt.claims', ${pg.escapeLiteral(claims)}, true), set_config('request.jwt.claim.sub', ${pg.escapeLiteral(sub)}, true), set_config('role', '${role}', true), set_config('jit', 'off', true)`;
}

/**
 * A caller's queries sent one round trip each (issue 38 item 14): the caller's settings and the query travel as
 * one simple-query message, which PostgreSQL runs as one implicit transaction, so the role switch is inside the
 * call and nothing outlives it (Supabase's transaction-mode pooler may hand the connection to anyone next). No
 * `begin`/`commit` of their own: each query is its own transaction with its own snapshot, so this is for calls
 * that read (the public schedule and search calls), never for a call whose writes must stand or fall together.
 * A simple query takes no parameters: they are written into the text as quoted literals (inlineParameters), of
 * unknown type like an untyped parameter, so PostgreSQL resolves them as it resolves `$n`.
 */
export interface CallerStatements extends Queryable {
  readonly callerStatements: true;
  /** Runs `fn`'s queries as the server's own login role (src/server/server-role.ts), the claims kept. */
  asServer<T>(fn: () => Promise<T>): Promise<T>;
}

export function callerStatements(db: Database, caller: Caller): CallerStatements {
  if (!ROLES.has(caller.role)) throw new Error(`Unknown database role: ${caller.role}`);
  const claims: Record<string, unknown> = { role: caller.role, ...(caller.claims ?? {}) };
  const asCaller = callerSettings(JSON.stringify(claims), String(claims.sub ?? ''), caller.role);
  const asServer = callerSettings(JSON.stringify(claims), String(claims.sub ?? ''), 'none');
  let server = 0;
  const query = async (text: unknown, values?: readonly unknown[]) => {
    if (typeof text !== 'string') throw new Error('callerStatements: pass the SQL text and its values');
    const results = (await db.pool.query(`${server > 0 ? asServer : asCaller}; ${inlineParameters(text, values ?? [])}`)) as unknown as pg.QueryResult[];
    return results[results.length - 1];
  };
  return {
    callerStatements: true,
    query: query as unknown as Queryable['query'],
    async asServer(fn) {
      server++;
      try {
        return await fn();
      } finally {
        server--;
      }
    },
  };
}

export function isCallerStatements(q: Queryable): q is CallerStatements {
  return (q as Partial<CallerStatements>).callerStatements === true;
}

/** A value as the text of a quoted SQL literal, as node-postgres sends a parameter's value (arrays as array literals). */
function literalText(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v)) return `{${v.map((e) => { const t = literalText(e); return t === null ? 'NULL' : Array.isArray(e) ? t : `"${t.replace(/[\\"]/g, '\\$&')}"`; }).join(',')}}`;
  if (v instanceof Uint8Array) throw new Error('inlineParameters: binary values are not supported');
  if (typeof v === 'object') return JSON.stringify(v);
  throw new Error(`inlineParameters: unsupported value of type ${typeof v}`);
}

/** Each `$n` outside quotes and comments, with the text between: parsed once per SQL text. */
const placeholderCache = new Map<string, (string | number)[]>();
const SQL_TOKEN = /'(?:[^']|'')*'|(?<![\w$])[Ee]'(?:[^'\\]|''|\\.)*'|"(?:[^"]|"")*"|--[^\n]*|\/\*[\s\S]*?\*\/|(\$[A-Za-z_]\w*\$|\$\$)[\s\S]*?\1|(?<![\w$])\$(\d+)/g;

function placeholders(sql: string): (string | number)[] {
  let parts = placeholderCache.get(sql);
  if (parts) return parts;
  parts = [];
  let last = 0;
  for (const m of sql.matchAll(SQL_TOKEN)) {
    if (m[2] === undefined) continue;
    parts.push(sql.slice(last, m.index), Number(m[2]));
    last = m.index + m[0].length;
  }
  parts.push(sql.slice(last));
  if (placeholderCache.size < 1000) placeholderCache.set(sql, parts);
  return parts;
}

/** `sql` with each `$n` replaced by values[n-1] as a quoted literal (NULL for null), for a simple query. */
export function inlineParameters(sql: string, values: readonly unknown[]): string {
  return placeholders(sql)
    .map((p) => {
      if (typeof p === 'string') return p;
      if (p < 1 || p > values.length) throw new Error(`inlineParameters: no value for $${p}`);
      const text = literalText(values[p - 1]);
      return text === null ? 'NULL' : pg.escapeLiteral(text);
    })
    .join('');
}
