import { describe, expect, it } from 'vitest';
import { AvailabilityJournal } from '../../src/server/availability-journal';
import type { AvailabilityChange } from '../../src/data/availability-changes';
import { ReadCache } from '../../src/server/read-cache';

const deferred = <T>() => {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
};

/** A journal over a scripted database: each read answers the next queued result (or waits for one). */
function scripted(options: { lagMs?: number; pollAheadMs?: number; restartAfterMs?: number } = {}) {
  let t = 10_000;
  const asked: (string | null)[] = [];
  const answers: { changes: AvailabilityChange[]; source?: unknown; fail?: boolean }[] = [];
  const waiting: (() => void)[] = [];
  const errors: unknown[] = [];
  const source = { name: 'db one' };
  let next = 1;
  const journal = new AvailabilityJournal({
    lagMs: options.lagMs ?? 1000,
    pollAheadMs: options.pollAheadMs ?? 500,
    restartAfterMs: options.restartAfterMs,
    now: () => t,
    onError: (e) => errors.push(e),
    read: async (cursor) => {
      asked.push(cursor);
      if (!answers.length) await new Promise<void>((r) => waiting.push(r));
      const a = answers.shift()!;
      if (a.fail) throw new Error('connection refused');
      return { source: a.source ?? source, cursor: `c${next++}`, changes: a.changes };
    },
  });
  const told: Record<string, (number | null)[]> = { outpatient: [], telemedicine: [], service: [] };
  for (const kind of ['outpatient', 'telemedicine', 'service'] as const) journal.feed(kind).subscribe((id) => told[kind].push(id));
  return {
    journal,
    asked,
    told,
    errors,
    answer: (changes: AvailabilityChange[] = [], extra: { source?: unknown; fail?: boolean } = {}) => {
      answers.push({ changes, ...extra });
      waiting.shift()?.();
    },
    advance: (ms: number) => (t += ms),
  };
}

const change = (id: number, kind: AvailabilityChange['kind'], ownerId: number | null): AvailabilityChange => ({ id, kind, ownerId });

