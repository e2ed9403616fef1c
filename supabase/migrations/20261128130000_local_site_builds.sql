-- The local rebuild (issue 37): under `npm start` a directory change rebuilds the static site on this machine and
-- publishes it when done (scripts/lib/local-rebuild.ts). Its attempts are recorded in ops.site_builds beside the
-- Netlify build hook's, so the admin's site-build card shows both:
--   'building'  : a local build is running; it covers the changes up to through_change_id;
--   'published' : it finished and the local server serves it (finished_at);
--   'failed'    : the hook refused, or the local build failed (its changes wait again).
-- Still written only by the server itself (the database's own login or service_role), never by an API role.
alter table ops.site_builds drop constraint if exists site_builds_status_check;
alter table ops.site_builds add constraint site_builds_status_check check (status in ('started', 'failed', 'building', 'published'));
alter table ops.site_builds add column finished_at timestamptz;
comment on column ops.site_builds.finished_at is 'When a local build finished (published or failed); null while building and for hook builds.';
grant update (status, finished_at, error) on table ops.site_builds to service_role;
-- At most one local build runs at a time: a second server on the same database waits for it.
create unique index site_builds_one_building_idx on ops.site_builds ((true)) where status = 'building';

-- As before, with the local states: changes a running or published local build covers are not waiting.
create or replace function public.site_build_status() returns json
language plpgsql stable security definer set search_path = '' as $$
declare
  mark bigint;
  result json;
begin
  if not public.is_staff() then
    raise exception 'Only staff may read the site build status.' using errcode = '42501';
  end if;
  select coalesce(max(b.through_change_id), 0) into mark from ops.site_builds b where b.status in ('started', 'building', 'published');
  select json_build_object(
    'lastBuild', (select json_build_object('startedAt', b.started_at, 'title', b.title, 'status', b.status, 'finishedAt', b.finished_at)
                    from ops.site_builds b order by b.started_at desc, b.id desc limit 1),
    'pendingChanges', (select count(*) from public.directory_changes c where c.id > mark),
    'oldestPendingAt', (select min(c.changed_at) from public.directory_changes c where c.id > mark))
  into result;
  return result;
end $$;
revoke execute on function public.site_build_status() from public, anon, authenticated;
grant execute on function public.site_build_status() to authenticated, service_role;
