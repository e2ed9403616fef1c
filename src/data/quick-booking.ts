/**
 * Quick-booking searches (SPEC §7): doctors and services of a hospital branch, and the specialties of its doctors.
 * Run as the caller, so only published hospitals, doctors and active services are found (RLS). A branch's doctors
 * or services are loaded whole (a branch has tens) and searches filter them in memory. Each item says whether it
 * has a free slot in the schedule calls' horizon (issue #30 item 7), in the same query.
 */
import { searchText } from '../lib/keyword-match';
import type { Queryable } from './db';
import type { PriceType } from '../lib/prices';
import { bookableFirst } from '../lib/quick-booking';
import { NEAREST_HORIZON_DAYS } from '../lib/slots';

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
  /** A free slot, past the buffer, from today to NEAREST_HORIZON_DAYS later (hospital's zone), in a mode it offers. */
  hasSlots: boolean;
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
  /** A free slot, past the buffer, from today to NEAREST_HORIZON_DAYS later (hospital's zone). */
  hasSlots: boolean;
}

export interface SpecialtyResult {
  id: number;
  name: string;
  slug: string;
  thumbnail: string | null;
}

/**
 * The condition on a schedule `s` and its slot `ts` (hospital `h`; $2 now, $3 horizon days) that the slot is free
 * and bookable: a working day from today to the horizon in the hospital's zone, starting after now plus the buffer
 * (src/lib/slots bookingThreshold), and not full. `booked` still counts a hold that expired less than a minute ago
 * (booking-expiry releases them every minute; public.slot_taken, which the schedule calls use, is not the caller's
 * to run), so such a slot reads as taken for that minute: a mark, never a refusal.
 */
const FREE_SLOT_SQL = (bufferMinutes: string, s = 's') =>
  `${s}.working_day between ($2::timestamptz at time zone h.time_zone)::date and ($2::timestamptz at time zone h.time_zone)::date + $3::int
                       and (${s}.working_day + ts.started) at time zone h.time_zone > $2::timestamptz + make_interval(mins => ${bufferMinutes})
                       and ts.booked < ts.capacity and ts.withdrawn_at is null`;

/** Results per search: a branch has tens of doctors, so this is a guard, not paging. */
export const SEARCH_LIMIT = 200;

/**
 * Whether `name` contains `keyword` (trimmed; case and accents ignored as in the site search, so 'hung' finds
 * 'Hùng' and 'xet nghiem' finds 'Xét nghiệm'; literally: % and _ are characters).
 */
export function nameContains(name: string, keyword: string | undefined): boolean {
  const k = keyword ? searchText(keyword) : '';
  return !k || searchText(name).includes(k);
}

/** The first SEARCH_LIMIT items that `keep`, in list order. */
function firstResults<T>(items: readonly T[], keep: (item: T) => boolean): T[] {
  const out: T[] = [];
  for (const item of items) {
    if (out.length === SEARCH_LIMIT) break;
    if (keep(item)) out.push(item);
  }
  return out;
}

/** SPEC §7 doctor quick-booking search over a branch's loaded doctors: specialty (null: all) and keyword; bookable first. */
export const filterDoctors = (doctors: readonly DoctorSearchResult[], q: { specialtyId?: number | null; keyword?: string }): DoctorSearchResult[] =>
  firstResults(bookableFirst(doctors), (d) => (q.specialtyId == null || d.specialties.includes(q.specialtyId)) && nameContains(d.name, q.keyword));

/** Bookable services of a loaded branch list matching the keyword, those with a free slot first. */
export const filterServices = (services: readonly ServiceSearchResult[], q: { keyword?: string }): ServiceSearchResult[] => firstResults(bookableFirst(services), (s) => nameContains(s.name, q.keyword));

/** Rows of a per-branch query grouped by branch, in query order; every asked branch has a list (maybe empty). */
function byBranch<T>(ids: readonly number[], rows: (T & { hospital_id: string })[]): Map<number, T[]> {
  const out = new Map<number, T[]>(ids.map((id) => [id, []]));
  for (const { hospital_id, ...row } of rows) out.get(Number(hospital_id))?.push(row as unknown as T);
  return out;
}

/** The bookable doctors (outpatient or telemedicine) of each branch in `ids`, by name, in one query; `now` decides `hasSlots`. */
export async function loadBranchDoctors(c: Queryable, ids: readonly number[], now = Date.now()): Promise<Map<number, DoctorSearchResult[]>> {
  const { rows } = await c.query<DoctorSearchResult & { hospital_id: string }>(BRANCH_DOCTORS_SQL, [ids, new Date(now).toISOString(), NEAREST_HORIZON_DAYS]);
  return byBranch(ids, rows);
}

export async function searchDoctors(c: Queryable, q: { hospitalBranchId: number; specialtyId?: number | null; keyword?: string }, now = Date.now()): Promise<DoctorSearchResult[]> {
  return filterDoctors((await loadBranchDoctors(c, [q.hospitalBranchId], now)).get(q.hospitalBranchId)!, q);
}

