/**
 * The market a staff screen shows money, phones and import files in (issue #38 item 8): the hospital's, never the
 * screen language's. A doctor or user row carries its country; a staff member of an organization works in the
 * organization's market; platform staff work in the market of the language they chose (one currency per screen).
 */
import { LOCALE_CONFIG, localeForCountryId, type Currency, type Locale } from '../../i18n/locales';

/** The market (locale) of a country id, else `fallback`. */
export function marketOf(countryId: number | null | undefined, fallback: Locale): Locale {
  return (countryId != null ? localeForCountryId(countryId) : undefined) ?? fallback;
}

/** The country a staff member works in: their organization's, else (platform staff) their language's market. */
export function staffCountryId(me: { countryId?: number | null }, language: Locale): number {
  return me.countryId ?? LOCALE_CONFIG[language].countryId;
}

/** The currency of a country's market. */
export function marketCurrency(countryId: number | null | undefined, fallback: Locale): Currency {
  return LOCALE_CONFIG[marketOf(countryId, fallback)].currency;
}

/** The two-letter country code of a country's market (the phone input's dial code). */
export function marketCountryCode(countryId: number | null | undefined, fallback: Locale): string {
  return LOCALE_CONFIG[marketOf(countryId, fallback)].countryCode;
}
