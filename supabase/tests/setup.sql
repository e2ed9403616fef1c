-- pgTAP test support, loaded once (as the database owner) into a freshly built and seeded test database
-- by scripts/pgtap.ts, before the files of supabase/tests/database run. Never part of the migrations.
--
-- Fixtures: for every public table an "in" row (in the seeded staff's scope: organization 1, branch 1, the
-- demo doctor, patient@demo.test) and an "out" row (organization 2, branch 6, patient-other@demo.test), and
-- for each the four operations as SQL. 01_role_matrix.test.sql holds, per table and role, the expected outcome
-- of the eight (select, insert, update, delete) x (in, out); each role's file holds its own rules.

create schema if not exists tests;
grant usage on schema tests to anon, authenticated;

-- Extra rows the matrix needs, written as the owner (logs on, as in production).
insert into auth.users (id, email, aud, role, email_confirmed_at) values
  ('00000000-0000-4000-c000-000000000001', 'spare-1@tests.test', 'authenticated', 'authenticated', now()),
  ('00000000-0000-4000-c000-000000000002', 'spare-2@tests.test', 'authenticated', 'authenticated', now()),
  ('00000000-0000-4000-c000-000000000003', 'org2-senior@tests.test', 'authenticated', 'authenticated', now());
insert into public.admin_users (user_id, role, name, email, organization_id, country_id)
values ('00000000-0000-4000-c000-000000000003', 'senior_branch', 'Org 2 senior branch manager', 'org2-senior@tests.test', 2, 1);
insert into public.admin_user_branches (user_id, hospital_id) values ('00000000-0000-4000-c000-000000000003', 6);
insert into public.imports (country_id, import_type, organization_id, created_by, file_name, status)
values (1, 'service', 2, '00000000-0000-4000-c000-000000000003', 'services.csv', 'processed');
insert into public.import_rows (import_id, line, data, status)
select id, 1, '{"name": "x"}', 'success' from public.imports where organization_id = 2;
insert into public.campaigns (country_id, code, name) values (2, 'pgtap-campaign', 'Second campaign');
insert into public.doctor_expertise (doctor_id, expertise_id) select 1, id from public.expertise where country_id = 1 order by id limit 1 on conflict do nothing;
insert into public.doctor_expertise (doctor_id, expertise_id)
select (select min(id) from public.doctors where hospital_id = 6), id from public.expertise where country_id = 1 order by id limit 1 on conflict do nothing;
insert into public.doctor_services (doctor_id, name, price_type, price) values (1, 'Khám tổng quát', 'fixed', 300000);
insert into public.doctor_services (doctor_id, name, price_type, price) select min(id), 'Khám', 'fixed', 300000 from public.doctors where hospital_id = 6;
insert into public.doctor_specialties (doctor_id, specialty_id) values (1, 1) on conflict do nothing;
insert into public.doctor_specialties (doctor_id, specialty_id) select min(id), 1 from public.doctors where hospital_id = 6 on conflict do nothing;
update public.hospitals set about = about || ' ' where id in (1, 6);
update public.hospitals set about = rtrim(about) where id in (1, 6);

-- Runs one statement and undoes it: 'rows:N' (rows read or written), 'denied' (42501: privilege or
-- row-level security), or 'error:SQLSTATE'.
create or replace function tests.try(statement text) returns text
language plpgsql as $$
declare n bigint;
begin
  begin
    execute statement;
    get diagnostics n = row_count;
    raise exception using errcode = 'TSTRB', message = n::text;
  exception
    when sqlstate 'TSTRB' then return 'rows:' || sqlerrm;
    when insufficient_privilege then return 'denied';
    when others then return 'error:' || sqlstate;
  end;
end $$;

-- Counts of the whole database, whoever asks (security definer: row-level security does not apply), for the
-- role files to compare what a role reads with what exists.
create or replace function tests.total(what text) returns bigint
language sql stable security definer set search_path = '' as $$
  select case what
    when 'bookings' then (select count(*) from public.bookings)
    when 'admin_users' then (select count(*) from public.admin_users)
    when 'hospitals' then (select count(*) from public.hospitals)
    when 'patients' then (select count(*) from public.patients)
    when 'org1_bookings' then (select count(*) from public.bookings b join public.hospitals h on h.id = b.hospital_id where h.organization_id = 1)
    when 'doctor1_reviews' then (select count(*) from public.reviews where doctor_id = 1)
    when 'published_hospitals' then (select count(*) from public.hospitals h join public.organizations o on o.id = h.organization_id where h.is_active and o.is_active)
  end
