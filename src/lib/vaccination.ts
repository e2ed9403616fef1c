/**
 * Vaccinations (SPEC §2, §3 Vaccination item, §5, §9): the vaccination card, the vaccine branch list items and
 * the listing's static pages. The price rules are prices.ts's (a price of 0 hides the price, discount percent
 * rounded to an integer); paging and sorting of the branch list are vaccine-branches.ts's.
 */
import { localePath, type Currency, type Locale } from '../../i18n/locales';
import { translate } from '../../i18n/strings';
import { vaccinationPriceView, type VaccinationPriceView } from './prices';
import { formatRating, pagination, type Pagination } from './reviews';
import { vaccineDetailPath, vaccinationsPagePath } from './directory-routes';
import { firstBranch } from './vaccine-branches';

/** A vaccine at one branch: vaccine_details.id is the vaccine_detail_id of the detail URL. */
export interface VaccineBranchInput {
  detailId: number;
  hospitalId: number;
  name: string;
  shortName: string | null;
  hospitalSlug: string;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  websiteUrl: string | null;
  bookingUrl: string | null;
  organization: { id: number; name: string; logo: string | null };
  price: number;
  priceDiscount: number | null;
  percentDiscount: number | null;
  priceUnit: Currency;
  /** 'available' or 'out_of_stock'. */
  status: string;
  /** Published reviews of this vaccine at this branch. */
  ratingCount: number;
}

export interface VaccineInput {
  id: number;
  name: string;
  displayName: string | null;
  slug: string;
  logo: string | null;
  description: string | null;
  notice: string | null;
  ageGroupLabels: string[];
  dosesLabels: string[];
  review: { avgRating: number; ratingCount: number };
  /** In the branch list's default order (organization, then branch name). */
  branches: VaccineBranchInput[];
}

export function branchPrice(locale: Locale, b: Pick<VaccineBranchInput, 'price' | 'priceDiscount' | 'percentDiscount' | 'priceUnit' | 'status'>): VaccinationPriceView {
  return vaccinationPriceView(locale, { price: b.price, price_discount: b.priceDiscount, percent_discount: b.percentDiscount, price_unit: b.priceUnit, status: b.status });
}

/** Rating text of a vaccine ('4.3' and '12 reviews'), null without reviews. */
export function vaccineRating(locale: Locale, review: { avgRating: number; ratingCount: number }): { value: string; count: number; countText: string } | null {
  if (review.ratingCount <= 0) return null;
  return { value: formatRating(review.avgRating), count: review.ratingCount, countText: translate(locale, 'hospital.rating.reviews', { count: review.ratingCount }) };
}

/** Path (inside the locale) of a vaccine's page at a branch. */
export function vaccineBranchHref(locale: Locale, vaccineSlug: string, detailId: number): string {
  return localePath(locale, vaccineDetailPath(vaccineSlug, detailId));
}

export interface VaccinationCardModel {
  id: number;
  name: string;
  displayName: string | null;
  logo: string | null;
  description: string | null;
  notice: string | null;
  ageGroups: string[];
  doses: string[];
  /** The vaccine detail page of the first branch: its path inside the locale, and the link. */
  path: string;
  href: string;
  detailId: number;
  price: VaccinationPriceView;
  firstBranch: string;
  branchCount: number;
  branchCountText: string;
  rating: ReturnType<typeof vaccineRating>;
}

/** The card of a vaccine with at least one branch; null when no branch offers it (nothing to link to). */
export function vaccinationCardModel(locale: Locale, v: VaccineInput): VaccinationCardModel | null {
  const first = firstBranch(v.branches.map((b) => ({ b, outOfStock: b.status === 'out_of_stock' })))?.b;
  if (!first) return null;
  return {
    id: v.id,
    name: v.name,
    displayName: v.displayName && v.displayName !== v.name ? v.displayName : null,
    logo: v.logo,
    description: v.description,
    notice: v.notice?.trim() || null,
    ageGroups: v.ageGroupLabels,
    doses: v.dosesLabels,
    path: vaccineDetailPath(v.slug, first.detailId),
    href: vaccineBranchHref(locale, v.slug, first.detailId),
    detailId: first.detailId,
    price: branchPrice(locale, first),
    firstBranch: first.name,
    branchCount: v.branches.length,
    branchCountText: translate(locale, 'vaccination.card.branchCount', { count: v.branches.length }),
    rating: vaccineRating(locale, v.review),
  };
}

/** One row of the vaccine branch list, rendered in the HTML (first 10) and in the page's branch data. */
export interface VaccineBranchItem {
  detailId: number;
  href: string;
  name: string;
  address: string;
  organizationId: number;
  organizationName: string;
  organizationLogo: string | null;
  latitude: number | null;
  longitude: number | null;
  priceText: string | null;
  originalPriceText: string | null;
  discountPercent: number;
  outOfStock: boolean;
  ratingCount: number;
  ratingCountText: string | null;
}

export function vaccineBranchItem(locale: Locale, vaccineSlug: string, b: VaccineBranchInput): VaccineBranchItem {
  const price = branchPrice(locale, b);
  return {
    detailId: b.detailId,
    href: vaccineBranchHref(locale, vaccineSlug, b.detailId),
    name: b.name,
    address: b.address ?? '',
    organizationId: b.organization.id,
    organizationName: b.organization.name,
    organizationLogo: b.organization.logo,
    latitude: b.latitude,
    longitude: b.longitude,
    priceText: price.visible ? price.text : null,
    originalPriceText: price.visible ? price.originalText : null,
    discountPercent: price.discountPercent,
    outOfStock: price.outOfStock,
    ratingCount: b.ratingCount,
    ratingCountText: b.ratingCount > 0 ? translate(locale, 'hospital.rating.reviews', { count: b.ratingCount }) : null,
  };
}

/** Vaccination cards per static listing page. */
export const VACCINATION_PAGE_SIZE = 20;

/** The static listing pages of `total` cards: pages 1 to page count, none when there is nothing to list. */
export function vaccinationListingPages<T>(cards: readonly T[], perPage = VACCINATION_PAGE_SIZE): { items: T[]; pagination: Pagination; path: string }[] {
  if (cards.length === 0) return [];
  const last = pagination(1, perPage, cards.length).lastPage;
  return Array.from({ length: last }, (_, i) => ({
    items: cards.slice(i * perPage, (i + 1) * perPage),
    pagination: pagination(i + 1, perPage, cards.length),
    path: vaccinationsPagePath(i + 1),
  }));
}
