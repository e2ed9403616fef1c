/**
 * The booking page's rules (issue #26; SPEC §3 pricing defaults, §5, §8, §9), shared by the island and the
 * booking functions: how long a hold lasts, the note's bound, the price quote, which vouchers apply, the
 * booking code, the calendar flag, and where "manage my appointments" goes. Pure: no I/O.
 */
import { LOCALE_CONFIG, type Locale } from '../../i18n/locales';
import { applyPromotion, isPriceVisible, toPriceType, type PriceType } from './price-rules';
import { ONLINE_PAYMENT_METHODS, ONLINE_ONLY_VOUCHER_CODE, type PaymentMethod } from './payments';

/** A hold lasts this long by default (BOOKING_HOLD_MINUTES), never more than HOLD_MINUTES_MAX. */
export const HOLD_MINUTES_DEFAULT = 10;
export const HOLD_MINUTES_MAX = 60;
/** While an online payment is in progress the hold is extended once to this (within the hour). */
export const PAYMENT_MINUTES_DEFAULT = 15;

export function holdMinutes(setting: string | number | undefined | null, fallback = HOLD_MINUTES_DEFAULT): number {
  const n = Math.round(Number(setting));
  return Number.isFinite(n) && n >= 1 ? Math.min(HOLD_MINUTES_MAX, n) : fallback;
}

/** The note to the doctor or hospital: bounded, counted on the page. */
export const NOTE_MAX_LENGTH = 500;
/** A contact phone: digits, spaces, +, -, ( ). */
export const CONTACT_PHONE_PATTERN = /^\+?[0-9 ()-]{6,20}$/;
/** An idempotency key made once per visit of the booking page. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,100}$/;

/** Whole seconds left on a hold (0 once expired). */
export function remainingSeconds(expiresAt: string | number | Date, now: number): number {
  const end = typeof expiresAt === 'number' ? expiresAt : new Date(expiresAt).getTime();
  return Math.max(0, Math.ceil((end - now) / 1000));
}

/** m:ss of a countdown. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * What a screen reader hears of the hold (issue 38 item 25): the visible countdown ticks every second and is not
 * announced; a polite live region changes only when the time left drops under one of these marks.
 */
export const HOLD_ANNOUNCE_MARKS = [300, 120, 60, 30] as const;

/** The mark the time left is under (the live region's content), or null while above the first. */
export function holdAnnouncement(secondsLeft: number): { unit: 'minute' | 'second'; count: number } | null {
  const mark = [...HOLD_ANNOUNCE_MARKS].reverse().find((m) => secondsLeft <= m);
  if (mark === undefined || secondsLeft <= 0) return null;
  return mark >= 60 ? { unit: 'minute', count: mark / 60 } : { unit: 'second', count: mark };
}

// ---- vouchers ------------------------------------------------------------------------------------------

export interface BookingVoucher {
  id: number;
  code: string;
  name: string;
  sponsor: string | null;
  /** 'offline': obtained through the hotline or e-mail (the voucher notice); otherwise applied on the page. */
  communicationType: string;
  discountAmount: number | null;
  discountPercentage: number | null;
}

/** Whether a voucher may be applied with this payment method (code 31: only through the first online method). */
export function voucherAllowed(voucher: Pick<BookingVoucher, 'code' | 'communicationType'>, allowed: readonly PaymentMethod[], method: PaymentMethod | null): boolean {
  if (voucher.communicationType === 'offline') return false;
  if (voucher.code === ONLINE_ONLY_VOUCHER_CODE) return allowed.includes(ONLINE_PAYMENT_METHODS[0]) && (method === null || method === ONLINE_PAYMENT_METHODS[0]);
  return true;
}

// ---- price quote (SPEC §3 pricing defaults) ---------------------------------------------------------------

export interface QuoteInput {
  /** The fee before promotion: the doctor's price or telemedicine fee, the service's price. */
  price: number;
  priceTo: number | null;
  priceType: PriceType | string;
  promotionPercent: number | null;
  originalPrice?: number | null;
  partnerGroup: boolean;
  priceOverride: boolean;
  voucher: Pick<BookingVoucher, 'discountAmount' | 'discountPercentage'> | null;
  /** Tax in percent (tax_unit '%'); 0 by default. */
  taxPercent?: number;
}

export interface Quote {
  /** Whether the price is shown at all (SPEC §5: partner group or zero price hides it). */
  visible: boolean;
  priceType: PriceType;
  promotionPercent: number;
  original_price: number;
  /** Price after promotion, before voucher and tax; for a range, the lower end. */
  promoted_price: number;
  promoted_price_to: number | null;
  voucher_discount_value: number;
  referral_discount_value: number;
  tax_amount: number;
  tax_unit: '%';
  tax_computed: number;
  final_price: number;
}

