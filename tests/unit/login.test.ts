import { describe, expect, it } from 'vitest';
import { isEmail, safeReturnUrl, toE164 } from '../../src/lib/login';

describe('login: phone numbers of the fixed country', () => {
  it('adds the country code and drops the national 0', () => {
    expect(toE164('VN', '0912 345 678')).toBe('+84912345678');
    expect(toE164('PH', '0917-123-4567')).toBe('+639171234567');
    expect(toE164('TW', '0912 345 678')).toBe('+886912345678');
    expect(toE164('TH', '081 234 5678')).toBe('+66812345678');
  });
  it('keeps a number typed with its own country code', () => {
    expect(toE164('VN', '+84 912 345 678')).toBe('+84912345678');
  });
  it('refuses what cannot be a number', () => {
    expect(toE164('VN', 'abc')).toBeNull();
    expect(toE164('VN', '123')).toBeNull();
    expect(toE164('VN', '+1234567890123456')).toBeNull();
    expect(toE164('XX', '0912345678')).toBeNull();
  });
});

describe('login: e-mail', () => {
  it('accepts an address and refuses other text', () => {
    expect(isEmail(' an@example.vn ')).toBe(true);
    expect(isEmail('an@example')).toBe(false);
    expect(isEmail('0912345678')).toBe(false);
  });
});

describe('login: return URL', () => {
  it('keeps a path of this site with its query', () => {
    expect(safeReturnUrl('/vi-vn/booking/doctor/?doctorId=1&date=2026-11-23', '/vi-vn/')).toBe('/vi-vn/booking/doctor/?doctorId=1&date=2026-11-23');
    expect(safeReturnUrl('/vi-vn/hospital/a/?tab=doctors#x', '/')).toBe('/vi-vn/hospital/a/?tab=doctors#x');
  });
  it('never leaves the site', () => {
    for (const bad of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '', null, undefined]) {
      expect(safeReturnUrl(bad, '/vi-vn/')).toBe('/vi-vn/');
    }
  });
});