$$;
grant execute on function tests.total(text) to anon, authenticated;

-- Acts as a seeded account for the rest of the transaction, as Supabase's API does.
create or replace function tests.act_as(who text) returns text
language plpgsql as $$
declare
  uid uuid := case who
    when 'admin' then '00000000-0000-4000-a000-000000000001' when 'super' then '00000000-0000-4000-a000-000000000002'
    when 'facility' then '00000000-0000-4000-a000-000000000003' when 'senior_branch' then '00000000-0000-4000-a000-000000000004'
    when 'branch' then '00000000-0000-4000-a000-000000000005' when 'doctor' then '00000000-0000-4000-a000-000000000006'
    when 'patient' then '00000000-0000-4000-a000-000000000007' when 'patient_new' then '00000000-0000-4000-a000-000000000008'
    when 'patient_other' then '00000000-0000-4000-a000-000000000009' end;
begin
  if who = 'anon' then
    perform set_config('request.jwt.claims', '{"role": "anon"}', true);
    perform set_config('request.jwt.claim.sub', '', true);
    perform set_config('role', 'anon', true);
  else
    if uid is null then raise exception 'unknown account %', who; end if;
    perform set_config('request.jwt.claims', json_build_object('sub', uid, 'role', 'authenticated')::text, true);
    perform set_config('request.jwt.claim.sub', uid::text, true);
    perform set_config('role', 'authenticated', true);
  end if;
  return who;
end $$;

-- The outbox holds no seed rows: two messages for its in and out fixtures.
insert into public.outbox (id, kind, locale, to_email, subject, body_text, dedupe_key) overriding system value values
  (-1, 'pgtap', 'vi-VN', 'patient@demo.test', 'in', 'in', 'pgtap:in'),
  (-2, 'pgtap', 'vi-VN', 'patient-other@demo.test', 'out', 'out', 'pgtap:out');

-- Nor payments: one for the patient's upcoming booking (in) and one for the other patient's (out), each with a
-- webhook delivery.
insert into public.payments (id, booking_id, provider, method, provider_ref, amount, currency, expires_at) overriding system value
select -1, id, 'sandbox', 'wallet', 'pgtap-in', 100, 'VND', now() + interval '10 minutes' from public.bookings where idempotency_key = 'seed-demo-upcoming'
union all
select -2, id, 'sandbox', 'wallet', 'pgtap-out', 100, 'VND', now() + interval '10 minutes' from public.bookings where idempotency_key = 'seed-other-upcoming';
insert into public.payment_events (provider, event_id, payment_id, kind) values
  ('sandbox', 'pgtap-in', -1, 'paid'), ('sandbox', 'pgtap-out', -2, 'paid');

-- Nor video rooms (issue 36): one for each of the two upcoming bookings; no API role reads or writes the table.
insert into public.booking_video_rooms (booking_id, provider, room_url)
select id, 'jitsi', 'https://meet.jit.si/pgtap-in' from public.bookings where idempotency_key = 'seed-demo-upcoming'
union all
select id, 'jitsi', 'https://meet.jit.si/pgtap-out' from public.bookings where idempotency_key = 'seed-other-upcoming';

-- The bell's read state holds no seed rows: the branch manager (in) and organization 2's senior branch manager
-- (out) each read the notification of a booking of their branch, and each has a watermark.
insert into public.notification_reads (user_id, notification_id)
select '00000000-0000-4000-a000-000000000005'::uuid, n.id from public.notifications n join public.bookings b on b.id = n.booking_id where b.idempotency_key = 'seed-demo-upcoming' and n.kind = 'booking_new'
union all
select '00000000-0000-4000-c000-000000000003', n.id from public.notifications n join public.bookings b on b.id = n.booking_id where b.idempotency_key = 'seed-other-upcoming' and n.kind = 'booking_new';
insert into public.notification_read_marks (user_id, read_through) values
  ('00000000-0000-4000-a000-000000000005', 0), ('00000000-0000-4000-c000-000000000003', 0);

