/**
 * Share images (issue #7, SPEC §2 "Open-graph image route: /api/og-images/{type}/ with query locale and
 * {type}Id"): what a 1200×630 card of a hospital, doctor, service, vaccine or specialty says. Pure: the data
 * layer gives the entity, this module decides the texts (type label, title, subtitle lines, rating, price line,
 * call to action, alt text) and their truncation; functions/og-images.ts draws the card.
 */
import { LOCALE_CONFIG, type Currency, type Locale } from '../../i18n/locales';
import type { ShareImageType } from './directory-routes';
import { formatNumber } from './format';
import { message, render } from './message';
import { priceView, vaccinationPriceView, type PriceType } from './prices';

export const SHARE_IMAGE_TYPES = ['hospital', 'doctor', 'service', 'vaccine', 'specialty'] as const satisfies readonly ShareImageType[];
export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;

/** The brand colours of the site (src/styles/global.css --brand, --brand-dark); one brand in every locale. */
export const BRAND_COLOR = '#0b6bcb';
export const BRAND_DARK = '#084f96';

/** Longest texts drawn, in graphemes (the card also clamps lines; this keeps absurd inputs cheap to lay out). */
export const TITLE_MAX = 90;
export const SUBTITLE_MAX = 120;

/** The query parameter naming the entity: hospitalId, doctorId, serviceId, vaccineId (a vaccine_detail_id), specialtyId. */
export const shareImageIdParam = <T extends ShareImageType>(type: T) => `${type}Id` as `${T}Id`;

export function isShareImageType(value: string): value is ShareImageType {
  return (SHARE_IMAGE_TYPES as readonly string[]).includes(value);
}

interface Rated {
  rating: number;
  totalReviews: number;
}

export interface HospitalShareInput extends Rated {
  type: 'hospital';
  name: string;
  address: string;
  city?: string | null;
  /** The branch's logo, else its organization's. */
  logo: string | null;
}

export interface DoctorShareInput extends Rated {
  type: 'doctor';
  name: string;
  avatar: string | null;
  specialties: readonly string[];
  hospitalName: string;
}

export interface ServiceShareInput extends Rated {
  type: 'service';
  name: string;
  /** The service's logo, else its hospital's. */
  logo: string | null;
  hospitalName: string;
  price: number;
  priceTo: number | null;
  priceType: PriceType | string;
  originalPrice: number | null;
  promotion: number | null;
  currency: Currency;
  availability: number | null;
}

export interface VaccineShareInput extends Rated {
  type: 'vaccine';
  name: string;
  displayName: string | null;
  logo: string | null;
  hospitalName: string;
  address: string;
  price: number;
  priceDiscount: number | null;
  percentDiscount: number | null;
  currency: Currency;
  status: string | null;
}

export interface SpecialtyShareInput {
  type: 'specialty';
  name: string;
  thumbnail: string | null;
  doctors: number;
  hospitals: number;
}

export type ShareImageInput = HospitalShareInput | DoctorShareInput | ServiceShareInput | VaccineShareInput | SpecialtyShareInput;

export interface SharePriceLine {
  text: string;
  /** Struck-through price before the promotion, or null. */
  original: string | null;
  /** '-20%' badge, or null. */
  discount: string | null;
  /** 'Out of stock', or null. */
  status: string | null;
}

export interface ShareImageModel {
  type: ShareImageType;
  locale: Locale;
  lang: string;
  siteName: string;
  domain: string;
  brandColor: string;
  brandDark: string;
  /** The kind of page: Hospital, Doctor, ... in the locale. */
  label: string;
  title: string;
  /** At most two lines under the title. */
  subtitle: string[];
  /** Shown only when there are reviews: '4.6' and '123 reviews'. */
  rating: { value: string; stars: number; count: string } | null;
  price: SharePriceLine | null;
  /** Stored logo or avatar to draw when it is a readable local image; else `initial` is drawn. */
  image: string | null;
  /** Round avatar (doctors) or rounded square logo. */
  imageShape: 'circle' | 'square';
  initial: string;
  cta: string;
  /** og:image:alt text. */
  alt: string;
}

