-- pgTAP: branch (branch 1 of organization 1): its own branch only.
-- Its column of the table-by-table matrix is in 01_role_matrix.test.sql; these are its own rules.
begin;
select plan(4);
select tests.act_as('branch');
select is((select count(*) from public.bookings where hospital_id <> 1), 0::bigint, 'branch manager reads no booking of another branch');
select is(tests.try('update public.doctors set name = name where hospital_id = 2'), 'rows:0', 'branch manager cannot edit doctors of another branch');
select is(tests.try('update public.doctors set hospital_id = 2 where id = 1'), 'denied', 'branch manager cannot move a doctor out of its branch');
select is((select count(*) from public.admin_users), 1::bigint, 'branch manager sees only its own account');
select * from finish();
rollback;
