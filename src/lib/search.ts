/**
 * Directory search (the page /{locale}/search/ and GET /api/search): what is searched in a locale (hospitals
 * always; doctors and services only where the locale has those listings, SPEC §1), the keyword rule of SPEC §5
 * (sent only with at least 3 characters, debounced 300 ms) and how many results of each kind come back.
 */
import { LOCALE_CONFIG, type Locale } from '../../i18n/locales';
import { KEYWORD_MAX_CHARS, SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS, searchKeyword } from './search-keyword';

export { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS, searchKeyword };

export const SEARCH_KINDS = ['hospitals', 'doctors', 'services'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];
/** Results per kind. */
export const SEARCH_RESULT_LIMIT = 10;
/** Longest keyword accepted. */
export const SEARCH_MAX_CHARS = KEYWORD_MAX_CHARS;

export function searchKinds(locale: Locale): SearchKind[] {
  const f = LOCALE_CONFIG[locale].features;
  return SEARCH_KINDS.filter((k) => k === 'hospitals' || (k === 'doctors' ? f.doctorListings : f.serviceListings));
}

/** ILIKE pattern matching the keyword anywhere, with the pattern characters escaped. */
export function containsPattern(keyword: string): string {
  return `%${keyword.replace(/[%_\\]/g, '\\$&')}%`;
}

/**
 * The keyword as the romanized slugs of the directory spell it ('Bệnh viện An Bình' -> 'benh-vien-an-binh'), so
 * a visitor typing without diacritics still finds the page; null when nothing of it is ASCII-spellable.
 */
export function slugKeyword(keyword: string): string | null {
  const s = keyword
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return s.length >= SEARCH_MIN_CHARS ? s : null;
}
