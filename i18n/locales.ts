/**
 * The six markets (SPEC §1, DESIGN §7). Everything locale-specific that is not a UI string lives here:
 * domain, site name, currency, hotline, e-mail, time zones, country id and the feature flags of SPEC §1–§2.
 */
export const LOCALES = ['vi-VN', 'en-PH', 'id-ID', 'zh-TW', 'ms-MY', 'th-TH'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'vi-VN';

export type Currency = 'VND' | 'PHP' | 'IDR' | 'TWD' | 'MYR' | 'THB';

export interface LocaleFeatures {
  /** Service listings and the Services tab (SPEC §1: only in some locales). */
  serviceListings: boolean;
  /** Doctor listings and the Doctors tab. */
  doctorListings: boolean;
  /** Advertising on public pages: Vietnamese locale only. */
  ads: boolean;
  /** Quick booking on the hospital page: not in en-PH. */
  quickBooking: boolean;
  /** zh-TW: doctor and hospital links go to the hospital's website or booking URL. */
  externalLinks: boolean;
  /** Phone numbers shown to visitors who are not logged in (ms-MY). */
  phoneVisibleToVisitors: boolean;
  /** Phone number displayed in full (ms-MY, and zh-TW for display). */
  phoneDisplay: boolean;
}

export interface LocaleConfig {
  code: Locale;
  /** URL prefix of the locale's pages in the one deploy: /vi-vn/, /en-ph/, ... */
  prefix: string;
  /** BCP 47 tag for <html lang> and Intl. */
  htmlLang: string;
  /** Name of the language in itself, for the language switcher. */
  languageName: string;
  countryCode: string;
  /** country_id sent by the spec's calls; also the countries table's primary key. */
  countryId: number;
  countryName: string;
  domain: string;
  siteName: string;
  currency: Currency;
  hotline: string;
  email: string;
  /** IANA zones of the country; the first is the default for a hospital without its own. */
  timeZones: readonly string[];
  features: LocaleFeatures;
}

export const LOCALE_CONFIG: Record<Locale, LocaleConfig> = {
  'vi-VN': {
    code: 'vi-VN',
    prefix: 'vi-vn',
    htmlLang: 'vi',
    languageName: 'Tiếng Việt',
    countryCode: 'VN',
    countryId: 1,
    countryName: 'Việt Nam',
    domain: 'suckhoeviet.vn',
    siteName: 'Sức Khỏe Việt',
    currency: 'VND',
    hotline: '1900 6868',
    email: 'hotro@suckhoeviet.vn',
    timeZones: ['Asia/Ho_Chi_Minh'],
    features: { serviceListings: true, doctorListings: true, ads: true, quickBooking: true, externalLinks: false, phoneVisibleToVisitors: false, phoneDisplay: false },
  },
  'en-PH': {
    code: 'en-PH',
    prefix: 'en-ph',
    htmlLang: 'en-PH',
    languageName: 'English',
    countryCode: 'PH',
    countryId: 2,
    countryName: 'Philippines',
    domain: 'healthfind.ph',
    siteName: 'HealthFind PH',
    currency: 'PHP',
    hotline: '+63 2 8888 1234',
    email: 'support@healthfind.ph',
    timeZones: ['Asia/Manila'],
    features: { serviceListings: false, doctorListings: true, ads: false, quickBooking: false, externalLinks: false, phoneVisibleToVisitors: false, phoneDisplay: false },
  },
  'id-ID': {
    code: 'id-ID',
    prefix: 'id-id',
    htmlLang: 'id',
    languageName: 'Bahasa Indonesia',
    countryCode: 'ID',
    countryId: 3,
    countryName: 'Indonesia',
    domain: 'sehatkita.co.id',
    siteName: 'Sehat Kita',
    currency: 'IDR',
    hotline: '+62 21 5088 1234',
    email: 'bantuan@sehatkita.co.id',
    // Western, Central and Eastern Indonesia Time.
    timeZones: ['Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura'],
    features: { serviceListings: true, doctorListings: true, ads: false, quickBooking: true, externalLinks: false, phoneVisibleToVisitors: false, phoneDisplay: false },
  },
  'zh-TW': {
    code: 'zh-TW',
    prefix: 'zh-tw',
    htmlLang: 'zh-Hant-TW',
    languageName: '繁體中文',
    countryCode: 'TW',
    countryId: 4,
    countryName: '台灣',
    domain: 'jiankang.tw',
    siteName: '健康找醫',
    currency: 'TWD',
    hotline: '+886 2 2700 1234',
    email: 'service@jiankang.tw',
    timeZones: ['Asia/Taipei'],
    features: { serviceListings: false, doctorListings: false, ads: false, quickBooking: true, externalLinks: true, phoneVisibleToVisitors: false, phoneDisplay: true },
  },
  'ms-MY': {
    code: 'ms-MY',
    prefix: 'ms-my',
    htmlLang: 'ms',
    languageName: 'Bahasa Melayu',
    countryCode: 'MY',
    countryId: 5,
    countryName: 'Malaysia',
    domain: 'sihatkami.my',
    siteName: 'Sihat Kami',
    currency: 'MYR',
    hotline: '+60 3 2700 1234',
    email: 'bantuan@sihatkami.my',
    timeZones: ['Asia/Kuala_Lumpur'],
    features: { serviceListings: true, doctorListings: true, ads: false, quickBooking: true, externalLinks: false, phoneVisibleToVisitors: true, phoneDisplay: true },
  },
  'th-TH': {
    code: 'th-TH',
    prefix: 'th-th',
    htmlLang: 'th',
    languageName: 'ไทย',
    countryCode: 'TH',
    countryId: 6,
    countryName: 'ประเทศไทย',
    domain: 'sukhaphapdee.co.th',
    siteName: 'สุขภาพดี',
    currency: 'THB',
    hotline: '+66 2 026 1234',
    email: 'support@sukhaphapdee.co.th',
    timeZones: ['Asia/Bangkok'],
    features: { serviceListings: true, doctorListings: true, ads: false, quickBooking: true, externalLinks: false, phoneVisibleToVisitors: false, phoneDisplay: false },
  },
};

export function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}

export function localeConfig(locale: Locale): LocaleConfig {
  return LOCALE_CONFIG[locale];
}

/** '/vi-vn/' -> 'vi-VN'; undefined when the prefix is not one of ours. */
export function localeFromPrefix(prefix: string): Locale | undefined {
  const p = prefix.replace(/^\/|\/$/g, '').toLowerCase();
  return LOCALES.find((l) => LOCALE_CONFIG[l].prefix === p);
}

export function localeForCountryId(countryId: number): Locale | undefined {
  return LOCALES.find((l) => LOCALE_CONFIG[l].countryId === countryId);
}

/** Path of a page inside the locale's prefix: localePath('en-PH', '/hospital/x') -> '/en-ph/hospital/x'. */
export function localePath(locale: Locale, pathname = '/'): string {
  const rest = pathname.startsWith('/') ? pathname : `/${pathname}`;
  return `/${LOCALE_CONFIG[locale].prefix}${rest}`;
}

/** The public URL on the locale's own domain, where the prefix is rewritten away (netlify.toml). */
export function canonicalUrl(locale: Locale, pathname = '/'): string {
  const rest = pathname.startsWith('/') ? pathname : `/${pathname}`;
  return `https://${LOCALE_CONFIG[locale].domain}${rest}`;
}

/** Cookie the language switcher sets (SPEC §9: 365 days). */
export const LANGUAGE_COOKIE = { name: 'lang', maxAgeDays: 365 } as const;
