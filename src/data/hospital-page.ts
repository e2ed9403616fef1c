/**
 * Hospital page view models (SPEC §3 Hospital) for the static build and the hospital-page functions.
 * The build loads a whole locale with a fixed number of bulk queries (not one per page): about 60,000 pages
 * are built from the benchmark directory. Everything runs as anon, so RLS decides what a visitor may see.
 */
import { NEAREST_HORIZON_DAYS } from '../lib/slots';
import type pg from 'pg';
import { ANON, asCaller, getDatabase, type Queryable } from './db';
import { phonesOf } from './phones';
import { perLocale } from './build-cache';
import { LOCALE_CONFIG, type Currency, type Locale } from '../../i18n/locales';
import type { WorkingTimes } from '../lib/hospital-page';
import type { StarCounts } from '../lib/reviews';
import type { PriceType } from '../lib/prices';
import type { ProvideCare } from '../lib/doctor-card';
import type { DoctorCardInput } from '../lib/hospital-cards';
import { containsPattern, slugKeyword } from '../lib/search';

/** Page size of the doctor, service and review lists (first page baked into the HTML). */
export const LIST_PAGE_SIZE = 20;
export const REVIEW_PAGE_SIZE = 10;
/** Featured doctors carousel length (partner-group doctors are dropped afterwards). */
export const FEATURED_DOCTOR_CANDIDATES = 12;
export const SUGGESTION_COUNT = 4;

/**
 * SPEC §7: the hospital branch doctor list of one specific hospital is sorted by id ascending. Configuration:
 * hospital ids whose doctor list is sent with sort_by id and sort asc.
 */
export const DOCTOR_LIST_SORTED_BY_ID_HOSPITAL_IDS: readonly number[] = (process.env.DOCTOR_LIST_SORT_BY_ID_HOSPITAL_IDS ?? '')
  .split(',')
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0);

export interface SpecialtyView { id: number; name: string; slug: string; thumbnail: string | null }
export interface LogoItem { id: number; name: string; logo: string | null }
/** An accepted payment method: its stored code names it in every locale (src/lib/enum-labels.ts). */
export interface PaymentItem extends LogoItem { code: string }
export interface Faq { question: string; answer: string }

export interface ServiceCardView {
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
  /** A free slot in the next NEAREST_HORIZON_DAYS days (issue #38 item 21). */
  bookable: boolean;
  isPackage: boolean;
  rating: number;
  totalReviews: number;
  categoryId: number | null;
}

/** The doctor card's rule input (src/lib/hospital-cards.ts) plus what only the page shows. */
export interface DoctorCardView extends DoctorCardInput {
  gender: string | null;
}

export interface ReviewView {
  id: number;
  rate: number;
  feedback: string | null;
  createdAt: string;
  authorName: string;
  authorAvatar: string | null;
  bookingType: 'doctor' | 'service' | null;
  doctor: { name: string; slug: string } | null;
  hospitalService: { name: string; slug: string } | null;
  /** The hospital's public reply (issue #39), readable only with its review. */
  reply: { body: string; updatedAt: string } | null;
}

export interface ServiceCategoryView { id: number; name: string; services: ServiceCardView[] }

export interface HospitalSummaryView {
  id: number;
  name: string;
  slug: string;
  logo: string | null;
  address: string;
  city: string;
  latitude: number | null;
  longitude: number | null;
  rating: number;
  totalReviews: number;
  publishReviews: boolean;
  totalAvailableDoctors: number;
  totalAvailableServices: number;
  /** Targets of the zh-TW hospital link (src/lib/entity-links.ts). */
  websiteUrl: string | null;
  bookingUrl: string | null;
}

