/**
 * Admin doctor calls end to end on both engines (issue #29): the list scoped by role through row-level security,
 * the doctor form payload created and read back, a doctor editing their own profile, the status and
 * telemedicine rules, deletion refused for a doctor with bookings, and every write in the data history.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import handler from '../../functions/admin-doctors';
import { useDatabase } from '../../src/server/runtime';
import { doctorFormPayload } from '../../src/lib/validation';
import { createPatient, createStaff, firstOrganization } from '../support/accounts';
import { signAccessToken } from '../support/tokens';
import { describeEachEngine } from './support/engines';

const BASE = 'http://local.test';
const VN = 1;

describeEachEngine('admin doctors', { seed: true }, (ctx) => {
  const tokens: Record<string, string> = {};
  let org: Awaited<ReturnType<typeof firstOrganization>>;
  let otherOrg: Awaited<ReturnType<typeof firstOrganization>>;
  let ownDoctorId: number;
  let countryId: number;

  const call = (path: string, role: string, init: RequestInit = {}) =>
    handler(new Request(`${BASE}${path}`, { ...init, headers: { authorization: `Bearer ${tokens[role]}`, ...(init.headers ?? {}) } }));
  const json = async (res: Response) => ({ status: res.status, body: await res.json() });

  beforeAll(async () => {
    useDatabase(ctx.db);
    org = await firstOrganization(ctx.db);
    otherOrg = await firstOrganization(ctx.db, 1);
    countryId = (await ctx.db.pool.query('select country_id from public.organizations where id = $1', [org.organizationId])).rows[0].country_id;
    const [b1, b2] = org.hospitalIds;
    tokens.admin = await signAccessToken(await createStaff(ctx.db, { email: 'd-admin@doctors.test', role: 'admin' }));
    tokens.facility = await signAccessToken(await createStaff(ctx.db, { email: 'd-facility@doctors.test', role: 'facility', organizationId: org.organizationId }));
    tokens.branch = await signAccessToken(await createStaff(ctx.db, { email: 'd-branch@doctors.test', role: 'branch', organizationId: org.organizationId, branchIds: [b1] }));
    tokens.senior = await signAccessToken(await createStaff(ctx.db, { email: 'd-senior@doctors.test', role: 'senior_branch', organizationId: org.organizationId, branchIds: [b1, b2] }));
    const doctorUser = await createStaff(ctx.db, { email: 'd-doctor@doctors.test', role: 'doctor', organizationId: org.organizationId });
    ownDoctorId = (await ctx.db.pool.query('select id from public.doctors where hospital_id = $1 and user_id is null order by id limit 1', [b1])).rows[0].id;
    await ctx.db.pool.query('update public.doctors set user_id = $1 where id = $2', [doctorUser, ownDoctorId]);
    tokens.doctor = await signAccessToken(doctorUser);
  });
  afterAll(() => useDatabase(undefined));

  const count = async (where: string, params: unknown[] = []) => (await ctx.db.pool.query(`select count(*)::int as n from public.doctors d where ${where}`, params)).rows[0].n as number;

  it('lists the market for a platform admin with the admin list item and exact pagination', async () => {
    const { status, body } = await json(await call(`/api/admin/doctors?countryId=${countryId}&page=1`, 'admin'));
    expect(status).toBe(200);
    const total = await count('country_id = $1', [countryId]);
    expect(body._data.pagination).toMatchObject({ current: 1, total_items: total, last: Math.ceil(total / 20) });
    expect(body._data.doctors).toHaveLength(20);
    const ids = body._data.doctors.map((d: { id: number }) => d.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const item = body._data.doctors[0];
    expect(Object.keys(item).sort()).toEqual(
      ['avatar', 'bookingFee', 'countryId', 'id', 'isActive', 'name', 'numberOfSlots', 'partnerGroup', 'provideCare', 'slug', 'telemedicineFee', 'upcommingBookings', 'validOutpatient', 'validTelemedicine'].sort(),
    );
    expect(item.countryId).toBe(countryId); // its prices are written in this market's currency (issue #38 item 8)
    // The last page holds the rest, and the page after it is empty with the same total.
    const last = (await json(await call(`/api/admin/doctors?countryId=${countryId}&page=${body._data.pagination.last}`, 'admin'))).body;
    expect(last._data.doctors).toHaveLength(total - 20 * (body._data.pagination.last - 1));
    const past = (await json(await call(`/api/admin/doctors?countryId=${countryId}&page=${body._data.pagination.last + 1}`, 'admin'))).body;
    expect(past._data).toMatchObject({ doctors: [], pagination: { total_items: total } });
  });

  it('scopes the list by role: organization, branches, own profile', async () => {
    const total = async (role: string, extra = '') => (await json(await call(`/api/admin/doctors?countryId=${countryId}${extra}`, role))).body._data.pagination.total_items;
    expect(await total('facility')).toBe(await count('organization_id = $1', [org.organizationId]));
    expect(await total('senior')).toBe(await count('hospital_id = any ($1)', [org.hospitalIds.slice(0, 2)]));
    expect(await total('branch')).toBe(await count('hospital_id = $1', [org.hospitalIds[0]]));
    expect(await total('doctor')).toBe(1);
    // Another organization's filter gives a facility nothing.
    expect(await total('facility', `&hospitalId=${otherOrg.organizationId}`)).toBe(0);
    expect(await total('admin', `&hospitalId=${org.organizationId}&branchId=${org.hospitalIds[1]}`)).toBe(await count('hospital_id = $1', [org.hospitalIds[1]]));
  });

  it('searches by keyword from 3 characters and filters by specialty', async () => {
    const { rows } = await ctx.db.pool.query('select d.name, ds.specialty_id from public.doctors d join public.doctor_specialties ds on ds.doctor_id = d.id where d.organization_id = $1 order by d.id limit 1', [org.organizationId]);
    const word = rows[0].name.split(' ').pop().slice(0, 4);
    const found = (await json(await call(`/api/admin/doctors?countryId=${countryId}&hospitalId=${org.organizationId}&keyword=${encodeURIComponent(word)}`, 'admin'))).body._data;
    expect(found.pagination.total_items).toBe(await count(`organization_id = $1 and name ilike $2`, [org.organizationId, `%${word}%`]));
    expect(found.doctors.every((d: { name: string }) => d.name.toLowerCase().includes(word.toLowerCase()))).toBe(true);
    // Two characters are not a search.
    const short = (await json(await call(`/api/admin/doctors?countryId=${countryId}&hospitalId=${org.organizationId}&keyword=${encodeURIComponent(word.slice(0, 2))}`, 'admin'))).body._data;
    expect(short.pagination.total_items).toBe(await count('organization_id = $1', [org.organizationId]));
    const bySpecialty = (await json(await call(`/api/admin/doctors?countryId=${countryId}&hospitalId=${org.organizationId}&specialtyId=${rows[0].specialty_id}`, 'admin'))).body._data;
    expect(bySpecialty.pagination.total_items).toBe(
      await count('organization_id = $1 and exists (select 1 from public.doctor_specialties s where s.doctor_id = d.id and s.specialty_id = $2)', [org.organizationId, rows[0].specialty_id]),
    );
  });

  it('keeps the keyword search in the caller\'s scope, even called directly, and takes % and _ literally', async () => {
    const word = (await ctx.db.pool.query('select name from public.doctors where hospital_id = $1 order by id limit 1', [org.hospitalIds[0]])).rows[0].name.split(' ').pop().slice(0, 4);
    const branchFound = (await json(await call(`/api/admin/doctors?countryId=${countryId}&keyword=${encodeURIComponent(word)}`, 'branch'))).body._data;
    expect(branchFound.pagination.total_items).toBe(await count('hospital_id = $1 and name ilike $2', [org.hospitalIds[0], `%${word}%`]));
    expect(branchFound.pagination.total_items).toBeGreaterThan(0);
    const literal = (await json(await call(`/api/admin/doctors?countryId=${countryId}&keyword=${encodeURIComponent('%_%')}`, 'admin'))).body._data;
    expect(literal.pagination.total_items).toBe(0);
    // admin_doctor_id_page runs as its owner (for the trigram index); a patient calling it through the API's rpc sees nothing.
    const patient = await createPatient(ctx.db, { email: 'd-patient@doctors.test', onboarded: true });
    const client = await ctx.db.pool.connect();
    try {
      await client.query('begin');
      await client.query(`select set_config('request.jwt.claims', $1, true), set_config('request.jwt.claim.sub', $2, true), set_config('role', 'authenticated', true)`, [JSON.stringify({ sub: patient, role: 'authenticated' }), patient]);
      const { rows } = await client.query('select total, page from public.admin_doctor_id_page(null, null, null, null, $1, 1, 20)', [word]);
      expect(rows[0]).toMatchObject({ total: 0 });
      await client.query('rollback');
    } finally {
      client.release();
    }
  });

  it('creates a doctor from the form payload and reads every section back; the history has it', async () => {
    const spec = (await ctx.db.pool.query('select id from public.specialties where country_id = $1 order by id limit 2', [countryId])).rows.map((r) => r.id);
    const exp = (await ctx.db.pool.query('select id, name from public.expertise where country_id = $1 order by id limit 1', [countryId])).rows[0];
    const fd = doctorFormPayload({
      name: 'Trần Thị Kiểm Thử',
      description: 'Long description',
      gender: 'female',
      hospital_id: org.organizationId,
      hospital_branch_id: org.hospitalIds[1],
      provide_care: 'children',
      specialties: spec,
      glance: 'At a glance',
      phone: '0901234567',
      email: 'kiem.thu@doctors.test',
      notifyOtherEmail: false,
      email_notification: 'not-sent@doctors.test',
      expertise: [{ id: Number(exp.id), label: exp.name }, { id: -1, label: 'Newly typed expertise' }],
      languages: ['Vietnamese', 'English'],
      services: [
        { name: 'Consultation', price_type: 'fixed', price: 200000, price_to: 999999 },
        { name: 'Follow-up', price_type: 'range', price: 100000, price_to: 300000, description: 'Second visit' },
      ],
      experience: [{ id: 5, content: 'Children hospital', year: '2015' }, { content: '', year: '' }],
      education: [{ content: 'University of Medicine', year: '2010' }],
      awards: [{ content: 'Best young doctor' }],
      publication: [{ content: 'A paper' }],
      memberships: [{ content: 'Paediatric society' }],
      faqs: [{ question: 'Do you see newborns?', answer: 'Yes.' }, { question: 'Half', answer: '' }],
    });
    const { status, body } = await json(await call('/api/admin/doctors', 'facility', { method: 'POST', body: fd }));
    expect(status).toBe(200);
    expect(body._messages).toEqual(['Create successfully']);
    const d = body._data.doctor;
    expect(d).toMatchObject({
      name: 'Trần Thị Kiểm Thử',
      slug: expect.stringMatching(/^tran-thi-kiem-thu/),
      provideCare: 'children',
      gender: 'female',
      emailNotification: null,
      branch: { id: org.hospitalIds[1] },
      hospital: { id: org.organizationId },
      languages: ['Vietnamese', 'English'],
      experience: [{ content: 'Children hospital', year: '2015' }],
      faqs: [{ question: 'Do you see newborns?', answer: 'Yes.' }],
      awards: [{ content: 'Best young doctor' }],
      numberOfSlots: 0,
    });
    expect(d.specialties.map((s: { id: number }) => s.id).sort()).toEqual(spec.map(Number).sort());
    expect(d.expertise.map((e: { name: string }) => e.name).sort()).toEqual([exp.name, 'Newly typed expertise'].sort());
    expect(d.services).toEqual([
      expect.objectContaining({ name: 'Consultation', price_type: 'fixed', price: 200000, price_to: null }),
      expect.objectContaining({ name: 'Follow-up', price_type: 'range', price: 100000, price_to: 300000, description: 'Second visit' }),
    ]);
    const history = await ctx.db.pool.query(`select action, actor_role, after from public.data_history where table_name = 'doctors' and row_id = $1`, [String(d.id)]);
    expect(history.rows).toEqual([expect.objectContaining({ action: 'INSERT', actor_role: 'facility' })]);

    // Edit: one service changed, one deleted by services_delete_ids, a section emptied.
    const [consult, follow] = d.services;
    const edit = doctorFormPayload({
      name: 'Trần Thị Kiểm Thử',
      hospital_branch_id: org.hospitalIds[1],
      specialties: [spec[0]],
      services: [{ id: consult.id, name: 'Consultation', price_type: 'starting', price: 250000 }],
      services_delete_ids: [follow.id],
      notifyOtherEmail: true,
      email_notification: 'front-desk@doctors.test',
    });
    const updated = await json(await call(`/api/admin/doctors/${d.id}`, 'facility', { method: 'POST', body: (edit.append('_method', 'PUT'), edit) }));
    expect(updated.status).toBe(200);
    expect(updated.body._messages).toEqual(['Update successfully']);
    expect(updated.body._data.doctor).toMatchObject({ emailNotification: 'front-desk@doctors.test', awards: [], services: [{ id: consult.id, price_type: 'starting', price: 250000 }] });
    const updates = await ctx.db.pool.query(`select before->>'email_notification' as b, after->>'email_notification' as a from public.data_history where table_name = 'doctors' and row_id = $1 and action = 'UPDATE'`, [String(d.id)]);
    expect(updates.rows).toEqual([{ b: null, a: 'front-desk@doctors.test' }]);
  });

  it('refuses a branch manager outside its branch and answers the field errors of a bad form', async () => {
    const fd = doctorFormPayload({ name: 'Out of scope', hospital_branch_id: otherOrg.hospitalIds[0] });
    const out = await json(await call('/api/admin/doctors', 'branch', { method: 'POST', body: fd }));
    expect(out.status).toBe(403);
    expect(await count(`name = 'Out of scope'`)).toBe(0);
    const bad = new FormData();
    bad.append('name', '');
    bad.append('services[0][name]', 'Range without upper price');
    bad.append('services[0][price_type]', 'range');
    bad.append('services[0][price]', '10');
    const res = await json(await call('/api/admin/doctors', 'admin', { method: 'POST', body: bad }));
    expect(res.status).toBe(422);
    expect(res.body._messages).toEqual(expect.arrayContaining(['name: This field is required', 'services[0].price_to: This field is required']));
  });

  it('lets a doctor edit their own profile but not their branch, and no one else', async () => {
    const before = (await ctx.db.pool.query('select contract from public.doctors where id = $1', [ownDoctorId])).rows[0].contract;
    const fd = doctorFormPayload({ name: 'Own Profile Name', hospital_branch_id: org.hospitalIds[1], contract: 'changed', glance: 'My glance' });
    fd.append('_method', 'PUT');
    const own = await json(await call(`/api/admin/doctors/${ownDoctorId}`, 'doctor', { method: 'POST', body: fd }));
    expect(own.status).toBe(200);
    expect(own.body._data.doctor).toMatchObject({ name: 'Own Profile Name', glance: 'My glance', branch: { id: org.hospitalIds[0] }, contract: before });
    const other = (await ctx.db.pool.query('select id from public.doctors where hospital_id = $1 and id <> $2 limit 1', [org.hospitalIds[0], ownDoctorId])).rows[0].id;
    const fd2 = doctorFormPayload({ name: 'Not mine' });
    fd2.append('_method', 'PUT');
    expect((await call(`/api/admin/doctors/${other}`, 'doctor', { method: 'POST', body: fd2 })).status).toBe(404);
    expect((await call(`/api/admin/doctors/${other}`, 'doctor')).status).toBe(404);
    expect((await call(`/api/admin/doctors/${ownDoctorId}/status`, 'doctor', { method: 'PUT', body: JSON.stringify({ status: 0 }), headers: { 'content-type': 'application/json' } })).status).toBe(403);
  });

  it('applies the status rules: deactivate, activate only with slots', async () => {
    const withSlots = (
      await ctx.db.pool.query(
        `select d.id from public.doctors d where d.hospital_id = $1 and exists (select 1 from public.schedules s join public.time_slots t on t.schedule_id = s.id where s.doctor_id = d.id and s.working_day > current_date + 1) order by d.id limit 1`,
        [org.hospitalIds[0]],
      )
    ).rows[0].id;
    const put = (id: number, status: number) => call(`/api/admin/doctors/${id}/status`, 'branch', { method: 'PUT', body: JSON.stringify({ status }), headers: { 'content-type': 'application/json' } });
    expect((await json(await put(withSlots, 0))).body).toMatchObject({ _status: 1, _data: { status: 0 } });
    expect((await json(await put(withSlots, 1))).body).toMatchObject({ _status: 1, _data: { status: 1 } });
    const bare = (await ctx.db.pool.query(`insert into public.doctors (hospital_id, organization_id, country_id, name, slug, status) values ($1, $2, $3, 'No Slots', 'no-slots-test', 0) returning id`, [org.hospitalIds[0], org.organizationId, countryId])).rows[0].id;
    const refused = await json(await put(bare, 1));
    expect(refused).toMatchObject({ status: 422, body: { _status: -1, _messages: ['This doctor has no available slots yet. Set up the availability before activating the doctor.'] } });
    const foreign = (await ctx.db.pool.query('select id from public.doctors where organization_id = $1 limit 1', [otherOrg.organizationId])).rows[0].id;
    expect((await put(foreign, 0)).status).toBe(404);
    expect((await put(foreign, 1)).status).toBe(404);
    expect((await call(`/api/admin/doctors/${foreign}`, 'branch')).status).toBe(404);
  });

  it('toggles telemedicine, refused for partner-group doctors', async () => {
    const id = (await ctx.db.pool.query('select id from public.doctors where hospital_id = $1 and not partner_group order by id desc limit 1', [org.hospitalIds[0]])).rows[0].id;
    const on = await json(await call(`/api/admin/doctor-telemedicine?doctorId=${id}&status=1`, 'branch'));
    expect(on.body).toMatchObject({ _status: 1, _messages: ['Telemedicine activated successfully for Doctor'], _data: { validTelemedicine: true } });
    const off = await json(await call(`/api/admin/doctor-telemedicine?doctorId=${id}&status=0`, 'branch'));
    expect(off.body).toMatchObject({ _messages: ['Telemedicine deactivated for Doctor'], _data: { validTelemedicine: false } });
    await ctx.db.pool.query('update public.doctors set partner_group = true, telemedicine_enabled = false where id = $1', [id]);
    const partner = await json(await call(`/api/admin/doctor-telemedicine?doctorId=${id}&status=1`, 'branch'));
    expect(partner).toMatchObject({ status: 422, body: { _messages: ['Telemedicine cannot be changed for a partner-group doctor.'] } });
  });

  it('refuses to delete a doctor with bookings with a message that says so, and deletes one without', async () => {
    const booked = (await ctx.db.pool.query('select b.doctor_id from public.bookings b join public.doctors d on d.id = b.doctor_id where d.organization_id = $1 limit 1', [org.organizationId])).rows[0].doctor_id;
    const refused = await json(await call(`/api/admin/doctors/${booked}`, 'facility', { method: 'DELETE' }));
    expect(refused).toMatchObject({ status: 409, body: { _status: -1, _messages: ['This doctor has bookings and cannot be deleted. Deactivate the doctor instead.'] } });
    // The admin's API client sends the admin's language: the refusal comes back in it (README, server messages).
    const refusedVi = await json(await call(`/api/admin/doctors/${booked}`, 'facility', { method: 'DELETE', headers: { 'accept-language': 'vi-VN' } }));
    expect(refusedVi).toMatchObject({ status: 409, body: { _status: -1, _messages: ['Bác sĩ này đã có lịch hẹn nên không thể xóa. Hãy vô hiệu hóa bác sĩ thay vì xóa.'] } });
    expect(await count('id = $1', [booked])).toBe(1);
    const free = (await ctx.db.pool.query(`insert into public.doctors (hospital_id, organization_id, country_id, name, slug) values ($1, $2, $3, 'To Delete', 'to-delete-test') returning id`, [org.hospitalIds[0], org.organizationId, countryId])).rows[0].id;
    expect((await json(await call(`/api/admin/doctors/${free}`, 'facility', { method: 'DELETE', headers: { 'accept-language': 'vi-VN' } }))).body).toMatchObject({ _status: 1, _messages: ['Đã xóa bác sĩ.'] });
    expect(await count('id = $1', [free])).toBe(0);
    const history = await ctx.db.pool.query(`select action from public.data_history where table_name = 'doctors' and row_id = $1 and action = 'DELETE'`, [String(free)]);
    expect(history.rowCount).toBe(1);
  });
});
