-- Issue 34: the database refuses what the API refuses.
--
-- The functions run as the caller (role `authenticated`, RLS deciding), so until now every write the API needed was
-- granted on every column of nearly every table, and Supabase's Data API let any signed-in account make the same
-- writes without the functions' rules (a patient confirmed and completed their own service booking at price 0, a
-- doctor set its own price and promotion, a facility manager attached a patient's account as its staff).
--
-- From here on:
-- 1. `authenticated` may insert, update or delete only what the API itself writes as the caller: the allow-list in
--    section 2, one grant per column, each with its reason. supabase/tests/database/68_write_matrix.test.sql holds the
--    same list and fails on any other writable column, so a new column stays unwritable until it is listed there.
-- 2. State changes with a rule (booking status, price, slot, payment, review authorship, staff membership) go through
--    `security definer` functions that carry the API's rule (book_slot, private.confirm_hold, release_hold,
--    cancel_my_booking, reschedule_my_booking, admin_create_staff, admin_update_staff, and public.submit_review below).
-- 3. The Data API exposes the empty schema `api` only (supabase/config.toml); see README "The Data API".

-- ---- 1. Every write of the API roles revoked --------------------------------------------------------------------
revoke insert, update, delete, truncate, references, trigger on all tables in schema public from anon, authenticated;

-- ---- 2. The allow-list: what the functions write as the caller ------------------------------------------------
-- Staff: their own name and photo (PUT /api/admin/me). Staff rows are made and changed only by admin_create_staff
-- and admin_update_staff; only a super admin deletes one (DELETE /api/admin/users/:id, policy).
grant update (name, avatar, updated_at) on public.admin_users to authenticated;
grant delete on public.admin_users to authenticated;

