/**
 * My appointments (issue 38 item 23, and issue 35's no-show): lists filed by date whatever the status (a cancelled appointment of next
 * week is not "past"), paged so a long history stays a short page, and the chosen date carried back to the
 * doctor's page after a lost slot race or a sign-in.
 */
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../i18n/locales';
import { translate } from '../../i18n/strings';
import { BOOKINGS_PAGE_SIZE, canChange, canReview, isUpcoming, pageOf, splitBookings, STATUS_LABELS, type BookingStatus } from '../../src/lib/my-bookings';
import { chosenSlotOfBookingPath, doctorBookingPath, readChosenSlot, serviceBookingPath, withChosenSlot } from '../../src/lib/booking-routes';

const now = Date.parse('2026-11-28T03:00:00Z');
const at = (days: number) => new Date(now + days * 86_400_000).toISOString();

describe('splitBookings', () => {
  it('files a cancelled future appointment under Upcoming (not changeable), a past one under Past', () => {
    const list = [
      { id: 1, status: 'cancelled' as const, startsAt: at(3) },
      { id: 2, status: 'confirmed' as const, startsAt: at(1) },
      { id: 3, status: 'cancelled' as const, startsAt: at(-2) },
      { id: 4, status: 'completed' as const, startsAt: at(-1) },
    ];
    const { upcoming, past } = splitBookings(list, now);
    expect(upcoming.map((b) => b.id)).toEqual([2, 1]);
    expect(past.map((b) => b.id)).toEqual([4, 3]);
    expect(isUpcoming(list[0], now)).toBe(false);
  });
});

describe('pageOf', () => {
  const list = Array.from({ length: 23 }, (_, i) => i);
  it('cuts a list into pages of BOOKINGS_PAGE_SIZE', () => {
    expect(BOOKINGS_PAGE_SIZE).toBe(10);
    expect(pageOf(list, 1)).toEqual({ items: list.slice(0, 10), page: 1, pages: 3 });
    expect(pageOf(list, 3).items).toEqual([20, 21, 22]);
  });
  it('clamps the page asked for', () => {
    expect(pageOf(list, 99).page).toBe(3);
    expect(pageOf(list, 0).page).toBe(1);
    expect(pageOf(list, Number.NaN).page).toBe(1);
    expect(pageOf([], 4)).toEqual({ items: [], page: 1, pages: 1 });
  });
});

describe('the chosen slot carried back to the subject page', () => {
  it('round-trips date, consultation type and slot', () => {
    const path = withChosenSlot('/vi-vn/bac-si/a', { date: '2026-12-03', telemedicine: true, slot: 42 });
    expect(path).toBe('/vi-vn/bac-si/a?date=2026-12-03&telemedicine=true&slot=42');
    expect(readChosenSlot(path.split('?')[1])).toEqual({ date: '2026-12-03', telemedicine: true, slot: 42 });
  });
  it('keeps only the date after a lost slot race, replacing an older choice and keeping other parameters', () => {
    expect(withChosenSlot('/en-ph/doctor/a?ref=x&slot=9&date=2026-01-01#book', { date: '2026-12-03', telemedicine: false, slot: null })).toBe('/en-ph/doctor/a?ref=x&date=2026-12-03#book');
  });
  it('ignores a malformed date or slot', () => {
    expect(readChosenSlot('date=2026-13-40&slot=1')).toBeNull();
    expect(readChosenSlot('date=2026-12-03&slot=-1')).toEqual({ date: '2026-12-03', telemedicine: false, slot: null });
    expect(withChosenSlot('/a', { date: 'x', telemedicine: false, slot: 1 })).toBe('/a');
  });
  it('reads the choice of a booking link', () => {
    expect(chosenSlotOfBookingPath(doctorBookingPath('vi-VN', { doctorId: 3, date: '2026-12-03', scheduleId: 40, telemedicine: true }))).toEqual({ date: '2026-12-03', telemedicine: true, slot: 40 });
    expect(chosenSlotOfBookingPath(serviceBookingPath('th-TH', { serviceId: 3, date: '2026-12-03', scheduleId: 41 }))).toEqual({ date: '2026-12-03', telemedicine: false, slot: 41 });
    expect(chosenSlotOfBookingPath('/vi-vn/')).toBeNull();
  });
});

const NOW = Date.parse('2026-12-05T01:00:00Z');
const atHour = (h: number) => new Date(NOW + h * 3_600_000).toISOString();

describe('a no-show in My appointments', () => {
  it('is a past visit, even one whose time is still ahead, and cannot be changed or reviewed', () => {
    const list = [
      { id: 1, status: 'no_show' as BookingStatus, startsAt: atHour(-30) },
      { id: 2, status: 'confirmed' as BookingStatus, startsAt: atHour(5) },
      { id: 3, status: 'no_show' as BookingStatus, startsAt: atHour(1) },
    ];
    const { upcoming, past } = splitBookings(list, NOW);
    expect(upcoming.map((b) => b.id)).toEqual([2]);
    expect(past.map((b) => b.id)).toEqual([3, 1]);
    expect(canChange({ status: 'no_show', startsAt: atHour(1), cancelUntil: atHour(1) }, NOW)).toBe(false);
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
