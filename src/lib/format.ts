/** Money, numbers and dates formatted for the visitor's locale with Intl (DESIGN §7). */
import { LOCALE_CONFIG, type Currency, type Locale } from '../../i18n/locales';

// Currencies without minor units in everyday use: prices are shown as whole amounts.
const WHOLE_CURRENCIES: ReadonlySet<Currency> = new Set(['VND', 'IDR', 'TWD']);

const moneyFormats = new Map<string, Intl.NumberFormat>();

export function formatMoney(locale: Locale, amount: number, currency: Currency = LOCALE_CONFIG[locale].currency): string {
  const key = `${locale}|${currency}`;
  let f = moneyFormats.get(key);
  if (!f) {
    const whole = WHOLE_CURRENCIES.has(currency);
    f = new Intl.NumberFormat(LOCALE_CONFIG[locale].htmlLang, {
      style: 'currency',
      currency,
      minimumFractionDigits: 0,
      maximumFractionDigits: whole ? 0 : 2,
    });
    moneyFormats.set(key, f);
  }
  return f.format(amount);
}

export function formatNumber(locale: Locale, value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(LOCALE_CONFIG[locale].htmlLang, options).format(value);
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A calendar date ('yyyy-MM-dd') in a language (BCP 47 tag), formatted as itself, never shifted by the runtime's
 * or browser's zone; one formatter per language and options. The islands use it with the page's language.
 */
export function formatCalendarDateIn(lang: string, isoDate: string, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string {
  const key = `${lang}|${JSON.stringify(options)}`;
  let f = dateFormats.get(key);
  if (!f) dateFormats.set(key, (f = new Intl.DateTimeFormat(lang, { ...options, timeZone: 'UTC' })));
  const [y, m, d] = isoDate.split('-').map(Number);
  return f.format(Date.UTC(y, m - 1, d));
}

/** A calendar date ('yyyy-MM-dd') in words in a locale, e.g. 22 thg 11, 2026. */
export function formatCalendarDate(locale: Locale, isoDate: string, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string {
  return formatCalendarDateIn(LOCALE_CONFIG[locale].htmlLang, isoDate, options);
}
