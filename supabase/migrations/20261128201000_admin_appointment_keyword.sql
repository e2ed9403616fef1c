-- The appointments list's keyword on a patient's or family member's name (issue 35: keyword / unfiltered within 1.5
-- at 200,000 bookings). The list joined patients and family_members under row-level security and filtered
-- `name ilike '%…%'`: ILIKE is not leakproof, so under RLS it cannot reach the trigram index and runs after each
-- row's policy (an EXISTS over the bookings per patient), for every booking of the range. These two calls find the
-- matching people first, through the trigram indexes, and answer only the people the caller may read anyway (the
-- same rule as the policies "Staff read patients / family members who booked with them": a booking the caller works,
-- the caller's branches or own doctor profile, or a platform admin; scope read once per call); the list then keeps its bookings whose patient or family member is among
-- them (a hashed subplan over the range). Called as the user by the API (functions/admin-appointments.ts).

create index if not exists family_members_name_trgm_idx on public.family_members using gin (name extensions.gin_trgm_ops);

/* Patients in the caller's staff scope whose name matches an ILIKE pattern. */
create or replace function public.admin_patients_named(p_pattern text) returns setof uuid
language sql stable security definer set search_path = '' rows 50 as $$
  with me as materialized (
    select public.is_platform_admin() as admin, public.staff_hospital_ids() as hospitals, public.current_doctor_id() as doctor
     where auth.uid() is not null and public.is_staff())
  select p.user_id from me, public.patients p
   where p.name ilike p_pattern
     and (me.admin or exists (select 1 from public.bookings b where b.patient_user_id = p.user_id
                                and (b.hospital_id = any (me.hospitals) or b.doctor_id = me.doctor)))
$$;
revoke execute on function public.admin_patients_named(text) from public, anon, authenticated;
grant execute on function public.admin_patients_named(text) to authenticated;

/* Family members booked for in the caller's staff scope whose name matches an ILIKE pattern. */
create or replace function public.admin_family_members_named(p_pattern text) returns setof bigint
language sql stable security definer set search_path = '' rows 50 as $$
  with me as materialized (
    select public.is_platform_admin() as admin, public.staff_hospital_ids() as hospitals, public.current_doctor_id() as doctor
     where auth.uid() is not null and public.is_staff())
  select f.id from me, public.family_members f
   where f.name ilike p_pattern
     and (me.admin or exists (select 1 from public.bookings b where b.family_member_id = f.id
                                and (b.hospital_id = any (me.hospitals) or b.doctor_id = me.doctor)))
$$;
revoke execute on function public.admin_family_members_named(text) from public, anon, authenticated;
grant execute on function public.admin_family_members_named(text) to authenticated;
