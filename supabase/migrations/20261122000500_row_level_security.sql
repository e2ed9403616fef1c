-- Row-level security: the authorization model (DESIGN §5). SPEC §4 "Branch and hospital scoping" and §6:
--   anon and patients read published directory data only;
--   a patient reads and writes only their own profile, family members and bookings;
--   admin and super see and manage everything; only super deletes admin users;
--   facility manages its own organization and all its branches;
--   senior_branch manages the branches of its organization it is assigned; branch its one branch;
--   doctor its own profile, schedule, appointments and reviews.
-- Helpers are security definer with an empty search_path; policies call them through (select ...) so
-- each is evaluated once per statement.

create or replace function public.staff_role() returns text
language sql stable security definer set search_path = '' as $$
  select a.role from public.admin_users a where a.user_id = auth.uid() and a.is_active
$$;

create or replace function public.staff_organization_id() returns bigint
language sql stable security definer set search_path = '' as $$
  select a.organization_id from public.admin_users a where a.user_id = auth.uid() and a.is_active
$$;

create or replace function public.is_platform_admin() returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce((select a.role in ('admin', 'super') from public.admin_users a where a.user_id = auth.uid() and a.is_active), false)
$$;

create or replace function public.is_super_admin() returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce((select a.role = 'super' from public.admin_users a where a.user_id = auth.uid() and a.is_active), false)
$$;

create or replace function public.is_staff() returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.admin_users a where a.user_id = auth.uid() and a.is_active)
$$;

-- Branches (hospitals rows) the calling manager runs: every branch of its organization for facility,
-- its assigned branches inside its organization for senior_branch and branch, none otherwise.
create or replace function public.staff_hospital_ids() returns bigint[]
language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg(h.id), '{}')
    from public.admin_users a
    join public.hospitals h on h.organization_id = a.organization_id
   where a.user_id = auth.uid() and a.is_active
     and (a.role = 'facility'
          or (a.role in ('senior_branch', 'branch')
              and exists (select 1 from public.admin_user_branches b where b.user_id = a.user_id and b.hospital_id = h.id)))
$$;

-- The doctors row of the calling doctor-role user.
create or replace function public.current_doctor_id() returns bigint
language sql stable security definer set search_path = '' as $$
  select d.id from public.doctors d where d.user_id = auth.uid() and auth.uid() is not null
$$;

create or replace function public.can_manage_hospital(p_hospital_id bigint) returns boolean
language sql stable security definer set search_path = '' as $$
  select public.is_platform_admin() or p_hospital_id = any (public.staff_hospital_ids())
$$;

-- Managers in scope, and the doctor themself (profile parts, schedules).
create or replace function public.can_manage_doctor(p_doctor_id bigint) returns boolean
language sql stable security definer set search_path = '' as $$
  select public.is_platform_admin()
      or exists (select 1 from public.doctors d where d.id = p_doctor_id
                  and (d.hospital_id = any (public.staff_hospital_ids()) or (d.user_id = auth.uid() and auth.uid() is not null)))
$$;

create or replace function public.can_manage_schedule(p_schedule_id bigint) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.schedules s where s.id = p_schedule_id
                  and (public.can_manage_hospital(s.hospital_id) or (s.doctor_id is not null and s.doctor_id = public.current_doctor_id())))
$$;

-- Admin users a senior branch manager may see: managers sharing one of its branches.
create or replace function public.admin_user_shares_my_branch(p_user_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.admin_user_branches b where b.user_id = p_user_id and b.hospital_id = any (public.staff_hospital_ids()))
$$;

create or replace function public.is_hospital_published(p_hospital_id bigint) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.hospitals h join public.organizations o on o.id = h.organization_id
                  where h.id = p_hospital_id and h.is_active and o.is_active)
$$;

