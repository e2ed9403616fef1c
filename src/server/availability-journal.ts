/**
 * An instance's reader of the availability journal (src/data/availability-changes): it lets shared loads be kept
 * until their owner changes instead of for a fixed few seconds (src/server/shared-loads: the schedule calls' owner
 * loads, the quick-booking searches' branch loads).
 *
 * The reader is driven by the calls that use kept loads, with no timer (a Netlify instance is frozen between
 * invocations): `ready()` is null while the last read of the journal that finished *started* less than
 * `pollAheadMs` ago; older than that, it starts the next read in the background; older than `lagMs`, it returns
 * that read, and kept loads are used once it has been applied. So a kept load is never used more than `lagMs`
 * after a change to its owner was committed. Each read forgets the loads of the owners it names (listeners).
 *
 * Loads are forgotten whole (every listener told `null`) when the reader cannot trust what it has: on its first
 * read, after `restartAfterMs` without one (the journal keeps an hour), when the database behind it is another
 * one, and when a read fails.
 */
import { readAvailabilityChanges, type AvailabilityChanges, type JournalKind } from '../data/availability-changes';
import { asAnon } from '../data/db';
import { JOURNAL_LAG_MS } from './read-cache';
import { serverDatabase } from './runtime';

/** An owner of the feed's kind whose loads must go, or null: every load must. */
export type JournalListener = (ownerId: number | null) => void;

/** What a shared load needs of the journal: when its kept loads may be used, and which to forget. */
export interface ChangeFeed {
  ready(): Promise<void> | null;
  subscribe(listener: JournalListener): void;
}

export interface AvailabilityJournalOptions {
  /**
   * Reads the journal since `cursor` (null: only the cursor to start from). `source` identifies the database
   * read (a different one from the last read's: everything is forgotten).
   */
  read: (cursor: string | null) => Promise<AvailabilityChanges & { source: unknown }>;
  /** The most a kept load may lag a committed change. */
  lagMs: number;
  /** Age of the last read from which a use starts the next one in the background (below lagMs). */
  pollAheadMs: number;
  /** Without a read for this long, start over. */
  restartAfterMs?: number;
  /** Told when a read fails (the reader carries on: the next use reads again). */
  onError?: (err: unknown) => void;
  now?: () => number;
}

export class AvailabilityJournal {
  private cursor: string | null = null;
  private source: unknown = undefined;
  /** When the last read that was applied started. */
  private freshAsOf = -Infinity;
  private reading: Promise<void> | null = null;
  /** Ids of the rows the last read returned: a row comes again while its transaction's neighbours run. */
  private seen = new Set<number>();
  private readonly listeners = new Map<JournalKind, JournalListener[]>();
  private readonly now: () => number;
  /** Reads made and rows applied (tests, benchmarks). */
  readonly stats = { reads: 0, changes: 0, restarts: 0 };

  constructor(private readonly options: AvailabilityJournalOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The feed of one kind of owner. */
  feed(kind: JournalKind): ChangeFeed {
    return {
      ready: () => this.ready(),
      subscribe: (listener) => {
        const list = this.listeners.get(kind) ?? [];
        list.push(listener);
        this.listeners.set(kind, list);
      },
    };
  }

  /** Null when kept loads may be used now; else the read after which they may (it never rejects). */
  ready(): Promise<void> | null {
    const age = this.now() - this.freshAsOf;
    if (age < this.options.pollAheadMs) return null;
    this.reading ??= this.read().finally(() => (this.reading = null));
    return age < this.options.lagMs ? null : this.reading;
  }

  private async read(): Promise<void> {
    const started = this.now();
    const restart = this.cursor === null || started - this.freshAsOf > (this.options.restartAfterMs ?? 5 * 60_000);
    this.stats.reads++;
    try {
      const read = await this.options.read(restart ? null : this.cursor);
      if (restart || read.source !== this.source) this.forgetAll();
      else {
        const seen = new Set<number>();
        for (const c of read.changes) {
          seen.add(c.id);
          if (this.seen.has(c.id)) continue;
          this.stats.changes++;
          this.tell(c.kind, c.ownerId);
        }
        this.seen = seen;
      }
      this.source = read.source;
      this.cursor = read.cursor;
      this.freshAsOf = started;
    } catch (err) {
      // What changed meanwhile is unknown: nothing kept is used until a read succeeds.
      this.forgetAll();
      this.cursor = null;
      this.options.onError?.(err);
    }
  }

  private forgetAll(): void {
    this.stats.restarts++;
    this.seen.clear();
    this.tell(null, null);
  }

  /** Tells the listeners of `kind` to forget `ownerId`, or (kind null: a row for every owner) every listener all. */
  private tell(kind: JournalKind | null, ownerId: number | null): void {
    for (const [k, list] of this.listeners) if (kind === null || k === kind) for (const l of list) l(kind === null ? null : ownerId);
  }
}

/**
 * The journal as this instance reads it, for the schedule calls' owner loads and the quick-booking searches'
 * branch loads: read every half second while calls come, a load used at most JOURNAL_LAG_MS after a change.
 */
export const availabilityJournal = new AvailabilityJournal({
  read: async (cursor) => {
    const db = await serverDatabase();
    return { source: db, ...(await asAnon(db, (c) => readAvailabilityChanges(c, cursor))) };
  },
  lagMs: JOURNAL_LAG_MS,
  pollAheadMs: JOURNAL_LAG_MS / 2,
  onError: (err) => console.error(JSON.stringify({ level: 'error', what: 'availability journal read failed', error: err instanceof Error ? err.message : String(err) })),
});
