/**
 * The public routes of the directory (issue #7), inside a locale prefix: the one place a page path is built.
 * Pages, cards, sitemaps and the link checker use these; wrap with `localePath(locale, …)` for an href.
 * Renaming a route means a redirect from the old one in netlify.toml (issue #7).
 */
import { SPECIAL_SPECIALTY, reviewsPagePath, servicePagePath, specialtyCardHref, vaccineDetailUrl } from './hospital-page';
import { LOCALES, LOCALE_CONFIG, type Locale } from '../../i18n/locales';
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

/** Listing pages 2, 3, …: the listing path followed by 'page/{n}/'; page 1 is the listing path itself. */
export const pagedPath = (listingPath: string, page: number) => (page > 1 ? `${listingPath.replace(/\/?$/, '/')}page/${page}/` : listingPath);
/** Page n of the doctor listing of a city for a specialty. */
export const doctorListingPagePath = (citySlug: string, specialtySlug: string, page = 1) => pagedPath(doctorListingPath(citySlug, specialtySlug), page);

/** Filters of the hospital listing; each set filter is a path segment pair, in this order. */
export interface HospitalListingFilter { city?: string | null; specialty?: string | null; type?: string | null }
export const HOSPITAL_FILTER_KEYS = ['city', 'specialty', 'type'] as const;
/** Hospital listing: /hospitals/[city/{city}/][specialty/{specialty}/][type/{type}/][page/{n}/] (prebuilt, no query needed). */
export const hospitalListingPath = (filter: HospitalListingFilter = {}, page = 1) =>
  pagedPath(HOSPITALS_PATH + HOSPITAL_FILTER_KEYS.filter((k) => filter[k]).map((k) => `${k}/${seg(filter[k]!)}/`).join(''), page);

/**
 * Where a specialty links in a locale (SPEC §1, §2): the special slug opens the fixed-type hospital listing
 * (specialtyPath); where the locale has doctor listings, the doctor listing of the city; elsewhere (no doctor
 * listings, or no city known) the hospital listing filtered by the specialty (and the city when known).
 */
export const specialtyLinkPath = (locale: Locale, citySlug: string | null, specialtySlug: string) => {
  if (specialtySlug === SPECIAL_SPECIALTY.slug || (citySlug && LOCALE_CONFIG[locale].features.doctorListings)) return specialtyPath(citySlug ?? '', specialtySlug);
  return hospitalListingPath({ city: citySlug, specialty: specialtySlug });
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
export const MARKET_WIDE_PATHS: readonly string[] = ['/', HOSPITALS_PATH, SPECIALTIES_PATH, VACCINATIONS_PATH, SEARCH_PATH, LOGIN_PATH, ONBOARDING_PATH];
export function alternateLocales(locale: Locale, path: string): readonly Locale[] {
  const bare = path.replace(/[?#].*$/, '');
  const withSlash = bare.endsWith('/') ? bare : `${bare}/`;
  return MARKET_WIDE_PATHS.includes(withSlash) ? LOCALES : [locale];
}
