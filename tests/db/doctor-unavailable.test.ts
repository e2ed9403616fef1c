/**
 * "Doctor unavailable" (issue 35) through HTTP, on PGlite and PostgreSQL 15: who may (managers in scope; the doctor
 * role, another organization's manager and patients not), the preview, the one step (bookings cancelled with the
 * reason or moved where the manager picked, a paid online booking refunded through the wallet, the span's slots
 * closed: withdrawn when booked, never deleted; a kind managed by weekly hours gets day-off exceptions that the
 * regeneration keeps), one outbox e-mail per patient in their language with the calendar cancellation and the
 * one-tap rebooking links, the data history, and the links: the patient's own only, holding the offered slot through
 * the normal hold and confirm, once (the same link again answers the same booking, a sibling link is used up), and
 * never after they expire. A refused step (a move inside the span) changes nothing.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LOCALE_CONFIG } from '../../i18n/locales';
import { translate } from '../../i18n/strings';
import type { UnavailablePreview, UnavailableResult } from '../../src/lib/doctor-unavailable';
import { setRateLimit } from '../../src/server/rate-limit';
import { useDatabase } from '../../src/server/runtime';
import { ACCOUNTS, SEED_SCOPE } from '../../supabase/seed/accounts';
import { createStaff } from '../support/accounts';
import { startTestServer, type TestServer } from '../support/test-server';
import { signAccessToken } from '../support/tokens';
import { describeEachEngine } from './support/engines';

const key = () => crypto.randomUUID().replace(/-/g, '') + 'u';
const TOKEN = /[?&]offer=([A-Za-z0-9_-]{32})/g;

describeEachEngine('doctor unavailable', { seed: true }, (ctx) => {
  let server: TestServer;
  const tok: Record<string, string> = {};
  let doctorId = 0;
  let zone = '';
  let day = ''; // the day the doctor is away (hospital time)
  let after = ''; // the next day, with free slots to offer
  let bk1 = 0; // patient (reads Thai), outpatient, cash
  let bk2 = 0; // the other patient, telemedicine, paid with the wallet
  let bk3 = 0; // patient, outpatient, moved by the manager
  let moveTarget = 0;
  const q = async (sql: string, params: unknown[] = []) => (await ctx.db.pool.query(sql, params)).rows;
  const call = (p: string, token: string, init: { method?: string; body?: unknown } = {}) =>
    fetch(server.url + p, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: { authorization: `Bearer ${token}`, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  const until = async (check: () => Promise<boolean>, ms = 5000) => {
    const end = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  /** A slot of the doctor on a day (its own odd start, clear of the seed's). */
  async function slot(kind: 'outpatient' | 'telemedicine', on: string, start: string): Promise<number> {
    await q(`insert into public.schedules (kind, doctor_id, hospital_id, working_day) select $1, d.id, d.hospital_id, $3::date from public.doctors d where d.id = $2 on conflict do nothing`, [kind, doctorId, on]);
    const r = await q(
      `insert into public.time_slots (schedule_id, started, ended, capacity)
       select s.id, $4::time, $4::time + interval '30 minutes', 1 from public.schedules s where s.doctor_id = $1 and s.kind = $2 and s.working_day = $3::date returning id`,
      [doctorId, kind, on, start],
    );
    return Number(r[0].id);
  }
  /** A booking made through the booking page's calls (hold, then confirm). */
  async function book(token: string, slotId: number, telemedicine: boolean, note: string): Promise<number> {
    const held = await call('/api/bookings/holds', token, { body: { kind: 'doctor', doctorId, date: day, scheduleId: slotId, telemedicine, idempotencyKey: key() } });
    expect(held.status, await held.clone().text()).toBe(200);
    const id = (await held.json())._data.id as number;
    const res = await call(`/api/bookings/${id}/confirm`, token, { body: { familyMemberId: null, contactPhone: '0901234567', note, paymentMethod: telemedicine ? 'wallet' : 'cash-on-delivery' } });
    const view = (await res.json())._data;
    if (telemedicine) expect((await fetch(view.checkoutUrl, { method: 'POST', body: new URLSearchParams({ action: 'pay' }), redirect: 'manual' })).status).toBe(303);
    await until(async () => (await q('select status from public.bookings where id = $1', [id]))[0].status === 'confirmed');
    return id;
  }

  beforeAll(async () => {
    useDatabase(ctx.db);
    server = await startTestServer();
    setRateLimit('booking_create', { limit: 100_000, windowSeconds: 600 });
    const d = (await q(`select d.id, h.time_zone, ((now() at time zone h.time_zone)::date + 10)::text as day, ((now() at time zone h.time_zone)::date + 11)::text as after
                          from public.doctors d join public.hospitals h on h.id = d.hospital_id where d.user_id = $1`, [ACCOUNTS.doctor.id]))[0];
    doctorId = Number(d.id);
    zone = d.time_zone;
    day = d.day;
    after = d.after;
    await q(`update public.doctors set status = 1, outpatient_enabled = true, telemedicine_enabled = true, buffer_time_outpatient = 0, buffer_time_telemedicine = 0 where id = $1`, [doctorId]);
    const otherOrg = await createStaff(ctx.db, { email: 'unavail-other@unavail.test', role: 'facility', organizationId: SEED_SCOPE.otherOrganizationId });
    for (const [k, id] of Object.entries({ admin: ACCOUNTS.admin.id, facility: ACCOUNTS.facility.id, senior: ACCOUNTS.seniorBranch.id, branch: ACCOUNTS.branch.id, doctor: ACCOUNTS.doctor.id, otherOrg })) tok[k] = await signAccessToken(id);
    tok.patient = await signAccessToken(ACCOUNTS.patient.id, { email: ACCOUNTS.patient.email });
    tok.other = await signAccessToken(ACCOUNTS.patientOther.id, { email: ACCOUNTS.patientOther.email });
    await q(`update public.patients set preferred_locale = 'th-TH' where user_id = $1`, [ACCOUNTS.patient.id]);
    await q(`update public.patients set preferred_locale = null where user_id = $1`, [ACCOUNTS.patientOther.id]);
    bk1 = await book(tok.patient, await slot('outpatient', day, '06:07'), false, 'Knee pain');
    bk2 = await book(tok.other, await slot('telemedicine', day, '06:37'), true, 'Follow-up');
    bk3 = await book(tok.patient, await slot('outpatient', day, '07:07'), false, 'Check-up');
    // Free slots the day after, to offer and to move into.
    moveTarget = await slot('outpatient', after, '05:07');
    for (const at of ['05:37', '06:07', '06:37', '07:07']) await slot('outpatient', after, at);
    await slot('telemedicine', after, '05:07');
  });
  afterAll(async () => {
    setRateLimit('booking_create', undefined);
    await q(`update public.patients set preferred_locale = null where user_id = $1`, [ACCOUNTS.patient.id]);
    await server?.close();
  });

  const span = () => ({ from: day, to: day });

  it('is for managers in scope only: the doctor role, another organization and patients are refused', async () => {
    const path = `/api/admin/doctors/${doctorId}/unavailable?from=${day}&to=${day}`;
    expect((await call(path, tok.doctor)).status).toBe(403);
    expect((await call(path, tok.patient)).status).toBe(403);
    expect((await call(path, tok.otherOrg)).status).toBe(404);
    for (const who of ['admin', 'facility', 'senior', 'branch']) expect((await call(path, tok[who])).status, who).toBe(200);
    const body = { ...span(), reason: 'Out of scope' };
    expect((await call(`/api/admin/doctors/${doctorId}/unavailable`, tok.doctor, { body })).status).toBe(403);
    expect((await call(`/api/admin/doctors/${doctorId}/unavailable`, tok.otherOrg, { body })).status).toBe(404);
    expect(Number((await q(`select count(*) from public.doctor_unavailability where doctor_id = $1`, [doctorId]))[0].count)).toBe(0);
  });

  it('previews the bookings, patients, paid ones and the slots to close, writing nothing', async () => {
    const res = await call(`/api/admin/doctors/${doctorId}/unavailable?from=${day}&to=${day}`, tok.branch);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const p = (await res.json())._data as UnavailablePreview;
    expect(p.bookings.map((b) => b.id)).toEqual([bk1, bk2, bk3]);
    expect(p.patients).toBe(2);
    expect(p.bookings.find((b) => b.id === bk2)).toMatchObject({ kind: 'telemedicine', paidOnline: true, start: '06:37' });
    expect(p.bookings.find((b) => b.id === bk1)).toMatchObject({ paidOnline: false, code: expect.stringMatching(/^BK/) });
    expect(p.openSlots).toBeGreaterThanOrEqual(3);
    expect(p.moveTargets.outpatient.map((s) => s.slotId)).toContain(moveTarget);
    expect(p.moveTargets.outpatient.every((s) => s.date > day)).toBe(true);
    expect((await q(`select status from public.bookings where id = any ($1)`, [[bk1, bk2, bk3]])).every((r) => r.status === 'confirmed')).toBe(true);
    // The span's rules: not in the past, not reversed, at most the booking window.
    const past = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    expect((await call(`/api/admin/doctors/${doctorId}/unavailable?from=${past}&to=${day}`, tok.branch)).status).toBe(422);
    expect((await call(`/api/admin/doctors/${doctorId}/unavailable?from=${day}&to=${past}`, tok.branch)).status).toBe(422);
  });

  it('a refused step changes nothing (a move into the span itself)', async () => {
    const inside = Number((await q(`select ts.id from public.time_slots ts join public.schedules s on s.id = ts.schedule_id where s.doctor_id = $1 and s.working_day = $2 and ts.booked = 0 limit 1`, [doctorId, day]))[0]?.id ?? 0);
    const res = await call(`/api/admin/doctors/${doctorId}/unavailable`, tok.branch, { body: { ...span(), reason: 'Conference', moves: [{ bookingId: bk3, slotId: inside || moveTarget + 999999 }] } });
    expect(res.status).toBe(422);
    expect((await q(`select status from public.bookings where id = any ($1)`, [[bk1, bk2, bk3]])).every((r) => r.status === 'confirmed')).toBe(true);
    expect(Number((await q(`select count(*) from public.doctor_unavailability where doctor_id = $1`, [doctorId]))[0].count)).toBe(0);
  });

  it('cancels, moves, refunds, closes the slots and tells each patient in their language, in one step', async () => {
    const slotsBefore = (await q(`select id from public.bookings where id = any ($1)`, [[bk1, bk2, bk3]])).length;
    expect(slotsBefore).toBe(3);
    const res = await call(`/api/admin/doctors/${doctorId}/unavailable`, tok.branch, { body: { ...span(), reason: 'Bác sĩ đi hội nghị.', moves: [{ bookingId: bk3, slotId: moveTarget }] } });
    expect(res.status, await res.clone().text()).toBe(200);
    const r = (await res.json())._data as UnavailableResult;
    expect(r).toMatchObject({ cancelled: 2, moved: 1, patientsTold: 2, refunds: 1 });
    expect(r.mails).toBeGreaterThanOrEqual(3);
    // Bookings: cancelled by staff with the reason; the moved one lives on at the picked time.
    const rows = await q(`select id, status, cancel_reason, cancelled_by, cancelled_by_role from public.bookings where id = any ($1) order by id`, [[bk1, bk2]]);
    for (const b of rows) expect(b).toMatchObject({ status: 'cancelled', cancel_reason: 'Bác sĩ đi hội nghị.', cancelled_by: ACCOUNTS.branch.id, cancelled_by_role: 'staff' });
    const moved = (await q(`select id, status, slot_id::int as slot_id from public.bookings where rescheduled_from_id = $1`, [bk3]))[0];
    expect(moved).toMatchObject({ status: 'confirmed', slot_id: moveTarget });
    expect((await q(`select status from public.bookings where id = $1`, [bk3]))[0].status).toBe('cancelled');
    // The paid one: refund asked of the wallet, confirmed by its webhook.
    await until(async () => (await q(`select status from public.payments where booking_id = $1`, [bk2]))[0].status === 'refunded');
    // Slots: nothing of the day open any more; the booked ones kept (withdrawn), never deleted.
    expect(Number((await q(`select count(*) from public.time_slots ts join public.schedules s on s.id = ts.schedule_id where s.doctor_id = $1 and s.working_day = $2 and ts.withdrawn_at is null`, [doctorId, day]))[0].count)).toBe(0);
    expect((await q(`select ts.withdrawn_at from public.bookings b join public.time_slots ts on ts.id = b.slot_id where b.id = any ($1)`, [[bk1, bk2, bk3]])).every((x) => x.withdrawn_at)).toBe(true);
    const publicDay = await fetch(`${server.url}/api/doctors/${doctorId}/schedules?startDate=${day}&endDate=${day}`);
    if (publicDay.ok) expect(JSON.stringify((await publicDay.json())._data)).not.toContain('06:07');
    // E-mails: the Thai reader in Thai with four one-tap links to the Thai booking page; the other in the market's Vietnamese.
    const mail1 = await q(`select locale, body_text, body_html, attachments from public.outbox where dedupe_key like $1`, [`booking-cancelled:${bk1}:%`]);
    expect(mail1).toHaveLength(1);
    expect(mail1[0].locale).toBe('th-TH');
    expect(mail1[0].body_text).toContain(translate('th-TH', 'booking.rebook.title'));
    expect(mail1[0].body_text).toContain('Bác sĩ đi hội nghị.');
    const links = [...mail1[0].body_text.matchAll(TOKEN)].map((m) => m[1]);
    expect(links).toHaveLength(4);
    expect(mail1[0].body_text).toContain(`/${LOCALE_CONFIG['th-TH'].prefix}/booking/doctor/?offer=`);
    expect(mail1[0].body_text).not.toMatch(/offer=[^\s]*(@|%40)/);
    expect(JSON.stringify(mail1[0].attachments)).toContain('CANCEL');
    const mail2 = await q(`select locale, body_text from public.outbox where dedupe_key like $1`, [`booking-cancelled:${bk2}:%`]);
    expect(mail2[0].locale).toBe('vi-VN');
    expect(mail2[0].body_text).toContain(translate('vi-VN', 'booking.rebook.title'));
    expect(await q(`select 1 from public.outbox where dedupe_key like $1`, [`booking-rescheduled:${moved.id}:%`])).toHaveLength(1);
    // Only hashes are stored; each offer is a later free slot of the same doctor and kind.
    const offers = await q(`select o.token_hash, s.doctor_id::int as doctor_id, s.kind, s.working_day::text as day from public.rebooking_offers o join public.time_slots ts on ts.id = o.slot_id join public.schedules s on s.id = ts.schedule_id where o.cancelled_booking_id = $1`, [bk1]);
    expect(offers).toHaveLength(4);
    for (const o of offers) expect(o).toMatchObject({ doctor_id: doctorId, kind: 'outpatient' });
    expect(offers.every((o) => o.day > day)).toBe(true);
    expect(offers.map((o) => Buffer.from(o.token_hash).toString('base64url'))).not.toContain(links[0]);
    // The data history: the step (who, which doctor, which days, why) and each booking's change with the manager as actor.
    const step = await q(`select actor_id, after from public.data_history where table_name = 'doctor_unavailability' and row_id = $1 and action = 'INSERT'`, [String(r.id)]);
    expect(step[0]).toMatchObject({ actor_id: ACCOUNTS.branch.id, after: expect.objectContaining({ doctor_id: doctorId, from_day: day, reason: 'Bác sĩ đi hội nghị.' }) });
    expect((await q(`select 1 from public.data_history where table_name = 'bookings' and row_id = $1 and actor_id = $2 and after ->> 'status' = 'cancelled'`, [String(bk1), ACCOUNTS.branch.id])).length).toBe(1);
    // The same span again finds nothing left to cancel.
    const again = (await (await call(`/api/admin/doctors/${doctorId}/unavailable?from=${day}&to=${day}`, tok.branch)).json())._data as UnavailablePreview;
    expect(again.bookings).toEqual([]);
    expect(again.openSlots).toBe(0);
  });

  it('the one-tap link books the offered slot through the normal hold and confirm, once, for its patient only', async () => {
    const body = (await q(`select body_text from public.outbox where dedupe_key like $1`, [`booking-cancelled:${bk1}:%`]))[0].body_text as string;
    const [first, second] = [...body.matchAll(TOKEN)].map((m) => m[1]);
    // Another patient, or a made-up token: not valid.
    expect((await call('/api/rebooking-offers/hold', tok.other, { body: { token: first } })).status).toBe(404);
    const bad = await call('/api/rebooking-offers/hold', tok.patient, { body: { token: 'A'.repeat(32) } });
    expect(bad.status).toBe(404);
    expect((await bad.json())._data.reason).toBe('offer-invalid');
    expect((await call('/api/rebooking-offers/hold', '', { body: { token: first } })).status).toBe(401);
    // The patient: a hold of the offered slot, with the cancelled visit's phone and note, priced as any hold.
    const held = await call('/api/rebooking-offers/hold', tok.patient, { body: { token: first } });
    expect(held.status, await held.clone().text()).toBe(200);
    const view = (await held.json())._data;
    const offered = (await q(`select o.slot_id::int as slot_id from public.rebooking_offers o where o.held_booking_id = $1`, [view.id]))[0];
    expect(offered).toBeTruthy();
    const fresh = (await q(`select slot_id::int as slot_id, status, doctor_id::int as doctor_id, contact_phone, note, final_price from public.bookings where id = $1`, [view.id]))[0];
    expect(fresh).toMatchObject({ status: 'hold', doctor_id: doctorId, slot_id: offered.slot_id, contact_phone: '0901234567', note: 'Knee pain' });
    expect(view).toMatchObject({ status: 'hold', contactPhone: '0901234567', note: 'Knee pain', paymentOptions: ['cash-on-delivery'] });
    const price = Number((await q(`select price from public.doctors where id = $1`, [doctorId]))[0].price);
    expect(Number(fresh.final_price)).toBe(price);
    const confirmed = await call(`/api/bookings/${view.id}/confirm`, tok.patient, { body: { familyMemberId: null, contactPhone: '0901234567', note: 'Knee pain', paymentMethod: 'cash-on-delivery' } });
    expect(confirmed.status, await confirmed.clone().text()).toBe(200);
    expect((await confirmed.json())._data.status).toBe('confirmed');
    // Works once: the same link answers the same booking, a sibling link is used up.
    const repeat = await call('/api/rebooking-offers/hold', tok.patient, { body: { token: first } });
    expect((await repeat.json())._data).toMatchObject({ id: view.id, status: 'confirmed' });
    const sibling = await call('/api/rebooking-offers/hold', tok.patient, { body: { token: second } });
    expect(sibling.status).toBe(409);
    expect((await sibling.json())._data.reason).toBe('offer-used');
    expect(Number((await q(`select count(*) from public.bookings where patient_user_id = $1 and idempotency_key like 'rebook-%'`, [ACCOUNTS.patient.id]))[0].count)).toBe(1);
  });

  it('an expired link is refused', async () => {
    const body = (await q(`select body_text from public.outbox where dedupe_key like $1`, [`booking-cancelled:${bk2}:%`]))[0].body_text as string;
    const token = [...body.matchAll(TOKEN)][0]![1];
    await q(`update public.rebooking_offers set expires_at = now() - interval '1 minute' where cancelled_booking_id = $1`, [bk2]);
    const res = await call('/api/rebooking-offers/hold', tok.other, { body: { token } });
    expect(res.status).toBe(409);
    expect((await res.json())._data.reason).toBe('offer-expired');
  });

  it('a kind managed by weekly hours gets day-off exceptions: regeneration keeps the day closed, the booked slot withdrawn', async () => {
    // Another doctor of the branch, managed by the availability module (every day 08:00–10:00, 30 minutes).
    const other = Number((await q(`select min(id) as id from public.doctors where hospital_id = $1 and id <> $2 and status = 1 and outpatient_enabled`, [SEED_SCOPE.branchHospitalId, doctorId]))[0].id);
    const weekly = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, starts: '08:00', ends: '10:00' }));
    const saved = await call(`/api/admin/doctors/${other}/availability`, tok.branch, { method: 'PUT', body: { outpatient: { slotMinutes: 30, capacity: 1, bufferTime: 0, weekly, exceptions: [] } } });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const free = (await q(`select ts.id from public.time_slots ts join public.schedules s on s.id = ts.schedule_id where s.doctor_id = $1 and s.kind = 'outpatient' and s.working_day = $2 and ts.started = '08:00'`, [other, day]))[0];
    const held = await call('/api/bookings/holds', tok.other, { body: { kind: 'doctor', doctorId: other, date: day, scheduleId: Number(free.id), telemedicine: false, idempotencyKey: key() } });
    const id = (await held.json())._data.id as number;
    expect((await call(`/api/bookings/${id}/confirm`, tok.other, { body: { familyMemberId: null, contactPhone: '0901234567', paymentMethod: 'cash-on-delivery' } })).status).toBe(200);
    const res = await call(`/api/admin/doctors/${other}/unavailable`, tok.facility, { body: { ...span(), reason: 'Annual leave' } });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await q(`select type, note from public.doctor_schedule_exceptions where doctor_id = $1 and kind = 'outpatient' and day = $2`, [other, day])).toEqual([{ type: 'off', note: 'Annual leave' }]);
    const left = await q(`select ts.id, ts.withdrawn_at from public.time_slots ts join public.schedules s on s.id = ts.schedule_id where s.doctor_id = $1 and s.working_day = $2`, [other, day]);
    expect(left).toEqual([{ id: free.id, withdrawn_at: expect.anything() }]);
    // Saving the hours again (the module's regeneration) keeps the day off.
    const listed = (await (await call(`/api/admin/doctors/${other}/availability`, tok.branch)).json())._data;
    const exceptions = listed.outpatient.exceptions;
    expect(exceptions).toEqual(expect.arrayContaining([expect.objectContaining({ day, type: 'off' })]));
    expect((await call(`/api/admin/doctors/${other}/availability`, tok.branch, { method: 'PUT', body: { outpatient: { slotMinutes: 30, capacity: 1, bufferTime: 0, weekly, exceptions } } })).status).toBe(200);
    expect(Number((await q(`select count(*) from public.time_slots ts join public.schedules s on s.id = ts.schedule_id where s.doctor_id = $1 and s.working_day = $2 and ts.withdrawn_at is null`, [other, day]))[0].count)).toBe(0);
  });
});
