/**
 * The booking page's pure rules (src/lib/booking.ts, src/lib/calendar-event.ts, src/server/booking-mail.ts
 * recipients): hold length bound, quote per SPEC §3 pricing defaults, voucher code 31, countdown, booking code,
 * manage-my-appointments address, RFC 5545 calendar file and the Google Calendar address in the hospital's zone.
 */
import { describe, expect, it } from 'vitest';
import { bookingCode, formatCountdown, holdMinutes, manageBookingsUrl, quote, remainingSeconds, voucherAllowed, HOLD_MINUTES_MAX } from '../../src/lib/booking';
import { foldLine, googleCalendarEventUrl, icsCalendar, icsText, type CalendarEvent } from '../../src/lib/calendar-event';
import { confirmationRecipients } from '../../src/server/booking-mail';
import { paymentOptions } from '../../src/lib/payments';

describe('hold length', () => {
  it('defaults to 10 minutes and never exceeds 60', () => {
    expect(holdMinutes(undefined)).toBe(10);
    expect(holdMinutes('abc')).toBe(10);
    expect(holdMinutes('0')).toBe(10);
    expect(holdMinutes('25')).toBe(25);
    expect(holdMinutes(600)).toBe(HOLD_MINUTES_MAX);
  });
  it('counts down whole seconds, m:ss', () => {
    expect(remainingSeconds('2026-01-01T00:10:00Z', Date.parse('2026-01-01T00:00:00.5Z'))).toBe(600);
    expect(remainingSeconds('2026-01-01T00:10:00Z', Date.parse('2026-01-01T00:11:00Z'))).toBe(0);
    expect(formatCountdown(600)).toBe('10:00');
    expect(formatCountdown(65)).toBe('1:05');
  });
});

describe('quote (SPEC §3 pricing defaults)', () => {
  const base = { price: 300_000, priceTo: null, priceType: 'fixed', promotionPercent: null, partnerGroup: false, priceOverride: false, voucher: null };
  it('without promotion or voucher the final price is the fee', () => {
    expect(quote(base)).toMatchObject({ visible: true, original_price: 300_000, final_price: 300_000, voucher_discount_value: 0, referral_discount_value: 0, tax_amount: 0, tax_unit: '%', tax_computed: 0 });
  });
  it('a promotion percent reduces the price, a voucher then its percent or amount, tax on the rest', () => {
    const q = quote({ ...base, promotionPercent: 20, voucher: { discountPercentage: 10, discountAmount: null }, taxPercent: 10 });
    expect(q).toMatchObject({ original_price: 300_000, promoted_price: 240_000, voucher_discount_value: 24_000, tax_computed: 21_600, final_price: 237_600 });
    expect(quote({ ...base, voucher: { discountPercentage: null, discountAmount: 500_000 } }).final_price).toBe(0);
  });
  it('range and starting-from prices keep their type; partner group and zero price hide the price', () => {
    expect(quote({ ...base, priceType: 'range', priceTo: 500_000, promotionPercent: 10 })).toMatchObject({ priceType: 'range', promoted_price: 270_000, promoted_price_to: 450_000 });
    expect(quote({ ...base, priceType: 'starting' }).priceType).toBe('starting');
    expect(quote({ ...base, partnerGroup: true }).visible).toBe(false);
    expect(quote({ ...base, price: 0 }).visible).toBe(false);
    expect(quote({ ...base, price: 0, priceOverride: true }).visible).toBe(true);
  });
});

describe('vouchers and payment options (SPEC §8, §9)', () => {
  const online = paymentOptions({ kind: 'doctor', telemedicine: true, locale: 'vi-VN' });
  const cash = paymentOptions({ kind: 'doctor', telemedicine: false, locale: 'vi-VN' });
  it('code 31 only with the first online method; offline vouchers are never applied on the page', () => {
    expect(voucherAllowed({ code: '31', communicationType: 'other' }, online, 'bank-app')).toBe(true);
    expect(voucherAllowed({ code: '31', communicationType: 'other' }, online, 'wallet')).toBe(false);
    expect(voucherAllowed({ code: '31', communicationType: 'other' }, cash, 'cash-on-delivery')).toBe(false);
    expect(voucherAllowed({ code: 'BOOK10', communicationType: 'other' }, cash, 'cash-on-delivery')).toBe(true);
    expect(voucherAllowed({ code: 'HOTLINE50', communicationType: 'offline' }, cash, 'cash-on-delivery')).toBe(false);
  });
  it('id-ID telemedicine has its one local option', () => {
    expect(paymentOptions({ kind: 'doctor', telemedicine: true, locale: 'id-ID' })).toEqual(['local']);
  });
});