export interface HospitalPageView {
  id: number;
  name: string;
  slug: string;
  logo: string | null;
  images: string[];
  address: string;
  city: string;
  citySlug: string;
  latitude: number | null;
  longitude: number | null;
  timeZone: string;
  phone: string | null;
  websiteUrl: string | null;
  bookingUrl: string | null;
  /** Facility type of the hospital listing filter ('hospital', 'clinic', 'dental-clinic', ...); null when not set. */
  hospitalType: string | null;
  about: string | null;
  patientGuide: string | null;
  workingTimes: WorkingTimes;
  emergencyHours: boolean;
  medicalFacilities: string[];
  faqs: Faq[];
  showServiceCategory: boolean;
  status: number | null;
  excludeFromIndex: boolean;
  organization: { id: number; slug: string; name: string; logo: string | null; isActive: boolean; publishReviews: boolean; branchCount: number };
  specialties: SpecialtyView[];
  insurances: LogoItem[];
  acceptedPayments: PaymentItem[];
  serviceCategories: ServiceCategoryView[];
  /** Every active service's promotion, for the header badge (the highest wins). */
  servicePromotions: number[];
  counts: { services: number; doctors: number; reviews: number };
  totalAvailableDoctors: number;
  totalAvailableServices: number;
  rating: number;
  starCounts: StarCounts;
  featuredDoctors: DoctorCardView[];
  firstDoctors: DoctorCardView[];
  firstServices: ServiceCardView[];
  firstReviews: ReviewView[];
  /** 'Hospital you may like': bookable hospitals of the same city, then the country. */
  suggestions: HospitalSummaryView[];
}

const num = (v: unknown): number => (v == null ? 0 : Number(v));
const numOrNull = (v: unknown): number | null => (v == null ? null : Number(v));

function groupBy<T>(rows: readonly T[], key: (r: T) => number): Map<number, T[]> {
  const m = new Map<number, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = m.get(k);
    if (list) list.push(r);
    else m.set(k, [r]);
  }
  return m;
}

// ---- shared SELECTs (bulk for the build, filtered by hospital for the functions) ---------------------------

const SERVICE_COLUMNS = `s.id, s.hospital_id, s.category_id, s.name, s.slug, s.description, s.logo, s.price, s.price_to, s.price_type,
  s.original_price, s.price_unit, s.promotion_percent, s.availability, s.is_package,
  coalesce(rv.rating, 0) as rating, coalesce(rv.total, 0) as total_reviews,
  -- A free slot within the nearest-availability horizon (NEAREST_HORIZON_DAYS): without one, 'Book Service' leads nowhere.
  exists (select 1 from public.schedules sc join public.time_slots ts on ts.schedule_id = sc.id
           where sc.service_id = s.id and sc.working_day between current_date and current_date + ${NEAREST_HORIZON_DAYS}
             and ts.withdrawn_at is null and ts.booked < ts.capacity) as bookable`;
const SERVICE_REVIEWS_JOIN = `left join lateral (select avg(r.rate)::float8 as rating, count(*)::int as total from public.reviews r where r.service_id = s.id) rv on true`;

function toService(r: Record<string, unknown>): ServiceCardView {
  return {
    id: num(r.id),
    name: String(r.name),
    slug: String(r.slug),
    description: (r.description as string) ?? null,
    logo: (r.logo as string) ?? null,
    price: num(r.price),
    priceTo: numOrNull(r.price_to),
    priceType: r.price_type as PriceType,
    originalPrice: numOrNull(r.original_price),
    currency: String(r.price_unit).trim() as Currency,
    promotion: numOrNull(r.promotion_percent),
    availability: num(r.availability),
    bookable: r.bookable === true,
    isPackage: !!r.is_package,
    rating: num(r.rating),
    totalReviews: num(r.total_reviews),
    categoryId: numOrNull(r.category_id),
  };
}

