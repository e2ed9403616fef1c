import http from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CdnCache, sharedLifetime, varyingHeaders } from '../../scripts/lib/cdn-cache';
import { startServer, type RunningServer } from '../../scripts/lib/server';

const body = (s: string) => Buffer.from(s);
const cacheable = { 'content-type': 'application/json', 'cache-control': 'public, max-age=0, s-maxage=3', 'netlify-cdn-cache-control': 'public, s-maxage=3', 'netlify-vary': 'header=Accept', vary: 'Accept' };

describe('CDN cache rules (as Netlify reads the headers)', () => {
  it('keeps for the CDN header first, then CDN-Cache-Control, then Cache-Control; s-maxage before max-age', () => {
    const fresh = (headers: Record<string, string>) => sharedLifetime(headers)?.fresh;
    expect(fresh({ 'netlify-cdn-cache-control': 'public, s-maxage=3', 'cache-control': 'public, s-maxage=60' })).toBe(3);
    expect(fresh({ 'cdn-cache-control': 'max-age=7', 'cache-control': 'no-store' })).toBe(7);
    expect(fresh({ 'cache-control': 'public, max-age=0, s-maxage=60' })).toBe(60);
    expect(fresh({ 'cache-control': 'public, max-age=30' })).toBe(30);
  });

  it('reads stale-while-revalidate from the same header, none when absent or unreadable', () => {
    expect(sharedLifetime({ 'netlify-cdn-cache-control': 'public, s-maxage=2, stale-while-revalidate=2' })).toEqual({ fresh: 2, stale: 2 });
    expect(sharedLifetime({ 'netlify-cdn-cache-control': 'public, s-maxage=2', 'cache-control': 'max-age=9, stale-while-revalidate=60' })).toEqual({ fresh: 2, stale: 0 });
    expect(sharedLifetime({ 'cache-control': 'public, max-age=5, stale-while-revalidate=soon' })).toEqual({ fresh: 5, stale: 0 });
    expect(sharedLifetime({ 'cache-control': 'public, max-age=0, stale-while-revalidate=30' })).toBeNull();
  });

  it('keeps nothing that is private, no-store, no-cache, without a lifetime or with lifetime 0', () => {
    for (const control of ['no-store', 'private, max-age=60', 'no-cache, s-maxage=60', 'public', 'public, max-age=0']) expect(sharedLifetime({ 'cache-control': control })).toBeNull();
    expect(sharedLifetime({})).toBeNull();
  });

  it('varies on the headers named by Vary and Netlify-Vary header=, and gives up on what it cannot key', () => {
    expect(varyingHeaders({ vary: 'Accept, Accept-Encoding', 'netlify-vary': 'header=Accept|X-Market' })).toEqual(['accept', 'accept-encoding', 'x-market']);
    expect(varyingHeaders({})).toEqual([]);
    expect(varyingHeaders({ vary: '*' })).toBeNull();
    expect(varyingHeaders({ 'netlify-vary': 'query=page' })).toBeNull();
    expect(varyingHeaders({ 'netlify-vary': 'cookie=ab_test' })).toBeNull();
  });

  it('answers a repeated request until the lifetime ends, per variant of the varying headers, with its age', () => {
    let now = 1_000_000;
    const cache = new CdnCache(1024 * 1024, () => now);
    const v2 = { accept: 'application/json; version=2.0.0' };
    const sent = cache.admit('/api/x?a=1', v2, 200, cacheable, body('v2'));
    expect(sent['netlify-cdn-cache-control']).toBeUndefined();
    expect(sent['netlify-vary']).toBeUndefined();
    expect(sent['cache-status']).toBe('"Netlify Edge"; fwd=miss; stored');
    now += 1500;
    const hit = cache.lookup('/api/x?a=1', v2)!;
    expect(hit.body.toString()).toBe('v2');
    expect(hit.headers['cache-status']).toBe('"Netlify Edge"; hit');
    expect(hit.headers.age).toBe('1');
    expect(hit.headers.vary).toBe('Accept');
    // Another Accept, another query order or another query: not this answer.
    expect(cache.lookup('/api/x?a=1', { accept: 'application/json' })).toBeNull();
    expect(cache.lookup('/api/x?a=2', v2)).toBeNull();
    now += 1500;
    expect(cache.lookup('/api/x?a=1', v2)).toBeNull();
    expect(cache.size).toBe(0);
  });

  it('answers an expired copy during stale-while-revalidate, asking exactly one caller to revalidate', () => {
    let now = 1_000_000;
    const cache = new CdnCache(1024 * 1024, () => now);
    const swr = { ...cacheable, 'netlify-cdn-cache-control': 'public, s-maxage=2, stale-while-revalidate=2' };
    cache.admit('/api/s', {}, 200, swr, body('old'));
    now += 1999;
    expect(cache.lookup('/api/s', {})!.revalidate).toBe(false);
    now += 500;
    const stale = cache.lookup('/api/s', {})!;
    expect(stale.body.toString()).toBe('old');
    expect(stale.revalidate).toBe(true);
    expect(stale.headers['cache-status']).toBe('"Netlify Edge"; hit; ttl=-1');
    expect(stale.headers.age).toBe('2');
    // Others get the copy without a second revalidation while the first one runs.
    expect(cache.lookup('/api/s', {})!.revalidate).toBe(false);
    // The revalidation's answer replaces the copy: fresh again, for its whole lifetime.
    cache.admit('/api/s', {}, 200, swr, body('new'));
    now += 1500;
    const fresh = cache.lookup('/api/s', {})!;
    expect([fresh.body.toString(), fresh.headers['cache-status'], fresh.revalidate]).toEqual(['new', '"Netlify Edge"; hit', false]);
    // Past the stale window nothing is answered.
    now += 2000 + 2000;
    expect(cache.lookup('/api/s', {})).toBeNull();
    expect(cache.size).toBe(0);
  });

  it('drops a stale copy whose revalidation failed or is no longer cacheable, so the next request asks the function', () => {
    let now = 0;
    const cache = new CdnCache(1024 * 1024, () => now);
    const swr = { ...cacheable, 'netlify-cdn-cache-control': 'public, s-maxage=1, stale-while-revalidate=5' };
    cache.admit('/a', {}, 200, swr, body('x'));
    cache.admit('/b', {}, 200, swr, body('x'));
    now = 1500;
    expect(cache.lookup('/a', {})!.revalidate).toBe(true);
    expect(cache.lookup('/b', {})!.revalidate).toBe(true);
    cache.forget('/a', {});
    expect(cache.admit('/b', {}, 404, cacheable, body('gone'))['cache-status']).toBe('"Netlify Edge"; fwd=miss');
    expect(cache.lookup('/a', {})).toBeNull();
    expect(cache.lookup('/b', {})).toBeNull();
  });

  it('keeps only 200 answers without Set-Cookie', () => {
    const cache = new CdnCache();
    expect(cache.admit('/a', {}, 404, cacheable, body('x'))['cache-status']).toBe('"Netlify Edge"; fwd=miss');
    cache.admit('/b', {}, 200, { ...cacheable, 'set-cookie': ['s=1'] }, body('x'));
    expect(cache.size).toBe(0);
  });

  it('forgets the oldest answers past its size', () => {
    const cache = new CdnCache(64);
    for (let i = 0; i < 10; i++) cache.admit(`/r${i}`, {}, 200, cacheable, body('x'.repeat(4)));
    expect(cache.size).toBe(10);
    for (let i = 10; i < 30; i++) cache.admit(`/r${i}`, {}, 200, cacheable, body('x'.repeat(4)));
    expect(cache.size).toBe(16);
    expect(cache.lookup('/r0', { accept: undefined })).toBeNull();
    expect(cache.lookup('/r29', {})).not.toBeNull();
  });

  it('never answers from the cache a request with Authorization, nor anything but GET', () => {
    expect(CdnCache.applies('GET', {})).toBe(true);
    expect(CdnCache.applies('GET', { authorization: 'Bearer x' })).toBe(false);
    expect(CdnCache.applies('POST', {})).toBe(false);
    expect(CdnCache.applies('HEAD', {})).toBe(false);
  });
});

