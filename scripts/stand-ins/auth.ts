/**
 * Local Supabase Auth (GoTrue) stand-in: answers the /auth/v1 endpoints @supabase/supabase-js calls, on the
 * same auth.users / auth.sessions / auth.refresh_tokens rows a real project has. Development and tests only;
 * never deployed. Access tokens are real HS256 JWTs signed with SUPABASE_JWT_SECRET (or the development secret),
 * so the functions verify them exactly as in production.
 *
 *   POST /auth/v1/token?grant_type=password | refresh_token
 *   POST /auth/v1/otp, POST /auth/v1/verify      one-time codes by e-mail or phone (patients)
 *   GET  /auth/v1/user, POST /auth/v1/logout
 *   PUT  /auth/v1/user                           user metadata; a new e-mail or phone is confirmed by a code
 *                                                (POST /auth/v1/verify type email_change / phone_change)
 *   GET  /auth/v1/.well-known/jwks.json, /auth/v1/settings, /auth/v1/health
 */
import { containsNul } from '../../src/server/nul-bytes';
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Queryable } from '../../src/data/db';
import { accessTokenTtl, jwtSecret } from '../../src/server/env';
import { hitRateLimit, type RateLimitBucket } from '../../src/server/rate-limit';
import { serverDatabase } from '../../src/server/runtime';
import { clientIp } from '../../src/server/endpoint';
import { recordMessage } from './mailbox';

/** One-time codes are valid this long. */
export const OTP_TTL_SECONDS = 10 * 60;

/**
 * GoTrue's "secure e-mail change" (GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED, on by default in Supabase): a user
 * who already has an e-mail confirms a new one with a code sent to each address. Tests may turn it off.
 */
let secureEmailChange = true;
export function setSecureEmailChange(on: boolean): void {
  secureEmailChange = on;
}

/**
 * GoTrue's SMS and SMTP max frequency (GOTRUE_SMS_MAX_FREQUENCY / GOTRUE_SMTP_MAX_FREQUENCY, 60 s by default): a
 * new e-mail or phone change code is sent at most this often per user. Tests may shorten it.
 */
let changeMaxFrequencySeconds = 60;
export function setChangeMaxFrequency(seconds: number): void {
  changeMaxFrequencySeconds = seconds;
}

/** GoTrue's answer when the first of the two e-mail change codes is accepted. */
export const SINGLE_CONFIRMATION_ACCEPTED = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';

class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

const key = () => new TextEncoder().encode(jwtSecret());

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', ...headers },
  });
}

function errorResponse(e: AuthError): Response {
  // GoTrue's error body; supabase-js reads error_code and msg.
  return json({ code: e.status, error_code: e.errorCode, msg: e.message }, e.status, e.headers);
}

