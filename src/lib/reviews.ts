/** Reviews (SPEC §2, §3, §9): rating summary, last-review date text, sort options and pagination. */
import type { Locale } from '../../i18n/locales';
import { formatCalendarDate } from './format';
import { message, render, type Message } from './message';

/** The hospital summary rates over 5; star rows run 5 to 1. */
export const RATING_SCALE = 5;
export const STARS = [5, 4, 3, 2, 1] as const;
export type Star = (typeof STARS)[number];

export type StarCounts = Partial<Record<Star, number>>;

export interface RatingSummary {
  ratingPoint: number;
  ratingScale: number;
  reviewCounting: number;
  /** Integer percentages for 5..1 stars; they sum to exactly 100 when there are reviews, else all 0. */
  percentages: { star: Star; count: number; percent: number }[];
}

/** Rating with one decimal, e.g. 4 -> '4.0'. */
export function formatRating(point: number): string {
  return (Math.round(point * 10) / 10).toFixed(1);
}

/**
 * Summary from the per-star counts. Percentages use the largest-remainder method so rounding never shows
 * 99% or 101% in total. `rating` from the server wins over the computed mean when given.
 */
export function ratingSummary(counts: StarCounts, rating?: number | null): RatingSummary {
  const rows = STARS.map((star) => ({ star, count: Math.max(0, Math.floor(counts[star] ?? 0)) }));
  const total = rows.reduce((s, r) => s + r.count, 0);
  const mean = total ? rows.reduce((s, r) => s + r.star * r.count, 0) / total : 0;
  const point = rating != null && Number.isFinite(rating) ? rating : mean;
  const ratingPoint = Math.round(Math.min(RATING_SCALE, Math.max(0, point)) * 10) / 10;
  if (!total) return { ratingPoint, ratingScale: RATING_SCALE, reviewCounting: 0, percentages: rows.map((r) => ({ ...r, percent: 0 })) };
  const exact = rows.map((r) => (r.count * 100) / total);
  const floors = exact.map(Math.floor);
  let left = 100 - floors.reduce((s, v) => s + v, 0);
  const order = exact.map((v, i) => ({ i, rem: v - floors[i] })).sort((a, b) => b.rem - a.rem || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    floors[i] += 1;
    left -= 1;
  }
  return { ratingPoint, ratingScale: RATING_SCALE, reviewCounting: total, percentages: rows.map((r, i) => ({ ...r, percent: floors[i] })) };
}

// Building a DateTimeFormat costs far more than using one: one per zone, reused (thousands of pages per build).
const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** Calendar date 'yyyy-MM-dd' of an instant in an IANA zone. */
export function calendarDateInZone(instant: Date, timeZone: string): string {
  let f = zoneFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    zoneFormats.set(timeZone, f);
  }
  return f.format(instant);
}

function dayNumber(isoDate: string): number {
  const [y, m, d] = isoDate.split('-').map(Number);
  return Date.UTC(y, m - 1, d) / 86_400_000;
}

/** The longest 'Last N days' span; older reviews show their full date. */
export const LAST_DAYS_LIMIT = 7;

export type ReviewDateText =
  | { kind: 'today'; message: Message }
  | { kind: 'yesterday'; message: Message }
  | { kind: 'lastDays'; days: number; message: Message }
  | { kind: 'date'; date: string };

/**
 * 'Today', 'Yesterday', 'Last N days' (2..7) or the full date, by calendar days in `timeZone` (the hospital's),
 * so a visitor's own zone never moves a review to another day. A future instant counts as today.
 */
export function reviewDateText(createdAt: string | Date, now: Date, timeZone: string): ReviewDateText {
  const created = typeof createdAt === 'string' ? new Date(createdAt) : createdAt;
  const day = calendarDateInZone(created, timeZone);
  const days = dayNumber(calendarDateInZone(now, timeZone)) - dayNumber(day);
  if (days <= 0) return { kind: 'today', message: message('directory.reviews.today') };
  if (days === 1) return { kind: 'yesterday', message: message('directory.reviews.yesterday') };
  if (days <= LAST_DAYS_LIMIT) return { kind: 'lastDays', days, message: message('directory.reviews.lastDays', { days }) };
  return { kind: 'date', date: day };
}

