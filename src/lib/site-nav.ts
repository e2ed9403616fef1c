/**
 * The site's navigation (issue #30 item 6): the directory's sections in the header and the footer, as each
 * market's flags allow (doctor and service search only where those listings exist).
 */
import { LOCALE_CONFIG, type Locale } from '../../i18n/locales';
import type { MessageKey } from '../../i18n/strings';
import { HOSPITALS_PATH, SEARCH_PATH, SPECIALTIES_PATH, VACCINATIONS_PATH } from './directory-routes';

export type SiteSection = 'hospitals' | 'doctors' | 'services' | 'vaccinations' | 'specialties';
export interface SiteNavItem { section: SiteSection; label: MessageKey; path: string }

/** Search restricted to one kind (src/scripts/search.ts reads ?kind=). */
export const searchKindPath = (kind: 'doctors' | 'services') => `${SEARCH_PATH}?kind=${kind}`;

export function siteNav(locale: Locale): SiteNavItem[] {
  const f = LOCALE_CONFIG[locale].features;
  const items: Array<SiteNavItem | false> = [
    { section: 'hospitals', label: 'nav.hospitals', path: HOSPITALS_PATH },
    f.doctorListings && { section: 'doctors', label: 'nav.doctors', path: searchKindPath('doctors') },
    f.serviceListings && { section: 'services', label: 'nav.services', path: searchKindPath('services') },
    { section: 'vaccinations', label: 'nav.vaccinations', path: VACCINATIONS_PATH },
    { section: 'specialties', label: 'nav.specialties', path: SPECIALTIES_PATH },
  ];
  return items.filter((x): x is SiteNavItem => x !== false);
}

/** The section a page path belongs to (aria-current in the navigation). */
export function sectionOf(path: string): SiteSection | null {
  if (path.startsWith(HOSPITALS_PATH) || path.startsWith('/hospital/') || path.startsWith('/organization/')) return 'hospitals';
  if (path.startsWith('/doctors/') || path.startsWith('/doctor/')) return 'doctors';
  if (path.startsWith(VACCINATIONS_PATH)) return 'vaccinations';
  if (path.startsWith(SPECIALTIES_PATH)) return 'specialties';
  return null;
}
