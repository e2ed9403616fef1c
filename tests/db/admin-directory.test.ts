/**
 * Admin directory (issue 37) through the HTTP API on both engines: services created, edited, deactivated and
 * deleted per role, scoped as the list and the policy say (an organization manager its organization, a senior or
 * branch manager its branches, a doctor nothing); a branch manager refused on another branch; the price rules; the
 * data history and the directory change log written for each save.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { useDatabase } from '../../src/server/runtime';
import { createStaff, firstOrganization } from '../support/accounts';
import { signAccessToken } from '../support/tokens';
import { startTestServer, type TestServer } from '../support/test-server';
import { describeEachEngine } from './support/engines';

type Role = 'admin' | 'facility' | 'senior_branch' | 'branch' | 'doctor';

describeEachEngine('admin services', { seed: true }, (ctx) => {
  let server: TestServer;
  const tokens = {} as Record<Role | 'otherBranch', string>;
  let org: Awaited<ReturnType<typeof firstOrganization>>;
  let other: Awaited<ReturnType<typeof firstOrganization>>;

  const call = async (who: keyof typeof tokens, method: string, path: string, body?: Record<string, unknown>) => {
    const headers: Record<string, string> = { authorization: `Bearer ${tokens[who]}`, 'accept-language': 'en-PH' };
    let payload: BodyInit | undefined;
    if (body) {
      const fd = new FormData();
      for (const [k, v] of Object.entries(body)) if (v !== undefined) fd.set(k, v instanceof Blob ? v : String(v));
      payload = method === 'PUT' && path.endsWith('/status') ? JSON.stringify(body) : fd;
      if (typeof payload === 'string') headers['content-type'] = 'application/json';
      else if (method === 'PUT') {
        fd.set('_method', 'PUT');
        method = 'POST';
      }
    }
    const res = await fetch(server.url + path, { method, headers, body: payload });
    return { status: res.status, cache: res.headers.get('cache-control'), body: (await res.json()) as { _status: number; _messages: string[]; _data: any } };
  };
  const service = (branchId: number, extra: Record<string, unknown> = {}) => ({
    hospital_branch_id: branchId,
    name: `Gói khám tổng quát ${Math.random().toString(36).slice(2, 7)}`,
    description: 'Khám lâm sàng, xét nghiệm máu và nước tiểu, siêu âm bụng.',
    price_type: 'range',
    price: 1_500_000,
    price_to: 2_500_000,
    original_price: 3_000_000,
    promotion_percent: 10,
    buffer_time: 60,
    is_package: true,
    online_payment: true,
    status: 1,
    ...extra,
  });

  beforeAll(async () => {
    useDatabase(ctx.db);
    server = await startTestServer();
    org = await firstOrganization(ctx.db, 0);
    other = await firstOrganization(ctx.db, 1);
    const make = async (key: keyof typeof tokens, role: Role, extra: { organizationId?: number; branchIds?: number[] } = {}) => {
      tokens[key] = await signAccessToken(await createStaff(ctx.db, { email: `dir-${key}-${ctx.engine}@directory.test`, role, ...extra }));
    };
    await make('admin', 'admin');
    await make('facility', 'facility', { organizationId: org.organizationId });
    await make('senior_branch', 'senior_branch', { organizationId: org.organizationId, branchIds: org.hospitalIds.slice(0, 2) });
    await make('branch', 'branch', { organizationId: org.organizationId, branchIds: [org.hospitalIds[0]!] });
    await make('doctor', 'doctor');
    await make('otherBranch', 'branch', { organizationId: other.organizationId, branchIds: [other.hospitalIds[0]!] });
  });
  afterAll(async () => {
    await server?.close();
    useDatabase(undefined);
  });

  it('each manager creates a service with a range price in a branch of its own; the market currency comes from the branch', async () => {
    for (const who of ['admin', 'facility', 'senior_branch', 'branch'] as const) {
      const res = await call(who, 'POST', '/api/admin/services', service(org.hospitalIds[0]!));
      expect(res.status, `${who}: ${JSON.stringify(res.body._messages)}`).toBe(200);
      expect(res.cache).toContain('no-store');
      expect(res.body._messages).toEqual(['Create successfully']);
      const s = res.body._data.service;
      expect(s).toMatchObject({ priceType: 'range', price: 1_500_000, priceTo: 2_500_000, originalPrice: 3_000_000, promotion: 10, bufferTime: 60, isPackage: true, onlinePayment: true, isActive: true });
      const { rows } = await ctx.db.pool.query('select c.currency from public.hospitals h join public.countries c on c.id = h.country_id where h.id = $1', [org.hospitalIds[0]]);
      expect(s.currency).toBe(rows[0].currency.trim());
      // The existing triggers: the data history names the staff member, the change log starts a rebuild.
      const history = await ctx.db.pool.query(`select actor_role from public.data_history where table_name = 'hospital_services' and row_id = $1 and action = 'INSERT'`, [String(s.id)]);
      expect(history.rows).toEqual([{ actor_role: who }]);
      const change = await ctx.db.pool.query(`select 1 from public.directory_changes where entity = 'hospital_services' and entity_id = $1`, [s.id]);
      expect(change.rowCount).toBe(1);
    }
  });

  it('refuses a branch outside the caller scope: a branch manager on another branch, an organization manager on another organization', async () => {
    const sameOrgOtherBranch = await call('branch', 'POST', '/api/admin/services', service(org.hospitalIds[2] ?? org.hospitalIds[1]!));
    expect(sameOrgOtherBranch.status).toBe(422);
    expect(sameOrgOtherBranch.body._data.errors).toEqual({ hospital_branch_id: ['This branch does not exist or is not in your scope.'] });
    const otherOrg = await call('facility', 'POST', '/api/admin/services', service(other.hospitalIds[0]!));
    expect(otherOrg.status).toBe(422);
    // The doctor role has no services at all.
    expect((await call('doctor', 'POST', '/api/admin/services', service(org.hospitalIds[0]!))).status).toBe(403);
    expect((await call('doctor', 'GET', '/api/admin/services')).status).toBe(403);
  });

  it('the price rules: a range needs its upper price, not lower than the price; the original price not lower than the price', async () => {
    const noTo = await call('facility', 'POST', '/api/admin/services', service(org.hospitalIds[0]!, { price_to: '' }));
    expect(noTo.status).toBe(422);
    expect(noTo.body._data.errors).toEqual({ price_to: ['This field is required'] });
    const low = await call('facility', 'POST', '/api/admin/services', service(org.hospitalIds[0]!, { price_to: 1000, original_price: 10 }));
    expect(low.status).toBe(422);
    expect(low.body._data.errors).toEqual({ price_to: ['The upper price must not be lower than the price.'], original_price: ['The original price must not be lower than the price.'] });
    // In the caller's language.
    const vi = await fetch(`${server.url}/api/admin/services`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.facility}`, 'accept-language': 'vi-VN' },
      body: (() => {
        const fd = new FormData();
        for (const [k, v] of Object.entries(service(org.hospitalIds[0]!, { original_price: 10 }))) fd.set(k, String(v));
        return fd;
      })(),
    });
    expect(((await vi.json()) as { _data: { errors: Record<string, string[]> } })._data.errors.original_price).toEqual(['Giá gốc không được thấp hơn giá.']);
    // A fixed price drops an upper price sent with it.
    const fixed = await call('facility', 'POST', '/api/admin/services', service(org.hospitalIds[0]!, { price_type: 'fixed', price_to: 9_000_000 }));
    expect(fixed.status).toBe(200);
    expect(fixed.body._data.service).toMatchObject({ priceType: 'fixed', priceTo: null });
  });

  it('lists by role: a branch manager sees its branch only, an organization manager its organization, other organizations never', async () => {
    const mine = await call('branch', 'GET', '/api/admin/services?page=1');
    expect(mine.status).toBe(200);
    expect(mine.body._data.services.length).toBeGreaterThan(0);
    expect(new Set(mine.body._data.services.map((s: { branch: { id: number } }) => s.branch.id))).toEqual(new Set([org.hospitalIds[0]]));
    const facility = await call('facility', 'GET', `/api/admin/services?branchId=${other.hospitalIds[0]}`);
    expect(facility.body._data.services).toEqual([]);
    const keyword = await call('facility', 'GET', `/api/admin/services?keyword=${encodeURIComponent('Gói khám tổng')}`);
    expect(keyword.body._data.services.length).toBeGreaterThanOrEqual(4);
    expect(keyword.body._data.pagination).toMatchObject({ current: 1, per_page: 20 });
  });

  it('edits and deactivates within scope; a branch manager cannot touch another branch’s service', async () => {
    const created = (await call('facility', 'POST', '/api/admin/services', service(org.hospitalIds[1]!))).body._data.service;
    // The branch manager of hospitalIds[0] cannot read, edit, deactivate or delete it.
    expect((await call('branch', 'GET', `/api/admin/services/${created.id}`)).status).toBe(404);
    expect((await call('branch', 'PUT', `/api/admin/services/${created.id}`, service(org.hospitalIds[1]!))).status).toBe(404);
    expect((await call('branch', 'PUT', `/api/admin/services/${created.id}/status`, { status: 0 })).status).toBe(404);
    expect((await call('branch', 'DELETE', `/api/admin/services/${created.id}`)).status).toBe(404);
    expect((await call('otherBranch', 'PUT', `/api/admin/services/${created.id}/status`, { status: 0 })).status).toBe(404);
    // Nor move its own service there.
    const own = (await call('branch', 'POST', '/api/admin/services', service(org.hospitalIds[0]!))).body._data.service;
    const move = await call('branch', 'PUT', `/api/admin/services/${own.id}`, service(org.hospitalIds[1]!, { name: own.name }));
    expect(move.status).toBe(422);
    // The senior branch manager of both branches edits and deactivates it.
    const edit = await call('senior_branch', 'PUT', `/api/admin/services/${created.id}`, service(org.hospitalIds[1]!, { name: 'Tầm soát ung thư', price_type: 'starting', price: 900_000 }));
    expect(edit.status).toBe(200);
    expect(edit.body._data.service).toMatchObject({ name: 'Tầm soát ung thư', priceType: 'starting', price: 900_000, priceTo: null });
    const off = await call('senior_branch', 'PUT', `/api/admin/services/${created.id}/status`, { status: 0 });
    expect(off.status).toBe(200);
    expect(off.body._messages).toEqual(['The service is inactive.']);
    const { rows } = await ctx.db.pool.query('select status from public.hospital_services where id = $1', [created.id]);
    expect(rows[0].status).toBe(0);
  });

  it('deletes a service without bookings; one with bookings is refused (409) and can only be deactivated', async () => {
    const fresh = (await call('branch', 'POST', '/api/admin/services', service(org.hospitalIds[0]!))).body._data.service;
    const del = await call('branch', 'DELETE', `/api/admin/services/${fresh.id}`);
    expect(del.status).toBe(200);
    expect(del.body._messages).toEqual(['The service is deleted.']);
    const { rows } = await ctx.db.pool.query(
      `select s.id::int as id from public.hospital_services s join public.hospitals h on h.id = s.hospital_id
        where s.hospital_id = $1 and exists (select 1 from public.bookings b where b.service_id = s.id) limit 1`,
      [org.hospitalIds[0]],
    );
    if (rows[0]) {
      const booked = await call('branch', 'DELETE', `/api/admin/services/${rows[0].id}`);
      expect(booked.status).toBe(409);
      expect(booked.body._messages).toEqual(['This service has bookings and cannot be deleted. Deactivate the service instead.']);
    }
  });
});

describeEachEngine('admin organizations and branches', { seed: true }, (ctx) => {
  let server: TestServer;
  const tokens = {} as Record<string, string>;
  let org: Awaited<ReturnType<typeof firstOrganization>>;
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
    const make = async (key: string, role: 'admin' | 'facility' | 'senior_branch' | 'branch' | 'doctor', extra: { organizationId?: number | null; branchIds?: number[] } = {}) => {
      tokens[key] = await signAccessToken(await createStaff(ctx.db, { email: `org-${key}-${ctx.engine}@directory.test`, role, ...extra }));
    };
    await make('admin', 'admin');
    await make('facility', 'facility', { organizationId: org.organizationId });
    await make('newFacility', 'facility', { organizationId: null });
    await make('senior_branch', 'senior_branch', { organizationId: org.organizationId, branchIds: org.hospitalIds.slice(0, 2) });
    await make('branch', 'branch', { organizationId: org.organizationId, branchIds: [org.hospitalIds[0]!] });
  });
  afterAll(async () => {
    await server?.close();
    useDatabase(undefined);
  });

  it('SPEC §6: platform admins create organizations; an organization manager only while it has none, and then belongs to it', async () => {
    const list = await call('facility', 'GET', '/api/admin/directory/organizations');
    expect(list.status).toBe(200);
    expect(list.body._data.canCreate).toBe(false);
    expect(list.body._data.hospitals.map((h: { id: number }) => h.id)).toEqual([org.organizationId]);
    expect(list.body._data.hospitals[0].branches).toBe(org.hospitalIds.length);
    expect((await call('facility', 'POST', '/api/admin/directory/organizations', { name: 'Phòng khám Sài Gòn', country_id: 1 })).status).toBe(403);
    expect((await call('branch', 'POST', '/api/admin/directory/organizations', { name: 'Phòng khám Sài Gòn', country_id: 1 })).status).toBe(403);

    expect((await call('newFacility', 'GET', '/api/admin/directory/organizations')).body._data.canCreate).toBe(true);
    const made = await call('newFacility', 'POST', '/api/admin/directory/organizations', { name: 'Phòng khám Đa khoa Sài Gòn', country_id: 1, publish_reviews: true });
    expect(made.status).toBe(200);
    expect(made.body._data.organization).toMatchObject({ name: 'Phòng khám Đa khoa Sài Gòn', countryId: 1, branches: [], canManage: true });
    const { rows } = await ctx.db.pool.query(`select o.slug, a.organization_id::int as member from public.organizations o, public.admin_users a where o.id = $1 and a.email = $2`, [
      made.body._data.organization.id,
      `org-newFacility-${ctx.engine}@directory.test`,
    ]);
    expect(rows[0]).toEqual({ slug: 'phong-kham-da-khoa-sai-gon', member: made.body._data.organization.id });
    // Now it has one: no second.
    expect((await call('newFacility', 'POST', '/api/admin/directory/organizations', { name: 'Another', country_id: 1 })).status).toBe(403);
    // It adds two branches in its market's time zone.
    for (const name of ['Cơ sở Quận 1', 'Cơ sở Thủ Đức']) {
      const b = await call('newFacility', 'POST', `/api/admin/directory/organizations/${made.body._data.organization.id}/branches`, { name, address: '12 Lê Lợi, Quận 1, TP. Hồ Chí Minh' });
      expect(b.status).toBe(200);
      expect(b.body._data.branch).toMatchObject({ name, canPublish: true, status: null });
    }
    // A platform admin creates one in any market.
    const admin = await call('admin', 'POST', '/api/admin/directory/organizations', { name: 'Bangkok Care Group', country_id: 6 });
    expect(admin.status).toBe(200);
  });

  it('a branch manager edits its branch (hours, about sanitized, FAQs, banners) but neither another branch nor its publication', async () => {
    const own = (await call('branch', 'GET', `/api/admin/directory/branches/${org.hospitalIds[0]}`)).body._data.branch;
    expect(own.canPublish).toBe(false);
    const hours = { mon: [{ start: '13:30', end: '17:00' }, { start: '07:30', end: '11:30' }], tue: [{ start: '07:30', end: '17:00' }], wed: [], thu: [], fri: [], sat: [], sun: [] };
    const saved = await call('branch', 'PUT', `/api/admin/directory/branches/${org.hospitalIds[0]}`, branchForm(own, {
      working_times: hours,
      emergency_hours: true,
      about: '<p>Bệnh viện <strong>đa khoa</strong></p><script>alert(1)</script><p onclick="x()">Khoa cấp cứu 24/7 <a href="javascript:alert(1)">x</a></p>',
      faqs: [{ question: 'Có chỗ đậu xe không?', answer: 'Có, miễn phí 2 giờ.' }],
      images: ['http://localhost/storage/v1/object/public/banners/a.webp'],
    }));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const b = saved.body._data.branch;
    expect(b.workingTimes.mon).toEqual([{ start: '07:30', end: '11:30' }, { start: '13:30', end: '17:00' }]);
    expect(b.about).toBe('<p>Bệnh viện <strong>đa khoa</strong></p><p>Khoa cấp cứu 24/7 <a target="_blank" rel="noopener noreferrer nofollow">x</a></p>');
    expect(b.faqs).toEqual([{ question: 'Có chỗ đậu xe không?', answer: 'Có, miễn phí 2 giờ.' }]);
    const history = await ctx.db.pool.query(`select actor_role from public.data_history where table_name = 'hospitals' and row_id = $1 and action = 'UPDATE' order by id desc limit 1`, [String(org.hospitalIds[0])]);
    expect(history.rows).toEqual([{ actor_role: 'branch' }]);

    // Overlapping hours are refused with the field's message.
    const overlap = await call('branch', 'PUT', `/api/admin/directory/branches/${org.hospitalIds[0]}`, branchForm(own, { working_times: { ...hours, tue: [{ start: '07:30', end: '12:00' }, { start: '11:00', end: '17:00' }] } }));
    expect(overlap.status).toBe(422);
    expect(Object.values(overlap.body._data.errors).flat()).toContain('Opening hours of one day must not overlap.');
    // Publication and indexing are not the branch manager's.
    const publish = await call('branch', 'PUT', `/api/admin/directory/branches/${org.hospitalIds[0]}`, branchForm(own, { exclude_from_index: !own.excludeFromIndex }));
    expect(publish.status).toBe(403);
    // Nor is another branch (the read model and the save both refuse it).
    expect((await call('branch', 'GET', `/api/admin/directory/branches/${org.hospitalIds[1]}`)).status).toBe(404);
    expect((await call('branch', 'PUT', `/api/admin/directory/branches/${org.hospitalIds[1]}`, branchForm(own))).status).toBe(404);
    // The senior branch manager edits its second branch; the organization manager deactivates it.
    const second = (await call('senior_branch', 'GET', `/api/admin/directory/branches/${org.hospitalIds[1]}`)).body._data.branch;
    expect((await call('senior_branch', 'PUT', `/api/admin/directory/branches/${org.hospitalIds[1]}`, branchForm(second, { short_name: 'CS2' }))).status).toBe(200);
    const off = await call('facility', 'PUT', `/api/admin/directory/branches/${org.hospitalIds[1]}`, branchForm({ ...second, shortName: 'CS2' }, { is_active: false }));
    expect(off.status).toBe(200);
    expect(off.body._data.branch.isActive).toBe(false);
  });
});

describeEachEngine('admin vaccine prices', { seed: true }, (ctx) => {
  let server: TestServer;
  const tokens = {} as Record<string, string>;
  let org: Awaited<ReturnType<typeof firstOrganization>>;
  const call = async (who: string, method: string, path: string, body?: unknown) => {
    const res = await fetch(server.url + path, {
      method,
      headers: { authorization: `Bearer ${tokens[who]}`, 'accept-language': 'en-PH', ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as { _messages: string[]; _data: any } };
  };
  beforeAll(async () => {
    useDatabase(ctx.db);
    server = await startTestServer();
    org = await firstOrganization(ctx.db, 0);
    tokens.facility = await signAccessToken(await createStaff(ctx.db, { email: `vac-facility-${ctx.engine}@directory.test`, role: 'facility', organizationId: org.organizationId }));
    tokens.branch = await signAccessToken(await createStaff(ctx.db, { email: `vac-branch-${ctx.engine}@directory.test`, role: 'branch', organizationId: org.organizationId, branchIds: [org.hospitalIds[0]!] }));
  });
  afterAll(async () => {
    await server?.close();
    useDatabase(undefined);
  });

  it('the grid: the market\'s vaccines × the caller\'s branches, in the market currency', async () => {
    const facility = await call('facility', 'GET', `/api/admin/directory/vaccines?hospitalId=${org.organizationId}`);
    expect(facility.status).toBe(200);
    expect(facility.body._data.branches.map((b: { id: number }) => b.id)).toEqual(org.hospitalIds);
    expect(facility.body._data.vaccines.length).toBeGreaterThan(0);
    const branch = await call('branch', 'GET', `/api/admin/directory/vaccines?hospitalId=${org.organizationId}`);
    expect(branch.body._data.branches.map((b: { id: number }) => b.id)).toEqual([org.hospitalIds[0]]);
    expect(branch.body._data.cells.every((c: { hospitalId: number }) => c.hospitalId === org.hospitalIds[0])).toBe(true);
  });

  it('bulk-saves prices and statuses; out of stock keeps the vaccine detail (its page stays published); another branch is refused', async () => {
    const grid = (await call('branch', 'GET', `/api/admin/directory/vaccines?hospitalId=${org.organizationId}`)).body._data;
    const [v1, v2] = grid.vaccines;
    const items = [
      { vaccine_id: v1.id, hospital_id: org.hospitalIds[0], price: 650_000, percent_discount: 10, status: 'out_of_stock' },
      { vaccine_id: v2.id, hospital_id: org.hospitalIds[0], price: 420_000, percent_discount: null, status: 'limit' },
    ];
    const saved = await call('branch', 'PUT', '/api/admin/directory/vaccine-details', { items });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body._data.saved).toBe(2);
    const { rows } = await ctx.db.pool.query(`select status, price::float8 as price, percent_discount, price_unit from public.vaccine_details where hospital_id = $1 and vaccine_id = any ($2::bigint[]) order by vaccine_id`, [
      org.hospitalIds[0],
      [v1.id, v2.id],
    ]);
    expect(rows.map((r) => r.status).sort()).toEqual(['limit', 'out_of_stock']);
    expect(rows.every((r) => r.price_unit.trim() === grid.currency)).toBe(true);
    // Still a published vaccine detail: the public read (anon) sees the row.
    const anon = await ctx.db.pool.query(`select count(*)::int as n from public.vaccine_details d where d.vaccine_id = $1 and d.hospital_id = $2 and d.status = 'out_of_stock'`, [v1.id, org.hospitalIds[0]]);
    expect(anon.rows[0].n).toBe(1);
    const refused = await call('branch', 'PUT', '/api/admin/directory/vaccine-details', { items: [{ ...items[0], hospital_id: org.hospitalIds[1] }] });
    expect(refused.status).toBe(422);
    expect(refused.body._data.errors).toEqual({ hospital_id: ['This branch does not exist or is not in your scope.'] });
  });
});
