import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n/strings';
import { formatCalendarDate } from '../../src/lib/format';
import {
  calendarDateInZone,
  DEFAULT_REVIEW_SORT,
  formatRating,
  formatReviewDate,
  fromAdminPagination,
  hasMore,
  pagination,
  parseReviewSort,
  ratingSummary,
  RATING_SCALE,
  REVIEW_SORT_LABELS,
  REVIEW_SORT_OPTIONS,
  reviewDateText,
  sortReviews,
} from '../../src/lib/reviews';

describe('rating summary', () => {
  it('computes the point over scale 5 with one decimal, and star rows 5..1', () => {
    const s = ratingSummary({ 5: 3, 4: 1, 1: 1 });
    expect(s.ratingScale).toBe(RATING_SCALE);
    expect(RATING_SCALE).toBe(5);
    expect(s.reviewCounting).toBe(5);
    expect(s.ratingPoint).toBe(4); // (5*3 + 4 + 1) / 5
    expect(s.percentages.map((p) => p.star)).toEqual([5, 4, 3, 2, 1]);
    expect(s.percentages.map((p) => p.percent)).toEqual([60, 20, 0, 0, 20]);
  });
  it('percentages always sum to 100 (largest remainder)', () => {
    const s = ratingSummary({ 5: 1, 4: 1, 3: 1 });
    expect(s.percentages.map((p) => p.percent)).toEqual([34, 33, 33, 0, 0]);
    for (const counts of [{ 5: 7, 4: 3, 3: 1, 2: 1, 1: 1 }, { 5: 1, 4: 2, 3: 3, 2: 4, 1: 5 }, { 2: 1 }, { 5: 333, 1: 667 }]) {
      expect(ratingSummary(counts).percentages.reduce((a, p) => a + p.percent, 0)).toBe(100);
    }
  });
  it('no reviews: point 0 and all percentages 0', () => {
    const s = ratingSummary({});
    expect(s.reviewCounting).toBe(0);
    expect(s.ratingPoint).toBe(0);
    expect(s.percentages.every((p) => p.percent === 0 && p.count === 0)).toBe(true);
  });
  it('uses the server rating when given, clamped to the scale, one decimal', () => {
    expect(ratingSummary({ 5: 1 }, 4.26).ratingPoint).toBe(4.3);
    expect(ratingSummary({ 5: 1 }, 7).ratingPoint).toBe(5);
    expect(ratingSummary({ 5: 1 }, null).ratingPoint).toBe(5);
  });
  it('ignores negative and fractional counts', () => {
    expect(ratingSummary({ 5: -2, 4: 2.7 }).reviewCounting).toBe(2);
  });
  it('formats a rating with one decimal', () => {
    expect(formatRating(4)).toBe('4.0');
    expect(formatRating(4.25)).toBe('4.3');
    expect(formatRating(0)).toBe('0.0');
  });
});

describe('last-review date text', () => {
  const zone = 'Asia/Ho_Chi_Minh'; // UTC+7
  const now = new Date('2026-11-22T10:00:00Z'); // 17:00 in HCM
  const en = (createdAt: string) => formatReviewDate('en-PH', createdAt, now, zone);

  it('Today for the same calendar day in the zone', () => {
    expect(reviewDateText('2026-11-21T17:00:00Z', now, zone).kind).toBe('today'); // 00:00 on the 22nd in HCM
    expect(en('2026-11-22T09:59:00Z')).toBe('Today');
  });
  it('Yesterday for the previous calendar day, even less than 24 h ago', () => {
    expect(en('2026-11-21T16:59:00Z')).toBe('Yesterday'); // 23:59 on the 21st in HCM
    expect(en('2026-11-20T17:00:00Z')).toBe('Yesterday');
  });
  it("'Last N days' from 2 up to 7 days", () => {
    expect(en('2026-11-20T10:00:00Z')).toBe('Last 2 days');
    expect(en('2026-11-15T10:00:00Z')).toBe('Last 7 days');
    expect(reviewDateText('2026-11-17T10:00:00Z', now, zone)).toMatchObject({ kind: 'lastDays', days: 5 });
  });
  it('the full date after 7 days', () => {
    expect(reviewDateText('2026-11-14T10:00:00Z', now, zone)).toEqual({ kind: 'date', date: '2026-11-14' });
    expect(en('2026-11-14T10:00:00Z')).toBe(formatCalendarDate('en-PH', '2026-11-14'));
    expect(formatReviewDate('vi-VN', '2025-01-02T10:00:00Z', now, zone)).toBe(formatCalendarDate('vi-VN', '2025-01-02'));
  });
  it('is computed in the given zone, not the visitor zone', () => {
    const created = '2026-11-21T20:00:00Z'; // 03:00 on the 22nd in HCM, 15:00 on the 21st in New York
    expect(reviewDateText(created, now, zone).kind).toBe('today');
    expect(reviewDateText('2026-11-21T20:00:00Z', new Date('2026-11-22T10:00:00Z'), 'America/New_York').kind).toBe('yesterday');
    expect(calendarDateInZone(new Date('2026-11-21T20:00:00Z'), 'Asia/Jayapura')).toBe('2026-11-22');
  });
  it('handles daylight-saving zones by calendar days', () => {
    const nowNy = new Date('2026-11-02T15:00:00Z'); // after the DST end of 1 Nov 2026
    expect(reviewDateText('2026-10-31T15:00:00Z', nowNy, 'America/New_York')).toMatchObject({ kind: 'lastDays', days: 2 });
  });
  it('a future timestamp counts as Today', () => {
    expect(en('2026-11-23T10:00:00Z')).toBe('Today');
  });
  it('accepts Date objects and translates', () => {
    expect(formatReviewDate('vi-VN', new Date('2026-11-21T10:00:00Z'), now, zone)).toBe('Hôm qua');
    expect(formatReviewDate('th-TH', new Date('2026-11-18T10:00:00Z'), now, zone)).toBe(translate('th-TH', 'directory.reviews.lastDays', { days: 4 }));
  });
});

