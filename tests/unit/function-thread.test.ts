import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { threadId } from 'node:worker_threads';
import { startServer, type RunningServer } from '../../scripts/lib/server';

// The local server with its functions in a thread of their own (scripts/lib/function-thread.ts), as the booking
// benchmark runs it: calls, bodies, cookies, failures and the thread's own database, through real HTTP.
describe('local server with a functions thread', () => {
  let dir: string;
  let server: RunningServer;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'function-thread-'));
    writeFileSync(
      path.join(dir, 'echo.mjs'),
      `import { threadId } from 'node:worker_threads';
export default async (req, context) => {
  const body = req.method === 'GET' ? null : await req.text();
  const headers = new Headers({ 'content-type': 'application/json' });
  if (req.method === 'GET') headers.set('cache-control', 'public, s-maxage=60');
  else for (const c of ['a=1; Path=/', 'b=2; Path=/']) headers.append('set-cookie', c);
  return new Response(JSON.stringify({ method: req.method, accept: req.headers.get('accept'), body, length: body?.length ?? 0, params: context.params, threadId }), { headers });
};
export const config = { path: '/api/echo/:id' };`,
    );
    writeFileSync(path.join(dir, 'broken.mjs'), `export default async () => { throw new Error('handler failed'); };\nexport const config = { path: '/api/broken' };`);
    writeFileSync(
      path.join(dir, 'sum.mjs'),
      `import { serverDatabase } from ${JSON.stringify(pathToFileURL(path.resolve('src/server/runtime.ts')).href)};
export default async () => Response.json({ sum: (await (await serverDatabase()).pool.query('select 40 + 2 as v')).rows[0].v });
export const config = { path: '/api/sum' };`,
    );
    server = await startServer({ root: process.cwd(), functionsDir: dir, distDir: dir, port: 0, functionsThread: { dataDir: 'memory://' } });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs each call in the thread and sends its answer, which the CDN stand-in keeps in the server thread', async () => {
    const first = await fetch(`${server.url}/api/echo/7?x=1`, { headers: { accept: 'application/json; version=2.0.0' } });
    const answer = (await first.json()) as { method: string; accept: string; params: Record<string, string>; threadId: number };
    expect(first.status).toBe(200);
    expect(answer).toMatchObject({ method: 'GET', accept: 'application/json; version=2.0.0', params: { id: '7' } });
    expect(answer.threadId).not.toBe(threadId);
    expect(first.headers.get('cache-status')).toBe('"Netlify Edge"; fwd=miss; stored');
    const again = await fetch(`${server.url}/api/echo/7?x=1`, { headers: { accept: 'application/json; version=2.0.0' } });
    expect(again.headers.get('cache-status')).toBe('"Netlify Edge"; hit');
    expect(await again.json()).toEqual(answer);
  });

  it('hands the thread the request body and sends back every cookie', async () => {
    const res = await fetch(`${server.url}/api/echo/1`, { method: 'POST', body: 'héllo', headers: { 'content-type': 'text/plain' } });
    expect(await res.json()).toMatchObject({ method: 'POST', body: 'héllo' });
    expect(res.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    const big = 'x'.repeat(5 * 1024 * 1024);
    expect(await (await fetch(`${server.url}/api/echo/1`, { method: 'POST', body: big })).json()).toMatchObject({ length: big.length });
  });

  it("refuses a body over Netlify's 6 MB with 413, and answers a failing handler with the 500 envelope", async () => {
    const tooBig = await fetch(`${server.url}/api/echo/1`, { method: 'POST', body: new Uint8Array(6 * 1024 * 1024 + 1) });
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toEqual({ _status: -1, _messages: ['The request body is too large (limit 6144 KB).'], _data: null });
    const broken = await fetch(`${server.url}/api/broken`);
    expect(broken.status).toBe(500);
    expect(await broken.json()).toEqual({ _status: -1, _messages: ['An error occurred!'], _data: null });
  });

  it('gives the functions the database the thread opened', async () => {
    expect(await (await fetch(`${server.url}/api/sum`)).json()).toEqual({ sum: 42 });
  });
});
