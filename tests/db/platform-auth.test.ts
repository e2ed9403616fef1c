/**
 * The local Supabase Auth stand-in, driven by the real @supabase/supabase-js client, and the functions verifying
 * its tokens: password and one-time-code sign-in, getUser, refresh, sign-out; roles and scopes on /api/admin/me
 * and /api/me.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { useDatabase } from '../../src/server/runtime';
import { jwtSecret } from '../../src/server/env';
import { setRateLimit } from '../../src/server/rate-limit';
import { adminMenu, adminMenuPaths } from '../../src/lib/admin-menu';
import { ACCOUNTS, DEMO_ACCOUNTS, DEMO_PASSWORD, SEED_SCOPE } from '../../supabase/seed/accounts';
import { localApiKey } from '../../scripts/stand-ins/auth';
import { clearMailbox, mailboxMessages } from '../../scripts/stand-ins/mailbox';
import { startTestServer, type TestServer } from '../support/test-server';
import { createAuthUser, createPatient, createStaff, firstOrganization, TEST_PASSWORD } from '../support/accounts';
import { describeEachEngine } from './support/engines';

describeEachEngine('auth stand-in with supabase-js, and authenticated functions', { seed: true }, (ctx) => {
  let server: TestServer;
  let anonKey: string;
  const ids: Record<string, string> = {};
  let org: Awaited<ReturnType<typeof firstOrganization>>;
  let otherOrg: Awaited<ReturnType<typeof firstOrganization>>;

  const client = (): SupabaseClient => createClient(server.url, anonKey, { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } });
  const call = (path: string, token?: string, init: RequestInit = {}) =>
    fetch(server.url + path, { ...init, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(init.headers ?? {}) } });
  const signIn = async (email: string) => {
    const { data, error } = await client().auth.signInWithPassword({ email, password: TEST_PASSWORD });
    expect(error).toBeNull();
    return data.session!.access_token;
  };

  beforeAll(async () => {
    useDatabase(ctx.db);
    server = await startTestServer();
    anonKey = await localApiKey('anon');
    org = await firstOrganization(ctx.db, 0);
    otherOrg = await firstOrganization(ctx.db, 1);
    ids.admin = await createStaff(ctx.db, { email: 'admin@platform.test', role: 'admin' });
    ids.super = await createStaff(ctx.db, { email: 'super@platform.test', role: 'super' });
    ids.facility = await createStaff(ctx.db, { email: 'facility@platform.test', role: 'facility', organizationId: org.organizationId });
    ids.senior = await createStaff(ctx.db, { email: 'senior@platform.test', role: 'senior_branch', organizationId: org.organizationId, branchIds: org.hospitalIds.slice(0, 2) });
    ids.branch = await createStaff(ctx.db, { email: 'branch@platform.test', role: 'branch', organizationId: org.organizationId, branchIds: [org.hospitalIds[0]] });
    ids.otherBranch = await createStaff(ctx.db, { email: 'branch2@platform.test', role: 'branch', organizationId: otherOrg.organizationId, branchIds: [otherOrg.hospitalIds[0]] });
    ids.inactive = await createStaff(ctx.db, { email: 'gone@platform.test', role: 'admin', active: false });
    ids.patient = await createPatient(ctx.db, {
      email: 'patient@platform.test',
      onboarded: true,
      family: [
        { name: 'Child One', birthday: '2015-02-03', relation: 'CHILD' },
        { name: 'Parent One', birthday: '1960-05-06', relation: 'PARENT' },
      ],
    });
    ids.newPatient = await createPatient(ctx.db, { email: 'patient-new@platform.test', onboarded: false });
  });
  afterAll(async () => {
    await server?.close();
    useDatabase(undefined);
    for (const b of ['sign_in', 'sign_in_ip', 'otp_send', 'otp_verify'] as const) setRateLimit(b, undefined);
  });
  beforeEach(() => {
    // Generous limits for the flow tests; the rate-limit test tightens its own.
    for (const b of ['sign_in', 'sign_in_ip', 'otp_send', 'otp_send_ip', 'otp_verify'] as const) setRateLimit(b, { limit: 1000, windowSeconds: 60 });
  });

  it('signs in with a password and reads the user, with a real JWT carrying exp, sub, role, email, aal and session_id', async () => {
    const sb = client();
    const { data, error } = await sb.auth.signInWithPassword({ email: 'patient@platform.test', password: TEST_PASSWORD });
    expect(error).toBeNull();
    const s = data.session!;
    const claims = JSON.parse(Buffer.from(s.access_token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ sub: ids.patient, role: 'authenticated', aud: 'authenticated', email: 'patient@platform.test', aal: 'aal1' });
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
    expect(claims.session_id).toMatch(/^[0-9a-f-]{36}$/);
    const user = await sb.auth.getUser(s.access_token);
    expect(user.error).toBeNull();
    expect(user.data.user).toMatchObject({ id: ids.patient, email: 'patient@platform.test' });
    const last = await ctx.db.pool.query('select last_sign_in_at from auth.users where id = $1', [ids.patient]);
    expect(last.rows[0].last_sign_in_at).not.toBeNull();
  });

  it('refuses a wrong password, an unknown e-mail and an unconfirmed e-mail with GoTrue error codes', async () => {
    const wrong = await client().auth.signInWithPassword({ email: 'patient@platform.test', password: 'nope-nope' });
    expect(wrong.error?.status).toBe(400);
    expect(wrong.error?.code).toBe('invalid_credentials');
    const unknown = await client().auth.signInWithPassword({ email: 'nobody@platform.test', password: TEST_PASSWORD });
    expect(unknown.error?.code).toBe('invalid_credentials');
    await createAuthUser(ctx.db, { email: 'unconfirmed@platform.test', confirmed: false });
    const unconfirmed = await client().auth.signInWithPassword({ email: 'unconfirmed@platform.test', password: TEST_PASSWORD });
    expect(unconfirmed.error?.code).toBe('email_not_confirmed');
  });

  it('refreshes a session with a rotating refresh token and detects reuse of an old one', async () => {
    const sb = client();
    const { data } = await sb.auth.signInWithPassword({ email: 'patient@platform.test', password: TEST_PASSWORD });
    const first = data.session!;
    const refreshed = await sb.auth.refreshSession({ refresh_token: first.refresh_token });
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session!.refresh_token).not.toBe(first.refresh_token);
    const claims = (t: string) => JSON.parse(Buffer.from(t.split('.')[1], 'base64url').toString());
    expect(claims(refreshed.data.session!.access_token).session_id).toBe(claims(first.access_token).session_id);
    // The old token again: the whole session ends.
    const reuse = await client().auth.refreshSession({ refresh_token: first.refresh_token });
    expect(reuse.error?.code).toBe('refresh_token_already_used');
    const after = await client().auth.refreshSession({ refresh_token: refreshed.data.session!.refresh_token });
    expect(after.error).not.toBeNull();
  });

  it('signs out: the session is gone for getUser and its refresh token no longer works', async () => {
    const sb = client();
    const { data } = await sb.auth.signInWithPassword({ email: 'patient@platform.test', password: TEST_PASSWORD });
    const s = data.session!;
    const out = await sb.auth.signOut();
    expect(out.error).toBeNull();
    const user = await client().auth.getUser(s.access_token);
    // GoTrue answers 403 session_not_found, which supabase-js reports as a missing session.
    expect(user.error?.name).toBe('AuthSessionMissingError');
    expect(user.data.user).toBeNull();
    const refresh = await client().auth.refreshSession({ refresh_token: s.refresh_token });
    expect(refresh.error).not.toBeNull();
  });

  it('signs a new patient up and in with a one-time code by e-mail; the code is in the mailbox page', async () => {
    clearMailbox();
    const sb = client();
    const sent = await sb.auth.signInWithOtp({ email: 'fresh-patient@platform.test' });
    expect(sent.error).toBeNull();
    const json = await (await fetch(`${server.url}/dev/mailbox?format=json&to=fresh-patient@platform.test`)).json();
    const code = json.messages[0].code as string;
    expect(code).toMatch(/^\d{6}$/);
    const html = await (await fetch(`${server.url}/dev/mailbox`)).text();
    expect(html).toContain(code);
    const bad = await sb.auth.verifyOtp({ email: 'fresh-patient@platform.test', token: code === '000000' ? '000001' : '000000', type: 'email' });
    expect(bad.error?.code).toBe('otp_expired');
    const ok = await sb.auth.verifyOtp({ email: 'fresh-patient@platform.test', token: code, type: 'email' });
    expect(ok.error).toBeNull();
    expect(ok.data.user?.email).toBe('fresh-patient@platform.test');
    const row = await ctx.db.pool.query('select email_confirmed_at from auth.users where email = $1', ['fresh-patient@platform.test']);
    expect(row.rows[0].email_confirmed_at).not.toBeNull();
    // A code is used once.
    const again = await client().auth.verifyOtp({ email: 'fresh-patient@platform.test', token: code, type: 'email' });
    expect(again.error?.code).toBe('otp_expired');
    // The new patient is signed in, not onboarded.
    const me = await (await call('/api/me', ok.data.session!.access_token)).json();
    expect(me._data.onboarding).toEqual({ onboarded: false, missing: ['name', 'phone', 'phone_verified_at', 'birthday', 'gender'] });
  });

  it('signs in with a one-time code by phone', async () => {
    clearMailbox();
    const sb = client();
    expect((await sb.auth.signInWithOtp({ phone: '+84 912 345 678' })).error).toBeNull();
    const [msg] = mailboxMessages('+84912345678');
    expect(msg.channel).toBe('sms');
    const ok = await sb.auth.verifyOtp({ phone: '+84912345678', token: msg.code, type: 'sms' });
    expect(ok.error).toBeNull();
    const user = await sb.auth.getUser();
    expect(user.data.user?.phone).toBe('84912345678');
  });

  it('refuses one-time codes for staff accounts', async () => {
    const r = await client().auth.signInWithOtp({ email: 'admin@platform.test' });
    expect(r.error?.code).toBe('otp_disabled');
  });

  it('rate-limits password sign-in and one-time codes with 429 and Retry-After', async () => {
    setRateLimit('sign_in', { limit: 3, windowSeconds: 600 });
    for (let i = 0; i < 3; i++) expect((await client().auth.signInWithPassword({ email: 'limited@platform.test', password: 'x' })).error?.status).toBe(400);
    const res = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: anonKey },
      body: JSON.stringify({ email: 'limited@platform.test', password: 'x' }),
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await res.json()).msg).toMatch(/Too many attempts/);
    setRateLimit('otp_send', { limit: 2, windowSeconds: 600 });
    await client().auth.signInWithOtp({ email: 'otp-limited@platform.test' });
    await client().auth.signInWithOtp({ email: 'otp-limited@platform.test' });
    const third = await client().auth.signInWithOtp({ email: 'otp-limited@platform.test' });
    expect(third.error?.status).toBe(429);
    // The key is stored hashed, never in clear.
    const stored = await ctx.db.pool.query(`select count(*)::int as n from private.rate_limits where key_hash like '%@%'`);
    expect(stored.rows[0].n).toBe(0);
  });

  it('answers /api/admin/me per role with the SPEC §2 menu, hospital and branches', async () => {
    for (const [who, email, role] of [
      ['admin', 'admin@platform.test', 'admin'],
      ['super', 'super@platform.test', 'super'],
      ['facility', 'facility@platform.test', 'facility'],
      ['senior', 'senior@platform.test', 'senior_branch'],
      ['branch', 'branch@platform.test', 'branch'],
    ] as const) {
      const res = await call('/api/admin/me', await signIn(email));
      expect(res.status, who).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const body = await res.json();
      expect(body._status).toBe(1);
      expect(body._data).toMatchObject({ id: ids[who], role, email });
      const paths: string[] = [];
      const walk = (es: { path?: string; children?: unknown[] }[]) => es.forEach((e) => (e.path && paths.push(e.path), e.children && walk(e.children as never)));
      walk(body._data.menu);
      expect(paths).toEqual(adminMenuPaths(role));
    }
    const senior = (await (await call('/api/admin/me', await signIn('senior@platform.test'))).json())._data;
    expect(senior.hospital).toEqual({ id: org.organizationId, name: org.organizationName });
    // The organization's market (issue #38 item 8: phones, prices and import files follow it, not the screen language).
    expect(senior.countryId).toBe((await ctx.db.pool.query('select country_id::int as c from public.organizations where id = $1', [org.organizationId])).rows[0].c);
    expect(senior.branches.map((b: { id: number }) => b.id).sort()).toEqual(org.hospitalIds.slice(0, 2).sort());
    const branch = (await (await call('/api/admin/me', await signIn('branch@platform.test'))).json())._data;
    expect(branch.branch.id).toBe(org.hospitalIds[0]);
  });

  it('a patient token cannot act as staff, and an inactive staff account is refused', async () => {
    const res = await call('/api/admin/me', await signIn('patient@platform.test'));
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ _status: -1, _messages: [expect.stringMatching(/permission/)] });
    const gone = await call('/api/admin/me', await signIn('gone@platform.test'));
    expect(gone.status).toBe(403);
  });

  it('RLS decides inside the caller transaction: one branch cannot read another organization\'s staff', async () => {
    // Through the function platform's transaction as the caller: the same rows the policies allow.
    const { asCaller } = await import('../../src/data/db');
    const seen = async (userId: string) =>
      asCaller(ctx.db, { role: 'authenticated', claims: { sub: userId, role: 'authenticated' } }, async (c) =>
        (await c.query('select user_id from public.admin_users')).rows.map((r) => r.user_id as string),
      );
    const byAdmin = await seen(ids.admin);
    expect(byAdmin).toEqual(expect.arrayContaining([ids.branch, ids.otherBranch]));
    const byBranch = await seen(ids.branch);
    expect(byBranch).toContain(ids.branch);
    expect(byBranch).not.toContain(ids.otherBranch);
    const byPatient = await seen(ids.patient);
    expect(byPatient).toEqual([]);
  });

  it('answers /api/me with the onboarding state and the family members of that patient only', async () => {
    const res = await call('/api/me', await signIn('patient@platform.test'));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json();
    expect(body._data.onboarding).toEqual({ onboarded: true, missing: [] });
    expect(body._data.familyMembers.map((f: { name: string }) => f.name)).toEqual(['Child One', 'Parent One']);
    const fresh = (await (await call('/api/me', await signIn('patient-new@platform.test'))).json())._data;
    expect(fresh.onboarding.onboarded).toBe(false);
    expect(fresh.familyMembers).toEqual([]);
  });

  it('refuses missing, expired, tampered and wrongly signed tokens: _status 5 on staff calls, 401 on patient calls', async () => {
    const good = await signIn('admin@platform.test');
    const now = Math.floor(Date.now() / 1000);
    const sign = (secret: string, exp: number) =>
      new SignJWT({ role: 'authenticated', aud: 'authenticated' }).setProtectedHeader({ alg: 'HS256' }).setSubject(ids.admin).setIssuedAt(now - 100).setExpirationTime(exp).sign(new TextEncoder().encode(secret));
    const [h, p, s] = good.split('.');
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...payload, sub: ids.super })).toString('base64url')}.${s}`;
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${p}.`;
    const cases: [string, string | undefined, RegExp][] = [
      ['missing', undefined, /sign in/i],
      ['expired', await sign(jwtSecret(), now - 10), /expired/i],
      ['tampered', tampered, /signature/i],
      ['wrong secret', await sign('another-secret-another-secret-another-secret', now + 600), /signature/i],
      ['alg none', none, /not valid/i],
      ['garbage', 'abc.def', /not valid/i],
    ];
    for (const [name, token, message] of cases) {
      const staff = await call('/api/admin/me', token);
      expect(staff.status, name).toBe(401);
      const sb = await staff.json();
      expect(sb._status, name).toBe(5);
      expect(sb._messages[0], name).toMatch(message);
      const patient = await call('/api/me', token);
      expect(patient.status, name).toBe(401);
      expect((await patient.json())._status, name).toBe(-1);
    }
  });

  it('signs in as every seeded account with supabase-js; staff get their role, scope and menu on /api/admin/me', async () => {
    const seeded: Record<string, string> = {};
    for (const a of DEMO_ACCOUNTS) {
      const { data, error } = await client().auth.signInWithPassword({ email: a.email, password: DEMO_PASSWORD });
      expect(error, a.email).toBeNull();
      expect(data.user?.id).toBe(a.id);
      seeded[a.email] = data.session!.access_token;
    }
    const get = async (path: string, email: string) => {
      const res = await call(path, seeded[email]);
      return { status: res.status, body: await res.json() };
    };
    for (const a of DEMO_ACCOUNTS.filter((a) => a.role !== 'patient')) {
      const { status, body } = await get('/api/admin/me', a.email);
      expect(status, a.email).toBe(200);
      expect(body._data.role).toBe(a.role);
      expect(body._data.menu).toEqual(adminMenu(a.role as never));
    }
    expect((await get('/api/admin/me', ACCOUNTS.facility.email)).body._data.hospital.id).toBe(SEED_SCOPE.organizationId);
    const senior = (await get('/api/admin/me', ACCOUNTS.seniorBranch.email)).body._data;
    expect(senior.branches.map((b: { id: number }) => b.id).sort()).toEqual([...SEED_SCOPE.seniorBranchHospitalIds].sort());
    expect((await get('/api/admin/me', ACCOUNTS.branch.email)).body._data.branch.id).toBe(SEED_SCOPE.branchHospitalId);
    expect((await get('/api/admin/me', ACCOUNTS.doctor.email)).body._data.doctorId).toEqual(expect.any(Number));

    // Seeded patients: refused on staff calls; each sees their own onboarding state and family only.
    for (const a of DEMO_ACCOUNTS.filter((a) => a.role === 'patient')) expect((await get('/api/admin/me', a.email)).status, a.email).toBe(403);
    const onboarded = (await get('/api/me', ACCOUNTS.patient.email)).body._data;
    expect(onboarded.onboarding.onboarded).toBe(true);
    expect(onboarded.familyMembers).toHaveLength(2);
    expect((await get('/api/me', ACCOUNTS.patientNew.email)).body._data.onboarding.onboarded).toBe(false);
    const other = (await get('/api/me', ACCOUNTS.patientOther.email)).body._data;
    const mine = new Set(onboarded.familyMembers.map((f: { id: number }) => f.id));
    expect(other.familyMembers.some((f: { id: number }) => mine.has(f.id))).toBe(false);
  });
});
