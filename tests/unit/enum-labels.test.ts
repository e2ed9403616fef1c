/** Translated names of stored codes (issue #30 item 10). */
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../i18n/locales';
import { paymentMethodText, STORED_PAYMENT_KEYS } from '../../src/lib/enum-labels';

describe('payment method names', () => {
  it('names every seeded code in each locale, never the raw code; an unknown code keeps its stored name', () => {
    for (const code of ['cash', 'bank_app', 'wallet', 'wallet_bank_card', 'wallet_credit_card', 'local_transfer']) {
      expect(STORED_PAYMENT_KEYS[code], code).toBeDefined();
      const names = LOCALES.map((l) => paymentMethodText(l, code, code.replace(/_/g, ' ')));
      for (const n of names) expect(n).not.toMatch(/^(cash|wallet|bank app|wallet bank card|wallet credit card|local transfer)$/);
    }
    expect(paymentMethodText('vi-VN', 'cash', 'cash')).toBe('Tiền mặt');
    expect(paymentMethodText('th-TH', 'wallet_bank_card', 'wallet bank card')).not.toContain('wallet');
    expect(paymentMethodText('zh-TW', 'gcash', 'GCash')).toBe('GCash');
  });
});
