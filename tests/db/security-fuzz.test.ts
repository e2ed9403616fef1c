/**
 * Security suite (issue 24, "Done when"): every endpoint of the generated OpenAPI document, with and without a
 * token, sent wrong types, huge and NUL-containing strings, prototype keys, oversized and chunked bodies, long
 * addresses and HEAD. No answer is a 5xx, every answer but HEAD's carries the envelope, the server is alive
 * afterwards, and no answer given to a caller with a token may be kept by a shared cache. Prints the counts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDatabase } from '../../src/server/runtime';
import { createPatient, createStaff } from '../support/accounts';
import { signAccessToken } from '../support/tokens';
import { startTestServer, type TestServer } from '../support/test-server';
import { createEngineDatabase } from './support/engines';

interface Operation { method: string; path: string; auth: string; query: string[]; pathParams: string[]; body?: 'json' | 'multipart'; example?: Record<string, unknown> }

/** A value the OpenAPI schema accepts, as far as a generic walk can tell: prototype keys then ride on a body that passes. */
function exampleOf(schema: any): unknown {
  if (!schema || typeof schema !== 'object') return 'a';
  if (schema.enum) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  for (const k of ['anyOf', 'oneOf', 'allOf']) if (Array.isArray(schema[k]) && schema[k].length) return exampleOf(schema[k][0]);
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(Object.entries<any>(schema.properties ?? {}).filter(([k]) => (schema.required ?? []).includes(k)).map(([k, v]) => [k, exampleOf(v)]));
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    default:
      return schema.format === 'email' ? 'fuzz@example.test' : 'a'.repeat(Math.max(1, schema.minLength ?? 1));
  }
}

/** One HTTP request written by hand (fetch cannot send TRACE); the status line and body as text. */
async function rawRequest(base: string, text: string): Promise<string> {
  const { connect } = await import('node:net');
  const u = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(u.port), u.hostname, () => socket.write(text));
    let out = '';
    socket.on('data', (d) => (out += d.toString()));
    socket.on('end', () => resolve(out));
    socket.on('error', reject);
  });
}

const NUL = 'a\u0000b';
const HUGE = 'x'.repeat(300 * 1024);
/** Values for every query field, path parameter and body field: wrong types, NUL, huge, prototype names. */
const BAD_VALUES = ['', 'not-a-number', '-1', '1e309', NUL, '%00', '__proto__', 'constructor', '[object Object]', '😀'.repeat(500), '1'.repeat(5000)];
const BAD_BODIES: unknown[] = [
  null,
  [],
  'text',
  42,
  JSON.parse('{"__proto__": {"polluted": true}}'),
  { constructor: { prototype: { polluted: true } } },
  { name: NUL, keyword: NUL },
  { name: HUGE },
  { [NUL]: 1 },
  { name: 1, birthday: true, gender: 'x' },
];