-- Doctors: managers create, edit, activate and delete doctors in their scope (the doctor form, status and
-- telemedicine row actions, availability's buffer times, the CSV import); a doctor edits its own profile, limited
-- by doctors_guard_self_edit to the profile screen's columns. Price, promotion, featured, booking URL, rating, the
-- partner and campaign flags and the account link are not written by the API.
grant insert (name, description, gender, provide_care, glance, phone, email, email_notification, languages, experience,
              education, awards, publication, memberships, faqs, hospital_id, contract, tier_id, academy_id, client_id,
              avatar, slug, organization_id, country_id)
  on public.doctors to authenticated;
grant update (name, description, gender, provide_care, glance, phone, email, email_notification, languages, experience,
              education, awards, publication, memberships, faqs, hospital_id, contract, tier_id, academy_id, client_id,
              avatar, status, telemedicine_enabled, buffer_time_outpatient, buffer_time_telemedicine, updated_at)
  on public.doctors to authenticated;
grant delete on public.doctors to authenticated;

-- The doctor form's lists (managers, and the doctor on its own profile).
grant insert (doctor_id, specialty_id) on public.doctor_specialties to authenticated;
grant delete on public.doctor_specialties to authenticated;
grant insert (doctor_id, expertise_id) on public.doctor_expertise to authenticated;
grant delete on public.doctor_expertise to authenticated;
grant insert (doctor_id, name, description, price_type, price, price_to),
      update (name, description, price_type, price, price_to)
  on public.doctor_services to authenticated;
grant delete on public.doctor_services to authenticated;
-- Newly typed expertise labels, in the doctor's market (policy below).
grant insert (country_id, name) on public.expertise to authenticated;

-- Availability (managers only, SPEC §6: the doctor role has no Edit Schedule). Slots are generated from it by the
-- security definer regenerate_doctor_schedule; nobody writes schedules or time_slots directly.
grant insert (doctor_id, kind, slot_minutes, capacity), update (slot_minutes, capacity)
  on public.doctor_availability to authenticated;
grant insert (doctor_id, kind, weekday, starts, ends) on public.doctor_weekly_hours to authenticated;
grant delete on public.doctor_weekly_hours to authenticated;
grant insert (doctor_id, kind, day, type, starts, ends, note) on public.doctor_schedule_exceptions to authenticated;
grant delete on public.doctor_schedule_exceptions to authenticated;

-- The service import (manual type, managers in scope).
grant insert (hospital_id, name, description, price_type, price, price_to, original_price, promotion_percent, buffer_time,
              is_package, slug, country_id, organization_id, price_unit),
      update (description, price_type, price, price_to, original_price, promotion_percent, buffer_time, is_package)
  on public.hospital_services to authenticated;

-- The imports' own bookkeeping, written as the staff member who started them (policies: their own imports).
grant insert (country_id, import_type, organization_id, created_by, file_name, size_kb, status, percent),
      update (status, percent, success, failed, result_url, updated_at)
  on public.imports to authenticated;
grant insert (import_id, line, data, status, message) on public.import_rows to authenticated;

-- The patient's own profile (POST /api/me/profile; phone and e-mail come from the verified sign-in, trigger) and
-- family members (the family calls).
grant insert (user_id, name, birthday, gender, country_id, preferred_locale),
      update (name, birthday, gender, country_id, preferred_locale, updated_at)
  on public.patients to authenticated;
grant insert (patient_user_id, name, birthday, gender, relation, notify_to, email, phone, avatar),
      update (name, birthday, gender, relation, notify_to, email, phone, avatar, updated_at)
  on public.family_members to authenticated;
grant delete on public.family_members to authenticated;

-- The bell: staff mark what they have read.
grant insert (user_id, notification_id) on public.notification_reads to authenticated;
grant delete on public.notification_reads to authenticated;
grant insert (user_id, read_through), update (read_through, updated_at) on public.notification_read_marks to authenticated;

-- ---- 3. Policies that opened writes the API never makes -------------------------------------------------------
drop policy if exists "Organization managers add staff to their organization" on public.admin_users;
drop policy if exists "Organization managers edit staff of their organization" on public.admin_users;
drop policy if exists "Platform admins create admin users" on public.admin_users;
drop policy if exists "Platform admins update admin users" on public.admin_users;
drop policy if exists "Platform admins and organization managers assign branches" on public.admin_user_branches;

drop policy if exists "Doctors update their own appointments" on public.bookings;
drop policy if exists "Managers create bookings in their scope" on public.bookings;
drop policy if exists "Managers update bookings of hospitals in their scope" on public.bookings;
drop policy if exists "Patients cancel their own bookings" on public.bookings;
drop policy if exists "Platform admins delete bookings" on public.bookings;

drop policy if exists "Patients edit their own reviews" on public.reviews;
drop policy if exists "Patients review their own completed bookings" on public.reviews;
drop policy if exists "Managers moderate reviews of hospitals in their scope" on public.reviews;
drop policy if exists "Platform admins delete reviews" on public.reviews;

drop policy if exists "Doctors manage their own schedules" on public.schedules;
create policy "Doctors read their own schedules" on public.schedules
  for select to authenticated using (doctor_id = (select public.current_doctor_id()));
drop policy if exists "Managers and the doctor manage time slots of their schedules" on public.time_slots;
create policy "Managers and the doctor read time slots of their schedules" on public.time_slots
  for select to authenticated using (public.can_manage_schedule(schedule_id));

drop policy if exists "Platform admins manage family members" on public.family_members;
create policy "Platform admins read family members" on public.family_members
  for select to authenticated using ((select public.is_platform_admin()));
drop policy if exists "Platform admins manage patients" on public.patients;
create policy "Platform admins read patients" on public.patients
  for select to authenticated using ((select public.is_platform_admin()));

-- A doctor's availability is set by its managers only (SPEC §6), not by the doctor (who may read it).
create or replace function public.manages_doctor(p_doctor_id bigint) returns boolean
language sql stable security definer set search_path = '' as $$
  select public.is_platform_admin()
      or exists (select 1 from public.doctors d where d.id = p_doctor_id and d.hospital_id = any (public.staff_hospital_ids()))
$$;
revoke execute on function public.manages_doctor(bigint) from public, anon;
grant execute on function public.manages_doctor(bigint) to authenticated, service_role;

drop policy if exists "Managers and the doctor manage the doctor's availability" on public.doctor_availability;
drop policy if exists "Managers and the doctor manage the doctor's weekly hours" on public.doctor_weekly_hours;
drop policy if exists "Managers and the doctor manage the doctor's schedule exceptions" on public.doctor_schedule_exceptions;
create policy "Managers set the doctor's availability" on public.doctor_availability
  for all to authenticated using (public.manages_doctor(doctor_id)) with check (public.manages_doctor(doctor_id));
create policy "Managers set the doctor's weekly hours" on public.doctor_weekly_hours
  for all to authenticated using (public.manages_doctor(doctor_id)) with check (public.manages_doctor(doctor_id));
create policy "Managers set the doctor's schedule exceptions" on public.doctor_schedule_exceptions
  for all to authenticated using (public.manages_doctor(doctor_id)) with check (public.manages_doctor(doctor_id));

-- The doctor reads its own availability (the read-only /admin/schedule screen).
create policy "The doctor reads its own availability" on public.doctor_availability
  for select to authenticated using (doctor_id = (select public.current_doctor_id()));
create policy "The doctor reads its own weekly hours" on public.doctor_weekly_hours
  for select to authenticated using (doctor_id = (select public.current_doctor_id()));
create policy "The doctor reads its own schedule exceptions" on public.doctor_schedule_exceptions
  for select to authenticated using (doctor_id = (select public.current_doctor_id()));

-- Expertise is per market: staff add labels only in their own organization's market (platform admins: any).
drop policy if exists "Staff add newly typed expertise" on public.expertise;
create policy "Staff add newly typed expertise in their market" on public.expertise
  for insert to authenticated
  with check ((select public.is_platform_admin())
              or ((select public.is_staff())
                  and country_id = (select o.country_id from public.organizations o where o.id = (select public.staff_organization_id()))));

-- ---- 4. Guards, for writes the allow-list still admits --------------------------------------------------------
-- A doctor editing its own profile (not as a manager) changes only the profile screen's columns.
create or replace function public.doctors_guard_self_edit() returns trigger
language plpgsql set search_path = '' as $$
declare
  changed text[];
begin
  if current_user in ('anon', 'authenticated') and not public.can_manage_hospital(old.hospital_id) then
    select coalesce(array_agg(n.key), '{}') into changed
      from jsonb_each(to_jsonb(new)) n join jsonb_each(to_jsonb(old)) o using (key)
     where n.value is distinct from o.value
       and n.key not in ('name', 'description', 'gender', 'provide_care', 'glance', 'phone', 'email', 'email_notification',
                         'languages', 'experience', 'education', 'awards', 'publication', 'memberships', 'faqs', 'avatar', 'updated_at');
    if changed <> '{}' then
      raise exception 'A doctor edits only its own profile (not %)', array_to_string(changed, ', ') using errcode = 'insufficient_privilege';
    end if;
  end if;
  return new;
end $$;

-- Finding 1's root: the guard skipped bookings without a doctor (null is distinct from null is false). No API role
-- may update bookings any more; the guard stays as a second wall for code running as the caller.
create or replace function public.bookings_guard_patient_edit() returns trigger
language plpgsql set search_path = '' as $$
begin
  if current_user in ('anon', 'authenticated') and old.patient_user_id = auth.uid()
     and not public.can_manage_hospital(old.hospital_id)
     and (public.current_doctor_id() is null or old.doctor_id is distinct from public.current_doctor_id()) then
    if new.status <> 'cancelled' or (to_jsonb(new) - array['status', 'cancelled_at', 'updated_at']) <> (to_jsonb(old) - array['status', 'cancelled_at', 'updated_at']) then
      raise exception 'A patient can only cancel their booking' using errcode = 'insufficient_privilege';
    end if;
    new.cancelled_at := coalesce(new.cancelled_at, now());
  end if;
  return new;
end $$;

-- ---- 5. Reviews: written only through the rule --------------------------------------------------------------
-- The patient's own completed booking, once, 1 to 5 stars, at most 1,000 characters (src/lib/my-bookings.ts
-- validateReview); the author's name and photo are the patient profile's, never the caller's say.
create or replace function public.submit_review(p_booking bigint, p_rate integer, p_feedback text)
returns bigint
language plpgsql volatile security definer set search_path = '' as $$
declare
  b public.bookings;
  p public.patients;
  fb text := nullif(btrim(coalesce(p_feedback, '')), '');
  rid bigint;
