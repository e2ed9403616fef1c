-- Website navigation in the admin (issue #40 item 2). public.website_nav is admin-only CRUD already (RLS "Platform
-- admins manage website navigation", per-column grants); plain writes stay acceptable because the table refuses
-- what the API refuses beyond the role, whoever writes: a menu has two levels (a child's parent is a top-level entry
-- of the same market), and a link is a page path or an https address. The check of every link against the built
-- pages needs the site, so it runs in the save call (functions/admin-website-nav.ts) before anything is written.

alter table public.website_nav add constraint website_nav_url_check check (url ~ '^(/[^/]|/$|https://)');
alter table public.website_nav add constraint website_nav_label_check check (length(btrim(label)) between 1 and 40);

create or replace function public.website_nav_guard() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  grand bigint;
  market smallint;
begin
  if new.parent_id is not null then
    select w.parent_id, w.country_id into grand, market from public.website_nav w where w.id = new.parent_id;
    if grand is not null then
      raise exception 'The menu has two levels: an entry under a sub-entry is not allowed.' using errcode = 'PT422';
    end if;
    if market is distinct from new.country_id then
      raise exception 'A sub-entry belongs to the market of its parent.' using errcode = 'PT422';
    end if;
  end if;
  return new;
end $$;
revoke execute on function public.website_nav_guard() from public, anon, authenticated;
create trigger website_nav_guard before insert or update of parent_id, country_id on public.website_nav
  for each row execute function public.website_nav_guard();
