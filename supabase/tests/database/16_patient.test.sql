-- pgTAP: patient (patient@demo.test): own profile, family members and bookings; published directory.
-- Its column of the table-by-table matrix is in 01_role_matrix.test.sql; these are its own rules.
begin;
select plan(12);
select tests.act_as('patient');
select is((select count(*) from public.bookings where patient_user_id <> auth.uid()), 0::bigint, 'patient reads only its own bookings');
select is((select count(*) from public.bookings), 6::bigint - 1, 'patient reads all five of its bookings');
select is((select count(*) from public.family_members), 2::bigint, 'patient reads its two family members');
select is(tests.try($$update public.bookings set status = 'cancelled' where idempotency_key = 'seed-demo-upcoming'$$), 'denied', 'patient cancels only through cancel_my_booking (its deadline), never by a direct update');
select is(tests.try($$update public.bookings set status = 'confirmed' where idempotency_key = 'seed-demo-tele-family'$$), 'denied', 'patient cannot confirm its own booking');
select is(tests.try($$insert into public.bookings (booking_type, appointment_type, patient_user_id, doctor_id, hospital_id, slot_id, starts_at, status, idempotency_key) select 'doctor', 'outpatient', auth.uid(), 1, 1, slot_id, starts_at, 'confirmed', 'pgtap-direct' from public.bookings limit 1$$), 'denied', 'patient books only through book_slot');
select is(tests.try('select public.book_slot((select ts.id from public.time_slots ts join public.schedules s on s.id = ts.schedule_id where s.doctor_id = 1 and ts.booked = 0 and s.working_day > current_date + 5 limit 1), ''pgtap-family-3'', 3)'), 'error:PT404', 'patient cannot book for another patient''s family member');
select is(tests.try('select public.book_slot((select ts.id from public.time_slots ts join public.schedules s on s.id = ts.schedule_id where s.doctor_id = 1 and ts.booked = 0 and s.working_day > current_date + 5 limit 1), ''pgtap-family-1'', 1)'), 'rows:1', 'patient books a slot for its own family member');
select is((select count(*) from public.campaign_phones), 0::bigint, 'patient reads no campaign phone numbers');
select is(tests.try($$update public.reviews set rate = 4, feedback = 'Updated' where patient_user_id = auth.uid()$$), 'denied', 'patient cannot rewrite a review directly (submit_review writes it once)');
select is(tests.try($$update public.reviews set is_published = not is_published where patient_user_id = auth.uid()$$), 'denied', 'patient cannot publish or hide its review (moderation)');
select is((public.campaign_eligibility('baby-formula', 1::smallint, '0901000006') ->> 'valid')::boolean, true, 'a patient is checked by its own verified phone, whatever number it sends');
select * from finish();
rollback;