const BRANCH_DOCTORS_SQL = `select d.hospital_id::text as hospital_id, d.id, d.name, d.avatar, d.slug, d.price, d.price_to as "priceTo", d.price_type as "priceType", c.currency as "priceUnit",
            d.partner_group as "partnerGroup", (d.outpatient_enabled) as "validOutpatient", d.telemedicine_enabled as "validTelemedicine",
            d.buffer_time_telemedicine as "bufferTimeTele", d.buffer_time_outpatient as "bufferTimeOutpatient",
            d.baby_formula_campaign as "babyFormulaCampaign",
            coalesce((select array_agg(ds.specialty_id::int order by ds.specialty_id) from public.doctor_specialties ds where ds.doctor_id = d.id), array[]::int[]) as specialties,
            exists (select 1 from public.schedules s join public.time_slots ts on ts.schedule_id = s.id
                     where s.doctor_id = d.id and s.hospital_id = d.hospital_id
                       and (s.kind = 'outpatient' and d.outpatient_enabled or s.kind = 'telemedicine' and d.telemedicine_enabled)
                       and ${FREE_SLOT_SQL('case when s.kind = \'outpatient\' then d.buffer_time_outpatient else d.buffer_time_telemedicine end')}) as "hasSlots"
       from public.doctors d join public.countries c on c.id = d.country_id join public.hospitals h on h.id = d.hospital_id
      where d.hospital_id = any($1::bigint[]) and d.status = 1 and (d.outpatient_enabled or d.telemedicine_enabled)
      order by d.hospital_id, d.name, d.id`;

/** Bookable services of each branch in `ids`, by name; packages are excluded from quick booking (SPEC §3), as are out-of-stock ones. */
export async function loadBranchServices(c: Queryable, ids: readonly number[], now = Date.now()): Promise<Map<number, ServiceSearchResult[]>> {
  const { rows } = await c.query<ServiceSearchResult & { hospital_id: string }>(BRANCH_SERVICES_SQL, [ids, new Date(now).toISOString(), NEAREST_HORIZON_DAYS]);
  return byBranch(ids, rows);
}

export async function searchServices(c: Queryable, q: { hospitalBranchId: number; keyword?: string }, now = Date.now()): Promise<ServiceSearchResult[]> {
  return filterServices((await loadBranchServices(c, [q.hospitalBranchId], now)).get(q.hospitalBranchId)!, q);
}

const BRANCH_SERVICES_SQL = `select s.hospital_id::text as hospital_id, s.id, s.name, s.slug, s.logo, s.price, s.price_to as "priceTo", s.price_type as "priceType", s.price_unit as "priceUnit",
            s.original_price as "originalPrice", s.promotion_percent as promotion, s.buffer_time as "bufferTime",
            exists (select 1 from public.schedules sc join public.time_slots ts on ts.schedule_id = sc.id
                     where sc.service_id = s.id and sc.hospital_id = s.hospital_id and ${FREE_SLOT_SQL('s.buffer_time', 'sc')}) as "hasSlots"
       from public.hospital_services s join public.hospitals h on h.id = s.hospital_id
      where s.hospital_id = any($1::bigint[]) and s.status = 1 and not s.is_package and s.availability <> 0
      order by s.hospital_id, s.name, s.id`;

/** Specialties of each branch's bookable doctors in `ids`, by name: the quick-booking specialty dropdown never offers an empty one. */
export async function loadBranchSpecialties(c: Queryable, ids: readonly number[]): Promise<Map<number, SpecialtyResult[]>> {
  const { rows } = await c.query<SpecialtyResult & { hospital_id: string }>(BRANCH_SPECIALTIES_SQL, [ids]);
  return byBranch(ids, rows);
}

/** Specialties of a loaded branch list whose name contains the keyword. */
export const filterSpecialties = (specialties: readonly SpecialtyResult[], q: { keyword?: string }): SpecialtyResult[] => specialties.filter((s) => nameContains(s.name, q.keyword));

export async function specialtiesOfHospital(c: Queryable, q: { hospitalId: number; keyword?: string }): Promise<SpecialtyResult[]> {
  return filterSpecialties((await loadBranchSpecialties(c, [q.hospitalId])).get(q.hospitalId)!, q);
}

const BRANCH_SPECIALTIES_SQL = `select distinct d.hospital_id::text as hospital_id, sp.id, sp.name, sp.slug, sp.thumbnail
       from public.doctors d
       join public.doctor_specialties ds on ds.doctor_id = d.id
       join public.specialties sp on sp.id = ds.specialty_id
      where d.hospital_id = any($1::bigint[]) and d.status = 1 and (d.outpatient_enabled or d.telemedicine_enabled)
      order by 1, sp.name, sp.id`;
