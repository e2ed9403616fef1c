/**
 * Names a visitor reads for stored codes (issue #30 item 10). The payment methods a hospital accepts are stored
 * per market with a code and an admin-entered name; the page shows the code's translated name, and the stored
 * name only for a code this list does not know (a market's own method added later).
 */
import { message, render, type Message } from './message';
import type { Locale } from '../../i18n/locales';
import type { MessageKey } from '../../i18n/strings';

/** Stored payment method codes (payment_methods.code) and their UI strings. */
export const STORED_PAYMENT_KEYS: Record<string, MessageKey> = {
  cash: 'enum.payment.cash',
  bank_app: 'booking.payment.bankApp',
  wallet: 'booking.payment.wallet',
  wallet_bank_card: 'booking.payment.walletBankCard',
  wallet_credit_card: 'booking.payment.walletCreditCard',
  local_transfer: 'enum.payment.localTransfer',
};

/** The translated name of a stored payment method, else its stored name. */
export function paymentMethodName(code: string | null | undefined, storedName: string): Message | string {
  const key = code ? STORED_PAYMENT_KEYS[code] : undefined;
  return key ? message(key) : storedName;
}

/** The same, as text in `locale`. */
export function paymentMethodText(locale: Locale, code: string | null | undefined, storedName: string): string {
  const name = paymentMethodName(code, storedName);
  return typeof name === 'string' ? name : render(locale, name);
}
