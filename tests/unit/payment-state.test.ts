/** What the patient reads of a booking's money (issue 36 item 2): every method of SPEC §9 as stored × every state. */
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../i18n/locales';
import { translate } from '../../i18n/strings';
import { PAYMENT_STATE_KEYS, PAYMENT_STATUSES, endedUnpaidKey, patientPaymentState, paysAtClinic, timeLeftText, type BookingLifecycle, type PaymentRecord } from '../../src/lib/payment-state';
import { ONLINE_PAYMENT_METHODS, LOCAL_PAYMENT_METHOD, CASH_ON_DELIVERY } from '../../src/lib/payments';

const NOW = Date.parse('2026-12-05T01:00:00Z');
const ONLINE = [...ONLINE_PAYMENT_METHODS, LOCAL_PAYMENT_METHOD];
const AT_CLINIC = [CASH_ON_DELIVERY, 'cash', 'cod', null];
const payment = (status: PaymentRecord['status'], extra: Partial<PaymentRecord> = {}): PaymentRecord => ({
  status,
  amount: 350000,
  currency: 'VND',
  checkoutUrl: status === 'created' ? 'http://localhost/dev/wallet/pay/sbx_1' : null,
  expiresAt: new Date(NOW + 9 * 60_000 + 30_000).toISOString(),
  ...extra,
});
const facts = (method: string | null, bookingStatus: BookingLifecycle, payments: PaymentRecord[] = [], finalPrice: number | null = 350000) => ({ method, bookingStatus, finalPrice, currency: 'VND', payments });

describe('patientPaymentState', () => {
  it('reads pay at the clinic for every pay-at-clinic method as stored (cash-on-delivery, cash, cod, none)', () => {
    for (const m of AT_CLINIC) {
      expect(paysAtClinic(m)).toBe(true);
      for (const s of ['pending', 'confirmed', 'completed'] as const) expect(patientPaymentState(facts(m, s), NOW)).toEqual({ state: 'at-clinic' });
      // A cancelled one owes nothing and was charged nothing.
      expect(patientPaymentState(facts(m, 'cancelled'), NOW)).toEqual({ state: 'not-charged' });
      // Nor a missed visit (no-show, issue 35): nothing was paid at the desk.
      expect(patientPaymentState(facts(m, 'no_show'), NOW)).toEqual({ state: 'not-charged' });
    }
  });

  it('never reads a pay-at-clinic booking as paid online, whatever payments say', () => {
    expect(patientPaymentState(facts(CASH_ON_DELIVERY, 'confirmed', [payment('paid')]), NOW).state).toBe('at-clinic');
  });

  for (const m of ONLINE) {
    describe(`online method ${m}`, () => {
      it('is not pay-at-clinic', () => expect(paysAtClinic(m)).toBe(false));
      it('awaiting: Pay now to the provider page, with the time left', () => {
        expect(patientPaymentState(facts(m, 'hold', [payment('created')]), NOW)).toEqual({
          state: 'awaiting',
          checkoutUrl: 'http://localhost/dev/wallet/pay/sbx_1',
          expiresAt: new Date(NOW + 570_000).toISOString(),
          secondsLeft: 570,
          amount: 350000,
          currency: 'VND',
        });
      });
      it('an open payment past its expiry, or of an ended booking, was not completed in time', () => {
        expect(patientPaymentState(facts(m, 'hold', [payment('created', { expiresAt: new Date(NOW - 1000).toISOString() })]), NOW)).toEqual({ state: 'payment-expired' });
        expect(patientPaymentState(facts(m, 'expired', [payment('created')]), NOW)).toEqual({ state: 'payment-expired' });
      });
      it('paid, refund pending and refunded carry the amount', () => {
        expect(patientPaymentState(facts(m, 'confirmed', [payment('paid')]), NOW)).toEqual({ state: 'paid', amount: 350000, currency: 'VND' });
        expect(patientPaymentState(facts(m, 'completed', [payment('paid')]), NOW)).toEqual({ state: 'paid', amount: 350000, currency: 'VND' });
        // A no-show keeps what it paid online until the hospital refunds it.
        expect(patientPaymentState(facts(m, 'no_show', [payment('paid')]), NOW)).toEqual({ state: 'paid', amount: 350000, currency: 'VND' });
        expect(patientPaymentState(facts(m, 'cancelled', [payment('refund-pending', { refundAmount: 300000 })]), NOW)).toEqual({ state: 'refund-pending', amount: 300000, currency: 'VND' });
        expect(patientPaymentState(facts(m, 'cancelled', [payment('refunded', { refundAmount: null })]), NOW)).toEqual({ state: 'refunded', amount: 350000, currency: 'VND' });
      });
      it('a payment cancelled at the wallet is cancelled, not "not completed in time"', () => {
        const s = patientPaymentState(facts(m, 'expired', [payment('failed')]), NOW);
        expect(s).toEqual({ state: 'payment-cancelled' });
        expect(endedUnpaidKey(s)).toBe('booking.flow.paymentCancelled');
        expect(endedUnpaidKey(patientPaymentState(facts(m, 'expired', [payment('expired')]), NOW))).toBe('booking.flow.paymentExpired');
      });
      it('the last attempt tells: a failed attempt then a paid one is paid', () => {
        expect(patientPaymentState(facts(m, 'confirmed', [payment('failed'), payment('paid')]), NOW).state).toBe('paid');
      });
      it('without a payment: free, never charged, or an older confirmed row', () => {
        expect(patientPaymentState(facts(m, 'confirmed', [], 0), NOW)).toEqual({ state: 'nothing-to-pay' });
        expect(patientPaymentState(facts(m, 'cancelled', []), NOW)).toEqual({ state: 'not-charged' });
        expect(patientPaymentState(facts(m, 'expired', []), NOW)).toEqual({ state: 'not-charged' });
        expect(patientPaymentState(facts(m, 'confirmed', []), NOW)).toEqual({ state: 'paid', amount: 350000, currency: 'VND' });
      });
    });
  }

  it('maps every stored payment status of an online booking to a state with words in every locale', () => {
    for (const status of PAYMENT_STATUSES) {
      const s = patientPaymentState(facts('wallet', status === 'created' ? 'hold' : 'confirmed', [payment(status)]), NOW);
      for (const locale of LOCALES) expect(translate(locale, PAYMENT_STATE_KEYS[s.state], { amount: 'X' })).not.toMatch(/\{|booking\./);
    }
  });

  it('en-PH reads "Pay at the clinic", not "Cash on delivery"', () => {
    expect(translate('en-PH', PAYMENT_STATE_KEYS['at-clinic'])).toBe('Pay at the clinic');
    expect(translate('en-PH', 'booking.payment.cashOnDelivery')).toBe('Pay at the clinic');
    expect(translate('en-PH', PAYMENT_STATE_KEYS.paid, { amount: '₱500.00' })).toBe('Paid online: ₱500.00');
  });

  it('writes the time left as m:ss or h:mm:ss', () => {
    expect(timeLeftText(570)).toBe('9:30');
    expect(timeLeftText(3723)).toBe('1:02:03');
    expect(timeLeftText(-5)).toBe('0:00');
  });
});
