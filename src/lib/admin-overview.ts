/**
 * Admin overview (SPEC §2 Overview /admin/, §8 empty states; issue #27 item 6): bookings and revenue per day over a
 * date range, the call's query and answer shared by the function and the screen, the range rule and the
 * screen's empty states. Days are calendar days of each booking's hospital (its appointment day, `starts_at` in the
 * hospital's time zone). Pure: no I/O.
 */
import { z } from 'zod';

/** The longest range one call answers (a leap year). */
export const OVERVIEW_MAX_DAYS = 366;
/** The screen opens on the last 30 days, today included, and the coming days (upcoming bookings, issue 35). */
export const OVERVIEW_DEFAULT_DAYS = 30;
export const OVERVIEW_AHEAD_DAYS = 14;

/** Statuses the bookings chart counts; a 'hold' is a checkout in progress, not a booking yet. */
export const OVERVIEW_STATUSES = ['pending', 'confirmed', 'completed', 'cancelled', 'expired'] as const;
export type OverviewStatus = (typeof OVERVIEW_STATUSES)[number];
/** Bookings whose price is revenue: confirmed (paid or to be paid at the visit) and completed. */
export const REVENUE_STATUSES = ['confirmed', 'completed'] as const satisfies readonly OverviewStatus[];

export const OVERVIEW_MESSAGES = {
  rangeTooLong: `The date range can be at most ${OVERVIEW_MAX_DAYS} days.`,
  rangeReversed: 'The end date cannot be before the start date.',
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MS_PER_DAY = 86_400_000;

/** A real calendar day written yyyy-MM-dd (2026-02-30 is not one). */
export function isIsoDay(v: string): boolean {
  if (!DAY.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** yyyy-MM-dd plus n days. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * MS_PER_DAY).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included. */
export function rangeDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / MS_PER_DAY) + 1;
}

/** Every day of the range, in order (the charts' x axis; days without bookings count zero). */
export function daysOf(from: string, to: string): string[] {
  return Array.from({ length: Math.max(0, rangeDays(from, to)) }, (_, i) => addDays(from, i));
}

/** Why a range is refused, or null: the end before the start, or longer than OVERVIEW_MAX_DAYS. */
export function rangeRefusal(from: string, to: string): keyof typeof OVERVIEW_MESSAGES | null {
  if (to < from) return 'rangeReversed';
  if (rangeDays(from, to) > OVERVIEW_MAX_DAYS) return 'rangeTooLong';
  return null;
}

/** The default range: the last 30 days up to `today` (the caller's calendar day) and the next 14 days. */
export function defaultRange(today: string): { from: string; to: string } {
  return { from: addDays(today, -(OVERVIEW_DEFAULT_DAYS - 1)), to: addDays(today, OVERVIEW_AHEAD_DAYS) };
}

const isoDay = z.string().refine(isIsoDay, 'Invalid format');
const optionalId = z.preprocess((v) => (v === '' || v === 'null' ? undefined : v), z.coerce.number().int().positive().optional());

/** GET /api/admin/overview: the range and the top bar's scoping (organization, branch) and, for platform admins, the market. */
export const adminOverviewQuery = z
  .object({
    from: isoDay,
    to: isoDay,
    hospitalId: optionalId,
    branchId: optionalId,
    countryId: optionalId,
  })
  .superRefine((q, ctx) => {
    if (!isIsoDay(q.from) || !isIsoDay(q.to)) return;
    const refusal = rangeRefusal(q.from, q.to);
    if (refusal) ctx.addIssue({ code: 'custom', path: ['to'], message: OVERVIEW_MESSAGES[refusal] });
  });
export type AdminOverviewQuery = z.output<typeof adminOverviewQuery>;

const counts = z.object(Object.fromEntries(OVERVIEW_STATUSES.map((s) => [s, z.number().int()])) as Record<OverviewStatus, z.ZodNumber>);
export type StatusCounts = z.infer<typeof counts>;

/** One day of the range that has bookings (days without any are left out; the screen fills them with zeros). */
export const overviewDay = z.object({ day: z.string(), bookings: counts, revenue: z.number() });
export type OverviewDay = z.infer<typeof overviewDay>;

export const adminOverviewData = z.object({
  from: z.string(),
  to: z.string(),
  /** The market's currency; null when the scope holds no hospital. */
  currency: z.string().nullable(),
  days: z.array(overviewDay),
  totals: z.object({ bookings: z.number().int(), byStatus: counts, revenue: z.number() }),
});
export type AdminOverviewData = z.infer<typeof adminOverviewData>;

export function emptyCounts(): StatusCounts {
  return Object.fromEntries(OVERVIEW_STATUSES.map((s) => [s, 0])) as StatusCounts;
}

/** The days of the answer plus totals: the one place bookings and revenue are added up. */
export function overviewTotals(days: readonly OverviewDay[]): AdminOverviewData['totals'] {
  const byStatus = emptyCounts();
  let revenue = 0;
  for (const d of days) {
    for (const s of OVERVIEW_STATUSES) byStatus[s] += d.bookings[s];
    revenue += d.revenue;
  }
  return { bookings: OVERVIEW_STATUSES.reduce((n, s) => n + byStatus[s], 0), byStatus, revenue: Math.round(revenue * 100) / 100 };
}

/** Series of the charts over every day of the range, zero where a day has no bookings. */
export function overviewSeries(data: Pick<AdminOverviewData, 'from' | 'to' | 'days'>) {
  const byDay = new Map(data.days.map((d) => [d.day, d]));
  const days = daysOf(data.from, data.to);
  return {
    days,
    bookings: Object.fromEntries(OVERVIEW_STATUSES.map((s) => [s, days.map((d) => byDay.get(d)?.bookings[s] ?? 0)])) as Record<OverviewStatus, number[]>,
    revenue: days.map((d) => byDay.get(d)?.revenue ?? 0),
  };
}

/**
 * The screen's state (SPEC §8): no booking in the range → 'No data found. Please, select a different date range';
 * a chart with a single day or nothing to draw → 'We don't have enough data to generate a graph for you…'.
 */
export type OverviewEmptyState = 'noData' | 'notEnoughData' | null;

export function overviewState(data: AdminOverviewData): OverviewEmptyState {
  return data.totals.bookings === 0 ? 'noData' : null;
}

/** A line needs two days, and a series with nothing but zeros draws no graph. */
export function chartState(days: number, values: readonly number[]): OverviewEmptyState {
  return days < 2 || values.every((v) => v === 0) ? 'notEnoughData' : null;
}
