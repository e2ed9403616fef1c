/**
 * Dated closures of a branch and the markets' public holidays (issue #37 item 1): the closure form's schema and
 * rules, and the call shapes of functions/admin-closures.ts shared with the Closures tab of the organization page.
 * Days are the branch's local dates (yyyy-MM-dd). A closure closes the branch's slots of those days (the database
 * skips them when generating and withdraws the slots already there); bookings on them are counted, never cancelled.
 */
import { z } from 'zod';
import { isIsoDate } from './hospital-time';

export const CLOSURE_LIMITS = { reason: 120, days: 367 } as const;

/** What the closure calls answer staff (English; translated by the caller's locale, server.admin.closures.*). */
export const CLOSURE_MESSAGES = {
  order: 'The last day must not be before the first day.',
  tooLong: 'A closure lasts at most 367 days.',
  notFound: 'This closure does not exist or is not in your scope.',
  added: 'Create successfully',
  removed: 'Delete successfully',
} as const;

const day = z.string().trim().min(1, 'This field is required').refine(isIsoDate, 'Invalid format');

/** Days from the first to the last, both counted. */
export function closureDays(starts: string, ends: string): number {
  return Math.round((Date.parse(`${ends}T00:00:00Z`) - Date.parse(`${starts}T00:00:00Z`)) / 86_400_000) + 1;
}

export const closureInput = z
  .object({
    starts: day,
    ends: day,
    reason: z.string().trim().min(1, 'This field is required').max(CLOSURE_LIMITS.reason, `*${CLOSURE_LIMITS.reason} characters limit`),
  })
  .superRefine((c, ctx) => {
    if (!isIsoDate(c.starts) || !isIsoDate(c.ends)) return;
    if (c.ends < c.starts) ctx.addIssue({ code: 'custom', path: ['ends'], message: CLOSURE_MESSAGES.order });
    else if (closureDays(c.starts, c.ends) > CLOSURE_LIMITS.days) ctx.addIssue({ code: 'custom', path: ['ends'], message: CLOSURE_MESSAGES.tooLong });
  });
export type ClosureInput = z.input<typeof closureInput>;

export const applyHolidaysInput = z.object({ year: z.coerce.number().int().min(2000).max(2100) });

const dayString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const closureItem = z.object({
  id: z.number().int(),
  starts: dayString,
  ends: dayString,
  reason: z.string(),
  /** Applied from the public-holiday list. */
  holiday: z.boolean(),
  /** Bookings still held on these days (from now on): the manager handles them on the appointments screen. */
  bookings: z.number().int(),
});
export type ClosureItem = z.output<typeof closureItem>;

export const closuresData = z.object({
  branch: z.object({ id: z.number().int(), name: z.string(), countryCode: z.string(), timeZone: z.string() }),
  /** Today in the branch's zone. */
  today: dayString,
  closures: z.array(closureItem),
  /** Years with public holidays listed for the branch's country, and how many holidays each. */
  holidayYears: z.array(z.object({ year: z.number().int(), holidays: z.number().int(), applied: z.number().int() })),
  /** After "apply the holidays": closures added. */
  added: z.number().int().optional(),
});
export type ClosuresData = z.output<typeof closuresData>;

/** Whether a day (yyyy-MM-dd) falls in one of the closures. */
export function isClosedDay(dayIso: string, closures: { starts: string; ends: string }[]): boolean {
  return closures.some((c) => c.starts <= dayIso && dayIso <= c.ends);
}