export const DOCTOR_COLUMNS = `d.id, d.hospital_id, d.name, d.slug, d.avatar, d.gender, d.price, d.price_to, d.price_type, d.price_override,
  d.promotion_percent, d.provide_care, d.outpatient_enabled, d.telemedicine_enabled, d.status, d.partner_group, d.booking_url,
  coalesce(rv.rating, 0) as rating, coalesce(rv.total, 0) as total_reviews,
  coalesce((select json_agg(json_build_object('name', sp.name, 'slug', sp.slug) order by sp.name)
              from public.doctor_specialties ds join public.specialties sp on sp.id = ds.specialty_id where ds.doctor_id = d.id), '[]'::json) as specialties`;
export const DOCTOR_REVIEWS_JOIN = `left join lateral (select avg(r.rate)::float8 as rating, count(*)::int as total from public.reviews r where r.doctor_id = d.id) rv on true`;

export function toDoctor(r: Record<string, unknown>): DoctorCardView {
  return {
    id: num(r.id),
    name: String(r.name),
    slug: String(r.slug),
    avatar: (r.avatar as string) ?? null,
    gender: (r.gender as string) ?? null,
    price: num(r.price),
    priceTo: numOrNull(r.price_to),
    priceType: r.price_type as PriceType,
    showPriceOverride: !!r.price_override,
    promotion: numOrNull(r.promotion_percent),
    provideCare: r.provide_care as ProvideCare,
    specialties: (r.specialties as { name: string; slug: string }[]) ?? [],
    validOutpatient: !!r.outpatient_enabled,
    validTelemedicine: !!r.telemedicine_enabled,
    status: num(r.status),
    partnerGroup: !!r.partner_group,
    rating: num(r.rating),
    totalReviews: num(r.total_reviews),
    bookingUrl: (r.booking_url as string) ?? null,
  };
}

export const REVIEW_COLUMNS = `r.id, r.hospital_id, r.rate, r.feedback, r.created_at, r.author_name, r.author_avatar, b.booking_type,
  dr.name as doctor_name, dr.slug as doctor_slug, sv.name as service_name, sv.slug as service_slug, rr.body as reply_body, rr.updated_at as reply_updated_at`;
export const REVIEW_JOINS = `left join public.bookings b on b.id = r.booking_id
  left join public.doctors dr on dr.id = r.doctor_id
  left join public.hospital_services sv on sv.id = r.service_id
  left join public.review_replies rr on rr.review_id = r.id`;

export function toReview(r: Record<string, unknown>): ReviewView {
  const created = r.created_at instanceof Date ? r.created_at.toISOString() : new Date(String(r.created_at)).toISOString();
  const bookingType = (r.booking_type as 'doctor' | 'service') ?? (r.doctor_name ? 'doctor' : r.service_name ? 'service' : null);
  return {
    id: num(r.id),
    rate: num(r.rate),
    feedback: (r.feedback as string) ?? null,
    createdAt: created,
    authorName: String(r.author_name),
    authorAvatar: (r.author_avatar as string) ?? null,
    bookingType,
    doctor: r.doctor_name ? { name: String(r.doctor_name), slug: String(r.doctor_slug) } : null,
    hospitalService: r.service_name ? { name: String(r.service_name), slug: String(r.service_slug) } : null,
    reply: r.reply_body ? { body: String(r.reply_body), updatedAt: r.reply_updated_at instanceof Date ? r.reply_updated_at.toISOString() : new Date(String(r.reply_updated_at)).toISOString() } : null,
  };
}

/** ORDER BY of the review list call for each sort option (same order as sortReviews in src/lib/reviews). */
export const REVIEW_ORDER: Record<string, string> = {
  LOWEST_RATING: 'r.rate asc, r.created_at desc, r.id desc',
  HIGHEST_RATING: 'r.rate desc, r.created_at desc, r.id desc',
  RECENT_FIRST: 'r.created_at desc, r.id desc',
  OLDEST_FIRST: 'r.created_at asc, r.id asc',
};

// ---- the build: one locale in a few bulk queries ----------------------------------------------------------

