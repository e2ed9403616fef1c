/** Access tokens signed like the auth stand-in's, for tests that need no sign-in round trip (the database installed with useDatabase gets their session). */
import { SignJWT } from 'jose';
import { jwtSecret } from '../../src/server/env';
import { serverDatabase } from '../../src/server/runtime';

export async function signAccessToken(userId: string, opts: { email?: string; expiresIn?: number; secret?: string } = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  // The session a sign-in would have made (tokens are accepted only while their session exists); none for a user
  // that does not exist.
  const sessionId = crypto.randomUUID();
  const db = await serverDatabase();
  await db.pool.query('insert into auth.sessions (id, user_id) select $1, id from auth.users where id = $2', [sessionId, userId]);
  return new SignJWT({ role: 'authenticated', aud: 'authenticated', email: opts.email ?? '', aal: 'aal1', session_id: sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuedAt(now)
    .setExpirationTime(now + (opts.expiresIn ?? 3600))
    .sign(new TextEncoder().encode(opts.secret ?? jwtSecret()));
}