revoke execute on function public.staff_role(), public.staff_organization_id(), public.is_platform_admin(), public.is_super_admin(),
  public.is_staff(), public.staff_hospital_ids(), public.current_doctor_id(), public.can_manage_hospital(bigint),
  public.can_manage_doctor(bigint), public.can_manage_schedule(bigint), public.admin_user_shares_my_branch(uuid),
  public.is_hospital_published(bigint) from public;
grant execute on function public.staff_role(), public.staff_organization_id(), public.is_platform_admin(), public.is_super_admin(),
  public.is_staff(), public.staff_hospital_ids(), public.current_doctor_id(), public.can_manage_hospital(bigint),
  public.can_manage_doctor(bigint), public.can_manage_schedule(bigint), public.admin_user_shares_my_branch(uuid),
  public.is_hospital_published(bigint) to anon, authenticated, service_role;

-- ---- guards for what a policy cannot see (old versus new values) ---------------------------------------
-- Security invoker on purpose: current_user is then the API role (anon/authenticated) of the caller.

-- A doctor editing their own profile keeps what the hospital decides: branch, account, status, the
-- outpatient/telemedicine toggles, partner-group and campaign flags, contract, tier, academy and client.
create or replace function public.doctors_guard_self_edit() returns trigger
language plpgsql security invoker set search_path = '' as $$
begin
  if current_user in ('anon', 'authenticated') and not public.can_manage_hospital(old.hospital_id)
     and (new.hospital_id, new.user_id, new.status, new.outpatient_enabled, new.telemedicine_enabled, new.partner_group,
          new.baby_formula_campaign, new.contract, new.tier_id, new.academy_id, new.client_id)
         is distinct from
         (old.hospital_id, old.user_id, old.status, old.outpatient_enabled, old.telemedicine_enabled, old.partner_group,
          old.baby_formula_campaign, old.contract, old.tier_id, old.academy_id, old.client_id) then
    raise exception 'A doctor cannot change their branch, account, status, availability toggles, flags or contract' using errcode = 'insufficient_privilege';
  end if;
  return new;
end $$;
create trigger doctors_guard_self_edit before update on public.doctors for each row execute function public.doctors_guard_self_edit();

-- Staff cannot change their own role, organization or active flag; only platform admins grant admin roles.
create or replace function public.admin_users_guard() returns trigger
language plpgsql security invoker set search_path = '' as $$
begin
  if current_user not in ('anon', 'authenticated') or public.is_platform_admin() then return new; end if;
  if tg_op = 'UPDATE' and old.user_id = auth.uid()
     and (new.role <> old.role or new.organization_id is distinct from old.organization_id or new.is_active <> old.is_active) then
    raise exception 'Staff cannot change their own role, organization or status' using errcode = 'insufficient_privilege';
  end if;
  return new;
end $$;
create trigger admin_users_guard before update on public.admin_users for each row execute function public.admin_users_guard();

-- The slot counter is written by the booking trigger only.
create or replace function public.time_slots_guard() returns trigger
language plpgsql security invoker set search_path = '' as $$
begin
  if current_user in ('anon', 'authenticated') and pg_trigger_depth() = 1 and new.booked <> old.booked then
    raise exception 'time_slots.booked is maintained by bookings' using errcode = 'insufficient_privilege';
  end if;
  return new;
end $$;
create trigger time_slots_guard before update on public.time_slots for each row execute function public.time_slots_guard();

-- A patient may only cancel their own booking; everything else about it is staff's.
create or replace function public.bookings_guard_patient_edit() returns trigger
language plpgsql security invoker set search_path = '' as $$
begin
  if current_user in ('anon', 'authenticated') and old.patient_user_id = auth.uid()
     and not public.can_manage_hospital(old.hospital_id) and old.doctor_id is distinct from public.current_doctor_id() then
    if new.status <> 'cancelled' or (to_jsonb(new) - array['status', 'cancelled_at', 'updated_at']) <> (to_jsonb(old) - array['status', 'cancelled_at', 'updated_at']) then
      raise exception 'A patient can only cancel their booking' using errcode = 'insufficient_privilege';
    end if;
    new.cancelled_at := coalesce(new.cancelled_at, now());
  end if;
  return new;
