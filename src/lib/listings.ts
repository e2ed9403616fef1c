/**
 * Listing pages (issue #7 items 4–5, SPEC §1, §2): the specialty index, the doctor listing of a city for a
 * specialty and the hospital listing with its filters. Pure rules shared by the build (src/pages) and the
 * listing script (src/scripts/listings.ts): paging, filters and their facets, the city a specialty card opens,
 * the order of doctors, and the keyword match of the in-page filter.
 */
import { LOCALE_CONFIG, type Locale } from '../../i18n/locales';
import { HOSPITAL_FILTER_KEYS, hospitalListingPath, type HospitalListingFilter } from './directory-routes';
import { message, type Message } from './message-key';
import type { MessageKey } from '../../i18n/strings';

/** Cards per listing page; the following pages are prebuilt at /page/{n}/ so paging works without JavaScript. */
export const LISTING_PAGE_SIZE = 20;

// ---- paging ----------------------------------------------------------------------------------------------

/** Number of pages of a list: at least 1 (an empty list has one page, which says 'No results'). */
export function pageCount(total: number, size = LISTING_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / size));
}

/** The items of page `page` (1-based). */
export function pageItems<T>(items: readonly T[], page: number, size = LISTING_PAGE_SIZE): T[] {
  return items.slice((page - 1) * size, page * size);
}

export interface PagerLink { page: number; href: string; current: boolean }
export interface Pager {
  page: number;
  last: number;
  prev: string | null;
  next: string | null;
  /** Page links around the current page, with null for a gap ('…'); always the first and the last page. */
  items: (PagerLink | null)[];
}

/** Previous / next and numbered links; `hrefOf(n)` is the path of page n. Pages accepted: 1 to page count. */
export function pager(page: number, last: number, hrefOf: (page: number) => string, around = 1): Pager {
  const p = Math.min(Math.max(1, page), Math.max(1, last));
  const shown = new Set<number>([1, last]);
  for (let n = p - around; n <= p + around; n++) if (n >= 1 && n <= last) shown.add(n);
  const sorted = [...shown].sort((a, b) => a - b);
  const items: (PagerLink | null)[] = [];
  sorted.forEach((n, i) => {
    if (i > 0 && n - sorted[i - 1] > 1) items.push(null);
    items.push({ page: n, href: hrefOf(n), current: n === p });
  });
  return { page: p, last, prev: p > 1 ? hrefOf(p - 1) : null, next: p < last ? hrefOf(p + 1) : null, items };
}

// ---- hospital types ----------------------------------------------------------------------------------------

/** Types with a label in every locale (listing.type.*); a type outside this list shows its slug in words. */
export const HOSPITAL_TYPES = ['hospital', 'clinic', 'dental-clinic'] as const;

export function hospitalTypeLabel(type: string): Message | string {
  return (HOSPITAL_TYPES as readonly string[]).includes(type) ? message(`listing.type.${type}` as MessageKey) : type.replace(/-/g, ' ');
}

// ---- hospital listing filters -------------------------------------------------------------------------------

export interface FilterableHospital {
  citySlug: string;
  hospitalType: string | null;
  specialties: readonly { slug: string }[];
}

export type FilterKey = (typeof HOSPITAL_FILTER_KEYS)[number];

export function matchesFilter(h: FilterableHospital, f: HospitalListingFilter): boolean {
  return (!f.city || h.citySlug === f.city) && (!f.type || h.hospitalType === f.type) && (!f.specialty || h.specialties.some((s) => s.slug === f.specialty));
}

/** A filter without empty values, in the path's key order (equal filters give equal keys). */
export function normalizeFilter(f: HospitalListingFilter): HospitalListingFilter {
  const out: HospitalListingFilter = {};
  for (const k of HOSPITAL_FILTER_KEYS) if (f[k]) out[k] = f[k];
  return out;
}

export function filterKey(f: HospitalListingFilter): string {
  return hospitalListingPath(normalizeFilter(f));
}

