/**
 * Shared loads of public data by id (an owner's schedule, a branch's doctors) for public, instance-cached
 * endpoints declaring `database: 'shared'`. Three things at once:
 * - one load per id serves every request shape built on it (windows, start days, specialties, keywords), kept
 *   for `ttlMs` with single-flight and reload-ahead (ReadCache);
 * - the ids asked for while the server reads one round of requests go to the database as one query (DataLoader,
 *   dispatched on setImmediate: after every request that arrived in that round has asked);
 * - each batch reads as anon on a connection of its own, so no request holds a connection while it waits on a
 *   load another request started, and a reload ahead of expiry outlives the request that triggered it.
 *
 * Never use it for personal data: what is loaded must be the same for every visitor.
 */
import DataLoader from 'dataloader';
import type pg from 'pg';
import { asAnon } from '../data/db';
import { ReadCache } from './read-cache';
import { serverDatabase } from './runtime';

export interface SharedLoadOptions<V> {
  /** How long a load is reused, from its start (0: never; single-flight and batching stay). */
  ttlMs: number;
  /** Reads the entries of `ids` in one query; an id without an entry is `missing()`. */
  loadMany: (client: pg.PoolClient, ids: readonly number[]) => Promise<Map<number, V>>;
  missing: (id: number) => Error;
  /** Bound on the ids of one query. */
  maxBatchSize?: number;
}

export class SharedLoads<V> {
  readonly cache: ReadCache<V>;
  /** Queries sent and ids they read (tests, benchmarks). */
  readonly batchStats = { batches: 0, ids: 0 };
  private readonly loader: DataLoader<number, V>;

  constructor(options: SharedLoadOptions<V>) {
    const { ttlMs } = options;
    this.cache = new ReadCache<V>({ ttlMs, refreshAfterMs: ttlMs > 0 ? Math.floor(ttlMs * 0.9) : undefined });
    this.loader = new DataLoader<number, V>(
      async (ids) => {
        this.batchStats.batches++;
        this.batchStats.ids += ids.length;
        const found = await asAnon(await serverDatabase(), (c) => options.loadMany(c, ids));
        return ids.map((id) => found.get(id) ?? options.missing(id));
      },
      // The cache above decides what is kept; DataLoader only batches.
      { cache: false, batchScheduleFn: (dispatch) => setImmediate(dispatch), maxBatchSize: options.maxBatchSize ?? 100 },
    );
  }

  /** The entry of `id`; `version` tells apart loads of one id that must not be shared (another range of days). */
  get(id: number, version = ''): Promise<V> {
    return this.cache.get(`${id} ${version}`, () => this.loader.load(id));
  }

  /** Forgets every kept load (tests, or a database switched under the functions). */
  clear(): void {
    this.cache.clear();
  }
}
