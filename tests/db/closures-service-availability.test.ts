/**
 * Service availability and branch closures on both engines (issue #37): a service's weekly hours generate its
 * slots through the doctors' one generation (owner kind 'service'), saving again changes nothing, a booked slot is
 * kept as a conflict; a dated closure removes the branch's free slots of those days (doctors managed by hours,
 * doctors with hand-written slots, services), withdraws booked ones and counts their bookings, and the public
 * schedules offer nothing on a closed day; removing it brings the slots back; a year's public holidays apply in one
 * idempotent step; managers in scope only.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import serviceAvailability from '../../functions/admin-service-availability';
import closures from '../../functions/admin-closures';
import { useDatabase } from '../../src/server/runtime';
import type { ServiceAvailabilityData } from '../../src/lib/doctor-availability';
import type { ClosuresData } from '../../src/lib/hospital-closures';
import { addDays, isoWeekday } from '../../src/lib/hospital-time';
import { createStaff, firstOrganization } from '../support/accounts';
import { signAccessToken } from '../support/tokens';
import { describeEachEngine } from './support/engines';

const BASE = 'http://local.test';

describeEachEngine('service availability and closures', { seed: true }, (ctx) => {
  const tokens: Record<string, string> = {};
  const users: Record<string, string> = {};
  let branchId: number;
  let serviceId: number;
  let today: string;

  const request = async (handler: (r: Request) => Promise<Response>, path: string, role: string, init: RequestInit = {}) => {
    const res = await handler(new Request(`${BASE}${path}`, { ...init, headers: { authorization: `Bearer ${tokens[role]}`, 'content-type': 'application/json' } }));
    return { status: res.status, body: await res.json() };
  };
  const saveService = (role: string, id: number, body: unknown) => request(serviceAvailability, `/api/admin/services/${id}/availability`, role, { method: 'PUT', body: JSON.stringify(body) });
  const hours = (weekly: unknown[], exceptions: unknown[] = []) => ({ slotMinutes: 60, capacity: 3, bufferTime: 30, weekly, exceptions });
  const weekdays = (days: number[], starts: string, ends: string) => days.map((weekday) => ({ weekday, starts, ends }));
  /** Days with service slots offered publicly (not withdrawn), after today. */
  const publicDays = async (id: number) => {
    const { rows } = await ctx.db.pool.query(`select slots from public.public_owner_slots('service', array[$1]::bigint[], $2::date + 1, $2::date + 59)`, [id, today]);
    return [...new Set(((rows[0]?.slots ?? []) as [number, string][]).map((s) => s[1]))];
  };
  const slotsOn = async (hospitalId: number, day: string) =>
    (
      await ctx.db.pool.query(
        `select ts.id::int as id, s.kind, ts.withdrawn_at is not null as withdrawn from public.schedules s join public.time_slots ts on ts.schedule_id = s.id
          where s.hospital_id = $1 and s.working_day = $2::date order by ts.id`,
        [hospitalId, day],
      )
    ).rows as { id: number; kind: string; withdrawn: boolean }[];

  beforeAll(async () => {
    useDatabase(ctx.db);
    const org = await firstOrganization(ctx.db);
    const other = await firstOrganization(ctx.db, 1);
    branchId = org.hospitalIds[0]!;
    serviceId = Number(
      (await ctx.db.pool.query(`select id from public.hospital_services where hospital_id = $1 and status = 1 and availability <> 0 and not exists (select 1 from public.bookings b where b.service_id = hospital_services.id) order by id limit 1`, [branchId])).rows[0].id,
    );
    today = (await ctx.db.pool.query(`select to_char((now() at time zone time_zone)::date, 'YYYY-MM-DD') as d from public.hospitals where id = $1`, [branchId])).rows[0].d;
    Object.assign(users, {
      branch: await createStaff(ctx.db, { email: 'c-branch@closures.test', role: 'branch', organizationId: org.organizationId, branchIds: [branchId] }),
      sameOrgBranch: await createStaff(ctx.db, { email: 'c-branch2@closures.test', role: 'branch', organizationId: org.organizationId, branchIds: [org.hospitalIds[1]!] }),
      otherFacility: await createStaff(ctx.db, { email: 'c-other@closures.test', role: 'facility', organizationId: other.organizationId }),
      doctor: await createStaff(ctx.db, { email: 'c-doctor@closures.test', role: 'doctor', organizationId: org.organizationId }),
    });
    for (const [role, id] of Object.entries(users)) tokens[role] = await signAccessToken(id);
  });
  afterAll(() => useDatabase(undefined));

  it("generates a service's slots from its weekly hours with the doctors' rules, and changes nothing when saved again", async () => {
    const { status, body } = await saveService('branch', serviceId, hours(weekdays([1, 2, 3, 4, 5], '08:00', '11:00')));
    expect(status).toBe(200);
    const data = body._data as ServiceAvailabilityData;
    expect(data.availability).toMatchObject({ managed: true, slotMinutes: 60, capacity: 3, bufferTime: 30, conflicts: [] });
    const workdays = Array.from({ length: 59 }, (_, i) => addDays(today, i + 1)).filter((d) => isoWeekday(d) <= 5);
    expect(data.availability.days.filter((d) => d.day > today)).toEqual(workdays.map((day) => ({ day, slots: 3, booked: 0, capacity: 9, first: '08:00', last: '11:00' })));
    expect(await publicDays(serviceId)).toEqual(workdays);
    expect((await ctx.db.pool.query('select buffer_time from public.hospital_services where id = $1', [serviceId])).rows[0].buffer_time).toBe(30);
    const again = await saveService('branch', serviceId, hours(weekdays([1, 2, 3, 4, 5], '08:00', '11:00')));
    expect(again.body._data.changes).toEqual({ added: 0, removed: 0 });
  });

  it('keeps a booked service slot a change drops, withdrawn and listed as a conflict', async () => {
    const day = addDays(today, [1, 2, 3, 4, 5, 6, 7].find((n) => isoWeekday(addDays(today, n)) <= 5)!);
    const slot = (await ctx.db.pool.query(`select ts.id from public.schedules s join public.time_slots ts on ts.schedule_id = s.id where s.service_id = $1 and s.working_day = $2::date and ts.started = '10:00'`, [serviceId, day])).rows[0].id;
    const patient = (await ctx.db.pool.query('select user_id from public.patients order by user_id limit 1')).rows[0].user_id;
    await ctx.db.pool.query(
      `insert into public.bookings (booking_type, appointment_type, patient_user_id, service_id, hospital_id, slot_id, starts_at, status, idempotency_key, payment_method)
       select 'service', 'service', $1, s.service_id, s.hospital_id, ts.id, (s.working_day + ts.started) at time zone h.time_zone, 'confirmed', 'svc-avail-' || ts.id, 'cash'
         from public.time_slots ts join public.schedules s on s.id = ts.schedule_id join public.hospitals h on h.id = s.hospital_id where ts.id = $2`,
      [patient, slot],
    );
    const { status, body } = await saveService('branch', serviceId, hours(weekdays([1, 2, 3, 4, 5], '08:00', '10:00')));
    expect(status).toBe(200);
    expect(body._data.availability.conflicts).toEqual([{ day, started: '10:00', ended: '11:00', bookings: 1 }]);
    expect((await ctx.db.pool.query('select withdrawn_at is not null as w from public.time_slots where id = $1', [slot])).rows[0].w).toBe(true);
  });

  it('scopes service availability to the managers of its branch', async () => {
    expect((await request(serviceAvailability, `/api/admin/services/${serviceId}/availability`, 'branch')).status).toBe(200);
    expect((await request(serviceAvailability, `/api/admin/services/${serviceId}/availability`, 'sameOrgBranch')).status).toBe(404);
    expect((await saveService('otherFacility', serviceId, hours([]))).status).toBe(404);
    expect((await saveService('doctor', serviceId, hours([]))).status).toBe(403);
    // Row-level security agrees: the other branch's manager writes no hours for this service.
    const client = await ctx.db.pool.connect();
    try {
      await client.query('begin');
      await client.query(`select set_config('request.jwt.claims', $1, true), set_config('request.jwt.claim.sub', $2, true), set_config('role', 'authenticated', true)`, [JSON.stringify({ sub: users.sameOrgBranch, role: 'authenticated' }), users.sameOrgBranch]);
      await expect(client.query(`insert into public.doctor_weekly_hours (service_id, kind, weekday, starts, ends) values ($1, 'service', 6, '08:00', '09:00')`, [serviceId])).rejects.toThrow(/row-level security|violates/);
    } finally {
      await client.query('rollback');
      client.release();
    }
  });

  it("closes a branch's slots on closed days, counts the bookings there, and reopens them when the closure goes", async () => {
    // The booked service day of the previous test, and the next day with service slots.
    const booked = (await ctx.db.pool.query(`select to_char((b.starts_at at time zone h.time_zone)::date, 'YYYY-MM-DD') as d from public.bookings b join public.hospitals h on h.id = b.hospital_id where b.service_id = $1 and b.status = 'confirmed'`, [serviceId])).rows[0].d;
    const before = await slotsOn(branchId, booked);
    expect(before.filter((s) => !s.withdrawn).length).toBeGreaterThan(0);
    const add = await request(closures, `/api/admin/directory/branches/${branchId}/closures`, 'branch', { method: 'POST', body: JSON.stringify({ starts: booked, ends: booked, reason: 'Renovation' }) });
    expect(add.status).toBe(200);
    const data = add.body._data as ClosuresData;
    const closure = data.closures.find((c) => c.starts === booked)!;
    // Every booking still held at the branch that day (the seed's and ours), never cancelled.
    const held = (
      await ctx.db.pool.query(
        `select count(*)::int as n from public.bookings b join public.hospitals h on h.id = b.hospital_id
          where b.hospital_id = $1 and b.starts_at >= now() and public.booking_occupies(b.status) and (b.starts_at at time zone h.time_zone)::date = $2::date`,
        [branchId, booked],
      )
    ).rows[0].n;
    expect(held).toBeGreaterThanOrEqual(1);
    expect(closure).toMatchObject({ ends: booked, reason: 'Renovation', holiday: false, bookings: held });
    // Free slots of every owner are gone that day; the booked one stays, withdrawn.
    const after = await slotsOn(branchId, booked);
    expect(after.every((s) => s.withdrawn)).toBe(true);
    expect(after.length).toBeGreaterThanOrEqual(1);
    expect(await publicDays(serviceId)).not.toContain(booked);
    const doctorsThatDay = await ctx.db.pool.query(
      `select count(*)::int as n from public.public_owner_slots('outpatient', (select array_agg(id) from public.doctors where hospital_id = $1), $2::date, $2::date) o, json_array_elements(o.slots)`,
      [branchId, booked],
    );
    expect(doctorsThatDay.rows[0].n).toBe(0);
    // A save of the service's hours keeps the day closed.
    await saveService('branch', serviceId, hours(weekdays([1, 2, 3, 4, 5], '08:00', '10:00')));
    expect(await publicDays(serviceId)).not.toContain(booked);

    const removed = await request(closures, `/api/admin/directory/closures/${closure.id}`, 'branch', { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(await publicDays(serviceId)).toContain(booked);
  });

  it("applies a year's public holidays in one idempotent step, and no slot is offered on them", async () => {
    const list = (await request(closures, `/api/admin/directory/branches/${branchId}/closures`, 'branch')).body._data as ClosuresData;
    expect(list.holidayYears.map((y) => y.year)).toContain(Number(today.slice(0, 4)) + 1);
    const year = Number(today.slice(0, 4)) + 1;
    const first = await request(closures, `/api/admin/directory/branches/${branchId}/closures/holidays`, 'branch', { method: 'POST', body: JSON.stringify({ year }) });
    expect(first.status).toBe(200);
    expect(first.body._data.added).toBeGreaterThan(3);
    const second = await request(closures, `/api/admin/directory/branches/${branchId}/closures/holidays`, 'branch', { method: 'POST', body: JSON.stringify({ year }) });
    expect(second.body._data.added).toBe(0);
    expect((second.body._data as ClosuresData).closures.filter((c) => c.holiday).length).toBe(first.body._data.added);
    // New Year's Day (every market but Malaysia's federal list) or the first holiday: nothing generated there.
    const h = (second.body._data as ClosuresData).closures.find((c) => c.holiday)!;
    const desired = await ctx.db.pool.query(`select count(*)::int as n from public.owner_desired_slots('service', $1, $2::date, $3::date)`, [serviceId, h.starts, h.ends]);
    expect(desired.rows[0].n).toBe(0);
  });

  it('lets only the managers of the branch add, apply and remove closures', async () => {
    const body = JSON.stringify({ starts: addDays(today, 20), ends: addDays(today, 21), reason: 'Holiday' });
    expect((await request(closures, `/api/admin/directory/branches/${branchId}/closures`, 'sameOrgBranch', { method: 'POST', body })).status).toBe(404);
    expect((await request(closures, `/api/admin/directory/branches/${branchId}/closures`, 'otherFacility', { method: 'POST', body })).status).toBe(404);
    expect((await request(closures, `/api/admin/directory/branches/${branchId}/closures`, 'doctor', { method: 'POST', body })).status).toBe(403);
    expect((await request(closures, `/api/admin/directory/branches/${branchId}/closures/holidays`, 'sameOrgBranch', { method: 'POST', body: '{"year":2027}' })).status).toBe(404);
    const mine = await request(closures, `/api/admin/directory/branches/${branchId}/closures`, 'branch', { method: 'POST', body });
    const id = (mine.body._data as ClosuresData).closures.find((c) => c.reason === 'Holiday' && !c.holiday)!.id;
    expect((await request(closures, `/api/admin/directory/closures/${id}`, 'sameOrgBranch', { method: 'DELETE' })).status).toBe(404);
    expect((await request(closures, `/api/admin/directory/closures/${id}`, 'branch', { method: 'DELETE' })).status).toBe(200);
    // The rules: the last day not before the first.
    const bad = await request(closures, `/api/admin/directory/branches/${branchId}/closures`, 'branch', { method: 'POST', body: JSON.stringify({ starts: addDays(today, 5), ends: addDays(today, 4), reason: 'x' }) });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain('The last day must not be before the first day.');
  });
});