describe('after confirmation', () => {
  it('booking code and manage-my-appointments address', () => {
    expect(bookingCode(1)).toBe('BK000001');
    expect(bookingCode(2_176_782_336)).toBe('BK1000000');
    expect(manageBookingsUrl('th-TH')).toBe('/th-th/account/bookings/');
    expect(manageBookingsUrl('vi-VN', { 'vi-VN': 'https://id.example.vn/my-booking' })).toBe('https://id.example.vn/my-booking');
  });
  it('the confirmation goes to whom the family member\'s notify choice says', () => {
    const f = { patientEmail: 'owner@example.com', familyEmail: 'dad@example.com' };
    expect(confirmationRecipients({ ...f, notifyTo: null })).toEqual(['owner@example.com']);
    expect(confirmationRecipients({ ...f, notifyTo: 'MASTER' })).toEqual(['owner@example.com']);
    expect(confirmationRecipients({ ...f, notifyTo: 'BOTH' })).toEqual(['owner@example.com', 'dad@example.com']);
    expect(confirmationRecipients({ ...f, notifyTo: 'PATIENT' })).toEqual(['dad@example.com']);
    expect(confirmationRecipients({ patientEmail: 'x@social.placeholder', familyEmail: null, notifyTo: null })).toEqual([]);
  });
});

describe('calendar event', () => {
  const e: CalendarEvent = {
    uid: 'BK00000A@suckhoeviet.vn',
    title: 'Lịch khám: BS. Nguyễn; Văn, A',
    description: 'Mã đặt lịch: BK00000A\nBệnh viện',
    location: 'Bệnh viện Đa khoa, 32 Hồ Chí Minh',
    date: '2026-12-01',
    start: '09:00',
    end: '09:30',
    timeZone: 'Asia/Jayapura',
    reminderMinutes: 60,
    stamp: new Date('2026-11-25T10:00:00Z'),
  };
  it('is RFC 5545: CRLF lines of at most 75 octets, escaped text, TZID with its VTIMEZONE, a reminder', () => {
    const ics = icsCalendar(e);
    expect(ics.endsWith('\r\n')).toBe(true);
    for (const line of ics.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toContain('DTSTART;TZID=Asia/Jayapura:20261201T090000');
    expect(unfolded).toContain('DTEND;TZID=Asia/Jayapura:20261201T093000');
    expect(unfolded).toContain('TZOFFSETTO:+0900');
    expect(unfolded).toContain('SUMMARY:Lịch khám: BS. Nguyễn\\; Văn\\, A');
    expect(unfolded).toContain('DESCRIPTION:Mã đặt lịch: BK00000A\\nBệnh viện');
    expect(unfolded).toContain('TRIGGER:-PT60M');
    expect(unfolded).toContain('DTSTAMP:20261125T100000Z');
    expect(icsCalendar({ ...e, start: '23:30', end: '24:00' })).toContain('DTEND;TZID=Asia/Jayapura:20261202T000000');
  });
  it('folds inside no UTF-8 character and escapes TEXT', () => {
    const long = foldLine(`SUMMARY:${'ớ'.repeat(60)}`);
    expect(long.split('\r\n ').join('')).toBe(`SUMMARY:${'ớ'.repeat(60)}`);
    expect(icsText('a;b,c\\d\ne')).toBe('a\\;b\\,c\\\\d\\ne');
  });
  it('the Google Calendar address is in the hospital\'s zone', () => {
    const u = new URL(googleCalendarEventUrl(e));
    expect(u.origin + u.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(u.searchParams.get('dates')).toBe('20261201T090000/20261201T093000');
    expect(u.searchParams.get('ctz')).toBe('Asia/Jayapura');
  });
});