-- Doctor availability holds no seed rows for doctor 1 (in) nor for branch 6's first doctor (out): outpatient
-- hours on Mondays and a day off each, written as the owner without generating slots.
-- (The seed may already give doctor 1 weekly hours: then its own are kept.)
-- Its insert fixture copies the outpatient row as telemedicine: no telemedicine row of its own then.
delete from public.doctor_availability where doctor_id = 1 and kind = 'telemedicine';
insert into public.doctor_availability (doctor_id, kind, slot_minutes, capacity)
select 1, 'outpatient', 30, 1 union all select min(id), 'outpatient', 30, 1 from public.doctors where hospital_id = 6
on conflict (doctor_id, kind) do nothing;
insert into public.doctor_weekly_hours (doctor_id, kind, weekday, starts, ends)
select a.doctor_id, a.kind, 1, time '08:00', time '12:00' from public.doctor_availability a
 where a.doctor_id in (1, (select min(id) from public.doctors where hospital_id = 6))
   and not exists (select 1 from public.doctor_weekly_hours w where w.doctor_id = a.doctor_id and w.kind = a.kind);
insert into public.doctor_schedule_exceptions (doctor_id, kind, day, type, note)
select a.doctor_id, a.kind, current_date + 30, 'off', 'pgtap' from public.doctor_availability a
 where a.doctor_id in (1, (select min(id) from public.doctors where hospital_id = 6)) and a.kind = 'outpatient'
on conflict do nothing;

-- Review replies hold no seed rows: one to a published review of branch 1 (in) and of branch 6 (out).
insert into public.review_replies (review_id, body)
select min(id), 'pgtap in' from public.reviews where hospital_id = 1 and is_published
union all
select min(id), 'pgtap out' from public.reviews where hospital_id = 6 and is_published;

create table tests.fixtures (
  tbl text not null,
  target text not null check (target in ('in', 'out')),
  pick text not null,       -- where clause choosing the row (evaluated once, as owner)
  upd text not null,        -- set clause of the update
  overrides text not null default '{}',  -- SQL giving a jsonb merged into the copy that is inserted
  -- The row by its primary key: column privileges do not cover system columns such as ctid, so a statement
  -- naming ctid needs the table-level privilege the API roles no longer have (migration 20261126000100).
  row_key text,
  ins_json jsonb,
  primary key (tbl, target)
);

