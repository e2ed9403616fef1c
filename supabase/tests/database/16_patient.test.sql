-- pgTAP: patient (patient@demo.test): own profile, family members and bookings; published directory.
-- For every public table: may it select, insert, update and delete a row in its scope ("in": organization 1,
-- branch 1, doctor 1, patient@demo.test) and one outside it ("out": organization 2, branch 6,
-- patient-other@demo.test)? Codes per table, in the order select in/out, insert in/out, update in/out,
-- delete in/out: Y one row / done, N no row (filtered by row-level security), D denied (42501); refused by the
-- data itself whoever asks: U unique, F foreign key (e.g. a doctor with bookings), K check.
begin;
create temp table expectations (tbl text primary key, codes text not null check (codes ~ '^[YNDUFK]{8}$'));
grant select on expectations to public;
insert into expectations values
  ('admin_user_branches', 'NNDDNNNN'),
  ('admin_users', 'NNDDNNNN'),
  ('articles', 'YYDDNNNN'),
  ('bookings', 'YNDDDNNN'),
  ('campaign_phones', 'NNDDNNNN'),
  ('campaigns', 'NNDDNNNN'),
  ('clients', 'YYDDNNNN'),
  ('countries', 'YYDDNNNN'),
  ('data_history', 'NNDDDDDD'),
  ('directory_changes', 'NNDDDDDD'),
  ('doctor_academies', 'YYDDNNNN'),
  ('doctor_expertise', 'YYDDNNNN'),
  ('doctor_services', 'YYDDNNNN'),
  ('doctor_specialties', 'YYDDNNNN'),
  ('doctor_tiers', 'YYDDNNNN'),
  ('doctors', 'YYDDNNNN'),
  ('expertise', 'YYDDNNNN'),
  ('family_members', 'YNYDYNYN'),
  ('homepage_blocks', 'YYDDNNNN'),
  ('hospital_insurances', 'YYDDNNNN'),
  ('hospital_payment_methods', 'YYDDNNNN'),
  ('hospital_services', 'YYDDNNNN'),
  ('hospital_specialties', 'YYDDNNNN'),
  ('hospitals', 'YYDDNNNN'),
  ('import_rows', 'NNDDNNNN'),
  ('imports', 'NNDDNNNN'),
  ('insurances', 'YYDDNNNN'),
  ('organizations', 'YYDDNNNN'),
  ('patients', 'YNDDYNNN'),
  ('payment_methods', 'YYDDNNNN'),
  ('popular_search_keys', 'YYDDNNNN'),
  ('reviews', 'YYDDYNNN'),
  ('schedules', 'YYDDNNNN'),
  ('service_categories', 'YYDDNNNN'),
  ('specialties', 'YYDDNNNN'),
  ('time_slots', 'YYDDNNNN'),
  ('vaccine_details', 'YYDDNNNN'),
  ('vaccines', 'YYDDNNNN'),
  ('voucher_targets', 'YYDDNNNN'),
  ('vouchers', 'YYDDNNNN'),
  ('website_nav', 'YYDDNNNN');
create temp table totals as select
  (select count(*) from public.bookings) as bookings, (select count(*) from public.admin_users) as admin_users,
  (select count(*) from public.hospitals) as hospitals, (select count(*) from public.patients) as patients,
  (select count(*) from public.bookings b join public.hospitals h on h.id = b.hospital_id where h.organization_id = 1) as org1_bookings,
  (select count(*) from public.reviews where doctor_id = 1) as doctor1_reviews,
  (select count(*) from public.hospitals h join public.organizations o on o.id = h.organization_id where h.is_active and o.is_active) as published_hospitals;
grant select on totals to public;
select plan((select count(*)::int * 8 from expectations) + 1 + 12);
select is((select count(*) from expectations), (select count(distinct tbl) from tests.fixtures), 'expectations cover every table of the fixtures');
select tests.act_as('patient');
select is(tests.try(o.statement), tests.expected(substr(e.codes, o.pos, 1)), format('patient: %s the %s row of %s', o.op, o.target, o.tbl))
  from tests.operations o join expectations e using (tbl) order by o.tbl, o.pos;
select is((select count(*) from public.bookings where patient_user_id <> auth.uid()), 0::bigint, 'patient reads only its own bookings');
select is((select count(*) from public.bookings), 6::bigint - 1, 'patient reads all five of its bookings');
select is((select count(*) from public.family_members), 2::bigint, 'patient reads its two family members');
select is(tests.try($$update public.bookings set status = 'cancelled' where idempotency_key = 'seed-demo-upcoming'$$), 'rows:1', 'patient cancels its own booking');
select is(tests.try($$update public.bookings set status = 'confirmed' where idempotency_key = 'seed-demo-tele-family'$$), 'denied', 'patient cannot confirm its own booking');
select is(tests.try($$insert into public.bookings (booking_type, appointment_type, patient_user_id, doctor_id, hospital_id, slot_id, starts_at, status, idempotency_key) select 'doctor', 'outpatient', auth.uid(), 1, 1, slot_id, starts_at, 'confirmed', 'pgtap-direct' from public.bookings limit 1$$), 'denied', 'patient books only through book_slot');
select is(tests.try('select public.book_slot((select ts.id from public.time_slots ts join public.schedules s on s.id = ts.schedule_id where s.doctor_id = 1 and ts.booked = 0 and s.working_day > current_date + 5 limit 1), ''pgtap-family-3'', 3)'), 'error:PT404', 'patient cannot book for another patient''s family member');
select is(tests.try('select public.book_slot((select ts.id from public.time_slots ts join public.schedules s on s.id = ts.schedule_id where s.doctor_id = 1 and ts.booked = 0 and s.working_day > current_date + 5 limit 1), ''pgtap-family-1'', 1)'), 'rows:1', 'patient books a slot for its own family member');
select is((select count(*) from public.campaign_phones), 0::bigint, 'patient reads no campaign phone numbers');
select is(tests.try($$update public.reviews set rate = 4, feedback = 'Updated' where patient_user_id = auth.uid()$$), 'rows:1', 'patient edits the rating and feedback of its review');
select is(tests.try($$update public.reviews set is_published = not is_published where patient_user_id = auth.uid()$$), 'denied', 'patient cannot publish or hide its review (moderation)');
select is((public.campaign_eligibility('baby-formula', 1::smallint, '0901000006') ->> 'valid')::boolean, true, 'a patient is checked by its own verified phone, whatever number it sends');
select * from finish();
rollback;