describe('review sort', () => {
  it('has the four options with RECENT_FIRST as default', () => {
    expect(REVIEW_SORT_OPTIONS).toEqual(['LOWEST_RATING', 'HIGHEST_RATING', 'RECENT_FIRST', 'OLDEST_FIRST']);
    expect(DEFAULT_REVIEW_SORT).toBe('RECENT_FIRST');
    expect(Object.keys(REVIEW_SORT_LABELS).sort()).toEqual([...REVIEW_SORT_OPTIONS].sort());
  });
  it('parses values, unknown -> default', () => {
    expect(parseReviewSort('OLDEST_FIRST')).toBe('OLDEST_FIRST');
    expect(parseReviewSort('oldest_first')).toBe('RECENT_FIRST');
    expect(parseReviewSort(undefined)).toBe('RECENT_FIRST');
    expect(parseReviewSort(3)).toBe('RECENT_FIRST');
  });
  const reviews = [
    { id: 1, rate: 4, createdAt: '2026-01-01T00:00:00Z' },
    { id: 2, rate: 5, createdAt: '2026-03-01T00:00:00Z' },
    { id: 3, rate: 1, createdAt: '2026-02-01T00:00:00Z' },
    { id: 4, rate: 4, createdAt: '2026-04-01T00:00:00Z' },
  ];
  it('sorts by each option without mutating the input', () => {
    expect(sortReviews(reviews).map((r) => r.id)).toEqual([4, 2, 3, 1]);
    expect(sortReviews(reviews, 'OLDEST_FIRST').map((r) => r.id)).toEqual([1, 3, 2, 4]);
    expect(sortReviews(reviews, 'HIGHEST_RATING').map((r) => r.id)).toEqual([2, 4, 1, 3]);
    expect(sortReviews(reviews, 'LOWEST_RATING').map((r) => r.id)).toEqual([3, 4, 1, 2]);
    expect(reviews.map((r) => r.id)).toEqual([1, 2, 3, 4]);
  });
});

describe('pagination', () => {
  it('builds currentPage, lastPage, nextPage, totalItems', () => {
    expect(pagination(1, 10, 25)).toEqual({ currentPage: 1, lastPage: 3, nextPage: 2, totalItems: 25 });
    expect(pagination(3, 10, 25)).toEqual({ currentPage: 3, lastPage: 3, nextPage: null, totalItems: 25 });
  });
  it('clamps the page and keeps at least one page', () => {
    expect(pagination(9, 10, 25).currentPage).toBe(3);
    expect(pagination(0, 10, 25).currentPage).toBe(1);
    expect(pagination(1, 10, 0)).toEqual({ currentPage: 1, lastPage: 1, nextPage: null, totalItems: 0 });
  });
  it('reads admin pagination { last, total_items }', () => {
    expect(fromAdminPagination(2, { last: 5, total_items: 48 })).toEqual({ currentPage: 2, lastPage: 5, nextPage: 3, totalItems: 48 });
    expect(fromAdminPagination(1, { last: 0, total_items: 0 }).lastPage).toBe(1);
  });
  it("'View more' while a next page exists", () => {
    expect(hasMore(pagination(1, 10, 11))).toBe(true);
    expect(hasMore(pagination(2, 10, 11))).toBe(false);
  });
});
