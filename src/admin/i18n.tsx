/**
 * The admin's strings: i18n/strings/admin/<module>/<locale>.json, loaded by the admin app only (one chunk per
 * locale, fetched before the first screen). Keys of src/lib messages the admin renders (roles, add menu, form
 * messages) are part of the admin catalogue too, so the admin never loads the public site's catalogue.
 * A new module adds its folder under i18n/strings/admin/ and its type to AdminKey (see src/admin/README.md).
 */
import { createContext, useContext, type ReactNode } from 'react';
import { DEFAULT_LOCALE, LOCALE_CONFIG, LOCALES, isLocale, type Locale } from '../../i18n/locales';
import { interpolate, type Params } from '../../i18n/interpolate';
import type { Message } from '../lib/message';

type Core = typeof import('../../i18n/strings/admin/core/vi-VN.json');
type Users = typeof import('../../i18n/strings/admin/users/vi-VN.json');
type Doctors = typeof import('../../i18n/strings/admin/doctors/vi-VN.json');
type Notifications = typeof import('../../i18n/strings/admin/notifications/vi-VN.json');
type Profile = typeof import('../../i18n/strings/admin/profile/vi-VN.json');
type Overview = typeof import('../../i18n/strings/admin/overview/vi-VN.json');
type Availability = typeof import('../../i18n/strings/admin/availability/vi-VN.json');
type Imports = typeof import('../../i18n/strings/admin/imports/vi-VN.json');
type Reviews = typeof import('../../i18n/strings/admin/reviews/vi-VN.json');
type Campaigns = typeof import('../../i18n/strings/admin/campaigns/vi-VN.json');
export type AdminKey = keyof Core | keyof Users | keyof Doctors | keyof Notifications | keyof Profile | keyof Overview | keyof Availability | keyof Imports | keyof Reviews | keyof Campaigns | keyof Appointments | keyof SiteContent | keyof Directory | keyof Edges | keyof Ical | keyof Closures | keyof DoctorUnavailable | keyof GoLive;
type Appointments = typeof import('../../i18n/strings/admin/appointments/vi-VN.json');
type SiteContent = typeof import('../../i18n/strings/admin/site-content/vi-VN.json'); // issue 40
type Directory = typeof import('../../i18n/strings/admin/directory/vi-VN.json');
type Edges = typeof import('../../i18n/strings/admin/edges/vi-VN.json');
type Ical = typeof import('../../i18n/strings/admin/ical/vi-VN.json'); // issue 40: calendar feeds, webhook secrets shown once
type Closures = typeof import('../../i18n/strings/admin/closures/vi-VN.json');
type DoctorUnavailable = typeof import('../../i18n/strings/admin/doctor-unavailable/vi-VN.json'); // issue 35
type GoLive = typeof import('../../i18n/strings/admin/go-live/vi-VN.json'); // issue 37: go-live, branch lists, map pin, vaccine details
export type AdminCatalogue = Record<AdminKey, string>;

/**
 * One loader per locale (src/admin/strings/<locale>.ts): every module's strings of the language in one chunk, so the
 * app fetches one file before its first screen instead of one per module (gzip over one file is a third smaller).
 * A new module's folder is picked up by those files' globs.
 */
const CATALOGUES = import.meta.glob<{ default: Record<string, string> }>('./strings/*.ts');

export async function loadCatalogue(locale: Locale): Promise<AdminCatalogue> {
  const load = CATALOGUES[`./strings/${locale}.ts`];
  if (!load) throw new Error(`admin strings for ${locale} are missing`);
  return (await load()).default as AdminCatalogue;
}

export const LANG_COOKIE = 'lang';
export const LANG_COOKIE_DAYS = 365;

function readCookie(name: string): string | undefined {
  return document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

/** The admin's language: the lang cookie, else the domain's locale, else vi-VN. */
export function adminLocale(): Locale {
  const fromCookie = decodeURIComponent(readCookie(LANG_COOKIE) ?? '');
  if (isLocale(fromCookie)) return fromCookie;
  const host = window.location.hostname.replace(/^www\./, '');
  return LOCALES.find((l) => LOCALE_CONFIG[l].domain === host) ?? DEFAULT_LOCALE;
}

/** SPEC §4: a language change sets the lang cookie for 365 days. */
export function saveLanguage(locale: Locale): void {
  document.cookie = `${LANG_COOKIE}=${encodeURIComponent(locale)}; path=/; max-age=${LANG_COOKIE_DAYS * 86_400}; samesite=lax`;
}

export function clearLanguage(): void {
  document.cookie = `${LANG_COOKIE}=; path=/; max-age=0; samesite=lax`;
}

export interface Translator {
  locale: Locale;
  t: (key: AdminKey, params?: Params) => string;
  /** A src/lib Message (its key is in the admin catalogue). */
  tm: (m: Message | string) => string;
}

export function translatorFor(locale: Locale, catalogue: AdminCatalogue): Translator {
  // ICU plurals pick the locale's CLDR category ('one' / 'other').
  const rules = new Intl.PluralRules(LOCALE_CONFIG[locale].htmlLang);
  const lookup = (key: string, params?: Params) => interpolate((catalogue as Record<string, string>)[key] ?? key, params, (n) => rules.select(n));
  return {
    locale,
    t: (key, params) => lookup(key, params),
    tm: (m) => (typeof m === 'string' ? m : lookup(m.key, m.params)),
  };
}

const I18nContext = createContext<Translator | null>(null);

export function I18nProvider({ value, children }: { value: Translator; children: ReactNode }) {
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useT(): Translator {
  const v = useContext(I18nContext);
  if (!v) throw new Error('useT outside I18nProvider');
  return v;
}
