/**
 * The booking API through HTTP (issue #26), on PGlite and PostgreSQL 15: hold (idempotent per key, at most an
 * hour, re-held after a release), tampered queries, a slot taken by someone else (409 with where to pick
 * another), confirm with cash on delivery (outbox mail in the same transaction, same booking when repeated),
 * the rules re-checked on the server (422), and the 500-way race on capacity 1 and 3.
 */
import { earliestStartTime } from '../../src/lib/slots';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { useDatabase } from '../../src/server/runtime';
import { setRateLimit } from '../../src/server/rate-limit';
import { ACCOUNTS } from '../../supabase/seed/accounts';
import { startTestServer, type TestServer } from '../support/test-server';
import { signAccessToken } from '../support/tokens';
import { describeEachEngine } from './support/engines';
import { bulkPatients, freeDoctorSlot, type FreeSlot } from '../support/booking';
import { DEV_SANDBOX_SECRET, SIGNATURE_HEADER, sandboxSignature } from '../../src/server/payment-provider';
import { expireStalePayments } from '../../src/server/payment-settlement';

const key = () => crypto.randomUUID().replace(/-/g, '') + 'k';

describeEachEngine('booking API', { seed: true }, (ctx) => {
  let server: TestServer;
  let patient: string;
  let other: string;
  const call = (path: string, token: string | null, body?: unknown) =>
    fetch(server.url + path, {
      method: body === undefined && !path.endsWith('/release') ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const hold = (token: string, s: FreeSlot, k = key(), extra: Record<string, unknown> = {}) =>
    call('/api/bookings/holds', token, { kind: 'doctor', doctorId: s.doctorId, date: s.date, scheduleId: s.slotId, telemedicine: s.kind === 'telemedicine', idempotencyKey: k, ...extra });

  beforeAll(async () => {
    useDatabase(ctx.db);
    server = await startTestServer();
    setRateLimit('booking_create', { limit: 100_000, windowSeconds: 600 });
    patient = await signAccessToken(ACCOUNTS.patient.id);
    other = await signAccessToken(ACCOUNTS.patientOther.id);
  });
  afterAll(async () => {
    setRateLimit('booking_create', undefined);
    await server?.close();
  });

  it('holds the slot for 10 minutes, answers the same booking for the same key, and re-holds it after a release', async () => {
    const s = await freeDoctorSlot(ctx.db, { kind: 'outpatient', capacity: 1 });
    const k = key();
    const res = await hold(patient, s, k);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const a = (await res.json())._data;
    expect(a).toMatchObject({ status: 'hold', kind: 'doctor', appointmentType: 'outpatient', date: s.date, paymentOptions: ['cash-on-delivery'] });
    const minutes = (new Date(a.holdExpiresAt).getTime() - new Date(a.serverNow).getTime()) / 60_000;
    expect(minutes).toBeGreaterThan(9.9);
    expect(minutes).toBeLessThanOrEqual(10);
    const again = (await (await hold(patient, s, k)).json())._data;
    expect(again.id).toBe(a.id);
    // Someone else: the slot is taken, with where to pick another.
    const taken = await hold(other, s);
    expect(taken.status).toBe(409);
    const body = await taken.json();
    expect(body._data.reason).toBe('slot-full');
    expect(body._data.pickAnother).toMatch(/^\/[a-z]{2}-[a-z]{2}\/doctor\/[a-z0-9-]+\/$/);
    // Released on leaving; the same visit (same key) holds it again.
    expect((await (await call(`/api/bookings/${a.id}/release`, patient)).json())._data).toEqual({ released: true });
    expect((await (await call(`/api/bookings/${a.id}`, patient)).json())._data.status).toBe('expired');
    const back = (await (await hold(patient, s, k)).json())._data;
    expect(back).toMatchObject({ id: a.id, status: 'hold' });
    // Another patient can neither read nor release it.
    expect((await call(`/api/bookings/${a.id}`, other)).status).toBe(404);
    expect((await call(`/api/bookings/${a.id}/release`, other)).status).toBe(404);
  });

  it('refuses tampered queries with a clear answer, never a 500', async () => {
    const s = await freeDoctorSlot(ctx.db, { kind: 'outpatient', skip: 3 });
    const wrongDoctor = await hold(patient, { ...s, doctorId: s.doctorId + 1 });
    expect(wrongDoctor.status).toBe(422);
    expect((await wrongDoctor.json())._data.reason).toBe('slot-mismatch');
    const wrongDay = await hold(patient, { ...s, date: '2030-01-01' });
    expect(wrongDay.status).toBe(422);
    const wrongKind = await hold(patient, { ...s, kind: 'telemedicine' });
    expect(wrongKind.status).toBe(422);
    const gone = await hold(patient, { ...s, slotId: 999_999_999 });
    expect(gone.status).toBe(404);
    expect((await gone.json())._data.reason).toBe('slot-gone');
    const letters = await call('/api/bookings/holds', patient, { kind: 'doctor', doctorId: 'abc', date: s.date, scheduleId: s.slotId, telemedicine: false, idempotencyKey: key() });
    expect(letters.status).toBe(422);
    expect((await hold(patient, s, 'short')).status).toBe(422);
    expect((await hold('', s)).status).toBe(401);
    const notOnboarded = await hold(await signAccessToken(ACCOUNTS.patientNew.id), s);
    expect(notOnboarded.status).toBe(403);
    expect((await notOnboarded.json())._data.reason).toBe('not-onboarded');
  });

  it('a slot inside the buffer answers the SPEC §5 message', async () => {
    const s = await freeDoctorSlot(ctx.db, { kind: 'outpatient', skip: 5, withinDays: 6 });
    await ctx.db.pool.query(`update public.doctors set buffer_time_outpatient = 10080 where id = $1`, [s.doctorId]);
    const zone = (await ctx.db.pool.query(`select h.time_zone from public.doctors d join public.hospitals h on h.id = d.hospital_id where d.id = $1`, [s.doctorId])).rows[0].time_zone as string;
    const at = () => earliestStartTime({ zone, now: Date.now(), bufferMinutes: 10080 });
    const before = at();
    const res = await hold(patient, s);
    const after = at();
    await ctx.db.pool.query(`update public.doctors set buffer_time_outpatient = 0 where id = $1`, [s.doctorId]);
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body._data).toMatchObject({ reason: 'too-soon', bufferTime: 10080 });
    // The earliest start on the hospital's clock, as the card says it (issue #38 item 19), never the buffer in minutes.
    expect([before, after].map((t) => `The slot is not available. Please select the time greater than ${t}.`)).toContain(body._messages[0]);
    expect(body._messages[0]).toMatch(/greater than \d{2}:\d{2}\.$/);
  });

  it('confirms with cash on delivery: the mail is in the outbox, a repeat answers the same booking, rules are re-checked', async () => {
    const s = await freeDoctorSlot(ctx.db, { kind: 'outpatient', skip: 7 });
    const a = (await (await hold(patient, s)).json())._data;
    const family = (await ctx.db.pool.query(`select id from public.family_members where patient_user_id = $1 order by id limit 1`, [ACCOUNTS.patient.id])).rows[0].id;
    const strangers = (await ctx.db.pool.query(`select id from public.family_members where patient_user_id <> $1 order by id limit 1`, [ACCOUNTS.patient.id])).rows[0]?.id;
    const confirm = (body: Record<string, unknown>) => call(`/api/bookings/${a.id}/confirm`, patient, { familyMemberId: null, contactPhone: '+84 901 234 567', note: 'Knee pain', paymentMethod: 'cash-on-delivery', ...body });
    const online = await confirm({ paymentMethod: 'wallet' });
    expect(online.status).toBe(422);
    expect((await online.json())._data.reason).toBe('payment-not-allowed');
    if (strangers) expect((await confirm({ familyMemberId: strangers })).status).toBe(422);
    expect((await confirm({ note: 'x'.repeat(501) })).status).toBe(422);
    expect((await confirm({ contactPhone: 'call me' })).status).toBe(422);
    const ok = await confirm({ familyMemberId: family });
    expect(ok.status).toBe(200);
    const done = (await ok.json())._data;
    expect(done).toMatchObject({ id: a.id, status: 'confirmed', familyMemberId: family, paymentMethod: 'cash-on-delivery', note: 'Knee pain' });
    expect(done.code).toMatch(/^BK[0-9A-Z]{6,}$/);
    const repeat = (await (await confirm({ familyMemberId: family })).json())._data;
    expect(repeat).toMatchObject({ id: a.id, status: 'confirmed' });
    const mails = (await ctx.db.pool.query(`select to_email, subject, attachments from public.outbox where dedupe_key like $1`, [`booking-confirmed:${a.id}:%`])).rows;
    expect(mails.length).toBeGreaterThanOrEqual(1);
    expect(mails[0].subject).toContain(done.code);
    const ics = Buffer.from(mails[0].attachments[0].content, 'base64').toString();
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toMatch(/DTSTART;TZID=Asia\/[A-Za-z_]+:\d{8}T\d{6}/);
    // An expired hold is never confirmed.
    const s2 = await freeDoctorSlot(ctx.db, { kind: 'outpatient', skip: 9 });
    const b = (await (await hold(patient, s2)).json())._data;
    await ctx.db.pool.query(`update public.bookings set hold_expires_at = now() - interval '1 second' where id = $1`, [b.id]);
    const late = await call(`/api/bookings/${b.id}/confirm`, patient, { familyMemberId: null, contactPhone: '0901234567', paymentMethod: 'cash-on-delivery' });
    expect(late.status).toBe(409);
    expect((await late.json())._data.reason).toBe('hold-expired');
  });

  it("the confirmation mail is in the patient's preferred language, else the market's", async () => {
    const book = async (skip: number) => {
      const s = await freeDoctorSlot(ctx.db, { kind: 'outpatient', skip });
      const a = (await (await hold(patient, s)).json())._data;
      const ok = await call(`/api/bookings/${a.id}/confirm`, patient, { familyMemberId: null, contactPhone: '0901234567', paymentMethod: 'cash-on-delivery' });
      expect(ok.status).toBe(200);
      const mail = (await ctx.db.pool.query(`select locale, subject from public.outbox where dedupe_key like $1`, [`booking-confirmed:${a.id}:%`])).rows[0];
      const market = (await ctx.db.pool.query(`select c.locale from public.bookings b join public.hospitals h on h.id = b.hospital_id join public.countries c on c.id = h.country_id where b.id = $1`, [a.id])).rows[0].locale;
      return { mail, market };
    };
    const before = (await ctx.db.pool.query(`select preferred_locale from public.patients where user_id = $1`, [ACCOUNTS.patient.id])).rows[0].preferred_locale;
    try {
      await ctx.db.pool.query(`update public.patients set preferred_locale = 'th-TH' where user_id = $1`, [ACCOUNTS.patient.id]);
      const thai = await book(13);
      expect(thai.mail.locale).toBe('th-TH');
      expect(thai.mail.subject).toMatch(/[\u0E00-\u0E7F]/);
      await ctx.db.pool.query(`update public.patients set preferred_locale = null where user_id = $1`, [ACCOUNTS.patient.id]);
      const market = await book(15);
      expect(market.mail.locale).toBe(market.market);
    } finally {
      await ctx.db.pool.query(`update public.patients set preferred_locale = $2 where user_id = $1`, [ACCOUNTS.patient.id, before]);
    }
  });

  it('the baby-formula validation answers the envelope for a doctor outside the campaign', async () => {
    const s = await freeDoctorSlot(ctx.db, { kind: 'outpatient', skip: 11 });
    const res = await call(`/api/campaigns/baby-formula/validation?booking_type=doctor&doctor_id=${s.doctorId}`, patient);
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ _status: -1, _messages: ['This doctor is not part of the campaign.'] });
    const none = await call(`/api/campaigns/baby-formula/validation?booking_type=doctor&doctor_id=999999999`, patient);
    expect(none.status).toBe(404);
  });

  for (const capacity of [1, 3]) {
    it(`500 concurrent attempts on a slot of capacity ${capacity}: exactly ${capacity} bookings, every other attempt a clear 409`, async () => {
      const s = await freeDoctorSlot(ctx.db, { kind: 'outpatient', capacity, skip: 20 + capacity });
      const ids = await bulkPatients(ctx.db, 500, `cap${capacity}-${ctx.engine}-`);
      const tokens = await Promise.all(ids.map((id) => signAccessToken(id)));
      const answers = await Promise.all(tokens.map(async (t) => {
        const r = await hold(t, s);
        return { status: r.status, body: await r.json() };
      }));
      const ok = answers.filter((a) => a.status === 200);
      const conflicts = answers.filter((a) => a.status === 409);
      expect(ok.length).toBe(capacity);
      expect(conflicts.length).toBe(500 - capacity);
      expect(conflicts.every((c) => c.body._data.reason === 'slot-full' && c.body._messages[0] === 'This slot has just been taken. Please pick another slot.')).toBe(true);
      const { rows } = await ctx.db.pool.query(`select count(*)::int as n from public.bookings where slot_id = $1 and status = 'hold'`, [s.slotId]);
      expect(rows[0].n).toBe(capacity);
    });
  }

  it('the same idempotency key sent 50 times at once makes one booking', async () => {
    const s = await freeDoctorSlot(ctx.db, { kind: 'outpatient', capacity: 5, skip: 30 });
    const k = key();
    const answers = await Promise.all(Array.from({ length: 50 }, async () => {
      const r = await hold(patient, s, k);
      return { status: r.status, id: (await r.json())._data?.id };
    }));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    const { rows } = await ctx.db.pool.query(`select count(*)::int as n from public.bookings where idempotency_key = $1`, [k]);
    expect(rows[0].n).toBe(1);
  });

  it('online payment through the sandbox wallet: awaiting payment, then confirmed; replayed, forged and late webhooks confirm nothing more; an expired payment releases the slot', async () => {
    const webhook = (body: Record<string, unknown>, secret = DEV_SANDBOX_SECRET) => {
      const raw = JSON.stringify(body);
      return fetch(`${server.url}/api/payments/webhook/sandbox`, { method: 'POST', headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: sandboxSignature(raw, secret) }, body: raw });
    };
    const payFor = async (skip: number) => {
      const s = await freeDoctorSlot(ctx.db, { kind: 'telemedicine', countryId: 1, skip });
      const held = (await (await hold(patient, s)).json())._data;
      expect(held.paymentOptions).toEqual(['bank-app', 'wallet', 'wallet-bank-card', 'wallet-credit-card']);
      const res = await call(`/api/bookings/${held.id}/confirm`, patient, { familyMemberId: null, contactPhone: '0901234567', paymentMethod: 'wallet' });
      expect(res.status).toBe(200);
      const view = (await res.json())._data;
      const ref = (await ctx.db.pool.query(`select provider_ref from public.payments where booking_id = $1`, [held.id])).rows[0].provider_ref as string;
      return { s, view, ref };
    };
    const statusOf = async (id: number) => (await (await call(`/api/bookings/${id}`, patient)).json())._data.status;

    const a = await payFor(40);
    expect(a.view.status).toBe('awaiting-payment');
    expect(a.view.checkoutUrl).toMatch(/\/dev\/wallet\/pay\/sbx_/);
    const minutes = (new Date(a.view.holdExpiresAt).getTime() - new Date(a.view.serverNow).getTime()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(60);
    // Leaving for the wallet does not release the hold.
    expect((await (await call(`/api/bookings/${a.view.id}/release`, patient)).json())._data).toEqual({ released: false });
    const paid = await fetch(a.view.checkoutUrl, { method: 'POST', body: new URLSearchParams({ action: 'pay' }), redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toMatch(new RegExp(`/booking/doctor/\\?bookingId=${a.view.id}$`));
    expect(await statusOf(a.view.id)).toBe('confirmed');
    expect((await ctx.db.pool.query(`select count(*)::int as n from public.outbox where dedupe_key like $1`, [`booking-confirmed:${a.view.id}:%`])).rows[0].n).toBeGreaterThan(0);
    // Replayed (twice, same event) and forged deliveries.
    const paidIn = async (ref: string) => (await ctx.db.pool.query(`select amount::float8 as amount, trim(currency) as currency from public.payments where provider_ref = $1`, [ref])).rows[0] as { amount: number; currency: string };
    for (let i = 0; i < 2; i++) expect((await (await webhook({ id: 'evt-replay', ref: a.ref, status: 'paid', ...(await paidIn(a.ref)) })).json())._data).toEqual({ outcome: 'ignored' });
    // A 'paid' event must name what was paid.
    expect((await webhook({ id: 'evt-no-amount', ref: a.ref, status: 'paid' })).status).toBe(400);
    expect((await webhook({ id: 'evt-forged', ref: a.ref, status: 'failed' }, 'not-the-secret')).status).toBe(400);
    expect(await statusOf(a.view.id)).toBe('confirmed');

    // Paid after the hold expired: refunded, never confirmed, the slot stays free.
    const b = await payFor(42);
    await ctx.db.pool.query(`update public.bookings set hold_expires_at = now() - interval '1 second' where id = $1`, [b.view.id]);
    expect((await (await webhook({ id: 'evt-late', ref: b.ref, status: 'paid', ...(await paidIn(b.ref)) })).json())._data).toEqual({ outcome: 'refund' });
    expect(await statusOf(b.view.id)).not.toBe('confirmed');
    expect((await ctx.db.pool.query(`select status from public.payments where provider_ref = $1`, [b.ref])).rows[0].status).toBe('refunded');
    expect((await fetch(`${server.url}/dev/wallet/payments`)).status).toBe(401);
    const wallet = (await (await fetch(`${server.url}/dev/wallet/payments`, { headers: { authorization: `Bearer ${DEV_SANDBOX_SECRET}` } })).json()).payments as { ref: string; refunded: number }[];
    expect(wallet.find((p) => p.ref === b.ref)?.refunded).toBeGreaterThan(0);

    // Never paid: the sweep ends the payment and frees the slot.
    const c = await payFor(44);
    await ctx.db.pool.query(`update public.payments set expires_at = now() - interval '1 second' where provider_ref = $1`, [c.ref]);
    expect(await expireStalePayments(ctx.db)).toBeGreaterThanOrEqual(1);
    expect(await statusOf(c.view.id)).toBe('expired');
    expect((await ctx.db.pool.query(`select booked from public.time_slots where id = $1`, [c.s.slotId])).rows[0].booked).toBe(0);

    // Paid, but not the booking's amount (or in another currency): never confirmed, the money goes back.
    for (const [i, wrong] of [[46, (p: { amount: number; currency: string }) => ({ ...p, amount: 1 })], [48, (p: { amount: number; currency: string }) => ({ ...p, currency: 'USD' })]] as const) {
      const d = await payFor(i);
      expect((await (await webhook({ id: `evt-short-${i}`, ref: d.ref, status: 'paid', ...wrong(await paidIn(d.ref)) })).json())._data).toEqual({ outcome: 'refund' });
      expect(await statusOf(d.view.id)).not.toBe('confirmed');
    }
  });
});
