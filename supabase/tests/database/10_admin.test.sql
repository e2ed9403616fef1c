-- pgTAP: admin (platform admin): sees and manages everything, but does not delete admin users.
-- Its column of the table-by-table matrix is in 01_role_matrix.test.sql; these are its own rules.
begin;
select plan(3);
select tests.act_as('admin');
select is((select count(*) from public.bookings), tests.total('bookings'), 'admin sees every booking');
select is((select count(*) from public.admin_users), tests.total('admin_users'), 'admin sees every admin user');
select is((select count(*) from public.hospitals), tests.total('hospitals'), 'admin sees unpublished hospitals too');
select * from finish();
rollback;
