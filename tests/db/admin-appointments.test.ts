/**
 * Admin appointments and patients through HTTP (issue 35), on PGlite and PostgreSQL 15: each role sees and works
 * only its scope (the branch manager its branch, the doctor their own appointments, another organization's manager
 * nothing, another doctor nothing); check in, complete (after which the patient can review), no-show window,
 * cancel with a reason (the e-mail to the patient in their language in the outbox); phones masked until revealed,
 * each reveal a READ row of the data history; the CSV export is the filtered list with formulas as text; the
 * scheduled completion; the patients list and record.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppointmentDetail, AppointmentListData } from '../../src/lib/admin-appointments';
import { bookingCode } from '../../src/lib/booking';
import { appointmentIds } from '../../src/data/admin-appointments';
import { asCaller } from '../../src/data/db';
import { verifyAccessToken } from '../../src/server/auth';
import { useDatabase } from '../../src/server/runtime';
import { ACCOUNTS, SEED_SCOPE } from '../../supabase/seed/accounts';
import { createStaff } from '../support/accounts';
import { startTestServer, type TestServer } from '../support/test-server';
import { signAccessToken } from '../support/tokens';
import { describeEachEngine } from './support/engines';

describeEachEngine('admin appointments and patients', { seed: true }, (ctx) => {
  let server: TestServer;
  const tok: Record<string, string> = {};
  let demoDoctorId = 0;
  let past = 0; // started an hour ago, confirmed
  let future = 0; // in three days, confirmed
  let old = 0; // ten days ago, still confirmed (the completion job's)
  let otherDoctorBooking = 0;
  let zone = '';
  let made = 0;

  const call = (p: string, token: string, init: { method?: string; body?: unknown; lang?: string } = {}) =>
    fetch(server.url + p, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: { authorization: `Bearer ${token}`, ...(init.lang ? { 'accept-language': init.lang } : {}), ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  const list = async (token: string, q: string): Promise<AppointmentListData> => {
    const res = await call(`/api/admin/appointments?${q}`, token);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    return (await res.json())._data;
  };
  const act = (id: number, token: string, body: Record<string, unknown>) => call(`/api/admin/appointments/${id}/actions`, token, { body });

  /** A booking of the patient at a slot of its own, starting at `startsAt`, made as the server (as the seed does). */
  async function booking(doctorId: number, startsAt: string, status: string, key: string): Promise<number> {
    const d = (await ctx.db.pool.query(`select d.id, d.hospital_id, ($2::timestamptz at time zone h.time_zone) as wall from public.doctors d join public.hospitals h on h.id = d.hospital_id where d.id = $1`, [doctorId, startsAt])).rows[0];
    await ctx.db.pool.query(`insert into public.schedules (kind, doctor_id, hospital_id, working_day) values ('outpatient', $1, $2, $3::timestamp::date) on conflict do nothing`, [d.id, d.hospital_id, d.wall]);
    const sc = (await ctx.db.pool.query(`select id from public.schedules where doctor_id = $1 and kind = 'outpatient' and working_day = $2::timestamp::date`, [d.id, d.wall])).rows[0];
    // The slot's own clock (odd minutes, clear of the seed's): the booking keeps its start.
    const at = `0${++made}:07`;
    const ts = (await ctx.db.pool.query(`insert into public.time_slots (schedule_id, started, ended, capacity) values ($1, $2::time, $2::time + interval '30 minutes', 1) returning id`, [sc.id, at])).rows[0];
    const { rows } = await ctx.db.pool.query(
      `insert into public.bookings (booking_type, appointment_type, patient_user_id, doctor_id, hospital_id, slot_id, starts_at, status, idempotency_key, payment_method, contact_phone, final_price, currency)
       values ('doctor', 'outpatient', $3, $1, $6, $7, $2::timestamptz, $4, $5, 'cash-on-delivery', '+84 901 234 567', 300000, 'VND') returning id`,
      [doctorId, startsAt, ACCOUNTS.patient.id, status, key, d.hospital_id, ts.id],
    );
    return Number(rows[0].id);
  }

  beforeAll(async () => {
    useDatabase(ctx.db);
    server = await startTestServer();
    const d = await ctx.db.pool.query(
      `select d.id, h.time_zone,
              (select min(x.id) from public.doctors x where x.hospital_id = d.hospital_id and x.id <> d.id and x.user_id is null) as other
         from public.doctors d join public.hospitals h on h.id = d.hospital_id where d.user_id = $1`,
      [ACCOUNTS.doctor.id],
    );
    demoDoctorId = Number(d.rows[0].id);
    zone = d.rows[0].time_zone;
    const otherDoctor = Number(d.rows[0].other);
    // Hours from now, on exact half hours off the seed's slots (a slot of its own each).
    const at = (hours: number) => new Date(Math.floor(Date.now() / 60000) * 60000 + hours * 3_600_000).toISOString();
    past = await booking(demoDoctorId, at(-1), 'confirmed', 'appt-test-past-0001');
    future = await booking(demoDoctorId, at(72), 'confirmed', 'appt-test-future-001');
    old = await booking(demoDoctorId, at(-240), 'confirmed', 'appt-test-old-00001');
    otherDoctorBooking = await booking(otherDoctor, at(-2), 'confirmed', 'appt-test-other-0001');
    // A doctor-role account for the other doctor of the same branch.
    const otherDoctorUser = await createStaff(ctx.db, { email: 'appt-doctor2@appt.test', role: 'doctor', organizationId: SEED_SCOPE.organizationId });
    await ctx.db.pool.query('update public.doctors set user_id = $1 where id = $2', [otherDoctorUser, otherDoctor]);
    const otherOrgManager = await createStaff(ctx.db, { email: 'appt-other-facility@appt.test', role: 'facility', organizationId: SEED_SCOPE.otherOrganizationId });
    tok.branch = await signAccessToken(ACCOUNTS.branch.id);
    tok.facility = await signAccessToken(ACCOUNTS.facility.id);
    tok.doctor = await signAccessToken(ACCOUNTS.doctor.id);
    tok.admin = await signAccessToken(ACCOUNTS.admin.id);
    tok.doctor2 = await signAccessToken(otherDoctorUser);
    tok.otherOrg = await signAccessToken(otherOrgManager);
    tok.patient = await signAccessToken(ACCOUNTS.patient.id);
    // The patient reads mail in Thai: the cancellation is written in it.
    await ctx.db.pool.query(`update public.patients set preferred_locale = 'th-TH' where user_id = $1`, [ACCOUNTS.patient.id]);
  });
  afterAll(async () => {
    await server?.close();
  });

  const range = () => {
    const from = new Date(Date.now() - 12 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    return `from=${from}&to=${to}`;
  };

  it('scopes the list per role: branch and doctor see the booking, another organization and another doctor do not', async () => {
    const ids = async (t: string) => (await list(t, `${range()}&page=1`)).appointments.map((a) => a.id);
    const all = async (t: string) => {
      const out: number[] = [];
      for (let page = 1; ; page++) {
        const d = await list(t, `${range()}&page=${page}`);
        out.push(...d.appointments.map((a) => a.id));
        if (page >= d.pagination.last) return out;
      }
    };
    expect(await all(tok.branch)).toEqual(expect.arrayContaining([past, future, old, otherDoctorBooking]));
    expect(await all(tok.doctor)).toEqual(expect.arrayContaining([past, future, old]));
    expect(await all(tok.doctor)).not.toContain(otherDoctorBooking);
    const second = await all(tok.doctor2);
    expect(second).toContain(otherDoctorBooking);
    expect(second).not.toEqual(expect.arrayContaining([past]));
    expect(await ids(tok.otherOrg)).not.toContain(past);
    expect((await call(`/api/admin/appointments?${range()}`, tok.patient)).status).toBe(403);
  });

  it('gives the day and week views the branch’s doctors as columns; a doctor only their own', async () => {
    const day = new Date(Date.now() - 3_600_000).toISOString().slice(0, 10);
    const branch = await (await call(`/api/admin/appointments-calendar?from=${day}&to=${day}&branchId=${SEED_SCOPE.branchHospitalId}`, tok.branch)).json();
    expect(branch._data.doctors.map((d: { id: number }) => d.id)).toContain(demoDoctorId);
    expect(branch._data.doctors.length).toBeGreaterThan(1);
    const mine = await (await call(`/api/admin/appointments-calendar?from=${day}&to=${day}`, tok.doctor)).json();
    expect(mine._data.doctors.map((d: { id: number }) => d.id)).toEqual([demoDoctorId]);
    expect(mine._data.appointments.every((a: { doctor: { id: number } }) => a.doctor.id === demoDoctorId)).toBe(true);
    expect((await call(`/api/admin/appointments-calendar?from=${day}&to=${day}`, tok.branch)).status).toBe(422);
    const week = await call(`/api/admin/appointments-calendar?from=2026-01-01&to=2026-01-09&branchId=1`, tok.branch);
    expect(week.status).toBe(422);
  });

  it('gives the columns their free slots still ahead, a doctor only their own', async () => {
    const days = `from=${new Date().toISOString().slice(0, 10)}&to=${new Date(Date.now() + 6 * 86_400_000).toISOString().slice(0, 10)}`;
    type Slot = { id: number; doctorId: number; date: string; start: string; free: number };
    const branch = (await (await call(`/api/admin/appointments-calendar?${days}&branchId=${SEED_SCOPE.branchHospitalId}`, tok.branch)).json())._data;
    const slots = branch.slots as Slot[];
    expect(slots.length).toBeGreaterThan(0);
    const columns = new Set((branch.doctors as { id: number }[]).map((d) => d.id));
    expect(slots.every((s) => columns.has(s.doctorId) && s.free > 0)).toBe(true);
    const full = (await ctx.db.pool.query(`select ts.id::int as id from public.time_slots ts where ts.id = any ($1::bigint[]) and ts.booked >= ts.capacity`, [slots.map((s) => s.id)])).rows;
    expect(full).toEqual([]);
    const mine = (await (await call(`/api/admin/appointments-calendar?${days}`, tok.doctor)).json())._data.slots as Slot[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((s) => s.doctorId === demoDoctorId)).toBe(true);
  });

  it('finds bookings by a patient’s or family member’s name, only in the caller’s scope', async () => {
    const name = (await ctx.db.pool.query('select name from public.patients where user_id = $1', [ACCOUNTS.patient.id])).rows[0].name as string;
    const part = name.split(' ').at(-1)!;
    const found = await list(tok.branch, `${range()}&keyword=${encodeURIComponent(part)}`);
    expect(found.appointments.map((a) => a.id)).toEqual(expect.arrayContaining([past, old]));
    expect(found.appointments.every((a) => a.patient.name.includes(part) || a.familyMember?.name.includes(part))).toBe(true);
    expect((await list(tok.otherOrg, `${range()}&keyword=${encodeURIComponent(part)}`)).appointments.map((a) => a.id)).not.toContain(past);
    // A family member's name finds the bookings made for them.
    const fam = (await ctx.db.pool.query(`select f.name, b.id::int as id from public.bookings b join public.family_members f on f.id = b.family_member_id where b.idempotency_key = 'seed-demo-tele-family'`)).rows[0];
    const wide = `from=${new Date(Date.now() - 80 * 86_400_000).toISOString().slice(0, 10)}&to=${new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10)}`;
    const forFamily = await list(tok.branch, `${wide}&keyword=${encodeURIComponent(fam.name)}`);
    expect(forFamily.appointments.map((a) => a.id)).toContain(fam.id);
    expect(forFamily.appointments.every((a) => a.familyMember?.name === fam.name || a.patient.name.includes(fam.name))).toBe(true);
  });

  it('lists hospital time, the masked phone, the code keyword and the allowed actions', async () => {
    const d = await list(tok.branch, `${range()}&keyword=${bookingCode(past)}`);
    expect(d.appointments.map((a) => a.id)).toEqual([past]);
    const a = d.appointments[0]!;
    expect(a.timeZone).toBe(zone);
    expect(a.patient.phoneMasked).toBe('••• ••• 567');
    expect(JSON.stringify(d)).not.toContain('901 234');
    expect(a.actions).toEqual(expect.arrayContaining(['check_in', 'complete', 'no_show', 'cancel']));
    const byPhone = await list(tok.branch, `${range()}&keyword=234567`);
    expect(byPhone.appointments.map((x) => x.id)).toContain(past);
    const f = (await list(tok.branch, `${range()}&status=completed&kind=service`)).appointments.map((x) => x.id);
    expect(f).not.toContain(past);
  });

  it('reveals the contact phone only in scope, and records the read', async () => {
    const refused = await call(`/api/admin/appointments/${past}/phone`, tok.otherOrg, { method: 'POST' });
    expect(refused.status, JSON.stringify(await refused.clone().json())).toBe(404);
    const res = await call(`/api/admin/appointments/${past}/phone`, tok.branch, { method: 'POST' });
    expect(res.status).toBe(200);
    expect((await res.json())._data.phone).toBe('+84 901 234 567');
    const h = await ctx.db.pool.query(`select actor_id, action, after from public.data_history where table_name = 'bookings' and row_id = $1 and action = 'READ'`, [String(past)]);
    expect(h.rows).toHaveLength(1);
    expect(h.rows[0].actor_id).toBe(ACCOUNTS.branch.id);
  });

  it('a doctor cannot act on another doctor’s booking; another organization cannot act at all', async () => {
    expect((await act(past, tok.doctor2, { action: 'check_in' })).status).toBe(404);
    expect((await act(past, tok.otherOrg, { action: 'check_in' })).status).toBe(404);
    expect((await call(`/api/admin/appointments/${past}`, tok.doctor2)).status).toBe(404);
    expect((await ctx.db.pool.query('select checked_in_at from public.bookings where id = $1', [past])).rows[0].checked_in_at).toBeNull();
  });

  it('checks in and completes; the completion opens the patient’s review; the history says who', async () => {
    const checked = await act(past, tok.doctor, { action: 'check_in' });
    expect(checked.status).toBe(200);
    const c = (await checked.json())._data.appointment as AppointmentDetail;
    expect(c.checkedIn).toBe(true);
    expect(c.actions).not.toContain('no_show');
    // Checked in: no cancel or no-show any more.
    expect((await act(past, tok.branch, { action: 'no_show' })).status).toBe(409);
    const done = await act(past, tok.branch, { action: 'complete' });
    expect(done.status).toBe(200);
    const body = await done.json();
    expect(body._messages).toContain('The appointment is marked completed.');
    expect(body._data.appointment.status).toBe('completed');
    expect(body._data.appointment.history.some((h: { status: string; actorRole: string }) => h.status === 'completed' && h.actorRole === 'branch')).toBe(true);
    const review = await call(`/api/account/bookings/${past}/review`, tok.patient, { body: { rate: 5, feedback: 'Kind and on time.' } });
    expect(review.status).toBe(200);
  });

  it('refuses a no-show before the start and answers in the caller’s language', async () => {
    const res = await act(future, tok.branch, { action: 'no_show' });
    expect(res.status).toBe(409);
    expect((await res.json())._messages[0]).toBe('A no-show can be marked only after the start and within 5 days.');
    const vi = await call(`/api/admin/appointments/${future}/actions`, tok.branch, { body: { action: 'no_show' }, lang: 'vi-VN' });
    expect((await vi.json())._messages[0]).toBe('Chỉ có thể đánh dấu vắng mặt sau giờ bắt đầu và trong vòng 5 ngày.');
  });

  it('cancels with a reason only, and writes the e-mail to the patient in their language', async () => {
    expect((await act(future, tok.branch, { action: 'cancel', reason: '' })).status).toBe(422);
    const res = await act(future, tok.branch, { action: 'cancel', reason: 'The doctor is ill today.' });
    expect(res.status).toBe(200);
    const a = (await res.json())._data.appointment as AppointmentDetail;
    expect(a).toMatchObject({ status: 'cancelled', cancelReason: 'The doctor is ill today.', cancelledByRole: 'staff' });
    const mail = await ctx.db.pool.query(`select to_email, locale, subject, body_text from public.outbox where dedupe_key like $1`, [`booking-cancelled:${future}:%`]);
    expect(mail.rows).toHaveLength(1);
    expect(mail.rows[0]).toMatchObject({ to_email: ACCOUNTS.patient.email, locale: 'th-TH' });
    expect(mail.rows[0].subject).toContain(bookingCode(future));
    expect(mail.rows[0].body_text).toContain('The doctor is ill today.');
    expect(mail.rows[0].body_text).toContain('เหตุผล');
    // Settled: nothing more.
    expect((await act(future, tok.branch, { action: 'cancel', reason: 'Again, again' })).status).toBe(409);
  });

  it('exports exactly the filtered list as CSV, a formula-looking name written as text', async () => {
    await ctx.db.pool.query(`update public.patients set name = '=HYPERLINK("http://x.test")' where user_id = $1`, [ACCOUNTS.patient.id]);
    try {
      const q = `${range()}&doctorId=${demoDoctorId}&sort=starts_at&dir=asc`;
      const res = await call(`/api/admin/appointments.csv?${q}`, tok.branch);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/csv');
      expect(res.headers.get('cache-control')).toContain('no-store');
      const text = await res.text();
      const lines = text.replace(/^\uFEFF/, '').trim().split('\r\n');
      let total = 0;
      const codes: string[] = [];
      for (let page = 1; ; page++) {
        const d = await list(tok.branch, `${q}&page=${page}`);
        total = d.pagination.total_items;
        codes.push(...d.appointments.map((a) => a.code));
        if (page >= d.pagination.last) break;
      }
      expect(lines.length - 1).toBe(total);
      expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(codes);
      expect(text).toContain(`"'=HYPERLINK(""http://x.test"")"`);
      expect(text).not.toContain('901 234');
    } finally {
      await ctx.db.pool.query(`update public.patients set name = 'Nguyễn Thị Hoa' where user_id = $1`, [ACCOUNTS.patient.id]);
    }
  });

  it('reads an export’s ids up to a limit, and says when the list is longer (refused before any byte is sent)', async () => {
    const { from, to } = Object.fromEntries(new URLSearchParams(range()));
    const q = { from, to, sort: 'starts_at' as const, dir: 'asc' as const };
    const { claims } = await verifyAccessToken(tok.branch);
    const read = (max: number) => asCaller(ctx.db, { role: 'authenticated', claims }, (c) => appointmentIds(c, q, max));
    const all = await read(10_000);
    expect(all.tooMany).toBe(false);
    expect(all.ids.length).toBeGreaterThan(1);
    // One short of the list: the first `max` ids, and the list is said to be longer (read one row past, not all).
    const short = await read(all.ids.length - 1);
    expect(short).toEqual({ ids: all.ids.slice(0, -1), tooMany: true });
    expect((await read(all.ids.length)).tooMany).toBe(false);
  });

  it('undoes the caller’s own last step only (the keyboard’s U)', async () => {
    expect((await act(otherDoctorBooking, tok.doctor2, { action: 'check_in' })).status).toBe(200);
    const foreign = await act(otherDoctorBooking, tok.facility, { action: 'undo' });
    expect(foreign.status).toBe(409);
    expect((await foreign.json())._messages[0]).toBe('Nothing to undo: only your own step of the last 10 minutes can be undone.');
    const undone = await act(otherDoctorBooking, tok.doctor2, { action: 'undo' });
    expect(undone.status).toBe(200);
    expect((await undone.json())._data.appointment).toMatchObject({ status: 'confirmed', checkedIn: false });
  });

  it('completes visits still confirmed after they ended (the scheduled function)', async () => {
    const { default: run } = await import('../../functions/booking-completion');
    const res = await run();
    expect(res.status).toBe(200);
    const s = await ctx.db.pool.query('select id, status from public.bookings where id = any ($1::bigint[])', [[old, otherDoctorBooking]]);
    const byId = Object.fromEntries(s.rows.map((r) => [Number(r.id), r.status]));
    expect(byId[old]).toBe('completed');
    // Two hours after its start (half an hour long): not yet two hours after its end.
    expect(byId[otherDoctorBooking]).toBe('confirmed');
  });

  it('lists the patients of the scope with counts, and records a contact reveal', async () => {
    const p = await call(`/api/admin/patients?keyword=${encodeURIComponent('patient@demo')}`, tok.branch);
    expect(p.status).toBe(200);
    const d = (await p.json())._data;
    const mine = d.patients.find((x: { id: string }) => x.id === ACCOUNTS.patient.id);
    expect(mine).toBeTruthy();
    expect(mine.emailMasked).toBe('p•••@demo.test');
    expect(mine.completed).toBeGreaterThanOrEqual(1);
    const other = await (await call(`/api/admin/patients?keyword=${encodeURIComponent('patient@demo')}`, tok.otherOrg)).json();
    expect(other._data.patients.map((x: { id: string }) => x.id)).not.toContain(ACCOUNTS.patient.id);
    expect((await call(`/api/admin/patients/${ACCOUNTS.patient.id}`, tok.otherOrg)).status).toBe(404);
    const detail = await (await call(`/api/admin/patients/${ACCOUNTS.patient.id}`, tok.doctor)).json();
    expect(detail._data.patient.counts.completed).toBeGreaterThanOrEqual(1);
    expect((await call(`/api/admin/patients/${ACCOUNTS.patient.id}/contact`, tok.otherOrg, { method: 'POST' })).status).toBe(404);
    const c = await call(`/api/admin/patients/${ACCOUNTS.patient.id}/contact`, tok.facility, { method: 'POST' });
    expect(c.status).toBe(200);
    expect((await c.json())._data.email).toBe(ACCOUNTS.patient.email);
    const h = await ctx.db.pool.query(`select count(*)::int as n from public.data_history where table_name = 'patients' and row_id = $1 and action = 'READ' and actor_id = $2`, [ACCOUNTS.patient.id, ACCOUNTS.facility.id]);
    expect(h.rows[0].n).toBe(1);
  });

});
