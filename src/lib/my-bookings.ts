/**
 * My appointments (issue 28 item 3): what a patient sees of a booking and may do with it. Pure and shared by
 * the island and the account functions; the database re-checks the window and status under a row lock
 * (public.lock_my_active_booking).
 */
import type { MessageKey } from '../../i18n/strings';
import { patientPaymentState, type PatientPaymentState, type PaymentRecord } from './payment-state';

/** Cancel and reschedule until this many minutes before the start unless the doctor or service says otherwise. */
export const DEFAULT_CANCELLATION_WINDOW_MINUTES = 240;
export const REVIEW_FEEDBACK_MAX = 1000;

/** A no-show (marked by the hospital, issue 35) is a past visit of its own, neither completed nor cancelled. */
export type BookingStatus = 'pending' | 'confirmed' | 'completed' | 'cancelled' | 'no_show';

export interface MyBooking {
  id: number;
  /** The booking code the patient quotes (src/lib/booking.ts bookingCode). */
  code: string;
  kind: 'outpatient' | 'telemedicine' | 'service';
  status: BookingStatus;
  /** ISO instant of the start. */
  startsAt: string;
  /** Day and times in the hospital's zone (yyyy-MM-dd, HH:mm). */
  day: string;
  time: string;
  endTime: string | null;
  timeZone: string;
  doctorId: number | null;
  doctorName: string | null;
  serviceId: number | null;
  serviceName: string | null;
  hospitalId: number;
  hospitalName: string;
  hospitalAddress: string;
  /** Who the appointment is for: a family member's name, or null for the patient themself. */
  forName: string | null;
  price: number | null;
  currency: string | null;
  paymentMethod: string | null;
  /** ISO instant until which it may be cancelled or rescheduled. */
  cancelUntil: string;
  bufferMinutes: number;
  rescheduledFromId: number | null;
  /** The video room of a confirmed telemedicine visit (null otherwise). */
  videoUrl: string | null;
  /** Its online payment attempts, oldest first (src/lib/payment-state). */
  payments: PaymentRecord[];
  review: { rate: number; feedback: string | null } | null;
}

export function isUpcoming(b: Pick<MyBooking, 'status' | 'startsAt'>, now: number): boolean {
  return (b.status === 'pending' || b.status === 'confirmed') && Date.parse(b.startsAt) > now;
}

/** Whether the patient may still cancel or reschedule it (the server's rule, checked again there). */
export function canChange(b: Pick<MyBooking, 'status' | 'startsAt' | 'cancelUntil'>, now: number): boolean {
  return isUpcoming(b, now) && now <= Date.parse(b.cancelUntil);
}

export function canReview(b: Pick<MyBooking, 'status' | 'review'>): boolean {
  return b.status === 'completed' && !b.review;
}

/**
 * Filed by its date, whatever its status (issue 38 item 23: a cancelled appointment of next week is not "past"):
 * upcoming soonest first; past most recent first.
 */
export function splitBookings<B extends Pick<MyBooking, 'status' | 'startsAt'>>(list: readonly B[], now: number): { upcoming: B[]; past: B[] } {
  // A visit that took place (completed) or was missed (no-show) is past whatever its clock says.
  const ahead = (b: B) => b.status !== 'completed' && b.status !== 'no_show' && Date.parse(b.startsAt) > now;
  const upcoming = list.filter(ahead).sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  const past = list.filter((b) => !ahead(b)).sort((a, b) => Date.parse(b.startsAt) - Date.parse(a.startsAt));
  return { upcoming, past };
}

/** Each list of My appointments shows this many cards a page (a long history stays a short page on a phone). */
export const BOOKINGS_PAGE_SIZE = 10;

/** One page of a list: the page asked for, clamped to the pages there are (1 when empty). */
export function pageOf<B>(list: readonly B[], page: number, size = BOOKINGS_PAGE_SIZE): { items: B[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(list.length / size));
  const p = Math.min(pages, Math.max(1, Math.trunc(page) || 1));
  return { items: list.slice((p - 1) * size, p * size), page: p, pages };
}

export const STATUS_LABELS: Record<BookingStatus, MessageKey> = {
  pending: 'account.bookings.status.pending',
  confirmed: 'account.bookings.status.confirmed',
  completed: 'account.bookings.status.completed',
  cancelled: 'account.bookings.status.cancelled',
  no_show: 'account.bookings.status.noShow',
};

/** What the patient reads of the booking's money (the one mapping of src/lib/payment-state). */
export function paymentState(b: Pick<MyBooking, 'status' | 'paymentMethod' | 'price' | 'currency' | 'payments'>, now: number): PatientPaymentState {
  return patientPaymentState({ method: b.paymentMethod, bookingStatus: b.status, finalPrice: b.price, currency: b.currency, payments: b.payments }, now);
}

export interface ReviewValues {
  rate: number;
  feedback: string;
}
export type ReviewErrors = Partial<Record<'rate' | 'feedback', { key: MessageKey; params?: Record<string, number> }>>;

export function validateReview(v: ReviewValues): ReviewErrors {
  const errors: ReviewErrors = {};
  if (!Number.isInteger(v.rate) || v.rate < 1 || v.rate > 5) errors.rate = { key: 'account.bookings.review.rateRequired' };
  if ([...v.feedback.trim()].length > REVIEW_FEEDBACK_MAX) errors.feedback = { key: 'form.maxLength', params: { number: REVIEW_FEEDBACK_MAX } };
  return errors;
}

const icsText = (s: string) => s.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/[,;]/g, (c) => `\\${c}`);
const icsInstant = (iso: string) => new Date(iso).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/**
 * An iCalendar event for "Add to calendar" (RFC 5545): UTC instants, so any calendar shows the hospital's time
 * in its own zone. `end` is the slot's end (the start plus 30 minutes when unknown).
 */
export function bookingIcs(b: Pick<MyBooking, 'id' | 'startsAt' | 'hospitalName' | 'hospitalAddress'>, title: string, endIso: string | null, site: string, now = new Date()): string {
  const end = endIso ?? new Date(Date.parse(b.startsAt) + 30 * 60_000).toISOString();
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${icsText(site)}//Appointments//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:booking-${b.id}@${site.toLowerCase().replace(/[^a-z0-9.-]/g, '')}`,
    `DTSTAMP:${icsInstant(now.toISOString())}`,
    `DTSTART:${icsInstant(b.startsAt)}`,
    `DTEND:${icsInstant(end)}`,
    `SUMMARY:${icsText(title)}`,
    `LOCATION:${icsText([b.hospitalName, b.hospitalAddress].filter(Boolean).join(', '))}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

/** The end instant of a slot given its hospital-time day and end time and the start instant (same day). */
export function slotEndInstant(b: Pick<MyBooking, 'startsAt' | 'time' | 'endTime'>): string | null {
  if (!b.endTime) return null;
  const [sh, sm] = b.time.split(':').map(Number);
  const [eh, em] = b.endTime.split(':').map(Number);
  const minutes = eh * 60 + em - (sh * 60 + sm);
  return minutes > 0 ? new Date(Date.parse(b.startsAt) + minutes * 60_000).toISOString() : null;
}
