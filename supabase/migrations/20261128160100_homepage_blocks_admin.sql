-- Homepage blocks in the admin (issue #40 item 1). The tables (homepage_blocks, popular_search_keys) are admin-only
-- CRUD already: RLS "Platform admins manage …" (is_platform_admin()) with per-column grants (migration
-- 20261126000100). Plain INSERT/UPDATE by authenticated stays acceptable because what the API refuses beyond
-- "not a platform admin" is refused here by the table itself, whoever writes:
--   * a block never points at an inactive directory entry or one of another market (trigger below), checked when
--     the entry is picked or changed, not when it later becomes inactive (the list warns then);
--   * a publishing window ends after it starts (check constraint).
-- The start and the end of a window change the home page without any row changing, so they are logged as
-- directory changes when they pass (public.record_homepage_window_edges, run every minute by
-- functions/homepage-window.ts): the scheduled rebuild (functions/site-rebuild.ts) then builds the page.

alter table public.homepage_blocks add constraint homepage_blocks_window_check check (ends_at is null or starts_at is null or ends_at > starts_at);
create index homepage_blocks_starts_idx on public.homepage_blocks (starts_at) where starts_at is not null;
create index homepage_blocks_ends_idx on public.homepage_blocks (ends_at) where ends_at is not null;

-- Whether a directory entry may be put on a market's home page: active and published, in that market.
create or replace function public.homepage_target_refusal(p_kind text, p_id bigint, p_country smallint) returns text
language sql stable security definer set search_path = '' as $$
  select case p_kind
    when 'top_hospital' then (select case when h.country_id <> p_country then 'market' when not public.is_hospital_published(h.id) or h.status = 0 then 'inactive' end
                                from public.hospitals h where h.id = p_id)
    when 'top_doctor' then (select case when d.country_id <> p_country then 'market' when d.status <> 1 or not public.is_hospital_published(d.hospital_id) then 'inactive' end
                              from public.doctors d where d.id = p_id)
    when 'top_service' then (select case when s.country_id <> p_country then 'market' when s.status <> 1 or not public.is_hospital_published(s.hospital_id) then 'inactive' end
                               from public.hospital_services s where s.id = p_id)
    when 'top_service_category' then (select case when h.country_id <> p_country then 'market' when not public.is_hospital_published(h.id) then 'inactive' end
                                        from public.service_categories c join public.hospitals h on h.id = c.hospital_id where c.id = p_id)
  end
$$;
revoke execute on function public.homepage_target_refusal(text, bigint, smallint) from public, anon, authenticated;

create or replace function public.homepage_blocks_guard() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  target bigint := case new.kind when 'top_hospital' then new.hospital_id when 'top_doctor' then new.doctor_id
                                 when 'top_service' then new.service_id when 'top_service_category' then new.category_id end;
  refusal text;
begin
  if new.kind in ('top_hospital', 'top_doctor', 'top_service', 'top_service_category') then
    if target is null then
      raise exception 'Choose the item this block shows.' using errcode = 'PT422';
    end if;
    -- Only when the entry is picked or changed: an entry that became inactive later stays (the list warns).
    if tg_op = 'INSERT' or target is distinct from (case old.kind when 'top_hospital' then old.hospital_id when 'top_doctor' then old.doctor_id
                                                       when 'top_service' then old.service_id when 'top_service_category' then old.category_id end)
       or new.country_id <> old.country_id then
      refusal := public.homepage_target_refusal(new.kind, target, new.country_id);
      if refusal = 'inactive' then
        raise exception 'This item is inactive and cannot be shown on the home page.' using errcode = 'PT422';
      elsif refusal = 'market' then
        raise exception 'This item belongs to another market.' using errcode = 'PT422';
      end if;
    end if;
  end if;
  return new;
end $$;
revoke execute on function public.homepage_blocks_guard() from public, anon, authenticated;
create trigger homepage_blocks_guard before insert or update on public.homepage_blocks
  for each row execute function public.homepage_blocks_guard();

-- Window edges that passed since the last run become directory changes (once each: an edge already followed by a
-- change of that block is covered). Looks back a day, so a missed run is caught up. Server-only.
create or replace function public.record_homepage_window_edges() returns integer
language plpgsql security definer set search_path = '' as $$
declare n integer;
begin
  with edges as (
    select b.id, b.country_id, e.at
      from public.homepage_blocks b
      cross join lateral (values (b.starts_at), (b.ends_at)) e(at)
     where e.at is not null and e.at <= now() and e.at > now() - interval '1 day' and b.is_active
  ), due as (
    select distinct on (d.id) d.id, d.country_id from edges d
     where not exists (select 1 from public.directory_changes c
                        where c.entity = 'homepage_blocks' and c.entity_id = d.id and c.changed_at >= d.at)
  )
  insert into public.directory_changes (entity, entity_id, country_id, action)
  select 'homepage_blocks', id, country_id, 'UPDATE' from due;
  get diagnostics n = row_count;
  return n;
end $$;
revoke execute on function public.record_homepage_window_edges() from public, anon, authenticated;
create index if not exists directory_changes_entity_idx on public.directory_changes (entity, entity_id, changed_at);
