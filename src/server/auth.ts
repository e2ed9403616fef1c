/**
 * Verifies Supabase Auth access tokens (jose: HS256 with SUPABASE_JWT_SECRET, or the project's JWKS from
 * SUPABASE_JWKS_URL) and loads who the caller is: staff (public.admin_users) or patient (public.patients).
 */
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import type { Queryable } from '../data/db';
import { isStaffRole, type StaffRole } from '../lib/admin-menu';
import { unauthorized } from '../lib/errors';
import { jwksUrl, jwtSecret } from './env';
import { serverDatabase } from './runtime';

export interface AccessClaims extends JWTPayload {
  sub: string;
  role: string;
  email?: string;
  phone?: string;
  aal?: string;
  session_id?: string;
  app_metadata?: Record<string, unknown>;
  user_metadata?: Record<string, unknown>;
}

export interface UserSession {
  userId: string;
  claims: AccessClaims;
}

export interface StaffProfile {
  userId: string;
  role: StaffRole;
  name: string;
  email: string | null;
  phone: string | null;
  avatar: string | null;
  /** The admin's "hospital" (an organization). */
  hospital: { id: number; name: string } | null;
  branches: { id: number; name: string }[];
  /** The doctor's own record when role is doctor. */
  doctorId: number | null;
  /** The organization's market (countries.id); null for platform staff, who work in any market. */
  countryId: number | null;
}

export interface StaffSession extends UserSession {
  staff: StaffProfile;
}

export interface PatientProfile {
  name: string | null;
  phone: string | null;
  phone_verified_at: string | null;
  email: string | null;
  email_verified_at: string | null;
  birthday: string | null;
  gender: number | null;
}

export interface PatientSession extends UserSession {
  /** Null until the patient saved a profile (not onboarded yet). */
  patient: PatientProfile | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

let remoteJwks: { url: string; set: ReturnType<typeof createRemoteJWKSet> } | undefined;
let secretKey: { secret: string; key: Promise<CryptoKey> } | undefined;

/** The HS256 key, imported once (importing it per request costs a third of a verification). */
function hsKey(): Promise<CryptoKey> {
  const secret = jwtSecret();
  if (secretKey?.secret !== secret) {
    secretKey = { secret, key: crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']) };
  }
  return secretKey.key;
}

/** The bearer token of a request, or undefined. */
export function bearerToken(req: Request): string | undefined {
  const h = req.headers.get('authorization');
  if (!h) return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
  return m ? m[1] : undefined;
}

/**
 * Verifies a signed-in user's access token. Throws the 401 ApiError (with `_status` 5 when `staff`) that names
 * what is wrong: missing, expired, badly signed, or not a user session.
 */
export async function verifyAccessToken(token: string | undefined, staff = false): Promise<UserSession> {
  if (!token) throw unauthorized(staff ? 'Please sign in to continue.' : 'Please sign in to continue (no access token was sent).', staff);
  let payload: JWTPayload;
  try {
    const url = jwksUrl();
    if (url) {
      if (remoteJwks?.url !== url) remoteJwks = { url, set: createRemoteJWKSet(new URL(url), { cacheMaxAge: 10 * 60_000 }) };
      ({ payload } = await jwtVerify(token, remoteJwks.set, { audience: 'authenticated', algorithms: ['ES256', 'RS256', 'EdDSA'] }));
    } else {
      ({ payload } = await jwtVerify(token, await hsKey(), { audience: 'authenticated', algorithms: ['HS256'] }));
    }
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw unauthorized('Your session has expired. Please sign in again.', staff);
    if (err instanceof joseErrors.JWSSignatureVerificationFailed) throw unauthorized('The access token signature is not valid. Please sign in again.', staff);
    if (err instanceof joseErrors.JWTClaimValidationFailed) throw unauthorized(`The access token is not valid (${err.claim}). Please sign in again.`, staff);
    throw unauthorized('The access token is not valid. Please sign in again.', staff);
  }
  if (payload.role !== 'authenticated' || typeof payload.sub !== 'string' || !UUID.test(payload.sub) || typeof payload.exp !== 'number') {
    throw unauthorized('The access token is not a signed-in user session. Please sign in again.', staff);
  }
  // A signed token outlives its log-out (up to its expiry): its session must still exist (issue 24, finding 8).
  if (typeof payload.session_id !== 'string' || !UUID.test(payload.session_id) || !(await sessionIsLive(payload.session_id, payload.sub))) {
    throw unauthorized('Your session has ended. Please sign in again.', staff);
  }
  return { userId: payload.sub, claims: payload as AccessClaims };
}

/**
 * Whether the auth server still has this session: Supabase Auth keeps one row per sign-in in `auth.sessions`
 * and deletes it on log-out (the local stand-in does the same), so a token of a logged-out session is refused.
 */
async function sessionIsLive(sessionId: string, userId: string): Promise<boolean> {
  const db = await serverDatabase();
  const { rows } = await db.pool.query(
    'select 1 from auth.sessions where id = $1 and user_id = $2 and (not_after is null or not_after > now())',
    [sessionId, userId],
  );
  return rows.length > 0;
}

/** The staff profile of a user, or null when the user is not staff. Runs as the server (before RLS applies). */
export async function loadStaffProfile(db: Queryable, userId: string): Promise<StaffProfile | null> {
  const { rows } = await db.query(
    `select a.user_id, a.role, a.is_active, a.name, a.email, a.phone, a.avatar, a.organization_id, o.name as organization_name, o.country_id,
            (select d.id from public.doctors d where d.user_id = a.user_id limit 1) as doctor_id,
            coalesce((select json_agg(json_build_object('id', h.id, 'name', h.name) order by h.name)
                        from public.admin_user_branches b join public.hospitals h on h.id = b.hospital_id
                       where b.user_id = a.user_id), '[]'::json) as branches
       from public.admin_users a
       left join public.organizations o on o.id = a.organization_id
      where a.user_id = $1`,
    [userId],
  );
  const r = rows[0];
  if (!r || !isStaffRole(r.role) || r.is_active === false) return null;
  return {
    userId: r.user_id,
    role: r.role,
    name: r.name ?? '',
    email: r.email ?? null,
    phone: r.phone ?? null,
    avatar: r.avatar ?? null,
    hospital: r.organization_id == null ? null : { id: Number(r.organization_id), name: r.organization_name ?? '' },
    branches: (r.branches as { id: number; name: string }[]).map((b) => ({ id: Number(b.id), name: b.name })),
    doctorId: r.doctor_id == null ? null : Number(r.doctor_id),
    countryId: r.country_id == null ? null : Number(r.country_id),
  };
}

const iso = (v: unknown) => (v == null ? null : v instanceof Date ? v.toISOString() : String(v));

export async function loadPatientProfile(db: Queryable, userId: string): Promise<PatientProfile | null> {
  const { rows } = await db.query(
    `select name, phone, phone_verified_at, email, email_verified_at, birthday, gender from public.patients where user_id = $1`,
    [userId],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    name: r.name ?? null,
    phone: r.phone ?? null,
    phone_verified_at: iso(r.phone_verified_at),
    email: r.email ?? null,
    email_verified_at: iso(r.email_verified_at),
    birthday: r.birthday == null ? null : r.birthday instanceof Date ? r.birthday.toISOString().slice(0, 10) : String(r.birthday),
    gender: r.gender == null ? null : Number(r.gender),
  };
}
