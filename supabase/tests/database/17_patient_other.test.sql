-- pgTAP: another patient (patient-other@demo.test): sees nothing of patient@demo.test.
-- Its column of the table-by-table matrix is in 01_role_matrix.test.sql; these are its own rules.
begin;
select plan(4);
select tests.act_as('patient_other');
select is((select count(*) from public.bookings where patient_user_id <> auth.uid()), 0::bigint, 'another patient reads only its own bookings');
select is((select count(*) from public.family_members where patient_user_id = '00000000-0000-4000-a000-000000000007'), 0::bigint, 'another patient reads none of patient@demo.test''s family');
select is((select count(*) from public.patients), 1::bigint, 'another patient reads only its own profile');
select is(tests.try($$update public.bookings set status = 'cancelled' where patient_user_id = '00000000-0000-4000-a000-000000000007'$$), 'denied', 'another patient cannot cancel patient@demo.test''s bookings');
select * from finish();
rollback;