const segmenters = new Map<string, Intl.Segmenter>();
function graphemes(text: string, lang = 'en'): string[] {
  let s = segmenters.get(lang);
  if (!s) segmenters.set(lang, (s = new Intl.Segmenter(lang, { granularity: 'grapheme' })));
  return [...s.segment(text)].map((g) => g.segment);
}

/** NFC (composed Vietnamese letters are in the font; loose combining marks would fall back), one line, trimmed. */
export function cleanText(text: string | null | undefined): string {
  return (text ?? '')
    .normalize('NFC')
    // Control and zero-width characters draw nothing useful (ZWJ/ZWNJ kept out too: no emoji are drawn).
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** At most `max` graphemes (never splitting a letter from its marks), with an ellipsis when cut. */
export function truncate(text: string | null | undefined, max: number, lang?: string): string {
  const clean = cleanText(text);
  const g = graphemes(clean, lang);
  if (g.length <= max) return clean;
  return `${g.slice(0, Math.max(1, max - 1)).join('').trimEnd()}…`;
}

const THAI = /[\u0e00-\u0e7f]/;
const wordSegmenter = new Intl.Segmenter('th', { granularity: 'word' });

/**
 * Thai is written without spaces between words: a zero-width space between its words (ICU's dictionary, through
 * Intl.Segmenter) lets a long name wrap at a word instead of running off the card.
 */
export function thaiWordBreaks(text: string): string {
  if (!THAI.test(text)) return text;
  let out = '';
  let prevThai = false;
  for (const { segment } of wordSegmenter.segment(text)) {
    const thai = THAI.test(segment[0]);
    if (thai && prevThai) out += '\u200b';
    out += segment;
    prevThai = THAI.test(segment[segment.length - 1]);
  }
  return out;
}

/** Thai vowels written before their consonant (เ แ โ ใ ไ): not an initial on their own. */
const LEADING_VOWEL = /^[\u0e40-\u0e44]$/;

/**
 * The letter drawn when there is no readable logo or avatar: the first letter of the name, skipping titles that
 * end with a dot ('BS.', 'Dr.', 'นพ.') and anything before the first letter.
 */
export function initialOf(name: string, lang?: string): string {
  const words = cleanText(name).split(' ').filter(Boolean);
  const word = words.find((w) => !w.endsWith('.') && /\p{L}/u.test(w)) ?? words.find((w) => /\p{L}/u.test(w)) ?? '';
  const letters = graphemes(word, lang);
  const first = letters.find((g) => /\p{L}/u.test(g) && !LEADING_VOWEL.test(g)) ?? '';
  return first.toLocaleUpperCase(lang);
}

function ratingOf(locale: Locale, r: Rated): ShareImageModel['rating'] {
  if (!(r.totalReviews > 0) || !Number.isFinite(r.rating) || r.rating <= 0) return null;
  const value = Math.min(5, Math.max(0, r.rating));
  return {
    value: formatNumber(locale, value, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
    stars: Math.round(value * 2) / 2,
    count: render(locale, message('ogImage.reviews', { count: formatNumber(locale, r.totalReviews) })),
  };
}

const lines = (lang: string, ...xs: (string | null | undefined)[]) => xs.map((x) => thaiWordBreaks(truncate(x, SUBTITLE_MAX, lang))).filter(Boolean).slice(0, 2);

export function shareImageModel(locale: Locale, input: ShareImageInput): ShareImageModel {
  const cfg = LOCALE_CONFIG[locale];
  const lang = cfg.htmlLang;
  const label = render(locale, message(`ogImage.type.${input.type}`));
  let title: string;
  let subtitle: string[] = [];
  let rating: ShareImageModel['rating'] = null;
  let price: SharePriceLine | null = null;
  let image: string | null = null;
  let cta = render(locale, message('ogImage.cta.book'));

  switch (input.type) {
    case 'hospital': {
      title = input.name;
      const address = cleanText(input.address);
      const city = cleanText(input.city);
      subtitle = lines(lang, city && !address.toLocaleLowerCase(lang).includes(city.toLocaleLowerCase(lang)) ? `${address}${address ? ', ' : ''}${city}` : address);
      rating = ratingOf(locale, input);
      image = input.logo;
      break;
    }
    case 'doctor': {
      title = input.name;
      subtitle = lines(lang, input.specialties.map(cleanText).filter(Boolean).join(' · '), input.hospitalName);
      rating = ratingOf(locale, input);
      image = input.avatar;
      break;
    }
    case 'service': {
      title = input.name;
      subtitle = lines(lang, input.hospitalName);
      const p = priceView(locale, {
        price: input.price,
        priceTo: input.priceTo,
        priceType: input.priceType,
        originalPrice: input.originalPrice,
        promotion: input.promotion,
        currency: input.currency,
        availability: input.availability,
      });
      price = p.visible || p.statusText ? { text: p.text, original: p.originalText, discount: p.discountPercent > 0 ? `-${p.discountPercent}%` : null, status: p.statusText } : null;
      rating = ratingOf(locale, input);
      image = input.logo;
      break;
    }
    case 'vaccine': {
      title = cleanText(input.displayName) || input.name;
      subtitle = lines(lang, input.hospitalName, input.address);
      const p = vaccinationPriceView(locale, {
        price: input.price,
        price_discount: input.priceDiscount,
        percent_discount: input.percentDiscount,
        price_unit: input.currency,
        status: input.status,
      });
      price = p.visible || p.statusText ? { text: p.text, original: p.originalText, discount: p.discountPercent > 0 ? `-${p.discountPercent}%` : null, status: p.statusText } : null;
      rating = ratingOf(locale, input);
      image = input.logo;
      break;
    }
    case 'specialty': {
      title = input.name;
      subtitle = lines(
        lang,
        render(locale, message('ogImage.specialty.subtitle', { country: cfg.countryName })),
        [
          render(locale, message('ogImage.specialty.doctors', { count: formatNumber(locale, input.doctors) })),
          render(locale, message('ogImage.specialty.hospitals', { count: formatNumber(locale, input.hospitals) })),
        ].join(' · '),
      );
      image = input.thumbnail;
      cta = render(locale, message('ogImage.cta.find'));
      break;
    }
  }

  const shownTitle = truncate(title, TITLE_MAX, lang);
  return {
    type: input.type,
    locale,
    lang,
    siteName: cfg.siteName,
    domain: cfg.domain,
    brandColor: BRAND_COLOR,
    brandDark: BRAND_DARK,
    label,
    title: thaiWordBreaks(shownTitle),
    subtitle,
    rating,
    price,
    image: image?.trim() || null,
    imageShape: input.type === 'doctor' ? 'circle' : 'square',
    initial: initialOf(title, lang) || initialOf(cfg.siteName, lang),
    cta,
    alt: shareImageAlt(locale, input.type, shownTitle),
  };
}

/** og:image:alt of a page's share image: '{Hospital}: {name} on {site}'. */
export function shareImageAlt(locale: Locale, type: ShareImageType, name: string): string {
  const label = render(locale, message(`ogImage.type.${type}`));
  return render(locale, message('ogImage.alt', { title: `${label}: ${cleanText(name)}`, site: LOCALE_CONFIG[locale].siteName }));
}

/** Every character the card draws (the renderer loads the font files covering them). */
export function shareImageText(m: ShareImageModel): string {
  return [m.siteName, m.domain, m.label, m.title, ...m.subtitle, m.rating?.value, m.rating?.count, m.price?.text, m.price?.original, m.price?.discount, m.price?.status, m.initial, m.cta]
    .filter(Boolean)
    .join(' ');
}
