/**
 * Display models of the hospital page's doctor and service cards (SPEC §2, §4, §5): the rules of prices.ts,
 * doctor-card.ts and hospital-page.ts applied once on the server (build and functions), so the browser islands
 * only render them and never ship the rules' translations.
 */
import type { Currency, Locale } from '../../i18n/locales';
import { doctorAvailability, provideCareLabels, AVAILABILITY_TAG_LABELS, type AvailabilityTag, type ProvideCare } from './doctor-card';
import { priceView, type PriceType } from './prices';
import { doctorEntityLink } from './entity-links';
import { servicePagePath } from './hospital-page';
import { formatRating } from './reviews';
import { render } from './message';

export interface DoctorCardInput {
  id: number;
  name: string;
  slug: string;
  avatar: string | null;
  price: number;
  priceTo: number | null;
  priceType: PriceType;
  showPriceOverride: boolean;
  promotion: number | null;
  provideCare: ProvideCare;
  specialties: { name: string; slug: string }[];
  validOutpatient: boolean;
  validTelemedicine: boolean;
  status: number;
  partnerGroup: boolean;
  rating: number;
  totalReviews: number;
  bookingUrl: string | null;
}

export interface DoctorCardModel {
  id: number;
  name: string;
  avatar: string | null;
  href: string;
  external: boolean;
  specialties: string;
  provideCare: string;
  tags: { kind: AvailabilityTag; label: string }[];
  available: boolean;
  priceText: string | null;
  originalPriceText: string | null;
  rating: string | null;
  totalReviews: number;
}

/** `hospital`: the doctor's branch, whose website / booking URL a zh-TW doctor link falls back to (entity-links.ts). */
export function doctorCardModel(locale: Locale, d: DoctorCardInput, hospital: { websiteUrl: string | null; bookingUrl?: string | null }, currency?: Currency): DoctorCardModel {
  const availability = doctorAvailability({ status: d.status, validOutpatient: d.validOutpatient, validTelemedicine: d.validTelemedicine });
  const price = priceView(locale, { price: d.price, priceTo: d.priceTo, priceType: d.priceType, promotion: d.promotion, partnerGroup: d.partnerGroup, showPriceOverride: d.showPriceOverride, currency });
  const link = doctorEntityLink(locale, { slug: d.slug, bookingUrl: d.bookingUrl, hospital });
  return {
    id: d.id,
    name: d.name,
    avatar: d.avatar,
    href: link.href,
    external: link.external,
    specialties: d.specialties.map((s) => s.name).join(', '),
    provideCare: provideCareLabels(d.provideCare).map((m) => render(locale, m)).join(', '),
    tags: availability.tags.map((kind) => ({ kind, label: render(locale, AVAILABILITY_TAG_LABELS[kind]) })),
    available: availability.available,
    priceText: price.visible ? price.text : null,
    originalPriceText: price.visible ? price.originalText : null,
    rating: d.totalReviews > 0 ? formatRating(d.rating) : null,
    totalReviews: d.totalReviews,
  };
}

export interface ServiceCardInput {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  logo: string | null;
  price: number;
  priceTo: number | null;
  priceType: PriceType;
  originalPrice: number | null;
  currency: Currency;
  promotion: number | null;
  availability: number;
  /** A free slot within the booking horizon; absent means not known (treated as bookable). */
  bookable?: boolean;
  rating: number;
  totalReviews: number;
}

export interface ServiceCardModel {
  id: number;
  name: string;
  description: string | null;
  logo: string | null;
  href: string;
  priceText: string | null;
  originalPriceText: string | null;
  discountPercent: number;
  rating: string | null;
  totalReviews: number;
  outOfStock: boolean;
  /** 'Book Service' is offered: in stock and with a free slot in the next 180 days (issue #38 item 21). */
  canBook: boolean;
}

export function serviceCardModel(locale: Locale, s: ServiceCardInput, hospitalPath: string): ServiceCardModel {
  const price = priceView(locale, { price: s.price, priceTo: s.priceTo, priceType: s.priceType, originalPrice: s.originalPrice, promotion: s.promotion, currency: s.currency });
  return {
    id: s.id,
    name: s.name,
    description: s.description,
    logo: s.logo,
    href: servicePagePath(hospitalPath, s.slug),
    priceText: price.visible ? price.text : null,
    originalPriceText: price.visible ? price.originalText : null,
    discountPercent: price.discountPercent,
    rating: s.totalReviews > 0 ? formatRating(s.rating) : null,
    totalReviews: s.totalReviews,
    outOfStock: s.availability === 0,
    canBook: s.availability !== 0 && s.bookable !== false,
  };
}
