/**
 * Issue 38 item 20: the booking page's price box keeps the base fee when a voucher is chosen, and the booking
 * card's voucher badges name their vouchers, one badge per name.
 */
import { describe, expect, it } from 'vitest';
import { quote, quoteLines } from '../../src/lib/booking';
import { voucherBadges } from '../../src/lib/payments';

const base = { price: 300_000, priceTo: null, priceType: 'fixed', promotionPercent: null, partnerGroup: false, priceOverride: false, voucher: null };

describe('quoteLines', () => {
  it('a plain fee is one total line', () => {
    expect(quoteLines(quote(base))).toEqual([{ key: 'total', amount: 300_000, amountTo: null }]);
  });
  it('a voucher without promotion keeps the base fee above its discount', () => {
    const lines = quoteLines(quote({ ...base, voucher: { discountAmount: 50_000, discountPercentage: null } }));
    expect(lines).toEqual([
      { key: 'base', amount: 300_000, amountTo: null },
      { key: 'voucher', amount: 50_000 },
      { key: 'total', amount: 250_000, amountTo: null },
    ]);
  });
  it('a promotion shows the struck original and the promotion, then the voucher and tax', () => {
    const lines = quoteLines(quote({ ...base, promotionPercent: 20, voucher: { discountPercentage: 10, discountAmount: null }, taxPercent: 10 }));
    expect(lines.map((l) => l.key)).toEqual(['original', 'promotion', 'voucher', 'tax', 'total']);
    expect(lines[1]).toEqual({ key: 'promotion', percent: 20, amount: 60_000 });
    expect(lines.at(-1)).toEqual({ key: 'total', amount: 237_600, amountTo: null });
  });
  it('a range keeps its upper end on the base and total lines', () => {
    const lines = quoteLines(quote({ ...base, priceType: 'range', priceTo: 500_000, voucher: { discountAmount: 50_000, discountPercentage: null } }));
    expect(lines[0]).toEqual({ key: 'base', amount: 300_000, amountTo: 500_000 });
    expect(lines.at(-1)).toEqual({ key: 'total', amount: 250_000, amountTo: 450_000 });
  });
});

describe('voucherBadges', () => {
  it('names each voucher and shows one badge per name', () => {
    expect(voucherBadges([{ code: 'A', name: 'Giảm 10%' }, { code: 'B', name: 'giảm 10% ' }, { code: 'C', name: 'Khám miễn phí' }])).toEqual([
      { code: 'A', label: 'Giảm 10%' },
      { code: 'C', label: 'Khám miễn phí' },
    ]);
  });
  it('unnamed vouchers share one default badge', () => {
    expect(voucherBadges([{ code: 'A', name: '' }, { code: 'B', name: null }])).toEqual([{ code: 'A', label: null }]);
  });
});