async function loadLocale(c: Queryable, locale: Locale): Promise<HospitalPageView[]> {
  const country = LOCALE_CONFIG[locale].countryId;
  const q = async (sql: string) => (await c.query(sql, [country])).rows as Record<string, unknown>[];
  // One after another: the queries share the transaction's connection.
  const sqls = [
    // Every column anon may read (not the phone: see phonesOf).
    `select h.id, h.organization_id, h.country_id, h.name, h.short_name, h.slug, h.logo, h.images, h.address, h.city, h.city_slug,
              h.latitude, h.longitude, h.time_zone, h.website_url, h.booking_url, h.about, h.patient_guide, h.working_times,
              h.emergency_hours, h.medical_facilities, h.faqs, h.show_service_category, h.is_active, h.exclude_from_index, h.status,
              h.created_at, h.updated_at, h.hospital_type, o.slug as org_slug, o.name as org_name, o.logo as org_logo, o.is_active as org_active, o.publish_reviews,
              (select count(*)::int from public.hospitals x where x.organization_id = h.organization_id) as branch_count
         from public.hospitals h join public.organizations o on o.id = h.organization_id
        where h.country_id = $1 order by h.id`,
    `select hs.hospital_id, s.id, s.name, s.slug, s.thumbnail from public.hospital_specialties hs
         join public.specialties s on s.id = hs.specialty_id where s.country_id = $1 order by s.name`,
    `select hi.hospital_id, i.id, i.name, i.logo from public.hospital_insurances hi
         join public.insurances i on i.id = hi.insurance_id where i.country_id = $1 order by i.name`,
    `select hp.hospital_id, p.id, p.code, p.name, p.logo from public.hospital_payment_methods hp
         join public.payment_methods p on p.id = hp.payment_method_id where p.country_id = $1 order by p.id`,
    `select c.id, c.hospital_id, c.name from public.service_categories c join public.hospitals h on h.id = c.hospital_id
        where h.country_id = $1 order by c.sort_order, c.name`,
    `select ${SERVICE_COLUMNS} from public.hospital_services s ${SERVICE_REVIEWS_JOIN}
        where s.country_id = $1 order by s.hospital_id, s.name, s.id`,
    `select d.hospital_id, count(*)::int as total,
              count(*) filter (where d.status = 1 and (d.outpatient_enabled or d.telemedicine_enabled))::int as available
         from public.doctors d where d.country_id = $1 group by d.hospital_id`,
    // Featured: the best-rated doctors of each hospital; partner-group doctors are dropped by the page rule.
    `select * from (select ${DOCTOR_COLUMNS}, row_number() over (partition by d.hospital_id order by coalesce(rv.rating, 0) desc, coalesce(rv.total, 0) desc, d.id) as n
          from public.doctors d ${DOCTOR_REVIEWS_JOIN} where d.country_id = $1 and d.status = 1) x where n <= ${FEATURED_DOCTOR_CANDIDATES}`,
    `select * from (select ${DOCTOR_COLUMNS}, row_number() over (partition by d.hospital_id order by d.name, d.id) as n
          from public.doctors d ${DOCTOR_REVIEWS_JOIN} where d.country_id = $1) x where n <= ${LIST_PAGE_SIZE}`,
    `select r.hospital_id, r.rate, count(*)::int as n from public.reviews r join public.hospitals h on h.id = r.hospital_id
        where h.country_id = $1 group by r.hospital_id, r.rate`,
    `select * from (select ${REVIEW_COLUMNS}, row_number() over (partition by r.hospital_id order by ${REVIEW_ORDER.RECENT_FIRST}) as n
          from public.reviews r join public.hospitals h on h.id = r.hospital_id ${REVIEW_JOINS} where h.country_id = $1) x where n <= ${REVIEW_PAGE_SIZE}`,
  ];
  const results: Record<string, unknown>[][] = [];
  for (const sql of sqls) results.push(await q(sql));
  const [hospitals, specialties, insurances, payments, categories, services, doctorStats, featured, firstDoctors, reviewStats, reviews] = results;
  const phones = await phonesOf(c, 'hospitals', hospitals.map((h) => num(h.id)));

  const bySpecialty = groupBy(specialties, (r) => num(r.hospital_id));
  const byInsurance = groupBy(insurances, (r) => num(r.hospital_id));
  const byPayment = groupBy(payments, (r) => num(r.hospital_id));
  const byCategory = groupBy(categories, (r) => num(r.hospital_id));
  const byService = groupBy(services.map((r) => ({ h: num(r.hospital_id), s: toService(r) })), (r) => r.h);
  const doctorsBy = new Map(doctorStats.map((r) => [num(r.hospital_id), { total: num(r.total), available: num(r.available) }]));
  const featuredBy = groupBy(featured, (r) => num(r.hospital_id));
  const firstDoctorsBy = groupBy(firstDoctors, (r) => num(r.hospital_id));
  const starsBy = groupBy(reviewStats, (r) => num(r.hospital_id));
  const reviewsBy = groupBy(reviews, (r) => num(r.hospital_id));
  const logoItem = (r: Record<string, unknown>): LogoItem => ({ id: num(r.id), name: String(r.name), logo: (r.logo as string) ?? null });

  const pages = hospitals.map((h): HospitalPageView => {
    const id = num(h.id);
    const svc = (byService.get(id) ?? []).map((x) => x.s);
    const stars: StarCounts = {};
    let reviewTotal = 0;
    let reviewSum = 0;
    for (const s of starsBy.get(id) ?? []) {
      stars[num(s.rate) as 1 | 2 | 3 | 4 | 5] = num(s.n);
      reviewTotal += num(s.n);
      reviewSum += num(s.n) * num(s.rate);
    }
    const cats = (byCategory.get(id) ?? []).map((cat) => ({ id: num(cat.id), name: String(cat.name), services: svc.filter((s) => s.categoryId === num(cat.id)) }));
    const d = doctorsBy.get(id) ?? { total: 0, available: 0 };
    return {
      id,
      name: String(h.name),
      slug: String(h.slug),
      logo: (h.logo as string) ?? null,
      images: (h.images as string[]) ?? [],
      address: String(h.address ?? ''),
      city: String(h.city ?? ''),
      citySlug: String(h.city_slug ?? ''),
      latitude: numOrNull(h.latitude),
      longitude: numOrNull(h.longitude),
      timeZone: String(h.time_zone),
      phone: phones.get(id) ?? null,
      websiteUrl: (h.website_url as string) ?? null,
      bookingUrl: (h.booking_url as string) ?? null,
      hospitalType: (h.hospital_type as string) ?? null,
      about: (h.about as string) ?? null,
      patientGuide: (h.patient_guide as string) ?? null,
      workingTimes: (h.working_times as WorkingTimes) ?? {},
      emergencyHours: !!h.emergency_hours,
      medicalFacilities: (h.medical_facilities as string[]) ?? [],
      faqs: ((h.faqs as Faq[]) ?? []).filter((f) => f && f.question && f.answer),
      showServiceCategory: !!h.show_service_category,
      status: numOrNull(h.status),
      excludeFromIndex: !!h.exclude_from_index,
      organization: {
        id: num(h.organization_id),
        slug: String(h.org_slug),
        name: String(h.org_name),
        logo: (h.org_logo as string) ?? null,
        isActive: !!h.org_active,
        publishReviews: !!h.publish_reviews,
        branchCount: num(h.branch_count),
      },
      specialties: (bySpecialty.get(id) ?? []).map((s) => ({ id: num(s.id), name: String(s.name), slug: String(s.slug), thumbnail: (s.thumbnail as string) ?? null })),
      insurances: (byInsurance.get(id) ?? []).map(logoItem),
      acceptedPayments: (byPayment.get(id) ?? []).map((r) => ({ ...logoItem(r), code: String(r.code) })),
      serviceCategories: cats.filter((cat) => cat.services.length > 0),
      servicePromotions: svc.map((s) => s.promotion ?? 0),
      counts: { services: svc.length, doctors: d.total, reviews: reviewTotal },
      totalAvailableDoctors: d.available,
      totalAvailableServices: svc.filter((s) => s.availability !== 0).length,
      rating: reviewTotal ? Math.round((reviewSum / reviewTotal) * 10) / 10 : 0,
      starCounts: stars,
      featuredDoctors: (featuredBy.get(id) ?? []).map(toDoctor),
      firstDoctors: (firstDoctorsBy.get(id) ?? []).map(toDoctor),
      firstServices: svc.slice(0, LIST_PAGE_SIZE),
      firstReviews: (reviewsBy.get(id) ?? []).map(toReview),
      suggestions: [],
    };
  });

  // 'Hospital you may like' only for hospitals where nothing is bookable: bookable ones nearby first.
  const bookable = pages.filter((p) => p.totalAvailableDoctors + p.totalAvailableServices > 0);
  for (const p of pages) {
    if (p.totalAvailableDoctors + p.totalAvailableServices > 0) continue;
    const sameCity = bookable.filter((b) => b.citySlug === p.citySlug);
    const others = bookable.filter((b) => b.citySlug !== p.citySlug);
    p.suggestions = [...sameCity, ...others].slice(0, SUGGESTION_COUNT).map(summaryOf);
  }
  return pages;
}

