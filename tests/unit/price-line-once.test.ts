/** Issue 38 item 25: a discounted "From" price reads "₱2,000 (struck) From ₱1,400", never "From" twice. */
import { describe, expect, it } from 'vitest';
import { LOCALES, LOCALE_CONFIG } from '../../i18n/locales';
import { formatMoney } from '../../src/lib/format';
import { hospitalPromotionBadge, priceView } from '../../src/lib/prices';

describe('a discounted starting-from price', () => {
  it('says its prefix once, on the price to pay', () => {
    const v = priceView('en-PH', { price: 2000, priceType: 'starting', promotion: 30, currency: 'PHP' });
    expect(v.originalText).toBe(formatMoney('en-PH', 2000, 'PHP'));
    expect(v.text).toBe(`From ${formatMoney('en-PH', 1400, 'PHP')}`);
    for (const locale of LOCALES) {
      const currency = LOCALE_CONFIG[locale].currency;
      const w = priceView(locale, { price: 2000, priceType: 'starting', promotion: 30, currency });
      expect(w.originalText, locale).toBe(formatMoney(locale, 2000, currency));
      expect(w.text, locale).not.toBe(formatMoney(locale, 1400, currency));
    }
  });
  it('a range keeps its range on both', () => {
    const v = priceView('en-PH', { price: 1000, priceTo: 2000, priceType: 'range', promotion: 10, currency: 'PHP' });
    expect(v.originalText).toContain(formatMoney('en-PH', 2000, 'PHP'));
  });
});

describe('the hospital promotion badge (issue 38 item 24)', () => {
  it('is not shown where the market lists no services', () => {
    expect(hospitalPromotionBadge([{ promotion: 10 }], LOCALE_CONFIG['en-PH'].features)).toBeNull();
    expect(hospitalPromotionBadge([{ promotion: 10 }], LOCALE_CONFIG['vi-VN'].features)).not.toBeNull();
  });
});
