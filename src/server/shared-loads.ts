/**
 * Shared loads of public data by id (an owner's schedule, a branch's doctors) for public, instance-cached
 * endpoints declaring `database: 'shared'`. Four things at once:
 * - one load per id serves every request shape built on it (windows, start days, specialties, keywords), kept
 *   for `ttlMs` with single-flight and reload-ahead (ReadCache), or, with a change feed, until the feed names
 *   the id (src/server/availability-journal);
 * - the ids asked for close together go to the database as one query (DataLoader): a batch leaves at the end of
 *   the round of requests that opened it (setImmediate), or as soon as a request asks for an id once it has been
 *   open BATCH_SLICE_MS, whichever comes first;
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
import type { ChangeFeed } from './availability-journal';
import { instanceCacheTtl, ReadCache } from './read-cache';
import { serverDatabase } from './runtime';

/** Batch queries of all shared loads at once: well under the pool's 10, so other calls still get a connection. */
export const MAX_BATCHES_IN_FLIGHT = 6;

/**
 * How long a batch gathers ids while requests keep asking. Under load a round of requests (one event-loop turn)
 * takes 10–20 ms, and the database's answer is read only at the start of the round after the one it arrived in:
 * a batch leaving at the end of its round made its callers wait two or three rounds. Leaving after 2 ms, it is
 * usually answered within its own round and read at the start of the next (measured at 200 connections: calls
 * waiting on a load, median 33–39 → 19–21 ms in the server; doctor search p95 49–66 → 29–40 ms).
 */
export const BATCH_SLICE_MS = 2;

interface OpenBatch { dispatch: () => void; opened: number; sent: boolean }

/** Batches gathering ids (DataLoader has not dispatched them), oldest first. */
const open: OpenBatch[] = [];
let inFlight = 0;
/** Batches sent while MAX_BATCHES_IN_FLIGHT ran: DataLoader still adds ids to them until they get a slot. */
const waiting: (() => void)[] = [];

/** DataLoader's batchScheduleFn: a new batch gathers ids until its round ends, or BATCH_SLICE_MS (sendOpenBatches). */
function scheduleBatch(dispatch: () => void): void {
  const batch: OpenBatch = { dispatch, opened: performance.now(), sent: false };
  open.push(batch);
  setImmediate(() => send(batch));
}

/** Sends the batches open BATCH_SLICE_MS or longer (called each time a request asks for an id). */
function sendOpenBatches(): void {
  if (!open.length) return;
  const now = performance.now();
  while (open.length && now - open[0].opened >= BATCH_SLICE_MS) send(open[0]);
}

/** Dispatches a batch in a free slot (after the current request has added its id), else queues it for one. */
function send(batch: OpenBatch): void {
  if (batch.sent) return;
  batch.sent = true;
  open.splice(open.indexOf(batch), 1);
  if (inFlight < MAX_BATCHES_IN_FLIGHT) {
    inFlight++;
    process.nextTick(batch.dispatch);
  } else waiting.push(batch.dispatch);
}

/** Runs one batch in the slot it was given, then hands the slot to the oldest waiting batch. */
async function inSlot<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else inFlight--;
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
  /**
   * Keep loads until the feed says their id changed (ttlMs still bounds them): a load is used only when the feed
   * is ready (src/server/availability-journal).
   */
  changes?: ChangeFeed;
  /** When a load stops holding although nothing was written (epoch ms), or null. */
  validUntil?: (value: V) => number | null;
  /** Bound on the loads kept (ReadCache's maxEntries). */
  maxEntries?: number;
}

export class SharedLoads<V> {
  readonly cache: ReadCache<V>;
  /** Queries sent and ids they read (tests, benchmarks). */
  readonly batchStats = { batches: 0, ids: 0 };
  private readonly loader: DataLoader<number, V>;
  private readonly changes?: ChangeFeed;
  /** The versions asked for lately, to forget every load of an id (a range of days: a new one a day, never the old again). */
  private readonly versions = new Set<string>();

  constructor(options: SharedLoadOptions<V>) {
    this.cache = ReadCache.reloadingAhead<V>(instanceCacheTtl(options.ttlMs), { validUntil: options.validUntil, maxEntries: options.maxEntries });
    this.changes = options.changes;
    this.changes?.subscribe((id) => (id === null ? this.cache.clear() : this.forget(id)));
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
    const wait = this.changes?.ready();
    // After the read (applied, or failed: then nothing kept is left), without asking the feed again.
    return wait ? wait.then(() => this.lookup(id, version)) : this.lookup(id, version);
  }

  private lookup(id: number, version: string): Promise<V> {
    if (!this.versions.has(version)) {
      if (this.versions.size >= 4) this.versions.delete(this.versions.values().next().value!);
      this.versions.add(version);
    }
    const entry = this.cache.get(`${id} ${version}`, () => this.loader.load(id));
    sendOpenBatches();
    return entry;
  }

  /** Forgets the loads of `id` (it changed). */
  forget(id: number): void {
    for (const v of this.versions) this.cache.delete(`${id} ${v}`);
  }

  /** Forgets every kept load (tests, or a database switched under the functions). */
  clear(): void {
    this.cache.clear();
  }
}