insert into tests.fixtures (tbl, target, pick, upd, overrides) values
  ('countries', 'in', 'id = 1', 'name = name', $${"id": 99, "code": "XX"}$$),
  ('countries', 'out', 'id = 2', 'name = name', $${"id": 98, "code": "XY"}$$),
  ('clients', 'in', 'country_id = 1', 'name = name', $${"name": "pgtap in"}$$),
  ('clients', 'out', 'country_id = 2', 'name = name', $${"name": "pgtap out"}$$),
  ('doctor_tiers', 'in', 'id = 1', 'level = level', '{}'),
  ('doctor_tiers', 'out', 'id = 2', 'level = level', '{}'),
  ('doctor_academies', 'in', 'id = 1', 'level = level', '{}'),
  ('doctor_academies', 'out', 'id = 2', 'level = level', '{}'),
  ('specialties', 'in', 'country_id = 1', 'name = name', $${"slug": "pgtap-in"}$$),
  ('specialties', 'out', 'country_id = 2', 'name = name', $${"slug": "pgtap-out"}$$),
  ('insurances', 'in', 'country_id = 1', 'name = name', $${"name": "pgtap in"}$$),
  ('insurances', 'out', 'country_id = 2', 'name = name', $${"name": "pgtap out"}$$),
  ('payment_methods', 'in', 'country_id = 1', 'name = name', $${"code": "pgtap-in"}$$),
  ('payment_methods', 'out', 'country_id = 2', 'name = name', $${"code": "pgtap-out"}$$),
  ('expertise', 'in', 'country_id = 1', 'name = name', $${"name": "pgtap in"}$$),
  ('expertise', 'out', 'country_id = 2', 'name = name', $${"name": "pgtap out"}$$),
  ('vaccines', 'in', 'country_id = 1', 'name = name', $${"slug": "pgtap-in"}$$),
  ('vaccines', 'out', 'country_id = 2', 'name = name', $${"slug": "pgtap-out"}$$),
  ('organizations', 'in', 'id = 1', 'name = name', $${"slug": "pgtap-in"}$$),
  ('organizations', 'out', 'id = 2', 'name = name', $${"slug": "pgtap-out"}$$),
  ('hospitals', 'in', 'id = 1', 'name = name', $${"slug": "pgtap-in"}$$),
  ('hospitals', 'out', 'id = 6', 'name = name', $${"slug": "pgtap-out"}$$),
  ('hospital_specialties', 'in', 'hospital_id = 1', 'specialty_id = specialty_id',
     $$(select jsonb_build_object('specialty_id', min(s.id)) from public.specialties s where s.country_id = 1 and not exists (select 1 from public.hospital_specialties x where x.hospital_id = 1 and x.specialty_id = s.id))$$),
  ('hospital_specialties', 'out', 'hospital_id = 6', 'specialty_id = specialty_id',
     $$(select jsonb_build_object('specialty_id', min(s.id)) from public.specialties s where s.country_id = 1 and not exists (select 1 from public.hospital_specialties x where x.hospital_id = 6 and x.specialty_id = s.id))$$),
  ('hospital_insurances', 'in', 'hospital_id = 1', 'insurance_id = insurance_id',
     $$(select jsonb_build_object('insurance_id', min(s.id)) from public.insurances s where not exists (select 1 from public.hospital_insurances x where x.hospital_id = 1 and x.insurance_id = s.id))$$),
  ('hospital_insurances', 'out', 'hospital_id = 6', 'insurance_id = insurance_id',
     $$(select jsonb_build_object('insurance_id', min(s.id)) from public.insurances s where not exists (select 1 from public.hospital_insurances x where x.hospital_id = 6 and x.insurance_id = s.id))$$),
  ('hospital_payment_methods', 'in', 'hospital_id = 1', 'payment_method_id = payment_method_id',
     $$(select jsonb_build_object('payment_method_id', min(s.id)) from public.payment_methods s where not exists (select 1 from public.hospital_payment_methods x where x.hospital_id = 1 and x.payment_method_id = s.id))$$),
  ('hospital_payment_methods', 'out', 'hospital_id = 6', 'payment_method_id = payment_method_id',
     $$(select jsonb_build_object('payment_method_id', min(s.id)) from public.payment_methods s where not exists (select 1 from public.hospital_payment_methods x where x.hospital_id = 6 and x.payment_method_id = s.id))$$),
  ('admin_users', 'in', $$user_id = '00000000-0000-4000-a000-000000000005'$$, 'name = name', $${"user_id": "00000000-0000-4000-c000-000000000002", "email": "spare-2@tests.test"}$$),
  ('admin_users', 'out', $$user_id = '00000000-0000-4000-c000-000000000003'$$, 'name = name', $${"user_id": "00000000-0000-4000-c000-000000000002", "email": "spare-2@tests.test"}$$),
  ('admin_user_branches', 'in', $$user_id = '00000000-0000-4000-a000-000000000005'$$, 'created_at = created_at', $${"user_id": "00000000-0000-4000-a000-000000000004", "hospital_id": 3}$$),
  ('admin_user_branches', 'out', $$user_id = '00000000-0000-4000-c000-000000000003'$$, 'created_at = created_at', $${"hospital_id": 7}$$),
  ('patients', 'in', $$user_id = '00000000-0000-4000-a000-000000000007'$$, 'name = name', $${"user_id": "00000000-0000-4000-c000-000000000001"}$$),
  ('patients', 'out', $$user_id = '00000000-0000-4000-a000-000000000009'$$, 'name = name', $${"user_id": "00000000-0000-4000-c000-000000000001"}$$),
  ('family_members', 'in', 'id = 1', 'name = name', '{}'),
  ('family_members', 'out', 'id = 3', 'name = name', '{}'),
  ('doctors', 'in', 'id = 1', 'name = name', $${"slug": "pgtap-in", "user_id": null}$$),
  ('doctors', 'out', 'hospital_id = 6 and not exists (select 1 from public.bookings b where b.doctor_id = x.id)', 'name = name', $${"slug": "pgtap-out", "user_id": null}$$),
  ('doctor_specialties', 'in', 'doctor_id = 1', 'specialty_id = specialty_id', $${"specialty_id": 12}$$),
  ('doctor_specialties', 'out', 'doctor_id = (select min(id) from public.doctors where hospital_id = 6)', 'specialty_id = specialty_id', $${"specialty_id": 12}$$),
  ('doctor_expertise', 'in', 'doctor_id = 1', 'expertise_id = expertise_id', $${"expertise_id": 8}$$),
  ('doctor_expertise', 'out', 'doctor_id = (select min(id) from public.doctors where hospital_id = 6)', 'expertise_id = expertise_id', $${"expertise_id": 8}$$),
  ('doctor_services', 'in', 'doctor_id = 1', 'name = name', '{}'),
  ('doctor_services', 'out', 'doctor_id = (select min(id) from public.doctors where hospital_id = 6)', 'name = name', '{}'),
  ('service_categories', 'in', 'hospital_id = 1', 'name = name', $${"name": "pgtap in"}$$),
  ('service_categories', 'out', 'hospital_id = 6', 'name = name', $${"name": "pgtap out"}$$),
  ('hospital_services', 'in', 'hospital_id = 1 and status = 1 and not exists (select 1 from public.bookings b where b.service_id = x.id)', 'name = name', $${"slug": "pgtap-in"}$$),
  ('hospital_services', 'out', 'hospital_id = 6 and status = 1 and not exists (select 1 from public.bookings b where b.service_id = x.id)', 'name = name', $${"slug": "pgtap-out"}$$),
  ('vaccine_details', 'in', 'hospital_id = 1', 'price = price',
     $$(select jsonb_build_object('vaccine_id', min(v.id)) from public.vaccines v where v.country_id = 1 and not exists (select 1 from public.vaccine_details x where x.hospital_id = 1 and x.vaccine_id = v.id))$$),
  ('vaccine_details', 'out', 'hospital_id = 6', 'price = price',
     $$(select jsonb_build_object('vaccine_id', min(v.id)) from public.vaccines v where v.country_id = 1 and not exists (select 1 from public.vaccine_details x where x.hospital_id = 6 and x.vaccine_id = v.id))$$),
  ('schedules', 'in', $$doctor_id = 1 and kind = 'outpatient' and working_day > current_date + 20 and not exists (select 1 from public.time_slots t where t.schedule_id = x.id and t.booked > 0)$$, 'working_day = working_day', $${"working_day": "2031-01-01"}$$),
  ('schedules', 'out', $$hospital_id = 6 and kind = 'outpatient' and working_day > current_date + 20 and not exists (select 1 from public.time_slots t where t.schedule_id = x.id and t.booked > 0)$$, 'working_day = working_day', $${"working_day": "2031-01-01"}$$),
  ('time_slots', 'in', $$booked = 0 and schedule_id in (select id from public.schedules where doctor_id = 1 and working_day > current_date + 20)$$, 'capacity = capacity', $${"started": "23:00", "ended": "23:30", "booked": 0}$$),
  ('time_slots', 'out', $$booked = 0 and schedule_id in (select id from public.schedules where hospital_id = 6 and doctor_id is not null and working_day > current_date + 20)$$, 'capacity = capacity', $${"started": "23:00", "ended": "23:30", "booked": 0}$$),
  ('vouchers', 'in', 'country_id = 1', 'name = name', $${"code": "PGTAPIN"}$$),
  ('vouchers', 'out', 'country_id = 2', 'name = name', $${"code": "PGTAPOUT"}$$),
  ('voucher_targets', 'in', 'voucher_id in (select id from public.vouchers where country_id = 1)', 'voucher_id = voucher_id', '{}'),
  ('voucher_targets', 'out', 'voucher_id in (select id from public.vouchers where country_id = 2)', 'voucher_id = voucher_id', '{}'),
  ('bookings', 'in', $$idempotency_key = 'seed-demo-upcoming'$$, 'updated_at = updated_at', $${"idempotency_key": "pgtap-in-key", "status": "cancelled"}$$),
  ('bookings', 'out', $$idempotency_key = 'seed-other-upcoming'$$, 'updated_at = updated_at', $${"idempotency_key": "pgtap-out-key", "status": "cancelled"}$$),
  ('reviews', 'in', $$patient_user_id = '00000000-0000-4000-a000-000000000007'$$, 'feedback = feedback', $${"booking_id": null}$$),
  ('reviews', 'out', 'hospital_id = 6 and is_published', 'feedback = feedback', '{}'),
  ('campaigns', 'in', 'country_id = 1', 'name = name', $${"code": "pgtap-in"}$$),
  ('campaigns', 'out', 'country_id = 2', 'name = name', $${"code": "pgtap-out"}$$),
  ('campaign_phones', 'in', $$phone = '0901000001'$$, 'phone = phone', $${"phone": "0900000091"}$$),
  ('campaign_phones', 'out', $$phone = '0901000003'$$, 'phone = phone', $${"phone": "0900000092"}$$),
  ('review_replies', 'in', $$body = 'pgtap in'$$, 'body = body', '{}'),
  ('review_replies', 'out', $$body = 'pgtap out'$$, 'body = body', '{}'),
  ('articles', 'in', 'country_id = 1', 'post_title = post_title', '{}'),
  ('articles', 'out', 'country_id = 2', 'post_title = post_title', '{}'),
  ('homepage_blocks', 'in', 'country_id = 1', 'sort_order = sort_order', '{}'),
  ('homepage_blocks', 'out', 'country_id = 2', 'sort_order = sort_order', '{}'),
  ('website_nav', 'in', 'country_id = 1', 'label = label', '{}'),
  ('website_nav', 'out', 'country_id = 2', 'label = label', '{}'),
  ('popular_search_keys', 'in', 'country_id = 1', 'keyword = keyword', $${"keyword": "pgtap in"}$$),
  ('popular_search_keys', 'out', 'country_id = 2', 'keyword = keyword', $${"keyword": "pgtap out"}$$),
  ('imports', 'in', 'organization_id = 1', 'file_name = file_name', $${"hash": "pgtap-in"}$$),
  ('imports', 'out', 'organization_id = 2', 'file_name = file_name', $${"hash": "pgtap-out"}$$),
  ('import_rows', 'in', 'import_id in (select id from public.imports where organization_id = 1)', 'message = message', $${"line": 99}$$),
  ('import_rows', 'out', 'import_id in (select id from public.imports where organization_id = 2)', 'message = message', $${"line": 99}$$),
  ('payments', 'in', 'id = -1', 'status = status', '{}'),
  ('payments', 'out', 'id = -2', 'status = status', '{}'),
  ('payment_events', 'in', $$event_id = 'pgtap-in'$$, 'kind = kind', '{}'),
  ('payment_events', 'out', $$event_id = 'pgtap-out'$$, 'kind = kind', '{}'),
  ('booking_video_rooms', 'in', $$room_url = 'https://meet.jit.si/pgtap-in'$$, 'provider = provider', '{}'),
  ('booking_video_rooms', 'out', $$room_url = 'https://meet.jit.si/pgtap-out'$$, 'provider = provider', '{}'),
  ('notifications', 'in', $$kind = 'booking_new' and booking_id = (select id from public.bookings where idempotency_key = 'seed-demo-upcoming')$$, 'created_at = created_at', '{}'),
  ('notifications', 'out', $$kind = 'booking_new' and booking_id = (select id from public.bookings where idempotency_key = 'seed-other-upcoming')$$, 'created_at = created_at', '{}'),
  ('notification_reads', 'in', $$user_id = '00000000-0000-4000-a000-000000000005'$$, 'read_at = read_at', '{}'),
  ('notification_reads', 'out', $$user_id = '00000000-0000-4000-c000-000000000003'$$, 'read_at = read_at', '{}'),
  ('notification_read_marks', 'in', $$user_id = '00000000-0000-4000-a000-000000000005'$$, 'read_through = read_through', '{}'),
  ('notification_read_marks', 'out', $$user_id = '00000000-0000-4000-c000-000000000003'$$, 'read_through = read_through', '{}'),
  ('outbox', 'in', 'id = -1', 'kind = kind', '{}'),
  ('outbox', 'out', 'id = -2', 'kind = kind', '{}'),
  ('doctor_availability', 'in', 'doctor_id = 1', 'capacity = capacity', $${"kind": "telemedicine"}$$),
  ('doctor_availability', 'out', 'doctor_id = (select min(id) from public.doctors where hospital_id = 6)', 'capacity = capacity', $${"kind": "telemedicine"}$$),
  ('doctor_weekly_hours', 'in', 'doctor_id = 1', 'starts = starts', $${"weekday": 7}$$),
  ('doctor_weekly_hours', 'out', 'doctor_id = (select min(id) from public.doctors where hospital_id = 6)', 'starts = starts', $${"weekday": 7}$$),
  ('doctor_schedule_exceptions', 'in', 'doctor_id = 1', 'note = note', $$(select jsonb_build_object('day', current_date + 31))$$),
  ('doctor_schedule_exceptions', 'out', 'doctor_id = (select min(id) from public.doctors where hospital_id = 6)', 'note = note', $$(select jsonb_build_object('day', current_date + 31))$$),
  ('data_history', 'in', $$table_name = 'hospitals' and row_id = '1'$$, 'row_id = row_id', '{}'),
  ('data_history', 'out', $$table_name = 'hospitals' and row_id = '6'$$, 'row_id = row_id', '{}'),
  ('directory_changes', 'in', $$entity = 'hospitals' and entity_id = 1$$, 'entity = entity', '{}'),
  ('directory_changes', 'out', $$entity = 'hospitals' and entity_id = 6$$, 'entity = entity', '{}');

