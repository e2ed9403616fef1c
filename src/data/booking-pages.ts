/**
 * Build-time view models of the doctor and service pages (their headers and booking cards), one bulk query per
 * locale and kind, read as anon so RLS decides what is published. Issue #7 completes these pages.
 */
import { ANON, asCaller, getDatabase, type Queryable } from './db';
import { phonesOf } from './phones';
import { perLocale } from './build-cache';
import { LOCALE_CONFIG, type Locale } from '../../i18n/locales';
import type { PriceType } from '../lib/prices';
import type { ProvideCare } from '../lib/doctor-card';
import type { DoctorServiceInput } from '../lib/doctor-profile';
import type { StarCounts } from '../lib/reviews';
import { REVIEW_COLUMNS, REVIEW_JOINS, REVIEW_ORDER, REVIEW_PAGE_SIZE, toReview, type ReviewView } from './hospital-page';

export interface PageVoucher {
  code: string;
  name: string;
}

export interface DoctorPageView {
  id: number;
  slug: string;
  name: string;
  avatar: string | null;
  description: string | null;
  gender: string | null;
  status: number;
  specialties: { name: string; slug: string }[];
  rating: number;
  totalReviews: number;
  publishReviews: boolean;
  price: number;
  priceTo: number | null;
  priceType: PriceType;
  promotion: number | null;
  partnerGroup: boolean;
  priceOverride: boolean;
  telemedicineFee: number | null;
  validOutpatient: boolean;
  validTelemedicine: boolean;
  bufferTimeOutpatient: number;
  bufferTimeTelemedicine: number;
  babyFormulaCampaign: boolean;
  bookingUrl: string | null;
  vouchers: PageVoucher[];
  hospital: { id: number; name: string; slug: string; timeZone: string; websiteUrl: string | null; address: string; city: string; logo: string | null };
  /** Profile (SPEC §3 doctor read model); the repeating sections are raw JSON read by src/lib/doctor-profile. */
  glance: string | null;
  provideCare: ProvideCare;
  languages: string[];
  expertise: string[];
  experience: unknown;
  legacyExperiences: unknown;
  education: unknown;
  awards: unknown;
  publication: unknown;
  memberships: unknown;
  faqs: unknown;
  services: DoctorServiceInput[];
  /** Published reviews per star, and the first page of the reviews page (most recent first). */
  starCounts: StarCounts;
  firstReviews: ReviewView[];
}

export interface ServicePageView {
  id: number;
  slug: string;
  name: string;
  logo: string | null;
  rating: number;
  totalReviews: number;
  publishReviews: boolean;
  price: number;
  priceTo: number | null;
  priceType: PriceType;
  originalPrice: number | null;
  promotion: number | null;
  isPackage: boolean;
  onlinePayment: boolean;
  requiresReservation: boolean;
  bufferTime: number;
  availability: number;
  phone: string | null;
  vouchers: PageVoucher[];
  hospital: { id: number; name: string; slug: string; timeZone: string; logo: string | null; address: string; city: string };
  description: string | null;
  starCounts: StarCounts;
  firstReviews: ReviewView[];
}

/** Active vouchers of the doctor / service itself or of its hospital. */
const VOUCHERS = (column: 'doctor_id' | 'service_id', owner: string) => `coalesce((
  select json_agg(json_build_object('code', v.code, 'name', v.name) order by v.code)
    from public.vouchers v
   where v.is_active and (v.starts_at is null or v.starts_at <= now()) and (v.ends_at is null or v.ends_at > now())
     and exists (select 1 from public.voucher_targets vt where vt.voucher_id = v.id and (vt.${column} = ${owner}.id or vt.hospital_id = ${owner}.hospital_id))
), '[]'::json)`;

/**
 * Every doctor page of a locale, queried once per build (the doctor page and its reviews page share it); empty in
 * a build process that does not render the locale (src/data/build-cache.ts).
 */
export function listDoctorPages(locale: Locale): Promise<DoctorPageView[]> {
  return perLocale('doctor-pages', locale, () => loadDoctorPages(locale));
}

/** Every service page of a locale, as `listDoctorPages`. */
export function listServicePages(locale: Locale): Promise<ServicePageView[]> {
  return perLocale('service-pages', locale, () => loadServicePages(locale));
}

async function loadDoctorPages(locale: Locale): Promise<DoctorPageView[]> {
  return asCaller(await getDatabase(), ANON, (c) => doctorPagesOf(c, locale));
}

