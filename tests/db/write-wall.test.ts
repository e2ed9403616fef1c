/**
 * Issue 34 over HTTP and SQL, on both engines: what the API still does after the database stopped trusting the
 * `authenticated` role (a review is written through submit_review, the phone reveal reads as the server), and the
 * edges found by the attacker's walk: unknown fields in a hold, retries racing with one idempotency key, one patient
 * holding every place of a slot, `__proto__` turning validation off, TRACE, deep JSON, the storage stand-in's paths,
 * refused attempts stretching a rate-limit window. (The persona write matrix is pgTAP 68_write_matrix.)
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { asCaller } from '../../src/data/db';
import { useDatabase } from '../../src/server/runtime';
import { setRateLimit } from '../../src/server/rate-limit';
import { ACCOUNTS } from '../../supabase/seed/accounts';
import { startTestServer, type TestServer } from '../support/test-server';
import { signAccessToken } from '../support/tokens';
import { freeDoctorSlot, type FreeSlot } from '../support/booking';
import { describeEachEngine } from './support/engines';

const key = () => crypto.randomUUID().replace(/-/g, '') + 'w';

describeEachEngine('the write wall (issue 34)', { seed: true }, (ctx) => {
  let server: TestServer;
  let patient: string;
  const call = (path: string, token: string | null, init: { method?: string; body?: string; headers?: Record<string, string> } = {}) =>
    fetch(server.url + path, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...(init.headers ?? {}) },
      body: init.body,
    });
  const holdBody = (s: FreeSlot, k: string, extra: Record<string, unknown> = {}) =>
    JSON.stringify({ kind: 'doctor', doctorId: s.doctorId, date: s.date, scheduleId: s.slotId, telemedicine: s.kind === 'telemedicine', idempotencyKey: k, ...extra });

  beforeAll(async () => {
    useDatabase(ctx.db);
    server = await startTestServer();
    setRateLimit('booking_create', { limit: 100_000, windowSeconds: 600 });
    patient = await signAccessToken(ACCOUNTS.patient.id);
  });
  afterAll(async () => {
    setRateLimit('booking_create', undefined);
    await server?.close();
  });

  it('refuses unknown fields in a hold body (the discriminated union is strict too)', async () => {
    const s = await freeDoctorSlot(ctx.db, { kind: 'outpatient', skip: 11 });
    const res = await call('/api/bookings/holds', patient, { body: holdBody(s, key(), { price: 0, patientUserId: ACCOUNTS.patientOther.id }) });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(Object.keys(body._data.errors).sort()).toEqual(['patientUserId', 'price']);
    expect((await ctx.db.pool.query(`select count(*)::int as n from public.bookings where slot_id = $1`, [s.slotId])).rows[0].n).toBe(0);
  });

  it('answers retries racing with one idempotency key with the same hold, and a second key of the same patient too', async () => {
    const s = await freeDoctorSlot(ctx.db, { kind: 'outpatient', capacity: 3, skip: 12 });
    const k = key();
    const answers = await Promise.all(Array.from({ length: 12 }, () => call('/api/bookings/holds', patient, { body: holdBody(s, k) })));
    expect(answers.map((r) => r.status)).toEqual(Array(12).fill(200));
    const ids = new Set(await Promise.all(answers.map(async (r) => (await r.json())._data.id as number)));
    expect(ids.size).toBe(1);
    // Another key of the same patient (a second tab): the hold it has, not another place of the slot.
    const second = (await (await call('/api/bookings/holds', patient, { body: holdBody(s, key()) })).json())._data;
    expect(second.id).toBe([...ids][0]);
    expect((await ctx.db.pool.query(`select booked from public.time_slots where id = $1`, [s.slotId])).rows[0].booked).toBe(1);
  });

  it('writes a review only through submit_review: the author is the patient profile, once, for a completed visit', async () => {
    // A visit of the patient the front desk has marked completed (here as the server).
    const { rows } = await ctx.db.pool.query(
      `update public.bookings set status = 'completed' where id = (
         select b.id from public.bookings b where b.patient_user_id = $1 and b.status = 'confirmed' and not exists (select 1 from public.reviews r where r.booking_id = b.id) order by b.id limit 1)
       returning id`,
      [ACCOUNTS.patient.id],
    );
    const id = rows[0].id as number;
    const ok = await call(`/api/account/bookings/${id}/review`, patient, { body: JSON.stringify({ rate: 4, feedback: 'Kind and on time.' }) });
    expect(ok.status).toBe(200);
    const review = (await ctx.db.pool.query(`select r.author_name, p.name, r.rate, r.patient_user_id from public.reviews r join public.patients p on p.user_id = r.patient_user_id where r.booking_id = $1`, [id])).rows[0];
    expect(review).toMatchObject({ rate: 4, patient_user_id: ACCOUNTS.patient.id });
    expect(review.author_name).toBe(review.name);
    expect((await call(`/api/account/bookings/${id}/review`, patient, { body: JSON.stringify({ rate: 5, feedback: '' }) })).status).toBe(409);
    // Straight to the database as the patient (what PostgREST would run): refused.
    const patientClaims = { role: 'authenticated' as const, claims: { sub: ACCOUNTS.patient.id, role: 'authenticated' } };
    await expect(
      asCaller(ctx.db, patientClaims, (c) => c.query(`insert into public.reviews (booking_id, patient_user_id, author_name, hospital_id, rate) select id, patient_user_id, 'Anyone', hospital_id, 5 from public.bookings where id = $1`, [id])),
    ).rejects.toMatchObject({ code: '42501' });
  });

  it('still reveals a published hospital\'s phone to a signed-in visitor, one per call', async () => {
    const { rows } = await ctx.db.pool.query(`select h.id from public.hospitals h join public.organizations o on o.id = h.organization_id where h.is_active and o.is_active and nullif(btrim(h.phone), '') is not null order by h.id limit 1`);
    const res = await call(`/api/hospitals/${rows[0].id}/phone`, patient);
    expect(res.status).toBe(200);
    expect((await res.json())._data.phone.replace(/\D/g, '')).toMatch(/^\d{6,}$/);
  });

  it('keeps validation on for a body that names __proto__ or constructor beside valid fields', async () => {
    for (const extra of ['"__proto__": {"polluted": true}', '"__proto__": []', '"constructor": {"prototype": {}}']) {
      const res = await call('/api/admin/forgot-password', null, { body: `{"email": "someone@example.test", ${extra}}` });
      expect(res.status, extra).toBe(422);
      const body = await res.json();
      expect(Object.keys(body._data.errors), extra).toEqual([extra.includes('__proto__') ? '__proto__' : 'constructor']);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers TRACE, deep JSON and paths that leave a storage bucket with a 4xx, never a 5xx', async () => {
    for (const path of ['/api/health', '/api/bookings/holds', '/api/nothing-here', '/vi-vn/']) {
      const res = await fetch(server.url + path, { method: 'TRACE' }).catch(() => null);
      // undici itself refuses TRACE on the client side; a raw request proves the server's answer.
      if (res) expect(res.status).toBe(405);
    }
    const raw = await rawRequest(server.url, 'TRACE /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(raw).toMatch(/^HTTP\/1\.1 405/);
    expect(raw).toContain('"_status":-1');

    const deep = '['.repeat(8000) + ']'.repeat(8000);
    const nested = await call('/api/payments/webhook/sandbox', null, { body: `{"id": "x", "ref": "y", "status": "paid", "amount": ${deep}}` });
    expect(nested.status).toBe(400);
    expect((await nested.json())._messages[0]).toMatch(/nested too deeply/);

    for (const p of ['avatars/..%2F..%2Fetc%2Fpasswd', 'avatars/a%5Cb.png', 'avatars/a%00.png', '__proto__/x.png', 'constructor/x.png']) {
      const read = await fetch(`${server.url}/storage/v1/object/public/${p}`);
      expect(read.status, p).toBe(404);
      const write = await fetch(`${server.url}/storage/v1/object/${p}`, { method: 'POST', headers: { authorization: `Bearer ${patient}`, 'content-type': 'image/png' }, body: new Uint8Array([1, 2, 3]) });
      expect(write.status, p).toBeGreaterThanOrEqual(400);
      expect(write.status, p).toBeLessThan(500);
    }
  });

  it('does not count refused attempts: a window ends when it says it does', async () => {
    const bucket = `wall-${ctx.engine}-${key()}`;
    const hit = async () => (await ctx.db.pool.query(`select allowed from private.rate_limit_hit($1, 'k', 2, 600)`, [bucket])).rows[0].allowed as boolean;
    expect([await hit(), await hit(), await hit(), await hit(), await hit()]).toEqual([true, true, false, false, false]);
    const stored = (await ctx.db.pool.query(`select sum(hits)::int as n from private.rate_limits where bucket = $1`, [bucket])).rows[0].n;
    expect(stored).toBe(2);
  });
});

/** One HTTP request written by hand (fetch cannot send TRACE), answered as text. */
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
