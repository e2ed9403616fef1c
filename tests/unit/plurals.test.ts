/** Plural forms of the UI strings (issue #30 item 4): ICU plural messages, CLDR categories of every locale. */
import { describe, expect, it } from 'vitest';
import { LOCALES, LOCALE_CONFIG } from '../../i18n/locales';
import { MESSAGES, translate, type MessageKey } from '../../i18n/strings';
import { interpolate, pluralFromTable, pluralTable } from '../../i18n/interpolate';
import { islandStrings } from '../../src/components/booking/island-props';
import { translatorOf } from '../../src/islands/booking/shared';

const pluralArgs = (s: string) => [...s.matchAll(/\{(\w+), plural,/g)].map((m) => m[1]);
const branches = (s: string) => [...s.matchAll(/(?:plural,|\})\s*(=\d+|zero|one|two|few|many|other)\s*\{/g)].map((m) => m[1]);

describe('plural messages', () => {
  it('every counted message is a plural message in all six locales, with a branch for each CLDR category of the language', () => {
    const counted = (Object.keys(MESSAGES['en-PH']) as MessageKey[]).filter((k) => pluralArgs(MESSAGES['en-PH'][k]).length > 0);
    expect(counted.length).toBeGreaterThan(15);
    for (const locale of LOCALES) {
      const categories = new Intl.PluralRules(LOCALE_CONFIG[locale].htmlLang).resolvedOptions().pluralCategories;
      for (const key of counted) {
        const text = MESSAGES[locale][key];
        expect(pluralArgs(text), `${locale} ${key}`).toEqual(pluralArgs(MESSAGES['en-PH'][key]));
        for (const c of categories) expect(branches(text), `${locale} ${key} ${c}`).toContain(c);
      }
    }
  });

  it('reads "1 star", "1 review", "1 slot" and the plural forms in en-PH; the one form everywhere else', () => {
    expect(translate('en-PH', 'hospital.reviews.stars', { star: 1 })).toBe('1 star');
    expect(translate('en-PH', 'hospital.reviews.stars', { star: 5 })).toBe('5 stars');
    expect(translate('en-PH', 'hospital.rating.reviews', { count: 1 })).toBe('1 review');
    expect(translate('en-PH', 'hospital.rating.reviews', { count: '1,204' })).toBe('1,204 reviews');
    expect(translate('en-PH', 'booking.slotsCount', { count: 1 })).toBe('1 slot');
    expect(translate('en-PH', 'booking.dateLabel', { date: 'Monday, March 2', count: 1 })).toBe('Monday, March 2, 1 available slot');
    expect(translate('en-PH', 'listing.specialties.doctorsIn', { count: 1, city: 'Makati' })).toBe('1 doctor in Makati');
    expect(translate('en-PH', 'home.rating', { rating: '4.5', count: 1 })).toBe('4.5 (1 review)');
    expect(translate('vi-VN', 'hospital.rating.reviews', { count: 1 })).toBe('1 đánh giá');
    expect(translate('th-TH', 'hospital.reviews.stars', { star: 1 })).toBe(MESSAGES['th-TH']['hospital.reviews.stars'].replace(/^\{star, plural, other \{(.*)\}\}$/, '$1').replace('#', '1'));
  });

  it('keeps a template whose count is not given, for code that fills it later', () => {
    expect(translate('en-PH', 'search.count')).toBe(MESSAGES['en-PH']['search.count']);
    expect(interpolate('{n, plural, =0 {none} one {# item} other {# items}} in {place}', { n: 0, place: 'X' })).toBe('none in X');
  });

  it('gives islands a plural table instead of Intl.PluralRules, with the same answers', () => {
    for (const locale of LOCALES) {
      const rules = new Intl.PluralRules(locale);
      const select = pluralFromTable(pluralTable(locale))!;
      for (const n of [0, 1, 2, 5, 11, 21, 101, 111, 1001, 12345]) expect(select(n), `${locale} ${n}`).toBe(rules.select(n));
    }
    const t = translatorOf(islandStrings('en-PH'));
    expect(t('booking.slotsCount', { count: 1 })).toBe('1 slot');
    expect(t('booking.slotsCount', { count: 3 })).toBe('3 slots');
  });
});

describe('search keywords (issue #30 item 5)', () => {
  it('quick booking ignores case and accents like the site search; an over-long keyword is cut to the box maximum', async () => {
    const { nameContains } = await import('../../src/data/quick-booking');
    const { clampKeyword, searchKeyword, KEYWORD_MAX_CHARS } = await import('../../src/lib/hospital-page');
    expect(nameContains('BS. Lê Văn Hùng', 'hung')).toBe(true);
    expect(nameContains('Xét nghiệm máu tổng quát', 'xet nghiem')).toBe(true);
    expect(nameContains('Đặng Thu Hà', 'dang')).toBe(true);
    expect(nameContains('Xét nghiệm máu', 'noi soi')).toBe(false);
    const long = 'á'.repeat(KEYWORD_MAX_CHARS + 50);
    expect([...clampKeyword(long)].length).toBe(KEYWORD_MAX_CHARS);
    expect(searchKeyword(`  ${long}  `)).toBe('á'.repeat(KEYWORD_MAX_CHARS));
  });
});