export function summaryOf(p: HospitalPageView): HospitalSummaryView {
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    logo: p.logo,
    address: p.address,
    city: p.city,
    latitude: p.latitude,
    longitude: p.longitude,
    rating: p.rating,
    totalReviews: p.counts.reviews,
    publishReviews: p.organization.publishReviews,
    totalAvailableDoctors: p.totalAvailableDoctors,
    totalAvailableServices: p.totalAvailableServices,
    websiteUrl: p.websiteUrl,
    bookingUrl: p.bookingUrl,
  };
}

/**
 * Every published hospital of a locale, queried once per build (src/data/build-cache.ts): the page, its tab pages
 * and the organization pages share it.
 */
export function loadHospitalPages(locale: Locale): Promise<HospitalPageView[]> {
  return perLocale('hospital-pages', locale, () => getDatabase().then((db) => asCaller(db, ANON, (c) => loadLocale(c, locale))));
}

// ---- the functions: one hospital, one page ----------------------------------------------------------------

export interface Page<T> { items: T[]; page: number; lastPage: number; totalItems: number }

function pageOf<T>(items: T[], page: number, perPage: number, total: number): Page<T> {
  return { items, page, lastPage: Math.max(1, Math.ceil(total / perPage)), totalItems: total };
}

/** ILIKE patterns of a list keyword: on the name, and on the slug for the keyword without accents (or null). */
function keywordPatterns(keyword: string | undefined): [string | null, string | null] {
  if (!keyword) return [null, null];
  const slug = slugKeyword(keyword);
  return [containsPattern(keyword), slug ? containsPattern(slug) : null];
}