describe('security suite over the OpenAPI document', () => {
  let server: TestServer;
  let dispose: () => Promise<void>;
  const ops: Operation[] = [];
  const tokens: Record<string, string> = {};
  const counts = { requests: 0, serverErrors: 0, crashes: 0, outsideEnvelope: 0, cacheableWithToken: 0 };
  const failures: string[] = [];

  beforeAll(async () => {
    const made = await createEngineDatabase('postgres', { seed: false });
    dispose = made.dispose;
    useDatabase(made.db);
    server = await startTestServer();
    tokens.staff = await signAccessToken(await createStaff(made.db, { email: 'security-admin@platform.test', role: 'admin' }));
    tokens.patient = await signAccessToken(await createPatient(made.db, { email: 'security-patient@platform.test', onboarded: true }));
    const doc = await (await fetch(`${server.url}/api/openapi.json`)).json();
    for (const [path, methods] of Object.entries<Record<string, any>>(doc.paths)) {
      for (const [m, op] of Object.entries<any>(methods)) {
        const params = (op.parameters ?? []) as any[];
        const content = op.requestBody?.content ?? {};
        ops.push({
          method: m.toUpperCase(),
          path,
          auth: op['x-auth'],
          query: params.filter((p) => p.in === 'query').map((p) => p.name),
          pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
          body: content['application/json'] ? 'json' : content['multipart/form-data'] ? 'multipart' : undefined,
          example: content['application/json'] ? (exampleOf(content['application/json'].schema) as Record<string, unknown>) : undefined,
        });
      }
    }
  });
  afterAll(async () => {
    console.log(
      `[security] requests fuzzed: ${counts.requests}, 5xx: ${counts.serverErrors}, crashes: ${counts.crashes}, ` +
        `answers outside the envelope: ${counts.outsideEnvelope}, cacheable answers to a token: ${counts.cacheableWithToken}`,
    );
    await server?.close();
    await dispose?.();
  });

  /** Sends one request and checks the rules every answer keeps; a connection error counts as a crash. */
  async function send(label: string, method: string, path: string, init: { token?: string; headers?: Record<string, string>; body?: BodyInit } = {}): Promise<void> {
    counts.requests++;
    const headers: Record<string, string> = { ...(init.headers ?? {}) };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    let res: Response;
    try {
      res = await fetch(server.url + path, { method, headers, body: init.body, redirect: 'manual', duplex: 'half' } as RequestInit);
    } catch (err) {
      counts.crashes++;
      failures.push(`${label}: ${method} ${path.slice(0, 100)} → ${(err as Error).message}`);
      return;
    }
    const text = await res.text();
    const note = (why: string) => failures.length < 30 && failures.push(`${label}: ${method} ${path.slice(0, 100)} → ${res.status} ${why} ${text.slice(0, 160)}`);
    if (res.status >= 500) {
      counts.serverErrors++;
      note('5xx');
    }
    if (method !== 'HEAD' && res.status >= 400) {
      let body: any;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      if (!body || typeof body._status !== 'number' || !Array.isArray(body._messages) || body._messages.length === 0 || !('_data' in body)) {
        counts.outsideEnvelope++;
        note('outside the envelope');
      }
    }
    // Finding 3: an answer to a caller with a token is theirs: never kept by a shared cache.
    if (init.token && res.status < 300) {
      const cc = res.headers.get('cache-control') ?? '';
      if (!/no-store|private/.test(cc) || res.headers.has('netlify-cdn-cache-control')) {
        counts.cacheableWithToken++;
        note(`cacheable with a token (${cc})`);
      }
    }
  }

  const concrete = (op: Operation, value = '1') => op.path.replace(/\{(\w+)\}/g, () => encodeURIComponent(value));
  const tokenFor = (op: Operation) => (op.auth === 'staff' ? tokens.staff : op.auth === 'public' ? undefined : tokens.patient);

  it('answers every bad request to every endpoint with a 4xx in the envelope, and stays alive', { timeout: 120_000 }, async () => {
    expect(ops.length).toBeGreaterThanOrEqual(10);
    for (const op of ops) {
      const label = `${op.method} ${op.path}`;
      const token = tokenFor(op);
      for (const who of [undefined, token, tokens.staff, tokens.patient]) {
        // Plain call, HEAD and the cache rule (with and without a token).
        await send(`${label} plain`, op.method, concrete(op), { token: who });
        // A public call never refuses anon for want of a privilege (a column or table its query names that the
        // grants of migration 20261126000100 left out would answer 403 here).
        if (op.auth === 'public' && !who && op.method === 'GET') {
          const res = await fetch(server.url + concrete(op));
          await res.arrayBuffer();
          counts.requests++;
          if (res.status === 403) failures.push(`${label}: 403 to anon`);
        }
        if (op.method === 'GET') await send(`${label} HEAD`, 'HEAD', concrete(op), { token: who });
      }
      // Wrong types, NUL, huge and prototype names in every query field and path parameter.
      for (const v of BAD_VALUES) {
        for (const q of [...op.query, '__proto__', 'constructor']) await send(`${label} query ${q}`, op.method, `${concrete(op)}?${q}=${encodeURIComponent(v)}`, { token });
        if (op.pathParams.length) await send(`${label} path`, op.method, concrete(op, v), { token });
      }
      await send(`${label} long address`, op.method, `${concrete(op)}?${op.query[0] ?? 'q'}=${'a'.repeat(100 * 1024)}`, { token });
      // Bodies: to calls that take one and to calls that do not.
      for (const body of BAD_BODIES) await send(`${label} json body`, op.method === 'GET' ? 'POST' : op.method, concrete(op), { token, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      await send(`${label} bad json`, op.method === 'GET' ? 'POST' : op.method, concrete(op), { token, headers: { 'content-type': 'application/json' }, body: '{"name": "a\\u0000' });
      const form = new FormData();
      form.set('name', NUL);
      form.set('__proto__', 'x');
      await send(`${label} multipart`, op.method === 'GET' ? 'POST' : op.method, concrete(op), { token, body: form });
      // Issue 34, finding 8: prototype keys beside a body that otherwise passes must still be refused (422), and a
      // body nested thousands deep must not overflow a recursive walk (finding 9).
      if (op.body === 'json') {
        const example = JSON.stringify(op.example ?? {}).slice(1, -1);
        for (const extra of ['"__proto__": []', '"__proto__": {"polluted": true}', '"constructor": {"prototype": {"polluted": true}}']) {
          await send(`${label} prototype key`, op.method, concrete(op), { token, headers: { 'content-type': 'application/json' }, body: `{${example}${example ? ', ' : ''}${extra}}` });
        }
        await send(`${label} deep json`, op.method, concrete(op), { token, headers: { 'content-type': 'application/json' }, body: `{"a": ${'['.repeat(8000)}${']'.repeat(8000)}}` });
      }
      // TRACE (fetch refuses to send it): a 405 in the envelope, never a 500.
      counts.requests++;
      const traced = await rawRequest(server.url, `TRACE ${concrete(op)} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`).catch((e: Error) => `crash ${e.message}`);
      if (!/^HTTP\/1\.1 405/.test(traced) || !traced.includes('"_status":-1')) {
        counts.serverErrors += /^HTTP\/1\.1 5/.test(traced) ? 1 : 0;
        failures.push(`${label}: TRACE → ${traced.slice(0, 80)}`);
      }
      if (op.body) {
        await send(`${label} oversized`, op.method, concrete(op), { token, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'x'.repeat(8 * 1024 * 1024) }) });
        const chunks = 64;
        let i = 0;
        const chunked = new ReadableStream<Uint8Array>({
          pull(c) {
            if (i++ >= chunks) return c.close();
            c.enqueue(new TextEncoder().encode((i === 1 ? '{"name":"' : '') + 'y'.repeat(128 * 1024)));
          },
        });
        await send(`${label} chunked`, op.method, concrete(op), { token, headers: { 'content-type': 'application/json' }, body: chunked });
      }
    }
    // Still alive.
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    expect(failures).toEqual([]);
    expect(counts).toMatchObject({ serverErrors: 0, crashes: 0, outsideEnvelope: 0, cacheableWithToken: 0 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
