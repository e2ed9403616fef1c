/**
 * Addresses of the patient account (issue 28): the header menu's pages and the login link that brings the
 * visitor back to the page they were on. Pure, used by pages and scripts alike.
 */
import { localePath, type Locale } from '../../i18n/locales';

export const ACCOUNT_PAGES = {
  bookings: '/account/bookings/',
  family: '/account/family/',
  profile: '/account/profile/',
} as const;
export type AccountPage = keyof typeof ACCOUNT_PAGES;

export const LOGIN_PATH = '/login/';

export function accountPath(locale: Locale, page: AccountPage): string {
  return localePath(locale, ACCOUNT_PAGES[page]);
}

/** Whether a path (without query) is one of the account's signed-in pages. */
export function isAccountPath(pathname: string): boolean {
  return /^\/[a-z]{2}-[a-z]{2}\/account\//.test(pathname);
}

/**
 * The header's login link: back to `returnPath` afterwards (the login page reads returnUrl). The login page
 * itself gets no return URL (it would send the patient back to it).
 */
export function loginHref(locale: Locale, returnPath: string): string {
  const login = localePath(locale, LOGIN_PATH);
  const back = returnPath.split(/[?#]/)[0];
  if (back === login || back === login.replace(/\/$/, '')) return login;
  return `${login}?${new URLSearchParams({ returnUrl: returnPath })}`;
}

/** What the header shows as the patient's name: the saved name, else the e-mail or phone they signed in with. */
export function accountLabel(a: { name: string | null; login: string | null } | null, fallback: string): string {
  return a?.name?.trim() || a?.login?.trim() || fallback;
}

/** The avatar placeholder's letters: the first letter of the first and last words of the name. */
export function initials(label: string): string {
  const words = label.replace(/@.*$/, '').split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = [...words[0]][0] ?? '';
  const last = words.length > 1 ? ([...words[words.length - 1]][0] ?? '') : '';
  return (first + last).toLocaleUpperCase();
}
