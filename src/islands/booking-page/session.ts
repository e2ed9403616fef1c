/**
 * The one place the booking page reads the signed-in session (kept small so it can switch to the account
 * store): the access token supabase-js keeps in localStorage while it is valid, without loading the Supabase
 * client; an expired one is refreshed by loading the client (src/islands/supabase.ts) only then.
 */
import { readSession, storedAccessToken } from '../../scripts/session';

/** The caller's access token, or null for a visitor. */
export async function accessToken(): Promise<string | null> {
  const stored = storedAccessToken();
  if (stored) return stored;
  if (!readSession().loggedIn) return null;
  const { currentSession } = await import('../supabase');
  return (await currentSession().catch(() => null))?.accessToken ?? null;
}
