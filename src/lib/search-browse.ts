/**
 * What the search page offers before a keyword (issue 38 item 17: the main menu's "Doctors" opened a heading and
 * an empty box): the market's specialties and cities, most doctors first, each a link to its listing, and the
 * popular search keys as suggestions. Pure; the page gives it the build's listings.
 */
import { localePath, type Locale } from '../../i18n/locales';
import { doctorListingPath, hospitalListingPath, specialtyLinkPath } from './directory-routes';
import { citiesBySpecialty, hasDoctorListings } from './listings';

export const BROWSE_SPECIALTIES_MAX = 12;
export const BROWSE_CITIES_MAX = 12;

interface Located {
  citySlug: string;
  city: string;
  specialties: readonly { slug: string }[];
}

export interface BrowseInput {
  specialties: readonly { slug: string; name: string }[];
  cities: readonly { slug: string; name: string }[];
  doctors: readonly Located[];
  hospitals: readonly Located[];
}

export interface BrowseLink {
  label: string;
  href: string;
  count: number;
}

export function searchBrowse(locale: Locale, data: BrowseInput): { specialties: BrowseLink[]; cities: BrowseLink[] } {
  const doctors = hasDoctorListings(locale);
  const byCity = citiesBySpecialty(doctors ? data.doctors : data.hospitals);
  const specialties = data.specialties
    .flatMap((s) => {
      const cities = byCity.get(s.slug) ?? [];
      const count = cities.reduce((n, c) => n + c.count, 0);
      return count > 0 ? [{ label: s.name, href: localePath(locale, specialtyLinkPath(locale, cities[0].citySlug, s.slug)), count }] : [];
    })
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label))
    .slice(0, BROWSE_SPECIALTIES_MAX);
  // A city opens the doctor listing of its most common specialty (its filters change the specialty there);
  // where the market lists no doctors, the city's hospitals.
  const cityStats = new Map<string, { count: number; top: { slug: string; count: number } | null }>();
  for (const [slug, cities] of byCity)
    for (const c of cities) {
      const st = cityStats.get(c.citySlug) ?? { count: 0, top: null };
      st.count += c.count;
      if (!st.top || c.count > st.top.count || (c.count === st.top.count && slug < st.top.slug)) st.top = { slug, count: c.count };
      cityStats.set(c.citySlug, st);
    }
  const cities = data.cities
    .flatMap((c) => {
      const st = cityStats.get(c.slug);
      if (!st?.top) return [];
      const href = doctors ? doctorListingPath(c.slug, st.top.slug) : hospitalListingPath({ city: c.slug });
      return [{ label: c.name, href: localePath(locale, href), count: (doctors ? data.doctors : data.hospitals).filter((x) => x.citySlug === c.slug).length }];
    })
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label))
    .slice(0, BROWSE_CITIES_MAX);
  return { specialties, cities };
}
