/**
 * Payment options and the voucher rules (SPEC §8, §9).
 */
import type { Locale } from '../../i18n/locales';

/** The four online options, in the order shown; the first is the one voucher code 31 depends on. */
export const ONLINE_PAYMENT_METHODS = ['bank-app', 'wallet', 'wallet-bank-card', 'wallet-credit-card'] as const;
export const LOCAL_PAYMENT_METHOD = 'local' as const;
export const CASH_ON_DELIVERY = 'cash-on-delivery' as const;

export type PaymentMethod = (typeof ONLINE_PAYMENT_METHODS)[number] | typeof LOCAL_PAYMENT_METHOD | typeof CASH_ON_DELIVERY;

export type PaymentSubject =
  /** A doctor booking; `telemedicine` is whether the booking is a telemedicine one. */
  | { kind: 'doctor'; telemedicine: boolean; locale: Locale }
  | { kind: 'service'; package: boolean; locale: Locale; onlinePaymentEnabled: boolean; reservation: boolean };

export function paymentOptions(subject: PaymentSubject): PaymentMethod[] {
  if (subject.kind === 'doctor') {
    if (!subject.telemedicine) return [CASH_ON_DELIVERY];
    // Telemedicine is paid before the call; Indonesia has its own local option instead of the four.
    return subject.locale === 'id-ID' ? [LOCAL_PAYMENT_METHOD] : [...ONLINE_PAYMENT_METHODS];
  }
  if (subject.package && subject.locale === 'vi-VN' && subject.onlinePaymentEnabled && !subject.reservation) {
    return [...ONLINE_PAYMENT_METHODS, CASH_ON_DELIVERY];
  }
  return [CASH_ON_DELIVERY];
}

/** Voucher code 31 is only redeemable through the first online method, so it is hidden when that is not offered. */
export const ONLINE_ONLY_VOUCHER_CODE = '31';

export interface VoucherLike {
  code: string | number;
  name?: string | null;
}

export function isVoucherVisible(voucher: VoucherLike, allowed: readonly PaymentMethod[]): boolean {
  return String(voucher.code) !== ONLINE_ONLY_VOUCHER_CODE || allowed.includes(ONLINE_PAYMENT_METHODS[0]);
}

export function visibleVouchers<V extends VoucherLike>(vouchers: readonly V[], allowed: readonly PaymentMethod[]): V[] {
  return vouchers.filter((v) => isVoucherVisible(v, allowed));
}

export const VOUCHER_BADGE_KEY = 'booking.voucherApplicable' as const;

/** A badge shows the given label, or 'Voucher applicable' by default. */
export function voucherBadgeLabel(label: string | null | undefined): { text: string } | { key: typeof VOUCHER_BADGE_KEY } {
  const text = label?.trim();
  return text ? { text } : { key: VOUCHER_BADGE_KEY };
}

/**
 * The card's voucher badges (issue 38 item 20): each names its voucher; vouchers of one name show one badge, and
 * unnamed ones share one 'Voucher applicable' badge (two identical unnamed badges told the patient nothing).
 */
export function voucherBadges<V extends { code: string; name: string | null | undefined }>(vouchers: readonly V[]): { code: string; label: string | null }[] {
  const seen = new Set<string>();
  const out: { code: string; label: string | null }[] = [];
  for (const v of vouchers) {
    const label = voucherBadgeLabel(v.name);
    const key = 'text' in label ? label.text.toLocaleLowerCase() : '';
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ code: v.code, label: 'text' in label ? label.text : null });
  }
  return out;
}

/** 'Contact the hotline or e-mail to get the voucher', or the e-mail-only variant when there is no hotline. */
export function voucherNotice(contact: { hotline?: string | null; email: string }):
  | { key: 'booking.voucherNotice'; params: { hotline: string; email: string } }
  | { key: 'booking.voucherNoticeEmailOnly'; params: { email: string } } {
  const hotline = contact.hotline?.trim();
  return hotline
    ? { key: 'booking.voucherNotice', params: { hotline, email: contact.email } }
    : { key: 'booking.voucherNoticeEmailOnly', params: { email: contact.email } };
}

/** UI string of each payment method. */
export const PAYMENT_METHOD_KEYS = {
  'bank-app': 'booking.payment.bankApp',
  wallet: 'booking.payment.wallet',
  'wallet-bank-card': 'booking.payment.walletBankCard',
  'wallet-credit-card': 'booking.payment.walletCreditCard',
  local: 'booking.payment.local',
  'cash-on-delivery': 'booking.payment.cashOnDelivery',
} as const satisfies Record<PaymentMethod, string>;