/** Hospital branch doctor list: by name, or by id ascending when asked (SPEC §7), filtered by keyword. */
export async function hospitalDoctors(c: pg.PoolClient, input: { id: number; keyword?: string; page: number; sortById?: boolean }): Promise<Page<DoctorCardView>> {
  const [kw, slug] = keywordPatterns(input.keyword);
  // As the site search: the name in any case, or the romanized slug for a keyword typed without accents.
  const where = `d.hospital_id = $1 and ($2::text is null or d.name ilike $2 or d.slug ilike $4)`;
  const total = num((await c.query(`select count(*)::int as n from public.doctors d where ${where.replace('$4', '$3')}`, [input.id, kw, slug])).rows[0]?.n);
  const order = input.sortById ? 'd.id asc' : 'd.name, d.id';
  const { rows } = await c.query(
    `select ${DOCTOR_COLUMNS} from public.doctors d ${DOCTOR_REVIEWS_JOIN} where ${where} order by ${order} limit ${LIST_PAGE_SIZE} offset $3`,
    [input.id, kw, (input.page - 1) * LIST_PAGE_SIZE, slug],
  );
  return pageOf(rows.map(toDoctor), input.page, LIST_PAGE_SIZE, total);
}

/** Hospital services list (SPEC §7, version 2.0.0), filtered by keyword. */
export async function hospitalServices(c: pg.PoolClient, input: { id: number; keyword?: string; page: number }): Promise<Page<ServiceCardView>> {
  const [kw, slug] = keywordPatterns(input.keyword);
  const where = `s.hospital_id = $1 and ($2::text is null or s.name ilike $2 or s.slug ilike $4)`;
  const total = num((await c.query(`select count(*)::int as n from public.hospital_services s where ${where.replace('$4', '$3')}`, [input.id, kw, slug])).rows[0]?.n);
  const { rows } = await c.query(
    `select ${SERVICE_COLUMNS} from public.hospital_services s ${SERVICE_REVIEWS_JOIN} where ${where} order by s.name, s.id limit ${LIST_PAGE_SIZE} offset $3`,
    [input.id, kw, (input.page - 1) * LIST_PAGE_SIZE, slug],
  );
  return pageOf(rows.map(toService), input.page, LIST_PAGE_SIZE, total);
}

