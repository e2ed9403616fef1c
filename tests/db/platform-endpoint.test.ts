/**
 * The endpoint wrapper end to end on both engines: validation messages, JSON and multipart bodies with the
 * `_method=PUT` override, versions, transactions as the caller, error mapping, rate limits; storage uploads.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, serve } from '../../src/server/endpoint';
import { useDatabase } from '../../src/server/runtime';
import { setRateLimit } from '../../src/server/rate-limit';
import { LocalFileStorage, useStorage } from '../../src/server/storage';
import { localApiKey } from '../../scripts/stand-ins/auth';
import { createAuthUser, createStaff } from '../support/accounts';
import { signAccessToken } from '../support/tokens';
import { startTestServer, type TestServer } from '../support/test-server';
import { describeEachEngine } from './support/engines';

const BASE = 'http://local.test';
const PNG = Uint8Array.from(Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex'));

const probeRow = z.object({ id: z.number().int(), note: z.string() });

const create = defineEndpoint({
  method: 'POST',
  path: '/api/probe',
  summary: 'probe create',
  auth: 'user',
  body: { json: z.object({ id: z.number().int().positive(), note: z.string().min(1).max(20), fail: z.enum(['none', 'after-insert', 'unique', 'custom', 'bad-response']).optional() }) },
  response: probeRow,
  async handler({ body, db, messages }) {
    const { rows } = await db.query('insert into public.platform_probe (id, note) values ($1, $2) returning id, note', [body.id, body.note]);
    if (body.fail === 'after-insert') throw new Error('boom: internal detail');
    if (body.fail === 'unique') await db.query('insert into public.platform_probe (id, note) values ($1, $2)', [body.id, 'again']);
    if (body.fail === 'custom') await db.query(`do $$ begin raise exception 'The slot is no longer available' using errcode = 'PT409'; end $$`);
    if (body.fail === 'bad-response') return { id: 'not-a-number', note: 1 } as never;
    messages.push('Create successfully');
    return rows[0];
  },
});

const update = defineEndpoint({
  method: 'PUT',
  path: '/api/probe/:id',
  summary: 'probe update (multipart, _method override)',
  auth: 'user',
  params: z.object({ id: z.coerce.number().int().positive() }),
  body: { multipart: z.object({ note: z.string().min(1), tags: z.array(z.string()).optional(), items: z.array(z.object({ year: z.coerce.number().int() })).optional(), avatar: z.file().optional() }) },
  response: z.object({ id: z.number(), note: z.string(), tags: z.array(z.string()), years: z.array(z.number()), avatarBytes: z.number() }),
  async handler({ params, body, db }) {
    const r = await db.query('update public.platform_probe set note = $2 where id = $1', [params.id, body.note]);
    if (r.rowCount === 0) throw Object.assign(new Error('missing'), { code: 'PT404', message: 'Probe not found' });
    return { id: params.id, note: body.note, tags: body.tags ?? [], years: (body.items ?? []).map((i) => i.year), avatarBytes: body.avatar?.size ?? 0 };
  },
});

const whoami = defineEndpoint({
  method: 'GET',
  path: '/api/probe/whoami',
  summary: 'who the transaction runs as',
  auth: 'public',
  query: z.object({ page: z.coerce.number().int().min(1).optional() }),
  versions: ['1.0.0', '2.0.0'],
  response: { '1.0.0': z.object({ role: z.string() }), '2.0.0': z.object({ role: z.string(), uid: z.string().nullable(), page: z.number() }) },
  async handler({ db, version, query }) {
    const { rows } = await db.query('select current_user as role, auth.uid()::text as uid');
    return version === '2.0.0' ? { role: rows[0].role, uid: rows[0].uid, page: query.page ?? 1 } : { role: rows[0].role };
  },
});

const limited = defineEndpoint({
  method: 'GET',
  path: '/api/probe/limited',
  summary: 'rate limited',
  auth: 'user',
  database: 'none',
  rateLimit: { bucket: 'campaign_check', key: 'user' },
  response: z.object({ ok: z.boolean() }),
  handler: async () => ({ ok: true }),
});

const superOnly = defineEndpoint({ method: 'GET', path: '/api/probe/super', summary: 'super only', auth: 'staff', roles: ['super'], database: 'none', response: z.object({ ok: z.boolean() }), handler: async () => ({ ok: true }) });

const handler = serve(whoami, limited, superOnly, create, update);

describeEachEngine('endpoint wrapper', { seed: false }, (ctx) => {
  let token: string;
  let adminToken: string;
  let userId: string;
  const count = async () => (await ctx.db.pool.query('select count(*)::int as n from public.platform_probe')).rows[0].n as number;
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    handler(new Request(`${BASE}/api/probe`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) }));

  beforeAll(async () => {
    useDatabase(ctx.db);
    await ctx.db.pool.query('create table public.platform_probe (id int primary key, note text not null)');
    // A new table is private until granted (migration 20261126000100): the probe's callers get what they use.
    await ctx.db.pool.query('grant select, insert, update, delete on public.platform_probe to anon, authenticated');
    userId = await createAuthUser(ctx.db, { email: 'probe@platform.test' });
    token = await signAccessToken(userId);
    adminToken = await signAccessToken(await createStaff(ctx.db, { email: 'probe-admin@platform.test', role: 'admin' }));
  });
  afterAll(() => {
    useDatabase(undefined);
    setRateLimit('campaign_check', undefined);
  });

  it('creates within one transaction as the caller and answers the envelope with messages', async () => {
    const res = await post({ id: 1, note: 'first' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ _status: 1, _messages: ['Create successfully'], _data: { id: 1, note: 'first' } });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-request-id')).toMatch(/[0-9a-f-]{36}/);
  });

  it('names each invalid field and what is wrong (422), unknown fields included', async () => {
    const res = await post({ id: 'x', note: '', extra: true });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body._status).toBe(-1);
    expect(body._messages).toEqual(expect.arrayContaining(['id: must be a number', 'note: This field is required', 'extra: Unknown field']));
    expect(body._data.errors.note).toEqual(['This field is required']);
    expect((await post({ note: 'a'.repeat(21), id: 2 })).status).toBe(422);
  });

  it('answers 400 for bad JSON or a wrong content type, 413 for a huge body', async () => {
    const bad = await post('{"id": 1,');
    expect(bad.status).toBe(400);
    expect((await bad.json())._messages).toEqual(['The body is not valid JSON.']);
    expect((await post({ id: 3, note: 'x' }, { 'content-type': 'text/plain' })).status).toBe(400);
    const huge = await post({ id: 3, note: 'x'.repeat(200_000) });
    expect(huge.status).toBe(413);
  });

  it('leaves nothing half-written: an unknown error rolls back, is logged with the request id and answered generically', async () => {
    const before = await count();
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await post({ id: 10, note: 'ten', fail: 'after-insert' });
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body).toEqual({ _status: -1, _messages: ['An error occurred!'], _data: null });
    expect(JSON.stringify(body)).not.toContain('boom');
    const logged = JSON.parse(spy.mock.calls[0][0] as string);
    expect(logged).toMatchObject({ level: 'error', requestId: res.headers.get('x-request-id'), error: 'boom: internal detail' });
    spy.mockRestore();
    expect(await count()).toBe(before);
  });

  it('maps database errors: unique → 409 (in the caller\'s language), a PT409 raised by SQL → 409 with its message; both roll back', async () => {
    const before = await count();
    const dup = await post({ id: 20, note: 'x', fail: 'unique' });
    expect(dup.status).toBe(409);
    expect((await dup.json())._messages).toEqual(['This record already exists.']);
    // The generic refusals come back in the caller's language like every other message.
    const dupVi = await post({ id: 20, note: 'x', fail: 'unique' }, { 'accept-language': 'vi-VN' });
    expect((await dupVi.json())._messages).toEqual(['Bản ghi này đã tồn tại.']);
    const custom = await post({ id: 21, note: 'x', fail: 'custom' });
    expect(custom.status).toBe(409);
    expect((await custom.json())._messages).toEqual(['The slot is no longer available']);
    expect(await count()).toBe(before);
  });

  it('refuses a response that does not match its schema (500, rolled back)', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const before = await count();
    expect((await post({ id: 30, note: 'x', fail: 'bad-response' })).status).toBe(500);
    expect(await count()).toBe(before);
    spy.mockRestore();
  });

  it('accepts multipart POST with _method=PUT, indexed keys and a file', async () => {
    await post({ id: 40, note: 'before' });
    const form = new FormData();
    form.append('_method', 'PUT');
    form.append('note', 'after');
    form.append('tags[]', 'a');
    form.append('tags[]', 'b');
    form.append('items[0][year]', '2010');
    form.append('items[1][year]', '2012');
    form.append('avatar', new File([PNG], 'a.png', { type: 'image/png' }));
    const res = await handler(new Request(`${BASE}/api/probe/40`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form }));
    expect(res.status).toBe(200);
    expect((await res.json())._data).toEqual({ id: 40, note: 'after', tags: ['a', 'b'], years: [2010, 2012], avatarBytes: PNG.length });
    expect((await ctx.db.pool.query('select note from public.platform_probe where id = 40')).rows[0].note).toBe('after');
    const missing = new FormData();
    missing.append('_method', 'PUT');
    missing.append('note', 'x');
    const nf = await handler(new Request(`${BASE}/api/probe/999`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: missing }));
    expect(nf.status).toBe(404);
    expect((await nf.json())._messages).toEqual(['Probe not found']);
    const badParam = await handler(new Request(`${BASE}/api/probe/abc`, { method: 'PUT', headers: { authorization: `Bearer ${token}` }, body: missing }));
    expect(badParam.status).toBe(422);
    expect((await badParam.json())._messages).toEqual(['id: must be a number']);
    // A number in a URL is a plain numeral: coercion would otherwise read these as 1, 16, 100 and 7.
    for (const junk of ['1.', '0x10', '1e2', '%207']) {
      const res = await handler(new Request(`${BASE}/api/probe/${junk}`, { method: 'PUT', headers: { authorization: `Bearer ${token}` }, body: missing }));
      expect(res.status, junk).toBe(422);
      expect((await res.json())._messages).toEqual(['id: must be a number']);
    }
  });

  it('answers 400 for a broken multipart body and 405 with Allow for a wrong method', async () => {
    const broken = await handler(
      new Request(`${BASE}/api/probe/40`, { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=xyz' }, body: '--xyz\r\nContent-Disposition: form-data; name="note"\r\n\r\nunterminated' }),
    );
    expect(broken.status).toBe(400);
    const wrong = await handler(new Request(`${BASE}/api/probe`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } }));
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
    expect((await wrong.json())._messages[0]).toMatch(/DELETE is not allowed/);
  });

  it('runs as anon or as the signed-in user, and honours Accept version=2.0.0', async () => {
    const v1 = await handler(new Request(`${BASE}/api/probe/whoami`));
    expect((await v1.json())._data).toEqual({ role: 'anon' });
    const v2 = await handler(new Request(`${BASE}/api/probe/whoami?page=3`, { headers: { accept: 'application/json; version=2.0.0', authorization: `Bearer ${token}` } }));
    expect(v2.headers.get('content-type')).toContain('version=2.0.0');
    expect((await v2.json())._data).toEqual({ role: 'authenticated', uid: userId, page: 3 });
    const v3 = await handler(new Request(`${BASE}/api/probe/whoami`, { headers: { accept: 'application/json; version=3.0.0' } }));
    expect(v3.status).toBe(400);
    expect((await v3.json())._messages[0]).toMatch(/3\.0\.0 is not available.*1\.0\.0, 2\.0\.0/);
    const unknownQuery = await handler(new Request(`${BASE}/api/probe/whoami?page=0&utm=x`));
    expect(unknownQuery.status).toBe(422);
    expect((await unknownQuery.json())._data.errors).toEqual({ page: ['must be at least 1'], utm: ['Unknown field'] });
    // An expired token on a public call is said so rather than ignored.
    expect((await handler(new Request(`${BASE}/api/probe/whoami`, { headers: { authorization: `Bearer ${await signAccessToken(userId, { expiresIn: -10 })}` } }))).status).toBe(401);
  });

  it('rate-limits with 429, Retry-After and a message, counted per user in Postgres', async () => {
    setRateLimit('campaign_check', { limit: 2, windowSeconds: 600 });
    const get = () => handler(new Request(`${BASE}/api/probe/limited`, { headers: { authorization: `Bearer ${token}` } }));
    expect((await get()).status).toBe(200);
    expect((await get()).status).toBe(200);
    const third = await get();
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await third.json())._messages[0]).toMatch(/^Too many attempts\. Please try again in \d+ (minutes?|seconds?)\.$/);
    // Another user has a budget of their own.
    const other = await signAccessToken(await createAuthUser(ctx.db, { email: 'probe2@platform.test' }));
    expect((await handler(new Request(`${BASE}/api/probe/limited`, { headers: { authorization: `Bearer ${other}` } }))).status).toBe(200);
  });

  it('counts concurrent hits exactly (atomic upsert)', async () => {
    const { hitRateLimit } = await import('../../src/server/rate-limit');
    setRateLimit('booking_create', { limit: 25, windowSeconds: 3600 });
    const results = await Promise.all(Array.from({ length: 40 }, () => hitRateLimit(ctx.db.pool, 'booking_create', 'concurrent-key')));
    expect(results.filter((r) => r.allowed)).toHaveLength(25);
    // The 25 allowed hits are counted 1..25; a refused one is not kept (issue 34), so each saw 26, the count it would have made.
    expect(results.filter((r) => r.allowed).map((r) => r.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(new Set(results.filter((r) => !r.allowed).map((r) => r.hits))).toEqual(new Set([26]));
    setRateLimit('booking_create', undefined);
  });

  it('answers /api/health after a real query and /api/session from the verified token', async () => {
    const { default: health } = await import('../../functions/health');
    const h = await health(new Request(`${BASE}/api/health`));
    expect(h.status).toBe(200);
    const hb = await h.json();
    // Anyone: liveness only (issue 24, finding 12). Staff: the engine, its version and the migration count.
    expect(hb).toMatchObject({ _status: 1, _messages: [], _data: { database: 'ok' } });
    expect(Object.keys(hb._data).sort()).toEqual(['database', 'time']);
    const patientHealth = await (await health(new Request(`${BASE}/api/health`, { headers: { authorization: `Bearer ${token}` } }))).json();
    expect(patientHealth._data.details).toBeUndefined();
    const staffHealth = await health(new Request(`${BASE}/api/health`, { headers: { authorization: `Bearer ${adminToken}` } }));
    expect(staffHealth.headers.get('cache-control')).toBe('no-store');
    const details = (await staffHealth.json())._data.details;
    expect(details).toMatchObject({ engine: ctx.engine });
    expect(details.migrations).toBeGreaterThan(0);
    const { default: session } = await import('../../functions/session');
    const s = await session(new Request(`${BASE}/api/session`, { headers: { authorization: `Bearer ${token}` } }));
    expect((await s.json())._data).toMatchObject({ userId, aal: 'aal1', abilities: [] });
    expect(s.headers.get('cache-control')).toBe('no-store');
    // A staff member: their role's abilities (src/lib/staff-abilities.ts); an admin reads every booking block.
    const staff = await session(new Request(`${BASE}/api/session`, { headers: { authorization: `Bearer ${adminToken}` } }));
    expect((await staff.json())._data.abilities).toEqual([{ action: 'read', subject: 'booking-block', hospitalIds: null }]);
    const { default: openapi } = await import('../../functions/openapi');
    const doc = await openapi(new Request(`${BASE}/api/openapi.json`));
    expect(doc.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=300');
    expect((await doc.json()).openapi).toBe('3.1.0');
  });

  it('keeps staff roles: an admin is refused a super-only call with 403', async () => {
    const res = await handler(new Request(`${BASE}/api/probe/super`, { headers: { authorization: `Bearer ${adminToken}` } }));
    expect(res.status).toBe(403);
    expect((await res.json())._status).toBe(-1);
  });

  it('stores uploads through the storage stand-in and the uploads function, checking type and size server-side', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'care-storage-'));
    useStorage(new LocalFileStorage(dir));
    let server: TestServer | undefined;
    try {
      server = await startTestServer();
      const upload = (kind: string, file: File) => {
        const f = new FormData();
        f.append('kind', kind);
        f.append('file', file);
        return fetch(`${server!.url}/api/admin/uploads`, { method: 'POST', headers: { authorization: `Bearer ${adminToken}` }, body: f });
      };
      const ok = await upload('avatar', new File([PNG], 'me.png', { type: 'image/png' }));
      expect(ok.status).toBe(200);
      const stored = (await ok.json())._data;
      expect(stored).toMatchObject({ bucket: 'avatars', contentType: 'image/png', size: PNG.length });
      const read = await fetch(server.url + stored.url);
      expect(read.status).toBe(200);
      expect(read.headers.get('content-type')).toBe('image/png');
      expect(new Uint8Array(await read.arrayBuffer())).toEqual(PNG);
      // A text file claiming to be a PNG, and a banner over 200 KB.
      const fake = await upload('avatar', new File(['<script>alert(1)</script>'], 'x.png', { type: 'image/png' }));
      expect(fake.status).toBe(422);
      expect((await fake.json())._messages[0]).toMatch(/^file: Wrong file format/);
      const big = new Uint8Array(210 * 1024);
      big.set(PNG);
      const tooBig = await upload('banner', new File([big], 'b.png', { type: 'image/png' }));
      expect(tooBig.status).toBe(422);
      expect((await tooBig.json())._messages).toEqual(['file: File size too large']);
      const wrongKind = await upload('poster', new File([PNG], 'a.png', { type: 'image/png' }));
      expect((await wrongKind.json())._messages).toEqual(['kind: must be one of: avatar, logo, banner']);

      // The real supabase-js storage client against the stand-in. Logos are written by the server alone (its
      // service key); a signed-in user, staff included, is refused there (storage policies, issue 24).
      const asStaff = createClient(server.url, await localApiKey('anon'), { auth: { persistSession: false, autoRefreshToken: false }, global: { headers: { authorization: `Bearer ${adminToken}` } } });
      expect((await asStaff.storage.from('logos').upload('org-1/staff.png', new Blob([PNG], { type: 'image/png' }), { contentType: 'image/png' })).error).not.toBeNull();
      const sb = createClient(server.url, await localApiKey('service_role'), { auth: { persistSession: false, autoRefreshToken: false } });
      const up = await sb.storage.from('logos').upload('org-1/logo.png', new Blob([PNG], { type: 'image/png' }), { contentType: 'image/png' });
      expect(up.error).toBeNull();
      const pub = sb.storage.from('logos').getPublicUrl('org-1/logo.png').data.publicUrl;
      expect((await fetch(pub)).status).toBe(200);
      const dup = await sb.storage.from('logos').upload('org-1/logo.png', new Blob([PNG], { type: 'image/png' }));
      expect(dup.error).not.toBeNull();
      const bad = await sb.storage.from('logos').upload('org-1/evil.png', new Blob(['<svg onload=alert(1)>'], { type: 'image/png' }));
      expect(bad.error).not.toBeNull();
      const anonymous = createClient(server.url, await localApiKey('anon'), { auth: { persistSession: false } });
      expect((await anonymous.storage.from('logos').upload('x/y.png', new Blob([PNG], { type: 'image/png' }))).error).not.toBeNull();
      expect((await sb.storage.from('logos').remove(['org-1/logo.png'])).error).toBeNull();
      expect((await fetch(pub)).status).toBe(404);
    } finally {
      await server?.close();
      useStorage(undefined);
      await rm(dir, { recursive: true, force: true });
    }
  });
});
