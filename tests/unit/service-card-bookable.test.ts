/** Issue #38 item 21: 'Book Service' is offered only for a service in stock with a free slot in the next 180 days. */
import { describe, expect, it } from 'vitest';
import { serviceCardModel, type ServiceCardInput } from '../../src/lib/hospital-cards';

const base: ServiceCardInput = {
  id: 1, name: 'Khám tổng quát', slug: 'kham-tong-quat', description: null, logo: null, price: 500000, priceTo: null, priceType: 'fixed',
  originalPrice: null, currency: 'VND', promotion: null, availability: 1, bookable: true, rating: 0, totalReviews: 0,
};

describe('service card', () => {
  it('offers booking only with a free slot within the horizon, in stock', () => {
    expect(serviceCardModel('vi-VN', base, '/vi-vn/h/').canBook).toBe(true);
    expect(serviceCardModel('vi-VN', { ...base, bookable: false }, '/vi-vn/h/').canBook).toBe(false);
    expect(serviceCardModel('vi-VN', { ...base, availability: 0 }, '/vi-vn/h/').canBook).toBe(false);
  });
});
