/** Issue 34's request-edge rules as pure functions: JSON depth, a paid webhook's amount, prototype-less field errors. */
import { describe, expect, it } from 'vitest';
import { emptyFieldErrors } from '../../src/lib/envelope';
import { jsonDepthOver } from '../../src/server/endpoint';
import { paidInFull } from '../../src/server/payment-settlement';
import { issuesToFieldErrors } from '../../src/server/validation';
import { z } from 'zod';

describe('jsonDepthOver', () => {
  const nest = (n: number) => JSON.parse('['.repeat(n) + ']'.repeat(n));
  it('lets ordinary bodies through and stops a deep one without recursing', () => {
    expect(jsonDepthOver({ a: [{ b: 1 }], c: 'x' }, 32)).toBe(false);
    expect(jsonDepthOver(nest(32), 32)).toBe(false);
    expect(jsonDepthOver(nest(33), 32)).toBe(true);
    expect(jsonDepthOver(nest(100_000), 32)).toBe(true);
    expect(jsonDepthOver(null, 32)).toBe(false);
  });
});

describe('paidInFull', () => {
  const payment = { amount: '1800000.00', currency: 'VND ' };
  it('accepts exactly the amount and currency of the payment, nothing else', () => {
    expect(paidInFull({ amount: 1_800_000, currency: 'VND' }, payment)).toBe(true);
    expect(paidInFull({ amount: 1_800_000, currency: 'vnd' }, payment)).toBe(true);
    expect(paidInFull({ amount: 1, currency: 'VND' }, payment)).toBe(false);
    expect(paidInFull({ amount: 1_800_000, currency: 'USD' }, payment)).toBe(false);
    expect(paidInFull({}, payment)).toBe(false);
  });
});

describe('field errors', () => {
  it('keep a field named __proto__ as an own key', () => {
    const r = z.object({ email: z.string() }).strict().safeParse(JSON.parse('{"email": "a@b.test", "__proto__": []}'));
    expect(r.success).toBe(false);
    const errors = issuesToFieldErrors(r.success ? [] : r.error.issues, 'body', {});
    expect(Object.keys(errors)).toEqual(['__proto__']);
    expect(JSON.stringify({ errors })).toBe('{"errors":{"__proto__":["Unknown field"]}}');
    const merged = Object.assign(emptyFieldErrors(), errors);
    expect(Object.keys(merged)).toEqual(['__proto__']);
  });
});
