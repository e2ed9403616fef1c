/**
 * Directory search queries (GET /api/search): hospitals, doctors and services of one country matching a
 * keyword, as the caller sees them (RLS). Every word of the keyword must occur in the name (ILIKE, served by the
 * trigram indexes); hospitals are also found by their city, a specialty or a service they offer, and names by
 * their romanized slug (a keyword typed without diacritics). Ranked by how the match was made, then by
 * pg_trgm similarity() to the whole keyword (never the % or <-> operators: DESIGN §10), then by name.
 */
import type { Queryable } from './db';
import type { Currency } from '../../i18n/locales';
import type { PriceType } from '../lib/prices';
import { containsPattern, slugKeyword, SEARCH_RESULT_LIMIT } from '../lib/search';

export interface SearchHospitalRow {
  id: number;
  name: string;
  slug: string;
  address: string | null;
  city: string | null;
  logo: string | null;
  websiteUrl: string | null;
  bookingUrl: string | null;
  rating: number;
  totalReviews: number;
}

interface HospitalRef { name: string; slug: string; websiteUrl: string | null; bookingUrl: string | null }

export interface SearchDoctorRow {
  id: number;
  name: string;
  slug: string;
  avatar: string | null;
  bookingUrl: string | null;
  specialties: string[];
  hospital: HospitalRef;
}

export interface SearchServiceRow {
  id: number;
  name: string;
  slug: string;
  logo: string | null;
  price: number;
  priceTo: number | null;
  priceType: PriceType;
  originalPrice: number | null;
  promotion: number | null;
  currency: Currency | null;
  hospital: HospitalRef;
}

export interface SearchInput {
  countryId: number;
  keyword: string;
  doctors: boolean;
  services: boolean;
  limit?: number;
}

export interface SearchRows {
  hospitals: SearchHospitalRow[];
  doctors: SearchDoctorRow[];
  services: SearchServiceRow[];
}

/** Each whitespace-separated word of the keyword as an ILIKE pattern (a CJK keyword is one word). */
export function wordPatterns(keyword: string): string[] {
  return keyword.trim().split(/\s+/).filter(Boolean).map(containsPattern);
}

const ALL_WORDS = (column: string) => `coalesce((select bool_and(${column} ilike w) from unnest($2::text[]) w), false)`;
const HOSPITAL_REF = `json_build_object('name', h.name, 'slug', h.slug, 'websiteUrl', h.website_url, 'bookingUrl', h.booking_url)`;

export async function searchDirectory(c: Queryable, input: SearchInput): Promise<SearchRows> {
  const limit = input.limit ?? SEARCH_RESULT_LIMIT;
  const words = wordPatterns(input.keyword);
  const slug = slugKeyword(input.keyword);
  const slugPattern = slug ? containsPattern(slug) : null;
  // $1 country, $2 word patterns, $3 the whole keyword (similarity), $4 slug pattern or null, $5 limit.
  const params = [input.countryId, words, input.keyword.trim(), slugPattern, limit];

  const hospitals = await c.query(
    `select * from (
       select h.id::int as id, h.name, h.slug, h.address, h.city, coalesce(h.logo, o.logo) as logo, h.website_url as "websiteUrl",
              h.booking_url as "bookingUrl",
              case when ${ALL_WORDS('h.name')} then 0
                   when $4::text is not null and h.slug ilike $4 then 1
                   when ${ALL_WORDS('h.city')} or ${ALL_WORDS('h.address')} then 2
                   when exists (select 1 from public.hospital_specialties hs join public.specialties sp on sp.id = hs.specialty_id
                                 where hs.hospital_id = h.id and ${ALL_WORDS('sp.name')}) then 3
                   when exists (select 1 from public.hospital_services s where s.hospital_id = h.id and ${ALL_WORDS('s.name')}) then 4
              end as rank,
              extensions.similarity(h.name, $3) as score
         from public.hospitals h
         join public.organizations o on o.id = h.organization_id
        where h.country_id = $1) x
      where rank is not null
      order by rank, score desc, name, id
      limit $5`,
    params,
  );
  const ids = hospitals.rows.map((r) => r.id as number);
  const ratings = ids.length
    ? await c.query(`select hospital_id::int as id, avg(rate)::float8 as rating, count(*)::int as total from public.reviews where hospital_id = any ($1::bigint[]) group by hospital_id`, [ids])
    : { rows: [] };
  const byId = new Map(ratings.rows.map((r) => [r.id as number, r]));

  const doctors = input.doctors
    ? await c.query(
        `select * from (
           select d.id::int as id, d.name, d.slug, d.avatar, d.booking_url as "bookingUrl",
                  coalesce((select json_agg(sp.name order by sp.name) from public.doctor_specialties ds join public.specialties sp on sp.id = ds.specialty_id
                             where ds.doctor_id = d.id), '[]'::json) as specialties,
                  ${HOSPITAL_REF} as hospital,
                  case when ${ALL_WORDS('d.name')} then 0
                       when $4::text is not null and d.slug ilike $4 then 1
                       when exists (select 1 from public.doctor_specialties ds join public.specialties sp on sp.id = ds.specialty_id
                                     where ds.doctor_id = d.id and ${ALL_WORDS('sp.name')}) then 2
                  end as rank,
                  extensions.similarity(d.name, $3) as score
             from public.doctors d
             join public.hospitals h on h.id = d.hospital_id
            where d.country_id = $1) x
          where rank is not null
          order by rank, score desc, name, id
          limit $5`,
        params,
      )
    : { rows: [] };

  const services = input.services
    ? await c.query(
        `select * from (
           select s.id::int as id, s.name, s.slug, coalesce(s.logo, h.logo) as logo, s.price::float8 as price, s.price_to::float8 as "priceTo",
                  s.price_type as "priceType", s.original_price::float8 as "originalPrice", s.promotion_percent as promotion, s.price_unit as currency,
                  ${HOSPITAL_REF} as hospital,
                  case when ${ALL_WORDS('s.name')} then 0 when $4::text is not null and s.slug ilike $4 then 1 end as rank,
                  extensions.similarity(s.name, $3) as score
             from public.hospital_services s
             join public.hospitals h on h.id = s.hospital_id
            where s.country_id = $1) x
          where rank is not null
          order by rank, score desc, name, id
          limit $5`,
        params,
      )
    : { rows: [] };

  return {
    hospitals: hospitals.rows.map(({ rank: _r, score: _s, ...h }) => ({
      ...h,
      rating: Number(byId.get(h.id)?.rating ?? 0),
      totalReviews: Number(byId.get(h.id)?.total ?? 0),
    })) as SearchHospitalRow[],
    doctors: doctors.rows.map(({ rank: _r, score: _s, ...d }) => d) as SearchDoctorRow[],
    services: services.rows.map(({ rank: _r, score: _s, ...s }) => ({ ...s, currency: s.currency?.trim() ?? null })) as SearchServiceRow[],
  };
}
