import { describe, expect, it } from 'vitest';
import { stripOffset } from '../../src/islands/booking/DateStrip';
import { mergeDays, scheduleUrl, translatorOf } from '../../src/islands/booking/shared';
import { NEAREST_HORIZON_DAYS, reachWindows, SCHEDULE_MAX_RANGE_DAYS, stripRange } from '../../src/lib/slots';
import { addDays } from '../../src/lib/hospital-time';
import { formatCalendarDateIn } from '../../src/lib/format';
import { filterDoctors, filterServices, nameContains, SEARCH_LIMIT, type DoctorSearchResult, type ServiceSearchResult } from '../../src/data/quick-booking';
import { islandStrings } from '../../src/components/booking/island-props';
import { LOCALES } from '../../i18n/locales';
import type { ScheduleDay } from '../../src/lib/slots';

const day = (workingDay: string, slots: number): ScheduleDay => ({ workingDay, workingTimes: { morning: [], afternoon: [], evening: [] }, slots });

describe('booking islands: shared helpers', () => {
  it('builds the schedule calls of SPEC §7 (range and startDate-only variants)', () => {
    expect(scheduleUrl({ kind: 'outpatient', doctorId: 7 }, '2026-11-23', '2026-11-29')).toBe('/api/doctors/7/schedules?startDate=2026-11-23&endDate=2026-11-29');
    expect(scheduleUrl({ kind: 'telemedicine', doctorId: 7 }, '2026-11-23')).toBe('/api/doctors/7/telemedicine-schedules?startDate=2026-11-23');
    expect(scheduleUrl({ kind: 'service', serviceId: 9 }, '2026-11-23', '2026-11-24')).toBe('/api/services/schedules?startDate=2026-11-23&endDate=2026-11-24&serviceId=9');
  });

  it("asks for the strip's three weeks from today and, after them, the nearest-day variant from the next Monday", () => {
    // Wednesday: from today (not the Monday before it) to the Sunday two weeks after this week's.
    expect(stripRange('2026-11-25')).toEqual({ start: '2026-11-25', end: '2026-12-13', nearestFrom: '2026-12-14' });
    // Monday and Sunday: the same three weeks, so every visitor of the week asks the same end and next start.
    expect(stripRange('2026-11-23')).toEqual({ start: '2026-11-23', end: '2026-12-13', nearestFrom: '2026-12-14' });
    expect(stripRange('2026-11-29')).toEqual({ start: '2026-11-29', end: '2026-12-13', nearestFrom: '2026-12-14' });
    // Across a year end.
    expect(stripRange('2026-12-30')).toEqual({ start: '2026-12-30', end: '2027-01-17', nearestFrom: '2027-01-18' });
  });

  it('carries the strip on to a date chosen past its weeks, in whole-week calls within the range limit (issue 38 item 23)', () => {
    const today = '2026-11-25';
    const { end } = stripRange(today);
    // Inside the strip: nothing more to ask.
    expect(reachWindows(today, end, '2026-12-10')).toEqual([]);
    // The week after the strip: one call, Monday to Sunday.
    expect(reachWindows(today, end, '2026-12-16')).toEqual([{ start: '2026-12-14', end: '2026-12-20' }]);
    // Ten weeks on: eight weeks, then the rest through the chosen date's Sunday; the same calls whatever the date of that week.
    const far = reachWindows(today, end, '2027-02-24');
    expect(far).toEqual([
      { start: '2026-12-14', end: '2027-02-07' },
      { start: '2027-02-08', end: '2027-02-28' },
    ]);
    expect(reachWindows(today, end, '2027-02-22')).toEqual(far);
    for (const w of far) expect(Date.parse(w.end) - Date.parse(w.start)).toBeLessThan(SCHEDULE_MAX_RANGE_DAYS * 86_400_000);
    // A tampered date years away asks for nothing past the nearest-day horizon.
    const capped = reachWindows(today, end, '2031-01-01');
    expect(capped.at(-1)!.end <= addDays(addDays(today, NEAREST_HORIZON_DAYS), 6)).toBe(true);
    expect(capped.length).toBeLessThanOrEqual(4);
  });

  it('merges a later answer into the loaded days, in date order, newer data winning', () => {
    const merged = mergeDays([day('2026-11-24', 2), day('2026-11-23', 0)], [day('2026-12-01', 5), day('2026-11-24', 1)]);
    expect(merged.map((d) => [d.workingDay, d.slots])).toEqual([
      ['2026-11-23', 0],
      ['2026-11-24', 1],
      ['2026-12-01', 5],
    ]);
  });

  it('formats a calendar date as itself whatever the runtime zone', () => {
    expect(formatCalendarDateIn('en-PH', '2026-03-08', { day: 'numeric', month: 'long', year: 'numeric' })).toBe('March 8, 2026');
    expect(formatCalendarDateIn('en-PH', '2026-01-01', { weekday: 'long' })).toBe('Thursday');
  });

  it('fills placeholders from the given strings and shows an unknown key as itself', () => {
    const t = translatorOf({ 'booking.slotsCount': '{count} slots' });
    expect(t('booking.slotsCount', { count: 3 })).toBe('3 slots');
    expect(t('booking.missing')).toBe('booking.missing');
  });

  it('gives the islands the same booking keys in every locale, with the spec English in en-PH', () => {
    const keys = Object.keys(islandStrings('vi-VN')).sort();
    for (const l of LOCALES) expect(Object.keys(islandStrings(l)).sort()).toEqual(keys);
    const en = islandStrings('en-PH');
    expect(en['booking.slotNotAvailable']).toBe('The slot is not available. Please select the time greater than {bufferTime}.');
    expect(en['booking.noSlotThisDay']).toBe('There is no available booking slot this day');
    expect(en['booking.choosePartOfDay']).toBe('Choose another Time of the Day');
    expect(en['booking.doctorBusy']).toBe('Sorry! Our doctor is quite busy now. Please come back tomorrow or make a booking with another doctor.');
    expect(en['booking.seeNearest']).toBe('See nearest availabilities');
    expect(en['booking.voucherApplicable']).toBe('Voucher applicable');
    expect(en['booking.bookAppointment']).toBe('Book an Appointment');
    expect(en['booking.allSpecialties']).toBe('All specialties');
  });
});

