/**
 * The public routes of the directory (issue #7), inside a locale prefix: the one place a page path is built.
 * Pages, cards, sitemaps and the link checker use these; wrap with `localePath(locale, …)` for an href.
 * Renaming a route means a redirect from the old one in netlify.toml (issue #7).
 */
import { reviewsPagePath, servicePagePath, specialtyCardHref, vaccineDetailUrl } from './hospital-page';
import { LOCALES, type Locale } from '../../i18n/locales';
import { ONBOARDING_PATH } from './booking-routes';

const seg = (s: string) => encodeURIComponent(s);

export const hospitalPath = (slug: string) => `/hospital/${seg(slug)}/`;
export const organizationPath = (slug: string) => `/organization/${seg(slug)}/`;
export const doctorPath = (slug: string) => `/doctor/${seg(slug)}/`;
export const doctorReviewsPath = (slug: string) => `${reviewsPagePath(doctorPath(slug))}/`;
/** A service page path is the hospital path followed by the service path (SPEC §2). */
export const servicePath = (hospitalSlug: string, serviceSlug: string) => `${servicePagePath(hospitalPath(hospitalSlug), seg(serviceSlug))}/`;
export const serviceReviewsPath = (hospitalSlug: string, serviceSlug: string) => `${reviewsPagePath(servicePath(hospitalSlug, serviceSlug))}/`;

export const VACCINATIONS_PATH = '/vaccination/';
/** Vaccine detail: the listing path, then '{vaccine slug}-{vaccine_detail_id}' (SPEC §2). */
export const vaccineDetailPath = (vaccineSlug: string, vaccineDetailId: number) => `${vaccineDetailUrl(VACCINATIONS_PATH, vaccineSlug, vaccineDetailId)}/`;
/** Static pages of the vaccination listing: the first is the listing itself, then '/vaccination/page/N/'. */
export const vaccinationsPagePath = (page: number) => (page <= 1 ? VACCINATIONS_PATH : `${VACCINATIONS_PATH}page/${page}/`);

export const SPECIALTIES_PATH = '/specialty/';
export const HOSPITALS_PATH = '/hospitals/';
/** Doctor listing of a city for a specialty. */
export const doctorListingPath = (citySlug: string, specialtySlug: string) => `/doctors/${seg(citySlug)}/${seg(specialtySlug)}/`;
/** Specialty card target: the city's doctor listing, or the fixed-type hospital listing for the special slug. */
export const specialtyPath = (citySlug: string, specialtySlug: string) => {
  const href = specialtyCardHref(citySlug, specialtySlug);
  return href.includes('?') ? href : `${href}/`;
};

/** Share image of a page (issue #7): absolute on the locale domain when `origin` is given. */
export type ShareImageType = 'hospital' | 'doctor' | 'service' | 'vaccine' | 'specialty';
export const ogImagePath = (type: ShareImageType, localeTag: string, id: number | string) =>
  `/api/og-images/${type}/?locale=${seg(localeTag)}&${type}Id=${seg(String(id))}`;

/** Directory search (popular search keys link here): hospitals, doctors and services matching `q`. */
export const SEARCH_PATH = '/search/';
export const searchPath = (keyword: string) => `${SEARCH_PATH}?q=${encodeURIComponent(keyword)}`;

/**
 * hreflang (issue #7): the locales in which the page at `path` exists, the one rule the page chrome uses
 * (src/layouts/Page.astro) and the sitemaps follow (they copy a page's alternates). Market-wide pages (the home
 * page, the directory indexes, login and onboarding) exist in every locale; everything else belongs to one country (a hospital,
 * doctor, service, vaccine, organization, a city's listing), so its only alternate is its own locale. A
 * market-wide page built in fewer locales (feature flags) passes `alternates` to Page.astro itself.
 */
export const LOGIN_PATH = '/login/';
export const MARKET_WIDE_PATHS: readonly string[] = ['/', HOSPITALS_PATH, SPECIALTIES_PATH, VACCINATIONS_PATH, LOGIN_PATH, ONBOARDING_PATH];
export function alternateLocales(locale: Locale, path: string): readonly Locale[] {
  const bare = path.replace(/[?#].*$/, '');
  const withSlash = bare.endsWith('/') ? bare : `${bare}/`;
  return MARKET_WIDE_PATHS.includes(withSlash) ? LOCALES : [locale];
}
