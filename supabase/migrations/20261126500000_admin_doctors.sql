-- Admin doctors (issue #29): indexes of the admin doctor list, the grants its endpoints use, and a doctor's
-- deletion refused with a message that says what to do instead when bookings exist.

-- The admin list reads the ids (newest first) of a market, an organization or a branch in one pass; the market's
-- index carries the columns the row-level security policies test, so that pass needs no table rows.
create index if not exists doctors_admin_country_idx on public.doctors (country_id, id desc) include (organization_id, hospital_id, user_id);
create index if not exists doctors_admin_organization_idx on public.doctors (organization_id, id desc);
create index if not exists doctors_admin_hospital_idx on public.doctors (hospital_id, id desc);
create index if not exists doctor_specialties_admin_idx on public.doctor_specialties (specialty_id, doctor_id);

-- Grants: the column grants of 20261126000100_column_grants already give authenticated what these endpoints
-- read and write (select, insert, update per column; delete on the doctor tables); row-level security decides
-- which rows.

-- A doctor with bookings cannot be deleted (the foreign key refuses); say so and what to do instead.
create or replace function public.doctors_refuse_delete_with_bookings() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if exists (select 1 from public.bookings b where b.doctor_id = old.id) then
    raise exception 'This doctor has bookings and cannot be deleted. Deactivate the doctor instead.' using errcode = 'PT409';
  end if;
  return old;
end $$;
revoke execute on function public.doctors_refuse_delete_with_bookings() from public, anon, authenticated;
create trigger doctors_refuse_delete_with_bookings before delete on public.doctors
  for each row execute function public.doctors_refuse_delete_with_bookings();

-- Upcoming bookings and future slots of the doctors of one admin list page. Whether the caller manages a doctor
-- is decided once per doctor (the managing policy's helpers), not by row-level security on each of its slots
-- and bookings: a doctor with a full booking window has thousands of slots.
create or replace function public.admin_doctor_counts(p_doctor_ids bigint[])
returns table (doctor_id bigint, upcoming_bookings integer, future_slots integer)
language sql stable security definer set search_path = '' as $$
  with scope as (select public.is_platform_admin() as all_doctors, public.staff_hospital_ids() as hospitals, auth.uid() as uid)
  select d.id,
         (select count(*)::int from public.bookings b
           where b.doctor_id = d.id and b.starts_at >= now() and public.booking_occupies(b.status)),
         (select count(*)::int from public.schedules s join public.time_slots t on t.schedule_id = s.id
           where s.doctor_id = d.id and s.working_day >= (now() at time zone h.time_zone)::date)
    from scope, unnest(p_doctor_ids) as i(id)
    join public.doctors d on d.id = i.id
    join public.hospitals h on h.id = d.hospital_id
   where scope.uid is not null and (scope.all_doctors or d.hospital_id = any (scope.hospitals) or d.user_id = scope.uid)
$$;
revoke execute on function public.admin_doctor_counts(bigint[]) from public, anon, authenticated;
grant execute on function public.admin_doctor_counts(bigint[]) to authenticated, service_role;
