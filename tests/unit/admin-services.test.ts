/** The service form's pure rules (src/lib/admin-services.ts): price types, the range's upper price, the original price. */
import { describe, expect, it } from 'vitest';
import { normalizedPriceTo, serviceFormBody, serviceFormValues, servicePriceIssues } from '../../src/lib/admin-services';

describe('servicePriceIssues', () => {
  it('accepts a fixed price, a starting price and a range with its upper price', () => {
    expect(servicePriceIssues({ price_type: 'fixed', price: 100 })).toEqual([]);
    expect(servicePriceIssues({ price_type: 'starting', price: 100 })).toEqual([]);
    expect(servicePriceIssues({ price_type: 'range', price: 100, price_to: 100 })).toEqual([]);
    expect(servicePriceIssues({ price_type: 'range', price: 100, price_to: 250, original_price: 100 })).toEqual([]);
  });
  it('asks for the upper price of a range, not lower than the price', () => {
    expect(servicePriceIssues({ price_type: 'range', price: 100 })).toEqual([{ path: 'price_to', message: 'This field is required' }]);
    expect(servicePriceIssues({ price_type: 'range', price: 100, price_to: 99 })).toEqual([{ path: 'price_to', message: 'The upper price must not be lower than the price.' }]);
  });
  it('refuses an original price lower than the price, whatever the type', () => {
    expect(servicePriceIssues({ price_type: 'fixed', price: 100, original_price: 50 })).toEqual([{ path: 'original_price', message: 'The original price must not be lower than the price.' }]);
  });
  it('keeps the upper price for a range only', () => {
    expect(normalizedPriceTo({ price_type: 'range', price_to: 5 })).toBe(5);
    expect(normalizedPriceTo({ price_type: 'fixed', price_to: 5 })).toBeNull();
    expect(normalizedPriceTo({ price_type: 'starting', price_to: 5 })).toBeNull();
  });
});

describe('serviceFormBody', () => {
  const base = { hospital_branch_id: '3', name: ' Siêu âm tim ', price_type: 'range', price: '300000', price_to: '500000', buffer_time: '', status: '1' };
  it('reads the form as typed: numbers from text, blank optionals absent, flags from checkboxes', () => {
    const r = serviceFormBody.parse({ ...base, original_price: '', promotion_percent: '', is_package: true, online_payment: 'false' });
    expect(r).toMatchObject({ hospital_branch_id: 3, name: 'Siêu âm tim', price: 300000, price_to: 500000, buffer_time: 0, is_package: true, online_payment: false, status: 1 });
    expect(r.original_price).toBeUndefined();
  });
  it('says where a price is wrong', () => {
    const r = serviceFormBody.safeParse({ ...base, price_to: '' });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['price_to', 'This field is required']]);
    const p = serviceFormBody.safeParse({ ...base, promotion_percent: '101' });
    expect(p.error!.issues.map((i) => i.path.join('.'))).toEqual(['promotion_percent']);
  });
  it('starts a new service in the given branch, active, with a fixed price', () => {
    expect(serviceFormValues(null, { branchId: 7 })).toMatchObject({ hospital_branch_id: 7, price_type: 'fixed', status: 1, buffer_time: '0' });
    expect(serviceFormBody.safeParse({ ...serviceFormValues(null, { branchId: 7 }), name: 'X', price: '1' }).success).toBe(true);
  });
});
