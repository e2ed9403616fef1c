/** The front desk's pure rules (src/lib/admin-appointments.ts): allowed transitions, the no-show window, masking, payment state, keywords. */
import { describe, expect, it } from 'vitest';
import { gridStep } from '../../src/admin/routes/appointments/appointment-calendar/grid-keys';
import { zoneText } from '../../src/admin/routes/appointments/appointment-list/labels';
import { translatorFor, type AdminCatalogue } from '../../src/admin/i18n';
import { LOCALE_CONFIG, LOCALES, type Locale } from '../../i18n/locales';
import { translate } from '../../i18n/strings';
import {
  APPOINTMENT_MESSAGES,
  EXPORT_MAX_ROWS,
  allowedActions,
  appointmentListQuery,
  bookingIdOfCode,
  inNoShowWindow,
  isChild,
  maskEmail,
  maskPhone,
  paymentState,
  phoneDigits,
  rangeRefusal,
  refundAmount,
  validReason,
} from '../../src/lib/admin-appointments';
import { bookingCode } from '../../src/lib/booking';

const H = 3_600_000;
const start = Date.parse('2026-12-01T02:00:00Z'); // 09:00 in Ho Chi Minh City
const at = (hours: number) => start + hours * H;
const booking = (status: 'pending' | 'confirmed' | 'completed' | 'cancelled' | 'no_show' | 'expired', checkedIn = false) => ({ status, checkedIn, startsAt: new Date(start).toISOString() });

describe('allowed actions', () => {
  it('a confirmed visit the day before: cancel and reschedule only', () => {
    expect(allowedActions(booking('confirmed'), at(-24))).toEqual(['cancel', 'reschedule']);
  });
  it('check-in opens 12 hours before the start', () => {
    expect(allowedActions(booking('confirmed'), at(-12.5))).not.toContain('check_in');
    expect(allowedActions(booking('confirmed'), at(-11))).toEqual(['check_in', 'cancel', 'reschedule']);
  });
  it('a pending booking can be confirmed', () => {
    expect(allowedActions(booking('pending'), at(-48))).toEqual(['confirm', 'cancel', 'reschedule']);
  });
  it('after the start: check in, complete, no-show, cancel; no reschedule', () => {
    expect(allowedActions(booking('confirmed'), at(1))).toEqual(['check_in', 'complete', 'no_show', 'cancel']);
  });
  it('once checked in: only complete', () => {
    expect(allowedActions(booking('confirmed', true), at(1))).toEqual(['complete']);
    expect(allowedActions(booking('confirmed', true), at(-1))).toEqual([]);
  });
  it('settled bookings allow nothing', () => {
    for (const s of ['completed', 'cancelled', 'no_show', 'expired'] as const) expect(allowedActions(booking(s), at(1))).toEqual([]);
  });
  it('after 5 days: no check-in and no no-show, still complete', () => {
    expect(allowedActions(booking('confirmed'), at(5 * 24 + 1))).toEqual(['complete', 'cancel']);
  });
});

describe('no-show window', () => {
  it('opens at the start and closes 5 days later', () => {
    const s = new Date(start).toISOString();
    expect(inNoShowWindow(s, at(-0.01))).toBe(false);
    expect(inNoShowWindow(s, at(0))).toBe(true);
    expect(inNoShowWindow(s, at(5 * 24))).toBe(true);
    expect(inNoShowWindow(s, at(5 * 24 + 0.01))).toBe(false);
  });
});

describe('masking', () => {
  it('shows only the last three digits of a phone', () => {
    expect(maskPhone('+84 901 234 567')).toBe('••• ••• 567');
    expect(maskPhone('0901234567')).toBe('••• ••• 567');
    expect(maskPhone('12')).toBe('•••');
    expect(maskPhone(null)).toBeNull();
    expect(maskPhone('')).toBeNull();
  });
  it('shows the first character and the domain of an e-mail', () => {
    expect(maskEmail('an.nguyen@example.com')).toBe('a•••@example.com');
    expect(maskEmail('not-an-email')).toBe('•••');
    expect(maskEmail(null)).toBeNull();
  });
});

describe('payment state and refunds', () => {
  it('cash is paid at the hospital; online is awaited while pending, paid once settled, refund due when cancelled after', () => {
    expect(paymentState({ status: 'confirmed', paymentMethod: 'cash-on-delivery', paid: false, refunded: false })).toBe('at_hospital');
    expect(paymentState({ status: 'pending', paymentMethod: 'wallet', paid: false, refunded: false })).toBe('awaiting');
    expect(paymentState({ status: 'confirmed', paymentMethod: 'wallet', paid: true, refunded: false })).toBe('paid');
    expect(paymentState({ status: 'cancelled', paymentMethod: 'wallet', paid: true, refunded: false })).toBe('refund_due');
    expect(paymentState({ status: 'cancelled', paymentMethod: 'wallet', paid: true, refunded: true })).toBe('refunded');
    expect(paymentState({ status: 'confirmed', paymentMethod: null, paid: false, refunded: false })).toBe('none');
  });
  it('cancelling refunds what was paid online, nothing otherwise', () => {
    expect(refundAmount('paid', 350000)).toBe(350000);
    expect(refundAmount('at_hospital', 0)).toBeNull();
    expect(refundAmount('awaiting', 0)).toBeNull();
  });
});

