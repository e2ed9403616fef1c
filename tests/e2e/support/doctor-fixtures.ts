/**
 * Test doctors and services for the doctor and service page end-to-end tests, chosen by querying the e2e
 * database as a visitor (RLS decides what is published), so the tests do not depend on seed ids. The e2e server
 * answers GET /__e2e/doctor-fixtures with the choice.
 */
import { ANON, asCaller, getDatabase, type Queryable } from '../../../src/data/db';
import { LOCALES, LOCALE_CONFIG, type Locale } from '../../../i18n/locales';
import { reviewedDuringRun } from './review-writers';
import { phonesOf } from '../../../src/data/phones';

export interface DoctorFixture {
  id: number;
  slug: string;
  name: string;
  hospitalSlug: string;
  hospitalName: string;
  publishedReviews: number;
  /** Non-empty profile sections in the database. */
  faqs: number;
  publications: number;
  awards: number;
  memberships: number;
  education: number;
  experience: number;
  expertise: number;
  services: number;
  languages: number;
  validOutpatient: boolean;
  validTelemedicine: boolean;
}
export interface ServiceFixture {
  id: number;
  slug: string;
  name: string;
  hospitalSlug: string;
  publishedReviews: number;
  price: number;
  priceTo: number | null;
  promotion: number | null;
  priceType: string;
  phone: string | null;
}
export interface LocaleDoctorFixtures {
  /** The doctor with the most profile sections (ties: most reviews), of an organization that publishes reviews. */
  rich: DoctorFixture;
  /** Most published reviews (more than one page). */
  manyReviews: DoctorFixture;
  noReviews: DoctorFixture;
  notAvailable: DoctorFixture;
  /** Bookable doctors with the online-only voucher 31: one offering telemedicine (shown), one not (hidden). */
  voucher31Tele: DoctorFixture | null;
  voucher31NoTele: DoctorFixture | null;
  /** Services (only in locales with service listings). */
  promotedService: ServiceFixture | null;
  manyReviewsService: ServiceFixture | null;
}
export interface DoctorFixtures {
  locales: Partial<Record<Locale, LocaleDoctorFixtures>>;
  /** A published zh-TW doctor and an en-PH service: those locales have no doctor / service listings (SPEC §1). */
  unlisted: { zhTwDoctor: { slug: string }; enPhService: { slug: string; hospitalSlug: string } };
}

const n = (col: string) => `coalesce(jsonb_array_length(d.${col}), 0)::int`;
const DOCTOR = `select d.id::int, d.slug, d.name, h.slug as "hospitalSlug", h.name as "hospitalName",
    (select count(*)::int from public.reviews r where r.doctor_id = d.id) as "publishedReviews",
    ${n('faqs')} as faqs, ${n('publication')} as publications, ${n('awards')} as awards, ${n('memberships')} as memberships,
    ${n('education')} as education, ${n('experience')} as experience, coalesce(array_length(d.languages, 1), 0)::int as languages,
    (select count(*)::int from public.doctor_expertise x where x.doctor_id = d.id) as expertise,
    (select count(*)::int from public.doctor_services x where x.doctor_id = d.id) as services,
    (d.status = 1 and d.outpatient_enabled) as "validOutpatient", (d.status = 1 and d.telemedicine_enabled) as "validTelemedicine"
  from public.doctors d join public.hospitals h on h.id = d.hospital_id join public.organizations o on o.id = d.organization_id
  where d.country_id = $1`;
const BOOKABLE = `d.status = 1 and (d.outpatient_enabled or d.telemedicine_enabled)`;
const HAS31 = `exists (select 1 from public.voucher_targets vt join public.vouchers v on v.id = vt.voucher_id where vt.doctor_id = d.id and v.code = '31' and v.is_active)`;

const SERVICE = `select s.id::int, s.slug, s.name, h.slug as "hospitalSlug", s.price::float8 as price, s.price_to::float8 as "priceTo", s.promotion_percent as promotion, s.price_type as "priceType",
    (select count(*)::int from public.reviews r where r.service_id = s.id) as "publishedReviews"
  from public.hospital_services s join public.hospitals h on h.id = s.hospital_id join public.organizations o on o.id = s.organization_id
  where s.country_id = $1 and o.publish_reviews and s.availability <> 0`;

