/**
 * Structured data for search engines (SPEC §2): MedicalClinic with address, geo, opening hours and aggregate
 * rating, its reviews, FAQPage and BreadcrumbList. Social links: only Facebook and Instagram.
 */
import { LOCALE_CONFIG, canonicalUrl, type Locale } from '../../i18n/locales';
import { WEEKDAYS, type WorkingTimes } from './hospital-page';
import type { RatingSummary } from './reviews';
import { canDisplay } from './phone';
import { SEARCH_PATH } from './directory-routes';

const SCHEMA_DAYS: Record<(typeof WEEKDAYS)[number], string> = {
  mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday',
};

/** Only Facebook and Instagram profiles are offered to search engines as sameAs links. */
export function socialLinks(urls: readonly (string | null | undefined)[]): string[] {
  return urls.filter((u): u is string => !!u && /^https:\/\/(www\.|m\.)?(facebook\.com|instagram\.com)\//i.test(u));
}

export function openingHoursSpecification(workingTimes: WorkingTimes) {
  return WEEKDAYS.flatMap((day) =>
    (workingTimes[day] ?? []).map((r) => {
      const [opens, closes] = typeof r === 'string' ? r.split(/\s*[-–]\s*/) : [r.start, r.end];
      return { '@type': 'OpeningHoursSpecification', dayOfWeek: `https://schema.org/${SCHEMA_DAYS[day]}`, opens: opens?.slice(0, 5), closes: closes?.slice(0, 5) };
    }),
  );
}

export interface JsonLdHospital {
  id: number;
  name: string;
  address: string;
  city: string;
  latitude: number | null;
  longitude: number | null;
  logo: string | null;
  images: string[];
  phone: string | null;
  websiteUrl: string | null;
  workingTimes: WorkingTimes;
  faqs: { question: string; answer: string }[];
  socialUrls?: string[];
}

export function hospitalJsonLd(input: {
  locale: Locale;
  hospital: JsonLdHospital;
  path: string;
  summary: RatingSummary | null;
  reviews: { authorName: string; rate: number; feedback: string | null; createdAt: string }[];
  breadcrumb: [home: string, search: string, name: string];
}): object[] {
  const { locale, hospital: h, path, summary } = input;
  const cfg = LOCALE_CONFIG[locale];
  const url = canonicalUrl(locale, path);
  const clinic: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'MedicalClinic',
    '@id': `${url}#clinic`,
    name: h.name,
    url,
    address: { '@type': 'PostalAddress', streetAddress: h.address, addressLocality: h.city, addressCountry: cfg.countryCode },
    openingHoursSpecification: openingHoursSpecification(h.workingTimes),
  };
  if (h.latitude != null && h.longitude != null) clinic.geo = { '@type': 'GeoCoordinates', latitude: h.latitude, longitude: h.longitude };
  if (h.logo) clinic.logo = h.logo;
  if (h.images.length) clinic.image = h.images;
  // Only where visitors may read the number (SPEC §4): elsewhere it is revealed after login, not in the HTML.
  if (h.phone && canDisplay(locale, false)) clinic.telephone = h.phone;
  const sameAs = socialLinks(h.socialUrls ?? []);
  if (sameAs.length) clinic.sameAs = sameAs;
  if (summary && summary.reviewCounting > 0) {
    clinic.aggregateRating = aggregateRatingJsonLd(summary);
    clinic.review = input.reviews.map((r) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: r.authorName },
      datePublished: r.createdAt.slice(0, 10),
      reviewRating: { '@type': 'Rating', ratingValue: r.rate, bestRating: summary.ratingScale, worstRating: 1 },
      ...(r.feedback ? { reviewBody: r.feedback } : {}),
    }));
  }
  const out: object[] = [clinic];
  if (h.faqs.length) out.push(faqPageJsonLd(h.faqs));
  const [home, search, name] = input.breadcrumb;
  out.push(breadcrumbListJsonLd(locale, [{ name: home, path: '/' }, { name: search, path: SEARCH_PATH }, { name, path }]));
  return out;
}