end $$;
create trigger bookings_guard_patient_edit before update on public.bookings for each row execute function public.bookings_guard_patient_edit();

-- A patient edits only the rate and feedback of their own review; publishing is moderation (staff).
create or replace function public.reviews_guard_patient_edit() returns trigger
language plpgsql security invoker set search_path = '' as $$
begin
  if current_user in ('anon', 'authenticated') and old.patient_user_id = auth.uid() and not public.can_manage_hospital(old.hospital_id)
     and (to_jsonb(new) - array['rate', 'feedback', 'updated_at']) <> (to_jsonb(old) - array['rate', 'feedback', 'updated_at']) then
    raise exception 'A patient can only change the rating and feedback of their review' using errcode = 'insufficient_privilege';
  end if;
  return new;
end $$;
create trigger reviews_guard_patient_edit before update on public.reviews for each row execute function public.reviews_guard_patient_edit();

-- ---- enable RLS everywhere in public ---------------------------------------------------------------------
do $$
declare t text;
begin
  for t in select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'p') loop
    execute format('alter table public.%I enable row level security', t);
  end loop;
end $$;

-- ---- lookups and reference data: public read, platform admins write ----------------------------------------
create policy "Anyone can read countries" on public.countries for select to anon, authenticated using (true);
create policy "Platform admins manage countries" on public.countries for all to authenticated
  using ((select public.is_platform_admin())) with check ((select public.is_platform_admin()));

create policy "Anyone can read clients" on public.clients for select to anon, authenticated using (true);
create policy "Platform admins manage clients" on public.clients for all to authenticated
  using ((select public.is_platform_admin())) with check ((select public.is_platform_admin()));
create policy "Anyone can read doctor tiers" on public.doctor_tiers for select to anon, authenticated using (true);
create policy "Platform admins manage doctor tiers" on public.doctor_tiers for all to authenticated
  using ((select public.is_platform_admin())) with check ((select public.is_platform_admin()));
create policy "Anyone can read doctor academies" on public.doctor_academies for select to anon, authenticated using (true);
create policy "Platform admins manage doctor academies" on public.doctor_academies for all to authenticated
  using ((select public.is_platform_admin())) with check ((select public.is_platform_admin()));
create policy "Anyone can read specialties" on public.specialties for select to anon, authenticated using (true);
create policy "Platform admins manage specialties" on public.specialties for all to authenticated
  using ((select public.is_platform_admin())) with check ((select public.is_platform_admin()));
create policy "Anyone can read insurances" on public.insurances for select to anon, authenticated using (true);
create policy "Platform admins manage insurances" on public.insurances for all to authenticated
  using ((select public.is_platform_admin())) with check ((select public.is_platform_admin()));
create policy "Anyone can read payment methods" on public.payment_methods for select to anon, authenticated using (true);
create policy "Platform admins manage payment methods" on public.payment_methods for all to authenticated
  using ((select public.is_platform_admin())) with check ((select public.is_platform_admin()));
create policy "Anyone can read expertise" on public.expertise for select to anon, authenticated using (true);
create policy "Staff add newly typed expertise" on public.expertise for insert to authenticated
  with check ((select public.is_staff()));
create policy "Platform admins edit expertise" on public.expertise for update to authenticated
  using ((select public.is_platform_admin())) with check ((select public.is_platform_admin()));
create policy "Platform admins delete expertise" on public.expertise for delete to authenticated
  using ((select public.is_platform_admin()));
create policy "Anyone can read active vaccines" on public.vaccines for select to anon, authenticated using (status = 1);
create policy "Platform admins manage vaccines" on public.vaccines for all to authenticated
  using ((select public.is_platform_admin())) with check ((select public.is_platform_admin()));

