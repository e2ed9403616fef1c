/**
 * What the account islands share: the signed-in patient's token (the stored one while valid, else the Supabase
 * client refreshes it), calls answering the envelope, the sign-in redirect and the patient's calendar date.
 */
import { interpolate, type Params } from '../../../i18n/interpolate';
import { startLoginReturnFlow } from '../../scripts/session';
import { sessionAccessToken } from '../../scripts/session-store';
import { pageLanguageHeader } from '../../scripts/page-locale';

export type Strings = Record<string, string>;

export function translatorOf(strings: Strings) {
  return (key: string, params?: Params) => interpolate(strings[key] ?? key, params);
}

/** A plural string: `<base>.<Intl.PluralRules category>` (every locale has one and other), count in {count}. */
export function pluralOf(strings: Strings, locale: string) {
  const rules = new Intl.PluralRules(locale);
  return (base: string, count: number) => {
    const cat = rules.select(count);
    return interpolate(strings[`${base}.${cat}`] ?? strings[`${base}.other`] ?? base, { count: new Intl.NumberFormat(locale).format(count) });
  };
}

export interface Envelope<T> {
  _status: number;
  _messages: string[];
  _data: T;
}

export class AccountCallError extends Error {
  constructor(
    readonly messages: string[],
    readonly status: number,
    readonly data: unknown = null,
  ) {
    super(messages[0] ?? `HTTP ${status}`);
  }
}


/** Sends the visitor to the login page, back here afterwards. */
export function goToLogin(loginPath: string): void {
  startLoginReturnFlow(loginPath, location.pathname + location.search, 'care_account');
}

/**
 * A call as the signed-in patient. No session (or one the server refuses): `onSignedOut` (the login page).
 * A failure throws AccountCallError with the server's messages (the first is what a person reads).
 */
export async function accountCall<T>(url: string, init: RequestInit, onSignedOut: () => void): Promise<{ data: T; messages: string[] }> {
  const token = await sessionAccessToken();
  if (!token) {
    onSignedOut();
    throw new AccountCallError([], 401);
  }
  const res = await fetch(url, { ...init, headers: { accept: 'application/json', ...pageLanguageHeader(), authorization: `Bearer ${token}`, ...(init.headers ?? {}) } });
  let body: Envelope<T> | null = null;
  try {
    body = (await res.json()) as Envelope<T>;
  } catch {
    /* not JSON: a network or platform failure */
  }
  if (res.status === 401) onSignedOut();
  if (!res.ok || !body || body._status !== 1) throw new AccountCallError(body?._messages ?? [], res.status, body?._data ?? null);
  return { data: body._data, messages: body._messages ?? [] };
}

/** The browser's calendar date: a birthday is the patient's own date, not a hospital's. */
export function localToday(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}