describe('quick-booking keyword', () => {
  it('filters a loaded branch by keyword (trimmed, any case, % and _ as characters) and specialty, in load order, up to the limit', () => {
    expect(nameContains('dr. Nguyễn Văn Nam', ' NGUYỄN ')).toBe(true);
    expect(nameContains('dr. Nam', '')).toBe(true);
    expect(nameContains('dr. Nam', undefined)).toBe(true);
    expect(nameContains('dr. Nam', '%')).toBe(false);
    expect(nameContains('50% off', '50%')).toBe(true);
    expect(nameContains('dr_nam', 'r_n')).toBe(true);
    expect(nameContains('drXnam', 'r_n')).toBe(false);
    const doctor = (id: number, name: string, specialties: number[]) => ({ id, name, specialties }) as DoctorSearchResult;
    const branch = [doctor(1, 'An Binh', [3]), doctor(2, 'Binh Chau', [4]), doctor(3, 'Chau An', [3, 4])];
    expect(filterDoctors(branch, {}).map((d) => d.id)).toEqual([1, 2, 3]);
    expect(filterDoctors(branch, { specialtyId: null, keyword: 'an' }).map((d) => d.id)).toEqual([1, 3]);
    expect(filterDoctors(branch, { specialtyId: 4 }).map((d) => d.id)).toEqual([2, 3]);
    expect(filterDoctors(branch, { specialtyId: 4, keyword: 'binh' }).map((d) => d.id)).toEqual([2]);
    expect(filterDoctors(branch, { specialtyId: 9 })).toEqual([]);
    const many = Array.from({ length: SEARCH_LIMIT + 5 }, (_, i) => ({ id: i, name: `Service ${i}` }) as ServiceSearchResult);
    expect(filterServices(many, {})).toHaveLength(SEARCH_LIMIT);
    expect(filterServices(many, { keyword: 'service 20' }).map((s) => s.id)).toEqual([20, ...Array.from({ length: 10 }, (_, i) => 200 + i).filter((i) => i < many.length)]);
  });
});

describe('booking islands: date strip', () => {
  it('scrolls the strip just enough to show the chosen date wholly, and not at all when it is shown', () => {
    const strip = { left: 40, right: 360 };
    expect(stripOffset(strip, { left: 100, right: 180 })).toBe(0);
    expect(stripOffset(strip, { left: 330, right: 410 })).toBe(50);
    expect(stripOffset(strip, { left: -60, right: 20 })).toBe(-100);
    // A date wider than the strip shows its start.
    expect(stripOffset(strip, { left: 200, right: 600 })).toBe(160);
  });
});
