/**
 * Requests a careless client or an attacker sends to the local server (issue 24, findings 1 and 10): a chunked
 * body over the limit with a valid token (it ended the process), a declared-too-large body sent whole before the
 * answer is read, addresses of 100 KB and more, HEAD on GET calls. Every one gets a status and the envelope, and
 * the server still answers afterwards.
 */
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from '../../src/data/db';
import { errorResponse } from '../../src/server/endpoint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDatabase } from '../../src/server/runtime';
import { setRateLimit } from '../../src/server/rate-limit';
import { createPatient, TEST_PASSWORD } from '../support/accounts';
import { Resvg } from '@resvg/resvg-js';
import { localApiKey } from '../../scripts/stand-ins/auth';
import { signAccessToken } from '../support/tokens';
import { startTestServer, type TestServer } from '../support/test-server';
import { createEngineDatabase } from './support/engines';

/** One raw HTTP/1.1 exchange: writes `head` and then `body` whole, and only then reads the answer. */
function rawExchange(url: string, head: string, body: Buffer | string = '', timeoutMs = 10_000): Promise<{ status: number; headers: string; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('no answer in time'));
    }, timeoutMs);
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    const done = () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const [headers, ...rest] = text.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1] ?? 0);
      const length = Number(/content-length: (\d+)/i.exec(headers)?.[1] ?? -1);
      const payload = rest.join('\r\n\r\n');
      if (status && length >= 0 && Buffer.byteLength(payload, 'latin1') >= length) {
        clearTimeout(timer);
        socket.destroy();
        resolve({ status, headers, body: payload.slice(0, length) });
        return true;
      }
      return false;
    };
    socket.on('data', done);
    socket.on('end', () => {
      if (!done()) {
        clearTimeout(timer);
        reject(new Error(`incomplete answer: ${Buffer.concat(chunks).toString('latin1').slice(0, 200)}`));
      }
    });
    socket.write(head);
    if (body.length) socket.write(body);
  });
}

/** A body sent in many chunks (Transfer-Encoding: chunked), `total` bytes of JSON-ish text. */
function chunkedBody(total: number, chunk = 16 * 1024): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= total) return controller.close();
      const n = Math.min(chunk, total - sent);
      controller.enqueue(new TextEncoder().encode((sent === 0 ? '{"name":"' : '') + 'x'.repeat(sent === 0 ? n - 9 : n)));
      sent += n;
    },
  });
}

const envelopeOf = (text: string) => {
  const body = JSON.parse(text);
  expect(body).toMatchObject({ _status: expect.any(Number), _messages: expect.any(Array) });
  expect('_data' in body).toBe(true);
  return body;
};