-- ---- organizations and hospitals --------------------------------------------------------------------------
create policy "Anyone can read active organizations" on public.organizations for select to anon, authenticated using (is_active);
create policy "Staff read their own organization" on public.organizations for select to authenticated
  using ((select public.is_platform_admin()) or id = (select public.staff_organization_id()));
create policy "Platform admins and organization managers without one create organizations" on public.organizations for insert to authenticated
  with check ((select public.is_platform_admin()) or ((select public.staff_role()) = 'facility' and (select public.staff_organization_id()) is null));
create policy "Platform admins and organization managers update their organization" on public.organizations for update to authenticated
  using ((select public.is_platform_admin()) or ((select public.staff_role()) = 'facility' and id = (select public.staff_organization_id())))
  with check ((select public.is_platform_admin()) or ((select public.staff_role()) = 'facility' and id = (select public.staff_organization_id())));
create policy "Platform admins delete organizations" on public.organizations for delete to authenticated
  using ((select public.is_platform_admin()));

create policy "Anyone can read published hospitals" on public.hospitals for select to anon, authenticated
  using (is_active and exists (select 1 from public.organizations o where o.id = organization_id and o.is_active));
create policy "Managers read hospitals in their scope" on public.hospitals for select to authenticated
  using ((select public.is_platform_admin()) or id = any ((select public.staff_hospital_ids())::bigint[]));
create policy "Platform admins and organization managers add branches" on public.hospitals for insert to authenticated
  with check ((select public.is_platform_admin()) or ((select public.staff_role()) = 'facility' and organization_id = (select public.staff_organization_id())));
create policy "Managers update hospitals in their scope" on public.hospitals for update to authenticated
  using ((select public.is_platform_admin()) or id = any ((select public.staff_hospital_ids())::bigint[]))
  with check ((select public.is_platform_admin()) or id = any ((select public.staff_hospital_ids())::bigint[]));
create policy "Platform admins and organization managers delete branches" on public.hospitals for delete to authenticated
  using ((select public.is_platform_admin()) or ((select public.staff_role()) = 'facility' and organization_id = (select public.staff_organization_id())));

-- Per-hospital lists: readable with the hospital, managed by the hospital's managers.
create policy "Anyone can read specialties of hospitals they can see" on public.hospital_specialties for select to anon, authenticated
  using (exists (select 1 from public.hospitals h where h.id = hospital_id));
create policy "Managers manage specialties of hospitals in their scope" on public.hospital_specialties for all to authenticated
  using ((select public.is_platform_admin()) or hospital_id = any ((select public.staff_hospital_ids())::bigint[]))
  with check ((select public.is_platform_admin()) or hospital_id = any ((select public.staff_hospital_ids())::bigint[]));
create policy "Anyone can read insurances of hospitals they can see" on public.hospital_insurances for select to anon, authenticated
  using (exists (select 1 from public.hospitals h where h.id = hospital_id));
create policy "Managers manage insurances of hospitals in their scope" on public.hospital_insurances for all to authenticated
  using ((select public.is_platform_admin()) or hospital_id = any ((select public.staff_hospital_ids())::bigint[]))
  with check ((select public.is_platform_admin()) or hospital_id = any ((select public.staff_hospital_ids())::bigint[]));
create policy "Anyone can read payment methods of hospitals they can see" on public.hospital_payment_methods for select to anon, authenticated
  using (exists (select 1 from public.hospitals h where h.id = hospital_id));
create policy "Managers manage payment methods of hospitals in their scope" on public.hospital_payment_methods for all to authenticated
  using ((select public.is_platform_admin()) or hospital_id = any ((select public.staff_hospital_ids())::bigint[]))
  with check ((select public.is_platform_admin()) or hospital_id = any ((select public.staff_hospital_ids())::bigint[]));
