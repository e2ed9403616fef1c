-- pgTAP: the write matrix (issue 34). `authenticated` is the role of every signed-in patient, doctor and staff
-- member, and Supabase's Data API would let any of them run a write it is granted directly, without the functions'
-- rules. So it may write only what the API itself writes as the caller: the allow-list below, one row per table with
-- the columns it may insert, the columns it may update, whether it may delete, and why. The database must match it
-- exactly: a new column, or a new grant, fails here until it is listed with its reason. Rule-bearing state changes
-- (booking status, price, slot, payment, review authorship, staff membership) are not in it: they go through
-- security definer functions (book_slot, private.confirm_hold, release_hold, cancel_my_booking,
-- reschedule_my_booking, submit_review, admin_create_staff, admin_update_staff).
-- Then each finding of the issue is tried as PostgREST would run it (role authenticated, the persona's JWT claims)
-- and must be refused.
begin;
select plan(38);

create temp table allow_list (tbl text primary key, ins text[] not null, upd text[] not null, del boolean not null, reason text not null check (reason <> ''));
insert into allow_list values
  ('admin_users', '{}', '{name,avatar,updated_at}', true,
   'staff edit their own name and photo (PUT /api/admin/me, policy: own row); a super admin deletes staff (DELETE /api/admin/users/:id)'),
  ('doctors', '{name,description,gender,provide_care,glance,phone,email,email_notification,languages,experience,education,awards,publication,memberships,faqs,hospital_id,contract,tier_id,academy_id,client_id,avatar,slug,organization_id,country_id,status}',
   '{name,description,gender,provide_care,glance,phone,email,email_notification,languages,experience,education,awards,publication,memberships,faqs,hospital_id,contract,tier_id,academy_id,client_id,avatar,status,telemedicine_enabled,buffer_time_outpatient,buffer_time_telemedicine,updated_at}', true,
   'the doctor form, status and telemedicine actions, availability buffer times and the CSV import, whose doctors start inactive (managers in scope, policy); a doctor edits its own profile columns only (doctors_guard_self_edit)'),
  ('doctor_specialties', '{doctor_id,specialty_id}', '{}', true, 'the doctor form''s specialties (managers, the doctor on its own profile)'),
  ('doctor_expertise', '{doctor_id,expertise_id}', '{}', true, 'the doctor form''s expertise (managers, the doctor on its own profile)'),
  ('doctor_services', '{doctor_id,name,description,price_type,price,price_to}', '{name,description,price_type,price,price_to}', true,
   'the doctor form''s services list (managers, the doctor on its own profile)'),
  ('expertise', '{country_id,name}', '{}', false, 'newly typed expertise labels, in the caller''s own market (policy)'),
  ('doctor_availability', '{doctor_id,service_id,kind,slot_minutes,capacity}', '{slot_minutes,capacity}', false, 'the availability screens of a doctor and of a service (managers only, SPEC §6; issue 37)'),
  ('doctor_weekly_hours', '{doctor_id,service_id,kind,weekday,starts,ends}', '{}', true, 'the availability screens of a doctor and of a service (managers only)'),
  ('doctor_schedule_exceptions', '{doctor_id,service_id,kind,day,type,starts,ends,note}', '{}', true, 'the availability screens of a doctor and of a service (managers only)'),
  ('hospital_services', '{hospital_id,name,description,category_id,price_type,price,price_to,original_price,promotion_percent,buffer_time,is_package,online_payment,status,logo,slug,country_id,organization_id,price_unit}',
   '{name,description,category_id,price_type,price,price_to,original_price,promotion_percent,buffer_time,is_package,online_payment,status,hospital_id,price_unit,logo,updated_at}', true,
   'the services screens and the service CSV import (issue 37; managers of the hospital, policy; a service with bookings is not deleted, foreign key)'),
  ('organizations', '{}', '{name,logo,website_url,publish_reviews,is_active,updated_at}', false,
   'the organization form (issue 37; platform admins and the organization''s manager, policy); created by admin_create_organization'),
  ('hospitals', '{organization_id,country_id,name,slug,address,time_zone,status}',
   '{name,short_name,address,latitude,longitude,phone,website_url,booking_url,working_times,emergency_hours,about,patient_guide,medical_facilities,faqs,images,is_active,status,exclude_from_index,updated_at}', false,
   'the branch editor and new branches (issue 37; managers of the branch, policy; publication columns: hospitals_guard_publication)'),
  ('vaccine_details', '{vaccine_id,hospital_id,price,percent_discount,status,price_unit}', '{price,percent_discount,status,updated_at}', false,
   'the vaccine price grid (issue 37; managers of the branch, policy)'),
  ('imports', '{country_id,import_type,organization_id,created_by,file_name,size_kb,status,percent}', '{status,percent,success,failed,result_url,updated_at}', false,
   'an import''s bookkeeping, written as the staff member who started it (policy: their own imports)'),
  ('import_rows', '{import_id,line,data,status,message}', '{}', false, 'an import''s result lines, written as the staff member who started it'),
  ('patients', '{user_id,name,birthday,gender,country_id,preferred_locale}', '{name,birthday,gender,country_id,preferred_locale,updated_at}', false,
   'the patient''s own profile (POST /api/me/profile); phone and e-mail come from the verified sign-in (trigger)'),
  ('family_members', '{patient_user_id,name,birthday,gender,relation,notify_to,email,phone,avatar}', '{name,birthday,gender,relation,notify_to,email,phone,avatar,updated_at}', true,
   'the patient''s own family profiles (the family calls, policy: own rows)'),
  ('notification_reads', '{user_id,notification_id}', '{}', true, 'staff mark bell entries read (own rows)'),
  ('notification_read_marks', '{user_id,read_through}', '{read_through,updated_at}', false, 'staff mark the whole bell read (own row)'),
  ('campaigns', '{code,name,sponsor,country_id,starts_at,ends_at,max_cancellations,is_active}', '{code,name,sponsor,country_id,starts_at,ends_at,max_cancellations,is_active}', false,
   'the campaign form (issue 39; admin only, policy)'),
  ('campaign_phones', '{campaign_id,phone,expired_date}', '{expired_date}', false,
   'the campaign''s eligible numbers: the phone import and the expiry edit (issue 39; admin only, policy; digits only, constraint)'),
  ('homepage_blocks', '{country_id,kind,sort_order,title,image_desktop,image_mobile,link_url,video_url,hospital_id,doctor_id,service_id,category_id,is_active,starts_at,ends_at}',
   '{sort_order,title,image_desktop,image_mobile,link_url,video_url,hospital_id,doctor_id,service_id,category_id,is_active,starts_at,ends_at}', true,
   'the homepage block screens (issue 40; admin only, policy; an inactive or foreign target refused by the table''s trigger)'),
  ('popular_search_keys', '{country_id,keyword,url,sort_order}', '{keyword,url,is_active,sort_order}', true, 'the popular search keys, added inline (issue 40; admin only, policy)'),
  ('website_nav', '{country_id,parent_id,label,url,is_active,sort_order}', '{parent_id,label,url,is_active,sort_order}', true,
   'the website navigation, saved whole (issue 40; admin only, policy; two levels, trigger)'),
  ('webhooks', '{hospital_id,url,events,secret_sealed,secret_hint}', '{url,events,is_active,secret_sealed,secret_hint}', true,
   'a branch''s webhooks: add, edit, pause, rotate the secret (sealed by the functions), delete (issue 40; managers of the hospital, policy)'),
  ('webhook_deliveries', '{}', '{status,next_attempt_at}', false, 'redeliver by hand: the delivery is due again (issue 40; managers of the hook''s hospital, policy)');

create temp view granted as
  select c.relname as tbl, a.attname as col, p.priv
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    cross join (values ('INSERT'), ('UPDATE')) p(priv)
   where n.nspname = 'public' and c.relkind in ('r', 'p', 'v') and has_column_privilege('authenticated', c.oid, a.attnum, p.priv);
create temp view listed as
  select tbl, unnest(ins) as col, 'INSERT' as priv from allow_list
  union all select tbl, unnest(upd), 'UPDATE' from allow_list;
grant select on allow_list, granted, listed to public;

select is(array(select format('%s %s.%s', priv, tbl, col) from granted except select format('%s %s.%s', priv, tbl, col) from listed order by 1),
  '{}'::text[], 'authenticated may insert or update no column outside the allow-list (list a new one with its reason)');
select is(array(select format('%s %s.%s', priv, tbl, col) from listed except select format('%s %s.%s', priv, tbl, col) from granted order by 1),
  '{}'::text[], 'every column of the allow-list is granted (the list describes the database)');
select is(array(select c.relname::text from pg_class c join pg_namespace n on n.oid = c.relnamespace
                 where n.nspname = 'public' and c.relkind in ('r', 'p', 'v') and has_table_privilege('authenticated', c.oid, 'DELETE')
                except select tbl from allow_list where del order by 1),
  '{}'::text[], 'authenticated may delete from no table outside the allow-list');
select is(array(select tbl from allow_list where del except select c.relname::text from pg_class c join pg_namespace n on n.oid = c.relnamespace
                 where n.nspname = 'public' and has_table_privilege('authenticated', c.oid, 'DELETE') order by 1),
  '{}'::text[], 'every delete of the allow-list is granted');
select is(array(select tbl from allow_list where tbl in ('bookings', 'reviews', 'review_replies', 'payments', 'payment_events', 'time_slots', 'schedules', 'admin_user_branches', 'outbox', 'booking_video_rooms')),
  '{}'::text[], 'bookings, reviews and replies, payments, slots, staff branches, video rooms and the outbox are written only by security definer functions');
select ok(not has_schema_privilege('anon', 'api', 'create') and not exists (select 1 from pg_class c where c.relnamespace = 'api'::regnamespace)
          and not exists (select 1 from pg_proc p where p.pronamespace = 'api'::regnamespace),
  'the Data API schema api exists and holds nothing');

-- A completed, a pending service booking and a confirmed doctor booking of patient@demo.test, for the findings.
create temp table fx as
  select (select b.id from public.bookings b where b.patient_user_id = '00000000-0000-4000-a000-000000000007' and b.doctor_id is null order by b.id limit 1) as service_booking,
         (select b.id from public.bookings b where b.patient_user_id = '00000000-0000-4000-a000-000000000007' and b.status = 'completed' order by b.id limit 1) as completed_booking,
         (select b.id from public.bookings b where b.patient_user_id = '00000000-0000-4000-a000-000000000007' and b.status <> 'completed' order by b.id limit 1) as open_booking,
         (select b.id from public.bookings b where b.doctor_id = 1 order by b.id limit 1) as doctor1_booking,
         (select ts.id from public.time_slots ts join public.schedules s on s.id = ts.schedule_id where s.doctor_id = 1 order by ts.id limit 1) as doctor1_slot,
         (select c.id from public.countries c where c.id <> (select o.country_id from public.organizations o where o.id = 1) order by c.id limit 1) as other_market;
grant select on fx to public;
select ok((select service_booking is not null and completed_booking is not null and open_booking is not null and doctor1_booking is not null and doctor1_slot is not null from fx),
  'the seed has the bookings and slots the findings need');

-- ---- patient@demo.test (findings 1, 2, 3, 6) ----
select tests.act_as('patient');
select is(tests.try(format($$update public.bookings set status = 'confirmed', final_price = 0 where id = %s$$, (select service_booking from fx))), 'denied',
  'patient: confirming their own service booking at price 0 is refused');
select is(tests.try(format($$update public.bookings set status = 'completed' where id = %s$$, (select open_booking from fx))), 'denied',
  'patient: marking their own booking completed is refused');
select is(tests.try(format($$update public.bookings set hospital_id = 6 where id = %s$$, (select service_booking from fx))), 'denied',
  'patient: moving their booking to another organization''s hospital is refused');
select is(tests.try(format($$update public.bookings set status = 'cancelled' where id = %s$$, (select completed_booking from fx))), 'denied',
  'patient: cancelling a completed booking directly is refused (cancel_my_booking carries the deadline)');
select is(tests.try(format($$select public.confirm_booking(%s, 'wallet', true)$$, (select open_booking from fx))), 'denied',
  'patient: confirm_booking (any payment text, no payment row) cannot be called');
select is(tests.try(format($$insert into public.reviews (booking_id, patient_user_id, author_name, author_avatar, hospital_id, rate, feedback)
                            select id, patient_user_id, 'Dr. Famous', 'https://evil.example/a.png', hospital_id, 5, 'Great' from public.bookings where id = %s$$, (select completed_booking from fx))), 'denied',
  'patient: inserting a review with any author name is refused');
select is(tests.try(format($$select public.submit_review(%s, 5, 'fine')$$, (select open_booking from fx))), 'error:PT409',
  'patient: submit_review refuses a booking that is not completed');
select is(tests.try($$select public.submit_review(999999999, 5, 'fine')$$), 'error:P0002', 'patient: submit_review refuses a booking that is not theirs');
select is(tests.try($$select count(*) from (select phone from public.hospitals) x$$), 'denied', 'patient: hospital phones are not readable in one select');
select is(tests.try($$select count(*) from (select phone from public.hospital_services) x$$), 'denied', 'patient: service phones are not readable in one select');
select is(tests.try($$update public.patients set phone_verified_at = now(), phone = '+84900000000' where user_id = auth.uid()$$), 'denied',
  'patient: verified phone columns are not writable');
select is(tests.try(format('update public.time_slots set capacity = 50 where id = %s', (select doctor1_slot from fx))), 'denied', 'patient: slot capacity is not writable');
select is(tests.try($$update public.family_members set name = name || '' where patient_user_id = auth.uid()$$) like 'rows:%', true,
  'patient: their own family profiles stay editable (the family calls)');

-- ---- doctor@demo.test, doctor 1 (finding 4) ----
select tests.act_as('doctor');
select is(tests.try('update public.doctors set price = 0 where id = 1'), 'denied', 'doctor: own price is not writable');
select is(tests.try('update public.doctors set promotion_percent = 99 where id = 1'), 'denied', 'doctor: own promotion is not writable');
select is(tests.try($$update public.doctors set is_featured = true, booking_url = 'https://evil.example' where id = 1$$), 'denied', 'doctor: featured flag and booking URL are not writable');
select is(tests.try($$update public.doctors set slug = 'taken-over' where id = 1$$), 'denied', 'doctor: own slug is not writable');
select is(tests.try('update public.doctors set status = 0 where id = 1'), 'denied', 'doctor: own status is refused by the self-edit guard');
select is(tests.try($$update public.doctors set description = 'Updated' where id = 1$$), 'rows:1', 'doctor: own profile text stays editable (PUT /api/admin/doctors/:id)');
select is(tests.try(format('update public.bookings set final_price = 0 where id = %s', (select doctor1_booking from fx))), 'denied', 'doctor: own appointments are not writable');
select is(tests.try($$insert into public.doctor_weekly_hours (doctor_id, kind, weekday, starts, ends) values (1, 'outpatient', 7, '20:00', '22:00')$$), 'denied',
  'doctor: own weekly hours are not writable (no Edit Schedule, SPEC §6)');
select is(tests.try(format('update public.time_slots set capacity = 50 where id = %s', (select doctor1_slot from fx))), 'denied', 'doctor: own slot capacity is not writable');

-- ---- facility@demo.test (findings 5, 7) ----
select tests.act_as('facility');
select is(tests.try($$update public.admin_users set user_id = '00000000-0000-4000-a000-000000000007' where user_id = '00000000-0000-4000-a000-000000000005'$$), 'denied',
  'facility: re-pointing a staff row at a patient account is refused');
select is(tests.try($$insert into public.admin_users (user_id, role, name, email, organization_id) values ('00000000-0000-4000-a000-000000000008', 'branch', 'X', 'x@x.test', 1)$$), 'denied',
  'facility: inserting a staff row directly is refused');
select is(tests.try($$select public.admin_create_staff('patient-new@demo.test', 'New', '', 'branch', 1, array[1]::bigint[])$$), 'denied',
  'facility: a signed-up account without a profile cannot be made staff');
select is(tests.try(format($$insert into public.expertise (country_id, name) values (%s, 'Other market label')$$, (select other_market from fx))), 'denied',
  'facility: expertise cannot be added to another market');
select is(tests.try($$insert into public.expertise (country_id, name) values ((select o.country_id from public.organizations o where o.id = 1), 'Own market label')$$), 'rows:1',
  'facility: expertise can be added to its own market (the doctor form)');

-- ---- branch@demo.test (the branch's own bookings and reviews) ----
select tests.act_as('branch');
select is(tests.try(format($$update public.bookings set status = 'completed' where id = %s$$, (select doctor1_booking from fx))), 'denied',
  'branch: booking status changes only through the front desk''s functions');
select is(tests.try('update public.reviews set is_published = false where hospital_id = 1'), 'denied', 'branch: reviews are not writable directly');
select is(tests.try('update public.hospitals set organization_id = 2 where id = 1'), 'denied', 'branch: its hospital cannot be moved to another organization');
select is(tests.try($$insert into public.doctor_weekly_hours (doctor_id, kind, weekday, starts, ends) values (1, 'outpatient', 7, '20:00', '22:00')$$), 'rows:1',
  'branch: a manager sets a doctor''s weekly hours (the availability screen)');

select * from finish();
rollback;
