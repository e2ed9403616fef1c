/**
 * Issue #38 item 8 (and #37 item 4): prices and phones on the staff screens follow the hospital's market, not the
 * screen language. A Vietnamese doctor's fee reads in dong on an English or Thai screen; a Vietnamese user's phone
 * gets +84, not +63.
 */
import { describe, expect, it } from 'vitest';
import { LOCALE_CONFIG } from '../../i18n/locales';
import { DIAL_CODES } from '../../src/lib/login';
import { marketCountryCode, marketCurrency, marketOf, staffCountryId } from '../../src/lib/admin-market';
import { bookingFeeText } from '../../src/admin/routes/doctors/doctor-list/columns';

const VN = LOCALE_CONFIG['vi-VN'].countryId;
const TH = LOCALE_CONFIG['th-TH'].countryId;
const fee = { status: true, price: 300000, priceTo: null, priceType: 'fixed' as const };

describe('the hospital market on staff screens', () => {
  it("a Vietnamese doctor's fee is in dong on English and Thai screens", () => {
    for (const screen of ['en-PH', 'th-TH', 'vi-VN'] as const) {
      const text = bookingFeeText(screen, { bookingFee: fee, countryId: VN });
      expect(text, screen).toMatch(/₫|VND/);
      expect(text, screen).not.toMatch(/₱|฿|PHP|THB/);
    }
    expect(bookingFeeText('vi-VN', { bookingFee: { ...fee, price: 1500 }, countryId: TH })).toMatch(/฿|THB/);
  });
  it("a Vietnamese organization's phone prefix is +84 whatever the language; platform staff use their language's market", () => {
    expect(DIAL_CODES[marketCountryCode(VN, 'en-PH')]).toBe(DIAL_CODES.VN);
    expect(DIAL_CODES[marketCountryCode(staffCountryId({ countryId: VN }, 'en-PH'), 'en-PH')]).not.toBe(DIAL_CODES.PH);
    expect(staffCountryId({ countryId: null }, 'th-TH')).toBe(TH);
    expect(marketCurrency(null, 'id-ID')).toBe('IDR');
    expect(marketOf(999, 'ms-MY')).toBe('ms-MY');
  });
});