create policy "Anyone can read service categories of hospitals they can see" on public.service_categories for select to anon, authenticated
  using (exists (select 1 from public.hospitals h where h.id = hospital_id));
create policy "Managers manage service categories of hospitals in their scope" on public.service_categories for all to authenticated
  using ((select public.is_platform_admin()) or hospital_id = any ((select public.staff_hospital_ids())::bigint[]))
  with check ((select public.is_platform_admin()) or hospital_id = any ((select public.staff_hospital_ids())::bigint[]));
create policy "Anyone can read vaccine prices of hospitals they can see" on public.vaccine_details for select to anon, authenticated
  using (exists (select 1 from public.hospitals h where h.id = hospital_id));
create policy "Managers manage vaccine prices of hospitals in their scope" on public.vaccine_details for all to authenticated
  using ((select public.is_platform_admin()) or hospital_id = any ((select public.staff_hospital_ids())::bigint[]))
  with check ((select public.is_platform_admin()) or hospital_id = any ((select public.staff_hospital_ids())::bigint[]));

create policy "Anyone can read active services of hospitals they can see" on public.hospital_services for select to anon, authenticated
  using (status = 1 and exists (select 1 from public.hospitals h where h.id = hospital_id));
create policy "Managers manage services of hospitals in their scope" on public.hospital_services for all to authenticated
  using ((select public.is_platform_admin()) or hospital_id = any ((select public.staff_hospital_ids())::bigint[]))
  with check ((select public.is_platform_admin()) or hospital_id = any ((select public.staff_hospital_ids())::bigint[]));

-- ---- doctors ------------------------------------------------------------------------------------------------
create policy "Anyone can read doctors of hospitals they can see" on public.doctors for select to anon, authenticated
  using (exists (select 1 from public.hospitals h where h.id = hospital_id));
create policy "Doctors read their own profile" on public.doctors for select to authenticated
  using (user_id = (select auth.uid()));
create policy "Doctors update their own profile" on public.doctors for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "Managers manage doctors of hospitals in their scope" on public.doctors for all to authenticated
  using ((select public.is_platform_admin()) or hospital_id = any ((select public.staff_hospital_ids())::bigint[]))
  with check ((select public.is_platform_admin()) or hospital_id = any ((select public.staff_hospital_ids())::bigint[]));

create policy "Anyone can read specialties of doctors they can see" on public.doctor_specialties for select to anon, authenticated
  using (exists (select 1 from public.doctors d where d.id = doctor_id));
create policy "Managers and the doctor manage the doctor's specialties" on public.doctor_specialties for all to authenticated
  using (public.can_manage_doctor(doctor_id)) with check (public.can_manage_doctor(doctor_id));
create policy "Anyone can read expertise of doctors they can see" on public.doctor_expertise for select to anon, authenticated
  using (exists (select 1 from public.doctors d where d.id = doctor_id));
create policy "Managers and the doctor manage the doctor's expertise" on public.doctor_expertise for all to authenticated
  using (public.can_manage_doctor(doctor_id)) with check (public.can_manage_doctor(doctor_id));
create policy "Anyone can read services of doctors they can see" on public.doctor_services for select to anon, authenticated
  using (exists (select 1 from public.doctors d where d.id = doctor_id));
create policy "Managers and the doctor manage the doctor's services" on public.doctor_services for all to authenticated
  using (public.can_manage_doctor(doctor_id)) with check (public.can_manage_doctor(doctor_id));

-- ---- schedules and slots ------------------------------------------------------------------------------------
create policy "Anyone can read schedules of hospitals they can see" on public.schedules for select to anon, authenticated
  using (exists (select 1 from public.hospitals h where h.id = hospital_id));
create policy "Managers manage schedules of hospitals in their scope" on public.schedules for all to authenticated
  using ((select public.is_platform_admin()) or hospital_id = any ((select public.staff_hospital_ids())::bigint[]))
  with check ((select public.is_platform_admin()) or hospital_id = any ((select public.staff_hospital_ids())::bigint[]));
