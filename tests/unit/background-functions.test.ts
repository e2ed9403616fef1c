/**
 * The local server runs a background function as Netlify does (scripts/lib/functions.ts): a module named
 * *-background without a config.path is served at /.netlify/functions/<name>, answers 202 at once and runs on
 * with the request's body.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { loadFunctions } from '../../scripts/lib/functions';

const dir = mkdtempSync(path.join(tmpdir(), 'bg-functions-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('serves a -background module at /.netlify/functions/<name>: 202 at once, the handler runs on with the body', async () => {
  writeFileSync(
    path.join(dir, 'work-background.mjs'),
    `export const seen = [];
     export default async (req) => { await new Promise((r) => setTimeout(r, 50)); seen.push(await req.json()); return new Response(null, { status: 500 }); };`,
  );
  writeFileSync(path.join(dir, 'plain.mjs'), `export default async () => new Response('x');`);
  const routes = await loadFunctions(dir);
  expect(routes.map((r) => [r.name, r.path, r.methods])).toEqual([['work-background.mjs', '/.netlify/functions/work-background', ['POST']]]);
  const route = routes[0];
  expect(route.match('/.netlify/functions/work-background')).toEqual({});
  const mod = (await import(path.join(dir, 'work-background.mjs'))) as { seen: unknown[] };
  const res = await route.handler(new Request('http://local.test/.netlify/functions/work-background', { method: 'POST', body: JSON.stringify({ id: 7 }) }), {
    params: {},
    requestId: 'r',
    ip: '127.0.0.1',
    site: { url: 'http://local.test' },
  });
  expect(res.status).toBe(202);
  // Answered before the handler finished.
  expect(mod.seen).toEqual([]);
  await expect.poll(() => mod.seen, { timeout: 2000 }).toEqual([{ id: 7 }]);
});