-- issue 40: integrations. A webhook of branch 1 (in) and of branch 6 (out), each with a delivery, an attempt and
-- a pending booking event.
insert into public.webhooks (hospital_id, url, events, secret_sealed, secret_hint) values (1, 'https://in.example/hook', '{created}', 'v1.sealed-in', 'e-in'), (6, 'https://out.example/hook', '{created}', 'v1.sealed-out', 'eout');
insert into public.webhook_deliveries (webhook_id, event, booking_id, payload) select id, 'created', 0, '{}' from public.webhooks where url like 'https://%.example/hook';
insert into public.webhook_attempts (delivery_id, http_status, duration_ms) select id, 200, 1 from public.webhook_deliveries;
insert into public.webhook_events (booking_id, hospital_id, new_status) values (0, 1, 'pending'), (0, 6, 'pending');
insert into tests.fixtures (tbl, target, pick, upd, overrides) values
  ('webhooks', 'in', $$url = 'https://in.example/hook'$$, 'url = url', '{}'),
  ('webhooks', 'out', $$url = 'https://out.example/hook'$$, 'url = url', '{}'),
  ('webhook_deliveries', 'in', $$webhook_id = (select id from public.webhooks where url = 'https://in.example/hook')$$, 'status = status', '{}'),
  ('webhook_deliveries', 'out', $$webhook_id = (select id from public.webhooks where url = 'https://out.example/hook')$$, 'status = status', '{}'),
  ('webhook_attempts', 'in', $$delivery_id = (select d.id from public.webhook_deliveries d join public.webhooks w on w.id = d.webhook_id where w.url = 'https://in.example/hook')$$, 'duration_ms = duration_ms', '{}'),
  ('webhook_attempts', 'out', $$delivery_id = (select d.id from public.webhook_deliveries d join public.webhooks w on w.id = d.webhook_id where w.url = 'https://out.example/hook')$$, 'duration_ms = duration_ms', '{}'),
  ('webhook_events', 'in', 'hospital_id = 1 and booking_id = 0', 'new_status = new_status', '{}'),
  ('webhook_events', 'out', 'hospital_id = 6 and booking_id = 0', 'new_status = new_status', '{}');
