-- pgTAP: the scheduled rebuild's records (migration 20261126100100_site_builds). ops.site_builds is service-side
-- only; staff of every role read the summary through public.site_build_status(), nobody else does.
begin;
select plan(14);

-- ---- who may touch ops.site_builds ---------------------------------------------------------------------------
select tests.act_as('anon');
select is(tests.try($$select * from ops.site_builds$$), 'denied', 'anon may not read the build records');
select is(tests.try($$insert into ops.site_builds (status, title, through_change_id, changes) values ('started', 'x', 1, 1)$$), 'denied', 'anon may not record a build');
select is(tests.try($$select public.site_build_status()$$), 'denied', 'anon may not read the build status');
reset role;

select tests.act_as('patient');
select is(tests.try($$select * from ops.site_builds$$), 'denied', 'a patient may not read the build records');
select is(tests.try($$insert into ops.site_builds (status, title, through_change_id, changes) values ('started', 'x', 1, 1)$$), 'denied', 'a patient may not record a build');
select is(tests.try($$select public.site_build_status()$$), 'denied', 'a patient may not read the build status (not staff)');
reset role;

select tests.act_as('admin');
select is(tests.try($$select * from ops.site_builds$$), 'denied', 'staff may not read the build records directly');
select is(tests.try($$insert into ops.site_builds (status, title, through_change_id, changes) values ('started', 'x', 1, 1)$$), 'denied', 'staff may not record a build');
reset role;

select ok(has_schema_privilege('service_role', 'ops', 'usage') and has_table_privilege('service_role', 'ops.site_builds', 'select')
  and has_table_privilege('service_role', 'ops.site_builds', 'insert'), 'the service role reads and records builds');
select ok(not has_table_privilege('service_role', 'ops.site_builds', 'update') and not has_table_privilege('service_role', 'ops.site_builds', 'delete'),
  'the service role may not rewrite or delete a record');

-- ---- what staff read -------------------------------------------------------------------------------------------
insert into ops.site_builds (started_at, status, title, through_change_id, changes)
  values (now() - interval '1 hour', 'started', 'Directory changed: 2 doctors', (select max(id) from public.directory_changes), 2),
         (now() - interval '5 minutes', 'failed', 'Directory changed: 1 hospital', (select max(id) from public.directory_changes), 1);
update public.hospitals set name = name || ' ' where id = 1;
update public.doctors set name = name || ' ' where id in (1, 2);

select tests.act_as('branch');
select is((select (public.site_build_status() -> 'lastBuild' ->> 'status')), 'failed', 'a branch manager reads the last attempt, a failed one');
select is((select (public.site_build_status() -> 'lastBuild' ->> 'title')), 'Directory changed: 1 hospital', 'with its title');
select is((select (public.site_build_status() ->> 'pendingChanges')::int), 3, 'the changes since the last started build wait, a failed attempt covers none');
reset role;
select tests.act_as('super');
select ok((select (public.site_build_status() ->> 'oldestPendingAt') is not null), 'a super admin reads when the oldest waiting change was made');
reset role;

select * from finish();
rollback;
