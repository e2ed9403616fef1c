/**
 * Issue #38 item 24: button labels start with a capital letter in every language that has one, and English buttons
 * are in Title Case ("Manage My Appointments", "Add to Calendar"; they read "manage my appointments").
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../i18n/locales';

const BUTTONS: [module: string, key: string][] = [
  ['booking', 'booking.flow.manage'],
  ['booking', 'booking.flow.addToCalendar'],
  ['account', 'account.bookings.addToCalendar'],
];
const strings = (module: string, locale: string) => JSON.parse(readFileSync(new URL(`../../i18n/strings/${module}/${locale}.json`, import.meta.url), 'utf8')) as Record<string, string>;
const SMALL = new Set(['a', 'an', 'and', 'the', 'to', 'of', 'in', 'on', 'for', 'ke', 'di', 'dan']);

describe('button wording', () => {
  it('starts with a capital letter (scripts with case)', () => {
    for (const locale of LOCALES)
      for (const [module, key] of BUTTONS) {
        const text = strings(module, locale)[key]!;
        const first = text[0]!;
        if (first.toLowerCase() !== first.toUpperCase()) expect(first, `${locale} ${key}: ${text}`).toBe(first.toUpperCase());
      }
  });
  it('is Title Case in English', () => {
    for (const [module, key] of BUTTONS) {
      const words = strings(module, 'en-PH')[key]!.split(' ');
      words.forEach((w, i) => expect(i === 0 || SMALL.has(w) || w[0] === w[0]!.toUpperCase(), `${key}: ${w}`).toBe(true));
    }
  });
});
