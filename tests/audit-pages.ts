/** Pages `npm run audit` checks: one of each public page type per locale (later issues add their types). */
import { LOCALES, LOCALE_CONFIG } from '../i18n/locales';
import { NAMES, SPECIALTIES } from '../supabase/seed/names';
import { CITIES } from '../supabase/seed/geo';
import { slugify } from '../supabase/seed/random';

/** The seed's first branch of its first organization in each market: published, indexable, bookable. */
export const AUDIT_HOSPITAL_SLUGS = Object.fromEntries(LOCALES.map((l) => [l, slugify(`${NAMES[l].words[0][1]} ${CITIES[l][0].slug} 1-1`)]));

export const AUDIT_PAGES: string[] = [
  ...LOCALES.map((l) => `/${LOCALE_CONFIG[l].prefix}/`),
  ...LOCALES.map((l) => `/${LOCALE_CONFIG[l].prefix}/hospital/${AUDIT_HOSPITAL_SLUGS[l]}/`),
  // Listings (issue #7): specialty index and hospital listing everywhere; the busiest doctor listing (seed
  // listings.ts: first specialty in the first city) where the locale has doctor listings.
  ...LOCALES.map((l) => `/${LOCALE_CONFIG[l].prefix}/specialty/`),
  ...LOCALES.map((l) => `/${LOCALE_CONFIG[l].prefix}/hospitals/`),
  ...LOCALES.filter((l) => LOCALE_CONFIG[l].features.doctorListings).map((l) => `/${LOCALE_CONFIG[l].prefix}/doctors/${CITIES[l][0].slug}/${slugify(SPECIALTIES[l][0][1])}/`),
];
