import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n/strings';
import { formatMoney } from '../../src/lib/format';
import {
  adminDoctorFees,
  applyPromotion,
  discountPercent,
  highestPromotion,
  hospitalPromotionBadge,
  isOutOfStock,
  isPriceVisible,
  priceView,
  serviceCategoryRibbon,
  SERVICE_AVAILABILITY,
  toPriceType,
  vaccinationPriceView,
} from '../../src/lib/prices';

const php = (n: number) => formatMoney('en-PH', n, 'PHP');

describe('price visibility (SPEC §5)', () => {
  it('shows a positive price that is not partner-group', () => {
    expect(isPriceVisible({ price: 100 })).toBe(true);
    expect(isPriceVisible({ price: 100, partnerGroup: false })).toBe(true);
  });
  it('hides zero, missing and negative prices', () => {
    expect(isPriceVisible({ price: 0 })).toBe(false);
    expect(isPriceVisible({ price: null })).toBe(false);
    expect(isPriceVisible({})).toBe(false);
    expect(isPriceVisible({ price: -5 })).toBe(false);
  });
  it('hides partner-group prices', () => {
    expect(isPriceVisible({ price: 100, partnerGroup: true })).toBe(false);
  });
  it('the override flag shows the price anyway', () => {
    expect(isPriceVisible({ price: 0, showPriceOverride: true })).toBe(true);
    expect(isPriceVisible({ price: 100, partnerGroup: true, showPriceOverride: true })).toBe(true);
  });
});

describe('promotion', () => {
  it('rounds the discount percent to an integer within 0..100', () => {
    expect(discountPercent(12.4)).toBe(12);
    expect(discountPercent(12.5)).toBe(13);
    expect(discountPercent(null)).toBe(0);
    expect(discountPercent(undefined)).toBe(0);
    expect(discountPercent(Number.NaN)).toBe(0);
    expect(discountPercent(-3)).toBe(0);
    expect(discountPercent(150)).toBe(100);
  });
  it('reduces the price by the percent', () => {
    expect(applyPromotion(1000, 20)).toBe(800);
    expect(applyPromotion(1000, 0)).toBe(1000);
    expect(applyPromotion(999, 10)).toBe(899.1);
    expect(applyPromotion(1000, 19.6)).toBe(800);
  });
});

describe('priceView', () => {
  it('fixed price', () => {
    const v = priceView('en-PH', { price: 1500, priceType: 'fixed', currency: 'PHP' });
    expect(v).toEqual({ visible: true, type: 'fixed', amount: 1500, amountTo: null, text: php(1500), originalText: null, discountPercent: 0, statusText: null });
  });
  it('starting-from price', () => {
    const v = priceView('en-PH', { price: 1500, priceType: 'starting', currency: 'PHP' });
    expect(v.text).toBe(`From ${php(1500)}`);
    expect(v.amountTo).toBeNull();
  });
  it('range uses price_to', () => {
    const v = priceView('en-PH', { price: 1000, priceTo: 2500, priceType: 'range', currency: 'PHP' });
    expect(v.text).toBe(`${php(1000)} - ${php(2500)}`);
    expect(v.amountTo).toBe(2500);
  });
  it('a range without a higher price_to reads as a single price', () => {
    expect(priceView('en-PH', { price: 1000, priceTo: null, priceType: 'range', currency: 'PHP' }).text).toBe(php(1000));
    expect(priceView('en-PH', { price: 1000, priceTo: 800, priceType: 'range', currency: 'PHP' }).amountTo).toBeNull();
  });
  it('price_to is ignored for non-range types', () => {
    expect(priceView('en-PH', { price: 1000, priceTo: 2000, priceType: 'fixed', currency: 'PHP' }).amountTo).toBeNull();
  });
  it('unknown price type falls back to fixed', () => {
    expect(toPriceType('weird')).toBe('fixed');
    expect(toPriceType(undefined)).toBe('fixed');
    expect(toPriceType('range')).toBe('range');
  });
  it('promotion reduces the price and strikes the original through', () => {
    const v = priceView('en-PH', { price: 1000, promotion: 25, currency: 'PHP' });
    expect(v.amount).toBe(750);
    expect(v.text).toBe(php(750));
    expect(v.originalText).toBe(php(1000));
    expect(v.discountPercent).toBe(25);
  });
  it('promotion on a range reduces both ends', () => {
    const v = priceView('en-PH', { price: 1000, priceTo: 2000, priceType: 'range', promotion: 10, currency: 'PHP' });
    expect([v.amount, v.amountTo]).toEqual([900, 1800]);
    expect(v.text).toBe(`${php(900)} - ${php(1800)}`);
    expect(v.originalText).toBe(`${php(1000)} - ${php(2000)}`);
  });
  it('an original price above the price is shown as the special (struck) price', () => {
    const v = priceView('en-PH', { price: 800, originalPrice: 1000, currency: 'PHP' });
    expect(v.originalText).toBe(php(1000));
    expect(priceView('en-PH', { price: 800, originalPrice: 800, currency: 'PHP' }).originalText).toBeNull();
    expect(priceView('en-PH', { price: 800, originalPrice: 500, currency: 'PHP' }).originalText).toBeNull();
  });
  it('hidden prices carry no text', () => {
    const v = priceView('en-PH', { price: 1000, partnerGroup: true, currency: 'PHP' });
    expect(v.visible).toBe(false);
    expect(v.text).toBe('');
    expect(v.originalText).toBeNull();
    expect(priceView('en-PH', { price: 0 }).visible).toBe(false);
  });
  it('default currency is VND, formatted for the locale', () => {
    expect(priceView('vi-VN', { price: 100000 }).text).toBe(formatMoney('vi-VN', 100000, 'VND'));
    expect(priceView('vi-VN', { price: 100000, priceType: 'starting' }).text).toBe(`Từ ${formatMoney('vi-VN', 100000, 'VND')}`);
  });
});

