-- pgTAP: the CSV imports (issue #29 item 5; migration 20261128000200): who may start an import, read it and its
-- rows, update its progress and write its lines. Managers other than doctors start imports in their own
-- organization; the starter, the organization's facility manager and platform admins read them; only the starter
-- (or a platform admin) updates one and writes its lines; doctors, patients and anon nothing.
begin;
select plan(22);

select tests.act_as('facility');
select lives_ok($$insert into public.imports (country_id, import_type, organization_id, created_by, file_name)
  values (1, 'doctor', 1, '00000000-0000-4000-a000-000000000003', 'p67-facility')$$, 'a facility manager starts an import in its organization');
select is(tests.try($$insert into public.imports (country_id, import_type, organization_id, created_by, file_name)
  values (1, 'doctor', 2, '00000000-0000-4000-a000-000000000003', 'p67-facility-org2')$$), 'denied', 'not in another organization');
select is(tests.try($$insert into public.imports (country_id, import_type, organization_id, created_by, file_name)
  values (1, 'doctor', 1, '00000000-0000-4000-a000-000000000005', 'p67-as-other')$$), 'denied', 'nor in someone else''s name');
select lives_ok($$insert into public.import_rows (import_id, line, data, status) select id, 2, '{}', 'success' from public.imports where file_name = 'p67-facility'$$, 'the starter writes a line of its import');
select lives_ok($$update public.imports set status = 'warning', percent = 100, success = 1, failed = 1 where file_name = 'p67-facility'$$, 'the starter updates its progress and final status');
select is(tests.try($$update public.imports set organization_id = 2 where file_name = 'p67-facility'$$), 'denied', 'but cannot move it into another organization');
select is(tests.try($$update public.imports set created_by = '00000000-0000-4000-a000-000000000005' where file_name = 'p67-facility'$$), 'denied', 'nor hand it to someone else');
reset role;
create table tests.p67 as select id from public.imports where file_name = 'p67-facility';
grant select on tests.p67 to authenticated;

select tests.act_as('branch');
select lives_ok($$insert into public.imports (country_id, import_type, organization_id, created_by, file_name)
  values (1, 'doctor', 1, '00000000-0000-4000-a000-000000000005', 'p67-branch')$$, 'a branch manager starts an import');
select is((select array_agg(file_name order by file_name) from public.imports where file_name like 'p67-%'), array['p67-branch'], 'and reads only its own');
select is(tests.try($$update public.imports set percent = 50 where file_name = 'p67-facility'$$), 'rows:0', 'it cannot update the facility manager''s import');
select is(tests.try($$insert into public.import_rows (import_id, line, data, status) select id, 3, '{}', 'failed' from public.imports where file_name = 'p67-facility'$$), 'rows:0', 'nor write its lines (it cannot see it)');
select is(tests.try($$insert into public.import_rows (import_id, line, data, status) values ((select id from tests.p67), 9, '{}', 'failed')$$), 'denied', 'a line of an import it did not start is refused');
reset role;

select tests.act_as('facility');
select is((select array_agg(file_name order by file_name) from public.imports where file_name like 'p67-%'), array['p67-branch', 'p67-facility'], 'the facility manager reads its organization''s imports');
select is((select count(*)::int from public.imports where organization_id = 2), 0, 'not another organization''s');
select is((select count(*)::int from public.import_rows r join public.imports i on i.id = r.import_id where i.file_name = 'p67-facility'), 1, 'and the lines of the imports it reads');
select is((select count(*)::int from public.import_rows r join public.imports i on i.id = r.import_id where i.organization_id = 2), 0, 'not the lines of another organization''s');
reset role;

select tests.act_as('admin');
select is((select count(*)::int from public.imports where file_name like 'p67-%' or organization_id = 2), 3, 'a platform admin reads every import');
reset role;

select tests.act_as('doctor');
select is(tests.try($$insert into public.imports (country_id, import_type, organization_id, created_by, file_name)
  values (1, 'doctor', 1, '00000000-0000-4000-a000-000000000006', 'p67-doctor')$$), 'denied', 'the doctor role has no imports');
select is((select count(*)::int from public.imports), 0, 'and reads none');
reset role;

select tests.act_as('patient');
select is(tests.try($$insert into public.imports (country_id, import_type, organization_id, created_by, file_name)
  values (1, 'doctor', 1, '00000000-0000-4000-a000-000000000007', 'p67-patient')$$), 'denied', 'a patient starts none');
select is((select count(*)::int from public.import_rows), 0, 'and reads no line');
reset role;

select tests.act_as('anon');
select is(tests.try('select 1 from public.imports'), 'denied', 'anon is refused the table');
reset role;

select * from finish();
rollback;
