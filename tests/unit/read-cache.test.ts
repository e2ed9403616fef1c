import { describe, expect, it } from 'vitest';
import { availabilityLagMs, PUBLIC_AVAILABILITY_BOUND_MS, ReadCache, SCHEDULE_CACHE, SEARCH_CACHE } from '../../src/server/read-cache';
import { cacheKey } from '../../src/server/endpoint';

const deferred = <T>() => {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
};

/** Lets every pending promise callback run. */
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('instance read cache', () => {
  it('runs one load for concurrent identical requests (single-flight)', async () => {
    const cache = new ReadCache<string>({ ttlMs: 2000, now: () => 0 });
    const d = deferred<string>();
    let loads = 0;
    const load = () => (loads++, d.promise);
    const answers = Array.from({ length: 50 }, () => cache.get('k', load));
    d.resolve('answer');
    expect(await Promise.all(answers)).toEqual(Array(50).fill('answer'));
    expect(loads).toBe(1);
    expect(cache.stats).toEqual({ loads: 1, hits: 49, refreshes: 0 });
  });

  it('keeps an answer for its lifetime counted from the start of its load, then loads again', async () => {
    let t = 1000;
    const cache = new ReadCache<number>({ ttlMs: 2000, now: () => t });
    let n = 0;
    const load = async () => ++n;
    expect(await cache.get('k', load)).toBe(1);
    t = 2999;
    expect(await cache.get('k', load)).toBe(1);
    t = 3000;
    expect(await cache.get('k', load)).toBe(2);
    expect(await cache.get('other', load)).toBe(3);
  });

  it('reloads a key in use ahead of its expiry without making anyone wait, and never serves past the lifetime', async () => {
    let t = 0;
    const cache = new ReadCache<number>({ ttlMs: 2000, refreshAfterMs: 1500, now: () => t });
    let n = 0;
    const reload = deferred<number>();
    const load = () => (++n === 1 ? Promise.resolve(1) : reload.promise);
    expect(await cache.get('k', load)).toBe(1);
    t = 1499;
    expect(await cache.get('k', load)).toBe(1);
    expect(n).toBe(1);
    t = 1500; // from here a request gets the kept answer at once and starts one reload
    expect(await cache.get('k', load)).toBe(1);
    expect(await cache.get('k', load)).toBe(1);
    expect(n).toBe(2);
    reload.resolve(2);
    await settle();
    expect(await cache.get('k', load)).toBe(2); // the reload's answer, counted from when it started (t = 1500)
    t = 3499;
    expect(cache.stats.refreshes).toBe(1);
    expect(await cache.get('k', async () => 99)).toBe(2);
    expect(cache.stats.refreshes).toBe(2); // past 1500 ms of its own age: reloading again in the background
  });

  it('keeps the answer when a reload ahead of expiry fails, and loads afresh once it expires', async () => {
    let t = 0;
    const cache = new ReadCache<number>({ ttlMs: 2000, refreshAfterMs: 1500, now: () => t });
    expect(await cache.get('k', async () => 1)).toBe(1);
    t = 1600;
    const failing = deferred<number>();
    expect(await cache.get('k', () => failing.promise)).toBe(1);
    failing.reject(new Error('down'));
    await settle();
    expect(await cache.get('k', async () => 5)).toBe(1); // kept; this request started another reload
    await settle();
    t = 2000;
    expect(await cache.get('k', async () => 7)).toBe(5); // the latest reload's answer, started at 1600
    t = 3600;
    expect(await cache.get('k', async () => 7)).toBe(7); // expired: loaded afresh, waited for
  });

  it('keeps no failure: the next request tries again', async () => {
    const cache = new ReadCache<string>({ ttlMs: 2000, now: () => 0 });
    await expect(cache.get('k', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => 'up')).toBe('up');
  });

  it('with a lifetime of 0 only joins loads in flight', async () => {
    const cache = new ReadCache<number>({ ttlMs: 0, now: () => 0 });
    let n = 0;
    const d = deferred<number>();
    const a = cache.get('k', () => (n++, d.promise));
    const b = cache.get('k', async () => ++n);
    d.resolve(7);
    expect([await a, await b]).toEqual([7, 7]);
    expect(await cache.get('k', async () => ++n)).toBe(2);
  });

  it('lets go of expired answers even when their keys are never asked again', async () => {
    let t = 0;
    const cache = new ReadCache<number>({ ttlMs: 2000, now: () => t });
    for (let i = 0; i < 50; i++) await cache.get(`old-${i}`, async () => i);
    t = 5000;
    await cache.get('new', async () => 1);
    expect(cache.size).toBe(1);
  });

  it('stays within its bound', async () => {
    const cache = new ReadCache<number>({ ttlMs: 60_000, maxEntries: 100, now: () => 0 });
    for (let i = 0; i < 1000; i++) await cache.get(String(i), async () => i);
    expect(cache.size).toBeLessThanOrEqual(100);
    expect(await cache.get('999', async () => -1)).toBe(999);
  });

  it('keys identical requests alike, whatever the order of their query fields', () => {
    const q = (s: string) => new URLSearchParams(s);
    expect(cacheKey('2.0.0', { id: '1' }, q('b=2&a=1'))).toBe(cacheKey('2.0.0', { id: '1' }, q('a=1&b=2')));
    expect(cacheKey('1.0.0', {}, q('a=1'))).not.toBe(cacheKey('2.0.0', {}, q('a=1')));
    expect(cacheKey('1.0.0', {}, q('a=x'))).not.toBe(cacheKey('1.0.0', {}, q('a=y')));
    expect(cacheKey('1.0.0', { id: '1' }, q(''))).not.toBe(cacheKey('1.0.0', { id: '2' }, q('')));
    // A value holding separators cannot pass for other parameters.
    expect(cacheKey('1.0.0', {}, q('a=1%26b%3D2'))).not.toBe(cacheKey('1.0.0', {}, q('a=1&b=2')));
  });

  it('keeps schedule and search answers within the availability bound, CDN and instance together', () => {
    for (const c of [SCHEDULE_CACHE, SEARCH_CACHE]) expect(availabilityLagMs(c)).toBeLessThanOrEqual(PUBLIC_AVAILABILITY_BOUND_MS);
    expect(availabilityLagMs({ cdnSeconds: 3, staleSeconds: 2, answerMs: 500, loadMs: 1000 })).toBe(6500);
  });
});
