-- Service availability (issue #37 item 2): a service's weekly hours, date exceptions and generated slots follow
-- the doctors' rules (20261128000100) with ONE implementation. The availability tables gain an owner: a row is a
-- doctor's kind (doctor_id, kind outpatient|telemedicine) or a service's (service_id, kind 'service'), the same
-- pair public.schedules uses. The generation (generate_owner_slots), its desired slots, the kept conflicts, the
-- save's checked regeneration and the scheduled roll-forward take (kind, owner id); the doctor-named functions stay
-- as thin wrappers for their callers.

-- ---- the owner ----------------------------------------------------------------------------------------------------
alter table public.doctor_weekly_hours drop constraint doctor_weekly_hours_doctor_id_kind_fkey;
alter table public.doctor_schedule_exceptions drop constraint doctor_schedule_exceptions_doctor_id_kind_fkey;
alter table public.doctor_availability drop constraint doctor_availability_pkey;
alter table public.doctor_availability drop constraint doctor_availability_kind_check;
alter table public.doctor_availability alter column doctor_id drop not null;
alter table public.doctor_availability add column service_id bigint references public.hospital_services (id) on delete cascade;
alter table public.doctor_availability add constraint doctor_availability_kind_check check (kind in ('outpatient', 'telemedicine', 'service'));
alter table public.doctor_availability add constraint doctor_availability_owner_check
  check ((kind = 'service') = (service_id is not null) and (doctor_id is null) = (service_id is not null));
alter table public.doctor_availability add constraint doctor_availability_doctor_kind_key unique (doctor_id, kind);
alter table public.doctor_availability add constraint doctor_availability_service_key unique (service_id);
comment on table public.doctor_availability is 'An owner''s kind managed by weekly hours (a doctor''s outpatient or telemedicine, or a service: kind ''service'' with service_id): slot length and capacity per slot. Without a row the owner''s slots are left as they are.';

alter table public.doctor_weekly_hours alter column doctor_id drop not null;
alter table public.doctor_weekly_hours add column service_id bigint;
alter table public.doctor_weekly_hours add constraint doctor_weekly_hours_owner_check check ((kind = 'service') = (service_id is not null) and (doctor_id is null) = (service_id is not null));
alter table public.doctor_weekly_hours add constraint doctor_weekly_hours_doctor_fkey foreign key (doctor_id, kind) references public.doctor_availability (doctor_id, kind) on delete cascade;
alter table public.doctor_weekly_hours add constraint doctor_weekly_hours_service_fkey foreign key (service_id) references public.doctor_availability (service_id) on delete cascade;
create index doctor_weekly_hours_service_idx on public.doctor_weekly_hours (service_id, weekday, starts) where service_id is not null;

alter table public.doctor_schedule_exceptions alter column doctor_id drop not null;
alter table public.doctor_schedule_exceptions add column service_id bigint;
alter table public.doctor_schedule_exceptions add constraint doctor_schedule_exceptions_owner_check check ((kind = 'service') = (service_id is not null) and (doctor_id is null) = (service_id is not null));
alter table public.doctor_schedule_exceptions add constraint doctor_schedule_exceptions_doctor_fkey foreign key (doctor_id, kind) references public.doctor_availability (doctor_id, kind) on delete cascade;
alter table public.doctor_schedule_exceptions add constraint doctor_schedule_exceptions_service_fkey foreign key (service_id) references public.doctor_availability (service_id) on delete cascade;
create unique index doctor_schedule_exceptions_service_off_key on public.doctor_schedule_exceptions (service_id, day) where type = 'off' and service_id is not null;
create index doctor_schedule_exceptions_service_idx on public.doctor_schedule_exceptions (service_id, day) where service_id is not null;

-- The overlap guard, per owner (the same rules).
create or replace function public.doctor_hours_guard() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_table_name = 'doctor_weekly_hours' then
    if exists (select 1 from public.doctor_weekly_hours w
                where w.doctor_id is not distinct from new.doctor_id and w.service_id is not distinct from new.service_id
                  and w.kind = new.kind and w.weekday = new.weekday and w.id <> new.id
                  and w.starts < new.ends and w.ends > new.starts) then
      raise exception 'Time ranges of one day must not overlap.' using errcode = '23P01';
    end if;
  elsif new.type = 'extra' then
    if exists (select 1 from public.doctor_schedule_exceptions e
                where e.doctor_id is not distinct from new.doctor_id and e.service_id is not distinct from new.service_id
                  and e.kind = new.kind and e.day = new.day and e.id <> new.id
                  and (e.type = 'off' or (e.starts < new.ends and e.ends > new.starts))) then
      raise exception 'Time ranges of one day must not overlap.' using errcode = '23P01';
    end if;
  elsif exists (select 1 from public.doctor_schedule_exceptions e
                 where e.doctor_id is not distinct from new.doctor_id and e.service_id is not distinct from new.service_id
                   and e.kind = new.kind and e.day = new.day and e.id <> new.id and e.type = 'extra') then
    raise exception 'A day off cannot have extra hours.' using errcode = '23P01';
  end if;
  return new;
end $$;

-- ---- who manages an owner --------------------------------------------------------------------------------------
-- A service: managers of its branch (platform admins everywhere); no doctor role.
create or replace function public.can_manage_service(p_service_id bigint) returns boolean
language sql stable security definer set search_path = '' as $$
  select public.is_platform_admin()
      or exists (select 1 from public.hospital_services s where s.id = p_service_id and s.hospital_id = any (public.staff_hospital_ids()))
$$;

-- A doctor's kind: can_manage_doctor; a service: can_manage_service.
create or replace function public.can_manage_owner(p_kind text, p_owner_id bigint) returns boolean
language sql stable security definer set search_path = '' as $$
  select case when p_kind = 'service' then public.can_manage_service(p_owner_id) else public.can_manage_doctor(p_owner_id) end
$$;

-- The branch (hospital) of an owner.
create or replace function public.owner_hospital_id(p_kind text, p_owner_id bigint) returns bigint
language sql stable security definer set search_path = '' as $$
  select case when p_kind = 'service' then (select s.hospital_id from public.hospital_services s where s.id = p_owner_id)
              else (select d.hospital_id from public.doctors d where d.id = p_owner_id) end
$$;

-- Writes: managers only (20261128100000: a doctor reads its own hours, never sets them), now per owner.
create or replace function public.manages_owner(p_kind text, p_owner_id bigint) returns boolean
language sql stable security definer set search_path = '' as $$
  select case when p_kind = 'service' then public.can_manage_service(p_owner_id) else public.manages_doctor(p_owner_id) end
$$;

drop policy "Managers set the doctor's availability" on public.doctor_availability;
drop policy "Managers set the doctor's weekly hours" on public.doctor_weekly_hours;
drop policy "Managers set the doctor's schedule exceptions" on public.doctor_schedule_exceptions;
create policy "Managers set the owner's availability" on public.doctor_availability
  for all to authenticated using (public.manages_owner(kind, coalesce(service_id, doctor_id))) with check (public.manages_owner(kind, coalesce(service_id, doctor_id)));
create policy "Managers set the owner's weekly hours" on public.doctor_weekly_hours
  for all to authenticated using (public.manages_owner(kind, coalesce(service_id, doctor_id))) with check (public.manages_owner(kind, coalesce(service_id, doctor_id)));
create policy "Managers set the owner's schedule exceptions" on public.doctor_schedule_exceptions
  for all to authenticated using (public.manages_owner(kind, coalesce(service_id, doctor_id))) with check (public.manages_owner(kind, coalesce(service_id, doctor_id)));

-- A service's availability is written with its owner column (managers in scope, by the policies above).
grant select (service_id), insert (service_id) on public.doctor_availability, public.doctor_weekly_hours, public.doctor_schedule_exceptions to authenticated;

-- ---- closures (the hospital's closed days; 20261128203100 fills them) --------------------------------------------
-- Declared here so that the desired slots can skip closed days; its grants, policy and functions are in 20261128203100.
create table public.hospital_closures (
  id bigint generated by default as identity primary key,
  hospital_id bigint not null references public.hospitals (id) on delete cascade,
  starts date not null,
  ends date not null,
  reason text not null check (length(btrim(reason)) between 1 and 120),
  holiday_id bigint,
  created_at timestamptz not null default now(),
  check (ends >= starts),
  check (ends - starts <= 366)
);
comment on table public.hospital_closures is 'Dated closures of a branch (a holiday, a renovation): no slot is generated or offered on these days (hospital time); bookings already there are kept and counted for the manager.';
create index hospital_closures_hospital_idx on public.hospital_closures (hospital_id, starts, ends);

-- ---- generation, per owner ----------------------------------------------------------------------------------------
-- The slots an owner's weekly hours and exceptions ask for between two days, closed days of its branch excepted.
create or replace function public.owner_desired_slots(p_kind text, p_owner_id bigint, p_from date, p_to date)
returns table (working_day date, started time, ended time, capacity smallint)
language sql stable security definer set search_path = '' as $$
  with o as (select case when p_kind = 'service' then null else p_owner_id end as doctor_id,
                    case when p_kind = 'service' then p_owner_id end as service_id,
                    public.owner_hospital_id(p_kind, p_owner_id) as hospital_id),
  a as (select x.slot_minutes, x.capacity from public.doctor_availability x, o
         where x.kind = p_kind and (x.doctor_id = o.doctor_id or x.service_id = o.service_id)),
  ranges as (
    select g::date as day, w.starts, w.ends
      from o cross join generate_series(p_from::timestamp, p_to::timestamp, interval '1 day') g
      join public.doctor_weekly_hours w on w.kind = p_kind and (w.doctor_id = o.doctor_id or w.service_id = o.service_id)
                                       and w.weekday = extract(isodow from g)::int
     where not exists (select 1 from public.doctor_schedule_exceptions e
                        where e.kind = p_kind and (e.doctor_id = o.doctor_id or e.service_id = o.service_id) and e.day = g::date and e.type = 'off')
    union
    select e.day, e.starts, e.ends from o join public.doctor_schedule_exceptions e on e.kind = p_kind and (e.doctor_id = o.doctor_id or e.service_id = o.service_id)
     where e.type = 'extra' and e.day between p_from and p_to)
  select distinct on (r.day, t.s::time) r.day, t.s::time, (t.s + make_interval(mins => a.slot_minutes))::time, a.capacity
    from ranges r cross join a cross join o
   cross join lateral generate_series(date '2000-01-01' + r.starts, date '2000-01-01' + r.ends - make_interval(mins => a.slot_minutes),
                                      make_interval(mins => a.slot_minutes)) t(s)
   where not exists (select 1 from public.hospital_closures c where c.hospital_id = o.hospital_id and r.day between c.starts and c.ends)
   order by r.day, t.s::time
$$;

create or replace function public.doctor_desired_slots(p_doctor_id bigint, p_kind text, p_from date, p_to date)
returns table (working_day date, started time, ended time, capacity smallint)
language sql stable security definer set search_path = '' as $$
  select * from public.owner_desired_slots(p_kind, p_doctor_id, p_from, p_to)
$$;

-- Kept slots outside the hours (a patient still holds them), of an owner the caller manages.
create or replace function public.owner_schedule_conflicts(p_kind text, p_owner_id bigint)
returns table (working_day date, started time, ended time, bookings integer)
language sql stable security definer set search_path = '' as $$
  with z as (select (now() at time zone h.time_zone)::date as today, (now() at time zone h.time_zone)::time as now_time
               from public.hospitals h
              where h.id = public.owner_hospital_id(p_kind, p_owner_id) and public.can_manage_owner(p_kind, p_owner_id)),
  o as (select case when p_kind = 'service' then null else p_owner_id end as doctor_id, case when p_kind = 'service' then p_owner_id end as service_id),
  want as (select w.* from z, public.owner_desired_slots(p_kind, p_owner_id, z.today, z.today + public.schedule_window_days() - 1) w)
  select s.working_day, ts.started, ts.ended,
         (select count(*)::int from public.bookings b where b.slot_id = ts.id and public.booking_occupies(b.status))
    from z cross join o
    join public.schedules s on s.kind = p_kind and (s.doctor_id = o.doctor_id or s.service_id = o.service_id)
                           and s.working_day between z.today and z.today + public.schedule_window_days() - 1
    join public.time_slots ts on ts.schedule_id = s.id
   where exists (select 1 from public.doctor_availability a where a.kind = p_kind and (a.doctor_id = o.doctor_id or a.service_id = o.service_id))
     and (s.working_day > z.today or ts.started > z.now_time)
     and exists (select 1 from public.bookings b where b.slot_id = ts.id and public.booking_occupies(b.status))
     and not exists (select 1 from want w where w.working_day = s.working_day and w.started = ts.started and w.ended = ts.ended)
   order by s.working_day, ts.started
$$;

create or replace function public.doctor_schedule_conflicts(p_doctor_id bigint, p_kind text)
returns table (working_day date, started time, ended time, bookings integer)
language sql stable security definer set search_path = '' as $$
  select * from public.owner_schedule_conflicts(p_kind, p_doctor_id) where p_kind in ('outpatient', 'telemedicine')
$$;

-- Brings an owner's managed schedules and slots in line with its hours over the window (the rules of
-- 20261128000100, unchanged: free slots no longer asked for are deleted, booked ones withdrawn and kept, slots
-- asked for again reopen, none overlaps a slot a patient holds). Server-only.
create or replace function public.generate_owner_slots(p_kind text, p_owner_id bigint)
returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_doctor bigint := case when p_kind = 'service' then null else p_owner_id end;
  v_service bigint := case when p_kind = 'service' then p_owner_id end;
  v_today date;
  v_now time;
  v_last date;
  v_added integer := 0;
  v_removed integer := 0;
  v_withdrawn integer := 0;
  v_n integer;
begin
  -- One generation of an owner's kind at a time (a save, a closure and the scheduled roll-forward).
  perform 1 from public.doctor_availability a where a.kind = p_kind and (a.doctor_id = v_doctor or a.service_id = v_service) for update;
  if not found then return null; end if;
  select (now() at time zone h.time_zone)::date, (now() at time zone h.time_zone)::time into v_today, v_now
    from public.hospitals h where h.id = public.owner_hospital_id(p_kind, p_owner_id);
  v_last := v_today + public.schedule_window_days() - 1;

  -- 1. Free slots the hours no longer ask for (same day, start and end), unless a booking references them.
  delete from public.time_slots t
   using public.schedules s
   where s.id = t.schedule_id and s.kind = p_kind and (s.doctor_id = v_doctor or s.service_id = v_service) and s.working_day between v_today and v_last
     and (s.working_day > v_today or t.started > v_now)
     and not exists (select 1 from public.bookings b where b.slot_id = t.id)
     and not exists (select 1 from public.owner_desired_slots(p_kind, p_owner_id, s.working_day, s.working_day) w
                      where w.started = t.started and w.ended = t.ended);
  get diagnostics v_removed = row_count;

  -- 1b. Those a booking references stay, withdrawn: closed to new bookings, out of the public schedules.
  update public.time_slots t set withdrawn_at = now()
    from public.schedules s
   where s.id = t.schedule_id and s.kind = p_kind and (s.doctor_id = v_doctor or s.service_id = v_service) and s.working_day between v_today and v_last
     and (s.working_day > v_today or t.started > v_now)
     and t.withdrawn_at is null
     and not exists (select 1 from public.owner_desired_slots(p_kind, p_owner_id, s.working_day, s.working_day) w
                      where w.started = t.started and w.ended = t.ended);
  get diagnostics v_withdrawn = row_count;

  -- 2. Slots that stay: their capacity (never below what is booked); a withdrawn one asked for again reopens.
  update public.time_slots t set capacity = greatest(w.capacity, t.booked), ended = w.ended, withdrawn_at = null
    from public.schedules s, public.owner_desired_slots(p_kind, p_owner_id, v_today, v_last) w
   where s.id = t.schedule_id and s.kind = p_kind and (s.doctor_id = v_doctor or s.service_id = v_service)
     and w.working_day = s.working_day and w.started = t.started
     and (w.ended = t.ended or (t.withdrawn_at is not null and t.booked = 0))
     and (s.working_day > v_today or t.started > v_now)
     and (t.capacity <> greatest(w.capacity, t.booked) or t.ended <> w.ended or t.withdrawn_at is not null)
     and (t.withdrawn_at is null
          or not exists (select 1 from public.time_slots o where o.schedule_id = t.schedule_id and o.id <> t.id and o.withdrawn_at is not null
                                                             and o.booked > 0 and o.started < w.ended and o.ended > w.started));

  -- 3. Schedules of the days that get slots, then the missing slots (none overlapping a slot that stays).
  insert into public.schedules (kind, doctor_id, service_id, working_day)
  select distinct p_kind, v_doctor, v_service, w.working_day
    from public.owner_desired_slots(p_kind, p_owner_id, v_today, v_last) w
   where (w.working_day > v_today or w.started > v_now)
     and not exists (select 1 from public.schedules s where s.kind = p_kind and (s.doctor_id = v_doctor or s.service_id = v_service) and s.working_day = w.working_day)
  on conflict do nothing;

  insert into public.time_slots (schedule_id, started, ended, capacity)
  select s.id, w.started, w.ended, w.capacity
    from public.owner_desired_slots(p_kind, p_owner_id, v_today, v_last) w
    join public.schedules s on s.kind = p_kind and (s.doctor_id = v_doctor or s.service_id = v_service) and s.working_day = w.working_day
   where (w.working_day > v_today or w.started > v_now)
     and not exists (select 1 from public.time_slots t
                      where t.schedule_id = s.id
                        and (t.started = w.started or (t.started < w.ended and t.ended > w.started and (t.withdrawn_at is null or t.booked > 0))));
  get diagnostics v_added = row_count;

  -- 4. Days of the window left without a slot have no schedule.
  delete from public.schedules s
   where s.kind = p_kind and (s.doctor_id = v_doctor or s.service_id = v_service) and s.working_day between v_today and v_last
     and not exists (select 1 from public.time_slots t where t.schedule_id = s.id);
  get diagnostics v_n = row_count;

  update public.doctor_availability a set generated_through = v_last
   where a.kind = p_kind and (a.doctor_id = v_doctor or a.service_id = v_service) and a.generated_through is distinct from v_last;

  return jsonb_build_object('added', v_added, 'removed', v_removed, 'withdrawn', v_withdrawn, 'schedulesRemoved', v_n);
end $$;

create or replace function public.generate_doctor_slots(p_doctor_id bigint, p_kind text)
returns jsonb
language sql security definer set search_path = '' as $$
  select public.generate_owner_slots(p_kind, p_doctor_id) where p_kind in ('outpatient', 'telemedicine')
$$;

-- What an admin save calls: the caller must manage the owner (a manager in scope; for a doctor's kind, also the doctor).
create or replace function public.regenerate_owner_schedule(p_kind text, p_owner_id bigint)
returns jsonb
language plpgsql security definer set search_path = '' as $$
begin
  if auth.uid() is null or p_kind not in ('outpatient', 'telemedicine', 'service') or not public.manages_owner(p_kind, p_owner_id) then
    raise exception 'This doctor or service does not exist or is not in your scope.' using errcode = 'insufficient_privilege';
  end if;
  return public.generate_owner_slots(p_kind, p_owner_id);
end $$;

-- The scheduled roll-forward, for every managed owner (doctors and services). "doctors" counts the owners generated.
create or replace function public.roll_doctor_schedules()
returns table (doctors integer, added integer, removed integer)
language plpgsql security definer set search_path = '' as $$
declare
  r record;
  g jsonb;
begin
  doctors := 0; added := 0; removed := 0;
  for r in select a.kind, coalesce(a.service_id, a.doctor_id) as owner_id
             from public.doctor_availability a
             join public.hospitals h on h.id = public.owner_hospital_id(a.kind, coalesce(a.service_id, a.doctor_id))
            where a.generated_through is distinct from (now() at time zone h.time_zone)::date + public.schedule_window_days() - 1
            order by a.kind, coalesce(a.service_id, a.doctor_id) loop
    g := public.generate_owner_slots(r.kind, r.owner_id);
    if g is not null then
      doctors := doctors + 1;
      added := added + (g ->> 'added')::int;
      removed := removed + (g ->> 'removed')::int;
    end if;
  end loop;
  return next;
end $$;

revoke execute on function public.can_manage_service(bigint), public.can_manage_owner(text, bigint), public.manages_owner(text, bigint), public.owner_hospital_id(text, bigint),
  public.owner_desired_slots(text, bigint, date, date), public.owner_schedule_conflicts(text, bigint), public.generate_owner_slots(text, bigint),
  public.regenerate_owner_schedule(text, bigint) from public, anon, authenticated;
-- The policies call can_manage_owner as the user; the admin save and read call the checked two.
grant execute on function public.can_manage_service(bigint), public.can_manage_owner(text, bigint), public.manages_owner(text, bigint), public.regenerate_owner_schedule(text, bigint),
  public.owner_schedule_conflicts(text, bigint) to authenticated;
