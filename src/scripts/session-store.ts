/**
 * The one session state of every island and page script (issue 28): a nanostores atom. It starts from what
 * supabase-js keeps in localStorage (read without loading the client, so public pages stay light) and is then fed
 * by the Supabase client's own auth events whenever an island loads it (src/islands/supabase.ts), and by the
 * storage events of other tabs. The header, the phone buttons and the account pages read it; log-out clears
 * everything the site kept in this browser.
 */
import { atom } from 'nanostores';
import type { Ability } from '../lib/staff-abilities';
import { SESSION_STORAGE_KEY } from '../lib/session-storage';
import { decodeJwtPayload, readSession, storedAccessToken, type BrowserSession } from './session';

/** What the header shows of the signed-in patient: kept beside the session so the first paint is right. */
export const ACCOUNT_CACHE_KEY = 'care.account';
/** Every key the site keeps in the browser starts with this (supabase-js: 'care-auth-token'). */
export const SITE_STORAGE_PREFIX = 'care';

export interface AccountSummary {
  userId: string;
  name: string | null;
  avatar: string | null;
  /** The e-mail or phone the patient signed in with: the header's label until a name is saved. */
  login: string | null;
}

export type SessionState =
  | { status: 'visitor' }
  | { status: 'signed-in'; userId: string; email: string | null; abilities: BrowserSession['abilities']; account: AccountSummary | null };

interface StoredSession {
  access_token?: string;
  user?: { id?: string; email?: string; phone?: string };
}

function storedUser(storage: Storage): { id: string; email: string | null } | null {
  try {
    const value = JSON.parse(storage.getItem(SESSION_STORAGE_KEY) ?? 'null') as StoredSession | null;
    if (value?.user?.id) return { id: value.user.id, email: value.user.email ?? null };
    // A stored session without its user object (an older supabase-js shape): the token's subject and e-mail.
    const claims = value?.access_token ? decodeJwtPayload(value.access_token) : null;
    return typeof claims?.sub === 'string' ? { id: claims.sub, email: typeof claims.email === 'string' ? claims.email : null } : null;
  } catch {
    return null;
  }
}

export function readAccountCache(storage: Storage, userId: string): AccountSummary | null {
  try {
    const cached = JSON.parse(storage.getItem(ACCOUNT_CACHE_KEY) ?? 'null') as AccountSummary | null;
    return cached?.userId === userId ? cached : null;
  } catch {
    return null;
  }
}

/** The state as this browser has it stored now. */
export function storedSessionState(storage: Storage = localStorage, now = Date.now()): SessionState {
  const s = readSession(storage, now);
  const user = s.loggedIn ? storedUser(storage) : null;
  if (!user) return { status: 'visitor' };
  return { status: 'signed-in', userId: user.id, email: user.email, abilities: s.abilities, account: readAccountCache(storage, user.id) };
}

function initialState(): SessionState {
  try {
    return storedSessionState();
  } catch {
    return { status: 'visitor' };
  }
}

export const $session = atom<SessionState>(typeof window === 'undefined' ? { status: 'visitor' } : initialState());

/** The shape the phone buttons and page scripts take (signed in or not, abilities). */
export function browserSession(state: SessionState = $session.get()): BrowserSession {
  return state.status === 'signed-in' ? { loggedIn: true, abilities: state.abilities } : { loggedIn: false, abilities: [] };
}

/**
 * The signed-in user's access token for a call, or null for a visitor: the stored one while it is fresh; an
 * expired one is refreshed by the Supabase client, loaded only then (its auth events update the store).
 */
export async function sessionAccessToken(): Promise<string | null> {
  if ($session.get().status !== 'signed-in') return null;
  const stored = storedAccessToken();
  if (stored) return stored;
  const { currentSession } = await import('../islands/supabase');
  return (await currentSession().catch(() => null))?.accessToken ?? null;
}

let abilitiesCall: Promise<Ability[]> | undefined;
/**
 * What the signed-in user's staff role may do on the public site (functions/session.ts; none for a patient or a
 * visitor), asked once per page and only when someone is signed in.
 */
export function staffAbilities(): Promise<Ability[]> {
  if ($session.get().status !== 'signed-in') return Promise.resolve([]);
  abilitiesCall ??= (async () => {
    const token = await sessionAccessToken();
    if (!token) return [];
    const res = await fetch('/api/session', { headers: { accept: 'application/json', authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { _status: number; _data?: { abilities?: Ability[] } };
    return body._status === 1 ? (body._data?.abilities ?? []) : [];
  })().catch(() => []);
  return abilitiesCall;
}

/** Records the header's summary of the signed-in patient (after /api/me or a profile save). */
export function setAccount(account: AccountSummary): void {
  const s = $session.get();
  // An answer arriving after log-out (or for another user) is dropped: nothing is kept for a visitor.
  if (s.status !== 'signed-in' || s.userId !== account.userId) return;
  try {
    localStorage.setItem(ACCOUNT_CACHE_KEY, JSON.stringify(account));
  } catch {
    /* private mode: the header asks again next page */
  }
  $session.set({ ...s, account });
}

/** Re-reads the stored session (another tab signed in or out, or the Supabase client refreshed it). */
export function refreshFromStorage(): void {
  const next = initialState();
  const prev = $session.get();
  if (next.status !== prev.status || (next.status === 'signed-in' && prev.status === 'signed-in' && (next.userId !== prev.userId || next.account !== prev.account))) {
    $session.set(next);
  }
}

interface AuthClient {
  auth: { onAuthStateChange(cb: (event: string, session: { user: { id: string } } | null) => void): unknown };
}

const connected = new WeakSet<object>();

/** Feeds the store from the Supabase client's auth events (sign-in, refresh, sign-out, in this tab). */
export function connectAuth(client: AuthClient): void {
  if (connected.has(client)) return;
  connected.add(client);
  client.auth.onAuthStateChange((_event, session) => {
    // supabase-js has written (or removed) its storage entry before it calls back.
    if (!session) $session.set({ status: 'visitor' });
    else refreshFromStorage();
  });
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === null || e.key === SESSION_STORAGE_KEY || e.key === ACCOUNT_CACHE_KEY) refreshFromStorage();
  });
}

/** Removes every key the site keeps in this browser's local and session storage. */
export function clearSiteStorage(stores: Storage[] = [localStorage, sessionStorage]): void {
  for (const store of stores) {
    try {
      for (const key of Object.keys(store)) if (key.startsWith(SITE_STORAGE_PREFIX)) store.removeItem(key);
    } catch {
      /* storage unavailable */
    }
  }
}
