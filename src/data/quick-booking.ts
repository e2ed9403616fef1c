/**
 * Quick-booking searches (SPEC §7): doctors and services of a hospital branch, and the specialties of its doctors.
 * Run as the caller, so only published hospitals, doctors and active services are found (RLS).
 */
import { prepared, type Queryable } from './db';
import type { PriceType } from '../lib/prices';

/** SPEC §3 'Doctor quick-booking search result', plus the doctor's specialty ids for the widget. */
export interface DoctorSearchResult {
  id: number;
  name: string;
  avatar: string | null;
  slug: string;
  price: number;
  priceTo: number | null;
  priceType: PriceType;
  priceUnit: string;
  partnerGroup: boolean;
  validOutpatient: boolean;
  validTelemedicine: boolean;
  bufferTimeTele: number;
  bufferTimeOutpatient: number;
  babyFormulaCampaign: boolean;
  specialties: number[];
}

export interface ServiceSearchResult {
  id: number;
  name: string;
  slug: string;
  logo: string | null;
  price: number;
  priceTo: number | null;
  priceType: PriceType;
  priceUnit: string;
  originalPrice: number | null;
  promotion: number | null;
  bufferTime: number;
}

export interface SpecialtyResult {
  id: number;
  name: string;
  slug: string;
  thumbnail: string | null;
}

/** Results per search: a branch has tens of doctors, so this is a guard, not paging. */
export const SEARCH_LIMIT = 200;

/** ILIKE pattern matching the keyword literally anywhere in the name. */
export function containsPattern(keyword: string | undefined): string | null {
  const k = keyword?.trim();
  return k ? `%${k.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
}

export async function searchDoctors(c: Queryable, q: { hospitalBranchId: number; specialtyId?: number | null; keyword?: string }): Promise<DoctorSearchResult[]> {
  const { rows } = await c.query<DoctorSearchResult>({
    ...SEARCH_DOCTORS_SQL,
    values: [q.hospitalBranchId, q.specialtyId ?? null, containsPattern(q.keyword)],
  });
  return rows;
}

const SEARCH_DOCTORS_SQL = prepared(
  'quick_booking_doctors',
  `select d.id, d.name, d.avatar, d.slug, d.price, d.price_to as "priceTo", d.price_type as "priceType", d.price_unit as "priceUnit",
            d.partner_group as "partnerGroup", (d.outpatient_enabled) as "validOutpatient", d.telemedicine_enabled as "validTelemedicine",
            d.buffer_time_telemedicine as "bufferTimeTele", d.buffer_time_outpatient as "bufferTimeOutpatient",
            d.baby_formula_campaign as "babyFormulaCampaign",
            coalesce((select array_agg(ds.specialty_id::int order by ds.specialty_id) from public.doctor_specialties ds where ds.doctor_id = d.id), array[]::int[]) as specialties
       from (select d.*, c.currency as price_unit from public.doctors d join public.countries c on c.id = d.country_id
              where d.hospital_id = $1 and d.status = 1 and (d.outpatient_enabled or d.telemedicine_enabled)
                and ($2::bigint is null or exists (select 1 from public.doctor_specialties x where x.doctor_id = d.id and x.specialty_id = $2))
                and ($3::text is null or d.name ilike $3)) d
      order by d.name, d.id
      limit ${SEARCH_LIMIT}`,
);

/** Bookable services of a branch; packages are excluded from quick booking (SPEC §3), as are out-of-stock ones. */
export async function searchServices(c: Queryable, q: { hospitalBranchId: number; keyword?: string }): Promise<ServiceSearchResult[]> {
  const { rows } = await c.query<ServiceSearchResult>({ ...SEARCH_SERVICES_SQL, values: [q.hospitalBranchId, containsPattern(q.keyword)] });
  return rows;
}

const SEARCH_SERVICES_SQL = prepared(
  'quick_booking_services',
  `select s.id, s.name, s.slug, s.logo, s.price, s.price_to as "priceTo", s.price_type as "priceType", s.price_unit as "priceUnit",
            s.original_price as "originalPrice", s.promotion_percent as promotion, s.buffer_time as "bufferTime"
       from public.hospital_services s
      where s.hospital_id = $1 and s.status = 1 and not s.is_package and s.availability <> 0
        and ($2::text is null or s.name ilike $2)
      order by s.name, s.id
      limit ${SEARCH_LIMIT}`,
);

/** Specialties of the branch's bookable doctors: the quick-booking specialty dropdown never offers an empty one. */
export async function specialtiesOfHospital(c: Queryable, q: { hospitalId: number; keyword?: string }): Promise<SpecialtyResult[]> {
  const { rows } = await c.query<SpecialtyResult>({ ...SPECIALTIES_SQL, values: [q.hospitalId, containsPattern(q.keyword)] });
  return rows;
}

const SPECIALTIES_SQL = prepared(
  'hospital_specialties',
  `select sp.id, sp.name, sp.slug, sp.thumbnail
       from public.specialties sp
      where exists (select 1 from public.doctor_specialties ds join public.doctors d on d.id = ds.doctor_id
                     where ds.specialty_id = sp.id and d.hospital_id = $1 and d.status = 1 and (d.outpatient_enabled or d.telemedicine_enabled))
        and ($2::text is null or sp.name ilike $2)
      order by sp.name, sp.id`,
);
