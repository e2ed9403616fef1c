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

/** Upcoming soonest first; past most recent first. */
export function splitBookings<B extends Pick<MyBooking, 'status' | 'startsAt'>>(list: readonly B[], now: number): { upcoming: B[]; past: B[] } {
  const upcoming = list.filter((b) => isUpcoming(b, now)).sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  const past = list.filter((b) => !isUpcoming(b, now)).sort((a, b) => Date.parse(b.startsAt) - Date.parse(a.startsAt));
  return { upcoming, past };
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
