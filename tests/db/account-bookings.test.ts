/**
 * My appointments through the HTTP API (issue 28): the list as the patient sees it; cancel and reschedule inside
 * and outside the cancellation window (default 4 h, per doctor and per service); cancel and reschedule of one
 * booking at once → one outcome, no orphan booking; another patient's booking ids answer 404 and change
 * nothing; a completed booking reviewed once and listed by the review list call at once; every answer no-store.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ACCOUNTS } from '../../supabase/seed/accounts';
import { useDatabase } from '../../src/server/runtime';
import { startTestServer, type TestServer } from '../support/test-server';
import { signAccessToken } from '../support/tokens';
import { describeEachEngine } from './support/engines';

describeEachEngine('my appointments over HTTP', { seed: true }, (ctx) => {
  let server: TestServer;
  let mine: string;
  let other: string;
  let n = 0;
  const call = (path: string, token: string, init: RequestInit = {}) =>
    fetch(server.url + path, { ...init, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...(init.headers ?? {}) } });
  const post = (path: string, token: string, body?: unknown) => call(path, token, { method: 'POST', body: body === undefined ? undefined : JSON.stringify(body) });
  const q = async (sql: string, params: unknown[] = []) => (await ctx.db.pool.query(sql, params)).rows;

  /** Free future slots of the demo doctor's outpatient schedules (starting in more than a day). */
  async function freeSlots(count: number, minHours = 30) {
    return q(
      `select ts.id, ts.schedule_id, to_char(ts.started, 'HH24:MI') as started from public.time_slots ts join public.schedules s on s.id = ts.schedule_id
        join public.hospitals h on h.id = s.hospital_id
        where s.doctor_id = (select doctor_id from public.bookings where idempotency_key = 'seed-demo-upcoming') and s.kind = 'outpatient'
          and ts.booked < ts.capacity and (s.working_day + ts.started) at time zone h.time_zone > now() + make_interval(hours => $1)
        order by s.working_day, ts.started limit $2`,
      [minHours, count],
    );
  }

  /** A confirmed booking of the demo patient on a free slot, made as the database would (book_slot, then confirm). */
  async function myBooking(slotId: number, patient: string = ACCOUNTS.patient.id): Promise<number> {
    const client = await ctx.db.pool.connect();
    try {
      await client.query('begin');
      await client.query(`select set_config('request.jwt.claims', $1, true), set_config('request.jwt.claim.sub', $2, true), set_config('role', 'authenticated', true)`, [
        JSON.stringify({ sub: patient, role: 'authenticated' }),
        patient,
      ]);
      const { rows } = await client.query(`select (public.book_slot($1, $2)).id as id`, [slotId, `acct-test-${Date.now()}-${n++}`]);
      // Confirmed as the server (confirm_booking is closed to API roles since issue 34; the API confirms through private.confirm_hold).
      await client.query(`select set_config('role', 'none', true)`);
      await client.query(`select public.confirm_booking($1)`, [rows[0].id]);
      await client.query('commit');
      return Number(rows[0].id);
    } catch (e) {
      await client.query('rollback');
      throw e;
    } finally {
      client.release();
    }
  }

  beforeAll(async () => {
    useDatabase(ctx.db);
    server = await startTestServer();
    mine = await signAccessToken(ACCOUNTS.patient.id, { email: ACCOUNTS.patient.email });
    other = await signAccessToken(ACCOUNTS.patientOther.id, { email: ACCOUNTS.patientOther.email });
  });
  afterAll(async () => {
    await server?.close();
    useDatabase(undefined);
  });

  it('lists only my bookings, with hospital time, for whom, price and the cancellation deadline', async () => {
    const res = await call('/api/account/bookings', mine);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const list = (await res.json())._data.bookings as { id: number; startsAt: string; day: string; time: string; timeZone: string; cancelUntil: string; forName: string | null; status: string; review: unknown }[];
    const mineIds = (await q(`select id from public.bookings where patient_user_id = $1 and status <> 'hold'`, [ACCOUNTS.patient.id])).map((r) => Number(r.id));
    expect(list.map((b) => b.id).sort()).toEqual(mineIds.sort());
    const upcoming = list.find((b) => b.status === 'confirmed')!;
    expect(new Date(upcoming.startsAt).toLocaleString('sv-SE', { timeZone: upcoming.timeZone }).slice(0, 16)).toBe(`${upcoming.day} ${upcoming.time}`);
    expect(Date.parse(upcoming.startsAt) - Date.parse(upcoming.cancelUntil)).toBe(4 * 3600_000);
    expect(list.some((b) => b.forName === 'Phạm Gia Bảo')).toBe(true);
    expect(list.find((b) => b.status === 'completed')!.review).toMatchObject({ rate: 5 });
  });

  it('lists a visit the hospital marked a no-show as such (issue 35), which cannot be changed', async () => {
    const [slot] = await freeSlots(1);
    const id = await myBooking(Number(slot.id));
    await q(`update public.bookings set status = 'no_show', no_show_excused = false where id = $1`, [id]);
    const list = (await (await call('/api/account/bookings', mine)).json())._data.bookings as { id: number; status: string }[];
    expect(list.find((b) => b.id === id)?.status).toBe('no_show');
    expect((await post(`/api/account/bookings/${id}/cancel`, mine)).status).not.toBe(200);
  });

  it("never cancels, reschedules or reviews another patient's booking", async () => {
    const theirs = Number((await q(`select id from public.bookings where idempotency_key = 'seed-other-upcoming'`))[0].id);
    const [slot] = await freeSlots(1);
    for (const res of [
      await post(`/api/account/bookings/${theirs}/cancel`, mine),
      await post(`/api/account/bookings/${theirs}/reschedule`, mine, { scheduleId: Number(slot.id), started: slot.started, idempotencyKey: `steal-${Date.now()}` }),
      await post(`/api/account/bookings/${theirs}/review`, mine, { rate: 1, feedback: 'x' }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    expect((await q(`select status from public.bookings where id = $1`, [theirs]))[0].status).toBe('confirmed');
    const listed = (await (await call('/api/account/bookings', other)).json())._data.bookings.map((b: { id: number }) => b.id);
    expect(listed).toContain(theirs);
  });

  it('cancels inside the window and refuses after it, saying until when (per doctor window)', async () => {
    const [a] = await freeSlots(1);
    const id = await myBooking(Number(a.id));
    const ok = await post(`/api/account/bookings/${id}/cancel`, mine);
    expect(ok.status).toBe(200);
    expect((await ok.json())._data.booking.status).toBe('cancelled');
    const twice = await call(`/api/account/bookings/${id}/cancel`, mine, { method: 'POST', headers: { 'accept-language': 'vi-VN' } });
    expect(twice.status).toBe(409);
    expect((await twice.json())._data.reason).toBe('already-cancelled');

    // The doctor's own window: 14 days, so a booking a few days ahead is already inside it.
    const [b] = await freeSlots(1);
    const late = await myBooking(Number(b.id));
    const doctorId = (await q(`select doctor_id from public.bookings where id = $1`, [late]))[0].doctor_id;
    await q(`update public.doctors set cancellation_window_minutes = 20160 where id = $1`, [doctorId]);
    try {
      const refused = await post(`/api/account/bookings/${late}/cancel`, mine);
      expect(refused.status).toBe(422);
      const body = await refused.json();
      expect(body._data.reason).toBe('window-passed');
      expect(body._messages[0]).toMatch(/^This appointment could be cancelled or rescheduled until \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(Asia\/Ho_Chi_Minh\)\.$/);
      const [slot2] = await freeSlots(1);
      expect((await post(`/api/account/bookings/${late}/reschedule`, mine, { scheduleId: Number(slot2.id), started: slot2.started, idempotencyKey: `late-${Date.now()}` })).status).toBe(422);
      expect((await q(`select status from public.bookings where id = $1`, [late]))[0].status).toBe('confirmed');
    } finally {
      await q(`update public.doctors set cancellation_window_minutes = null where id = $1`, [doctorId]);
    }
  });

  it('reschedules: the new slot taken and linked, the old one released; a taken slot leaves the old booking untouched', async () => {
    const [a, b, c] = await freeSlots(3);
    const id = await myBooking(Number(a.id));
    const key = `move-${Date.now()}`;
    const res = await post(`/api/account/bookings/${id}/reschedule`, mine, { scheduleId: Number(b.id), started: b.started, idempotencyKey: key });
    expect(res.status).toBe(200);
    const moved = (await res.json())._data.booking;
    expect(moved).toMatchObject({ status: 'confirmed', rescheduledFromId: id, time: b.started });
    expect((await q(`select status from public.bookings where id = $1`, [id]))[0].status).toBe('cancelled');
    expect((await q(`select booked from public.time_slots where id = $1`, [a.id]))[0].booked).toBe(0);
    // The same request again: the same new booking.
    const again = await post(`/api/account/bookings/${id}/reschedule`, mine, { scheduleId: Number(b.id), started: b.started, idempotencyKey: key });
    expect((await again.json())._data.booking.id).toBe(moved.id);

    // Another patient takes slot c; moving there fails and the booking stays where it is.
    await myBooking(Number(c.id), ACCOUNTS.patientOther.id);
    const taken = await post(`/api/account/bookings/${moved.id}/reschedule`, mine, { scheduleId: Number(c.id), started: c.started, idempotencyKey: `taken-${Date.now()}` });
    expect(taken.status).toBe(409);
    expect((await q(`select status, slot_id from public.bookings where id = $1`, [moved.id]))[0]).toEqual({ status: 'confirmed', slot_id: b.id });
    expect((await q(`select count(*)::int as n from public.bookings where rescheduled_from_id = $1`, [moved.id]))[0].n).toBe(0);
  });

  it('cancel and reschedule of one booking at once: one outcome, no orphan booking', async () => {
    for (let round = 0; round < 3; round++) {
      const [a, b] = await freeSlots(2);
      const id = await myBooking(Number(a.id));
      const [cancel, move] = await Promise.all([
        post(`/api/account/bookings/${id}/cancel`, mine),
        post(`/api/account/bookings/${id}/reschedule`, mine, { scheduleId: Number(b.id), started: b.started, idempotencyKey: `race-${Date.now()}-${round}` }),
      ]);
      expect([cancel.status, move.status].sort()).toEqual([200, 409]);
      const successors = await q(`select status from public.bookings where rescheduled_from_id = $1`, [id]);
      expect((await q(`select status from public.bookings where id = $1`, [id]))[0].status).toBe('cancelled');
      if (move.status === 200) expect(successors).toEqual([{ status: 'confirmed' }]);
      else {
        expect(successors).toEqual([]);
        expect((await q(`select booked from public.time_slots where id = $1`, [b.id]))[0].booked).toBe(0);
      }
    }
  });

  it('reviews a completed appointment once; the review list call shows it at once', async () => {
    const [slot] = await q(
      `select ts.id from public.time_slots ts join public.schedules s on s.id = ts.schedule_id join public.hospitals h on h.id = s.hospital_id
         join public.organizations o on o.id = h.organization_id join public.doctors d on d.id = s.doctor_id
        where s.kind = 'outpatient' and o.publish_reviews and d.status = 1 and d.outpatient_enabled and ts.booked < ts.capacity and s.working_day > now()::date + 2 order by s.id limit 1`,
    );
    const id = await myBooking(Number(slot.id));
    expect((await post(`/api/account/bookings/${id}/review`, mine, { rate: 4, feedback: 'x' })).status).toBe(409);
    await q(`update public.bookings set status = 'completed' where id = $1`, [id]);
    expect((await post(`/api/account/bookings/${id}/review`, mine, { rate: 0 })).status).toBe(422);
    const feedback = `Clear explanations ${Date.now()}`;
    const res = await post(`/api/account/bookings/${id}/review`, mine, { rate: 4, feedback });
    expect(res.status).toBe(200);
    expect((await res.json())._data.booking.review).toEqual({ rate: 4, feedback });
    expect((await post(`/api/account/bookings/${id}/review`, mine, { rate: 5 })).status).toBe(409);
    // The refusal in the page's language (issue #30 item 4): the account island sends its locale.
    const thai = await call(`/api/account/bookings/${id}/review`, mine, { method: 'POST', body: JSON.stringify({ rate: 5 }), headers: { 'accept-language': 'th-TH' } });
    expect(thai.status).toBe(409);
    expect((await thai.json())._messages).toEqual(['นัดหมายนี้ได้รับการรีวิวแล้ว']);
    const hospitalId = (await q(`select hospital_id from public.bookings where id = $1`, [id]))[0].hospital_id;
    const list = await fetch(`${server.url}/api/reviews?hospital_branch_id=${hospitalId}&sort=RECENT_FIRST&page=1`);
    const body = await list.json();
    expect(JSON.stringify(body._data)).toContain(feedback);
  });
});
