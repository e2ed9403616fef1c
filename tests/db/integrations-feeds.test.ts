/**
 * Integrations security (issue #40), through HTTP on PGlite and PostgreSQL 15.
 * Calendar feeds: a facility manager makes a branch feed and a doctor feed; the database keeps only the token's
 * SHA-256; the feed (no sign-in) lists a booking made through the booking API by code and kind, UTC times, never the
 * patient's name or phone, never cacheable; a cancellation stays as STATUS:CANCELLED; rotation makes the old address
 * 404 at once; revoke too; a second feed for the same target, another organization's branch and a doctor of another
 * branch are refused; the feed is rate-limited per address.
 * Webhook secrets: sealed at rest (AES-256-GCM), shown once; a hook made before sealing is sealed by the sender.
 * Webhook addresses: private, loopback (without the development flag), metadata and mapped addresses refused at save.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { useDatabase } from '../../src/server/runtime';
import { setRateLimit } from '../../src/server/rate-limit';
import { ACCOUNTS } from '../../supabase/seed/accounts';
import { freeDoctorSlot } from '../support/booking';
import { startTestServer, type TestServer } from '../support/test-server';
import { signAccessToken } from '../support/tokens';
import { describeEachEngine } from './support/engines';
import { bookingCode } from '../../src/lib/booking';
import type { IcalFeed } from '../../src/lib/ical-feed';
import type { Webhook } from '../../src/lib/webhooks';
import { openSecret } from '../../src/server/webhook-secret';
import { sealLegacySecrets } from '../../src/server/webhooks';

describeEachEngine('integrations feeds and webhook security', { seed: true }, (ctx) => {
  let server: TestServer;
  const token: Record<'facility' | 'patient', string> = { facility: '', patient: '' };
  const call = (p: string, who: string | null, init: { method?: string; body?: unknown } = {}) =>
    fetch(server.url + p, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: { ...(who ? { authorization: `Bearer ${who}` } : {}), ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  let hospitalId = 0;
  let doctorId = 0;
  let bookingId = 0;
  let org = '';

  beforeAll(async () => {
    useDatabase(ctx.db);
    server = await startTestServer();
    setRateLimit('booking_create', { limit: 100_000, windowSeconds: 600 });
    for (const role of ['facility', 'patient'] as const) token[role] = await signAccessToken(ACCOUNTS[role].id);
    org = String((await ctx.db.pool.query('select organization_id from public.admin_users where user_id = $1', [ACCOUNTS.facility.id])).rows[0].organization_id);
    for (let skip = 0; skip < 400 && !bookingId; skip += 3) {
      const s = await freeDoctorSlot(ctx.db, { kind: 'outpatient', countryId: 1, skip, withinDays: 50 });
      const h = (await ctx.db.pool.query('select d.hospital_id, h.organization_id from public.doctors d join public.hospitals h on h.id = d.hospital_id where d.id = $1', [s.doctorId])).rows[0];
      if (String(h.organization_id) !== org) continue;
      const held = await call('/api/bookings/holds', token.patient, { body: { kind: 'doctor', doctorId: s.doctorId, date: s.date, scheduleId: s.slotId, telemedicine: false, idempotencyKey: crypto.randomUUID().replace(/-/g, '') + 'f' } });
      expect(held.status, await held.clone().text()).toBe(200);
      bookingId = (await held.json())._data.id;
      const confirmed = await call(`/api/bookings/${bookingId}/confirm`, token.patient, { body: { familyMemberId: null, contactPhone: '+84 901 234 567', note: '', paymentMethod: 'cash-on-delivery' } });
      expect(confirmed.status, await confirmed.clone().text()).toBe(200);
      hospitalId = Number(h.hospital_id);
      doctorId = s.doctorId;
    }
    expect(bookingId).toBeGreaterThan(0);
  });
  afterAll(async () => {
    setRateLimit('booking_create', undefined);
    setRateLimit('ical_feed', undefined);
    await server?.close();
  });

  it('serves a branch feed by its secret address only, by code and kind, and 404s the old address after a rotation', async () => {
    const made = await call('/api/admin/integrations/ical-feeds', token.facility, { body: { hospitalId, doctorId: null } });
    expect(made.status, await made.clone().text()).toBe(200);
    const feed: IcalFeed = (await made.json())._data;
    const m = /^\/api\/ical\/([A-Za-z0-9_-]{43})\.ics$/.exec(feed.url ?? '');
    expect(m).not.toBeNull();
    const stored = (await ctx.db.pool.query('select token_hash, token_hint from public.ical_feeds where id = $1', [feed.id])).rows[0];
    expect(stored.token_hash).toBe(createHash('sha256').update(m![1]).digest('hex'));
    expect(stored.token_hash).not.toContain(m![1]);
    expect(feed.tokenHint).toBe(m![1].slice(-4));
    // The list never answers the address again.
    const listed = (await (await call(`/api/admin/integrations/ical-feeds?hospitalId=${hospitalId}`, token.facility)).json())._data;
    expect(listed.items.find((f: IcalFeed) => f.id === feed.id)).not.toHaveProperty('url');
    expect(listed.doctors.some((d: { id: number }) => d.id === doctorId)).toBe(true);

    const res = await call(feed.url!, null);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const ics = await res.text();
    const code = bookingCode(bookingId);
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics).toContain(`UID:${code}@suckhoeviet.vn`);
    expect(ics).toMatch(new RegExp(`SUMMARY:${code} · Khám tại viện · `));
    expect(ics).toMatch(/DTSTART:\d{8}T\d{6}Z/);
    expect(ics).toContain('X-WR-TIMEZONE:Asia/Ho_Chi_Minh');
    const patientName = (await ctx.db.pool.query('select name from public.patients where user_id = $1', [ACCOUNTS.patient.id])).rows[0].name;
    expect(ics).not.toContain(patientName);
    expect(ics).not.toContain('901');

    // A cancellation stays in the feed so subscribed calendars remove the event.
    await ctx.db.pool.query(`update public.bookings set status = 'cancelled', cancelled_at = now() where id = $1`, [bookingId]);
    const after = await (await call(feed.url!, null)).text();
    const event = after.split('BEGIN:VEVENT').find((e) => e.includes(`UID:${code}@`))!;
    expect(event).toContain('STATUS:CANCELLED');

    const rotated = await call(`/api/admin/integrations/ical-feeds/${feed.id}/rotate`, token.facility, { method: 'POST' });
    expect(rotated.status).toBe(200);
    const next: IcalFeed = (await rotated.json())._data;
    expect(next.url).not.toBe(feed.url);
    const old = await call(feed.url!, null);
    expect(old.status).toBe(404);
    expect(old.headers.get('cache-control')).toContain('no-store');
    expect((await call(next.url!, null)).status).toBe(200);
    // An address that never existed: the same 404.
    expect((await call(`/api/ical/${'A'.repeat(43)}.ics`, null)).status).toBe(404);

    // One feed per target; the other organization's branch and a doctor of another branch are refused.
    expect((await call('/api/admin/integrations/ical-feeds', token.facility, { body: { hospitalId } })).status).toBe(409);
    const foreign = (await ctx.db.pool.query('select id from public.hospitals where organization_id <> $1 limit 1', [org])).rows[0].id;
    expect((await call('/api/admin/integrations/ical-feeds', token.facility, { body: { hospitalId: Number(foreign) } })).status).toBe(404);
    const otherDoctor = (await ctx.db.pool.query('select id from public.doctors where hospital_id <> $1 limit 1', [hospitalId])).rows[0].id;
    expect((await call('/api/admin/integrations/ical-feeds', token.facility, { body: { hospitalId, doctorId: Number(otherDoctor) } })).status).toBe(422);

    // Revoked: 404 from now on.
    expect((await call(`/api/admin/integrations/ical-feeds/${feed.id}`, token.facility, { method: 'DELETE' })).status).toBe(200);
    expect((await call(next.url!, null)).status).toBe(404);
  });

  it("serves a doctor's feed with that doctor's bookings, rate-limited per address", async () => {
    await ctx.db.pool.query(`update public.bookings set status = 'confirmed', cancelled_at = null where id = $1`, [bookingId]);
    const made = await call('/api/admin/integrations/ical-feeds', token.facility, { body: { hospitalId, doctorId } });
    expect(made.status, await made.clone().text()).toBe(200);
    const feed: IcalFeed = (await made.json())._data;
    expect(feed.doctor?.id).toBe(doctorId);
    setRateLimit('ical_feed', { limit: 2, windowSeconds: 600 });
    const first = await (await call(feed.url!, null)).text();
    expect(first).toContain(`UID:${bookingCode(bookingId)}@`);
    expect(first.split('BEGIN:VEVENT').find((e) => e.includes(bookingCode(bookingId)))).toContain('STATUS:CONFIRMED');
    const times = [];
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      times.push({ status: (await call(feed.url!, null)).status, ms: Math.round(performance.now() - t0) });
    }
    expect(times.map((t) => t.status)).toEqual([200, 429, 429]);
    console.log(JSON.stringify({ engine: ctx.engine, what: 'ical feed answer', ms: times[0].ms }));
    setRateLimit('ical_feed', undefined);
  });

  it('seals webhook secrets at rest, shows them once, and seals a hook made before sealing', async () => {
    const add = await call('/api/admin/integrations/webhooks', token.facility, { body: { hospitalId, url: 'https://93.184.215.14/hooks', events: ['created'] } });
    expect(add.status, await add.clone().text()).toBe(200);
    const hook: Webhook = (await add.json())._data;
    expect(hook.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(hook.secretHint).toBe(hook.secret!.slice(-4));
    const row = (await ctx.db.pool.query('select secret, secret_sealed from public.webhooks where id = $1', [hook.id])).rows[0];
    expect(row.secret).toBeNull();
    expect(row.secret_sealed).toMatch(/^v1\./);
    expect(row.secret_sealed).not.toContain(hook.secret);
    expect(openSecret(row.secret_sealed)).toBe(hook.secret);
    const listed: Webhook = (await (await call(`/api/admin/integrations/webhooks?hospitalId=${hospitalId}`, token.facility)).json())._data.items.find((w: Webhook) => w.id === hook.id);
    expect(listed.secret).toBeUndefined();
    expect(listed.secretHint).toBe(hook.secretHint);

    // A hook written before this migration: plain secret, sealed by the sender's next run.
    const legacy = (await ctx.db.pool.query(`insert into public.webhooks (hospital_id, url, events, secret, secret_hint) values ($1, 'https://93.184.215.14/old', '{created}', $2, 'abcd') returning id`, [hospitalId, 'f'.repeat(60) + 'abcd'])).rows[0].id;
    expect(await sealLegacySecrets(ctx.db.pool)).toBeGreaterThanOrEqual(1);
    const sealed = (await ctx.db.pool.query('select secret, secret_sealed from public.webhooks where id = $1', [legacy])).rows[0];
    expect(sealed.secret).toBeNull();
    expect(openSecret(sealed.secret_sealed)).toBe('f'.repeat(60) + 'abcd');
    await ctx.db.pool.query('delete from public.webhooks where id = any($1::bigint[])', [[hook.id, legacy]]);
  });

  it('refuses webhook addresses that are not public internet addresses, in the caller’s language', async () => {
    delete process.env.WEBHOOK_ALLOW_LOOPBACK;
    for (const url of ['http://10.1.2.3/h', 'http://169.254.169.254/latest/meta-data', 'http://127.0.0.1:9/h', 'http://[::ffff:127.0.0.1]/h', 'http://[fd00::1]/h', 'http://100.64.0.1/h', 'http://localhost/h']) {
      const res = await call('/api/admin/integrations/webhooks', token.facility, { body: { hospitalId, url, events: ['created'] } });
      expect(res.status, url).toBe(422);
      expect(JSON.stringify((await res.json())._data ?? {}), url).toMatch(/public internet address|could not be resolved/);
    }
    const vi = await fetch(server.url + '/api/admin/integrations/webhooks', {
      method: 'POST',
      headers: { authorization: `Bearer ${token.facility}`, 'content-type': 'application/json', 'accept-language': 'vi-VN' },
      body: JSON.stringify({ hospitalId, url: 'http://192.168.1.1/', events: ['created'] }),
    });
    expect(vi.status).toBe(422);
    expect(await vi.text()).not.toContain('public internet address');
  });
});