begin
  if auth.uid() is null then raise exception 'sign in to review' using errcode = '42501'; end if;
  select * into b from public.bookings where id = p_booking and patient_user_id = auth.uid() for update;
  if b.id is null then raise exception 'Booking not found' using errcode = 'P0002'; end if;
  if b.status <> 'completed' then raise exception 'Only a completed appointment can be reviewed.' using errcode = 'PT409'; end if;
  if exists (select 1 from public.reviews r where r.booking_id = b.id) then
    raise exception 'This appointment has already been reviewed.' using errcode = 'PT409';
  end if;
  if p_rate is null or p_rate < 1 or p_rate > 5 then raise exception 'The rating must be 1 to 5 stars' using errcode = '22023'; end if;
  if char_length(coalesce(fb, '')) > 1000 then raise exception 'The review is too long' using errcode = '22023'; end if;
  select * into p from public.patients where user_id = auth.uid();
  insert into public.reviews (booking_id, patient_user_id, author_name, author_avatar, doctor_id, service_id, hospital_id, rate, feedback)
  values (b.id, b.patient_user_id, coalesce(nullif(p.name, ''), 'Patient'), p.avatar, b.doctor_id, b.service_id, b.hospital_id, p_rate, fb)
  returning id into rid;
  return rid;
end $$;
revoke execute on function public.submit_review(bigint, integer, text) from public, anon;
grant execute on function public.submit_review(bigint, integer, text) to authenticated, service_role;

