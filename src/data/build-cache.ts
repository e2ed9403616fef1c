/**
 * Build-scoped cache of the build-time bulk queries (DESIGN §8 build budget). Use it for every bulk loader a page's
 * getStaticPaths (or its rendering) calls:
 *
 *   export const loadDoctorPages = (locale: Locale) => perLocale('doctor-pages', locale, () => queryDoctorPages(locale));
 *
 * - Each (kind, locale) query runs once per build, however many routes ask for it (a detail page, its reviews page,
 *   a listing and the home page can share one result; the rows are shared, not copied).
 * - A parallel build (scripts/build.ts renders the locales in several processes, one per core) gives each process
 *   a subset of the locales (BUILD_LOCALES); for the others these loaders answer an empty list without querying,
 *   so a process neither queries nor holds the data of pages it does not render. Pages loop over LOCALES as usual.
 * - Keep what you return lean: page props stay in memory for the whole build (Astro keeps every route's
 *   getStaticPaths result until the end), so pass the view model a page renders, not raw rows or JSON aggregates
 *   it does not show, and share objects between routes instead of building copies per page.
 *
 * Outside a build (functions, tests) nothing is restricted and the memo lives as long as the process: call
 * `clearBuildCache()` where data may change between calls.
 */
import { LOCALES, isLocale, type Locale } from '../../i18n/locales';

/** Environment variable naming the locales this build process renders (comma-separated); unset: all. */
export const BUILD_LOCALES_ENV = 'BUILD_LOCALES';

/** The locales this build process renders. */
export function buildLocales(): readonly Locale[] {
  const raw = process.env[BUILD_LOCALES_ENV];
  if (!raw) return LOCALES;
  const wanted = raw.split(',').map((s) => s.trim()).filter(isLocale);
  return LOCALES.filter((l) => wanted.includes(l));
}

export function isBuiltLocale(locale: Locale): boolean {
  return buildLocales().includes(locale);
}

const memo = new Map<string, Promise<unknown>>();

/** Memoises `load` under `key` for the build. A failed load is forgotten, so a retry queries again. */
export function oncePerBuild<T>(key: string, load: () => Promise<T>): Promise<T> {
  let p = memo.get(key) as Promise<T> | undefined;
  if (!p) {
    p = load();
    memo.set(key, p);
    p.catch(() => memo.delete(key));
  }
  return p;
}

/** A locale's bulk list, queried once per build; empty for a locale this build process does not render. */
export function perLocale<T>(kind: string, locale: Locale, load: () => Promise<T[]>): Promise<T[]> {
  if (!isBuiltLocale(locale)) return Promise.resolve([]);
  return oncePerBuild(`${kind}:${locale}`, load);
}

export function clearBuildCache(): void {
  memo.clear();
}
