/**
 * Structured data for search engines (SPEC §2): MedicalClinic with address, geo, opening hours and aggregate
 * rating, its reviews, FAQPage and BreadcrumbList. Social links: only Facebook and Instagram.
 */
import { LOCALE_CONFIG, canonicalUrl, type Locale } from '../../i18n/locales';
import { WEEKDAYS, type WorkingTimes } from './hospital-page';
import type { RatingSummary } from './reviews';
import { canDisplay } from './phone';

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
    clinic.aggregateRating = { '@type': 'AggregateRating', ratingValue: summary.ratingPoint, bestRating: summary.ratingScale, worstRating: 1, reviewCount: summary.reviewCounting };
    clinic.review = input.reviews.map((r) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: r.authorName },
      datePublished: r.createdAt.slice(0, 10),
      reviewRating: { '@type': 'Rating', ratingValue: r.rate, bestRating: summary.ratingScale, worstRating: 1 },
      ...(r.feedback ? { reviewBody: r.feedback } : {}),
    }));
  }
  const out: object[] = [clinic];
  if (h.faqs.length) {
    out.push({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: h.faqs.map((f) => ({ '@type': 'Question', name: f.question, acceptedAnswer: { '@type': 'Answer', text: f.answer } })),
    });
  }
  const [home, search, name] = input.breadcrumb;
  out.push({
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [
      { '@type': 'ListItem', position: 1, name: home, item: canonicalUrl(locale, '/') },
      { '@type': 'ListItem', position: 2, name: search, item: canonicalUrl(locale, '/') },
      { '@type': 'ListItem', position: 3, name, item: url },
    ],
  });
  return out;
}

/** BreadcrumbList of a page: home first, then each crumb; paths are inside the locale (canonical on its domain). */
export function breadcrumbListJsonLd(locale: Locale, items: readonly { name: string; path: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((it, i) => ({ '@type': 'ListItem', position: i + 1, name: it.name, item: canonicalUrl(locale, it.path) })),
  };
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