export function formatReviewDate(locale: Locale, createdAt: string | Date, now: Date, timeZone: string): string {
  const t = reviewDateText(createdAt, now, timeZone);
  return t.kind === 'date' ? formatCalendarDate(locale, t.date) : render(locale, t.message);
}

export const REVIEW_SORT_OPTIONS = ['LOWEST_RATING', 'HIGHEST_RATING', 'RECENT_FIRST', 'OLDEST_FIRST'] as const;
export type ReviewSort = (typeof REVIEW_SORT_OPTIONS)[number];
export const DEFAULT_REVIEW_SORT: ReviewSort = 'RECENT_FIRST';

export const REVIEW_SORT_LABELS: Record<ReviewSort, Message> = {
  LOWEST_RATING: message('directory.reviews.sort.lowestRating'),
  HIGHEST_RATING: message('directory.reviews.sort.highestRating'),
  RECENT_FIRST: message('directory.reviews.sort.recentFirst'),
  OLDEST_FIRST: message('directory.reviews.sort.oldestFirst'),
};

/** Unknown or missing sort values fall back to the default. */
export function parseReviewSort(value: unknown): ReviewSort {
  return typeof value === 'string' && (REVIEW_SORT_OPTIONS as readonly string[]).includes(value) ? (value as ReviewSort) : DEFAULT_REVIEW_SORT;
}

export interface SortableReview {
  id: number | string;
  rate: number;
  createdAt: string;
}

/** Same order as the review list call: ties on rating show the most recent first; ties on date by id. */
export function sortReviews<T extends SortableReview>(reviews: readonly T[], sort: ReviewSort = DEFAULT_REVIEW_SORT): T[] {
  const time = (r: T) => Date.parse(r.createdAt);
  const recent = (a: T, b: T) => time(b) - time(a) || String(b.id).localeCompare(String(a.id), undefined, { numeric: true });
  const cmp: Record<ReviewSort, (a: T, b: T) => number> = {
    LOWEST_RATING: (a, b) => a.rate - b.rate || recent(a, b),
    HIGHEST_RATING: (a, b) => b.rate - a.rate || recent(a, b),
    RECENT_FIRST: recent,
    OLDEST_FIRST: (a, b) => -recent(a, b),
  };
  return [...reviews].sort(cmp[sort]);
}

export interface Pagination {
  currentPage: number;
  lastPage: number;
  /** null on the last page. */
  nextPage: number | null;
  totalItems: number;
}

/** Pagination model from a page number, page size and total; the last page is at least 1. */
export function pagination(currentPage: number, perPage: number, totalItems: number): Pagination {
  const lastPage = Math.max(1, Math.ceil(Math.max(0, totalItems) / Math.max(1, perPage)));
  const page = Math.min(lastPage, Math.max(1, Math.floor(currentPage) || 1));
  return { currentPage: page, lastPage, nextPage: page < lastPage ? page + 1 : null, totalItems: Math.max(0, totalItems) };
}

/** Admin lists answer { last, total_items }. */
export function fromAdminPagination(currentPage: number, p: { last: number; total_items: number }): Pagination {
  const lastPage = Math.max(1, p.last);
  const page = Math.min(lastPage, Math.max(1, currentPage));
  return { currentPage: page, lastPage, nextPage: page < lastPage ? page + 1 : null, totalItems: p.total_items };
}

/** 'View more' shows while another page exists. */
export function hasMore(p: Pagination): boolean {
  return p.nextPage != null;
}

/** What a review list is about: a hospital branch (its id), a doctor or a service (SPEC §7 review list, issue #7). */
export type ReviewListSubject = number | { doctor_id: number } | { service_id: number };

/** The review list call of a subject, sort option and page. */
export function reviewsRequest(subject: ReviewListSubject, sort: ReviewSort, page: number): string {
  const by: Record<string, string> =
    typeof subject === 'number' ? { hospital_branch_id: String(subject) } : 'doctor_id' in subject ? { doctor_id: String(subject.doctor_id) } : { service_id: String(subject.service_id) };
  return `/api/reviews?${new URLSearchParams({ ...by, sort, page: String(page) })}`;
}
