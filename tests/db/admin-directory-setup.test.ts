/**
 * The directory's set-up (issue 37) through the HTTP API on both engines: a branch's specialties, insurances and
 * accepted payments saved with the branch form and read by the public hospital page; vaccine details created and
 * edited by platform admins only; the go-live checklist of an organization following its data, scoped by role.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { useDatabase } from '../../src/server/runtime';
import { ANON, asCaller } from '../../src/data/db';
import { createStaff, firstOrganization } from '../support/accounts';
import { signAccessToken } from '../support/tokens';
import { startTestServer, type TestServer } from '../support/test-server';
import { describeEachEngine } from './support/engines';

describeEachEngine('admin directory set-up', { seed: true }, (ctx) => {
  let server: TestServer;
  const tokens = {} as Record<string, string>;
  let org: Awaited<ReturnType<typeof firstOrganization>>;
  let other: Awaited<ReturnType<typeof firstOrganization>>;
  const call = async (who: string, method: string, path: string, body?: unknown) => {
    const res = await fetch(server.url + path, {
      method,
      headers: { authorization: `Bearer ${tokens[who]}`, 'accept-language': 'en-PH', ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as { _messages: string[]; _data: any } };
  };
  const branchForm = (b: any, patch: Record<string, unknown> = {}) => ({
    name: b.name,
    short_name: b.shortName ?? '',
    address: b.address,
    latitude: b.latitude,
    longitude: b.longitude,
    phone: b.phone ?? '',
    website_url: b.websiteUrl ?? '',
    booking_url: b.bookingUrl ?? '',
    working_times: b.workingTimes,
    emergency_hours: b.emergencyHours,
    about: b.about ?? '',
    patient_guide: b.patientGuide ?? '',
    medical_facilities: b.medicalFacilities,
    faqs: b.faqs,
    images: b.images,
    is_active: b.isActive,
    status: b.status,
    exclude_from_index: b.excludeFromIndex,
    ...patch,
  });

  beforeAll(async () => {
    useDatabase(ctx.db);
    server = await startTestServer();
    org = await firstOrganization(ctx.db, 0);
    other = await firstOrganization(ctx.db, 1);
    const make = async (key: string, role: 'admin' | 'super' | 'facility' | 'senior_branch' | 'branch' | 'doctor', extra: { organizationId?: number | null; branchIds?: number[] } = {}) => {
      tokens[key] = await signAccessToken(await createStaff(ctx.db, { email: `setup-${key}-${ctx.engine}@directory.test`, role, ...extra }));
    };
    await make('admin', 'admin');
    await make('super', 'super');
    await make('facility', 'facility', { organizationId: org.organizationId });
    await make('branch', 'branch', { organizationId: org.organizationId, branchIds: [org.hospitalIds[0]!] });
    await make('otherFacility', 'facility', { organizationId: other.organizationId });
  });
  afterAll(async () => {
    await server?.close();
    useDatabase(undefined);
  });

  it("a branch's specialties, insurances and payments: saved with the branch form, shown on the public hospital page; other markets and branches refused", async () => {
    const branchId = org.hospitalIds[0]!;
    const options = await call('branch', 'GET', `/api/admin/directory/branches/${branchId}/catalogs`);
    expect(options.status).toBe(200);
    const { specialties, insurances, paymentMethods } = options.body._data;
    expect(specialties.length).toBeGreaterThan(2);
    expect(insurances.length).toBeGreaterThan(0);
    expect(paymentMethods.length).toBeGreaterThan(0);
    expect((await call('branch', 'GET', `/api/admin/directory/branches/${org.hospitalIds[1]}/catalogs`)).status).toBe(404);

    const current = (await call('branch', 'GET', `/api/admin/directory/branches/${branchId}`)).body._data.branch;
    const chosen = { specialty_ids: [specialties[0].id, specialties[2].id], insurance_ids: [insurances[0].id], payment_method_ids: paymentMethods.map((p: { id: number }) => p.id) };
    const saved = await call('branch', 'PUT', `/api/admin/directory/branches/${branchId}`, branchForm(current, chosen));
    expect(saved.status, JSON.stringify(saved.body._messages)).toBe(200);
    expect(saved.body._data.branch).toMatchObject({
      specialtyIds: [...chosen.specialty_ids].sort((a, b) => a - b),
      insuranceIds: chosen.insurance_ids,
      paymentMethodIds: [...chosen.payment_method_ids].sort((a, b) => a - b),
    });
    // The public page's build reads them as anon, joined to the market's catalogues (src/data/hospital-page.ts).
    const seen = await asCaller(ctx.db, ANON, async (c) => ({
      specialties: (await c.query(`select s.id::int as id from public.hospital_specialties hs join public.specialties s on s.id = hs.specialty_id where hs.hospital_id = $1 and s.country_id = 1 order by 1`, [branchId])).rows.map((r) => r.id),
      insurances: (await c.query(`select i.id::int as id from public.hospital_insurances hi join public.insurances i on i.id = hi.insurance_id where hi.hospital_id = $1 and i.country_id = 1`, [branchId])).rows.map((r) => r.id),
      payments: (await c.query(`select count(*)::int as n from public.hospital_payment_methods hp join public.payment_methods p on p.id = hp.payment_method_id where hp.hospital_id = $1 and p.country_id = 1`, [branchId])).rows[0].n,
    }));
    expect(seen).toEqual({ specialties: [...chosen.specialty_ids].sort((a, b) => a - b), insurances: chosen.insurance_ids, payments: paymentMethods.length });

    // Without the lists in the body, the branch keeps them.
    const again = await call('branch', 'PUT', `/api/admin/directory/branches/${branchId}`, branchForm(saved.body._data.branch));
    expect(again.body._data.branch.insuranceIds).toEqual(chosen.insurance_ids);
    // A specialty of another market is refused, and nothing of the save is left behind.
    const { rows } = await ctx.db.pool.query(`select id::int as id from public.specialties where country_id <> 1 order by id limit 1`);
    const refused = await call('branch', 'PUT', `/api/admin/directory/branches/${branchId}`, branchForm(saved.body._data.branch, { about: '<p>changed</p>', specialty_ids: [rows[0].id] }));
    expect(refused.status).toBe(422);
    expect((await call('branch', 'GET', `/api/admin/directory/branches/${branchId}`)).body._data.branch.about).not.toContain('changed');
    // Another organization's manager reaches neither the options nor the branch.
    expect((await call('otherFacility', 'GET', `/api/admin/directory/branches/${branchId}/catalogs`)).status).toBe(404);
    expect((await call('otherFacility', 'PUT', `/api/admin/directory/branches/${branchId}`, branchForm(current, chosen))).status).toBe(404);
  });

  it('vaccine details: platform admins create and edit them (the slug stays); managers read them, without edit', async () => {
    const made = await call('admin', 'POST', '/api/admin/directory/vaccine-catalog', {
      country_id: 1,
      name: 'Vắc xin Phế cầu 13',
      display_name: 'Phế cầu 13',
      logo: '/images/vaccine.png',
      description: 'Phòng viêm phổi do phế cầu.',
      notice: 'Không tiêm khi đang sốt.',
      age_groups: ['Trẻ từ 6 tuần', 'Người lớn'],
      doses: ['4 mũi'],
    });
    expect(made.status, JSON.stringify(made.body._messages)).toBe(200);
    expect(made.body._messages).toEqual(['Create successfully']);
    const v = made.body._data.vaccine;
    expect(v).toMatchObject({ slug: 'vac-xin-phe-cau-13', displayName: 'Phế cầu 13', ageGroups: ['Trẻ từ 6 tuần', 'Người lớn'], doses: ['4 mũi'], isActive: true, branches: 0 });

    const edited = await call('super', 'PUT', `/api/admin/directory/vaccine-catalog/${v.id}`, { name: 'Vắc xin Phế cầu', display_name: 'Phế cầu', notice: '', doses: ['3 mũi', '1 mũi nhắc'] });
    expect(edited.status).toBe(200);
    expect(edited.body._data.vaccine).toMatchObject({ name: 'Vắc xin Phế cầu', slug: 'vac-xin-phe-cau-13', notice: null, doses: ['3 mũi', '1 mũi nhắc'] });

    for (const who of ['facility', 'branch']) {
      expect((await call(who, 'POST', '/api/admin/directory/vaccine-catalog', { country_id: 1, name: 'X' })).status).toBe(403);
      expect((await call(who, 'PUT', `/api/admin/directory/vaccine-catalog/${v.id}`, { name: 'X' })).status).toBe(403);
      const list = await call(who, 'GET', '/api/admin/directory/vaccine-catalog?countryId=1');
      expect(list.status).toBe(200);
      expect(list.body._data.canEdit).toBe(false);
      expect(list.body._data.vaccines.map((x: { id: number }) => x.id)).toContain(v.id);
    }
    expect((await call('admin', 'GET', '/api/admin/directory/vaccine-catalog?countryId=1')).body._data.canEdit).toBe(true);
    expect((await call('admin', 'PUT', '/api/admin/directory/vaccine-catalog/999999999', { name: 'X' })).status).toBe(404);
  });

  it('the go-live checklist: a new organization starts at its first branch; the steps follow the data; scoped by role', async () => {
    const made = await call('admin', 'POST', '/api/admin/directory/organizations', { name: 'Phòng khám Go-live', country_id: 1 });
    const orgId = made.body._data.organization.id;
    let goLive = await call('admin', 'GET', `/api/admin/directory/organizations/${orgId}/go-live`);
    expect(goLive.status).toBe(200);
    expect(goLive.body._data.live).toBe(false);
    expect(goLive.body._data.steps.filter((s: { done: boolean }) => s.done).map((s: { key: string }) => s.key)).toEqual(['organizationActive']);

    const branch = (await call('admin', 'POST', `/api/admin/directory/organizations/${orgId}/branches`, { name: 'Cơ sở 1', address: '' })).body._data.branch;
    await call('admin', 'PUT', `/api/admin/directory/branches/${branch.id}`, branchForm(branch, { address: '12 Lê Lợi, Quận 1', working_times: { mon: [{ start: '08:00', end: '17:00' }] }, is_active: true, status: 1 }));
    goLive = await call('admin', 'GET', `/api/admin/directory/organizations/${orgId}/go-live`);
    const steps = Object.fromEntries(goLive.body._data.steps.map((s: { key: string; done: boolean; href: string | null }) => [s.key, s]));
    expect(steps.branch.done && steps.address.done && steps.hours.done && steps.branchActive.done).toBe(true);
    expect(steps.doctor).toEqual({ key: 'doctor', done: false, href: `/admin/doctors/add?hospital_id=${orgId}&branch_id=${branch.id}` });

    // The seeded organization has bookable doctors: live, for its manager and for a branch manager of it.
    for (const who of ['facility', 'branch']) {
      const seeded = await call(who, 'GET', `/api/admin/directory/organizations/${org.organizationId}/go-live`);
      expect(seeded.status).toBe(200);
      expect(seeded.body._data.live, who).toBe(true);
    }
    expect((await call('branch', 'GET', `/api/admin/directory/organizations/${org.organizationId}/go-live`)).body._data.facts.branch.id).toBe(org.hospitalIds[0]);
    // Nobody reads another organization's.
    expect((await call('otherFacility', 'GET', `/api/admin/directory/organizations/${org.organizationId}/go-live`)).status).toBe(404);
    expect((await call('facility', 'GET', `/api/admin/directory/organizations/${orgId}/go-live`)).status).toBe(404);
  });
});