/**
 * Every filter combination that has at least one hospital, plus the unfiltered listing (always built).
 * Each hospital belongs to (city or all) × (type or all) × (one of its specialties or all), so the number of
 * pages stays bounded by the hospitals, not by the product of all values.
 */
export function hospitalFilterCombos(hospitals: readonly FilterableHospital[]): HospitalListingFilter[] {
  const combos = new Map<string, HospitalListingFilter>([[filterKey({}), {}]]);
  for (const h of hospitals) {
    for (const city of [null, h.citySlug || null]) {
      for (const type of [null, h.hospitalType]) {
        for (const specialty of [null, ...h.specialties.map((s) => s.slug)]) {
          const f = normalizeFilter({ city, type, specialty });
          combos.set(filterKey(f), f);
        }
      }
    }
  }
  return [...combos.values()];
}

export interface FacetOption {
  /** null: the 'All' option of the group. */
  value: string | null;
  label: Message | string;
  count: number;
  /** The listing with this option chosen (other filters kept); null when it would be empty (not built). */
  href: string | null;
  current: boolean;
}

/**
 * The options of one filter group for the current filter: 'All' first, then each value (in the given order)
 * with the number of hospitals matching it together with the other filters. Empty options have no link.
 */
export function facetOptions(
  hospitals: readonly FilterableHospital[],
  current: HospitalListingFilter,
  key: FilterKey,
  values: readonly { value: string; label: Message | string }[],
  allLabel: Message | string,
): FacetOption[] {
  const option = (value: string | null, label: Message | string): FacetOption => {
    const f = normalizeFilter({ ...current, [key]: value });
    const count = hospitals.filter((h) => matchesFilter(h, f)).length;
    return { value, label, count, href: count > 0 || value == null ? hospitalListingPath(f) : null, current: (current[key] ?? null) === value };
  };
  return [option(null, allLabel), ...values.map((v) => option(v.value, v.label))];
}

// ---- specialty index -------------------------------------------------------------------------------------------

export interface CityCount { citySlug: string; city: string; count: number }

/**
 * The cities a specialty card offers, from the doctors of the locale: cities with doctors of that specialty,
 * most doctors first (ties: city name, then slug). The card's main link opens the first one; the others are
 * listed under it.
 */
export function citiesBySpecialty(doctors: readonly { citySlug: string; city: string; specialties: readonly { slug: string }[] }[]): Map<string, CityCount[]> {
  const counts = new Map<string, Map<string, CityCount>>();
  for (const d of doctors) {
    if (!d.citySlug) continue;
    for (const s of new Set(d.specialties.map((x) => x.slug))) {
      let byCity = counts.get(s);
      if (!byCity) counts.set(s, (byCity = new Map()));
      const c = byCity.get(d.citySlug);
      if (c) c.count++;
      else byCity.set(d.citySlug, { citySlug: d.citySlug, city: d.city, count: 1 });
    }
  }
  const out = new Map<string, CityCount[]>();
  for (const [slug, byCity] of counts) {
    out.set(slug, [...byCity.values()].sort((a, b) => b.count - a.count || a.city.localeCompare(b.city) || a.citySlug.localeCompare(b.citySlug)));
  }
  return out;
}

/** Whether a locale has doctor listing pages (and links to them): SPEC §1, `features.doctorListings`. */
export function hasDoctorListings(locale: Locale): boolean {
  return LOCALE_CONFIG[locale].features.doctorListings;
}

// ---- doctor listing order --------------------------------------------------------------------------------------

/** Bookable doctors first, then the best rated (with more reviews first on equal ratings), then by name. */
export function compareListingDoctors(
  a: { available: boolean; rating: number; totalReviews: number; name: string; id: number },
  b: { available: boolean; rating: number; totalReviews: number; name: string; id: number },
): number {
  return Number(b.available) - Number(a.available) || b.rating - a.rating || b.totalReviews - a.totalReviews || a.name.localeCompare(b.name) || a.id - b.id;
}

// ---- in-page keyword filter: src/lib/keyword-match.ts (no imports, so the browser script stays small) ----------
export { matchesKeyword, searchText } from './keyword-match';
