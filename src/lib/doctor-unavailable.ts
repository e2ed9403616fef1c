/**
 * "Doctor unavailable" (issue 35): call shapes shared by functions/admin-doctor-unavailable.ts, the rebooking link's
 * call (functions/rebooking-offers.ts) and the admin dialog, and the rules both sides read: the span (hospital days,
 * from today, at most the booking window), the reason, the single-use token's shape and the link that carries it.
 * The SQL functions of migration 20261128200000 re-check every rule. Pure: no I/O.
 */
import { z } from 'zod';
import { localePath, type Locale } from '../../i18n/locales';
import { isDay } from './admin-appointments';
import { DOCTOR_BOOKING_PATH, OFFER_PARAM, REBOOKING_TOKEN } from './booking-routes';

export { OFFER_PARAM, REBOOKING_TOKEN };

/** Roles that may mark a doctor unavailable (SPEC §6: never the doctor role). */
export const UNAVAILABLE_ROLES = ['admin', 'super', 'facility', 'senior_branch', 'branch'] as const;
/** The longest span at a time (the booking window, public.schedule_window_days()). */
export const UNAVAILABLE_MAX_DAYS = 60;
/** Rebooking links per cancelled patient (public.rebooking_offer_count()). */
export const REBOOKING_OFFERS = 4;
/** A link lives until its slot starts, at most this long (the migration's interval). */
export const REBOOKING_OFFER_DAYS = 7;

export const UNAVAILABLE_MESSAGES = {
  done: 'The doctor is marked unavailable.',
  reasonRequired: 'Please give a reason (3 to 500 characters).',
  rangeReversed: 'The last day must not be before the first.',
  rangeTooLong: 'At most 60 days at a time.',
  offerInvalid: 'This link is not valid.',
  offerUsed: 'This link has already been used.',
  offerExpired: 'This link has expired.',
} as const;

const day = z.string().refine(isDay, 'Invalid format');
const spanRefine = (q: { from: string; to: string }, ctx: z.RefinementCtx) => {
  if (!isDay(q.from) || !isDay(q.to)) return;
  if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: UNAVAILABLE_MESSAGES.rangeReversed });
  else if ((Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 >= UNAVAILABLE_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: UNAVAILABLE_MESSAGES.rangeTooLong });
};

export const unavailablePreviewQuery = z.object({ from: day, to: day }).superRefine(spanRefine);

const slotChoice = z.object({ slotId: z.number(), date: z.string(), start: z.string(), end: z.string() });
export type SlotChoice = z.infer<typeof slotChoice>;

export const unavailablePreviewData = z.object({
  doctor: z.object({ id: z.number(), name: z.string(), timeZone: z.string(), today: z.string() }),
  bookings: z.array(
    z.object({
      id: z.number(),
      code: z.string(),
      kind: z.enum(['outpatient', 'telemedicine']),
      status: z.enum(['pending', 'confirmed']),
      date: z.string(),
      start: z.string(),
      end: z.string(),
      patientName: z.string().nullable(),
      familyName: z.string().nullable(),
      paidOnline: z.boolean(),
    }),
  ),
  patients: z.number(),
  holds: z.number(),
  openSlots: z.number(),
  moveTargets: z.object({ outpatient: z.array(slotChoice), telemedicine: z.array(slotChoice) }),
});
export type UnavailablePreview = z.infer<typeof unavailablePreviewData>;

export const unavailableBody = z
  .object({
    from: day,
    to: day,
    reason: z.string().trim().min(3, UNAVAILABLE_MESSAGES.reasonRequired).max(500, UNAVAILABLE_MESSAGES.reasonRequired),
    /** Bookings the manager moves instead of cancelling: booking id → a free slot after the span. */
    moves: z.array(z.object({ bookingId: z.number().int().positive(), slotId: z.number().int().positive() })).max(500).default([]),
  })
  .superRefine(spanRefine);
export type UnavailableBody = z.input<typeof unavailableBody>;

export const unavailableResult = z.object({
  id: z.number(),
  cancelled: z.number(),
  moved: z.number(),
  patientsTold: z.number(),
  mails: z.number(),
  refunds: z.number(),
  holdsEnded: z.number(),
  slotsClosed: z.number(),
});
export type UnavailableResult = z.infer<typeof unavailableResult>;

export const rebookingHoldBody = z.object({ token: z.string().regex(REBOOKING_TOKEN, UNAVAILABLE_MESSAGES.offerInvalid) });

/** The one-tap link of an offer: the booking page in the patient's language, the token its only parameter. */
export function rebookingUrl(origin: string, locale: Locale, token: string): string {
  if (!REBOOKING_TOKEN.test(token)) throw new RangeError('Invalid rebooking token');
  return new URL(`${localePath(locale, DOCTOR_BOOKING_PATH)}?${OFFER_PARAM}=${token}`, origin).href;
}
