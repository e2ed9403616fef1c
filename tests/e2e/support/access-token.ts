/**
 * Access tokens for end-to-end tests (GET /__e2e/access-token?userId=&email= on the e2e server): signed as the
 * auth stand-in signs them, with their session in the server's database, so no sign-in round trip (rate-limited
 * per address) is needed. The sign-in itself is covered by the header spec.
 */
import type { APIRequestContext } from '@playwright/test';
import { signAccessToken } from '../../support/tokens';

/** The e2e server's side. */
export async function handleAccessToken(req: Request): Promise<Response> {
  const url = new URL(req.url);
  const userId = url.searchParams.get('userId');
  if (!userId) return Response.json({ error: 'userId is required' }, { status: 400 });
  return Response.json({ token: await signAccessToken(userId, { email: url.searchParams.get('email') ?? undefined }) });
}

/** The test's side: a token for `userId`. */
export async function e2eAccessToken(request: APIRequestContext, userId: string, email: string): Promise<string> {
  const res = await request.get(`/__e2e/access-token?userId=${encodeURIComponent(userId)}&email=${encodeURIComponent(email)}`);
  if (!res.ok()) throw new Error(`access token for ${email}: ${res.status()}`);
  return ((await res.json()) as { token: string }).token;
}
