import { describe, expect, it } from 'vitest';
import {
  CASH_ON_DELIVERY,
  LOCAL_PAYMENT_METHOD,
  ONLINE_PAYMENT_METHODS,
  PAYMENT_METHOD_KEYS,
  isVoucherVisible,
  paymentOptions,
  visibleVouchers,
  voucherBadgeLabel,
  voucherNotice,
} from '../../src/lib/payments';
import { LOCALES } from '../../i18n/locales';
import { translate } from '../../i18n/strings';

const online = [...ONLINE_PAYMENT_METHODS];

describe('payment options (SPEC §9)', () => {
  it('telemedicine doctor: one local option in id-ID, the four online options elsewhere', () => {
    expect(ONLINE_PAYMENT_METHODS).toHaveLength(4);
    for (const locale of LOCALES) {
      expect(paymentOptions({ kind: 'doctor', telemedicine: true, locale })).toEqual(locale === 'id-ID' ? [LOCAL_PAYMENT_METHOD] : online);
    }
  });

  it('doctor without telemedicine: cash on delivery, in every locale', () => {
    for (const locale of LOCALES) expect(paymentOptions({ kind: 'doctor', telemedicine: false, locale })).toEqual([CASH_ON_DELIVERY]);
  });

  it('package service in vi-VN with online payment on and no reservation: four online plus cash on delivery', () => {
    expect(paymentOptions({ kind: 'service', package: true, locale: 'vi-VN', onlinePaymentEnabled: true, reservation: false })).toEqual([...online, CASH_ON_DELIVERY]);
  });

  it('any other service: cash on delivery only', () => {
    const base = { kind: 'service' as const, package: true, locale: 'vi-VN' as const, onlinePaymentEnabled: true, reservation: false };
    expect(paymentOptions({ ...base, package: false })).toEqual([CASH_ON_DELIVERY]);
    expect(paymentOptions({ ...base, onlinePaymentEnabled: false })).toEqual([CASH_ON_DELIVERY]);
    expect(paymentOptions({ ...base, reservation: true })).toEqual([CASH_ON_DELIVERY]);
    for (const locale of LOCALES.filter((l) => l !== 'vi-VN')) expect(paymentOptions({ ...base, locale })).toEqual([CASH_ON_DELIVERY]);
  });

  it('returns a fresh list each time', () => {
    const a = paymentOptions({ kind: 'doctor', telemedicine: true, locale: 'vi-VN' });
    a.pop();
    expect(paymentOptions({ kind: 'doctor', telemedicine: true, locale: 'vi-VN' })).toHaveLength(4);
  });

  it('every method has a label in every locale', () => {
    for (const locale of LOCALES) for (const key of Object.values(PAYMENT_METHOD_KEYS)) expect(translate(locale, key).length).toBeGreaterThan(0);
  });
});

describe('vouchers', () => {
  it('hides voucher code 31 unless the first online method is allowed', () => {
    expect(isVoucherVisible({ code: 31 }, online)).toBe(true);
    expect(isVoucherVisible({ code: '31' }, [ONLINE_PAYMENT_METHODS[0]])).toBe(true);
    expect(isVoucherVisible({ code: 31 }, [CASH_ON_DELIVERY])).toBe(false);
    expect(isVoucherVisible({ code: 31 }, [LOCAL_PAYMENT_METHOD])).toBe(false);
    expect(isVoucherVisible({ code: 31 }, ONLINE_PAYMENT_METHODS.slice(1))).toBe(false);
    expect(isVoucherVisible({ code: 32 }, [CASH_ON_DELIVERY])).toBe(true);
    expect(isVoucherVisible({ code: '310' }, [CASH_ON_DELIVERY])).toBe(true);
    const vouchers = [{ code: 31, name: 'A' }, { code: 7, name: 'B' }];
    expect(visibleVouchers(vouchers, [CASH_ON_DELIVERY])).toEqual([{ code: 7, name: 'B' }]);
    expect(visibleVouchers(vouchers, paymentOptions({ kind: 'doctor', telemedicine: true, locale: 'th-TH' }))).toEqual(vouchers);
  });

  it("labels a badge 'Voucher applicable' by default", () => {
    expect(voucherBadgeLabel(undefined)).toEqual({ key: 'booking.voucherApplicable' });
    expect(voucherBadgeLabel('  ')).toEqual({ key: 'booking.voucherApplicable' });
    expect(voucherBadgeLabel('Giảm 10%')).toEqual({ text: 'Giảm 10%' });
    expect(translate('en-PH', 'booking.voucherApplicable')).toBe('Voucher applicable');
  });

  it('gives the hotline-and-e-mail notice, or the e-mail-only variant', () => {
    expect(voucherNotice({ hotline: '1900 6868', email: 'a@b.vn' })).toEqual({ key: 'booking.voucherNotice', params: { hotline: '1900 6868', email: 'a@b.vn' } });
    expect(voucherNotice({ hotline: '', email: 'a@b.vn' })).toEqual({ key: 'booking.voucherNoticeEmailOnly', params: { email: 'a@b.vn' } });
    expect(voucherNotice({ hotline: null, email: 'a@b.vn' })).toEqual({ key: 'booking.voucherNoticeEmailOnly', params: { email: 'a@b.vn' } });
    expect(translate('en-PH', 'booking.voucherNotice', { hotline: 'H', email: 'E' })).toBe('Please contact our hotline H or e-mail E to get the promotional voucher.');
  });
});