/** A long-lived API key (the anon or service_role key) signed with the same secret, for the local client config. */
export async function localApiKey(role: 'anon' | 'service_role'): Promise<string> {
  return new SignJWT({ role, iss: 'supabase-local' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime('10y')
    .sign(key());
}

const digits = (phone: string) => phone.replace(/\D/g, '');
const otpHash = (recipient: string, code: string) => createHash('sha224').update(recipient + code).digest('hex');

interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  phone: string | null;
  email_confirmed_at: Date | null;
  phone_confirmed_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  email_change_confirm_status: number | null;
  phone_change: string | null;
  phone_change_sent_at: Date | null;
  banned_until: Date | null;
  created_at: Date;
  updated_at: Date;
  is_anonymous: boolean;
}

const USER_COLUMNS = `id, aud, role, email, phone, email_confirmed_at, phone_confirmed_at, last_sign_in_at, raw_app_meta_data,
  raw_user_meta_data, email_change, email_change_sent_at, email_change_confirm_status, phone_change, phone_change_sent_at,
  banned_until, created_at, updated_at, is_anonymous`;

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function userJson(u: UserRow) {
  const confirmed = u.email_confirmed_at ?? u.phone_confirmed_at;
  return {
    id: u.id,
    aud: u.aud ?? 'authenticated',
    role: u.role ?? 'authenticated',
    email: u.email ?? '',
    email_confirmed_at: iso(u.email_confirmed_at) ?? undefined,
    phone: u.phone ?? '',
    phone_confirmed_at: iso(u.phone_confirmed_at) ?? undefined,
    confirmed_at: iso(confirmed) ?? undefined,
    // Pending changes, named as GoTrue's user JSON names them (omitted when there is none).
    new_email: u.email_change || undefined,
    email_change_sent_at: iso(u.email_change_sent_at) ?? undefined,
    new_phone: u.phone_change || undefined,
    phone_change_sent_at: iso(u.phone_change_sent_at) ?? undefined,
    last_sign_in_at: iso(u.last_sign_in_at) ?? undefined,
    app_metadata: u.raw_app_meta_data ?? {},
    user_metadata: u.raw_user_meta_data ?? {},
    identities: [],
    created_at: iso(u.created_at),
    updated_at: iso(u.updated_at),
    is_anonymous: u.is_anonymous ?? false,
  };
}

async function issueSession(db: Queryable, req: Request, user: UserRow, method: 'password' | 'otp', sessionId?: string, parent?: string) {
  const now = Math.floor(Date.now() / 1000);
  const ttl = accessTokenTtl();
  if (!sessionId) {
    sessionId = crypto.randomUUID();
    await db.query(`insert into auth.sessions (id, user_id, aal, user_agent, ip) values ($1, $2, 'aal1', $3, $4)`, [
      sessionId,
      user.id,
      req.headers.get('user-agent')?.slice(0, 255) ?? null,
      clientIp(req),
    ]);
  } else {
    await db.query(`update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1`, [sessionId]);
  }
  const refreshToken = randomBytes(24).toString('base64url');
  await db.query(`insert into auth.refresh_tokens (token, user_id, revoked, parent, session_id) values ($1, $2, false, $3, $4)`, [
    refreshToken,
    user.id,
    parent ?? null,
    sessionId,
  ]);
  const origin = new URL(req.url).origin;
  const accessToken = await new SignJWT({
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    aal: 'aal1',
    amr: [{ method, timestamp: now }],
    session_id: sessionId,
    is_anonymous: false,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.id)
    .setIssuer(`${origin}/auth/v1`)
    .setIssuedAt(now)
    .setExpirationTime(now + ttl)
    .sign(key());
  return { access_token: accessToken, token_type: 'bearer', expires_in: ttl, expires_at: now + ttl, refresh_token: refreshToken, user: userJson(user) };
}

async function limit(db: Queryable, bucket: RateLimitBucket, k: string, errorCode: string) {
  const r = await hitRateLimit(db, bucket, k);
  if (!r.allowed) {
    throw new AuthError(429, errorCode, `Too many attempts. Please try again in ${r.retryAfter < 60 ? `${r.retryAfter} seconds` : `${Math.ceil(r.retryAfter / 60)} minutes`}.`, {
      'Retry-After': String(r.retryAfter),
    });
  }
}

async function readJson(req: Request): Promise<Record<string, unknown>> {
  const text = await req.text();
  if (text.length > 64 * 1024) throw new AuthError(413, 'request_too_large', 'Request body too large');
  if (!text.trim()) return {};
  let body: Record<string, unknown>;
  try {
    const v = JSON.parse(text);
    if (!v || typeof v !== 'object' || Array.isArray(v)) throw new Error();
    body = v;
  } catch {
    throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON');
  }
  // PostgreSQL cannot store or compare text with NUL: refused here, not a 500 from the database.
  if (containsNul(body)) throw new AuthError(422, 'validation_failed', 'Text must not contain a NUL character');
  return body;
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

async function findUser(db: Queryable, email: string, phone: string): Promise<UserRow | undefined> {
  const { rows } = email
    ? await db.query(`select ${USER_COLUMNS} from auth.users where lower(email) = lower($1) and deleted_at is null`, [email])
    : await db.query(`select ${USER_COLUMNS} from auth.users where regexp_replace(coalesce(phone, ''), '\\D', '', 'g') = $1 and deleted_at is null`, [digits(phone)]);
  return rows[0];
}

async function isStaff(db: Queryable, userId: string): Promise<boolean> {
  const t = await db.query(`select to_regclass('public.admin_users') is not null as ok`);
  if (!t.rows[0].ok) return false;
  return (await db.query('select 1 from public.admin_users where user_id = $1', [userId])).rowCount! > 0;
}

/** Whether this account has signed in from this address before (a session kept its IP). */
async function isKnownAddress(db: Queryable, email: string, phone: string, ip: string): Promise<boolean> {
  const { rows } = await db.query(
    `select 1 from auth.sessions s join auth.users u on u.id = s.user_id
      where s.ip = $3 and (($1 <> '' and lower(u.email) = lower($1)) or ($2 <> '' and regexp_replace(coalesce(u.phone, ''), '\\D', '', 'g') = $2)) limit 1`,
    [email, digits(phone), ip],
  );
  return rows.length > 0;
}

async function passwordGrant(db: Queryable, req: Request, body: Record<string, unknown>) {
  const email = str(body.email);
  const phone = str(body.phone);
  const password = typeof body.password === 'string' ? body.password : '';
  if ((!email && !phone) || !password) throw new AuthError(400, 'validation_failed', 'Please provide an e-mail or phone and a password');
  if (email.length > 255 || phone.length > 32 || password.length > 1024) throw new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
  // By address, and by account and address together: ten wrong passwords from elsewhere do not lock the owner out
  // on an address they signed in from before; from new addresses, a looser limit per account.
  const ip = clientIp(req);
  const account = email || digits(phone);
  await limit(db, 'sign_in_ip', ip, 'over_request_rate_limit');
  await limit(db, 'sign_in', `${account}\n${ip}`, 'over_request_rate_limit');
  if (!(await isKnownAddress(db, email, phone, ip))) await limit(db, 'sign_in_account', account, 'over_request_rate_limit');
  const { rows } = await db.query<{ id: string }>(
    `select id from auth.users
      where ${email ? 'lower(email) = lower($1)' : `regexp_replace(coalesce(phone, ''), '\\D', '', 'g') = $1`}
        and deleted_at is null and encrypted_password is not null and encrypted_password <> ''
        and encrypted_password = extensions.crypt($2, encrypted_password)`,
    [email || digits(phone), password],
  );
  if (!rows[0]) throw new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
  const user = (await findUser(db, email, phone))!;
  if (user.banned_until && new Date(user.banned_until) > new Date()) throw new AuthError(400, 'user_banned', 'User is banned');
  if (email && !user.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
  if (!email && !user.phone_confirmed_at) throw new AuthError(400, 'phone_not_confirmed', 'Phone not confirmed');
  const { rows: [u] } = await db.query(`update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1 returning ${USER_COLUMNS}`, [user.id]);
  return issueSession(db, req, u, 'password');
}

async function refreshGrant(db: Queryable, req: Request, body: Record<string, unknown>) {
  const token = str(body.refresh_token);
  if (!token) throw new AuthError(400, 'validation_failed', 'Refresh token is required');
  const { rows } = await db.query(
    `update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1 and not revoked and session_id is not null returning user_id, session_id`,
    [token],
  );
  if (!rows[0]) {
    const reused = await db.query('select session_id from auth.refresh_tokens where token = $1 and revoked', [token]);
    if (reused.rows[0]?.session_id) {
      // A revoked token presented again: someone else may hold it. End the whole session (GoTrue's reuse detection).
      await db.query('delete from auth.sessions where id = $1', [reused.rows[0].session_id]);
      throw new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
    }
    throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  }
  const { rows: users } = await db.query(`select ${USER_COLUMNS} from auth.users where id = $1 and deleted_at is null`, [rows[0].user_id]);
  if (!users[0]) throw new AuthError(400, 'user_not_found', 'User not found');
  return issueSession(db, req, users[0], 'password', rows[0].session_id, token);
}

async function sendOtp(db: Queryable, req: Request, body: Record<string, unknown>) {
  const email = str(body.email).toLowerCase();
  const phone = str(body.phone);
  if (!email && !phone) throw new AuthError(400, 'validation_failed', 'An e-mail address or phone number is required');
  if (email && !/^[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@]{2,}$/.test(email)) throw new AuthError(400, 'email_address_invalid', 'Unable to validate email address: invalid format');
  if (!email && !/^\d{8,15}$/.test(digits(phone))) throw new AuthError(400, 'validation_failed', 'Invalid phone number format (E.164 required)');
  const recipient = email || digits(phone);
  await limit(db, 'otp_send_ip', clientIp(req), 'over_request_rate_limit');
  await limit(db, 'otp_send', recipient, email ? 'over_email_send_rate_limit' : 'over_sms_send_rate_limit');
  let user = await findUser(db, email, phone);
  if (!user) {
    if (body.create_user === false) throw new AuthError(422, 'otp_disabled', 'Signups not allowed for otp');
    const data = body.data && typeof body.data === 'object' && !Array.isArray(body.data) ? body.data : {};
    const provider = email ? 'email' : 'phone';
    const { rows } = await db.query(
      `insert into auth.users (aud, role, email, phone, raw_app_meta_data, raw_user_meta_data)
       values ('authenticated', 'authenticated', $1, $2, $3, $4) returning ${USER_COLUMNS}`,
      [email || null, email ? null : digits(phone), JSON.stringify({ provider, providers: [provider] }), JSON.stringify(data)],
    );
    user = rows[0] as UserRow;
  } else if (await isStaff(db, user.id)) {
    throw new AuthError(422, 'otp_disabled', 'Staff accounts sign in with their e-mail and password.');
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const type = email ? 'email_otp' : 'phone_otp';
  await db.query('delete from auth.one_time_tokens where user_id = $1 and token_type = $2', [user.id, type]);
  await db.query('insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to) values ($1, $2, $3, $4)', [user.id, type, otpHash(recipient, code), recipient]);
  recordMessage({ channel: email ? 'email' : 'sms', to: email || `+${digits(phone)}`, subject: 'Your sign-in code', code });
  const masked = email ? email.replace(/^(.).*(@.*)$/, '$1***$2') : `+${digits(phone).slice(0, 3)}***${digits(phone).slice(-2)}`;
  console.log(`[auth] one-time code for ${masked}: ${code} (valid ${OTP_TTL_SECONDS / 60} min; see /dev/mailbox)`);
  return email ? {} : { message_id: crypto.randomUUID() };
}

async function verifyOtp(db: Queryable, req: Request, body: Record<string, unknown>) {
  const email = str(body.email).toLowerCase();
  const phone = str(body.phone);
  const token = str(body.token);
  const type = str(body.type);
  if (!email && !phone) throw new AuthError(400, 'validation_failed', 'An e-mail address or phone number is required');
  if (email && phone) throw new AuthError(400, 'validation_failed', 'Only an email address or phone number should be provided on verify');
  if (email && !['email', 'magiclink', 'signup', 'email_change'].includes(type)) throw new AuthError(400, 'validation_failed', `Verify type ${type} is not supported here`);
  if (!email && !['sms', 'phone_change'].includes(type)) throw new AuthError(400, 'validation_failed', `Verify type ${type} is not supported here`);
  const recipient = email || digits(phone);
  await limit(db, 'otp_verify', recipient, 'over_request_rate_limit');
  if (type === 'phone_change') return verifyPhoneChange(db, req, recipient, token);
  if (type === 'email_change') return verifyEmailChange(db, req, recipient, token);
  const user = await findUser(db, email, phone);
  if (!user || !/^\d{6}$/.test(token)) throw otpExpired();
  const { rowCount } = await db.query(
    `delete from auth.one_time_tokens where user_id = $1 and token_type = $2 and relates_to = $3 and token_hash = $4
        and created_at > localtimestamp - make_interval(secs => $5::int)`,
    [user.id, email ? 'email_otp' : 'phone_otp', recipient, otpHash(recipient, token), OTP_TTL_SECONDS],
  );
  if (!rowCount) throw otpExpired();
  const { rows } = await db.query(
    `update auth.users set ${email ? 'email_confirmed_at = coalesce(email_confirmed_at, now())' : 'phone_confirmed_at = coalesce(phone_confirmed_at, now())'},
            last_sign_in_at = now(), updated_at = now() where id = $1 returning ${USER_COLUMNS}`,
    [user.id],
  );
  return issueSession(db, req, rows[0], 'otp');
}

const otpExpired = () => new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
const isUniqueViolation = (e: unknown) => (e as { code?: string } | null)?.code === '23505';

/** Takes (deletes) a live code of one of `types` sent to `recipient` for a pending change; the user it belongs to. */
async function takeChangeCode(db: Queryable, types: string[], recipient: string, token: string): Promise<{ user: UserRow; type: string }> {
  if (!/^\d{6}$/.test(token)) throw otpExpired();
  const { rows } = await db.query<{ user_id: string; token_type: string }>(
    `delete from auth.one_time_tokens t using auth.users u
      where u.id = t.user_id and u.deleted_at is null and t.token_type = any($1::text[]) and t.relates_to = $2 and t.token_hash = $3
        and t.created_at > localtimestamp - make_interval(secs => $4::int)
        and ((t.token_type = 'phone_change_token' and u.phone_change = $2)
          or (t.token_type = 'email_change_token_new' and lower(u.email_change) = $2)
          or (t.token_type = 'email_change_token_current' and lower(u.email) = $2 and coalesce(u.email_change, '') <> ''))
      returning t.user_id, t.token_type`,
    [types, recipient, otpHash(recipient, token), OTP_TTL_SECONDS],
  );
  if (!rows[0]) throw otpExpired();
  const { rows: users } = await db.query(`select ${USER_COLUMNS} from auth.users where id = $1`, [rows[0].user_id]);
  const user = users[0] as UserRow;
  if (user.banned_until && new Date(user.banned_until) > new Date()) throw new AuthError(403, 'user_banned', 'User is banned');
  return { user, type: rows[0].token_type };
}

/** phone_change: the pending number becomes the user's confirmed phone; a new session is issued (GoTrue's verifyPost). */
async function verifyPhoneChange(db: Queryable, req: Request, phone: string, token: string) {
  const { user } = await takeChangeCode(db, ['phone_change_token'], phone, token);
  let rows: UserRow[];
  try {
    ({ rows } = await db.query(
      `update auth.users set phone = phone_change, phone_change = '', phone_confirmed_at = now(), updated_at = now()
        where id = $1 returning ${USER_COLUMNS}`,
      [user.id],
    ));
  } catch (e) {
    if (isUniqueViolation(e)) throw new AuthError(422, 'phone_exists', 'A user with this phone number has already been registered');
    throw e;
  }
  await db.query('delete from auth.one_time_tokens where user_id = $1', [user.id]);
  return issueSession(db, req, rows[0], 'otp');
}

/**
 * email_change: with secure e-mail change and a current address, the first of the two codes only records that
 * one side confirmed (GoTrue answers a message, no session); the second, or the only one, makes the pending
 * address the user's e-mail, confirmed.
 */
async function verifyEmailChange(db: Queryable, req: Request, email: string, token: string) {
  const { user } = await takeChangeCode(db, ['email_change_token_new', 'email_change_token_current'], email, token);
  if (secureEmailChange && (user.email_change_confirm_status ?? 0) === 0 && user.email) {
    await db.query('update auth.users set email_change_confirm_status = 1, updated_at = now() where id = $1', [user.id]);
    return { msg: SINGLE_CONFIRMATION_ACCEPTED, code: '200' };
  }
  let rows: UserRow[];
  try {
    ({ rows } = await db.query(
      `update auth.users set email = email_change, email_change = '', email_change_confirm_status = 0,
              email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
        where id = $1 returning ${USER_COLUMNS}`,
      [user.id],
    ));
  } catch (e) {
    if (isUniqueViolation(e)) throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
    throw e;
  }
  await db.query('delete from auth.one_time_tokens where user_id = $1', [user.id]);
  return issueSession(db, req, rows[0], 'otp');
}

async function newChangeCode(db: Queryable, userId: string, type: string, recipient: string, channel: 'email' | 'sms', subject: string) {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.query('insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to) values ($1, $2, $3, $4)', [userId, type, otpHash(recipient, code), recipient]);
  recordMessage({ channel, to: channel === 'email' ? recipient : `+${recipient}`, subject, code });
}

/**
 * PUT /user (GoTrue's UserUpdate): merges user metadata; a new e-mail or phone is not set but kept pending
 * (email_change / phone_change) and a code is sent to it, confirmed by POST /verify. An address or number
 * another user has is refused (email_exists / phone_exists). The same value as the current one changes nothing.
 */
async function updateUser(db: Queryable, req: Request, body: Record<string, unknown>) {
  const { userId } = await authenticate(db, req);
  const load = async () => (await db.query(`select ${USER_COLUMNS} from auth.users where id = $1 and deleted_at is null`, [userId])).rows[0] as UserRow | undefined;
  let user = await load();
  if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  if (body.password !== undefined || body.nonce !== undefined) throw new AuthError(422, 'validation_failed', 'Password changes are not answered by the local auth stand-in');
  if (body.app_metadata !== undefined) throw new AuthError(403, 'not_admin', 'Updating app_metadata requires admin privileges');
  const email = str(body.email).toLowerCase();
  const phone = digits(str(body.phone));
  if (email && !/^[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@]{2,}$/.test(email)) throw new AuthError(400, 'email_address_invalid', 'Unable to validate email address: invalid format');
  if (str(body.phone) && !/^\d{8,15}$/.test(phone)) throw new AuthError(400, 'validation_failed', 'Invalid phone number format (E.164 required)');
  const changeEmail = !!email && email !== (user.email ?? '').toLowerCase();
  const changePhone = !!phone && phone !== digits(user.phone ?? '');
  if (changeEmail && (await db.query('select 1 from auth.users where lower(email) = $1 and id <> $2 and deleted_at is null', [email, userId])).rowCount) {
    throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
  }
  if (changePhone && (await db.query(`select 1 from auth.users where regexp_replace(coalesce(phone, ''), '\\D', '', 'g') = $1 and deleted_at is null`, [phone])).rowCount) {
    throw new AuthError(422, 'phone_exists', 'A user with this phone number has already been registered');
  }
  const data = body.data;
  if (data !== undefined && data !== null) {
    if (typeof data !== 'object' || Array.isArray(data)) throw new AuthError(400, 'validation_failed', 'data must be an object');
    const set = Object.fromEntries(Object.entries(data).filter(([, v]) => v !== null));
    const drop = Object.entries(data).filter(([, v]) => v === null).map(([k]) => k);
    await db.query(`update auth.users set raw_user_meta_data = (coalesce(raw_user_meta_data, '{}'::jsonb) - $2::text[]) || $3::jsonb, updated_at = now() where id = $1`, [
      userId,
      drop,
      JSON.stringify(set),
    ]);
  }
  const tooSoon = (sentAt: Date | null, errorCode: string) => {
    const wait = sentAt ? Math.ceil(changeMaxFrequencySeconds - (Date.now() - new Date(sentAt).getTime()) / 1000) : 0;
    if (wait > 0) throw new AuthError(429, errorCode, `For security purposes, you can only request this after ${wait} seconds.`);
  };
  if (changeEmail) tooSoon(user.email_change_sent_at, 'over_email_send_rate_limit');
  if (changePhone) tooSoon(user.phone_change_sent_at, 'over_sms_send_rate_limit');
  if (changeEmail) {
    await limit(db, 'otp_send_ip', clientIp(req), 'over_request_rate_limit');
    await limit(db, 'otp_send', email, 'over_email_send_rate_limit');
    await db.query(`delete from auth.one_time_tokens where user_id = $1 and token_type in ('email_change_token_new', 'email_change_token_current')`, [userId]);
    await db.query(`update auth.users set email_change = $2, email_change_sent_at = now(), email_change_confirm_status = 0, updated_at = now() where id = $1`, [userId, email]);
    await newChangeCode(db, userId, 'email_change_token_new', email, 'email', 'Confirm your new e-mail address');
    if (secureEmailChange && user.email) await newChangeCode(db, userId, 'email_change_token_current', user.email.toLowerCase(), 'email', 'Confirm the change of your e-mail address');
  }
  if (changePhone) {
    await limit(db, 'otp_send_ip', clientIp(req), 'over_request_rate_limit');
    await limit(db, 'otp_send', phone, 'over_sms_send_rate_limit');
    await db.query(`delete from auth.one_time_tokens where user_id = $1 and token_type = 'phone_change_token'`, [userId]);
    await db.query(`update auth.users set phone_change = $2, phone_change_sent_at = now(), updated_at = now() where id = $1`, [userId, phone]);
    await newChangeCode(db, userId, 'phone_change_token', phone, 'sms', 'Your phone verification code');
  }
  user = (await load())!;
  return userJson(user);
}

/** Verifies the bearer access token and that its session still exists. */
async function authenticate(db: Queryable, req: Request): Promise<{ userId: string; sessionId: string }> {
  const m = /^Bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '');
  if (!m) throw new AuthError(401, 'no_authorization', 'This endpoint requires a Bearer token');
  let payload;
  try {
    ({ payload } = await jwtVerify(m[1], key(), { algorithms: ['HS256'], audience: 'authenticated' }));
  } catch (e) {
    const expired = (e as { code?: string }).code === 'ERR_JWT_EXPIRED';
    throw new AuthError(403, 'bad_jwt', expired ? 'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired' : 'invalid JWT: unable to parse or verify signature');
  }
  const sessionId = typeof payload.session_id === 'string' ? payload.session_id : '';
  if (!payload.sub || !sessionId) throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub or session_id claim');
  const { rows } = await db.query('select 1 from auth.sessions where id = $1 and user_id = $2', [sessionId, payload.sub]);
  if (!rows[0]) throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
  return { userId: payload.sub, sessionId };
}

/** Answers every /auth/v1/* request. */
export async function handleAuth(req: Request): Promise<Response> {
  const url = new URL(req.url);
  const route = url.pathname.replace(/^\/auth\/v1/, '').replace(/\/$/, '') || '/';
  try {
    const db = (await serverDatabase()).pool;
    const m = req.method;
    if (m === 'OPTIONS') return new Response(null, { status: 204, headers: { Allow: 'GET, POST, PUT, OPTIONS' } });
    if (route === '/token' && m === 'POST') {
      const grant = url.searchParams.get('grant_type');
      const body = await readJson(req);
      if (grant === 'password') return json(await passwordGrant(db, req, body));
      if (grant === 'refresh_token') return json(await refreshGrant(db, req, body));
      throw new AuthError(400, 'unsupported_grant_type', `grant_type ${grant ?? '(none)'} is not supported here`);
    }
    if (route === '/otp' && m === 'POST') return json(await sendOtp(db, req, await readJson(req)));
    if (route === '/verify' && m === 'POST') return json(await verifyOtp(db, req, await readJson(req)));
    if (route === '/user' && m === 'GET') {
      const { userId } = await authenticate(db, req);
      const { rows } = await db.query(`select ${USER_COLUMNS} from auth.users where id = $1 and deleted_at is null`, [userId]);
      if (!rows[0]) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
      return json(userJson(rows[0]));
    }
    if (route === '/user' && m === 'PUT') return json(await updateUser(db, req, await readJson(req)));
    if (route === '/logout' && m === 'POST') {
      const { userId, sessionId } = await authenticate(db, req);
      const scope = url.searchParams.get('scope') ?? 'global';
      if (scope === 'local') await db.query('delete from auth.sessions where id = $1', [sessionId]);
      else if (scope === 'others') await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, sessionId]);
      else await db.query('delete from auth.sessions where user_id = $1', [userId]);
      return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
    }
    if (route === '/.well-known/jwks.json' && m === 'GET') return json({ keys: [] });
    if (route === '/settings' && m === 'GET') {
      return json({ external: { email: true, phone: true }, disable_signup: false, mailer_autoconfirm: false, phone_autoconfirm: false, sms_provider: 'local-mailbox' });
    }
    if (route === '/health' && m === 'GET') return json({ version: 'local-stand-in', name: 'GoTrue', description: 'Local Supabase Auth stand-in' });
    throw new AuthError(404, 'not_found', `${m} /auth/v1${route} is not answered by the local auth stand-in`);
  } catch (e) {
    if (e instanceof AuthError) return errorResponse(e);
    console.error(`[auth] ${req.method} ${url.pathname} failed:`, e instanceof Error ? e.message : e);
    return errorResponse(new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'));
  }
}
