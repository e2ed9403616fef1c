/**
 * A short-lived in-process cache with single-flight per key, for public answers that may be a few seconds old
 * (schedule and search calls, issue #6). N concurrent identical requests cost one load; the answer is then kept
 * for `ttlMs` counted from when its load *started*, so nothing served is older than that. Failed loads are not
 * kept (the next caller tries again). With `refreshAfterMs`, the first request after that age still gets the kept
 * answer at once and starts one reload in the background: a key in steady use is then not waited for at expiry
 * (its callers queued behind the reload before), and still nothing older than `ttlMs` is served. A reload slower
 * than the time left to expiry is not joined by the request that finds the answer expired (a second load). A warm Netlify function instance keeps its module state between
 * invocations, so the same cache works there as on the local server.
 *
 * Never use it for personal data: the key must be everything the answer depends on.
 */
export interface ReadCacheOptions<T = unknown> {
  /** How long an answer is reused, from the start of its load. 0 disables caching (single-flight stays). */
  ttlMs: number;
  /** Age from which a request starts a background reload while still getting the kept answer (< ttlMs). */
  refreshAfterMs?: number;
  /** Bound on the number of answers kept; the oldest go first. */
  maxEntries?: number;
  /** Injected clock (tests). */
  now?: () => number;
  /** When a loaded answer stops holding before its lifetime ends (epoch ms), or null when it holds that long. */
  validUntil?: (value: T) => number | null;
}

interface Entry<T> {
  /** When the load started; the answer is fresh until started + ttl. */
  started: number;
  /** validUntil of the settled answer (Infinity without one). */
  until: number;
  value: Promise<T>;
  settled: boolean;
  /** A reload started ahead of expiry (refreshAfterMs), not yet settled. */
  refreshing?: boolean;
}

export class ReadCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly maxEntries: number;
  private readonly now: () => number;
  private lastSweep = 0;
  /** Loads run (misses) and answers given from a load already started or finished (hits). */
  readonly stats = { loads: 0, hits: 0, refreshes: 0 };

  constructor(private readonly options: ReadCacheOptions<T>) {
    this.maxEntries = options.maxEntries ?? 5_000;
    this.now = options.now ?? Date.now;
  }

  /** A cache reloading in the last tenth of the lifetime, so callers of a key in steady use never wait on a reload. */
  static reloadingAhead<T>(ttlMs: number, options: Omit<ReadCacheOptions<T>, 'ttlMs' | 'refreshAfterMs'> = {}): ReadCache<T> {
    return new ReadCache<T>({ ...options, ttlMs, refreshAfterMs: ttlMs > 0 ? Math.floor(ttlMs * 0.9) : undefined });
  }

  get ttlMs(): number {
    return this.options.ttlMs;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The answer for `key`: a fresh or in-flight one, else `load()` (shared with every concurrent caller). */
  get(key: string, load: () => Promise<T>): Promise<T> {
    const now = this.now();
    const found = this.entries.get(key);
    if (found && (!found.settled || (now - found.started < this.options.ttlMs && now < found.until))) {
      this.stats.hits++;
      const refreshAfter = this.options.refreshAfterMs;
      if (found.settled && !found.refreshing && refreshAfter !== undefined && now - found.started >= refreshAfter) this.refresh(key, found, load, now);
      return found.value;
    }
    if (found) this.entries.delete(key);
    this.stats.loads++;
    const entry = this.start(key, load, now);
    this.entries.set(key, entry);
    // Expired answers are dropped once per lifetime, so an idle key does not hold its memory until evicted.
    if (now - this.lastSweep >= Math.max(this.options.ttlMs, 1000)) this.sweep(now);
    if (this.entries.size > this.maxEntries) this.evict(now);
    return entry.value;
  }

  /** A load whose entry removes itself when it fails (and, with no lifetime, when it is done). */
  private start(key: string, load: () => Promise<T>, now: number): Entry<T> {
    const entry: Entry<T> = { started: now, until: Infinity, settled: false, value: undefined as unknown as Promise<T> };
    entry.value = (async () => load())().then(
      (v) => {
        entry.settled = true;
        entry.until = this.options.validUntil?.(v) ?? Infinity;
        if (this.options.ttlMs <= 0 && this.entries.get(key) === entry) this.entries.delete(key);
        return v;
      },
      (err: unknown) => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
        throw err;
      },
    );
    return entry;
  }

  /** Reloads `current` in the background; the new answer replaces it when (and only if) the reload succeeds. */
  private refresh(key: string, current: Entry<T>, load: () => Promise<T>, now: number): void {
    current.refreshing = true;
    this.stats.refreshes++;
    const next = this.start(key, load, now);
    next.value.then(
      () => {
        current.refreshing = false;
        if (this.entries.get(key) === current) this.entries.set(key, next);
      },
      // The kept answer stays until its own expiry; a later request may try again.
      () => (current.refreshing = false),
    );
  }

  /** Forgets every answer (tests, or after a write this instance made itself). */
  clear(): void {
    this.entries.clear();
  }

  /**
   * Forgets the answer of `key`, also one still loading: its callers get it, later ones load again (what it read
   * changed; a reload ahead of expiry started from it is not kept either).
   */
  delete(key: string): void {
    this.entries.delete(key);
  }

  private sweep(now: number): void {
    this.lastSweep = now;
    for (const [k, e] of this.entries) if (e.settled && (now - e.started >= this.options.ttlMs || now >= e.until)) this.entries.delete(k);
  }

  private evict(now: number): void {
    for (const [k, e] of this.entries) {
      if (this.entries.size <= this.maxEntries * 0.9) break;
      // Map order is insertion order: oldest first. In-flight loads stay (their callers are waiting on them).
      if (e.settled || now - e.started >= this.options.ttlMs) this.entries.delete(k);
    }
  }
}

