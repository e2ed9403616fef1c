/**
 * Vaccinations of a locale's country for the static build (issue #7): two bulk queries per locale (vaccines with
 * their rating, then every vaccine price at a branch), read as anon so RLS decides what a visitor may see
 * (active vaccines, published branches, published reviews of organizations that publish reviews).
 */
import type pg from 'pg';
import { ANON, asCaller, getDatabase } from './db';
import { LOCALES, LOCALE_CONFIG, type Currency, type Locale } from '../../i18n/locales';
import { vaccinationCardModel, vaccinationListingPages, type VaccinationCardModel, type VaccineBranchInput, type VaccineInput } from '../lib/vaccination';
import type { Pagination } from '../lib/reviews';

const num = (v: unknown) => Number(v ?? 0);
const numOrNull = (v: unknown) => (v == null ? null : Number(v));

/** Every vaccine of the country that a visitor may see, each with its branches in the branch list's default order. */
export async function queryVaccinations(c: Pick<pg.PoolClient, 'query'>, countryId: number): Promise<VaccineInput[]> {
  const vaccines = await c.query(
    `select v.id, v.name, v.display_name, v.slug, v.logo, v.description, v.notice, v.age_group_labels, v.doses_labels,
            coalesce(rv.avg_rating, 0) as avg_rating, coalesce(rv.rating_count, 0) as rating_count
       from public.vaccines v
       left join lateral (select avg(r.rate)::float8 as avg_rating, count(*)::int as rating_count
                            from public.reviews r where r.vaccine_id = v.id) rv on true
      where v.country_id = $1
      order by v.name, v.id`,
    [countryId],
  );
  const details = await c.query(
    `select d.id, d.vaccine_id, d.hospital_id, d.price, d.price_discount, d.percent_discount, d.price_unit, d.status,
            h.name, h.short_name, h.slug, h.address, h.latitude, h.longitude, h.website_url, h.booking_url,
            o.id as organization_id, o.name as organization_name, o.logo as organization_logo,
            coalesce(rc.n, 0) as rating_count
       from public.vaccine_details d
       join public.vaccines v on v.id = d.vaccine_id
       join public.hospitals h on h.id = d.hospital_id
       join public.organizations o on o.id = h.organization_id
       left join (select r.vaccine_id, r.hospital_id, count(*)::int as n from public.reviews r
                   where r.vaccine_id is not null group by r.vaccine_id, r.hospital_id) rc
              on rc.vaccine_id = d.vaccine_id and rc.hospital_id = d.hospital_id
      where v.country_id = $1
      order by d.vaccine_id, o.name, o.id, h.name, h.id`,
    [countryId],
  );
  const byVaccine = new Map<number, VaccineBranchInput[]>();
  for (const r of details.rows) {
    const list = byVaccine.get(num(r.vaccine_id)) ?? [];
    byVaccine.set(num(r.vaccine_id), list);
    list.push({
      detailId: num(r.id),
      hospitalId: num(r.hospital_id),
      name: String(r.name),
      shortName: r.short_name ?? null,
      hospitalSlug: String(r.slug),
      address: r.address ?? null,
      latitude: numOrNull(r.latitude),
      longitude: numOrNull(r.longitude),
      websiteUrl: r.website_url ?? null,
      bookingUrl: r.booking_url ?? null,
      organization: { id: num(r.organization_id), name: String(r.organization_name), logo: r.organization_logo ?? null },
      price: num(r.price),
      priceDiscount: numOrNull(r.price_discount),
      percentDiscount: numOrNull(r.percent_discount),
      priceUnit: String(r.price_unit).trim() as Currency,
      status: String(r.status),
      ratingCount: num(r.rating_count),
    });
  }
  return vaccines.rows.map((r) => ({
    id: num(r.id),
    name: String(r.name),
    displayName: r.display_name ?? null,
    slug: String(r.slug),
    logo: r.logo ?? null,
    description: r.description ?? null,
    notice: r.notice ?? null,
    ageGroupLabels: r.age_group_labels ?? [],
    dosesLabels: r.doses_labels ?? [],
    review: { avgRating: num(r.avg_rating), ratingCount: num(r.rating_count) },
    branches: byVaccine.get(num(r.id)) ?? [],
  }));
}

const cache = new Map<Locale, Promise<VaccineInput[]>>();

/** The vaccinations of a locale, memoised for the build (listing pages, detail pages and branch data share it). */
export function loadVaccinations(locale: Locale): Promise<VaccineInput[]> {
  let p = cache.get(locale);
  if (!p) {
    p = getDatabase().then((db) => asCaller(db, ANON, (c) => queryVaccinations(c, LOCALE_CONFIG[locale].countryId)));
    cache.set(locale, p);
  }
  return p;
}

export interface VaccinationListingPage {
  locale: Locale;
  page: number;
  cards: VaccinationCardModel[];
  pagination: Pagination;
  path: string;
  /** Locales that have the same listing page (hreflang). */
  alternates: Locale[];
}

/** Every static listing page of every locale whose country has vaccines with a branch. */
export async function loadVaccinationListings(): Promise<VaccinationListingPage[]> {
  const perLocale = await Promise.all(
    LOCALES.map(async (locale) => {
      const vaccines = await loadVaccinations(locale);
      const cards = vaccines.map((v) => vaccinationCardModel(locale, v)).filter((c): c is VaccinationCardModel => c != null);
      return { locale, pages: vaccinationListingPages(cards) };
    }),
  );
  return perLocale.flatMap(({ locale, pages }) =>
    pages.map((p, i) => ({
      locale,
      page: i + 1,
      cards: p.items,
      pagination: p.pagination,
      path: p.path,
      alternates: perLocale.filter((o) => o.pages.length > i).map((o) => o.locale),
    })),
  );
}
