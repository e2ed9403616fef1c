-- pgTAP: doctor (doctor 1 at branch 1): own profile, schedule, appointments and reviews.
-- Its column of the table-by-table matrix is in 01_role_matrix.test.sql; these are its own rules.
begin;
select plan(8);
select tests.act_as('doctor');
select is((select count(*) from public.bookings where doctor_id is distinct from 1), 0::bigint, 'doctor reads only its own appointments');
select is((select count(*) from public.bookings) > 0, true, 'doctor reads its appointments');
select is(tests.try('update public.doctors set status = 0 where id = 1'), 'denied', 'doctor cannot change its own status');
select is(tests.try('update public.doctors set hospital_id = 6 where id = 1'), 'denied', 'doctor cannot move itself to another branch');
select is(tests.try('update public.doctors set glance = glance where id <> 1'), 'rows:0', 'doctor cannot edit other doctors');
select is(tests.try('update public.doctors set telemedicine_enabled = not telemedicine_enabled where id = 1'), 'denied', 'doctor cannot toggle its own telemedicine (an admin row action)');
select is(tests.try($$update public.doctors set description = 'Updated', languages = array['English'] where id = 1$$), 'rows:1', 'doctor edits its own description and languages');
select is((select count(*) from public.reviews where doctor_id = 1), tests.total('doctor1_reviews'), 'doctor reads all its reviews, published or not');
select * from finish();
rollback;