/** The most a public availability answer (schedules, quick-booking searches) may lag the database. */
export const PUBLIC_AVAILABILITY_BOUND_MS = 5000;

/**
 * Where an availability call spends that bound. The CDN keeps an answer `cdnSeconds` and answers it `staleSeconds`
 * more while one call to the function, in the background, replaces it (stale-while-revalidate: a visitor of an
 * owner asked every few seconds never waits at expiry); the function computes it from a shared load kept `loadMs`,
 * or until the availability journal names its owner (src/server/shared-loads), and keeps the answer itself only
 * while it is being computed (`answerMs` 0: concurrent identical calls share one; repeated calls are the CDN's).
 * A slot booked or held disappears within the sum. Booking itself re-checks in the database (book_slot) whatever a
 * cached answer said.
 */
export interface AvailabilityCache {
  cdnSeconds: number;
  staleSeconds: number;
  answerMs: number;
  loadMs: number;
  /**
   * Loads are kept until the availability journal names their owner (src/server/availability-journal), and used
   * at most JOURNAL_LAG_MS after a change was committed; `loadMs` then only bounds memory, not how stale they are.
   */
  journal?: true;
}

/** How far loads kept until the availability journal names them may lag it (src/server/availability-journal). */
export const JOURNAL_LAG_MS = 1000;

/** The longest an instance serves an availability answer: its own lifetime plus how far the load beneath it may lag. */
export const instanceLagMs = (c: AvailabilityCache): number => c.answerMs + (c.journal ? JOURNAL_LAG_MS : c.loadMs);

/** The longest an answer can lag the database under `c`: the CDN's fresh and stale seconds, then the instance's. */
export const availabilityLagMs = (c: AvailabilityCache): number => (c.cdnSeconds + c.staleSeconds) * 1000 + instanceLagMs(c);

/**
 * Schedules: an owner load serves one address only (the date strip's window of the owner's day, or its nearest-day
 * start: stripRange), which the CDN already repeats, so a load kept a second served no call (measured: none of
 * 32k). Kept until the availability journal names the owner, it answers every later call that misses the CDN and
 * every background revalidation without the database (most of them are for owners loaded before, unchanged): the
 * journal is read every half second while calls come, and a load is used at most a second after a change.
 * Measured at 200 connections (doctor schedules, a warm server, alternating runs): p95 39–47 → 26–27 ms, and
 * PostgreSQL idle (42 µs of its CPU a call before).
 */
export const SCHEDULE_CACHE = { cdnSeconds: 3, staleSeconds: 1, answerMs: 0, loadMs: 10 * 60_000, journal: true } as const satisfies AvailabilityCache;

/**
 * Quick-booking searches: one branch load serves every specialty and keyword of the branch, each its own address
 * on the CDN (kept 1 s, it answered more than half of the calls reaching the function); kept until the journal
 * names the branch (a doctor, a doctor's specialties or a service of it written), it answers nearly all of them.
 */
export const SEARCH_CACHE = { cdnSeconds: 3, staleSeconds: 1, answerMs: 0, loadMs: 10 * 60_000, journal: true } as const satisfies AvailabilityCache;

/** The endpoint options (defineEndpoint) of a public availability call: its caching, as above, and shared loads. */
const availabilityEndpoint = (c: AvailabilityCache) =>
  ({ cacheSeconds: c.cdnSeconds, staleSeconds: c.staleSeconds, instanceCacheMs: c.answerMs, database: 'shared' }) as const;

export const SCHEDULE_ENDPOINT = availabilityEndpoint(SCHEDULE_CACHE);
export const SEARCH_ENDPOINT = availabilityEndpoint(SEARCH_CACHE);

/** PUBLIC_READ_CACHE_MS (when set) overrides every instance cache lifetime of public reads; 0 turns them off. */
export function instanceCacheTtl(declared: number): number {
  const env = typeof process !== 'undefined' ? process.env.PUBLIC_READ_CACHE_MS : undefined;
  const n = env === undefined || env === '' ? NaN : Number(env);
  return Number.isFinite(n) && n >= 0 ? n : declared;
}
