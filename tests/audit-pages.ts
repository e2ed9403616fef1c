/**
 * Pages `npm run audit` checks: one of each public page type per locale, where the locale has that type (SPEC §1).
 * Home, hospital and listing pages are named from the seed; doctor, service, reviews and vaccine pages are the
 * first of their kind in the built site, so the list follows the seed without repeating its naming rules.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { LOCALES, LOCALE_CONFIG, type Locale } from '../i18n/locales';
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

/** Folders holding an index.html directly under `dir`, sorted. */
function pageFolders(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(path.join(dir, e.name, 'index.html')))
    .map((e) => e.name)
    .sort();
}

/** The other page types of a locale, as built: doctor, service, their reviews, vaccinations, vaccine, search. */
export function builtPageTypes(distDir: string, locale: Locale): string[] {
  const prefix = LOCALE_CONFIG[locale].prefix;
  const base = path.join(distDir, prefix);
  const out: string[] = [];
  // Reviews pages exist where the organization publishes reviews: the first doctor and service that have one.
  const hasReviews = (dir: string) => existsSync(path.join(dir, 'reviews', 'index.html'));
  const doctors = path.join(base, 'doctor');
  const doctor = pageFolders(doctors).find((d) => hasReviews(path.join(doctors, d)));
  if (doctor) out.push(`/${prefix}/doctor/${doctor}/`, `/${prefix}/doctor/${doctor}/reviews/`);
  const hospital = path.join(base, 'hospital', AUDIT_HOSPITAL_SLUGS[locale]);
  const service = pageFolders(hospital).find((s) => s !== 'tab' && hasReviews(path.join(hospital, s)));
  if (service) out.push(`/${prefix}/hospital/${AUDIT_HOSPITAL_SLUGS[locale]}/${service}/`, `/${prefix}/hospital/${AUDIT_HOSPITAL_SLUGS[locale]}/${service}/reviews/`);
  const vaccination = path.join(base, 'vaccination');
  if (existsSync(path.join(vaccination, 'index.html'))) {
    out.push(`/${prefix}/vaccination/`);
    const vaccine = pageFolders(vaccination).find((v) => v !== 'page' && v !== 'branches');
    if (vaccine) out.push(`/${prefix}/vaccination/${vaccine}/`);
  }
  if (existsSync(path.join(base, 'search', 'index.html'))) out.push(`/${prefix}/search/`);
  return out;
}

/** Every audited page: the named ones and, per locale, the built page types. */
export function auditPages(distDir: string): string[] {
  return [...AUDIT_PAGES, ...LOCALES.flatMap((l) => builtPageTypes(distDir, l))];
}