describe('vaccination price', () => {
  it('price 0 hides the price', () => {
    const v = vaccinationPriceView('vi-VN', { price: 0 });
    expect(v.visible).toBe(false);
    expect(v.text).toBe('');
  });
  it('plain price', () => {
    const v = vaccinationPriceView('en-PH', { price: 2000, price_unit: 'PHP' });
    expect(v).toMatchObject({ visible: true, text: php(2000), originalText: null, discountPercent: 0, outOfStock: false, statusText: null });
  });
  it('discounted price strikes the list price through', () => {
    const v = vaccinationPriceView('en-PH', { price: 2000, price_discount: 1500, percent_discount: 25, price_unit: 'PHP' });
    expect(v).toMatchObject({ text: php(1500), originalText: php(2000), discountPercent: 25 });
  });
  it('percent discount alone reduces the price; a missing percent is derived and rounded', () => {
    expect(vaccinationPriceView('en-PH', { price: 2000, percent_discount: 10, price_unit: 'PHP' }).text).toBe(php(1800));
    expect(vaccinationPriceView('en-PH', { price: 3000, price_discount: 2000, price_unit: 'PHP' }).discountPercent).toBe(33);
  });
  it('a discount price not below the price is ignored', () => {
    expect(vaccinationPriceView('en-PH', { price: 2000, price_discount: 2500, price_unit: 'PHP' }).originalText).toBeNull();
  });
  it('out of stock is flagged and labelled, even without a price', () => {
    expect(vaccinationPriceView('en-PH', { price: 2000, status: 'out_of_stock' })).toMatchObject({ outOfStock: true, statusText: 'Out of stock', visible: true });
    expect(vaccinationPriceView('en-PH', { price: 0, status: 'out_of_stock' })).toMatchObject({ outOfStock: true, visible: false });
  });
  it('availability enum', () => {
    expect(SERVICE_AVAILABILITY).toEqual({ available: 1, out_of_stock: 0, limit: 2 });
    expect(isOutOfStock(0)).toBe(true);
    expect(isOutOfStock(1)).toBe(false);
    expect(isOutOfStock(2)).toBe(false);
    expect(isOutOfStock(null)).toBe(false);
  });
});

describe('hospital promotion badge', () => {
  it('N is the highest service promotion percent', () => {
    const services = [{ promotion: 10 }, { promoPercent: 35.4 }, { promotion: null }, {}];
    expect(highestPromotion(services)).toBe(35);
    const badge = hospitalPromotionBadge(services);
    expect(badge && translate('en-PH', badge.key, badge.params)).toBe('Up to 35% On selected services');
  });
  it('no badge without promotions', () => {
    expect(hospitalPromotionBadge([])).toBeNull();
    expect(hospitalPromotionBadge([{ promotion: 0 }, {}])).toBeNull();
  });
});

describe('service category promo ribbon', () => {
  it('percent when any service is promoted', () => {
    expect(serviceCategoryRibbon('en-PH', [{ price: 100, promotion: 15 }, { price: 200, promotion: 30 }])).toEqual({ kind: 'percent', percent: 30, text: '-30%' });
  });
  it('a single price when all visible prices agree', () => {
    expect(serviceCategoryRibbon('en-PH', [{ price: 500, currency: 'PHP' }, { price: 500, currency: 'PHP' }])).toEqual({ kind: 'price', amount: 500, text: php(500) });
  });
  it('a price range from the lowest to the highest (including range ends)', () => {
    const r = serviceCategoryRibbon('en-PH', [
      { price: 500, currency: 'PHP' },
      { price: 300, priceTo: 900, priceType: 'range', currency: 'PHP' },
      { price: 100, partnerGroup: true, currency: 'PHP' },
      { price: 0, currency: 'PHP' },
    ]);
    expect(r).toEqual({ kind: 'range', from: 300, to: 900, text: `${php(300)} - ${php(900)}` });
  });
  it('nothing when no visible price and no promotion', () => {
    expect(serviceCategoryRibbon('en-PH', [])).toBeNull();
    expect(serviceCategoryRibbon('en-PH', [{ price: 0 }, { price: 100, partnerGroup: true }])).toBeNull();
  });
});

describe('service availability and admin fees', () => {
  it('out-of-stock services carry the label', () => {
    expect(priceView('en-PH', { price: 100, availability: 0, currency: 'PHP' }).statusText).toBe('Out of stock');
    expect(priceView('en-PH', { price: 100, availability: 1, currency: 'PHP' }).statusText).toBeNull();
    expect(priceView('en-PH', { price: 100, availability: 2, currency: 'PHP' }).statusText).toBeNull();
  });
  it('admin doctors Price column: booking fee (range when range) and telemedicine fee', () => {
    expect(adminDoctorFees('en-PH', { bookingFee: { status: 1, price: 300, priceTo: 600, priceType: 'range' }, telemedicineFee: { status: true, price: 250 } }, 'PHP')).toEqual({
      bookingFee: `${php(300)} - ${php(600)}`,
      telemedicineFee: php(250),
    });
    expect(adminDoctorFees('en-PH', { bookingFee: { status: 1, price: 300, priceTo: 600, priceType: 'fixed' }, telemedicineFee: { status: 0, price: 250 } }, 'PHP')).toEqual({ bookingFee: php(300), telemedicineFee: null });
    expect(adminDoctorFees('en-PH', {})).toEqual({ bookingFee: null, telemedicineFee: null });
  });
});