create policy "Doctors manage their own schedules" on public.schedules for all to authenticated
  using (doctor_id = (select public.current_doctor_id())) with check (doctor_id = (select public.current_doctor_id()));

create policy "Anyone can read time slots of schedules they can see" on public.time_slots for select to anon, authenticated
  using (exists (select 1 from public.schedules s where s.id = schedule_id));
create policy "Managers and the doctor manage time slots of their schedules" on public.time_slots for all to authenticated
  using (public.can_manage_schedule(schedule_id)) with check (public.can_manage_schedule(schedule_id));

-- ---- bookings and reviews -----------------------------------------------------------------------------------
create policy "Patients read their own bookings" on public.bookings for select to authenticated
  using (patient_user_id = (select auth.uid()));
create policy "Patients cancel their own bookings" on public.bookings for update to authenticated
  using (patient_user_id = (select auth.uid())) with check (patient_user_id = (select auth.uid()));
create policy "Managers read bookings of hospitals in their scope" on public.bookings for select to authenticated
  using ((select public.is_platform_admin()) or hospital_id = any ((select public.staff_hospital_ids())::bigint[]));
create policy "Managers create bookings in their scope" on public.bookings for insert to authenticated
  with check ((select public.is_platform_admin()) or hospital_id = any ((select public.staff_hospital_ids())::bigint[]));
create policy "Managers update bookings of hospitals in their scope" on public.bookings for update to authenticated
  using ((select public.is_platform_admin()) or hospital_id = any ((select public.staff_hospital_ids())::bigint[]))
  with check ((select public.is_platform_admin()) or hospital_id = any ((select public.staff_hospital_ids())::bigint[]));
create policy "Doctors read their own appointments" on public.bookings for select to authenticated
  using (doctor_id = (select public.current_doctor_id()));
create policy "Doctors update their own appointments" on public.bookings for update to authenticated
  using (doctor_id = (select public.current_doctor_id())) with check (doctor_id = (select public.current_doctor_id()));
create policy "Platform admins delete bookings" on public.bookings for delete to authenticated
  using ((select public.is_platform_admin()));

create policy "Anyone can read published reviews where the organization publishes reviews" on public.reviews for select to anon, authenticated
  using (is_published and exists (select 1 from public.hospitals h join public.organizations o on o.id = h.organization_id
                                   where h.id = hospital_id and o.publish_reviews));
create policy "Patients read their own reviews" on public.reviews for select to authenticated
  using (patient_user_id = (select auth.uid()));
create policy "Patients review their own completed bookings" on public.reviews for insert to authenticated
  with check (patient_user_id = (select auth.uid()) and exists (
    select 1 from public.bookings b where b.id = booking_id and b.patient_user_id = (select auth.uid()) and b.status = 'completed'
      and b.hospital_id = reviews.hospital_id and b.doctor_id is not distinct from reviews.doctor_id and b.service_id is not distinct from reviews.service_id));
create policy "Patients edit their own reviews" on public.reviews for update to authenticated
  using (patient_user_id = (select auth.uid())) with check (patient_user_id = (select auth.uid()));
create policy "Managers read reviews of hospitals in their scope" on public.reviews for select to authenticated
  using ((select public.is_platform_admin()) or hospital_id = any ((select public.staff_hospital_ids())::bigint[]));
create policy "Managers moderate reviews of hospitals in their scope" on public.reviews for update to authenticated
  using ((select public.is_platform_admin()) or hospital_id = any ((select public.staff_hospital_ids())::bigint[]))
  with check ((select public.is_platform_admin()) or hospital_id = any ((select public.staff_hospital_ids())::bigint[]));
create policy "Doctors read their own reviews" on public.reviews for select to authenticated
  using (doctor_id = (select public.current_doctor_id()));