-- Calendar feeds of branch 1 (in) and branch 6 (out); the hashes are of no real token.
insert into public.ical_feeds (hospital_id, doctor_id, token_hash, token_hint) values (1, null, repeat('a', 64), 'aaaa'), (6, null, repeat('b', 64), 'bbbb');
insert into tests.fixtures (tbl, target, pick, upd, overrides) values
  ('ical_feeds', 'in', 'hospital_id = 1 and doctor_id is null', 'token_hint = token_hint', $${"doctor_id": 1, "token_hash": "cccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccc"}$$),
  ('ical_feeds', 'out', 'hospital_id = 6 and doctor_id is null', 'token_hint = token_hint', $${"token_hash": "dddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd"}$$);

-- Branch closures of branch 1 (in) and branch 6 (out); public holidays of the first organization's market (in) and
-- of another (out); a doctor-unavailable span and its rebooking offer for doctor 1's branch (in) and branch 6 (out).
insert into public.hospital_closures (hospital_id, starts, ends, reason) values (1, '2031-01-01', '2031-01-02', 'pgtap in'), (6, '2031-01-01', '2031-01-02', 'pgtap out');
insert into public.doctor_unavailability (doctor_id, from_day, to_day, reason, created_by)
select d.id, '2031-02-01', '2031-02-01', 'pgtap ' || t.target, '00000000-0000-0000-0000-000000000001'
  from (values (1, 'in'), (6, 'out')) t(hospital, target)
  cross join lateral (select min(id) as id from public.doctors where hospital_id = t.hospital) d;
