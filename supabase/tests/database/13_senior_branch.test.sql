-- pgTAP: senior_branch (branches 1 and 2 of organization 1): its assigned branches only.
-- Its column of the table-by-table matrix is in 01_role_matrix.test.sql; these are its own rules.
begin;
select plan(4);
select tests.act_as('senior_branch');
select is((select count(*) from public.bookings where hospital_id not in (1, 2)), 0::bigint, 'senior branch manager reads no booking outside its branches, even in its organization');
select is(tests.try('update public.hospitals set name = name where id = 3'), 'rows:0', 'senior branch manager cannot edit an unassigned branch of its organization');
select is(tests.try('update public.hospitals set name = name where id in (1, 2)'), 'rows:2', 'senior branch manager edits both of its branches');
select is((select count(*) from public.admin_users where role not in ('senior_branch', 'branch')), 0::bigint, 'senior branch manager sees only branch-level staff');
select * from finish();
rollback;
