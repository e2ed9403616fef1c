/**
 * Directory search queries (GET /api/search): hospitals, doctors and services of one country matching a
 * keyword, as the caller sees them (RLS). Every word of the keyword must occur in the name (ILIKE, served by the
 * trigram indexes); hospitals are also found by their city, a specialty or a service they offer, and names by
 * their romanized slug (a keyword typed without diacritics). Ranked by how the match was made, then by
 * pg_trgm similarity() to the whole keyword (never the % or <-> operators: DESIGN §10), then by name.
 */
import type { Queryable } from './db';
import { containsPattern, slugKeyword, SEARCH_RESULT_LIMIT } from '../lib/search';

/** Search results are the same cards as the home page's blocks: one row shape for both. */
export type { BlockHospital as SearchHospitalRow, BlockDoctor as SearchDoctorRow, BlockService as SearchServiceRow } from './homepage';
import type { BlockHospital as SearchHospitalRow, BlockDoctor as SearchDoctorRow, BlockService as SearchServiceRow } from './homepage';

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

/** Words of a keyword beyond this many are ignored (the first ones already narrow the search). */
export const MAX_KEYWORD_WORDS = 6;

/** Each whitespace-separated word of the keyword as an ILIKE pattern (a CJK keyword is one word). */
export function wordPatterns(keyword: string): string[] {
  return keyword.trim().split(/\s+/).filter(Boolean).slice(0, MAX_KEYWORD_WORDS).map(containsPattern);
}

const HOSPITAL_REF = `json_build_object('name', h.name, 'slug', h.slug, 'websiteUrl', h.website_url, 'bookingUrl', h.booking_url)`;

/**
 * Set-based: each way of matching is one indexed scan of one table (never a subquery per row, which RLS would
 * multiply), the best rank per entity is kept, and only the page of results is decorated.
 */
export async function searchDirectory(c: Queryable, input: SearchInput): Promise<SearchRows> {
  const limit = input.limit ?? SEARCH_RESULT_LIMIT;
  const words = wordPatterns(input.keyword);
  const slug = slugKeyword(input.keyword);
  // $1 country, $2 the whole keyword (similarity), $3 slug pattern or null, $4 limit, $5… one pattern per word.
  const params: unknown[] = [input.countryId, input.keyword.trim(), slug ? containsPattern(slug) : null, limit, ...words];
  const all = (column: string) => words.map((_, i) => `${column} ilike $${i + 5}`).join(' and ');

  const hospitals = await c.query(
    `with m as (
       select h.id, 0 as rank from public.hospitals h where h.country_id = $1 and ${all('h.name')}
       union all select h.id, 1 from public.hospitals h where h.country_id = $1 and $3::text is not null and h.slug ilike $3
       union all select h.id, 2 from public.hospitals h where h.country_id = $1 and ((${all('h.city')}) or (${all('h.address')}))
       union all select hs.hospital_id, 3 from public.specialties sp join public.hospital_specialties hs on hs.specialty_id = sp.id
                  where sp.country_id = $1 and ${all('sp.name')}
       union all select s.hospital_id, 4 from public.hospital_services s where s.country_id = $1 and ${all('s.name')}
     ), best as (select id, min(rank) as rank from m group by id)
     select h.id::int as id, h.name, h.slug, h.address, h.city, coalesce(h.logo, o.logo) as logo, h.website_url as "websiteUrl",
            h.booking_url as "bookingUrl"
       from best
       join public.hospitals h on h.id = best.id
       join public.organizations o on o.id = h.organization_id
      order by best.rank, extensions.similarity(h.name, $2) desc, h.name, h.id
      limit $4`,
    params,
  );
  const ids = hospitals.rows.map((r) => r.id as number);
  const ratings = ids.length
    ? await c.query(`select hospital_id::int as id, avg(rate)::float8 as rating, count(*)::int as total from public.reviews where hospital_id = any ($1::bigint[]) group by hospital_id`, [ids])
    : { rows: [] };
  const byId = new Map(ratings.rows.map((r) => [r.id as number, r]));

  const doctors = input.doctors
    ? await c.query(
        `with m as (
           select d.id, 0 as rank from public.doctors d where d.country_id = $1 and ${all('d.name')}
           union all select d.id, 1 from public.doctors d where d.country_id = $1 and $3::text is not null and d.slug ilike $3
           union all select ds.doctor_id, 2 from public.specialties sp join public.doctor_specialties ds on ds.specialty_id = sp.id
                      where sp.country_id = $1 and ${all('sp.name')}
         ), best as (select id, min(rank) as rank from m group by id),
         page as (
           select d.id, best.rank, extensions.similarity(d.name, $2) as score
             from best join public.doctors d on d.id = best.id join public.hospitals h on h.id = d.hospital_id
            order by best.rank, score desc, d.name, d.id
            limit $4)
         select d.id::int as id, d.name, d.slug, d.avatar, d.booking_url as "bookingUrl",
                coalesce((select json_agg(sp.name order by sp.name) from public.doctor_specialties ds join public.specialties sp on sp.id = ds.specialty_id
                           where ds.doctor_id = d.id), '[]'::json) as specialties,
                ${HOSPITAL_REF} as hospital
           from page join public.doctors d on d.id = page.id join public.hospitals h on h.id = d.hospital_id
          order by page.rank, page.score desc, d.name, d.id`,
        params,
      )
    : { rows: [] };

  const services = input.services
    ? await c.query(
        `with m as (
           select s.id, 0 as rank from public.hospital_services s where s.country_id = $1 and ${all('s.name')}
           union all select s.id, 1 from public.hospital_services s where s.country_id = $1 and $3::text is not null and s.slug ilike $3
         ), best as (select id, min(rank) as rank from m group by id)
         select s.id::int as id, s.name, s.slug, coalesce(s.logo, h.logo) as logo, s.price::float8 as price, s.price_to::float8 as "priceTo",
                s.price_type as "priceType", s.original_price::float8 as "originalPrice", s.promotion_percent as promotion, s.price_unit as currency,
                ${HOSPITAL_REF} as hospital
           from best join public.hospital_services s on s.id = best.id join public.hospitals h on h.id = s.hospital_id
          order by best.rank, extensions.similarity(s.name, $2) desc, s.name, s.id
          limit $4`,
        params,
      )
    : { rows: [] };

  return {
    hospitals: hospitals.rows.map((h) => ({
      ...h,
      rating: Number(byId.get(h.id)?.rating ?? 0),
      totalReviews: Number(byId.get(h.id)?.total ?? 0),
    })) as SearchHospitalRow[],
    doctors: doctors.rows as SearchDoctorRow[],
    services: services.rows.map((s) => ({ ...s, currency: s.currency?.trim() ?? null })) as SearchServiceRow[],
  };
}