insert into public.rebooking_offers (unavailability_id, cancelled_booking_id, patient_user_id, slot_id, token_hash, expires_at)
select u.id, b.id, b.patient_user_id, b.slot_id, extensions.digest(u.reason, 'sha256'), '2031-02-01'
  from public.doctor_unavailability u
  cross join lateral (select id, patient_user_id, slot_id from public.bookings where doctor_id = u.doctor_id order by id limit 1) b
 where u.reason like 'pgtap %';
insert into tests.fixtures (tbl, target, pick, upd, overrides) values
  ('hospital_closures', 'in', $$hospital_id = 1 and reason = 'pgtap in'$$, 'reason = reason', $${"starts": "2032-01-01", "ends": "2032-01-01"}$$),
  ('hospital_closures', 'out', $$hospital_id = 6 and reason = 'pgtap out'$$, 'reason = reason', $${"starts": "2032-01-01", "ends": "2032-01-01"}$$),
  ('public_holidays', 'in', $$country_code = 'VN'$$, 'name = name', $${"starts": "2032-01-01", "ends": "2032-01-01"}$$),
  ('public_holidays', 'out', $$country_code = 'PH'$$, 'name = name', $${"starts": "2032-01-01", "ends": "2032-01-01"}$$),
  ('doctor_unavailability', 'in', $$reason = 'pgtap in'$$, 'reason = reason', '{}'),
  ('doctor_unavailability', 'out', $$reason = 'pgtap out'$$, 'reason = reason', '{}'),
  ('rebooking_offers', 'in', $$unavailability_id = (select id from public.doctor_unavailability where reason = 'pgtap in')$$, 'expires_at = expires_at', $${"token_hash": "\\x00"}$$),
  ('rebooking_offers', 'out', $$unavailability_id = (select id from public.doctor_unavailability where reason = 'pgtap out')$$, 'expires_at = expires_at', $${"token_hash": "\\x01"}$$);

