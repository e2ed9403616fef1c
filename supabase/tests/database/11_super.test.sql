-- pgTAP: super (super admin): sees and manages everything, and is the only role that deletes admin users.
-- Its column of the table-by-table matrix is in 01_role_matrix.test.sql; these are its own rules.
begin;
select plan(3);
select tests.act_as('super');
select is(tests.try($$delete from public.admin_users where user_id = '00000000-0000-4000-a000-000000000005'$$), 'rows:1', 'super deletes an admin user');
select is((select count(*) from public.patients), tests.total('patients'), 'super sees every patient');
select is((select count(*) from public.data_history) > 0, true, 'super reads the data history');
select * from finish();
rollback;
