-- The admin doctor list's page of ids (issue #29; budget: a keyword search and the last page cost at most 1.5x the
-- first, unfiltered page at 50,000 doctors).
--
-- Why a security definer function: under row-level security PostgreSQL only lets leakproof operators into an index
-- condition, and ILIKE is not leakproof, so the name search could never use public.doctors_name_trgm_idx and read
-- every doctor of the market with ILIKE on each row (measured at 50,000 doctors as a platform admin: 61 ms against
-- 36 ms unfiltered; through the trigram index, 15 ms). The function applies the same scope the admin screens read
-- with (src/data/admin-doctors.ts MANAGED_DOCTOR: platform admins, the caller's hospitals, the doctor's own row),
-- which is narrower than what the doctors' select policy lets the caller read, so it reveals nothing RLS would hide.
-- It answers ids only; the page's details are read as the caller, under row-level security.
create or replace function public.admin_doctor_id_page(
  p_country_id bigint, p_organization_id bigint, p_hospital_id bigint, p_specialty_id bigint, p_keyword text,
  p_from integer, p_to integer
) returns table (total integer, page bigint[])
language plpgsql stable security definer set search_path = '' as $$
declare
  conditions text[] := array[
    '((select public.is_platform_admin()) or d.hospital_id = any ((select public.staff_hospital_ids())::bigint[]) or d.id = (select public.current_doctor_id()))'];
begin
  if p_from < 1 or p_to < p_from or p_to - p_from > 100 then
    raise exception 'A page is 1 to 100 doctors' using errcode = '22023';
  end if;
  -- Only the filters given become conditions, so each call is planned for its own filters (EXECUTE plans anew).
  if p_country_id is not null then conditions := conditions || text 'd.country_id = $1'; end if;
  if p_organization_id is not null then conditions := conditions || text 'd.organization_id = $2'; end if;
  if p_hospital_id is not null then conditions := conditions || text 'd.hospital_id = $3'; end if;
  if p_specialty_id is not null then
    conditions := conditions || text 'exists (select 1 from public.doctor_specialties s where s.doctor_id = d.id and s.specialty_id = $4)';
  end if;
  if p_keyword is not null then
    conditions := conditions || text $c$d.name ilike '%' || replace(replace(replace($5, '\', '\\'), '%', '\%'), '_', '\_') || '%'$c$;
  end if;
  -- One pass counts the matches and keeps their ids newest first; the page is sliced from it, so the last page
  -- reads no more than the first (an OFFSET would walk every skipped row again).
  return query execute
    'select count(*)::int, (array_agg(d.id order by d.id desc))[$6:$7] from public.doctors d where ' || array_to_string(conditions, ' and ')
    using p_country_id, p_organization_id, p_hospital_id, p_specialty_id, p_keyword, p_from, p_to;
end $$;
revoke execute on function public.admin_doctor_id_page(bigint, bigint, bigint, bigint, text, integer, integer) from public, anon;
grant execute on function public.admin_doctor_id_page(bigint, bigint, bigint, bigint, text, integer, integer) to authenticated, service_role;

-- With GIN's default fast update, names inserted since the last vacuum sit in the index's unsorted pending list:
-- every search scans all of it, and the planner, costing that list, preferred a sequential scan (seen after a bulk
-- load of 48,000 doctors). Doctor names are written rarely (staff edits, imports of at most 50 rows) and searched
-- on every keystroke pause, so each write merges its entries at once.
alter index public.doctors_name_trgm_idx set (fastupdate = off);
select pg_catalog.gin_clean_pending_list('public.doctors_name_trgm_idx'::regclass);