async function one<T>(c: Queryable, sql: string, params: unknown[], required = true): Promise<T | null> {
  const { rows } = await c.query(sql, params);
  if (!rows[0] && required) throw new Error(`no fixture for: ${sql.slice(-160)}`);
  return (rows[0] as T) ?? null;
}

export async function findDoctorFixtures(): Promise<DoctorFixtures> {
  const db = await getDatabase();
  const reviewed = (await reviewedDuringRun(db)).doctors;
  // Phones are not anon's to read (src/data/phones.ts): the services that have one, as the server reads them.
  const phoned = (await db.pool.query<{ id: string }>(`select id::text from public.hospital_services where nullif(btrim(phone), '') is not null`)).rows.map((r) => Number(r.id));
  const withPhone = async (c: Queryable, s: ServiceFixture | null) => s && { ...s, phone: (await phonesOf(c, 'hospital_services', [s.id])).get(s.id) ?? null };
  return asCaller(db, ANON, async (c) => {
    const out: DoctorFixtures['locales'] = {};
    for (const locale of LOCALES.filter((l) => LOCALE_CONFIG[l].features.doctorListings)) {
      const p = [LOCALE_CONFIG[locale].countryId];
      const sections = `(sign(${n('faqs')}) + sign(${n('publication')}) + sign(${n('awards')}) + sign(${n('memberships')})
        + sign((select count(*) from public.doctor_expertise x where x.doctor_id = d.id)) + sign((select count(*) from public.doctor_services x where x.doctor_id = d.id)))`;
      const services = LOCALE_CONFIG[locale].features.serviceListings;
      out[locale] = {
        rich: (await one<DoctorFixture>(c, `${DOCTOR} and d.id not in ${reviewed} and o.publish_reviews and ${BOOKABLE} and d.outpatient_enabled order by ${sections} desc, (select count(*) from public.reviews r where r.doctor_id = d.id) desc, d.id limit 1`, p))!,
        manyReviews: (await one<DoctorFixture>(c, `${DOCTOR} and d.id not in ${reviewed} and o.publish_reviews order by (select count(*) from public.reviews r where r.doctor_id = d.id) desc, d.id limit 1`, p))!,
        noReviews: (await one<DoctorFixture>(c, `${DOCTOR} and d.id not in ${reviewed} and o.publish_reviews and not exists (select 1 from public.reviews r where r.doctor_id = d.id) order by d.id limit 1`, p))!,
        notAvailable: (await one<DoctorFixture>(c, `${DOCTOR} and not (${BOOKABLE}) order by d.id limit 1`, p))!,
        voucher31Tele: await one<DoctorFixture>(c, `${DOCTOR} and ${BOOKABLE} and d.telemedicine_enabled and ${HAS31} order by d.id limit 1`, p, locale !== 'id-ID'),
        voucher31NoTele: await one<DoctorFixture>(c, `${DOCTOR} and ${BOOKABLE} and not d.telemedicine_enabled and ${HAS31} order by d.id limit 1`, p),
        promotedService: services ? await withPhone(c, await one<ServiceFixture>(c, `${SERVICE} and s.promotion_percent > 0 and s.price > 0 and s.id = any($2::bigint[]) order by (select count(*) from public.reviews r where r.service_id = s.id) desc, s.id limit 1`, [...p, phoned])) : null,
        manyReviewsService: services ? await one<ServiceFixture>(c, `${SERVICE} order by (select count(*) from public.reviews r where r.service_id = s.id) desc, s.id limit 1`, p) : null,
      };
    }
    const zhTwDoctor = (await one<{ slug: string }>(c, `select d.slug from public.doctors d where d.country_id = $1 order by d.id limit 1`, [LOCALE_CONFIG['zh-TW'].countryId]))!;
    const enPhService = (await one<{ slug: string; hospitalSlug: string }>(c, `select s.slug, h.slug as "hospitalSlug" from public.hospital_services s join public.hospitals h on h.id = s.hospital_id where s.country_id = $1 order by s.id limit 1`, [LOCALE_CONFIG['en-PH'].countryId]))!;
    return { locales: out, unlisted: { zhTwDoctor, enPhService } };
  });
}

export async function handleDoctorFixtures(): Promise<Response> {
  return new Response(JSON.stringify(await findDoctorFixtures()), { headers: { 'content-type': 'application/json' } });
}
