-- pgTAP: facility (organization manager of organization 1): its organization and all its branches.
-- Its column of the table-by-table matrix is in 01_role_matrix.test.sql; these are its own rules.
begin;
select plan(9);
select tests.act_as('facility');
select is((select count(*) from public.bookings b join public.hospitals h on h.id = b.hospital_id where h.organization_id <> 1), 0::bigint, 'facility reads no booking of another organization');
select is((select count(*) from public.patients p where not exists (select 1 from public.bookings b where b.patient_user_id = p.user_id)), 0::bigint, 'facility reads only patients who booked with its organization');
select is((select count(*) from public.admin_users where organization_id is distinct from 1), 0::bigint, 'facility reads no staff of another organization');
select is((select count(*) from public.bookings), tests.total('org1_bookings'), 'facility reads every booking of its organization');
select is(tests.try('update public.hospitals set name = name where organization_id = 1'), 'rows:5', 'facility updates all five branches of its organization');
select is(tests.try('update public.hospitals set name = name where organization_id <> 1'), 'rows:0', 'facility updates no branch of another organization');
select is(tests.try($$update public.admin_users set role = 'admin' where user_id = '00000000-0000-4000-a000-000000000005'$$), 'denied', 'facility cannot make a manager a platform admin');
select is(tests.try($$update public.admin_users set organization_id = 2 where user_id = '00000000-0000-4000-a000-000000000003'$$), 'denied', 'facility cannot move itself to another organization');
select is(tests.try($$delete from public.admin_users where user_id = '00000000-0000-4000-a000-000000000005'$$), 'rows:0', 'facility cannot delete admin users (only super)');
select * from finish();
rollback;
