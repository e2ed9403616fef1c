/**
 * The admin authorization matrix (tests/support/admin-matrix.ts) through the HTTP API: each endpoint × each staff
 * role, a patient and anon answers the expected status, signed in with the real supabase-js client. Also the row
 * level of the users list: who sees whom.
 */
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDatabase } from '../../src/server/runtime';
import { localApiKey } from '../../scripts/stand-ins/auth';
import { ADMIN_MATRIX, PRINCIPALS, type Principal } from '../support/admin-matrix';
import { createPatient, createStaff, firstOrganization, TEST_PASSWORD } from '../support/accounts';
import { startTestServer, type TestServer } from '../support/test-server';
import { describeEachEngine } from './support/engines';

describeEachEngine('admin authorization matrix', { seed: true }, (ctx) => {
  let server: TestServer;
  const tokens: Partial<Record<Principal, string>> = {};
  const ids: Record<string, string> = {};
  let org: Awaited<ReturnType<typeof firstOrganization>>;
  let other: Awaited<ReturnType<typeof firstOrganization>>;

  beforeAll(async () => {
    useDatabase(ctx.db);
    server = await startTestServer();
    const anonKey = await localApiKey('anon');
    org = await firstOrganization(ctx.db, 0);
    other = await firstOrganization(ctx.db, 1);
    const emails: Record<Exclude<Principal, 'anon'>, string> = {
      admin: 'm-admin@matrix.test',
      super: 'm-super@matrix.test',
      facility: 'm-facility@matrix.test',
      senior_branch: 'm-senior@matrix.test',
      branch: 'm-branch@matrix.test',
      doctor: 'm-doctor@matrix.test',
      patient: 'm-patient@matrix.test',
    };
    await createStaff(ctx.db, { email: emails.admin, role: 'admin' });
    await createStaff(ctx.db, { email: emails.super, role: 'super' });
    await createStaff(ctx.db, { email: emails.facility, role: 'facility', organizationId: org.organizationId });
    await createStaff(ctx.db, { email: emails.senior_branch, role: 'senior_branch', organizationId: org.organizationId, branchIds: org.hospitalIds.slice(0, 2) });
    await createStaff(ctx.db, { email: emails.branch, role: 'branch', organizationId: org.organizationId, branchIds: [org.hospitalIds[0]!] });
    await createStaff(ctx.db, { email: emails.doctor, role: 'doctor' });
    await createPatient(ctx.db, { email: emails.patient, onboarded: true });
    ids.otherBranch = await createStaff(ctx.db, { email: 'm-other-branch@matrix.test', role: 'branch', organizationId: other.organizationId, branchIds: [other.hospitalIds[0]!] });
    ids.sameOrgBranch = await createStaff(ctx.db, { email: 'm-same-branch@matrix.test', role: 'branch', organizationId: org.organizationId, branchIds: [org.hospitalIds[1]!] });
    for (const [p, email] of Object.entries(emails)) {
      const client = createClient(server.url, anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
      const { data, error } = await client.auth.signInWithPassword({ email, password: TEST_PASSWORD });
      expect(error).toBeNull();
      tokens[p as Principal] = data.session!.access_token;
    }
  });
  /** Admin doctors rows: the fixture organization's market and a doctor of its first branch. */
  const doctorVars: Record<string, string> = {};
  beforeAll(async () => {
    const { rows } = await ctx.db.pool.query('select country_id, id from public.doctors where hospital_id = $1 order by id limit 1', [org.hospitalIds[0]]);
    doctorVars.countryId = String(rows[0].country_id);
    doctorVars.doctorId = String(rows[0].id);
  });
  afterAll(async () => {
    await server?.close();
  });

  const send = async (row: (typeof ADMIN_MATRIX)[number], who: Principal, vars: Record<string, string>) => {
    const fill = (text: string) => text.replace(/\{(\w+)\}/g, (_, k: string) => (k === 'principal' ? who : (vars[k] ?? '')));
    const path = fill(row.path);
    const headers: Record<string, string> = { ...(row.headers ?? {}) };
    if (tokens[who]) headers.authorization = `Bearer ${tokens[who]}`;
    if (row.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(server.url + path, { method: row.method, headers, body: row.body === undefined ? undefined : fill(JSON.stringify(row.body)) });
    const json = (await res.json()) as { _status: number };
    return { status: res.status, envelope: json._status };
  };

  for (const row of ADMIN_MATRIX) {
    it(`${row.method} ${row.path}`, async () => {
      const got: Record<string, number> = {};
      for (const who of PRINCIPALS) {
        const vars: Record<string, string> = { organizationId: String(org.organizationId), missingId: '00000000-0000-4000-a000-0000000000ff', ...doctorVars };
        if (row.mutates && row.path.includes('{freshDoctorId}')) {
          vars.freshDoctorId = String(
            (await ctx.db.pool.query(`insert into public.doctors (hospital_id, organization_id, country_id, name, slug) select id, organization_id, country_id, 'Matrix Doctor', $2 from public.hospitals where id = $1 returning id`, [org.hospitalIds[0], `matrix-${who.replace(/_/g, "-")}-${Date.now()}`])).rows[0].id,
          );
        } else if (row.mutates) {
          // A fresh target for each caller, so that a refused attempt and an allowed one are both real.
          vars.otherStaffId = await createStaff(ctx.db, { email: `m-target-${who}-${Date.now()}@matrix.test`, role: 'branch', organizationId: org.organizationId, branchIds: [org.hospitalIds[0]!] });
        }
        const r = await send(row, who, vars);
        got[who] = r.status;
        // Envelope and HTTP status agree: anon on a staff call is a session to renew (status 5).
        if (r.status === 401) expect(r.envelope, who).toBe(5);
        if (r.status === 200) expect(r.envelope, who).toBe(1);
      }
      expect(got).toEqual(row.expect);
    });
  }

  describe('staff accounts: grants, invitation, password reset', () => {
    const post = (who: Principal, path: string, body: unknown) =>
      fetch(server.url + path, { method: 'POST', headers: { authorization: `Bearer ${tokens[who]}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const input = (email: string, extra: Record<string, unknown> = {}) => ({ name: 'New Person', email, phone: '', role: 'branch', organizationId: org.organizationId, branchIds: [org.hospitalIds[0]], ...extra });

    it('an organization manager adds a branch manager to their organization, and an invitation is queued', async () => {
      const res = await post('facility', '/api/admin/users', input('m-new-branch@matrix.test'));
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body._data.user).toMatchObject({ email: 'm-new-branch@matrix.test', role: 'branch', hospital: { id: org.organizationId } });
      const mail = await ctx.db.pool.query(`select kind, to_email from public.outbox where to_email = 'm-new-branch@matrix.test'`);
      expect(mail.rows).toEqual([{ kind: 'staff-invitation', to_email: 'm-new-branch@matrix.test' }]);
    });

    it('refuses roles at or above the granter, other organizations and patient accounts', async () => {
      expect((await post('facility', '/api/admin/users', input('m-x1@matrix.test', { role: 'facility', branchIds: [] }))).status).toBe(403);
      expect((await post('facility', '/api/admin/users', input('m-x2@matrix.test', { role: 'admin', organizationId: null, branchIds: [] }))).status).toBe(403);
      expect((await post('facility', '/api/admin/users', input('m-x3@matrix.test', { organizationId: other.organizationId, branchIds: [other.hospitalIds[0]] }))).status).toBe(403);
      const patient = await post('admin', '/api/admin/users', input('m-patient@matrix.test'));
      expect(patient.status).toBe(403);
      expect((await patient.json())._messages[0]).toMatch(/patient/);
      expect((await post('admin', '/api/admin/users', input('m-x4@matrix.test', { branchIds: [org.hospitalIds[0], org.hospitalIds[1]] }))).status).toBe(422);
      const rows = await ctx.db.pool.query(`select count(*)::int as n from public.admin_users where email like 'm-x%@matrix.test' or email = 'm-patient@matrix.test'`);
      expect(rows.rows[0].n).toBe(0);
    });

    it('sets a new password through the e-mailed link, once', async () => {
      const res = await fetch(server.url + '/api/admin/forgot-password', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'm-branch@matrix.test' }) });
      expect(res.status).toBe(200);
      const mail = await ctx.db.pool.query(`select body_text from public.outbox where to_email = 'm-branch@matrix.test' and kind = 'staff-password-reset' order by id desc limit 1`);
      const token = /reset=([A-Za-z0-9_-]{43})/.exec(mail.rows[0].body_text)![1];
      const set = (password: string) => fetch(server.url + '/api/admin/reset-password', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token, password }) });
      expect((await set('Brand-new-pass-1')).status).toBe(200);
      expect((await set('Another-pass-22')).status).toBe(422);
      const client = createClient(server.url, await localApiKey('anon'), { auth: { persistSession: false, autoRefreshToken: false } });
      const { error } = await client.auth.signInWithPassword({ email: 'm-branch@matrix.test', password: 'Brand-new-pass-1' });
      expect(error).toBeNull();
    });
  });

  describe('users list scope (row-level security)', () => {
    const list = async (who: Principal, query = '') => {
      const res = await fetch(`${server.url}/api/admin/users?${query}`, { headers: { authorization: `Bearer ${tokens[who]}`, accept: 'application/json; version=2.0.0' } });
      expect(res.headers.get('cache-control')).toContain('no-store');
      return (await res.json())._data as { admins: { id: string; email: string; role: string; hospital: { id: number } | null }[]; pagination: { last: number; total_items: number } };
    };
    it('platform admins see every organization; managers only theirs', async () => {
      const admin = await list('admin', 'roleId=3&keyword=matrix.test');
      expect(admin.admins.map((a) => a.email)).toEqual(expect.arrayContaining(['m-other-branch@matrix.test', 'm-same-branch@matrix.test']));
      const facility = await list('facility', 'keyword=matrix.test');
      expect(facility.admins.every((a) => a.hospital?.id === org.organizationId)).toBe(true);
      expect(facility.admins.map((a) => a.email)).toContain('m-same-branch@matrix.test');
      expect(facility.admins.map((a) => a.email)).not.toContain('m-other-branch@matrix.test');
      const senior = await list('senior_branch', 'keyword=matrix.test');
      expect(senior.admins.every((a) => a.role === 'senior_branch' || a.role === 'branch')).toBe(true);
      expect(senior.admins.map((a) => a.email)).not.toContain('m-other-branch@matrix.test');
    });
    it('filters by role ids and pages with last and total_items', async () => {
      const only = await list('admin', 'roleId=6');
      expect(only.admins.every((a) => a.role === 'senior_branch')).toBe(true);
      const all = await list('admin');
      expect(all.pagination.total_items).toBeGreaterThanOrEqual(all.admins.length);
      expect(all.pagination.last).toBe(Math.max(1, Math.ceil(all.pagination.total_items / 20)));
      const bad = await fetch(`${server.url}/api/admin/users?roleId=9`, { headers: { authorization: `Bearer ${tokens.admin}`, accept: 'application/json; version=2.0.0' } });
      expect(bad.status).toBe(422);
    });
  });
});
