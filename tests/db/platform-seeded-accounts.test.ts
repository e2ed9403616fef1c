/**
 * Done-when of issue #4: the real supabase-js client signs in as each seeded account against the local auth
 * stand-in, and protected endpoints answer by role; a patient cannot act as staff.
 */
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminMenu } from '../../src/lib/admin-menu';
import { useDatabase } from '../../src/server/runtime';
import { setRateLimit } from '../../src/server/rate-limit';
import { localApiKey } from '../../scripts/stand-ins/auth';
import { ACCOUNTS, DEMO_ACCOUNTS, DEMO_PASSWORD, SEED_SCOPE } from '../../supabase/seed/accounts';
import { startTestServer, type TestServer } from '../support/test-server';
import { describeEachEngine } from './support/engines';

describeEachEngine('seeded accounts through supabase-js and the functions', { seed: true }, (ctx) => {
  let server: TestServer;
  let anonKey: string;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    useDatabase(ctx.db);
    setRateLimit('sign_in_ip', { limit: 1000, windowSeconds: 60 });
    server = await startTestServer();
    anonKey = await localApiKey('anon');
    for (const a of DEMO_ACCOUNTS) {
      const sb = createClient(server.url, anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
      const { data, error } = await sb.auth.signInWithPassword({ email: a.email, password: DEMO_PASSWORD });
      expect(error, a.email).toBeNull();
      expect(data.user?.id).toBe(a.id);
      tokens[a.email] = data.session!.access_token;
    }
  });
  afterAll(async () => {
    await server?.close();
    useDatabase(undefined);
    setRateLimit('sign_in_ip', undefined);
  });

  const get = async (path: string, email: string) => {
    const res = await fetch(server.url + path, { headers: { authorization: `Bearer ${tokens[email]}` } });
    return { status: res.status, body: await res.json() };
  };

  it('gives each staff account its role, scope and menu on /api/admin/me', async () => {
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
  });

  it('refuses patients on staff calls and gives each patient their own onboarding state and family', async () => {
    for (const a of DEMO_ACCOUNTS.filter((a) => a.role === 'patient')) {
      expect((await get('/api/admin/me', a.email)).status, a.email).toBe(403);
    }
    const onboarded = (await get('/api/me', ACCOUNTS.patient.email)).body._data;
    expect(onboarded.onboarding.onboarded).toBe(true);
    expect(onboarded.familyMembers).toHaveLength(2);
    const fresh = (await get('/api/me', ACCOUNTS.patientNew.email)).body._data;
    expect(fresh.onboarding.onboarded).toBe(false);
    const other = (await get('/api/me', ACCOUNTS.patientOther.email)).body._data;
    const mine = new Set(onboarded.familyMembers.map((f: { id: number }) => f.id));
    expect(other.familyMembers.some((f: { id: number }) => mine.has(f.id))).toBe(false);
  });
});
