/** Access tokens signed like the auth stand-in's, for tests that need no sign-in round trip. */
import { SignJWT } from 'jose';
import { jwtSecret } from '../../src/server/env';

export async function signAccessToken(userId: string, opts: { email?: string; expiresIn?: number; secret?: string } = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ role: 'authenticated', aud: 'authenticated', email: opts.email ?? '', aal: 'aal1', session_id: crypto.randomUUID() })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuedAt(now)
    .setExpirationTime(now + (opts.expiresIn ?? 3600))
    .sign(new TextEncoder().encode(opts.secret ?? jwtSecret()));
}
