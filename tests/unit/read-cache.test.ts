import { describe, expect, it } from 'vitest';
import { ReadCache } from '../../src/server/read-cache';
import { cacheKey } from '../../src/server/endpoint';

const deferred = <T>() => {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
};

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
    expect(cache.stats).toEqual({ loads: 1, hits: 49 });
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
    expect(cacheKey('2.0.0', { id: 1 }, { b: 2, a: 1, c: undefined })).toBe(cacheKey('2.0.0', { id: 1 }, { a: 1, b: 2 }));
    expect(cacheKey('1.0.0', {}, { a: 1 })).not.toBe(cacheKey('2.0.0', {}, { a: 1 }));
    expect(cacheKey('1.0.0', undefined, { a: 'x' })).not.toBe(cacheKey('1.0.0', undefined, { a: 'y' }));
  });
});