describe('keywords, ranges and reasons', () => {
  it('reads a booking code back to its id', () => {
    expect(bookingIdOfCode(bookingCode(12345))).toBe(12345);
    expect(bookingIdOfCode(bookingCode(12345).toLowerCase())).toBe(12345);
    expect(bookingIdOfCode('Nguyen')).toBeNull();
  });
  it('takes a keyword of digits as a phone', () => {
    expect(phoneDigits('+84 901-234')).toBe('84901234');
    expect(phoneDigits('12')).toBeNull();
    expect(phoneDigits('Lan 090')).toBeNull();
  });
  it('refuses reversed and long ranges (a patient record may span two years)', () => {
    expect(rangeRefusal('2026-12-02', '2026-12-01')).toBe('rangeReversed');
    expect(rangeRefusal('2026-01-01', '2026-04-03')).toBe('rangeTooLong');
    expect(rangeRefusal('2026-01-01', '2026-04-02')).toBeNull();
    expect(appointmentListQuery.safeParse({ from: '2026-01-01', to: '2026-12-31' }).success).toBe(false);
    expect(appointmentListQuery.safeParse({ from: '2026-01-01', to: '2026-12-31', patientId: '00000000-0000-4000-a000-000000000007' }).success).toBe(true);
    expect(appointmentListQuery.parse({ from: '2026-01-01', to: '2026-01-02', status: 'confirmed,no_show' }).status).toEqual(['confirmed', 'no_show']);
  });
  it('wants a reason of 3 to 500 characters', () => {
    expect(validReason('  ab ')).toBe(false);
    expect(validReason('Doctor ill')).toBe(true);
    expect(validReason('x'.repeat(501))).toBe(false);
  });
  it('gives the child badge under 19 on the day', () => {
    expect(isChild('2008-12-02', '2026-12-01')).toBe(true);
    expect(isChild('2007-12-01', '2026-12-01')).toBe(false);
    expect(isChild(null, '2026-12-01')).toBe(false);
  });
});

describe('the day view’s arrow keys (gridStep)', () => {
  // Two doctors' columns (0, 1) and a third (3) after an empty one: minutes of the day.
  const cells = [
    { col: 0, min: 540 },
    { col: 0, min: 480 },
    { col: 1, min: 600 },
    { col: 1, min: 500 },
    { col: 3, min: 545 },
  ];
  it('moves up and down a column in time order, and stops at its ends', () => {
    expect(gridStep(cells, 1, 'ArrowDown')).toBe(0);
    expect(gridStep(cells, 0, 'ArrowUp')).toBe(1);
    expect(gridStep(cells, 0, 'ArrowDown')).toBeNull();
    expect(gridStep(cells, 1, 'ArrowUp')).toBeNull();
  });
  it('moves across to the nearest column with cells, at the nearest time', () => {
    expect(gridStep(cells, 0, 'ArrowRight')).toBe(3);
    expect(gridStep(cells, 2, 'ArrowRight')).toBe(4);
    expect(gridStep(cells, 4, 'ArrowLeft')).toBe(3);
    expect(gridStep(cells, 3, 'ArrowLeft')).toBe(1);
    expect(gridStep(cells, 0, 'ArrowLeft')).toBeNull();
    expect(gridStep(cells, 4, 'ArrowRight')).toBeNull();
  });
});

describe('the hospital time zone in the detail panel', () => {
  const tr = (locale: Locale) => translatorFor(locale, {} as AdminCatalogue);
  it('is named in the screen’s language, never the raw zone id (issue 38 item 24)', () => {
    const at = '2026-11-29T02:00:00.000Z';
    expect(zoneText(tr('vi-VN'), 'Asia/Ho_Chi_Minh', at)).toBe('Giờ Đông Dương');
    expect(zoneText(tr('en-PH'), 'Asia/Manila', at)).toBe('Philippine Standard Time');
    expect(zoneText(tr('zh-TW'), 'Asia/Taipei', at)).toBe('台北標準時間');
    for (const locale of LOCALES) expect(zoneText(tr(locale), 'Asia/Bangkok', at)).not.toContain('/');
  });
});

describe('the export limit', () => {
  it('is the number every language’s refusal names, written as the language writes numbers', () => {
    expect(APPOINTMENT_MESSAGES.exportTooLarge).toBe(translate('en-PH', 'server.exportTooLarge'));
    for (const locale of LOCALES) {
      const number = new Intl.NumberFormat(LOCALE_CONFIG[locale].htmlLang).format(EXPORT_MAX_ROWS);
      expect(translate(locale, 'server.exportTooLarge')).toContain(number);
    }
  });
});