describe('availability journal reader', () => {
  it('makes the first use wait for a first read, which starts from no cursor and forgets everything kept', async () => {
    const j = scripted();
    const wait = j.journal.ready();
    expect(wait).toBeInstanceOf(Promise);
    // Concurrent uses share the one read.
    expect(j.journal.ready()).toBe(wait);
    j.answer([change(1, 'outpatient', 7)]);
    await wait;
    expect(j.asked).toEqual([null]);
    // Rows read with no cursor are history: every listener is told to forget all, not owner 7.
    expect(j.told).toEqual({ outpatient: [null], telemedicine: [null], service: [null] });
    expect(j.journal.ready()).toBeNull();
  });

  it('reads again in the background after pollAheadMs, and makes uses wait only once the last read is lagMs old', async () => {
    const j = scripted();
    const first = j.journal.ready()!;
    j.answer();
    await first;
    j.advance(499);
    expect(j.journal.ready()).toBeNull();
    expect(j.asked).toHaveLength(1);
    j.advance(1);
    // Half a second: a read starts, the use goes on with what is kept.
    expect(j.journal.ready()).toBeNull();
    expect(j.asked).toEqual([null, 'c1']);
    expect(j.journal.ready()).toBeNull();
    expect(j.asked).toHaveLength(2);
    // The read is slow: at a second since the last applied read started, uses wait for it.
    j.advance(500);
    const wait = j.journal.ready();
    expect(wait).toBeInstanceOf(Promise);
    j.answer([change(2, 'service', 5)]);
    await wait;
    expect(j.told.service).toEqual([null, 5]);
    // Fresh as of when that read started (500 ms ago): the next use starts another read, without waiting.
    expect(j.journal.ready()).toBeNull();
    expect(j.asked).toEqual([null, 'c1', 'c2']);
  });

  it('tells each kind about its own owners, everyone about a change of every owner, and each row once', async () => {
    const j = scripted();
    const first = j.journal.ready()!;
    j.answer();
    await first;
    const read = async (changes: AvailabilityChange[]) => {
      j.advance(1000);
      const w = j.journal.ready()!;
      j.answer(changes);
      await w;
    };
    await read([change(10, 'outpatient', 1), change(11, 'telemedicine', 1), change(12, 'service', 1)]);
    expect(j.told).toEqual({ outpatient: [null, 1], telemedicine: [null, 1], service: [null, 1] });
    // Row 11 again (its transaction's neighbours still ran at the last read), and a change of every owner.
    await read([change(11, 'telemedicine', 1), change(13, null, null), change(14, 'outpatient', 2)]);
    expect(j.told).toEqual({ outpatient: [null, 1, null, 2], telemedicine: [null, 1, null], service: [null, 1, null] });
    expect(j.journal.stats.changes).toBe(5);
  });

  it('forgets everything when the database behind it is another one, or when it has not read for restartAfterMs', async () => {
    const j = scripted({ restartAfterMs: 60_000 });
    const first = j.journal.ready()!;
    j.answer();
    await first;
    j.advance(1000);
    let w = j.journal.ready()!;
    j.answer([change(3, 'outpatient', 9)], { source: { name: 'db two' } });
    await w;
    // Not owner 9 of the other database: all of it.
    expect(j.told.outpatient).toEqual([null, null]);
    j.advance(60_001);
    w = j.journal.ready()!;
    j.answer([change(4, 'outpatient', 8)], { source: { name: 'db two' } });
    await w;
    expect(j.asked.at(-1)).toBeNull();
    expect(j.told.outpatient).toEqual([null, null, null]);
    expect(j.journal.stats.restarts).toBe(3);
  });

  it('forgets everything when a read fails, says so, and starts over at the next use', async () => {
    const j = scripted();
    const first = j.journal.ready()!;
    j.answer();
    await first;
    j.advance(1000);
    const w = j.journal.ready()!;
    j.answer([], { fail: true });
    // A failed read resolves: the use goes on, with nothing kept left to use.
    await expect(w).resolves.toBeUndefined();
    expect(j.told.outpatient).toEqual([null, null]);
    expect(String(j.errors[0])).toContain('connection refused');
    // Still not fresh: the next use waits for a new read, from no cursor.
    const again = j.journal.ready()!;
    expect(again).toBeInstanceOf(Promise);
    j.answer();
    await again;
    expect(j.asked).toEqual([null, 'c1', null]);
    expect(j.journal.ready()).toBeNull();
  });
});

describe('instance read cache: answers that stop holding, and forgetting one', () => {
  it('does not use an answer past its validUntil, and drops an entry even while it loads', async () => {
    let t = 0;
    const cache = new ReadCache<{ n: number; until: number | null }>({ ttlMs: 60_000, now: () => t, validUntil: (v) => v.until });
    let n = 0;
    expect((await cache.get('k', async () => ({ n: ++n, until: 500 }))).n).toBe(1);
    t = 499;
    expect((await cache.get('k', async () => ({ n: ++n, until: null }))).n).toBe(1);
    t = 500;
    expect((await cache.get('k', async () => ({ n: ++n, until: null }))).n).toBe(2);
    t = 50_000;
    expect((await cache.get('k', async () => ({ n: ++n, until: null }))).n).toBe(2);
    // Deleted while loading: its caller still gets it, the next caller loads again.
    const d = deferred<{ n: number; until: null }>();
    cache.delete('k');
    const pending = cache.get('k', () => d.promise);
    cache.delete('k');
    expect((await cache.get('k', async () => ({ n: 99, until: null }))).n).toBe(99);
    d.resolve({ n: 42, until: null });
    expect((await pending).n).toBe(42);
    expect((await cache.get('k', async () => ({ n: 7, until: null }))).n).toBe(99);
  });
});
