/** My appointments (src/lib/my-bookings.ts): a visit the hospital marked a no-show (issue 35) is filed and named. */
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../i18n/locales';
import { translate } from '../../i18n/strings';
import { canChange, canReview, splitBookings, STATUS_LABELS, type BookingStatus } from '../../src/lib/my-bookings';

const NOW = Date.parse('2026-12-05T01:00:00Z');
const at = (h: number) => new Date(NOW + h * 3_600_000).toISOString();

describe('a no-show in My appointments', () => {
  it('is a past visit, even one whose time is still ahead, and cannot be changed or reviewed', () => {
    const list = [
      { id: 1, status: 'no_show' as BookingStatus, startsAt: at(-30) },
      { id: 2, status: 'confirmed' as BookingStatus, startsAt: at(5) },
      { id: 3, status: 'no_show' as BookingStatus, startsAt: at(1) },
    ];
    const { upcoming, past } = splitBookings(list, NOW);
    expect(upcoming.map((b) => b.id)).toEqual([2]);
    expect(past.map((b) => b.id)).toEqual([3, 1]);
    expect(canChange({ status: 'no_show', startsAt: at(1), cancelUntil: at(1) }, NOW)).toBe(false);
    expect(canReview({ status: 'no_show', review: null })).toBe(false);
  });

  it('has its own label, translated in every locale', () => {
    expect(STATUS_LABELS.no_show).toBe('account.bookings.status.noShow');
    const texts = LOCALES.map((l) => translate(l, STATUS_LABELS.no_show));
    for (const [i, text] of texts.entries()) {
      expect(text).not.toBe(STATUS_LABELS.no_show);
      expect(text).not.toBe(translate(LOCALES[i]!, STATUS_LABELS.cancelled));
    }
    expect(translate('en-PH', STATUS_LABELS.no_show)).toBe('Missed (no-show)');
  });
});