create policy "Platform admins delete reviews" on public.reviews for delete to authenticated
  using ((select public.is_platform_admin()));

-- ---- patients and family members ------------------------------------------------------------------------------
create policy "Patients read their own profile" on public.patients for select to authenticated
  using (user_id = (select auth.uid()));
create policy "Patients create their own profile" on public.patients for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy "Patients update their own profile" on public.patients for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "Platform admins manage patients" on public.patients for all to authenticated
  using ((select public.is_platform_admin())) with check ((select public.is_platform_admin()));
create policy "Staff read patients who booked with them" on public.patients for select to authenticated
  using (exists (select 1 from public.bookings b where b.patient_user_id = patients.user_id
                  and (b.hospital_id = any ((select public.staff_hospital_ids())::bigint[]) or b.doctor_id = (select public.current_doctor_id()))));

create policy "Patients manage their own family members" on public.family_members for all to authenticated
  using (patient_user_id = (select auth.uid())) with check (patient_user_id = (select auth.uid()));
create policy "Platform admins manage family members" on public.family_members for all to authenticated
  using ((select public.is_platform_admin())) with check ((select public.is_platform_admin()));
create policy "Staff read family members who booked with them" on public.family_members for select to authenticated
  using (exists (select 1 from public.bookings b where b.family_member_id = family_members.id
                  and (b.hospital_id = any ((select public.staff_hospital_ids())::bigint[]) or b.doctor_id = (select public.current_doctor_id()))));

-- ---- staff accounts -------------------------------------------------------------------------------------------
create policy "Staff read their own account" on public.admin_users for select to authenticated
  using (user_id = (select auth.uid()));
create policy "Staff update their own account" on public.admin_users for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "Platform admins read admin users" on public.admin_users for select to authenticated
  using ((select public.is_platform_admin()));
create policy "Platform admins create admin users" on public.admin_users for insert to authenticated
  with check ((select public.is_platform_admin()));
create policy "Platform admins update admin users" on public.admin_users for update to authenticated
  using ((select public.is_platform_admin())) with check ((select public.is_platform_admin()));
create policy "Only super admins delete admin users" on public.admin_users for delete to authenticated
  using ((select public.is_super_admin()));
create policy "Organization managers read staff of their organization" on public.admin_users for select to authenticated
  using ((select public.staff_role()) = 'facility' and organization_id = (select public.staff_organization_id()));
create policy "Organization managers add staff to their organization" on public.admin_users for insert to authenticated
  with check ((select public.staff_role()) = 'facility' and organization_id = (select public.staff_organization_id())
              and role in ('facility', 'senior_branch', 'branch', 'doctor'));
create policy "Organization managers edit staff of their organization" on public.admin_users for update to authenticated
  using ((select public.staff_role()) = 'facility' and organization_id = (select public.staff_organization_id()))
  with check ((select public.staff_role()) = 'facility' and organization_id = (select public.staff_organization_id())
              and role in ('facility', 'senior_branch', 'branch', 'doctor'));
create policy "Senior branch managers read branch staff of their branches" on public.admin_users for select to authenticated
  using ((select public.staff_role()) = 'senior_branch' and role in ('senior_branch', 'branch')
         and organization_id = (select public.staff_organization_id()) and public.admin_user_shares_my_branch(user_id));

create policy "Staff read their own branches" on public.admin_user_branches for select to authenticated
  using (user_id = (select auth.uid()));
create policy "Managers read branch assignments in their scope" on public.admin_user_branches for select to authenticated
  using ((select public.is_platform_admin()) or hospital_id = any ((select public.staff_hospital_ids())::bigint[]));
create policy "Platform admins and organization managers assign branches" on public.admin_user_branches for all to authenticated
  using ((select public.is_platform_admin()) or ((select public.staff_role()) = 'facility' and hospital_id = any ((select public.staff_hospital_ids())::bigint[])))
  with check ((select public.is_platform_admin()) or ((select public.staff_role()) = 'facility' and hospital_id = any ((select public.staff_hospital_ids())::bigint[])));

