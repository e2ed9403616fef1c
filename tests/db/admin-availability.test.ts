/**
 * Doctor availability end to end on both engines (issue #29 item 4): saving weekly hours generates the schedules
 * and slots of the booking window in the hospital's zone; a change removes free slots and keeps booked ones,
 * listed as conflicts; saving again changes nothing; a day off and extra hours; the rules refused with a message;
 * the role scoping (managers in scope save, the doctor reads only its own schedule); every write in the history.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import handler from '../../functions/admin-availability';
import doctorsHandler from '../../functions/admin-doctors';
import { useDatabase } from '../../src/server/runtime';
import { type AvailabilityData } from '../../src/lib/doctor-availability';
import { addDays, isoWeekday } from '../../src/lib/hospital-time';
import { createStaff, firstOrganization } from '../support/accounts';
import { signAccessToken } from '../support/tokens';
import { describeEachEngine } from './support/engines';

const BASE = 'http://local.test';

describeEachEngine('admin availability', { seed: true }, (ctx) => {
  const tokens: Record<string, string> = {};
  const users: Record<string, string> = {};
  let org: Awaited<ReturnType<typeof firstOrganization>>;
  let otherOrg: Awaited<ReturnType<typeof firstOrganization>>;
  let doctorId: number;
  let ownDoctorId: number;
  let otherOrgDoctorId: number;
  let timeZone: string;

  const call = (path: string, role: string, init: RequestInit = {}) =>
    handler(new Request(`${BASE}${path}`, { ...init, headers: { authorization: `Bearer ${tokens[role]}`, 'content-type': 'application/json', ...(init.headers ?? {}) } }));
  const json = async (res: Response) => ({ status: res.status, body: await res.json() });
  const save = async (role: string, id: number, body: unknown) => json(await call(`/api/admin/doctors/${id}/availability`, role, { method: 'PUT', body: JSON.stringify(body) }));
  const read = async (role: string, id: number) => json(await call(`/api/admin/doctors/${id}/availability`, role));
  const weekdays = (days: number[], starts: string, ends: string) => days.map((weekday) => ({ weekday, starts, ends }));
  const outpatient = (weekly: unknown[], exceptions: unknown[] = [], extra: Record<string, unknown> = {}) => ({
    outpatient: { slotMinutes: 30, capacity: 2, bufferTime: 60, weekly, exceptions, ...extra },
  });
  /** Slots of the doctor's outpatient schedule after today and inside the window, as the database holds them. */
  const slots = async (id: number) =>
    (
      await ctx.db.pool.query(
        `select to_char(s.working_day, 'YYYY-MM-DD') as day, to_char(ts.started, 'HH24:MI') as started, to_char(ts.ended, 'HH24:MI') as ended, ts.capacity, ts.booked, ts.id::int as id
           from public.schedules s join public.time_slots ts on ts.schedule_id = s.id join public.hospitals h on h.id = s.hospital_id
          where s.doctor_id = $1 and s.kind = 'outpatient' and s.working_day > (now() at time zone h.time_zone)::date
            and s.working_day < (now() at time zone h.time_zone)::date + public.schedule_window_days()
          order by s.working_day, ts.started`,
        [id],
      )
    ).rows as { day: string; started: string; ended: string; capacity: number; booked: number; id: number }[];

  beforeAll(async () => {
    useDatabase(ctx.db);
    org = await firstOrganization(ctx.db);
    otherOrg = await firstOrganization(ctx.db, 1);
    const [b1] = org.hospitalIds;
    const pick = async (hospitalId: number, offset: number) =>
      (
        await ctx.db.pool.query(
          `select d.id from public.doctors d where d.hospital_id = $1 and d.user_id is null and d.outpatient_enabled
              and not exists (select 1 from public.bookings b where b.doctor_id = d.id) order by d.id offset $2 limit 1`,
          [hospitalId, offset],
        )
      ).rows[0].id as number;
    doctorId = Number(await pick(b1, 0));
    ownDoctorId = Number(await pick(b1, 1));
    otherOrgDoctorId = Number(await pick(otherOrg.hospitalIds[0], 0));
    timeZone = (await ctx.db.pool.query('select h.time_zone from public.doctors d join public.hospitals h on h.id = d.hospital_id where d.id = $1', [doctorId])).rows[0].time_zone;
    users.branch = await createStaff(ctx.db, { email: 'a-branch@availability.test', role: 'branch', organizationId: org.organizationId, branchIds: [b1] });
    users.facility = await createStaff(ctx.db, { email: 'a-facility@availability.test', role: 'facility', organizationId: org.organizationId });
    users.otherFacility = await createStaff(ctx.db, { email: 'a-other@availability.test', role: 'facility', organizationId: otherOrg.organizationId });
    users.doctor = await createStaff(ctx.db, { email: 'a-doctor@availability.test', role: 'doctor', organizationId: org.organizationId });
    await ctx.db.pool.query('update public.doctors set user_id = $1 where id = $2', [users.doctor, ownDoctorId]);
    for (const [role, id] of Object.entries(users)) tokens[role] = await signAccessToken(id);
  });
  afterAll(() => useDatabase(undefined));

  it('generates the slots of the weekly hours over the window, in the hospital zone', async () => {
    const t0 = performance.now();
    const { status, body } = await save('branch', doctorId, outpatient(weekdays([1, 2, 3, 4, 5], '09:00', '12:00')));
    const ms = performance.now() - t0;
    expect(status).toBe(200);
    expect(body._messages).toEqual(['Update successfully']);
    const data = body._data as AvailabilityData;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
    expect(data.today).toBe(today);
    expect(data.windowDays).toBe(60);
    expect(data.outpatient).toMatchObject({ managed: true, slotMinutes: 30, capacity: 2, bufferTime: 60, conflicts: [] });
    // Every weekday after today in the window: six 30-minute slots from 09:00, capacity 2, local times as entered.
    const workdays = Array.from({ length: 59 }, (_, i) => addDays(today, i + 1)).filter((d) => isoWeekday(d) <= 5);
    const rows = await slots(doctorId);
    expect([...new Set(rows.map((r) => r.day))]).toEqual(workdays);
    expect(rows.filter((r) => r.day === workdays[0]).map((r) => `${r.started}-${r.ended}`)).toEqual(['09:00-09:30', '09:30-10:00', '10:00-10:30', '10:30-11:00', '11:00-11:30', '11:30-12:00']);
    expect(rows.every((r) => r.capacity === 2)).toBe(true);
    expect(data.outpatient.days.filter((d) => d.day > today)).toEqual(workdays.map((day) => ({ day, slots: 6, booked: 0, capacity: 12, first: '09:00', last: '12:00' })));
    expect(data.changes?.outpatient?.added).toBeGreaterThanOrEqual(workdays.length * 6);
    // The buffer time is the doctor's (SPEC §5), read by the public schedule and the booking.
    expect((await ctx.db.pool.query('select buffer_time_outpatient from public.doctors where id = $1', [doctorId])).rows[0].buffer_time_outpatient).toBe(60);
    console.log(`[availability ${ctx.engine}] first save of a 60-day window: ${rows.length} slots on ${workdays.length} days in ${ms.toFixed(0)} ms`);
  });

  it('changes nothing when saved again', async () => {
    const before = (await ctx.db.pool.query('select count(*)::int as n from public.data_history')).rows[0].n;
    const ids = (await slots(doctorId)).map((r) => r.id);
    const t0 = performance.now();
    const { status, body } = await save('branch', doctorId, outpatient(weekdays([1, 2, 3, 4, 5], '09:00', '12:00')));
    const ms = performance.now() - t0;
    expect(status).toBe(200);
    expect(body._data.changes.outpatient).toEqual({ added: 0, removed: 0 });
    expect((await slots(doctorId)).map((r) => r.id)).toEqual(ids);
    expect((await ctx.db.pool.query('select count(*)::int as n from public.data_history')).rows[0].n).toBe(before);
    console.log(`[availability ${ctx.engine}] unchanged save (regenerate, no writes): ${ms.toFixed(0)} ms`);
  });

  it('removes free slots a change drops, keeps a booked one and lists it as a conflict', async () => {
    const rows = await slots(doctorId);
    const target = rows.find((r) => r.started === '11:30')!;
    const patient = (await ctx.db.pool.query('select user_id from public.patients order by user_id limit 1')).rows[0].user_id;
    await ctx.db.pool.query(
      `insert into public.bookings (booking_type, appointment_type, patient_user_id, doctor_id, hospital_id, slot_id, starts_at, status, idempotency_key, payment_method)
       select 'doctor', 'outpatient', $1, s.doctor_id, s.hospital_id, ts.id, (s.working_day + ts.started) at time zone h.time_zone, 'confirmed', 'avail-test-' || ts.id, 'cash'
         from public.time_slots ts join public.schedules s on s.id = ts.schedule_id join public.hospitals h on h.id = s.hospital_id where ts.id = $2`,
      [patient, target.id],
    );
    // Mornings end at 11:00 now, in 20-minute slots.
    const { status, body } = await save('branch', doctorId, outpatient(weekdays([1, 2, 3, 4, 5], '09:00', '11:00'), [], { slotMinutes: 20 }));
    expect(status).toBe(200);
    const after = await slots(doctorId);
    const kept = after.find((r) => r.id === target.id);
    expect(kept).toMatchObject({ day: target.day, started: '11:30', ended: '12:00', booked: 1 });
    expect(body._data.outpatient.conflicts).toEqual([{ day: target.day, started: '11:30', ended: '12:00', bookings: 1 }]);
    expect(after.filter((r) => r.id !== target.id).every((r) => r.ended <= '11:00' && r.ended > r.started)).toBe(true);
    expect(after.filter((r) => r.day === target.day).map((r) => r.started)).toEqual(['09:00', '09:20', '09:40', '10:00', '10:20', '10:40', '11:30']);
    expect(body._data.changes.outpatient.removed).toBe(rows.length - 1);
  });

  it('withdraws a dropped slot only cancelled bookings reference: no conflict, not public, not bookable; reopens it when asked again', async () => {
    const rows = await slots(doctorId);
    const target = rows.find((r) => r.started === '10:40' && r.booked === 0)!;
    const sameDay = rows.find((r) => r.day === target.day && r.started === '09:00')!;
    const patient = (await ctx.db.pool.query('select user_id from public.patients order by user_id limit 1')).rows[0].user_id;
    const bookOn = (slotId: number, status: string, key: string) =>
      ctx.db.pool.query(
        `insert into public.bookings (booking_type, appointment_type, patient_user_id, doctor_id, hospital_id, slot_id, starts_at, status, idempotency_key, payment_method, cancelled_at, hold_expires_at)
         select 'doctor', 'outpatient', $1, s.doctor_id, s.hospital_id, ts.id, (s.working_day + ts.started) at time zone h.time_zone, $3, $4, 'cash',
                case when $3 = 'cancelled' then now() end, case when $3 = 'hold' then now() + interval '10 minutes' end
           from public.time_slots ts join public.schedules s on s.id = ts.schedule_id join public.hospitals h on h.id = s.hospital_id where ts.id = $2`,
        [patient, slotId, status, key],
      );
    await bookOn(target.id, 'cancelled', `avail-cancelled-${target.id}`);
    const publicSlotIds = async () => {
      const { rows: owner } = await ctx.db.pool.query(`select slots from public.public_owner_slots('outpatient', array[$1::bigint], $2::date, $2::date)`, [doctorId, target.day]);
      return ((owner[0]?.slots ?? []) as unknown[][]).map((slot) => Number(slot[0]));
    };
    expect(await publicSlotIds()).toEqual(expect.arrayContaining([sameDay.id, target.id]));

    // Mornings now end at 10:00: the 10:40 slot cannot be deleted (its cancelled booking is history).
    const { body } = await save('branch', doctorId, outpatient(weekdays([1, 2, 3, 4, 5], '09:00', '10:00'), [], { slotMinutes: 20 }));
    const withdrawn = (await ctx.db.pool.query('select withdrawn_at from public.time_slots where id = $1', [target.id])).rows[0];
    expect(withdrawn.withdrawn_at).not.toBeNull();
    expect(body._data.outpatient.conflicts.map((c: { started: string }) => c.started)).not.toContain('10:40');
    const visible = await publicSlotIds();
    expect(visible).toContain(sameDay.id);
    expect(visible).not.toContain(target.id);
    // Whatever path books it (a new hold, the cancelled booking held again), the database refuses. Each refusal in
    // a transaction, as every request runs (PGlite's pg adapter loses its connection on a failed autocommit write).
    const refused = async (sql: string, params: unknown[]) => {
      const client = await ctx.db.pool.connect();
      try {
        await client.query('begin');
        await expect(client.query(sql, params)).rejects.toMatchObject({ code: 'PT409' });
      } finally {
        await client.query('rollback');
        client.release();
      }
    };
    await refused(
      `insert into public.bookings (booking_type, appointment_type, patient_user_id, doctor_id, hospital_id, slot_id, starts_at, status, idempotency_key, payment_method, hold_expires_at)
       select 'doctor', 'outpatient', $1, s.doctor_id, s.hospital_id, ts.id, (s.working_day + ts.started) at time zone h.time_zone, 'hold', $3, 'cash', now() + interval '10 minutes'
         from public.time_slots ts join public.schedules s on s.id = ts.schedule_id join public.hospitals h on h.id = s.hospital_id where ts.id = $2`,
      [patient, target.id, `avail-new-hold-${target.id}`],
    );
    await refused(`update public.bookings set status = 'hold', hold_expires_at = now() + interval '5 minutes' where idempotency_key = $1`, [`avail-cancelled-${target.id}`]);

    // The hours ask for it again: the same slot reopens, public and bookable.
    await save('branch', doctorId, outpatient(weekdays([1, 2, 3, 4, 5], '09:00', '11:00'), [], { slotMinutes: 20 }));
    expect((await ctx.db.pool.query('select withdrawn_at from public.time_slots where id = $1', [target.id])).rows[0].withdrawn_at).toBeNull();
    expect(await publicSlotIds()).toContain(target.id);
    await bookOn(target.id, 'hold', `avail-reopened-${target.id}`);
  });

  it('empties a day off of its free slots and adds the slots of extra hours', async () => {
    const today = (await read('branch', doctorId)).body._data.today as string;
    const monday = Array.from({ length: 14 }, (_, i) => addDays(today, i + 2)).find((d) => isoWeekday(d) === 1)!;
    const sunday = addDays(monday, 6);
    const { status, body } = await save(
      'branch',
      doctorId,
      outpatient(weekdays([1, 2, 3, 4, 5], '09:00', '11:00'), [
        { day: monday, type: 'off', note: 'Conference' },
        { day: sunday, type: 'extra', starts: '14:00', ends: '15:00' },
      ], { slotMinutes: 20 }),
    );
    expect(status).toBe(200);
    const after = await slots(doctorId);
    expect(after.filter((r) => r.day === monday && r.booked === 0)).toEqual([]);
    expect(after.filter((r) => r.day === sunday).map((r) => r.started)).toEqual(['14:00', '14:20', '14:40']);
    expect(body._data.outpatient.exceptions).toEqual([
      { day: monday, type: 'off', starts: null, ends: null, note: 'Conference' },
      { day: sunday, type: 'extra', starts: '14:00', ends: '15:00', note: null },
    ]);
  });

  it('refuses overlapping ranges, exceptions outside the window and telemedicine the doctor does not offer', async () => {
    const overlap = await save('branch', doctorId, outpatient([...weekdays([1], '09:00', '11:00'), ...weekdays([1], '10:30', '12:00')]));
    expect(overlap.status).toBe(422);
    expect(overlap.body._messages).toEqual(['outpatient.weekly[1].starts: Time ranges of one day must not overlap.']);
    const backwards = await save('branch', doctorId, outpatient(weekdays([2], '11:00', '09:00')));
    expect(backwards.body._messages).toEqual(['outpatient.weekly[0].ends: The end time must be later than the start time.']);
    const far = await save('branch', doctorId, outpatient([], [{ day: '2099-01-01', type: 'off' }]));
    expect(far.status).toBe(422);
    expect(far.body._messages).toEqual(['outpatient.exceptions[0].day: The date must be within the booking window.']);
    const slot = await save('branch', doctorId, outpatient([], [], { slotMinutes: 500 }));
    expect(slot.body._messages).toEqual(['outpatient.slotMinutes: Enter a slot length from 5 to 240 minutes.']);
    await ctx.db.pool.query('update public.doctors set telemedicine_enabled = false where id = $1', [doctorId]);
    const tele = await save('branch', doctorId, { telemedicine: { slotMinutes: 30, capacity: 1, bufferTime: 0, weekly: [], exceptions: [] } });
    expect(tele.status).toBe(422);
    expect(tele.body._messages).toEqual(['Telemedicine is not enabled for this doctor.']);
    // Nothing half-written: the refused saves left the hours as they were.
    expect((await read('branch', doctorId)).body._data.outpatient.weekly).toEqual(weekdays([1, 2, 3, 4, 5], '09:00', '11:00'));
  });

  it('translates the messages for a caller in another locale', async () => {
    const res = await call(`/api/admin/doctors/${doctorId}/availability`, 'branch', {
      method: 'PUT',
      headers: { 'accept-language': 'vi-VN' },
      body: JSON.stringify(outpatient(weekdays([2], '11:00', '09:00'))),
    });
    expect((await res.json())._messages).toEqual(['outpatient.weekly[0].ends: Giờ kết thúc phải sau giờ bắt đầu.']);
  });

  it('scopes reads and saves: managers in scope, the doctor its own schedule read-only', async () => {
    expect((await read('facility', doctorId)).status).toBe(200);
    expect((await read('otherFacility', doctorId)).status).toBe(404);
    expect((await save('otherFacility', doctorId, outpatient([]))).status).toBe(404);
    expect((await read('branch', otherOrgDoctorId)).status).toBe(404);
    expect((await save('branch', otherOrgDoctorId, outpatient([]))).status).toBe(404);
    // The doctor: its own availability and /api/admin/schedule, never another doctor's, and no saving (SPEC §6).
    expect((await read('doctor', ownDoctorId)).status).toBe(200);
    expect((await read('doctor', doctorId)).status).toBe(404);
    expect((await save('doctor', ownDoctorId, outpatient([]))).status).toBe(403);
    const mine = await json(await call('/api/admin/schedule', 'doctor'));
    expect(mine.status).toBe(200);
    expect(mine.body._data.doctor.id).toBe(ownDoctorId);
    expect((await json(await call('/api/admin/schedule', 'branch'))).status).toBe(403);
    // Nothing was generated for the doctors refused.
    expect((await ctx.db.pool.query('select count(*)::int as n from public.doctor_availability where doctor_id = any ($1)', [[otherOrgDoctorId, ownDoctorId]])).rows[0].n).toBe(0);
  });

  it('lets an inactive doctor without slots be set up, then activated (SPEC §4: the Active switch leads here)', async () => {
    // A doctor just added: inactive, no slots.
    const fresh = Number(
      (
        await ctx.db.pool.query(
          `insert into public.doctors (hospital_id, organization_id, country_id, name, slug, status) select id, organization_id, country_id, 'New Doctor', 'availability-new-doctor', 0
             from public.hospitals where id = $1 returning id`,
          [org.hospitalIds[0]],
        )
      ).rows[0].id,
    );
    const status = (s: number) =>
      doctorsHandler(new Request(`${BASE}/api/admin/doctors/${fresh}/status`, { method: 'PUT', headers: { authorization: `Bearer ${tokens.branch}`, 'content-type': 'application/json' }, body: JSON.stringify({ status: s }) }));
    expect((await status(1)).status).toBe(422);
    const page = await read('branch', fresh);
    expect(page.status).toBe(200);
    expect(page.body._data).toMatchObject({ doctor: { id: fresh, status: 0 }, outpatient: { managed: false, days: [], weekly: [] } });
    expect((await save('branch', fresh, outpatient(weekdays([1, 3, 5], '08:00', '10:00')))).status).toBe(200);
    expect((await status(1)).status).toBe(200);
  });

  it('rolls the window forward on schedule: nothing to do when generated, the new days once the window moved', async () => {
    const pool = ctx.db.pool;
    const idle = (await pool.query('select doctors, added, removed from public.roll_doctor_schedules()')).rows[0];
    expect(idle).toEqual({ doctors: 0, added: 0, removed: 0 });
    // As if generated yesterday: the window's last day is missing; the roll adds it (a weekday: the hours' slots).
    const before = (await slots(doctorId)).length;
    await pool.query(
      `with last as (select max(s.working_day) as d from public.schedules s where s.doctor_id = $1 and s.kind = 'outpatient')
       delete from public.schedules s using last where s.doctor_id = $1 and s.kind = 'outpatient' and s.working_day = last.d`,
      [doctorId],
    );
    await pool.query(`update public.doctor_availability set generated_through = generated_through - 1 where doctor_id = $1`, [doctorId]);
    const t0 = performance.now();
    const rolled = (await pool.query('select doctors, added, removed from public.roll_doctor_schedules()')).rows[0];
    const ms = performance.now() - t0;
    expect(rolled.doctors).toBe(1);
    expect((await slots(doctorId)).length).toBe(before);
    console.log(`[availability ${ctx.engine}] roll-forward of one doctor: ${rolled.added} slots added in ${ms.toFixed(0)} ms`);
  });

  it('writes every change to the data history with its author, before and after', async () => {
    const { rows } = await ctx.db.pool.query(
      `select table_name, action, before, after from public.data_history where actor_id = $1 and table_name in ('doctor_availability', 'doctor_weekly_hours', 'doctor_schedule_exceptions', 'doctors', 'schedules')
        order by id`,
      [users.branch],
    );
    // The rows of the first doctor saved (the tests above saved others too).
    const mine = (r: { table_name: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }) => {
      const row = r.after ?? r.before ?? {};
      return Number(r.table_name === 'doctors' ? row.id : row.doctor_id) === doctorId;
    };
    const of = (t: string, a: string) => rows.filter((r) => r.table_name === t && r.action === a && mine(r));
    expect(of('doctor_availability', 'INSERT')).toHaveLength(1);
    expect(of('doctor_availability', 'UPDATE').find((r) => r.before.slot_minutes !== r.after.slot_minutes)).toMatchObject({ before: { slot_minutes: 30 }, after: { slot_minutes: 20 } });
    // Four changes of the hours: mornings to 12:00, to 11:00, to 10:00 and back to 11:00 (the withdrawn slot's test).
    expect(of('doctor_weekly_hours', 'INSERT').length).toBe(20);
    expect(of('doctor_weekly_hours', 'DELETE').map((r) => r.before.ends)).toEqual([...Array(5).fill('12:00:00'), ...Array(5).fill('11:00:00'), ...Array(5).fill('10:00:00')]);
    expect(of('doctor_schedule_exceptions', 'INSERT').map((r) => r.after.type).sort()).toEqual(['extra', 'off']);
    expect(of('doctors', 'UPDATE')[0]).toMatchObject({ before: { buffer_time_outpatient: 0 }, after: { buffer_time_outpatient: 60 } });
    expect(of('schedules', 'INSERT').length).toBeGreaterThan(30);
  });
});
