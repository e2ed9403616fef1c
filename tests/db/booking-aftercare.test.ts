/**
 * After the booking (issue 36), through HTTP on PGlite and PostgreSQL 15: a telemedicine booking paid with the
 * sandbox wallet reads "paid" in my appointments; cancelling it inside the window refunds it through the provider
 * (refund pending, the sandbox records it, its webhook makes it refunded) and queues the cancellation e-mail in
 * the patient's language with the amount and a calendar cancellation; outside the window nothing is cancelled,
 * refunded or mailed; a provider that cannot refund leaves the booking as it was; a reschedule carries the
 * payment over and sends its e-mail; an awaiting payment is listed with Pay now.
 */
import { DEV_SANDBOX_SECRET } from '../../src/server/payment-provider';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ACCOUNTS } from '../../supabase/seed/accounts';
import { translate } from '../../i18n/strings';
import { useDatabase } from '../../src/server/runtime';
import { setRateLimit } from '../../src/server/rate-limit';
import { startTestServer, type TestServer } from '../support/test-server';
import { signAccessToken } from '../support/tokens';
import { freeDoctorSlot } from '../support/booking';
import { describeEachEngine } from './support/engines';

const key = () => crypto.randomUUID().replace(/-/g, '') + 'k';

describeEachEngine('after the booking: payment states, refunds, change e-mails', { seed: true }, (ctx) => {
  let server: TestServer;
  let patient: string;
  let skip = 60;
  const call = (path: string, token: string, body?: unknown) =>
    fetch(server.url + path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      // null: a POST without a body (cancel)
      body: body === undefined || body === null ? undefined : JSON.stringify(body),
    });
  const q = async (sql: string, params: unknown[] = []) => (await ctx.db.pool.query(sql, params)).rows;
  const myList = async () => (await (await call('/api/account/bookings', patient)).json())._data.bookings as Record<string, any>[];

  /** A vi-VN telemedicine booking confirmed with the wallet: 'pay' pays it on the sandbox page, 'open' leaves it awaiting. */
  async function walletBooking(then: 'pay' | 'open', withinDays?: number) {
    const s = await freeDoctorSlot(ctx.db, { kind: 'telemedicine', countryId: 1, skip: withinDays ? 0 : skip++, withinDays });
    const held = (await (await call('/api/bookings/holds', patient, { kind: 'doctor', doctorId: s.doctorId, date: s.date, scheduleId: s.slotId, telemedicine: true, idempotencyKey: key() })).json())._data;
    const view = (await (await call(`/api/bookings/${held.id}/confirm`, patient, { familyMemberId: null, contactPhone: '0901234567', paymentMethod: 'wallet' })).json())._data;
    expect(view.status).toBe('awaiting-payment');
    if (then === 'pay') expect((await fetch(view.checkoutUrl, { method: 'POST', body: new URLSearchParams({ action: 'pay' }), redirect: 'manual' })).status).toBe(303);
    const ref = (await q(`select provider_ref from public.payments where booking_id = $1`, [held.id]))[0].provider_ref as string;
    return { id: Number(held.id), view, ref, slot: s };
  }
  const until = async (check: () => Promise<boolean>, ms = 5000) => {
    const end = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  beforeAll(async () => {
    useDatabase(ctx.db);
    server = await startTestServer();
    setRateLimit('booking_create', { limit: 100_000, windowSeconds: 600 });
    patient = await signAccessToken(ACCOUNTS.patient.id, { email: ACCOUNTS.patient.email });
    // The patient reads Indonesian: every mail of theirs is in id-ID whatever the hospital's market.
    await q(`update public.patients set preferred_locale = 'id-ID' where user_id = $1`, [ACCOUNTS.patient.id]);
  });
  afterAll(async () => {
    setRateLimit('booking_create', undefined);
    await q(`update public.patients set preferred_locale = null where user_id = $1`, [ACCOUNTS.patient.id]);
    await server?.close();
  });

  it('an awaiting payment is listed with Pay now and its time; a paid one reads paid; the booking page carries the cancellation rule', async () => {
    const open = await walletBooking('open');
    const listed = (await myList()).find((b) => b.id === open.id)!;
    expect(listed.status).toBe('pending');
    expect(listed.payments).toEqual([expect.objectContaining({ status: 'created', checkoutUrl: open.view.checkoutUrl })]);
    const paid = await walletBooking('pay');
    const mine = (await myList()).find((b) => b.id === paid.id)!;
    expect(mine).toMatchObject({ status: 'confirmed', paymentMethod: 'wallet', payments: [expect.objectContaining({ status: 'paid' })] });
    const view = (await (await call(`/api/bookings/${paid.id}`, patient)).json())._data;
    expect(view).toMatchObject({ status: 'confirmed', insideCancelWindow: false, cancelWindowMinutes: expect.any(Number) });
    expect(Date.parse(view.startsAt) - Date.parse(view.cancelUntil)).toBe(view.cancelWindowMinutes * 60_000);
  });

  it('a hospital cancellation (the front desk) refunds through the wallet and tells the patient in their language; the doctor reads the video room', async () => {
    const b = await walletBooking('pay');
    const admin = await signAccessToken(ACCOUNTS.admin.id, { email: ACCOUNTS.admin.email });
    const doctorUser = (await q(`select user_id from public.doctors where id = $1`, [b.slot.doctorId]))[0]?.user_id as string | null;
    // The doctor (when the seed gives it an account) and the managers get the room of the confirmed telemedicine visit.
    const detail = (await (await call(`/api/admin/appointments/${b.id}`, admin)).json())._data.appointment;
    expect(detail.videoRoomUrl).toMatch(/^https:\/\/meet\.jit\.si\/[A-Za-z0-9_-]{20,}$/);
    if (doctorUser) {
      const doctor = await signAccessToken(doctorUser);
      expect((await (await call(`/api/admin/appointments/${b.id}`, doctor)).json())._data.appointment.videoRoomUrl).toBe(detail.videoRoomUrl);
    }
    const amount = Number((await q(`select amount from public.payments where booking_id = $1`, [b.id]))[0].amount);
    const res = await call(`/api/admin/appointments/${b.id}/actions`, admin, { action: 'cancel', reason: 'Bác sĩ nghỉ ốm hôm nay.' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await q(`select status, refund_amount::float8 as refund from public.payments where booking_id = $1`, [b.id]))[0]).toEqual({ status: 'refund-pending', refund: amount });
    await until(async () => (await q(`select status from public.payments where booking_id = $1`, [b.id]))[0].status === 'refunded');
    const mail = await q(`select locale, body_text from public.outbox where dedupe_key like $1`, [`booking-cancelled:${b.id}:%`]);
    expect(mail).toHaveLength(1);
    expect(mail[0].locale).toBe('id-ID');
    expect(mail[0].body_text).toContain('Bác sĩ nghỉ ốm hôm nay.');
  });

  it('cancel inside the window: refunded through the wallet, the card reads the refund, the e-mail says so in the patient\'s language', async () => {
    const b = await walletBooking('pay');
    const amount = Number((await q(`select amount from public.payments where booking_id = $1`, [b.id]))[0].amount);
    const res = await call(`/api/account/bookings/${b.id}/cancel`, patient, null);
    const answer = await res.json();
    expect(res.status, JSON.stringify(answer)).toBe(200);
    const body = answer._data;
    expect(body.refund).toEqual({ amount, currency: 'VND' });
    expect(body.booking.status).toBe('cancelled');
    expect(body.booking.payments).toEqual([expect.objectContaining({ status: 'refund-pending', refundAmount: amount })]);
    // The sandbox wallet recorded the refund and confirms it by its webhook.
    const wallet = (await (await fetch(`${server.url}/dev/wallet/payments`, { headers: { authorization: `Bearer ${DEV_SANDBOX_SECRET}` } })).json()).payments as { ref: string; refunded: number; refunds: unknown[] }[];
    expect(wallet.find((p) => p.ref === b.ref)).toMatchObject({ refunded: amount, refunds: [expect.anything()] });
    await until(async () => (await q(`select status from public.payments where booking_id = $1`, [b.id]))[0].status === 'refunded');
    expect((await myList()).find((x) => x.id === b.id)!.payments[0]).toMatchObject({ status: 'refunded', refundAmount: amount });
    // The cancellation e-mail: Indonesian, the refund with its amount, the calendar event cancelled.
    const mail = await q(`select locale, subject, body_text, attachments from public.outbox where dedupe_key like $1`, [`booking-cancelled:${b.id}:%`]);
    expect(mail).toHaveLength(1);
    expect(mail[0].locale).toBe('id-ID');
    expect(mail[0].subject).toBe(translate('id-ID', 'booking.change.subject.cancelled', { code: b.view.code }));
    expect(mail[0].body_text).toContain(translate('id-ID', 'booking.change.lead.cancelledByPatient'));
    expect(mail[0].body_text).toMatch(/Pengembalian dana .*\d.* sedang diproses/);
    const ics = Buffer.from(mail[0].attachments[0].content, 'base64').toString('utf8');
    expect(ics).toContain('METHOD:CANCEL');
    expect(ics).toContain('STATUS:CANCELLED');
    // Cancelled twice: refused, nothing refunded twice.
    expect((await call(`/api/account/bookings/${b.id}/cancel`, patient, null)).status).toBe(409);
    expect((await (await fetch(`${server.url}/dev/wallet/payments`, { headers: { authorization: `Bearer ${DEV_SANDBOX_SECRET}` } })).json()).payments.find((p: { ref: string }) => p.ref === b.ref).refunded).toBe(amount);
  });

  it('outside the window the cancel is refused before anything is refunded or mailed', async () => {
    // Within 12 days: a window of 14 days (the largest allowed) has already passed.
    const b = await walletBooking('pay', 12);
    await q(`update public.doctors set cancellation_window_minutes = 20160 where id = $1`, [b.slot.doctorId]);
    try {
      const res = await call(`/api/account/bookings/${b.id}/cancel`, patient, null);
      expect(res.status).toBe(422);
      expect((await res.json())._data.reason).toBe('window-passed');
      expect((await q(`select status from public.payments where booking_id = $1`, [b.id]))[0].status).toBe('paid');
      expect((await (await fetch(`${server.url}/dev/wallet/payments`, { headers: { authorization: `Bearer ${DEV_SANDBOX_SECRET}` } })).json()).payments.find((p: { ref: string }) => p.ref === b.ref).refunded).toBe(0);
      expect(await q(`select 1 from public.outbox where dedupe_key like $1`, [`booking-cancelled:${b.id}:%`])).toHaveLength(0);
      // The booking page says so before confirming a slot of that doctor.
      const s = await freeDoctorSlot(ctx.db, { kind: 'telemedicine', countryId: 1, withinDays: 12 });
      if (s.doctorId === b.slot.doctorId) {
        const held = (await (await call('/api/bookings/holds', patient, { kind: 'doctor', doctorId: s.doctorId, date: s.date, scheduleId: s.slotId, telemedicine: true, idempotencyKey: key() })).json())._data;
        expect(held.insideCancelWindow).toBe(true);
      }
    } finally {
      await q(`update public.doctors set cancellation_window_minutes = null where id = $1`, [b.slot.doctorId]);
    }
  });

  it('a provider that cannot refund leaves the paid booking as it was (503 refund-failed)', async () => {
    const b = await walletBooking('pay');
    const before = process.env.PAYMENT_PROVIDER;
    process.env.PAYMENT_PROVIDER = 'none-configured';
    try {
      const res = await call(`/api/account/bookings/${b.id}/cancel`, patient, null);
      expect(res.status).toBe(503);
      expect((await res.json())._data.reason).toBe('refund-failed');
    } finally {
      if (before === undefined) delete process.env.PAYMENT_PROVIDER;
      else process.env.PAYMENT_PROVIDER = before;
    }
    expect((await q(`select status from public.bookings where id = $1`, [b.id]))[0].status).toBe('confirmed');
    expect((await q(`select status from public.payments where booking_id = $1`, [b.id]))[0].status).toBe('paid');
    expect(await q(`select 1 from public.outbox where dedupe_key like $1`, [`booking-cancelled:${b.id}:%`])).toHaveLength(0);
  });

  it('a reschedule keeps the payment and sends its e-mail with the new event and the old one cancelled', async () => {
    const b = await walletBooking('pay');
    const [slot] = await q(
      `select ts.id, to_char(ts.started, 'HH24:MI') as started from public.time_slots ts join public.schedules sc on sc.id = ts.schedule_id
        where sc.doctor_id = $1 and sc.kind = 'telemedicine' and ts.booked = 0 and ts.id <> $2 and sc.working_day > current_date + 2 order by ts.id limit 1`,
      [b.slot.doctorId, b.slot.slotId],
    );
    const res = await call(`/api/account/bookings/${b.id}/reschedule`, patient, { scheduleId: slot.id, started: slot.started, idempotencyKey: key() });
    expect(res.status).toBe(200);
    const fresh = (await res.json())._data.booking;
    expect(fresh.payments).toEqual([expect.objectContaining({ status: 'paid' })]);
    const mail = await q(`select locale, subject, body_text, attachments from public.outbox where dedupe_key like $1`, [`booking-rescheduled:${fresh.id}:%`]);
    expect(mail).toHaveLength(1);
    expect(mail[0].locale).toBe('id-ID');
    expect(mail[0].body_text).toContain(translate('id-ID', 'booking.change.previousTime'));
    expect(mail[0].attachments).toHaveLength(2);
    expect(Buffer.from(mail[0].attachments[1].content, 'base64').toString('utf8')).toContain('METHOD:CANCEL');
  });

  it('a paid telemedicine visit gets a video room when confirmed, shown only to its patient; an outpatient visit none; the mail has the link, not the address', async () => {
    const b = await walletBooking('pay');
    const view = (await (await call(`/api/bookings/${b.id}`, patient)).json())._data;
    expect(view.videoUrl).toMatch(/^https:\/\/meet\.jit\.si\/[0-9a-f]{32}$/);
    expect((await myList()).find((x) => x.id === b.id)!.videoUrl).toBe(view.videoUrl);
    // Another patient: neither the booking nor the room through the function.
    const other = await signAccessToken(ACCOUNTS.patientOther.id);
    expect((await call(`/api/bookings/${b.id}`, other)).status).toBe(404);
    const client = await ctx.db.pool.connect();
    try {
      await client.query('begin');
      await client.query(`select set_config('request.jwt.claims', $1, true), set_config('request.jwt.claim.sub', $2, true), set_config('role', 'authenticated', true)`, [
        JSON.stringify({ sub: ACCOUNTS.patientOther.id, role: 'authenticated' }),
        ACCOUNTS.patientOther.id,
      ]);
      expect((await client.query(`select public.booking_video_room($1) as url`, [b.id])).rows[0].url).toBeNull();
    } finally {
      await client.query('rollback');
      client.release();
    }
    const mail = await q(`select body_text, body_html, attachments from public.outbox where dedupe_key like $1`, [`booking-confirmed:${b.id}:%`]);
    expect(mail[0].body_text).toContain(view.videoUrl);
    expect(mail[0].body_text).toContain(translate('id-ID', 'booking.video.instructions'));
    expect(mail[0].body_text).not.toContain(view.hospital.address);
    expect(Buffer.from(mail[0].attachments[0].content, 'base64').toString('utf8')).toContain(`URL:${view.videoUrl}`);
    // An outpatient visit paid at the clinic: no room.
    const s = await freeDoctorSlot(ctx.db, { kind: 'outpatient', countryId: 1, skip: skip++ });
    const held = (await (await call('/api/bookings/holds', patient, { kind: 'doctor', doctorId: s.doctorId, date: s.date, scheduleId: s.slotId, telemedicine: false, idempotencyKey: key() })).json())._data;
    const done = (await (await call(`/api/bookings/${held.id}/confirm`, patient, { familyMemberId: null, contactPhone: '0901234567', paymentMethod: 'cash-on-delivery' })).json())._data;
    expect(done).toMatchObject({ status: 'confirmed', videoUrl: null });
    expect(await q(`select 1 from public.booking_video_rooms where booking_id = $1`, [held.id])).toHaveLength(0);
  });
});
