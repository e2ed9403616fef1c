/**
 * The visitor's session as supabase-js keeps it in localStorage (SESSION_STORAGE_KEY), read without loading
 * the Supabase client on public pages. Only whether a live session exists and its abilities are used.
 */
import { SESSION_STORAGE_KEY } from '../lib/session-storage';

export interface BrowserSession {
  loggedIn: boolean;
  abilities: { action: string; subject: string }[];
}

export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  try {
    const part = token.split('.')[1];
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    return JSON.parse(decodeURIComponent(escape(json)));
  } catch {
    return null;
  }
}

export function readSession(storage: Storage = localStorage, now = Date.now()): BrowserSession {
  const none: BrowserSession = { loggedIn: false, abilities: [] };
  try {
    const value = JSON.parse(storage.getItem(SESSION_STORAGE_KEY) ?? 'null');
    const token: string | undefined = value?.access_token ?? value?.currentSession?.access_token;
    if (!token) return none;
    const claims = decodeJwtPayload(token);
    const exp = Number(claims?.exp ?? value?.expires_at ?? 0);
    // An expired access token still means a session supabase-js would refresh.
    const loggedIn = !!claims && (exp * 1000 > now || !!value?.refresh_token);
    const meta = (claims?.app_metadata ?? value?.user?.app_metadata ?? {}) as { abilities?: unknown };
    const abilities = Array.isArray(meta.abilities) ? (meta.abilities as BrowserSession['abilities']) : [];
    return { loggedIn, abilities };
  } catch {
    /* storage unavailable: a visitor */
  }
  return none;
}

/**
 * The stored access token while it is still valid (30 s of margin), without loading the Supabase client: enough
 * for a call on a page that must stay light (listings). An expired token gives null; the Supabase client (or the
 * login flow) refreshes it.
 */
export function storedAccessToken(storage: Storage = localStorage, now = Date.now()): string | null {
  try {
    const value = JSON.parse(storage.getItem(SESSION_STORAGE_KEY) ?? 'null');
    const token: string | undefined = value?.access_token ?? value?.currentSession?.access_token;
    if (!token) return null;
    const exp = Number(decodeJwtPayload(token)?.exp ?? value?.expires_at ?? 0);
    return exp * 1000 > now + 30_000 ? token : null;
  } catch {
    return null;
  }
}

/** Where the login flow sends the visitor back (SPEC §4 phone button: source care_phone). */
export const RETURN_URL_KEY = 'care.returnUrl';

export function startLoginReturnFlow(loginPath: string, returnUrl: string, source: string): void {
  try {
    sessionStorage.setItem(RETURN_URL_KEY, returnUrl);
  } catch {
    /* private mode: the query still carries it */
  }
  location.assign(`${loginPath}?${new URLSearchParams({ source, returnUrl })}`);
}
