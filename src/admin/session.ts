/**
 * The admin's own Supabase session (separate from the public site's: another storage key), loaded on demand: a
 * valid stored session is read without it, so the client arrives only to sign in, refresh or sign out.
 * Staff sign in with e-mail and password; the access token goes with every admin call.
 */
import type { SupabaseClient } from '@supabase/supabase-js';

export const ADMIN_SESSION_KEY = 'care-admin-auth';
/** The last hospital and branch picked in the top bar (SPEC §7: saved locally under one key). */
export const ADMIN_SCOPE_KEY = 'care-admin-scope';

let client: Promise<SupabaseClient> | undefined;

export function adminSupabase(): Promise<SupabaseClient> {
  client ??= import('@supabase/supabase-js').then(({ createClient }) =>
    createClient(import.meta.env.PUBLIC_SUPABASE_URL || window.location.origin, import.meta.env.PUBLIC_SUPABASE_ANON_KEY || 'local-anon-key', {
      auth: { storageKey: ADMIN_SESSION_KEY, persistSession: true, autoRefreshToken: true, detectSessionInUrl: false },
    }),
  );
  return client;
}

/** supabase-js refreshes a session this close to its expiry (auth-js EXPIRY_MARGIN_MS): leave those to it. */
const REFRESH_MARGIN_MS = 90_000;

/**
 * The stored session's access token while it stays valid past the refresh margin, read without supabase-js
 * (issue 38 item 13: the client is a quarter of the admin's first load, and a signed-in manager opening the admin
 * needs only this token). Anything else (no session, near expiry, an unreadable entry) is supabase-js's to answer.
 */
function storedAccessToken(): string | null {
  try {
    const session = JSON.parse(localStorage.getItem(ADMIN_SESSION_KEY) ?? 'null') as { access_token?: unknown; expires_at?: unknown } | null;
    const token = session?.access_token;
    const expiresAt = Number(session?.expires_at) * 1000;
    return typeof token === 'string' && token && expiresAt - Date.now() > REFRESH_MARGIN_MS ? token : null;
  } catch {
    return null;
  }
}

export async function accessToken(): Promise<string | null> {
  // Once loaded (a sign-in, a refresh), supabase-js keeps answering: it owns the session from then on.
  const stored = client ? null : storedAccessToken();
  if (stored) return stored;
  const { data } = await (await adminSupabase()).auth.getSession();
  return data.session?.access_token ?? null;
}

/** Why a sign-in was refused: wrong e-mail or password, or too many attempts (the auth server's 429). */
export type SignInRefusal = 'failed' | 'tooMany';

/** Signs in; resolves to null, or to why the auth server refused. */
export async function signIn(email: string, password: string): Promise<SignInRefusal | null> {
  const { error } = await (await adminSupabase()).auth.signInWithPassword({ email, password });
  if (!error) return null;
  return error.status === 429 ? 'tooMany' : 'failed';
}

/** Ends the session here and on the auth server; local state goes even when the server cannot be reached. */
export async function signOut(): Promise<void> {
  const sb = await adminSupabase();
  await sb.auth.signOut({ scope: 'local' }).catch(() => undefined);
  localStorage.removeItem(ADMIN_SESSION_KEY);
  localStorage.removeItem(ADMIN_SCOPE_KEY);
}
