/**
 * Shared loads of public data by id (an owner's schedule, a branch's doctors) for public, instance-cached
 * endpoints declaring `database: 'shared'`. Four things at once:
 * - one load per id serves every request shape built on it (windows, start days, specialties, keywords), kept
 *   for `ttlMs` with single-flight and reload-ahead (ReadCache);
 * - the ids asked for while the server reads one round of requests go to the database as one query (DataLoader,
 *   dispatched on setImmediate: after every request that arrived in that round has asked);
 * - each batch reads as anon on a connection of its own, so no request holds a connection while it waits on a
 *   load another request started, and a reload ahead of expiry outlives the request that triggered it;
 * - at most MAX_BATCHES_IN_FLIGHT batches (of all loaders) run at once: a batch that would exceed it waits, and
 *   ids asked for meanwhile join it, so under load batches grow instead of queueing for the pool's connections
 *   (measured: with batches dispatched at once, single-id batches waited up to 400 ms for a connection).
 *
 * Never use it for personal data: what is loaded must be the same for every visitor.
 */
import DataLoader from 'dataloader';
import type pg from 'pg';
import { asAnon } from '../data/db';
import { instanceCacheTtl, ReadCache } from './read-cache';
import { serverDatabase } from './runtime';

/** Batch queries of all shared loads at once: well under the pool's 10, so other calls still get a connection. */
export const MAX_BATCHES_IN_FLIGHT = 3;

let inFlight = 0;
const waiting: (() => void)[] = [];

/** DataLoader's batchScheduleFn: dispatch after this round of requests, once a batch slot is free. */
function scheduleBatch(dispatch: () => void): void {
  setImmediate(() => {
    if (inFlight < MAX_BATCHES_IN_FLIGHT) dispatch();
    else waiting.push(dispatch);
  });
}

/** Runs one batch in a slot, then hands the slot to the oldest waiting batch. */
async function inSlot<T>(run: () => Promise<T>): Promise<T> {
  inFlight++;
  try {
    return await run();
  } finally {
    inFlight--;
    waiting.shift()?.();
  }
}

export interface SharedLoadOptions<V> {
  /** How long a load is reused, from its start (0: never; single-flight and batching stay); PUBLIC_READ_CACHE_MS overrides it as it does answers'. */
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
    this.cache = ReadCache.reloadingAhead<V>(instanceCacheTtl(options.ttlMs));
    this.loader = new DataLoader<number, V>(
      async (ids) => {
        this.batchStats.batches++;
        this.batchStats.ids += ids.length;
        const found = await inSlot(async () => asAnon(await serverDatabase(), (c) => options.loadMany(c, ids)));
        return ids.map((id) => found.get(id) ?? options.missing(id));
      },
      // The cache above decides what is kept; DataLoader only batches.
      { cache: false, batchScheduleFn: scheduleBatch, maxBatchSize: options.maxBatchSize ?? 100 },
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
