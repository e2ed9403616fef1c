/**
 * Seed of the listing pages (issue #7): the hospital type of every seeded hospital, deterministic from the
 * organization's name pattern (supabase/seed/names.ts: the third pattern of every market is a clinic). Branches 1, 3
 * and 5 of a clinic organization are dental clinics and offer the market's dentistry specialty (the seventh of
 * SPECIALTIES); the other clinic branches are 'clinic'; everything else is 'hospital'.
 * One busy doctor listing per market: in the city of the market's first hospital, every doctor with an even id
 * also practises the first specialty (cardiology), so that listing has more than one page of 20 doctors.
 */
import type { Queryable } from '../../src/data/db';

export async function seedListingData(c: Queryable): Promise<void> {
  await c.query(`
    with ranked as (
      select h.id,
             (dense_rank() over (partition by h.country_id order by h.organization_id) - 1) as o,
             (row_number() over (partition by h.organization_id order by h.id) - 1) as b
        from public.hospitals h)
    update public.hospitals h
       set hospital_type = case when r.o % 3 = 2 then case when r.b % 2 = 0 then 'dental-clinic' else 'clinic' end else 'hospital' end
      from ranked r
     where r.id = h.id`);
  await c.query(`
    insert into public.hospital_specialties (hospital_id, specialty_id)
    select h.id, s.id
      from public.hospitals h
      join (select id, country_id, row_number() over (partition by country_id order by id) as n from public.specialties) s
        on s.country_id = h.country_id and s.n = 7
     where h.hospital_type = 'dental-clinic'
    on conflict do nothing`);
  await c.query(`
    insert into public.doctor_specialties (doctor_id, specialty_id)
    select d.id, s.id
      from public.doctors d
      join public.hospitals h on h.id = d.hospital_id
      join (select id, country_id, row_number() over (partition by country_id order by id) as n from public.specialties) s
        on s.country_id = d.country_id and s.n = 1
     where d.id % 2 = 0
       and h.city_slug = (select f.city_slug from public.hospitals f where f.country_id = h.country_id order by f.id limit 1)
    on conflict do nothing`);
}