const cents = (v: number) => Math.round(v * 100) / 100;

export function quote(input: QuoteInput): Quote {
  const type = toPriceType(input.priceType);
  const base = Math.max(0, input.price);
  const promotionPercent = Math.min(100, Math.max(0, Math.round(input.promotionPercent ?? 0)));
  const promoted = applyPromotion(base, promotionPercent);
  const promotedTo = type === 'range' && input.priceTo != null && input.priceTo > base ? applyPromotion(input.priceTo, promotionPercent) : null;
  const original = Math.max(base, input.originalPrice ?? 0);
  let voucherDiscount = 0;
  if (input.voucher) {
    const byPercent = input.voucher.discountPercentage != null ? cents((promoted * input.voucher.discountPercentage) / 100) : 0;
    voucherDiscount = Math.min(promoted, Math.max(byPercent, input.voucher.discountAmount ?? 0));
  }
  const taxable = cents(promoted - voucherDiscount);
  const taxPercent = Math.max(0, input.taxPercent ?? 0);
  const taxComputed = cents((taxable * taxPercent) / 100);
  return {
    visible: isPriceVisible({ price: base, partnerGroup: input.partnerGroup, showPriceOverride: input.priceOverride }),
    priceType: type,
    promotionPercent,
    original_price: cents(original),
    promoted_price: promoted,
    promoted_price_to: promotedTo,
    voucher_discount_value: voucherDiscount,
    referral_discount_value: 0,
    tax_amount: taxPercent,
    tax_unit: '%',
    tax_computed: taxComputed,
    final_price: cents(taxable + taxComputed),
  };
}

/** One line of the booking page's price box. */
export type PriceLineOfQuote =
  | { key: 'base'; amount: number; amountTo: number | null }
  | { key: 'original'; amount: number }
  | { key: 'promotion'; percent: number; amount: number }
  | { key: 'voucher' | 'referral'; amount: number }
  | { key: 'tax'; percent: number; amount: number }
  | { key: 'total'; amount: number; amountTo: number | null };

/**
 * The price box's lines, top to bottom: what is discounted always shows first (issue 38 item 20: with a voucher
 * and no promotion the base fee disappeared and the patient saw only a discount and a total).
 */
export function quoteLines(q: Quote): PriceLineOfQuote[] {
  const lines: PriceLineOfQuote[] = [];
  const promoted = q.promotionPercent > 0 || q.original_price > q.promoted_price;
  const adjusted = q.voucher_discount_value > 0 || q.referral_discount_value > 0 || q.tax_amount > 0;
  if (promoted) {
    lines.push({ key: 'original', amount: q.original_price });
    if (q.promotionPercent > 0) lines.push({ key: 'promotion', percent: q.promotionPercent, amount: cents(q.original_price - q.promoted_price) });
  } else if (adjusted) lines.push({ key: 'base', amount: q.promoted_price, amountTo: q.promoted_price_to });
  if (q.voucher_discount_value > 0) lines.push({ key: 'voucher', amount: q.voucher_discount_value });
  if (q.referral_discount_value > 0) lines.push({ key: 'referral', amount: q.referral_discount_value });
  if (q.tax_amount > 0) lines.push({ key: 'tax', percent: q.tax_amount, amount: q.tax_computed });
  lines.push({ key: 'total', amount: q.final_price, amountTo: q.promoted_price_to != null ? cents(q.promoted_price_to - q.voucher_discount_value) : null });
  return lines;
}

// ---- after confirmation ---------------------------------------------------------------------------------

/** The code a patient quotes to the hospital: short, unambiguous, derived from the booking id. */
export function bookingCode(bookingId: number): string {
  return `BK${bookingId.toString(36).toUpperCase().padStart(6, '0')}`;
}

/** localStorage key of the "added to calendar" flag (set by /booking/calendar-callback, polled every second). */
export const CALENDAR_FLAG_PREFIX = 'care.calendarAdded.';
export const CALENDAR_FLAG_POLL_MS = 1000;
export const calendarFlagKey = (bookingId: number | string) => `${CALENDAR_FLAG_PREFIX}${bookingId}`;

/**
 * "Manage my appointments" (SPEC §2): the single-sign-on my-booking address, a per-locale setting
 * (PUBLIC_MY_BOOKING_URL_<LOCALE> at build time, e.g. PUBLIC_MY_BOOKING_URL_VI_VN); by default the site's own
 * account page.
 */
export function manageBookingsUrl(locale: Locale, settings: Partial<Record<Locale, string | undefined>> = {}): string {
  const configured = settings[locale]?.trim();
  return configured || `/${LOCALE_CONFIG[locale].prefix}/account/bookings/`;
}

/** The booking's appointment kind as the calendar call names it (SPEC §7 `type`). */
export type CalendarType = 'doctor' | 'service';
