-- Admin organizations and branches (issue 37). Two rules a policy cannot say on its own:
--
-- 1. Creating an organization (SPEC §6: platform admins always; an organization manager only while it has no
--    organization) also makes the organization manager its member: public.admin_create_organization does both in one
--    transaction, as its owner, after the same check; the data history of organizations and admin_users is written
--    by their existing triggers (auth.uid() is the caller's).
-- 2. A branch's managers (senior branch and branch managers included) edit its profile, hours, texts, pictures and
--    lists, but only platform admins and its organization manager change what publishes it: is_active, the indexing
--    status (status, exclude_from_index) and the organization it belongs to (hospitals_guard_publication).

create or replace function public.admin_create_organization(p_country_id smallint, p_name text, p_slug text, p_logo text, p_website_url text, p_publish_reviews boolean)
returns bigint
language plpgsql security definer set search_path = '' as $$
declare
  caller_role text := public.staff_role();
  base text;
  candidate text;
  n integer := 1;
  new_id bigint;
begin
  if not (public.is_platform_admin() or coalesce(caller_role = 'facility' and public.staff_organization_id() is null, false)) then
    raise exception 'Only platform admins, or an organization manager without an organization, create organizations.' using errcode = '42501';
  end if;
  if p_name is null or length(btrim(p_name)) = 0 or length(p_name) > 255 then
    raise exception 'name: This field is required' using errcode = '22023';
  end if;
  if not exists (select 1 from public.countries c where c.id = p_country_id) then
    raise exception 'country_id: Invalid format' using errcode = '22023';
  end if;
  -- The slug comes from the name (src/lib/admin-doctors.ts doctorSlug: ASCII, diacritics removed); unique per market here.
  base := coalesce(nullif(btrim(regexp_replace(lower(coalesce(p_slug, '')), '[^a-z0-9]+', '-', 'g'), '-'), ''), 'organization');
  candidate := left(base, 80);
  while exists (select 1 from public.organizations o where o.country_id = p_country_id and o.slug = candidate) loop
    n := n + 1;
    candidate := left(base, 76) || '-' || n;
  end loop;
  insert into public.organizations (country_id, name, slug, logo, website_url, publish_reviews)
  values (p_country_id, btrim(p_name), candidate, nullif(p_logo, ''), nullif(p_website_url, ''), coalesce(p_publish_reviews, true))
  returning id into new_id;
  if caller_role = 'facility' then
    update public.admin_users set organization_id = new_id, country_id = p_country_id, updated_at = now() where user_id = auth.uid();
  end if;
  return new_id;
end $$;
revoke execute on function public.admin_create_organization(smallint, text, text, text, text, boolean) from public, anon;
grant execute on function public.admin_create_organization(smallint, text, text, text, text, boolean) to authenticated;

-- Security invoker on purpose: current_user is then the API role of the caller (as doctors_guard_self_edit).
create or replace function public.hospitals_guard_publication() returns trigger
language plpgsql security invoker set search_path = '' as $$
begin
  if current_user in ('anon', 'authenticated')
     and not (public.is_platform_admin() or (public.staff_role() = 'facility' and old.organization_id = public.staff_organization_id()))
     and (new.is_active, new.status, new.exclude_from_index, new.organization_id) is distinct from (old.is_active, old.status, old.exclude_from_index, old.organization_id) then
    raise exception 'Only platform admins and the organization manager change whether a branch is published or indexed.' using errcode = '42501';
  end if;
  return new;
end $$;
create trigger hospitals_guard_publication before update on public.hospitals
  for each row execute function public.hospitals_guard_publication();