/** AggregateRating of a rating summary (SPEC §9: one decimal over the scale; star rows 5 to 1). */
export function aggregateRatingJsonLd(summary: RatingSummary) {
  return { '@type': 'AggregateRating', ratingValue: summary.ratingPoint, bestRating: summary.ratingScale, worstRating: 1, reviewCount: summary.reviewCounting };
}

export function faqPageJsonLd(faqs: readonly { question: string; answer: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faqs.map((f) => ({ '@type': 'Question', name: f.question, acceptedAnswer: { '@type': 'Answer', text: f.answer } })),
  };
}

/** BreadcrumbList of a page: its items with paths inside the locale, the last being the page itself. */
export function breadcrumbListJsonLd(locale: Locale, items: readonly { name: string; path: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((it, i) => ({ '@type': 'ListItem', position: i + 1, name: it.name, item: canonicalUrl(locale, it.path) })),
  };
}

export interface JsonLdPlace {
  name: string;
  path: string;
  address: string;
  city: string;
}

function postalAddress(locale: Locale, p: JsonLdPlace) {
  return { '@type': 'PostalAddress', streetAddress: p.address, addressLocality: p.city, addressCountry: LOCALE_CONFIG[locale].countryCode };
}

/**
 * Doctor page (issue #7): Physician (name, url, address of the branch, hospital affiliation, specialties and
 * languages), AggregateRating when published reviews exist, FAQPage when FAQs exist, BreadcrumbList.
 */
export function physicianJsonLd(input: {
  locale: Locale;
  doctor: { name: string; path: string; image: string | null; description: string | null; specialties: string[]; languages: string[] };
  hospital: JsonLdPlace;
  summary: RatingSummary | null;
  faqs: readonly { question: string; answer: string }[];
  breadcrumb: readonly { name: string; path: string }[];
}): object[] {
  const { locale, doctor: d, hospital: h, summary } = input;
  const url = canonicalUrl(locale, d.path);
  const physician: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Physician',
    '@id': `${url}#physician`,
    name: d.name,
    url,
    address: postalAddress(locale, h),
    hospitalAffiliation: { '@type': 'Hospital', name: h.name, url: canonicalUrl(locale, h.path), address: postalAddress(locale, h) },
  };
  if (d.image) physician.image = d.image;
  if (d.description) physician.description = d.description;
  if (d.specialties.length) physician.knowsAbout = d.specialties;
  if (d.languages.length) physician.knowsLanguage = d.languages;
  if (summary && summary.reviewCounting > 0) physician.aggregateRating = aggregateRatingJsonLd(summary);
  const out: object[] = [physician];
  if (input.faqs.length) out.push(faqPageJsonLd(input.faqs));
  out.push(breadcrumbListJsonLd(locale, input.breadcrumb));
  return out;
}

/**
 * Service page (issue #7): a Service of type MedicalProcedure provided by the branch (a MedicalClinic), its
 * Offer when the price is shown (the price after promotion; a range gives the lowest and highest price),
 * AggregateRating when published reviews exist, BreadcrumbList.
 */
export function medicalServiceJsonLd(input: {
  locale: Locale;
  service: { name: string; path: string; description: string | null; image: string | null };
  hospital: JsonLdPlace;
  price: { amount: number; amountTo: number | null } | null;
  summary: RatingSummary | null;
  breadcrumb: readonly { name: string; path: string }[];
}): object[] {
  const { locale, service: s, hospital: h, summary, price } = input;
  const url = canonicalUrl(locale, s.path);
  const currency = LOCALE_CONFIG[locale].currency;
  const service: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Service',
    '@id': `${url}#service`,
    serviceType: 'MedicalProcedure',
    name: s.name,
    url,
    provider: { '@type': 'MedicalClinic', name: h.name, url: canonicalUrl(locale, h.path), address: postalAddress(locale, h) },
    areaServed: { '@type': 'Country', name: LOCALE_CONFIG[locale].countryName },
  };
  if (s.description) service.description = s.description;
  if (s.image) service.image = s.image;
  if (price) {
    service.offers =
      price.amountTo != null
        ? { '@type': 'AggregateOffer', lowPrice: price.amount, highPrice: price.amountTo, priceCurrency: currency, url }
        : { '@type': 'Offer', price: price.amount, priceCurrency: currency, url };
  }
  if (summary && summary.reviewCounting > 0) service.aggregateRating = aggregateRatingJsonLd(summary);
  return [service, breadcrumbListJsonLd(locale, input.breadcrumb)];
}

