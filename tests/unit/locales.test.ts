import { describe, expect, it } from 'vitest';
import { LOCALES, LOCALE_CONFIG, DEFAULT_LOCALE, localeFromPrefix, localePath, canonicalUrl, isLocale, localeForCountryId } from '../../i18n/locales';
import { MESSAGES, translate, interpolate } from '../../i18n/strings';
import { formatMoney, formatCalendarDate } from '../../src/lib/format';
import { readFileSync } from 'node:fs';

describe('locale configuration', () => {
  it('has the six locales of SPEC §1 with vi-VN as default', () => {
    expect(LOCALES).toEqual(['vi-VN', 'en-PH', 'id-ID', 'zh-TW', 'ms-MY', 'th-TH']);
    expect(DEFAULT_LOCALE).toBe('vi-VN');
  });

  it('gives each locale its currency', () => {
    expect(Object.fromEntries(LOCALES.map((l) => [l, LOCALE_CONFIG[l].currency]))).toEqual({
      'vi-VN': 'VND', 'en-PH': 'PHP', 'id-ID': 'IDR', 'zh-TW': 'TWD', 'ms-MY': 'MYR', 'th-TH': 'THB',
    });
  });

  it('gives each locale a distinct domain, site name, country id, hotline and e-mail', () => {
    for (const key of ['domain', 'siteName', 'countryId', 'hotline', 'email', 'prefix'] as const) {
      expect(new Set(LOCALES.map((l) => LOCALE_CONFIG[l][key])).size, key).toBe(6);
    }
    for (const l of LOCALES) expect(LOCALE_CONFIG[l].email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
  });

  it('uses valid IANA zones, with three for Indonesia', () => {
    for (const l of LOCALES) for (const z of LOCALE_CONFIG[l].timeZones) expect(() => new Intl.DateTimeFormat('en', { timeZone: z })).not.toThrow();
    expect(LOCALE_CONFIG['id-ID'].timeZones).toEqual(['Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura']);
  });

  it('sets the feature flags of SPEC §1–§2', () => {
    expect(LOCALES.filter((l) => LOCALE_CONFIG[l].features.ads)).toEqual(['vi-VN']);
    expect(LOCALES.filter((l) => !LOCALE_CONFIG[l].features.quickBooking)).toEqual(['en-PH']);
    expect(LOCALES.filter((l) => LOCALE_CONFIG[l].features.externalLinks)).toEqual(['zh-TW']);
    expect(LOCALES.filter((l) => LOCALE_CONFIG[l].features.phoneVisibleToVisitors)).toEqual(['ms-MY']);
    expect(LOCALES.filter((l) => LOCALE_CONFIG[l].features.phoneDisplay)).toEqual(['zh-TW', 'ms-MY']);
    // Listings exist only in some locales.
    expect(LOCALES.filter((l) => LOCALE_CONFIG[l].features.serviceListings).length).toBeLessThan(6);
    expect(LOCALES.filter((l) => LOCALE_CONFIG[l].features.doctorListings).length).toBeLessThan(6);
  });

  it('maps prefixes, paths and canonical URLs', () => {
    expect(localeFromPrefix('/en-ph/')).toBe('en-PH');
    expect(localeFromPrefix('xx-yy')).toBeUndefined();
    expect(localePath('zh-TW', '/hospital/ren-ai')).toBe('/zh-tw/hospital/ren-ai');
    expect(canonicalUrl('ms-MY', '/hospital/x')).toBe('https://sihatkami.my/hospital/x');
    expect(isLocale('th-TH')).toBe(true);
    expect(isLocale('en-US')).toBe(false);
    expect(localeForCountryId(3)).toBe('id-ID');
  });

  it('rewrites every locale domain to its prefix in netlify.toml', () => {
    const toml = readFileSync('netlify.toml', 'utf8');
    for (const l of LOCALES) expect(toml).toContain(`from = "https://${LOCALE_CONFIG[l].domain}/*"\n  to = "/${LOCALE_CONFIG[l].prefix}/:splat"`);
  });
});

describe('UI strings', () => {
  const base = MESSAGES['vi-VN'];
  const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

  it.each(LOCALES)('%s has every key, non-empty, with the same placeholders as vi-VN', (locale) => {
    const messages = MESSAGES[locale] as Record<string, string>;
    expect(Object.keys(messages).sort()).toEqual(Object.keys(base).sort());
    for (const [key, text] of Object.entries(base)) {
      expect(messages[key]?.trim(), `${locale} ${key}`).toBeTruthy();
      expect(placeholders(messages[key]), `${locale} ${key}`).toEqual(placeholders(text));
    }
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(translate('en-PH', 'home.hospitalCount', { count: 3 })).toBe('3 hospitals');
    expect(interpolate('{a} and {b}', { a: 1 })).toBe('1 and {b}');
  });
});

describe('locale formatting', () => {
  it('formats money in each currency for its locale', () => {
    expect(formatMoney('vi-VN', 350000)).toMatch(/350\.000\s?₫/);
    expect(formatMoney('en-PH', 1500)).toMatch(/₱1,500/);
    expect(formatMoney('id-ID', 250000)).toMatch(/Rp\s?250\.000/);
    expect(formatMoney('zh-TW', 800)).toMatch(/\$800/);
    expect(formatMoney('ms-MY', 120.5)).toMatch(/RM\s?120[.,]5/);
    expect(formatMoney('th-TH', 900)).toMatch(/฿\s?900/);
  });

  it('formats a calendar date without shifting it by any zone', () => {
    expect(formatCalendarDate('en-PH', '2026-11-22', { dateStyle: 'long' })).toBe('November 22, 2026');
    expect(formatCalendarDate('zh-TW', '2026-01-01', { dateStyle: 'long' })).toBe('2026年1月1日');
  });
});
