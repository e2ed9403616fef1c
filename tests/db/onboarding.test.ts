/**
 * Care onboarding against the auth stand-in, driven by the real @supabase/supabase-js client: confirming a phone
 * or an e-mail on an existing account (PUT /auth/v1/user, then POST /auth/v1/verify type phone_change or
 * email_change, as GoTrue answers them), and PUT /api/me/profile, whose phone and e-mail come only from what
 * Auth confirmed.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useDatabase } from '../../src/server/runtime';
import { setRateLimit } from '../../src/server/rate-limit';
import { localApiKey, setChangeMaxFrequency, setSecureEmailChange, SINGLE_CONFIRMATION_ACCEPTED } from '../../scripts/stand-ins/auth';
import { mailboxMessages } from '../../scripts/stand-ins/mailbox';
import { startTestServer, type TestServer } from '../support/test-server';
import { createAuthUser, TEST_PASSWORD } from '../support/accounts';
import { describeEachEngine } from './support/engines';

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());

describeEachEngine('care onboarding: phone and e-mail confirmation, profile', { seed: true }, (ctx) => {
  let server: TestServer;
  let anonKey: string;
  let n = 0;
  /** A number no other test of this run uses (E.164, Vietnam). */
  const freshPhone = () => `+8491${String(Date.now() % 100000).padStart(5, '0')}${String(n++).padStart(2, '0')}`;
  const client = (): SupabaseClient => createClient(server.url, anonKey, { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } });
  const codeFor = (to: string) => {
    const [m] = mailboxMessages(to);
    expect(m, `a message to ${to}`).toBeDefined();
    return m.code;
  };
  const wrong = (code: string) => (code === '000000' ? '000001' : '000000');
  const call = (path: string, token: string | undefined, init: RequestInit = {}) =>
    fetch(server.url + path, { ...init, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...(init.headers ?? {}) } });
  const putProfile = (token: string | undefined, body: unknown) => call('/api/me/profile', token, { method: 'PUT', body: JSON.stringify(body) });

  /** A patient signed up and in with an e-mail code, as the login step does. */
  async function emailPatient(email: string): Promise<SupabaseClient> {
    const sb = client();
    expect((await sb.auth.signInWithOtp({ email })).error).toBeNull();
    const ok = await sb.auth.verifyOtp({ email, token: codeFor(email), type: 'email' });
    expect(ok.error).toBeNull();
    return sb;
  }
  async function phonePatient(phone: string): Promise<SupabaseClient> {
    const sb = client();
    expect((await sb.auth.signInWithOtp({ phone })).error).toBeNull();
    const ok = await sb.auth.verifyOtp({ phone, token: codeFor(phone), type: 'sms' });
    expect(ok.error).toBeNull();
    return sb;
  }
  const token = async (sb: SupabaseClient) => (await sb.auth.getSession()).data.session!.access_token;
  const authRow = async (id: string) => (await ctx.db.pool.query('select email, phone, email_confirmed_at, phone_confirmed_at, phone_change, email_change from auth.users where id = $1', [id])).rows[0];

  beforeAll(async () => {
    useDatabase(ctx.db);
    server = await startTestServer();
    anonKey = await localApiKey('anon');
  });
  afterAll(async () => {
    await server?.close();
    useDatabase(undefined);
    setSecureEmailChange(true);
    for (const b of ['otp_send', 'otp_send_ip', 'otp_verify'] as const) setRateLimit(b, undefined);
  });
  beforeEach(() => {
    for (const b of ['otp_send', 'otp_send_ip', 'otp_verify'] as const) setRateLimit(b, { limit: 1000, windowSeconds: 60 });
  });

  describe('phone_change', () => {
    it('updateUser({ phone }) keeps the number pending and sends a code; verifyOtp type phone_change confirms it and signs in anew', async () => {
      const sb = await emailPatient(`phone-change-${ctx.engine}@onboarding.test`);
      const before = (await sb.auth.getUser()).data.user!;
      const phone = freshPhone();
      const digits = phone.slice(1);
      const upd = await sb.auth.updateUser({ phone });
      expect(upd.error).toBeNull();
      expect(upd.data.user).toMatchObject({ id: before.id, phone: '', new_phone: digits });
      expect((upd.data.user as unknown as { phone_change_sent_at?: string }).phone_change_sent_at).toBeTruthy();
      expect(await authRow(before.id)).toMatchObject({ phone: null, phone_confirmed_at: null, phone_change: digits });
      const [sms] = mailboxMessages(phone);
      expect(sms).toMatchObject({ channel: 'sms', to: phone });

      const bad = await sb.auth.verifyOtp({ phone, token: wrong(sms.code), type: 'phone_change' });
      expect(bad.error?.code).toBe('otp_expired');
      expect(bad.error?.status).toBe(403);
      const ok = await sb.auth.verifyOtp({ phone, token: sms.code, type: 'phone_change' });
      expect(ok.error).toBeNull();
      expect(ok.data.user).toMatchObject({ id: before.id, phone: digits, email: `phone-change-${ctx.engine}@onboarding.test` });
      expect(ok.data.user!.phone_confirmed_at).toBeTruthy();
      expect(ok.data.user!.new_phone).toBeUndefined();
      // A new session, whose token carries the phone; the client keeps it.
      const s = ok.data.session!;
      expect(claimsOf(s.access_token)).toMatchObject({ sub: before.id, phone: digits });
      expect((await sb.auth.getSession()).data.session!.access_token).toBe(s.access_token);
      expect((await sb.auth.getUser()).data.user).toMatchObject({ phone: digits });
      const row = await authRow(before.id);
      expect(row).toMatchObject({ phone: digits, phone_change: '' });
      expect(row.phone_confirmed_at).not.toBeNull();
      // Used once.
      expect((await client().auth.verifyOtp({ phone, token: sms.code, type: 'phone_change' })).error?.code).toBe('otp_expired');
      // The number now signs in by SMS too.
      expect((await client().auth.signInWithOtp({ phone, options: { shouldCreateUser: false } })).error).toBeNull();
    });

    it('a new code is sent at most once a minute (GoTrue max frequency, 429)', async () => {
      const sb = await emailPatient(`frequency-${ctx.engine}@onboarding.test`);
      expect((await sb.auth.updateUser({ phone: freshPhone() })).error).toBeNull();
      const again = await sb.auth.updateUser({ phone: freshPhone() });
      expect(again.error).toMatchObject({ status: 429, code: 'over_sms_send_rate_limit' });
      expect(again.error!.message).toMatch(/^For security purposes, you can only request this after (60|59) seconds\.$/);
      expect((await sb.auth.updateUser({ email: `frequency-next-${ctx.engine}@onboarding.test` })).error).toBeNull();
      expect((await sb.auth.updateUser({ email: `frequency-other-${ctx.engine}@onboarding.test` })).error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    });

    it('a newer code replaces the older one; the same number as the current one sends nothing', async () => {
      const sb = await emailPatient(`resend-${ctx.engine}@onboarding.test`);
      const phone = freshPhone();
      await sb.auth.updateUser({ phone });
      const first = codeFor(phone);
      setChangeMaxFrequency(0);
      try {
        expect((await sb.auth.updateUser({ phone })).error).toBeNull();
      } finally {
        setChangeMaxFrequency(60);
      }
      const messages = mailboxMessages(phone);
      expect(messages).toHaveLength(2);
      const second = messages[0].code;
      if (first !== second) expect((await sb.auth.verifyOtp({ phone, token: first, type: 'phone_change' })).error?.code).toBe('otp_expired');
      expect((await sb.auth.verifyOtp({ phone, token: second, type: 'phone_change' })).error).toBeNull();
      const again = await sb.auth.updateUser({ phone });
      expect(again.error).toBeNull();
      expect(again.data.user!.new_phone).toBeUndefined();
      expect(mailboxMessages(phone)).toHaveLength(2);
    });

    it("refuses another user's number (phone_exists), a malformed one, a code for another number, and a call without a session", async () => {
      const taken = freshPhone();
      await phonePatient(taken);
      const sb = await emailPatient(`taken-${ctx.engine}@onboarding.test`);
      const dup = await sb.auth.updateUser({ phone: taken });
      expect(dup.error).toMatchObject({ status: 422, code: 'phone_exists' });
      const bad = await sb.auth.updateUser({ phone: '12ab' });
      expect(bad.error).toMatchObject({ status: 400, code: 'validation_failed' });
      const mine = freshPhone();
      await sb.auth.updateUser({ phone: mine });
      expect((await sb.auth.verifyOtp({ phone: freshPhone(), token: codeFor(mine), type: 'phone_change' })).error?.code).toBe('otp_expired');
      const nobody = await client().auth.updateUser({ phone: freshPhone() });
      expect(nobody.error?.name).toBe('AuthSessionMissingError');
      const raw = await fetch(`${server.url}/auth/v1/user`, { method: 'PUT', body: JSON.stringify({ phone: freshPhone() }), headers: { 'content-type': 'application/json' } });
      expect(raw.status).toBe(401);
    });
  });

  describe('email_change', () => {
    it('a phone-only account adds an e-mail with one code', async () => {
      const sb = await phonePatient(freshPhone());
      const email = `added-${ctx.engine}@onboarding.test`;
      const upd = await sb.auth.updateUser({ email });
      expect(upd.error).toBeNull();
      expect(upd.data.user).toMatchObject({ email: '', new_email: email });
      const ok = await sb.auth.verifyOtp({ email, token: codeFor(email), type: 'email_change' });
      expect(ok.error).toBeNull();
      expect(ok.data.user).toMatchObject({ email });
      expect(ok.data.user!.email_confirmed_at).toBeTruthy();
      expect(claimsOf(ok.data.session!.access_token).email).toBe(email);
    });

    it('secure e-mail change: both the current and the new address confirm; the first code answers a message, no session', async () => {
      const current = `current-${ctx.engine}@onboarding.test`;
      const next = `next-${ctx.engine}@onboarding.test`;
      const sb = await emailPatient(current);
      const id = (await sb.auth.getUser()).data.user!.id;
      expect((await sb.auth.updateUser({ email: next.toUpperCase() })).error).toBeNull();
      const toCurrent = codeFor(current);
      const toNext = codeFor(next);
      // GoTrue answers the first of the two codes with { msg, code } and no session (supabase-js then returns
      // neither user nor session).
      const first = await fetch(`${server.url}/auth/v1/verify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: current, token: toCurrent, type: 'email_change' }) });
      expect(first.status).toBe(200);
      expect(await first.json()).toEqual({ msg: SINGLE_CONFIRMATION_ACCEPTED, code: '200' });
      expect((await authRow(id)).email).toBe(current);
      const second = await sb.auth.verifyOtp({ email: next, token: toNext, type: 'email_change' });
      expect(second.error).toBeNull();
      expect(second.data.user).toMatchObject({ id, email: next });
      expect(await authRow(id)).toMatchObject({ email: next, email_change: '' });
    });

    it('with secure e-mail change off, the new address alone confirms; an address in use is refused (email_exists)', async () => {
      setSecureEmailChange(false);
      try {
        const sb = await emailPatient(`insecure-${ctx.engine}@onboarding.test`);
        const next = `insecure-next-${ctx.engine}@onboarding.test`;
        await sb.auth.updateUser({ email: next });
        expect(mailboxMessages(`insecure-${ctx.engine}@onboarding.test`)).toHaveLength(1);
        const ok = await sb.auth.verifyOtp({ email: next, token: codeFor(next), type: 'email_change' });
        expect(ok.data.user).toMatchObject({ email: next });
        await createAuthUser(ctx.db, { email: `someone-${ctx.engine}@onboarding.test`, password: TEST_PASSWORD });
        const dup = await sb.auth.updateUser({ email: `someone-${ctx.engine}@onboarding.test` });
        expect(dup.error).toMatchObject({ status: 422, code: 'email_exists' });
      } finally {
        setSecureEmailChange(true);
      }
    });

    it('merges user metadata (data) as GoTrue does: a null value removes the key', async () => {
      const sb = await emailPatient(`meta-${ctx.engine}@onboarding.test`);
      expect((await sb.auth.updateUser({ data: { locale: 'vi-VN', source: 'care_phone' } })).data.user!.user_metadata).toMatchObject({ locale: 'vi-VN', source: 'care_phone' });
      const after = (await sb.auth.updateUser({ data: { source: null } })).data.user!.user_metadata;
      expect(after.locale).toBe('vi-VN');
      expect(after).not.toHaveProperty('source');
    });
  });

  describe('PUT /api/me/profile', () => {
    it("answers SPEC §5's messages for a missing name, birthday and gender, and refuses a future or impossible birthday", async () => {
      const t = await token(await emailPatient(`invalid-${ctx.engine}@onboarding.test`));
      const empty = await putProfile(t, {});
      expect(empty.status).toBe(422);
      expect((await empty.json())._data.errors).toEqual({ 'name': ['Name is required'], 'birthday': ['Birthday is required'], 'gender': ['This field is required'] });
      const blank = await (await putProfile(t, { name: '  ', birthday: '', gender: 7 })).json();
      expect(blank._data.errors).toEqual({ 'name': ['Name is required'], 'birthday': ['Birthday is required'], 'gender': ['This field is required'] });
      const future = new Date(Date.now() + 3 * 86400_000).toISOString().slice(0, 10);
      expect((await (await putProfile(t, { name: 'A', birthday: future, gender: 1 })).json())._data.errors).toEqual({ 'birthday': ['Birthday cannot be in the future'] });
      expect((await (await putProfile(t, { name: 'A', birthday: '1990-02-30', gender: 1 })).json())._data.errors).toEqual({ 'birthday': ['Invalid format'] });
      expect((await (await putProfile(t, { name: 'A', birthday: '30/01/1990', gender: 1 })).json())._data.errors).toEqual({ 'birthday': ['Invalid format'] });
      // The phone is not a field of this call: it is copied from Auth.
      const phone = await (await putProfile(t, { name: 'A', birthday: '1990-01-30', gender: 1, phone: '+84900000000', phone_verified_at: new Date().toISOString() })).json();
      expect(phone._data.errors).toEqual({ 'phone': ['Unknown field'], 'phone_verified_at': ['Unknown field'] });
      expect((await (await putProfile(t, { name: 'A', birthday: '1990-01-30', gender: 1, countryId: 99 })).json())._status).toBe(-1);
      expect((await putProfile(undefined, { name: 'A', birthday: '1990-01-30', gender: 1 })).status).toBe(401);
      const { rowCount } = await ctx.db.pool.query('select 1 from public.patients p join auth.users u on u.id = p.user_id where u.email = $1', [`invalid-${ctx.engine}@onboarding.test`]);
      expect(rowCount).toBe(0);
    });

    it('creates the row with the confirmed e-mail; after phone_change the next save copies the phone and the patient is onboarded', async () => {
      const email = `profile-${ctx.engine}@onboarding.test`;
      const sb = await emailPatient(email);
      const created = await putProfile(await token(sb), { name: '  Nguyễn Văn An ', birthday: '1991-07-15', gender: 0, countryId: 1 });
      expect(created.status).toBe(200);
      expect(created.headers.get('cache-control')).toBe('no-store');
      const c = await created.json();
      expect(c._messages).toEqual(['Create successfully']);
      expect(c._data.profile).toMatchObject({ name: 'Nguyễn Văn An', birthday: '1991-07-15', gender: 0, email, phone: null, phone_verified_at: null });
      expect(c._data.profile.email_verified_at).toBeTruthy();
      expect(c._data.onboarding).toEqual({ onboarded: false, missing: ['phone', 'phone_verified_at'] });

      const phone = freshPhone();
      await sb.auth.updateUser({ phone });
      // Pending is not verified: saving now still has no phone.
      expect((await (await putProfile(await token(sb), { name: 'Nguyễn Văn An', birthday: '1991-07-15', gender: 0 })).json())._data.profile.phone).toBeNull();
      const ok = await sb.auth.verifyOtp({ phone, token: codeFor(phone), type: 'phone_change' });
      expect(ok.error).toBeNull();
      const updated = await (await putProfile(ok.data.session!.access_token, { name: 'Nguyễn Văn An', birthday: '1991-07-15', gender: 2 })).json();
      expect(updated._messages).toEqual(['Update successfully']);
      expect(updated._data.profile).toMatchObject({ phone, gender: 2 });
      expect(updated._data.profile.phone_verified_at).toBeTruthy();
      expect(updated._data.onboarding).toEqual({ onboarded: true, missing: [] });
      const me = (await (await call('/api/me', ok.data.session!.access_token)).json())._data;
      expect(me.onboarding).toEqual({ onboarded: true, missing: [] });
      const row = (await ctx.db.pool.query('select country_id, phone from public.patients where user_id = $1', [me.id])).rows[0];
      expect(row).toEqual({ country_id: 1, phone });
    });

    it('a patient who signed in by phone is onboarded by the profile step alone', async () => {
      const phone = freshPhone();
      const sb = await phonePatient(phone);
      const r = await (await putProfile(await token(sb), { name: 'Maria Santos', birthday: '1988-12-01', gender: 2, countryId: 2 })).json();
      expect(r._data.profile).toMatchObject({ phone, email: null });
      expect(r._data.onboarding.onboarded).toBe(true);
    });
  });
});