/** What a review list is about: a hospital branch, a doctor or a service (SPEC §7 review list and issue #7). */
export type ReviewSubject = { hospitalId: number } | { doctorId: number } | { serviceId: number };

const REVIEW_SUBJECT_COLUMN = (s: ReviewSubject) => ('hospitalId' in s ? 'hospital_id' : 'doctorId' in s ? 'doctor_id' : 'service_id');
const reviewSubjectId = (s: ReviewSubject) => ('hospitalId' in s ? s.hospitalId : 'doctorId' in s ? s.doctorId : s.serviceId);

/** Review list of a hospital branch, a doctor or a service in one of the four sort orders. */
export async function subjectReviews(c: pg.PoolClient, input: { subject: ReviewSubject; sort: keyof typeof REVIEW_ORDER; page: number }): Promise<Page<ReviewView>> {
  const column = REVIEW_SUBJECT_COLUMN(input.subject);
  const id = reviewSubjectId(input.subject);
  const total = num((await c.query(`select count(*)::int as n from public.reviews r where r.${column} = $1`, [id])).rows[0]?.n);
  const { rows } = await c.query(
    `select ${REVIEW_COLUMNS} from public.reviews r ${REVIEW_JOINS} where r.${column} = $1 order by ${REVIEW_ORDER[input.sort]} limit ${REVIEW_PAGE_SIZE} offset $2`,
    [id, (input.page - 1) * REVIEW_PAGE_SIZE],
  );
  return pageOf(rows.map(toReview), input.page, REVIEW_PAGE_SIZE, total);
}

/** Review list of a hospital branch in one of the four sort orders. */
export function hospitalReviews(c: pg.PoolClient, input: { hospitalId: number; sort: keyof typeof REVIEW_ORDER; page: number }): Promise<Page<ReviewView>> {
  return subjectReviews(c, { subject: { hospitalId: input.hospitalId }, sort: input.sort, page: input.page });
}

/** The hospital a list call is about, as a visitor sees it (RLS): null when it is not published. */
export async function hospitalRef(c: pg.PoolClient, id: number): Promise<{ id: number; slug: string; countryId: number; websiteUrl: string | null; bookingUrl: string | null } | null> {
  const { rows } = await c.query(`select id, slug, country_id, website_url, booking_url from public.hospitals where id = $1`, [id]);
  const r = rows[0];
  return r ? { id: num(r.id), slug: String(r.slug), countryId: num(r.country_id), websiteUrl: r.website_url ?? null, bookingUrl: r.booking_url ?? null } : null;
}
