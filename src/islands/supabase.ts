/**
 * The browser's Supabase client, shared by every island (loaded on demand: it is large and only needed once a
 * patient acts). Configured with the site's PUBLIC_SUPABASE_URL and anon key; locally the site's own origin
 * serves /auth/v1 through the stand-in, so the defaults point there.
 */
import type { SupabaseClient } from '@supabase/supabase-js';

import { SESSION_STORAGE_KEY } from '../lib/session-storage';
import { connectAuth } from '../scripts/session-store';

export { SESSION_STORAGE_KEY };

let client: Promise<SupabaseClient> | undefined;

export function supabase(): Promise<SupabaseClient> {
  client ??= import('@supabase/supabase-js').then(({ createClient }) => {
    const c = createClient(import.meta.env.PUBLIC_SUPABASE_URL || window.location.origin, import.meta.env.PUBLIC_SUPABASE_ANON_KEY || 'local-anon-key', {
      auth: { storageKey: SESSION_STORAGE_KEY, persistSession: true, autoRefreshToken: true, detectSessionInUrl: false },
    });
    // The one session store of the site follows this client's auth state (sign-in, refresh, sign-out).
    connectAuth(c);
    return c;
  });
  return client;
}

export interface BrowserSession {
  accessToken: string;
  email: string | null;
}

/** The signed-in user's session, or null for a visitor. */
export async function currentSession(): Promise<BrowserSession | null> {
  const { data } = await (await supabase()).auth.getSession();
  const s = data.session;
  return s ? { accessToken: s.access_token, email: s.user?.email ?? null } : null;
}
