-- pgTAP: care onboarding. A patient writes only their own public.patients row, and its phone / e-mail and their
-- verified dates are what Supabase Auth confirmed (trigger patients_verified_contact), never what the patient
-- sends; platform admins and the server are not constrained.
begin;
select plan(18);

-- patient_new: seeded with a confirmed e-mail, no phone, not onboarded.
select tests.act_as('patient_new');
select is(tests.try($$update public.patients set phone = '+84900000000', phone_verified_at = now(), email = 'made-up@else.test', email_verified_at = now()
  where user_id = auth.uid()$$), 'denied', 'a patient cannot write its phone, e-mail or their verified dates (issue 34: not in the allow-list)');
update public.patients set name = 'Trần Văn Mới', birthday = '1995-01-01', gender = 1 where user_id = auth.uid();
select is((select phone from public.patients where user_id = auth.uid()), null, 'no phone is stored without a confirmed Auth phone');
select is((select phone_verified_at from public.patients where user_id = auth.uid()), null, 'nor a phone_verified_at');
select is((select email from public.patients where user_id = auth.uid()), 'patient-new@demo.test', 'the e-mail stays the confirmed one');
select is((select name from public.patients where user_id = auth.uid()), 'Trần Văn Mới', 'the name, birthday and gender are saved');

-- Supabase Auth confirms a phone for that user (phone_change verified): the next write copies it, in E.164.
reset role;
-- patient_is_onboarded is called by the booking functions only (as their owner), not by API roles.
select is((select public.patient_is_onboarded(p) from public.patients p where user_id = '00000000-0000-4000-a000-000000000008'), false, 'without a verified phone the patient is not onboarded');
update auth.users set phone = '84911222333', phone_confirmed_at = '2026-02-02T03:04:05Z' where id = '00000000-0000-4000-a000-000000000008';
select tests.act_as('patient_new');
update public.patients set name = 'Trần Văn Mới' where user_id = auth.uid();
select is((select phone from public.patients where user_id = auth.uid()), '+84911222333', 'the confirmed phone is copied, with its plus');
select is((select phone_verified_at from public.patients where user_id = auth.uid()), '2026-02-02T03:04:05Z'::timestamptz, 'phone_verified_at is when Auth confirmed it');
reset role;
select is((select public.patient_is_onboarded(p) from public.patients p where user_id = '00000000-0000-4000-a000-000000000008'), true, 'now the patient is onboarded');

-- The demo patient's seeded verified phone (no phone in auth.users) is kept when the profile changes.
select tests.act_as('patient');
update public.patients set name = 'Nguyễn Thị Hoa' where user_id = auth.uid();
select is((select phone from public.patients where user_id = auth.uid()), '0901000001', 'without a confirmed Auth phone, the stored verified phone stays');

-- A new user creates their row: an unconfirmed Auth phone is not copied; a confirmed e-mail is.
reset role;
insert into auth.users (id, aud, role, email, email_confirmed_at, phone, phone_confirmed_at)
values ('00000000-0000-4000-a000-00000000f001', 'authenticated', 'authenticated', 'New.Person@Onboarding.test', '2026-03-03T00:00:00Z', '84955666777', null);
select set_config('request.jwt.claims', '{"sub": "00000000-0000-4000-a000-00000000f001", "role": "authenticated"}', true);
select set_config('request.jwt.claim.sub', '00000000-0000-4000-a000-00000000f001', true);
select set_config('role', 'authenticated', true);
insert into public.patients (user_id, name) values (auth.uid(), 'New Person');
select is((select phone from public.patients where user_id = auth.uid()), null, 'an unconfirmed Auth phone is not copied on insert');
select is((select email from public.patients where user_id = auth.uid()), 'new.person@onboarding.test', 'the confirmed e-mail is copied on insert, lower-cased');
select is((select email_verified_at from public.patients where user_id = auth.uid()), '2026-03-03T00:00:00Z'::timestamptz, 'with when Auth confirmed it');
select is(tests.try($$insert into public.patients (user_id, name) values ('00000000-0000-4000-a000-000000000009', 'Not mine')
  on conflict (user_id) do update set name = excluded.name$$), 'denied', 'a patient cannot write another patient''s row');
select is(tests.try($$update public.patients set name = 'Not mine' where user_id = '00000000-0000-4000-a000-000000000009'$$), 'rows:0', 'nor update it');
select is(tests.try($$insert into public.patients (user_id, name) values (auth.uid(), 'Twice')$$), 'error:23505', 'a patient has one row');

-- No API role writes another person's patient row, a platform admin included (the API has no such call).
select tests.act_as('admin');
select is(tests.try($$update public.patients set phone = '+84988777666' where user_id = '00000000-0000-4000-a000-000000000008'$$), 'denied', 'a platform admin does not write a patient''s phone directly');
reset role;
select is((select count(*)::int from pg_trigger where tgname = 'patients_verified_contact' and tgrelid = 'public.patients'::regclass), 1, 'the trigger is on public.patients');

select * from finish();
rollback;