export interface JsonLdVaccine {
  name: string;
  displayName: string | null;
  description: string | null;
  logo: string | null;
  review: { avgRating: number; ratingCount: number };
}

export interface JsonLdVaccineOffer {
  /** Price after discount; null when the price is hidden (a price of 0). */
  price: number | null;
  currency: string;
  outOfStock: boolean;
  branch: { name: string; address: string | null };
}

/**
 * A vaccine at a branch: a Product with the branch's Offer (price, currency, InStock / OutOfStock) when the
 * price is shown, with its AggregateRating when ratings exist; without a price and without ratings there is no
 * product to describe, so it is a MedicalTherapy. Then the BreadcrumbList.
 */
export function vaccineJsonLd(input: { locale: Locale; path: string; vaccine: JsonLdVaccine; offer: JsonLdVaccineOffer; breadcrumb: readonly (readonly [string, string])[] }): object[] {
  const { locale, vaccine: v, offer: o } = input;
  const url = canonicalUrl(locale, input.path);
  const rated = v.review.ratingCount > 0;
  const base: Record<string, unknown> = { '@context': 'https://schema.org', '@id': `${url}#vaccine`, name: v.name, url };
  const description = v.description ?? v.displayName;
  if (description) base.description = description;
  if (v.logo) base.image = new URL(v.logo, canonicalUrl(locale, '/')).href;
  let main: Record<string, unknown>;
  if (o.price != null || rated) {
    main = { ...base, '@type': 'Product', category: 'Vaccine' };
    if (v.displayName && v.displayName !== v.name) main.alternateName = v.displayName;
    if (o.price != null) {
      main.offers = {
        '@type': 'Offer',
        url,
        price: o.price,
        priceCurrency: o.currency,
        availability: o.outOfStock ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock',
        seller: { '@type': 'MedicalClinic', name: o.branch.name, ...(o.branch.address ? { address: o.branch.address } : {}) },
      };
    }
    if (rated) {
      main.aggregateRating = { '@type': 'AggregateRating', ratingValue: Math.round(v.review.avgRating * 10) / 10, bestRating: 5, worstRating: 1, ratingCount: v.review.ratingCount };
    }
  } else {
    main = { ...base, '@type': 'MedicalTherapy', ...(v.displayName && v.displayName !== v.name ? { alternateName: v.displayName } : {}) };
  }
  return [main, breadcrumbListJsonLd(locale, input.breadcrumb.map(([name, path]) => ({ name, path })))];
}

/** The vaccination listing: an ItemList of the vaccine pages on it, and the BreadcrumbList. */
export function vaccinationListJsonLd(locale: Locale, items: readonly { name: string; path: string }[], breadcrumb: readonly (readonly [string, string])[]): object[] {
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      itemListElement: items.map((it, i) => ({ '@type': 'ListItem', position: i + 1, name: it.name, url: canonicalUrl(locale, it.path) })),
    },
    breadcrumbListJsonLd(locale, breadcrumb.map(([name, path]) => ({ name, path }))),
  ];
}

/**
 * ItemList of a listing page (issue #7): the cards of this page in order, positions continuing across pages
 * (`startPosition` = 1 on page 1, 21 on page 2 …). An item's `url` is absolute (zh-TW external links) or a
 * path inside the locale.
 */
export function itemListJsonLd(locale: Locale, input: { name: string; path: string; totalItems: number; startPosition?: number; items: readonly { name: string; url: string }[] }): object {
  const start = input.startPosition ?? 1;
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: input.name,
    url: canonicalUrl(locale, input.path),
    numberOfItems: input.totalItems,
    itemListOrder: 'https://schema.org/ItemListOrderAscending',
    itemListElement: input.items.map((it, i) => ({
      '@type': 'ListItem',
      position: start + i,
      name: it.name,
      url: /^https?:\/\//i.test(it.url) ? it.url : canonicalUrl(locale, it.url),
    })),
  };
}