describe('local server with the CDN cache', () => {
  let dir: string;
  let server: RunningServer;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'cdn-cache-'));
    writeFileSync(
      path.join(dir, 'count.mjs'),
      `let calls = 0;
export default async (req) => {
  calls++;
  const shared = !new URL(req.url).searchParams.has('private');
  const headers = shared ? ${JSON.stringify(cacheable)} : { 'content-type': 'application/json', 'cache-control': 'no-store' };
  return new Response(JSON.stringify({ calls, accept: req.headers.get('accept') }), { headers });
};
export const config = { path: '/api/count' };`,
    );
    writeFileSync(
      path.join(dir, 'swr.mjs'),
      `const seen = new Map();
export default async (req) => {
  const key = new URL(req.url).search;
  const calls = (seen.get(key) ?? 0) + 1;
  seen.set(key, calls);
  if (key === '?fail=1' && calls > 1) throw new Error('database gone');
  return new Response(JSON.stringify({ calls }), { headers: { 'content-type': 'application/json', 'netlify-cdn-cache-control': 'public, s-maxage=1, stale-while-revalidate=30' } });
};
export const config = { path: '/api/swr' };`,
    );
    server = await startServer({ root: process.cwd(), functionsDir: dir, distDir: dir, port: 0 });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = async (query: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${server.url}/api/count${query}`, { headers });
    return { status: res.headers.get('cache-status'), cdnHeader: res.headers.get('netlify-cdn-cache-control'), body: (await res.json()) as { calls: number } };
  };

  it('answers a repeated call without invoking the function, keyed by query and Accept', async () => {
    const first = await get('?a=1', { accept: 'application/json; version=2.0.0' });
    expect(first.status).toBe('"Netlify Edge"; fwd=miss; stored');
    expect(first.cdnHeader).toBeNull();
    const again = await get('?a=1', { accept: 'application/json; version=2.0.0' });
    expect(again.status).toBe('"Netlify Edge"; hit');
    expect(again.body.calls).toBe(first.body.calls);
    expect((await get('?a=1', { accept: 'application/json' })).body.calls).toBe(first.body.calls + 1);
    expect((await get('?a=2', { accept: 'application/json; version=2.0.0' })).body.calls).toBe(first.body.calls + 2);
  });

  it('answers a target written otherwise by its normalised address, and never takes a // target for a kept path', async () => {
    const raw = (target: string) =>
      new Promise<{ code: number; status: string | undefined }>((resolve, reject) => {
        const u = new URL(server.url);
        http.get({ host: u.hostname, port: u.port, path: target, headers: { accept: '*/*' } }, (res) => {
          res.resume();
          res.on('end', () => resolve({ code: res.statusCode ?? 0, status: res.headers['cache-status'] as string | undefined }));
        }).on('error', reject);
      });
    expect((await get('?c=1')).status).toBe('"Netlify Edge"; fwd=miss; stored');
    expect(await raw('/api/count?c=1')).toEqual({ code: 200, status: '"Netlify Edge"; hit' });
    expect(await raw('/api/x/../count?c=1')).toEqual({ code: 200, status: '"Netlify Edge"; hit' });
    // '//api/count' names the host "api" to a URL parser: not the kept /api/count.
    expect((await raw('//api/count?c=1')).status).toBeUndefined();
  });

  it('sends calls with Authorization and answers marked no-store to the function every time', async () => {
    const a = await get('?b=1', { authorization: 'Bearer t' });
    const b = await get('?b=1', { authorization: 'Bearer t' });
    expect(b.body.calls).toBe(a.body.calls + 1);
    const c = await get('?private=1');
    const d = await get('?private=1');
    expect(d.body.calls).toBe(c.body.calls + 1);
    expect(d.status).toBe('"Netlify Edge"; fwd=miss');
  });

  it('answers a stale copy at once and revalidates it in the background (stale-while-revalidate)', async () => {
    const swr = async (query = '') => {
      const res = await fetch(`${server.url}/api/swr${query}`);
      return { status: res.headers.get('cache-status'), calls: ((await res.json()) as { calls: number }).calls };
    };
    const first = await swr();
    expect(first.status).toBe('"Netlify Edge"; fwd=miss; stored');
    await new Promise((r) => setTimeout(r, 1100));
    const stale = await swr();
    expect(stale.calls).toBe(first.calls);
    expect(stale.status).toMatch(/^"Netlify Edge"; hit; ttl=-\d+$/);
    // The background call's answer replaced the copy.
    await expect.poll(async () => (await swr()).calls).toBe(first.calls + 1);
    expect((await swr()).status).toBe('"Netlify Edge"; hit');
  });

  it('drops a stale copy whose revalidation failed: the next request reaches the function', async () => {
    const call = async () => {
      const res = await fetch(`${server.url}/api/swr?fail=1`);
      return { code: res.status, status: res.headers.get('cache-status') };
    };
    expect(await call()).toEqual({ code: 200, status: '"Netlify Edge"; fwd=miss; stored' });
    await new Promise((r) => setTimeout(r, 1100));
    expect((await call()).status).toMatch(/; hit; ttl=-/);
    await expect.poll(async () => (await call()).code).toBe(500);
  });
});
