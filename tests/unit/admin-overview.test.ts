/** The overview's pure rules (issue #27 item 6): the bounded range, the default range, series and the SPEC §8 empty states. */
import { describe, expect, it } from 'vitest';
import { adminOverviewQuery, chartState, daysOf, defaultRange, emptyCounts, overviewSeries, overviewState, overviewTotals, rangeDays, rangeRefusal } from '../../src/lib/admin-overview';

describe('admin overview rules', () => {
  it('counts the days of a range with both ends, across months and leap days', () => {
    expect(rangeDays('2028-02-28', '2028-03-01')).toBe(3);
    expect(daysOf('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    expect(defaultRange('2026-11-27')).toEqual({ from: '2026-10-29', to: '2026-12-11' });
    expect(rangeDays(defaultRange('2026-03-01').from, '2026-03-01')).toBe(30);
    expect(rangeDays('2026-03-01', defaultRange('2026-03-01').to)).toBe(15);
  });

  it('refuses a reversed range and one longer than 366 days', () => {
    expect(rangeRefusal('2027-01-01', '2027-12-31')).toBeNull();
    expect(rangeRefusal('2028-01-01', '2028-12-31')).toBeNull(); // 366 days of a leap year
    expect(rangeRefusal('2027-01-01', '2028-01-02')).toBe('rangeTooLong');
    expect(rangeRefusal('2027-01-02', '2027-01-01')).toBe('rangeReversed');
    const bad = adminOverviewQuery.safeParse({ from: '2027-01-01', to: '2028-01-02' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({ path: ['to'], message: 'The date range can be at most 366 days.' });
    expect(adminOverviewQuery.safeParse({ from: '2027-02-29', to: '2027-03-01' }).success).toBe(false);
    expect(adminOverviewQuery.parse({ from: '2027-01-01', to: '2027-01-31', hospitalId: '', branchId: '4' })).toEqual({ from: '2027-01-01', to: '2027-01-31', branchId: 4 });
  });

  it('fills the days without bookings with zeros and adds up the totals', () => {
    const day = (d: string, confirmed: number, revenue: number) => ({ day: d, bookings: { ...emptyCounts(), confirmed }, revenue });
    const days = [day('2027-01-01', 2, 100.1), day('2027-01-03', 1, 50.2)];
    const totals = overviewTotals(days);
    expect(totals).toEqual({ bookings: 3, byStatus: { ...emptyCounts(), confirmed: 3 }, revenue: 150.3 });
    const s = overviewSeries({ from: '2027-01-01', to: '2027-01-04', days });
    expect(s.bookings.confirmed).toEqual([2, 0, 1, 0]);
    expect(s.revenue).toEqual([100.1, 0, 50.2, 0]);
  });

  it('chooses the SPEC §8 empty states', () => {
    const empty = { from: '2027-01-01', to: '2027-01-31', currency: null, days: [], totals: overviewTotals([]) };
    expect(overviewState(empty)).toBe('noData');
    expect(overviewState({ ...empty, totals: { ...empty.totals, bookings: 1 } })).toBeNull();
    expect(chartState(1, [3])).toBe('notEnoughData');
    expect(chartState(30, new Array(30).fill(0))).toBe('notEnoughData');
    expect(chartState(30, [0, 1, ...new Array(28).fill(0)])).toBeNull();
  });
});