/** The doctor pages of a locale as the caller of `c` sees them (the build reads as anon). */
export async function doctorPagesOf(c: Queryable, locale: Locale): Promise<DoctorPageView[]> {
  const { rows } = await c.query(
    `with r as (select doctor_id, avg(rate)::float as rating, count(*)::int as n from public.reviews where is_published and doctor_id is not null group by doctor_id)
     select d.id, d.slug, d.name, d.avatar, d.description, d.glance, d.gender, d.provide_care as "provideCare", d.languages,
            d.experience, d.legacy_experiences as "legacyExperiences", d.education, d.awards, d.publication, d.memberships, d.faqs,
            coalesce((select json_agg(e.name order by e.name) from public.doctor_expertise de join public.expertise e on e.id = de.expertise_id where de.doctor_id = d.id), '[]'::json) as expertise,
            coalesce((select json_agg(json_build_object('id', x.id, 'name', x.name, 'description', x.description, 'price_type', x.price_type, 'price', x.price::float8, 'price_to', x.price_to::float8) order by x.id)
                        from public.doctor_services x where x.doctor_id = d.id), '[]'::json) as services, d.status, d.price::float8 as price, d.price_to::float8 as "priceTo", d.price_type as "priceType",
            d.promotion_percent as promotion, d.partner_group as "partnerGroup", d.price_override as "priceOverride",
            d.telemedicine_fee::float8 as "telemedicineFee", (d.status = 1 and d.outpatient_enabled) as "validOutpatient",
            (d.status = 1 and d.telemedicine_enabled) as "validTelemedicine", d.buffer_time_outpatient as "bufferTimeOutpatient",
            d.buffer_time_telemedicine as "bufferTimeTelemedicine", d.baby_formula_campaign as "babyFormulaCampaign", d.booking_url as "bookingUrl",
            coalesce(r.rating, 0) as rating, coalesce(r.n, 0) as "totalReviews", o.publish_reviews as "publishReviews",
            coalesce((select json_agg(json_build_object('name', sp.name, 'slug', sp.slug) order by sp.name)
                        from public.doctor_specialties ds join public.specialties sp on sp.id = ds.specialty_id where ds.doctor_id = d.id), '[]'::json) as specialties,
            ${VOUCHERS('doctor_id', 'd')} as vouchers,
            json_build_object('id', h.id, 'name', h.name, 'slug', h.slug, 'timeZone', h.time_zone, 'websiteUrl', h.website_url, 'address', h.address, 'city', h.city, 'logo', h.logo) as hospital
       from public.doctors d
       join public.hospitals h on h.id = d.hospital_id
       join public.organizations o on o.id = d.organization_id
       left join r on r.doctor_id = d.id
      where d.country_id = $1
      order by d.id`,
    [LOCALE_CONFIG[locale].countryId],
  );
  return withReviews(c, 'doctor_id', rows as DoctorPageView[], LOCALE_CONFIG[locale].countryId);
}

async function loadServicePages(locale: Locale): Promise<ServicePageView[]> {
  return asCaller(await getDatabase(), ANON, (c) => servicePagesOf(c, locale));
}

/** The service pages of a locale as the caller of `c` sees them (the build reads as anon). */
export async function servicePagesOf(c: Queryable, locale: Locale): Promise<ServicePageView[]> {
  const { rows } = await c.query(
    `with r as (select service_id, avg(rate)::float as rating, count(*)::int as n from public.reviews where is_published and service_id is not null group by service_id)
     select s.id, s.slug, s.name, s.logo, s.description, s.price::float8 as price, s.price_to::float8 as "priceTo", s.price_type as "priceType", s.original_price::float8 as "originalPrice",
            s.promotion_percent as promotion, s.is_package as "isPackage", s.online_payment as "onlinePayment",
            s.requires_reservation as "requiresReservation", s.buffer_time as "bufferTime", s.availability,
            coalesce(r.rating, 0) as rating, coalesce(r.n, 0) as "totalReviews", o.publish_reviews as "publishReviews",
            ${VOUCHERS('service_id', 's')} as vouchers,
            json_build_object('id', h.id, 'name', h.name, 'slug', h.slug, 'timeZone', h.time_zone, 'logo', h.logo, 'address', h.address, 'city', h.city) as hospital
       from public.hospital_services s
       join public.hospitals h on h.id = s.hospital_id
       join public.organizations o on o.id = s.organization_id
       left join r on r.service_id = s.id
      where s.country_id = $1
      order by s.id`,
    [LOCALE_CONFIG[locale].countryId],
  );
  const phones = await phonesOf(c, 'hospital_services', rows.map((r) => Number(r.id)));
  for (const r of rows) r.phone = phones.get(Number(r.id)) ?? null;
  return withReviews(c, 'service_id', rows as ServicePageView[], LOCALE_CONFIG[locale].countryId);
}

/**
 * Star counts and the first page of reviews (most recent first) of every doctor or service of a country, in two
 * bulk queries (RLS: published reviews of organizations that publish reviews).
 */
async function withReviews<T extends { id: number; starCounts: StarCounts; firstReviews: ReviewView[] }>(
  c: Queryable,
  column: 'doctor_id' | 'service_id',
  pages: T[],
  countryId: number,
): Promise<T[]> {
  const stars = await c.query(
    `select r.${column} as owner, r.rate, count(*)::int as n from public.reviews r join public.hospitals h on h.id = r.hospital_id
      where r.${column} is not null and h.country_id = $1 group by r.${column}, r.rate`,
    [countryId],
  );
  const first = await c.query(
    `select * from (select ${REVIEW_COLUMNS}, r.${column} as owner, row_number() over (partition by r.${column} order by ${REVIEW_ORDER.RECENT_FIRST}) as n
       from public.reviews r join public.hospitals h on h.id = r.hospital_id ${REVIEW_JOINS}
      where r.${column} is not null and h.country_id = $1) x where n <= ${REVIEW_PAGE_SIZE}`,
    [countryId],
  );
  const byId = new Map(pages.map((p) => [Number(p.id), p]));
  for (const p of pages) {
    p.starCounts = {};
    p.firstReviews = [];
  }
  for (const r of stars.rows) {
    const p = byId.get(Number(r.owner));
    if (p) p.starCounts[Number(r.rate) as 1 | 2 | 3 | 4 | 5] = Number(r.n);
  }
  for (const r of first.rows) byId.get(Number(r.owner))?.firstReviews.push(toReview(r));
  for (const p of pages) p.firstReviews.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
  return pages;
}