-- Resolve each fixture to one physical row and the json of its insertable copy.
do $$
declare f record; t tid; j jsonb; o jsonb; k text;
begin
  for f in select * from tests.fixtures loop
    execute format('select ctid, to_jsonb(x) from public.%I x where %s order by ctid limit 1', f.tbl, f.pick) into t, j;
    if t is null then raise exception 'fixture %/% matches no row', f.tbl, f.target; end if;
    execute 'select (' || case when f.overrides like '(%' then f.overrides else quote_literal(f.overrides) end || ')::jsonb' into o;
    select string_agg(format('%I = %L', a.attname, j ->> a.attname::text), ' and ' order by a.attnum) into k
      from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
     where i.indrelid = ('public.' || quote_ident(f.tbl))::regclass and i.indisprimary;
    if k is null then raise exception 'fixture %/%: the table has no primary key', f.tbl, f.target; end if;
    update tests.fixtures set row_key = k, ins_json = j || coalesce(o, '{}') where tbl = f.tbl and target = f.target;
  end loop;
end $$;

-- The eight operations of each fixture, in the order of the expectation strings:
-- select in, select out, insert in, insert out, update in, update out, delete in, delete out.
create view tests.operations as
select f.tbl, f.target, o.op, o.pos + case f.target when 'in' then 0 else 1 end as pos,
       case o.op
         when 'select' then format('select 1 from public.%I where %s', f.tbl, f.row_key)
         when 'insert' then format('insert into public.%1$I (%2$s) select %2$s from jsonb_populate_record(null::public.%1$I, %3$L)', f.tbl, c.cols, f.ins_json)
         when 'update' then format('update public.%I set %s where %s', f.tbl, f.upd, f.row_key)
         else format('delete from public.%I where %s', f.tbl, f.row_key) end as statement
  from tests.fixtures f
  cross join (values ('select', 1), ('insert', 3), ('update', 5), ('delete', 7)) o(op, pos)
  cross join lateral (select string_agg(quote_ident(a.attname), ', ' order by a.attnum) as cols
                        from pg_attribute a
                       where a.attrelid = ('public.' || quote_ident(f.tbl))::regclass and a.attnum > 0 and not a.attisdropped
                         and a.attidentity = '' and a.attgenerated = '') c;

-- The assertions of one role: each operation's outcome against the expected code
-- (Y: one row / done, N: no row, D: denied; refused by the data whoever asks: U unique, F foreign key, K check,
-- B a rule of the data with its own message, PT409: a doctor with bookings).
create or replace function tests.expected(code text) returns text language sql immutable as $$
  select case code when 'Y' then 'rows:1' when 'N' then 'rows:0' when 'D' then 'denied'
    when 'U' then 'error:23505' when 'F' then 'error:23503' when 'K' then 'error:23514' when 'B' then 'error:PT409'
    else 'unknown code ' || code end
$$;

grant select on all tables in schema tests to anon, authenticated;
grant execute on all functions in schema tests to anon, authenticated;
