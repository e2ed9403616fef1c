-- Scheduled rebuilds (issue #25, DESIGN "scheduled rebuilds when directory data changes"): the static site is
-- rebuilt when directory data changed. Directory writes are logged in public.directory_changes by the existing
-- triggers; the scheduled function functions/site-rebuild.ts compares the newest change with the last build it
-- started, POSTs the Netlify build hook, and records each attempt here.
--
-- Service-side only: the table lives in a schema the API does not expose, and only the scheduled function (the
-- database's own login, or service_role) writes or reads it. Staff read a summary through
-- public.site_build_status(), which checks that the caller is staff.
create schema if not exists ops;
revoke all on schema ops from public, anon, authenticated;
grant usage on schema ops to service_role;

create table ops.site_builds (
  id bigint generated always as identity primary key,
  started_at timestamptz not null default now(),
  -- 'started': the hook accepted it (Netlify builds and deploys from there); 'failed': the hook refused or did not answer.
  status text not null check (status in ('started', 'failed')),
  -- The build's title as Netlify shows it (what changed).
  title text not null check (length(title) between 1 and 200),
  -- The newest public.directory_changes id the build covers: changes above it are still waiting.
  through_change_id bigint not null,
  changes integer not null check (changes >= 0),
  error text
);
create index site_builds_started_idx on ops.site_builds (started_at desc);
comment on table ops.site_builds is 'Rebuilds of the static site started (or attempted) by the scheduled function, newest last.';

alter table ops.site_builds enable row level security;
revoke all on table ops.site_builds from public, anon, authenticated;
grant select, insert on table ops.site_builds to service_role;
create policy "Service role records site builds" on ops.site_builds for all to service_role using (true) with check (true);

-- What the admin shows: the last attempt, and the directory changes no started build covers yet.
create or replace function public.site_build_status() returns json
language plpgsql stable security definer set search_path = '' as $$
declare
  mark bigint;
  result json;
begin
  if not public.is_staff() then
    raise exception 'Only staff may read the site build status.' using errcode = '42501';
  end if;
  select coalesce(max(b.through_change_id), 0) into mark from ops.site_builds b where b.status = 'started';
  select json_build_object(
    'lastBuild', (select json_build_object('startedAt', b.started_at, 'title', b.title, 'status', b.status)
                    from ops.site_builds b order by b.started_at desc, b.id desc limit 1),
    'pendingChanges', (select count(*) from public.directory_changes c where c.id > mark),
    'oldestPendingAt', (select min(c.changed_at) from public.directory_changes c where c.id > mark))
  into result;
  return result;
end $$;
revoke execute on function public.site_build_status() from public, anon, authenticated;
grant execute on function public.site_build_status() to authenticated, service_role;