describe('requests that must not hurt the server', () => {
  let server: TestServer;
  let dispose: () => Promise<void>;
  let token: string;
  let db: Database;
  let patientId: string;

  beforeAll(async () => {
    const made = await createEngineDatabase('postgres', { seed: false });
    dispose = made.dispose;
    db = made.db;
    useDatabase(made.db);
    server = await startTestServer();
    patientId = await createPatient(made.db, { email: 'crash@platform.test', onboarded: true });
    token = await signAccessToken(patientId);
  });
  afterAll(async () => {
    await server?.close();
    await dispose?.();
  });

  const alive = async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status).toBe(200);
    await res.arrayBuffer();
  };

  it('a chunked body of 1 MB over the limit, with a valid token, gets a 413 and the process lives on (3 tries)', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${server.url}/api/me/profile`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: chunkedBody(1024 * 1024),
        duplex: 'half',
      } as RequestInit);
      expect(res.status).toBe(413);
      envelopeOf(await res.text());
      // Chunks still arriving after the refusal are what ended the process.
      await new Promise((r) => setTimeout(r, 100));
      await alive();
    }
  });

  it('a declared-too-large body sent whole before the answer is read gets the 413 at once', async () => {
    const body = Buffer.alloc(12 * 1024 * 1024, 'x');
    const { host } = new URL(server.url);
    const started = performance.now();
    const answer = await rawExchange(
      server.url,
      `PUT /api/me/profile HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      body,
    );
    expect(answer.status).toBe(413);
    envelopeOf(answer.body);
    expect(performance.now() - started).toBeLessThan(5_000);
    await alive();
  });

  it('an address of 100 KB gets a 414 in the envelope, one past the parser limit a 431, not a reset', async () => {
    const long = await fetch(`${server.url}/api/search?keyword=${'a'.repeat(100 * 1024)}`);
    expect(long.status).toBe(414);
    envelopeOf(await long.text());
    const { host } = new URL(server.url);
    const huge = await rawExchange(server.url, `GET /api/search?keyword=${'a'.repeat(300 * 1024)} HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
    expect(huge.status).toBe(431);
    envelopeOf(huge.body);
    await alive();
  });

  it('HEAD on a GET call answers as GET does, headers without a body', async () => {
    const get = await fetch(`${server.url}/api/health`);
    const head = await fetch(`${server.url}/api/health`, { method: 'HEAD' });
    await get.arrayBuffer();
    expect(head.status).toBe(get.status);
    expect(head.headers.get('cache-control')).toBe(get.headers.get('cache-control'));
    expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    // And a failure keeps its status: HEAD on a personal call without a token is the GET's 401.
    const unauthorised = await fetch(`${server.url}/api/me`, { method: 'HEAD' });
    expect(unauthorised.status).toBe(401);
  });

  it('maps every SQL error code the migrations raise to a 4xx with its message (finding 4)', async () => {
    const dir = path.resolve(import.meta.dirname, '../../supabase/migrations');
    const codes = new Set<string>();
    for (const f of readdirSync(dir)) for (const m of readFileSync(path.join(dir, f), 'utf8').matchAll(/errcode\s*=\s*'([^']+)'/g)) codes.add(m[1]);
    expect(codes.size).toBeGreaterThanOrEqual(8);
    for (const code of codes) {
      const err = await db.pool.query(`do $$ begin raise exception 'probe of ${code}' using errcode = '${code}'; end $$`).catch((e: unknown) => e);
      const res = errorResponse(err, { requestId: 'test', staff: false, method: 'GET', path: '/api/probe' });
      expect(res.status, code).toBeGreaterThanOrEqual(400);
      expect(res.status, code).toBeLessThan(500);
      envelopeOf(await res.text());
    }
  });

  it('refuses text with a NUL character with a 422 at validation, in the API and the auth stand-in (finding 5)', async () => {
    const search = await fetch(`${server.url}/api/search?keyword=${encodeURIComponent('a\u0000b')}`);
    expect([400, 422]).toContain(search.status);
    expect(JSON.stringify(envelopeOf(await search.text()))).toContain('NUL');
    const profile = await fetch(`${server.url}/api/me/profile`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'a\u0000b', birthday: '1990-01-01', gender: 1 }),
    });
    expect(profile.status).toBe(422);
    for (const [route, body] of [
      ['/auth/v1/token?grant_type=password', { email: 'a\u0000@x.test', password: 'x' }],
      ['/auth/v1/otp', { email: 'a\u0000@x.test' }],
      ['/auth/v1/verify', { email: 'a@x.test', token: '12\u00003456', type: 'email' }],
    ] as const) {
      const res = await fetch(`${server.url}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect(res.status, route).toBe(422);
    }
    await alive();
  });

  it('refuses an access token once its session has logged out (finding 8)', async () => {
    const signIn = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'crash@platform.test', password: TEST_PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const { access_token: accessToken } = await signIn.json();
    const bearer = { authorization: `Bearer ${accessToken}` };
    expect((await fetch(`${server.url}/api/me`, { headers: bearer })).status).toBe(200);
    expect((await fetch(`${server.url}/api/session`, { headers: bearer })).status).toBe(200);
    expect((await fetch(`${server.url}/auth/v1/logout`, { method: 'POST', headers: bearer })).status).toBeLessThan(300);
    for (const call of ['/api/me', '/api/session']) {
      const res = await fetch(`${server.url}${call}`, { headers: bearer });
      expect(res.status, call).toBe(401);
      expect(envelopeOf(await res.text())._messages).toEqual(['Your session has ended. Please sign in again.']);
    }
  });

  it('limits sign-ins by account and address: another address cannot lock the owner out, X-Forwarded-For counts only from a trusted proxy (finding 11)', async () => {
    const signIn = (password: string, forwardedFor?: string) =>
      fetch(`${server.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
        body: JSON.stringify({ email: 'crash@platform.test', password }),
      }).then(async (r) => (await r.arrayBuffer(), r.status));
    setRateLimit('sign_in', { limit: 3, windowSeconds: 600 });
    setRateLimit('sign_in_ip', { limit: 4, windowSeconds: 600 });
    try {
      // No trusted proxy: a forwarded address is ignored, every attempt counts for the connection's own address.
      delete process.env.TRUSTED_PROXIES;
      const spoofed = [];
      for (let i = 0; i < 5; i++) spoofed.push(await signIn('wrong', `198.51.100.${i}`));
      // (Earlier sign-ins of this account from this connection may already count.)
      expect(spoofed.every((status) => status === 400 || status === 429)).toBe(true);
      expect(spoofed[4]).toBe(429);

      // Behind a trusted proxy: the owner signs in from their address, someone else guesses from another.
      process.env.TRUSTED_PROXIES = '127.0.0.1';
      expect(await signIn(TEST_PASSWORD, '203.0.113.7')).toBe(200);
      const attacker = [];
      for (let i = 0; i < 5; i++) attacker.push(await signIn('wrong', '192.0.2.66'));
      expect(attacker.slice(0, 3)).toEqual([400, 400, 400]);
      expect(attacker.slice(3)).toEqual([429, 429]);
      expect(await signIn(TEST_PASSWORD, '203.0.113.7')).toBe(200);
    } finally {
      delete process.env.TRUSTED_PROXIES;
      setRateLimit('sign_in', undefined);
      setRateLimit('sign_in_ip', undefined);
    }
  });

  it('storage policies per bucket: a patient writes only their own avatar folder; logos and banners are the server\'s (finding 12)', async () => {
    process.env.STORAGE_DIR = path.join(tmpdir(), `care-security-storage-${process.pid}`);
    const png = new Uint8Array(new Resvg('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#000"/></svg>').render().asPng());
    const put = async (bearer: string, bucket: string, objectPath: string) =>
      (await fetch(`${server.url}/storage/v1/object/${bucket}/${objectPath}`, { method: 'PUT', headers: { authorization: `Bearer ${bearer}`, 'content-type': 'image/png' }, body: png })).status;
    const remove = async (bearer: string, bucket: string, objectPath: string) =>
      (await (await fetch(`${server.url}/storage/v1/object/${bucket}`, { method: 'DELETE', headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' }, body: JSON.stringify({ prefixes: [objectPath] }) })).json()) as unknown[];
    const service = await localApiKey('service_role');
    try {
      expect(await put(token, 'logos', 'security/logo.png')).toBe(403);
      expect(await put(token, 'banners', 'security/banner.png')).toBe(403);
      expect(await put(token, 'avatars', '00000000-0000-4000-8000-0000000000aa/avatar.png')).toBe(403);
      expect(await put(token, 'avatars', 'avatar.png')).toBe(403);
      expect(await put(token, 'avatars', `${patientId}/avatar.png`)).toBe(200);
      expect(await put(service, 'logos', 'security/logo.png')).toBe(200);
      expect(await remove(token, 'logos', 'security/logo.png')).toEqual([]);
      expect((await fetch(`${server.url}/storage/v1/object/public/logos/security/logo.png`)).status).toBe(200);
      expect(await remove(token, 'avatars', `${patientId}/avatar.png`)).toHaveLength(1);
      expect(await remove(service, 'logos', 'security/logo.png')).toHaveLength(1);
    } finally {
      delete process.env.STORAGE_DIR;
    }
  });
});