-- ---- vouchers, campaigns, content ----------------------------------------------------------------------------
create policy "Anyone can read active vouchers" on public.vouchers for select to anon, authenticated using (is_active);
create policy "Platform admins manage vouchers" on public.vouchers for all to authenticated
  using ((select public.is_platform_admin())) with check ((select public.is_platform_admin()));
create policy "Anyone can read targets of active vouchers" on public.voucher_targets for select to anon, authenticated
  using (exists (select 1 from public.vouchers v where v.id = voucher_id));
create policy "Platform admins manage voucher targets" on public.voucher_targets for all to authenticated
  using ((select public.is_platform_admin())) with check ((select public.is_platform_admin()));

create policy "Platform admins manage campaigns" on public.campaigns for all to authenticated
  using ((select public.is_platform_admin())) with check ((select public.is_platform_admin()));
create policy "Platform admins manage campaign phone numbers" on public.campaign_phones for all to authenticated
  using ((select public.is_platform_admin())) with check ((select public.is_platform_admin()));

create policy "Anyone can read published articles" on public.articles for select to anon, authenticated using (is_published);
create policy "Platform admins manage articles" on public.articles for all to authenticated
  using ((select public.is_platform_admin())) with check ((select public.is_platform_admin()));
create policy "Anyone can read active homepage blocks" on public.homepage_blocks for select to anon, authenticated using (is_active);
create policy "Platform admins manage homepage blocks" on public.homepage_blocks for all to authenticated
  using ((select public.is_platform_admin())) with check ((select public.is_platform_admin()));
create policy "Anyone can read active website navigation" on public.website_nav for select to anon, authenticated using (is_active);
create policy "Platform admins manage website navigation" on public.website_nav for all to authenticated
  using ((select public.is_platform_admin())) with check ((select public.is_platform_admin()));
create policy "Anyone can read active popular search keys" on public.popular_search_keys for select to anon, authenticated using (is_active);
create policy "Platform admins manage popular search keys" on public.popular_search_keys for all to authenticated
  using ((select public.is_platform_admin())) with check ((select public.is_platform_admin()));

-- ---- imports and logs -----------------------------------------------------------------------------------------
create policy "Staff read their own imports" on public.imports for select to authenticated
  using (created_by = (select auth.uid()) or (select public.is_platform_admin())
         or ((select public.staff_role()) = 'facility' and organization_id = (select public.staff_organization_id())));
create policy "Staff other than doctors start imports" on public.imports for insert to authenticated
  with check (created_by = (select auth.uid()) and (select public.staff_role()) in ('admin', 'super', 'facility', 'senior_branch', 'branch')
              and ((select public.is_platform_admin()) or organization_id = (select public.staff_organization_id())));
create policy "Staff update their own imports" on public.imports for update to authenticated
  using (created_by = (select auth.uid()) or (select public.is_platform_admin()))
  with check (created_by = (select auth.uid()) or (select public.is_platform_admin()));
create policy "Platform admins delete imports" on public.imports for delete to authenticated
  using ((select public.is_platform_admin()));
create policy "Staff read rows of imports they can see" on public.import_rows for select to authenticated
  using (exists (select 1 from public.imports i where i.id = import_id));
create policy "Staff write rows of their own imports" on public.import_rows for insert to authenticated
  with check (exists (select 1 from public.imports i where i.id = import_id and (i.created_by = (select auth.uid()) or (select public.is_platform_admin()))));

create policy "Platform admins read the data history" on public.data_history for select to authenticated
  using ((select public.is_platform_admin()));
create policy "Platform admins read the directory change log" on public.directory_changes for select to authenticated
  using ((select public.is_platform_admin()));

-- Logs are written by triggers only.
revoke insert, update, delete, truncate on public.data_history, public.directory_changes from anon, authenticated;
