/**
 * The admin's own Supabase session (separate from the public site's: another storage key), loaded on demand.
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

export async function accessToken(): Promise<string | null> {
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
