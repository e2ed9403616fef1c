/**
 * Environment of the functions. Production (Netlify) sets the Supabase values; locally `npm start` serves the
 * Auth and Storage stand-ins on its own origin and falls back to a development JWT secret.
 */
/** Development-only HS256 secret shared by the local auth stand-in and the functions. Never accepted in production. */
export const DEV_JWT_SECRET = 'local-development-jwt-secret-not-for-production-use-0001';

export function isProduction(): boolean {
  return process.env.NODE_ENV === 'production' || process.env.NETLIFY === 'true' || process.env.CONTEXT === 'production';
}

export function jwtSecret(): string {
  const s = process.env.SUPABASE_JWT_SECRET;
  if (s) return s;
  if (isProduction()) throw new Error('SUPABASE_JWT_SECRET (or SUPABASE_JWKS_URL) must be set in production');
  return DEV_JWT_SECRET;
}

export function jwksUrl(): string | undefined {
  return process.env.SUPABASE_JWKS_URL || undefined;
}

/** Access-token lifetime issued by the local stand-in (Supabase's default is 3600 s). */
export function accessTokenTtl(): number {
  const n = Number(process.env.AUTH_ACCESS_TOKEN_TTL ?? 3600);
  return Number.isFinite(n) && n > 0 ? n : 3600;
}
