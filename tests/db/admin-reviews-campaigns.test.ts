/**
 * Admin reviews and campaigns end to end on both engines (issue #39): the review list scoped by role with its tabs,
 * counts and summary; a flagged review published only on confirmation; hiding with a reason; the hospital's reply
 * public only with its review; every change in the data history and the directory change log; campaigns created
 * by the admin only; a phone import with malformed numbers and a duplicate; and the check tool and the booking
 * flow's validation giving the same answer for each of reasons 1 to 5.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import reviewsHandler from '../../functions/admin-reviews';
import campaignsHandler from '../../functions/admin-campaigns';
import publicReviews from '../../functions/reviews';
import publicCampaign from '../../functions/campaign';
import { useDatabase } from '../../src/server/runtime';
import { CAMPAIGN_PHONES } from '../../supabase/seed/accounts';
import { PHONE_IMPORT_MESSAGES } from '../../src/lib/csv-import-campaign-phones';
import { createPatient, createStaff, firstOrganization } from '../support/accounts';
import { signAccessToken } from '../support/tokens';
import { describeEachEngine } from './support/engines';

const BASE = 'http://local.test';

describeEachEngine('admin reviews and campaigns', { seed: true }, (ctx) => {
  const tokens: Record<string, string> = {};
  let org: Awaited<ReturnType<typeof firstOrganization>>;
  let other: Awaited<ReturnType<typeof firstOrganization>>;
  let ownDoctorId: number;
  let flaggedId: number;
  let plainId: number;

  const call = (handler: (r: Request) => Promise<Response>, path: string, who: string | null, init: RequestInit & { json?: unknown } = {}) => {
    const headers: Record<string, string> = { 'accept-language': 'vi-VN', ...((init.headers as Record<string, string>) ?? {}) };
    if (who) headers.authorization = `Bearer ${tokens[who]}`;
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    return handler(new Request(`${BASE}${path}`, { method: init.method ?? (init.json !== undefined ? 'POST' : 'GET'), headers, body: init.json === undefined ? undefined : JSON.stringify(init.json) }));
  };
  const json = async (res: Response) => ({ status: res.status, body: await res.json() });
  const q = async (sql: string, params: unknown[] = []) => (await ctx.db.pool.query(sql, params)).rows;

  beforeAll(async () => {
    useDatabase(ctx.db);
    org = await firstOrganization(ctx.db);
    other = await firstOrganization(ctx.db, 1);
    const [b1, b2] = org.hospitalIds;
    tokens.admin = await signAccessToken(await createStaff(ctx.db, { email: 'rc-admin@rc.test', role: 'admin' }));
    tokens.super = await signAccessToken(await createStaff(ctx.db, { email: 'rc-super@rc.test', role: 'super' }));
    tokens.facility = await signAccessToken(await createStaff(ctx.db, { email: 'rc-facility@rc.test', role: 'facility', organizationId: org.organizationId }));
    tokens.otherFacility = await signAccessToken(await createStaff(ctx.db, { email: 'rc-other@rc.test', role: 'facility', organizationId: other.organizationId }));
    tokens.branch = await signAccessToken(await createStaff(ctx.db, { email: 'rc-branch@rc.test', role: 'branch', organizationId: org.organizationId, branchIds: [b1] }));
    tokens.senior = await signAccessToken(await createStaff(ctx.db, { email: 'rc-senior@rc.test', role: 'senior_branch', organizationId: org.organizationId, branchIds: [b1, b2] }));
    const doctorUser = await createStaff(ctx.db, { email: 'rc-doctor@rc.test', role: 'doctor', organizationId: org.organizationId });
    ownDoctorId = (await q('select id from public.doctors where hospital_id = $1 and user_id is null order by id limit 1', [b1]))[0].id;
    await q('update public.doctors set user_id = $1 where id = $2', [doctorUser, ownDoctorId]);
    tokens.doctor = await signAccessToken(doctorUser);
    // Two reviews of the doctor waiting for a look: one names a phone number.
    const ins = `insert into public.reviews (author_name, doctor_id, hospital_id, rate, feedback, status, is_published) values ($1, $2, $3, $4, $5, 'pending', false) returning id`;
    flaggedId = (await q(ins, ['Phạm Quốc Bảo', ownDoctorId, b1, 2, 'Gọi tôi số 0912 345 678 để giải thích.']))[0].id;
    plainId = (await q(ins, ['Đỗ Minh Anh', ownDoctorId, b1, 5, 'Tư vấn rõ ràng, đúng giờ.']))[0].id;
  });
  afterAll(() => useDatabase(undefined));

  const reviewCounts = async (where: string, params: unknown[]) =>
    Object.fromEntries((await q(`select r.status, count(*)::int as n from public.reviews r join public.hospitals h on h.id = r.hospital_id where ${where} group by r.status`, params)).map((r) => [r.status, r.n]));

  it('lists each role its own scope, with counts per tab and the published rating summary', async () => {
    const counts = async (who: string) => (await json(await call(reviewsHandler, '/api/admin/reviews', who))).body._data.summary.counts;
    const expected = async (where: string, params: unknown[]) => ({ pending: 0, published: 0, hidden: 0, ...(await reviewCounts(where, params)) });
    expect(await counts('facility')).toEqual(await expected('h.organization_id = $1', [org.organizationId]));
    expect(await counts('branch')).toEqual(await expected('r.hospital_id = $1', [org.hospitalIds[0]]));
    expect(await counts('senior')).toEqual(await expected('r.hospital_id = any ($1)', [org.hospitalIds.slice(0, 2)]));
    expect(await counts('doctor')).toEqual(await expected('r.doctor_id = $1', [ownDoctorId]));
    // Another organization's manager sees none of these, even the published ones the public policy would show.
    const others = (await json(await call(reviewsHandler, `/api/admin/reviews?status=published&hospitalId=${org.organizationId}`, 'otherFacility'))).body._data;
    expect(others.pagination.total_items).toBe(0);
    const { body } = await json(await call(reviewsHandler, `/api/admin/reviews?status=published&branchId=${org.hospitalIds[0]}&sort=LOWEST_RATING`, 'facility'));
    const rates = body._data.reviews.map((r: { rate: number }) => r.rate);
    expect(rates).toEqual([...rates].sort((a, b) => a - b));
    const stars = await q(`select rate, count(*)::int as n from public.reviews where hospital_id = $1 and status = 'published' group by rate`, [org.hospitalIds[0]]);
    for (const s of stars) expect(body._data.summary.stars[s.rate]).toBe(s.n);
    expect(body._data.organization).toMatchObject({ id: org.organizationId, holdNewReviews: false });
  });

  it('filters by rating, doctor, keyword and dates, and flags the review naming a phone number', async () => {
    const { body } = await json(await call(reviewsHandler, `/api/admin/reviews?status=pending&doctorId=${ownDoctorId}`, 'branch'));
    const flagged = body._data.reviews.find((r: { id: number }) => r.id === flaggedId);
    expect(flagged.flags).toEqual(['phone']);
    expect(body._data.reviews.find((r: { id: number }) => r.id === plainId).flags).toEqual([]);
    const rating = (await json(await call(reviewsHandler, `/api/admin/reviews?status=pending&doctorId=${ownDoctorId}&rating=5`, 'branch'))).body._data.reviews;
    expect(rating.map((r: { id: number }) => r.id)).toEqual([plainId]);
    const kw = (await json(await call(reviewsHandler, `/api/admin/reviews?status=pending&keyword=${encodeURIComponent('giải thích')}`, 'branch'))).body._data.reviews;
    expect(kw.map((r: { id: number }) => r.id)).toContain(flaggedId);
    expect(kw.map((r: { id: number }) => r.id)).not.toContain(plainId);
    const future = (await json(await call(reviewsHandler, `/api/admin/reviews?status=pending&from=2099-01-01`, 'branch'))).body._data.reviews;
    expect(future).toEqual([]);
  });

  it('publishes a flagged review only when confirmed, and records the change for the history and the rebuild', async () => {
    const refused = await json(await call(reviewsHandler, '/api/admin/reviews/moderation', 'branch', { json: { ids: [flaggedId, plainId], status: 'published' } }));
    expect(refused.status).toBe(422);
    expect((await q('select status from public.reviews where id = $1', [plainId]))[0].status).toBe('pending');
    // The doctor reads but never moderates; another organization's manager does not find the review.
    expect((await call(reviewsHandler, '/api/admin/reviews/moderation', 'doctor', { json: { ids: [plainId], status: 'published' } })).status).toBe(403);
    expect((await call(reviewsHandler, '/api/admin/reviews/moderation', 'otherFacility', { json: { ids: [plainId], status: 'published' } })).status).toBe(404);
    const changesBefore = (await q(`select count(*)::int as n from public.directory_changes where entity = 'reviews'`))[0].n;
    const ok = await json(await call(reviewsHandler, '/api/admin/reviews/moderation', 'branch', { json: { ids: [plainId], status: 'published' } }));
    expect(ok).toMatchObject({ status: 200, body: { _data: { changed: 1 } } });
    expect((await q('select status, is_published from public.reviews where id = $1', [plainId]))[0]).toEqual({ status: 'published', is_published: true });
    const history = await q(`select actor_role, before->>'status' as b, after->>'status' as a from public.data_history where table_name = 'reviews' and row_id = $1 and action = 'UPDATE'`, [String(plainId)]);
    expect(history).toContainEqual({ actor_role: 'branch', b: 'pending', a: 'published' });
    expect((await q(`select count(*)::int as n from public.directory_changes where entity = 'reviews'`))[0].n).toBeGreaterThan(changesBefore);
  });

  it('hides with a reason only, and a hidden review leaves the public list', async () => {
    expect((await call(reviewsHandler, '/api/admin/reviews/moderation', 'facility', { json: { ids: [flaggedId], status: 'hidden' } })).status).toBe(422);
    const ok = await json(await call(reviewsHandler, '/api/admin/reviews/moderation', 'facility', { json: { ids: [flaggedId], status: 'hidden', reason: 'Names a phone number' } }));
    expect(ok.status).toBe(200);
    expect((await q('select status, hidden_reason from public.reviews where id = $1', [flaggedId]))[0]).toEqual({ status: 'hidden', hidden_reason: 'Names a phone number' });
    const pub = (await json(await call(publicReviews, `/api/reviews?doctor_id=${ownDoctorId}&page=1`, null))).body._data.reviews.map((r: { id: number }) => r.id);
    expect(pub).not.toContain(flaggedId);
  });

  it("shows the hospital's reply publicly only with its published review", async () => {
    const saved = await json(await call(reviewsHandler, `/api/admin/reviews/${plainId}/reply`, 'senior', { method: 'PUT', json: { body: 'Thank you for taking the time to share your feedback.' } }));
    expect(saved).toMatchObject({ status: 200, body: { _data: { reply: { body: 'Thank you for taking the time to share your feedback.' } } } });
    expect((await call(reviewsHandler, `/api/admin/reviews/${plainId}/reply`, 'doctor', { method: 'PUT', json: { body: 'x' } })).status).toBe(403);
    expect((await call(reviewsHandler, `/api/admin/reviews/${plainId}/reply`, 'otherFacility', { method: 'PUT', json: { body: 'x' } })).status).toBe(404);
    const publicReply = async () => (await json(await call(publicReviews, `/api/reviews?doctor_id=${ownDoctorId}&page=1&sort=HIGHEST_RATING`, null))).body._data.reviews.find((r: { id: number }) => r.id === plainId)?.reply ?? null;
    expect(await publicReply()).toMatchObject({ body: 'Thank you for taking the time to share your feedback.' });
    await call(reviewsHandler, '/api/admin/reviews/moderation', 'branch', { json: { ids: [plainId], status: 'hidden', reason: 'Checking' } });
    expect(await publicReply()).toBeNull();
    await call(reviewsHandler, '/api/admin/reviews/moderation', 'branch', { json: { ids: [plainId], status: 'published' } });
    const removed = await json(await call(reviewsHandler, `/api/admin/reviews/${plainId}/reply`, 'branch', { method: 'PUT', json: { body: '  ' } }));
    expect(removed.body._data.reply).toBeNull();
    expect(await publicReply()).toBeNull();
    expect((await q(`select action from public.data_history where table_name = 'review_replies' and row_id = $1 order by id`, [String(plainId)])).map((r) => r.action)).toEqual(['INSERT', 'DELETE']);
  });

  it("sets the organization's hold of new reviews: platform admins and its own manager only", async () => {
    const body = { organizationId: org.organizationId, holdNewReviews: true };
    expect((await call(reviewsHandler, '/api/admin/reviews/hold', 'branch', { method: 'PUT', json: body })).status).toBe(403);
    expect((await call(reviewsHandler, '/api/admin/reviews/hold', 'otherFacility', { method: 'PUT', json: body })).status).toBe(404);
    expect((await json(await call(reviewsHandler, '/api/admin/reviews/hold', 'facility', { method: 'PUT', json: body }))).body._data).toEqual(body);
    expect((await q('select hold_new_reviews from public.organizations where id = $1', [org.organizationId]))[0].hold_new_reviews).toBe(true);
    await call(reviewsHandler, '/api/admin/reviews/hold', 'admin', { method: 'PUT', json: { ...body, holdNewReviews: false } });
    expect((await q('select hold_new_reviews from public.organizations where id = $1', [org.organizationId]))[0].hold_new_reviews).toBe(false);
  });

  it('lets only the admin create a campaign, refusing a code already used in the market', async () => {
    const form = { code: 'spring-vaccines', name: 'Spring vaccines', sponsor: 'Sponsor Co', countryId: 1, startsOn: '2027-03-01', endsOn: '2027-05-31', maxCancellations: 2, isActive: true };
    for (const who of ['super', 'facility', 'branch', 'doctor']) expect((await call(campaignsHandler, '/api/admin/campaigns', who, { json: form })).status, who).toBe(403);
    const created = await json(await call(campaignsHandler, '/api/admin/campaigns', 'admin', { json: form }));
    expect(created.status).toBe(200);
    expect(created.body._data.campaign).toMatchObject({ code: 'spring-vaccines', startsOn: '2027-03-01', endsOn: '2027-05-31', maxCancellations: 2, phones: 0 });
    const again = await json(await call(campaignsHandler, '/api/admin/campaigns', 'admin', { json: form }));
    expect(again.status).toBe(422);
    const id = created.body._data.campaign.id;
    const edited = await json(await call(campaignsHandler, `/api/admin/campaigns/${id}`, 'admin', { method: 'PUT', json: { ...form, endsOn: null, isActive: false } }));
    expect(edited.body._data.campaign).toMatchObject({ endsOn: null, isActive: false });
    const listed = (await json(await call(campaignsHandler, '/api/admin/campaigns?countryId=1&keyword=spring', 'admin'))).body._data.campaigns;
    expect(listed.map((c: { id: number }) => c.id)).toEqual([id]);
  });

  it('imports 50 numbers: stores 47 normalised, lists the 2 malformed and the duplicate', async () => {
    const id = (await q(`select id from public.campaigns where code = 'spring-vaccines'`))[0].id;
    const records = Array.from({ length: 50 }, (_, i) => ({ line: i + 2, data: { phone: i % 2 ? `+84 902 ${String(100000 + i).slice(0, 3)} ${String(100000 + i).slice(3)}` : `0902${String(100000 + i)}`, expired_date: '2027-12-31' } }));
    records[10].data.phone = '12345';
    records[20].data.phone = '0902-abc-000';
    records[30].data.phone = records[4].data.phone;
    const res = await json(await call(campaignsHandler, `/api/admin/campaigns/${id}/phones/import`, 'admin', { json: { file_name: 'phones.csv', records } }));
    expect(res.status).toBe(200);
    expect(res.body._data.saved).toBe(47);
    expect(res.body._data.failed.map((f: { line: number }) => f.line)).toEqual([12, 22, 32]);
    // In the caller's language (vi-VN asked).
    expect(res.body._data.failed[2].messages[0]).not.toBe(PHONE_IMPORT_MESSAGES.duplicateInFile);
    const stored = await q('select phone from public.campaign_phones where campaign_id = $1', [id]);
    expect(stored).toHaveLength(47);
    expect(stored.every((r) => /^0902\d{6}$/.test(r.phone))).toBe(true);
    const ledger = (await json(await call(campaignsHandler, `/api/admin/campaigns/${id}/phones?page=3`, 'admin'))).body._data;
    expect(ledger.pagination).toMatchObject({ total_items: 47, last: 3 });
    expect(ledger.phones).toHaveLength(7);
    // A second import of a stored number is a duplicate too.
    const second = await json(await call(campaignsHandler, `/api/admin/campaigns/${id}/phones/import`, 'admin', { json: { file_name: 'again.csv', records: [records[0]] } }));
    expect(second.body._data).toMatchObject({ saved: 0, failed: [{ line: 2 }] });
  });

  it("changes one number's expiry, and the check answers reason 1 after it", async () => {
    const id = (await q(`select id from public.campaigns where code = 'spring-vaccines'`))[0].id;
    // The campaign is active again for the check (the edit test switched it off).
    await q('update public.campaigns set is_active = true where id = $1', [id]);
    const phone = (await q('select id, phone from public.campaign_phones where campaign_id = $1 order by id limit 1', [id]))[0];
    const check = async () => (await json(await call(campaignsHandler, `/api/admin/campaigns/${id}/check`, 'admin', { json: { phone: phone.phone } }))).body._data;
    expect(await check()).toMatchObject({ valid: true, reason: null, normalized: phone.phone });
    const path = `/api/admin/campaigns/${id}/phones/${phone.id}`;
    expect((await call(campaignsHandler, path, 'facility', { method: 'PUT', json: { expiredDate: '2020-01-31' } })).status).toBe(403);
    expect((await call(campaignsHandler, path, 'admin', { method: 'PUT', json: { expiredDate: '2020-02-30' } })).status).toBe(422);
    expect((await call(campaignsHandler, `/api/admin/campaigns/${id}/phones/999999999`, 'admin', { method: 'PUT', json: { expiredDate: '2020-01-31' } })).status).toBe(404);
    const saved = await json(await call(campaignsHandler, path, 'admin', { method: 'PUT', json: { expiredDate: '2020-01-31' } }));
    expect(saved.body._data).toEqual({ id: phone.id, expiredDate: '2020-01-31' });
    expect(await check()).toMatchObject({ valid: false, reason: 1 });
  });

  it('answers each of the six states the same through the check tool and the booking flow', async () => {
    const campaignId = (await q(`select id from public.campaigns where code = 'baby-formula' and country_id = 1`))[0].id;
    const doctorId = (await q(`select id from public.doctors where country_id = 1 and baby_formula_campaign and status = 1 order by id limit 1`))[0].id;
    const expected: Record<keyof typeof CAMPAIGN_PHONES, number | null> = { eligible: null, expired: 1, expiredNotCompleted: 1, cancelledThreeTimes: 2, upcomingBooking: 3, completedBooking: 4, notEligible: 5 };
    for (const [state, phone] of Object.entries(CAMPAIGN_PHONES) as [keyof typeof CAMPAIGN_PHONES, string][]) {
      const patient = await createPatient(ctx.db, { email: `rc-${state.toLowerCase()}@rc.test`, onboarded: true });
      await q('update public.patients set phone = $2 where user_id = $1', [patient, `+84${phone.slice(1)}`]);
      tokens[state] = await signAccessToken(patient);
      const flow = (await json(await call(publicCampaign, `/api/campaigns/baby-formula/validation?booking_type=doctor&doctor_id=${doctorId}`, state))).body._data;
      const tool = (await json(await call(campaignsHandler, `/api/admin/campaigns/${campaignId}/check`, 'admin', { json: { phone: phone.replace(/(\d{4})(\d{3})(\d{3})/, '$1 $2 $3') } }))).body._data;
      expect(tool.reason, state).toBe(expected[state]);
      expect(tool.valid, state).toBe(expected[state] === null);
      expect({ valid: tool.valid, message: tool.message, reason: tool.reason }, state).toEqual(flow);
    }
    // The caller's language: the same answer in English for an English-speaking admin.
    const en = (await json(await call(campaignsHandler, `/api/admin/campaigns/${campaignId}/check`, 'admin', { json: { phone: CAMPAIGN_PHONES.cancelledThreeTimes }, headers: { 'accept-language': 'en-PH' } }))).body._data;
    expect(en.reason).toBe(2);
    expect(en.message).toContain('1900 6868');
    expect((await call(campaignsHandler, `/api/admin/campaigns/${campaignId}/check`, 'facility', { json: { phone: CAMPAIGN_PHONES.eligible } })).status).toBe(403);
  });

  it("manages the baby-formula campaign's doctors", async () => {
    const campaignId = (await q(`select id from public.campaigns where code = 'baby-formula' and country_id = 1`))[0].id;
    const doctor = (await q(`select id, name from public.doctors where country_id = 1 and not baby_formula_campaign order by id limit 1`))[0];
    const found = (await json(await call(campaignsHandler, `/api/admin/campaigns/${campaignId}/doctors?keyword=${encodeURIComponent(doctor.name.slice(0, 6))}`, 'admin'))).body._data;
    expect(found.applies).toBe(true);
    expect(found.candidates.map((d: { id: number }) => d.id)).toContain(doctor.id);
    expect((await call(campaignsHandler, `/api/admin/campaigns/${campaignId}/doctors/${doctor.id}`, 'admin', { method: 'PUT', json: { inCampaign: true } })).status).toBe(200);
    expect((await q('select baby_formula_campaign from public.doctors where id = $1', [doctor.id]))[0].baby_formula_campaign).toBe(true);
    const other = (await q(`select id from public.campaigns where code = 'spring-vaccines'`))[0].id;
    expect((await call(campaignsHandler, `/api/admin/campaigns/${other}/doctors/${doctor.id}`, 'admin', { method: 'PUT', json: { inCampaign: false } })).status).toBe(422);
  });
});
