import { reviewDateText } from '../../lib/reviews';
import { interpolate, pluralFromTable } from '../../../i18n/interpolate';

/** Props shared by the hospital page's islands. */
export interface CardLabels {
  searchServices: string;
  searchDoctors: string;
  searchHint: string;
  noResults: string;
  loading: string;
  bookService: string;
  bookDoctor: string;
  /** '{count} reviews' */
  reviews: string;
  prevPage: string;
  nextPage: string;
  /** 'Page {page} of {last}' */
  pageOf: string;
  /** '{count} results' */
  results: string;
  error: string;
  /** The locale's plural categories (i18n/interpolate.ts pluralTable) for the counted labels. */
  plural: string;
}

export interface ReviewLabels {
  sortBy: string;
  count: string;
  viewMore: string;
  empty: string;
  today: string;
  yesterday: string;
  /** 'Last {days} days' */
  lastDays: string;
  /** 'Rated {rate} out of 5' */
  ratedOf: string;
  /** 'Doctor: {name}' */
  doctor: string;
  service: string;
  /** Heading of the hospital's reply under a review. */
  reply: string;
  loading: string;
  error: string;
  /** The locale's plural categories (i18n/interpolate.ts pluralTable) for the counted labels. */
  plural: string;
}

export interface ListPage<T> { items: T[]; page: number; lastPage: number; totalItems: number }

/** Fills {name} placeholders of an already translated label and picks its plural form from `plural` (a table). */
export function fill(template: string, params: Record<string, string | number>, plural?: string): string {
  return interpolate(template, params, pluralFromTable(plural));
}

const fullDates = new Map<string, Intl.DateTimeFormat>();

/** A review's date: Today, Yesterday, 'Last N days' or the full date, in the hospital's zone (SPEC §9). */
export function reviewDateLabel(item: { createdAt: string }, now: Date, timeZone: string, locale: string, labels: Pick<ReviewLabels, 'today' | 'yesterday' | 'lastDays' | 'plural'>): string {
  const t = reviewDateText(item.createdAt, now, timeZone);
  if (t.kind === 'today') return labels.today;
  if (t.kind === 'yesterday') return labels.yesterday;
  if (t.kind === 'lastDays') return fill(labels.lastDays, { days: t.days }, labels.plural);
  const [y, m, d] = t.date.split('-').map(Number);
  let f = fullDates.get(locale);
  if (!f) fullDates.set(locale, (f = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' })));
  return f.format(Date.UTC(y, m - 1, d));
}