-- ---- 6. Functions that skip a rule ------------------------------------------------------------------------------
-- confirm_booking (the first booking flow) confirmed any hold with any payment text; private.confirm_hold replaced it.
revoke execute on function public.confirm_booking(bigint, text, boolean) from public, anon, authenticated;

-- Staff membership: only accounts made for it. An e-mail that already signed up (a patient, or an account that has
-- not made its profile yet) is refused: attaching it would hand that person's sign-in a staff role.
create or replace function public.admin_create_staff(p_email text, p_name text, p_phone text, p_role text, p_org bigint, p_branches bigint[])
returns uuid
language plpgsql volatile security definer set search_path = '' as $$
declare
  uid uuid;
  email_norm text := lower(trim(p_email));
begin
  perform public.assert_staff_grant(p_role, p_org, p_branches);
  select u.id into uid from auth.users u where lower(u.email) = email_norm;
  if uid is not null then
    if exists (select 1 from public.admin_users a where a.user_id = uid) then
      raise exception 'a staff account with this e-mail already exists' using errcode = '23505';
    end if;
    raise exception 'this e-mail belongs to a patient account; staff need an account of their own' using errcode = '42501';
  end if;
  insert into auth.users (aud, role, email, raw_app_meta_data, raw_user_meta_data)
  values ('authenticated', 'authenticated', email_norm, '{"provider":"email","providers":["email"]}', jsonb_build_object('name', p_name))
  returning id into uid;
  insert into public.admin_users (user_id, role, name, email, phone, organization_id)
  values (uid, p_role, p_name, email_norm, nullif(p_phone, ''), case when p_role = 'admin' then null else p_org end);
  insert into public.admin_user_branches (user_id, hospital_id) select uid, b from unnest(coalesce(p_branches, '{}')) b;
  return uid;
end
$$;

-- ---- 7. Hospital and service phones: only through the rate-limited reveal (finding 6) ---------------------------
-- anon lost them in 20261127200100; a signed-in account read them all in one select. The reveal calls read them
-- as the server (functions/hospital-phone.ts), the build as its own role (src/data/phones.ts).
revoke select (phone) on public.hospitals from authenticated;
revoke select (phone) on public.hospital_services from authenticated;

-- ---- 8. The Data API's schema: exposes nothing --------------------------------------------------------------
create schema if not exists api;
comment on schema api is
  'The only schema the Supabase Data API exposes (supabase/config.toml [api] schemas). Empty on purpose: the product '
  'calls no table or function through PostgREST. A future client opens one view at a time here (README "The Data API").';
revoke all on schema api from public;
grant usage on schema api to anon, authenticated, service_role;
