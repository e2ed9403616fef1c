/**
 * Test hospitals for the hospital page end-to-end tests, chosen by querying the e2e database (the seed is
 * deterministic and has every case, but tests should not depend on its ids). The e2e server answers
 * GET /__e2e/hospital-fixtures with the choice.
 */
import type { Database } from '../../../src/data/db';
import { getDatabase } from '../../../src/data/db';
import { LOCALES, LOCALE_CONFIG, type Locale } from '../../../i18n/locales';
import { reviewedDuringRun } from './review-writers';

export interface HospitalFixture { id: number; slug: string; name: string }
export interface RichFixture extends HospitalFixture {
  organization: string;
  publishedReviews: number;
  allReviews: number;
  services: number;
  doctors: number;
  maxPromotion: number;
  specialties: number;
  images: number;
  /** The branch's logo, else its organization's; null when neither has one. */
  logo: string | null;
  phone: string;
  aDoctorName: string;
}
export interface LocaleFixtures {
  rich: RichFixture;
  noServices: HospitalFixture;
  noReviews: HospitalFixture;
  unpublishedReviews: HospitalFixture & { reviewsInDatabase: number };
  partner: HospitalFixture & { partnerDoctor: string };
  excluded: HospitalFixture;
  noStatus: HospitalFixture;
  nothingBookable: HospitalFixture;
}
export type HospitalFixtures = Record<Locale, LocaleFixtures>;

const RICH = `h.status = 1 and not h.exclude_from_index and h.show_service_category and o.is_active and o.publish_reviews
  and (select count(*) from public.hospitals x where x.organization_id = o.id) > 1
  and (select count(*) from public.hospital_specialties x where x.hospital_id = h.id) > 5
  and (select max(s.promotion_percent) from public.hospital_services s where s.hospital_id = h.id and s.status = 1) > 0
  and (select count(*) from public.reviews r where r.hospital_id = h.id and r.is_published) > 10
  and exists (select 1 from public.reviews r where r.hospital_id = h.id and not r.is_published)
  and h.phone is not null and h.latitude is not null`;

async function one<T>(db: Database, sql: string, params: unknown[]): Promise<T> {
  const { rows } = await db.pool.query(sql, params);
  if (!rows[0]) throw new Error(`no fixture hospital for: ${sql.slice(0, 120)}`);
  return rows[0] as T;
}

const BASE = `select h.id::int, h.slug, h.name from public.hospitals h join public.organizations o on o.id = h.organization_id
  where h.country_id = $1 and h.is_active and o.is_active`;

export async function findHospitalFixtures(db: Database): Promise<HospitalFixtures> {
  const out = {} as HospitalFixtures;
  const reviewed = (await reviewedDuringRun(db)).hospitals;
  for (const locale of LOCALES) {
    const c = [LOCALE_CONFIG[locale].countryId];
    out[locale] = {
      rich: await one(db, `select h.id::int, h.slug, h.name, o.name as organization, h.phone,
          (select count(*)::int from public.reviews r where r.hospital_id = h.id and r.is_published) as "publishedReviews",
          (select count(*)::int from public.reviews r where r.hospital_id = h.id) as "allReviews",
          (select count(*)::int from public.hospital_services s where s.hospital_id = h.id and s.status = 1) as services,
          (select count(*)::int from public.doctors d where d.hospital_id = h.id) as doctors,
          (select max(s.promotion_percent)::int from public.hospital_services s where s.hospital_id = h.id and s.status = 1) as "maxPromotion",
          (select count(*)::int from public.hospital_specialties x where x.hospital_id = h.id) as specialties,
          cardinality(h.images) as images, coalesce(h.logo, o.logo) as logo,
          (select d.name from public.doctors d where d.hospital_id = h.id order by d.name limit 1) as "aDoctorName"
        from public.hospitals h join public.organizations o on o.id = h.organization_id
        where h.country_id = $1 and ${RICH} and h.id not in ${reviewed} order by cardinality(h.images) desc, h.id limit 1`, c),
      noServices: await one(db, `${BASE} and h.status = 1 and not exists (select 1 from public.hospital_services s where s.hospital_id = h.id and s.status = 1)
        and exists (select 1 from public.doctors d where d.hospital_id = h.id and d.status = 1) order by h.id limit 1`, c),
      noReviews: await one(db, `${BASE} and o.publish_reviews and h.id not in ${reviewed} and not exists (select 1 from public.reviews r where r.hospital_id = h.id and r.is_published) order by h.id limit 1`, c),
      unpublishedReviews: await one<HospitalFixture>(db, `${BASE} and not o.publish_reviews and h.status = 1 and not h.exclude_from_index
        and exists (select 1 from public.reviews r where r.hospital_id = h.id) and exists (select 1 from public.hospital_services s where s.hospital_id = h.id and s.status = 1 and s.promotion_percent > 0)
        order by h.id limit 1`, c).then(async (h: HospitalFixture) => ({
        ...h,
        reviewsInDatabase: (await one<{ n: number }>(db, `select count(*)::int as n from public.reviews where hospital_id = $1`, [h.id])).n,
      })),
      partner: await one(db, `select * from (select h.id::int, h.slug, h.name,
          (select d.name from public.doctors d where d.hospital_id = h.id and d.partner_group and d.status = 1 order by d.id limit 1) as "partnerDoctor"
          from public.hospitals h join public.organizations o on o.id = h.organization_id where h.country_id = $1 and h.is_active and o.is_active) x
        where "partnerDoctor" is not null order by id limit 1`, c),
      excluded: await one(db, `${BASE} and h.exclude_from_index and h.status is not null order by h.id limit 1`, c),
      noStatus: await one(db, `${BASE} and h.status is null and not h.exclude_from_index order by h.id limit 1`, c),
      nothingBookable: await one(db, `${BASE} and not exists (select 1 from public.doctors d where d.hospital_id = h.id and d.status = 1)
        and not exists (select 1 from public.hospital_services s where s.hospital_id = h.id and s.availability <> 0) order by h.id limit 1`, c),
    };
  }
  return out;
}

/** Mount of the e2e server: GET /__e2e/hospital-fixtures. Never part of a deploy. */
export async function handleHospitalFixtures(): Promise<Response> {
  const fixtures = await findHospitalFixtures(await getDatabase());
  return new Response(JSON.stringify(fixtures), { headers: { 'content-type': 'application/json' } });
}
