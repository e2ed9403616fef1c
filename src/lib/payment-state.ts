/**
 * What a patient reads about the money of a booking (issue 36 item 2): one mapping from the stored payment
 * method and the booking's payments to a state, shared by my appointments, the booking page's confirmed and
 * failed screens and the e-mails. Pure: the caller passes `now`.
 *
 * Methods as the booking flow stores them (SPEC §9): `cash-on-delivery` (paid at the clinic; older rows and the
 * seed say `cash` or `cod`, none chosen is null), and the online ones: `bank-app`, `wallet`, `wallet-bank-card`,
 * `wallet-credit-card`, and Indonesia's `local`. An online payment row is `created` (on the provider's page),
 * `paid`, `failed` (cancelled on the provider's page or declined), `expired` (not completed in time),
 * `refund-pending` (a refund asked of the provider, not yet confirmed by its webhook) or `refunded`.
 */
import type { MessageKey } from '../../i18n/strings';

export const PAY_AT_CLINIC_METHODS = ['cash-on-delivery', 'cash', 'cod'] as const;
export const PAYMENT_STATUSES = ['created', 'paid', 'failed', 'expired', 'refund-pending', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type BookingLifecycle = 'hold' | 'pending' | 'confirmed' | 'completed' | 'cancelled' | 'expired' | 'no_show';

export interface PaymentRecord {
  status: PaymentStatus;
  amount: number;
  currency: string;
  /** The provider's hosted page, while the payment is open. */
  checkoutUrl: string | null;
  /** ISO instant after which an open payment can no longer be completed. */
  expiresAt: string;
  /** The amount refunded or being refunded (the whole amount when not told). */
  refundAmount?: number | null;
}

export interface PaymentFacts {
  method: string | null;
  bookingStatus: BookingLifecycle;
  /** What the booking costs after discounts (null or 0: nothing to pay online). */
  finalPrice: number | null;
  currency: string | null;
  /** The booking's payment attempts, oldest first (the last one tells). */
  payments: readonly PaymentRecord[];
}

export type PatientPaymentState =
  | { state: 'at-clinic' }
  | { state: 'nothing-to-pay' }
  | { state: 'not-charged' }
  | { state: 'awaiting'; checkoutUrl: string | null; expiresAt: string; secondsLeft: number; amount: number; currency: string }
  | { state: 'paid'; amount: number; currency: string }
  | { state: 'refund-pending'; amount: number; currency: string }
  | { state: 'refunded'; amount: number; currency: string }
  | { state: 'payment-cancelled' }
  | { state: 'payment-expired' };

export type PaymentStateName = PatientPaymentState['state'];

/** Whether the method is settled at the hospital (no online payment). */
export function paysAtClinic(method: string | null): boolean {
  return method === null || (PAY_AT_CLINIC_METHODS as readonly string[]).includes(method);
}

// A no-show paid at the clinic was never charged; one paid online keeps its payment (the hospital decides a refund).
const ended = (s: BookingLifecycle) => s === 'cancelled' || s === 'expired' || s === 'no_show';

export function patientPaymentState(f: PaymentFacts, now: number): PatientPaymentState {
  if (paysAtClinic(f.method)) return ended(f.bookingStatus) ? { state: 'not-charged' } : { state: 'at-clinic' };
  const last = f.payments[f.payments.length - 1];
  if (!last) {
    // Online method without a payment: a free booking (confirmed at once), or one that ended before paying.
    if (ended(f.bookingStatus)) return { state: 'not-charged' };
    if (!f.finalPrice || f.finalPrice <= 0) return { state: 'nothing-to-pay' };
    // Confirmed before payments were recorded per attempt (older rows): the booking says it was paid.
    return f.bookingStatus === 'confirmed' || f.bookingStatus === 'completed' ? { state: 'paid', amount: f.finalPrice, currency: f.currency ?? '' } : { state: 'not-charged' };
  }
  const money = { amount: last.amount, currency: last.currency };
  switch (last.status) {
    case 'created': {
      const left = Math.max(0, Math.floor((Date.parse(last.expiresAt) - now) / 1000));
      if (left > 0 && !ended(f.bookingStatus)) return { state: 'awaiting', checkoutUrl: last.checkoutUrl, expiresAt: last.expiresAt, secondsLeft: left, ...money };
      return { state: 'payment-expired' };
    }
    case 'paid':
      return { state: 'paid', ...money };
    case 'refund-pending':
      return { state: 'refund-pending', amount: last.refundAmount ?? last.amount, currency: last.currency };
    case 'refunded':
      return { state: 'refunded', amount: last.refundAmount ?? last.amount, currency: last.currency };
    case 'failed':
      return { state: 'payment-cancelled' };
    case 'expired':
      return { state: 'payment-expired' };
  }
}

/** The short label of each state (cards, e-mails); `{amount}` is filled where the state has one. */
export const PAYMENT_STATE_KEYS = {
  'at-clinic': 'booking.payment.state.atClinic',
  'nothing-to-pay': 'booking.payment.state.nothingToPay',
  'not-charged': 'booking.payment.state.notCharged',
  awaiting: 'booking.payment.state.awaiting',
  paid: 'booking.payment.state.paid',
  'refund-pending': 'booking.payment.state.refundPending',
  refunded: 'booking.payment.state.refunded',
  'payment-cancelled': 'booking.payment.state.cancelled',
  'payment-expired': 'booking.payment.state.expired',
} as const satisfies Record<PaymentStateName, MessageKey>;

/** The sentence of a booking that ended unpaid (the booking page's failed screen): cancelled is not "late". */
export function endedUnpaidKey(s: PatientPaymentState): MessageKey {
  if (s.state === 'payment-cancelled') return 'booking.flow.paymentCancelled';
  if (s.state === 'payment-expired') return 'booking.flow.paymentExpired';
  return 'booking.flow.error.holdExpired';
}

/** mm:ss (or h:mm:ss) of the time left to pay. */
export function timeLeftText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(h ? 2 : 1, '0');
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}
