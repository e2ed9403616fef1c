-- The availability journal (issue #6): every write that can change what public.public_owner_slots answers notes
-- which owner it touched, so a warm function instance keeps owner loads in memory and drops one only when its
-- owner changed (src/server/availability-journal.ts), instead of reading every owner again each few seconds.
--
-- Why: under load most schedule calls that reach a function are for owners it loaded seconds before, unchanged.
-- Measured at 200 connections (doctor schedules, benchmark scale, a warm server, alternating runs): with the loads
-- kept, PostgreSQL did no work and the p95 fell from 39–47 to 26–27 ms; without the journal, keeping them would
-- show a slot booked elsewhere as free for as long as they are kept.
--
-- A row says: the availability of owner (kind, owner_id) may have changed (kind 'branch': the bookable doctors or
-- services of branch owner_id, which the quick-booking searches load); a row without an owner says that of any
-- owner may have (a branch or organization published or withdrawn, a schedule edited, slots added or removed).
-- `xid` is the writing transaction: a reader asks for rows of transactions not finished when it last asked
-- (pg_snapshot_xmin of its snapshot), so a row committed late, with a lower id than rows already read, is not
-- missed (public.availability_changes_since).
create table public.availability_changes (
  id bigserial primary key,
  xid xid8 not null default pg_current_xact_id(),
  kind text check (kind in ('outpatient', 'telemedicine', 'service', 'branch')),
  owner_id bigint,
  changed_at timestamptz not null default now(),
  check ((kind is null) = (owner_id is null))
);
create index availability_changes_xid_idx on public.availability_changes (xid);
create index availability_changes_changed_idx on public.availability_changes (changed_at);
comment on table public.availability_changes is 'Owners whose public availability may have changed (kind and owner null: any owner); read through availability_changes_since, kept an hour.';

alter table public.availability_changes enable row level security;
create policy "Platform admins read the availability journal" on public.availability_changes for select to authenticated
  using ((select public.is_platform_admin()));
revoke insert, update, delete, truncate on public.availability_changes from anon, authenticated;

-- Notes one owner (or, with nulls, every owner). Rows older than an hour go now and then: a reader that has not
-- asked for that long starts over (it forgets every load).
create or replace function public.note_availability_change(p_kind text, p_owner_id bigint) returns void
language plpgsql security definer set search_path = '' as $$
declare n bigint;
begin
  insert into public.availability_changes (kind, owner_id) values (p_kind, p_owner_id) returning id into n;
  if n % 1000 = 0 then
    delete from public.availability_changes where changed_at < now() - interval '1 hour';
  end if;
end $$;
-- (Only the triggers below call it: bootstrap grants anon and authenticated every function, so revoked from them too.)
revoke execute on function public.note_availability_change(text, bigint) from public, anon, authenticated;

-- Slots of one owner: booked counts (bookings and holds, through bookings_keep_slot_count), capacity, times.
create or replace function public.time_slots_note_availability() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform public.note_availability_change(s.kind, coalesce(s.doctor_id, s.service_id))
     from public.schedules s where s.id in (new.schedule_id, old.schedule_id);
  return null;
end $$;
create trigger time_slots_note_availability after update of booked, capacity, started, ended, schedule_id on public.time_slots
  for each row execute function public.time_slots_note_availability();

-- What public.slot_taken reads of a booking without a write to the slot: a hold's expiry (expired holds are counted
-- out), and the status of a hold already expired (made confirmed by hand, it counts again).
create or replace function public.bookings_note_availability() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform public.note_availability_change(s.kind, coalesce(s.doctor_id, s.service_id))
     from public.time_slots ts join public.schedules s on s.id = ts.schedule_id where ts.id in (new.slot_id, old.slot_id);
  return null;
end $$;
create trigger bookings_note_availability after update of hold_expires_at, status on public.bookings
  for each row when (old.hold_expires_at is distinct from new.hold_expires_at or old.status is distinct from new.status)
  execute function public.bookings_note_availability();

-- Everything else that public_owner_slots reads changes rarely (staff edits, imports, the seed) and often in bulk:
-- one row per statement for every owner.
create or replace function public.note_availability_change_of_all() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform public.note_availability_change(null, null);
  return null;
end $$;
create trigger time_slots_note_availability_of_all after insert or delete or truncate on public.time_slots
  for each statement execute function public.note_availability_change_of_all();
create trigger schedules_note_availability_of_all after insert or update or delete or truncate on public.schedules
  for each statement execute function public.note_availability_change_of_all();
create trigger doctors_note_availability_of_all
  after update of status, hospital_id, outpatient_enabled, telemedicine_enabled, buffer_time_outpatient, buffer_time_telemedicine or delete or truncate
  on public.doctors for each statement execute function public.note_availability_change_of_all();
create trigger hospital_services_note_availability_of_all
  after update of status, hospital_id, availability, buffer_time or delete or truncate
  on public.hospital_services for each statement execute function public.note_availability_change_of_all();
create trigger hospitals_note_availability_of_all
  after update of is_active, organization_id, time_zone or delete or truncate
  on public.hospitals for each statement execute function public.note_availability_change_of_all();
create trigger organizations_note_availability_of_all after update of is_active or delete or truncate
  on public.organizations for each statement execute function public.note_availability_change_of_all();

-- The quick-booking searches' branch loads (src/data/quick-booking.ts): a branch's bookable doctors with their
-- specialties and prices, and its services. Row by row, owner the branch (kind 'branch'): these change a row at
-- a time from the back-office, in bulk only from imports and the seed.
create or replace function public.note_branch_of_row() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op <> 'INSERT' then perform public.note_availability_change('branch', old.hospital_id); end if;
  if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.hospital_id is distinct from old.hospital_id) then
    perform public.note_availability_change('branch', new.hospital_id);
  end if;
  return null;
end $$;
create trigger doctors_note_branch after insert or update or delete on public.doctors
  for each row execute function public.note_branch_of_row();
create trigger hospital_services_note_branch after insert or update or delete on public.hospital_services
  for each row execute function public.note_branch_of_row();

create or replace function public.doctor_specialties_note_branch() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform public.note_availability_change('branch', d.hospital_id) from public.doctors d where d.id in (new.doctor_id, old.doctor_id);
  return null;
end $$;
create trigger doctor_specialties_note_branch after insert or update or delete on public.doctor_specialties
  for each row execute function public.doctor_specialties_note_branch();

-- A specialty's name or picture, a market's currency: in every branch's lists.
create trigger specialties_note_availability_of_all after update or delete or truncate on public.specialties
  for each statement execute function public.note_availability_change_of_all();
create trigger countries_note_availability_of_all after update of currency or delete or truncate on public.countries
  for each statement execute function public.note_availability_change_of_all();

-- What changed since `p_cursor` (null: nothing, only where to start): the journal rows of transactions that were
-- still running or began after the snapshot that returned `p_cursor`, and the cursor to ask with next time. A
-- reader may get a row twice (its transaction was running at one poll and committed by the next); ids tell.
create or replace function public.availability_changes_since(p_cursor xid8) returns json
language sql stable security definer set search_path = '' as $$
  select json_build_object(
    'cursor', pg_snapshot_xmin(pg_current_snapshot())::text,
    'changes', coalesce((
      select json_agg(json_build_array(c.id, c.kind, c.owner_id) order by c.id)
        from public.availability_changes c where p_cursor is not null and c.xid >= p_cursor), '[]'::json))
$$;
revoke execute on function public.availability_changes_since(xid8) from public;
grant execute on function public.availability_changes_since(xid8) to anon, authenticated, service_role;

-- When the earliest live hold on a slot expires (null: none): the moment public.slot_taken counts it out.
create or replace function public.slot_live_hold_expiry(p_slot_id bigint) returns timestamptz
language sql stable security definer set search_path = '' as $$
  select min(b.hold_expires_at) from public.bookings b where b.slot_id = p_slot_id and b.status = 'hold' and b.hold_expires_at > now()
$$;
revoke execute on function public.slot_live_hold_expiry(bigint) from public;
grant execute on function public.slot_live_hold_expiry(bigint) to anon, authenticated, service_role;

-- public_owner_slots also answers until when its answer holds without a write: the earliest expiry of a live hold
-- on the owner's slots in the range (then slot_taken counts it out). The rest is the function of migration
-- 20261124000100 unchanged; the slots and the hold expiry come from one pass over the owner's slots.
drop function public.public_owner_slots(text, bigint[], date, date);
create function public.public_owner_slots(p_kind text, p_owner_ids bigint[], p_from date, p_to date)
returns table (owner_id bigint, time_zone text, buffer integer, slots json, hold_expiry timestamptz)
language plpgsql stable security definer set search_path = '' set datestyle = 'ISO' set plan_cache_mode = force_generic_plan as $$
begin
  -- Bounds of what the schedule calls ask (a batch of 100 owners, 220 days): anything larger is a misuse.
  if cardinality(p_owner_ids) > 200 or p_to - p_from > 400 or p_to < p_from then
    raise exception 'At most 200 owners and 400 days at a time, the range from its first day to its last.' using errcode = '22023';
  end if;
  if p_kind in ('outpatient', 'telemedicine') then
    return query
      select o.id, h.time_zone, case when p_kind = 'outpatient' then o.buffer_time_outpatient else o.buffer_time_telemedicine end,
             coalesce(a.slots, '[]'::json), a.hold_expiry
        from public.doctors o
        join public.hospitals h on h.id = o.hospital_id
        left join lateral (
          -- [slot id, working day, start, end, capacity, taken], by day and start (src/data/schedules.ts). slot_taken
          -- looks for expired holds; a slot nobody booked has none (most slots: the call is skipped).
          select json_agg(json_build_array(ts.id, s.working_day::text, ts.started::text, ts.ended::text, ts.capacity::int,
                   case when ts.booked = 0 then 0 else public.slot_taken(ts.id, ts.booked) end)
                 order by s.working_day, ts.started) as slots,
                 min(case when ts.booked > 0 then public.slot_live_hold_expiry(ts.id) end) as hold_expiry
            from public.schedules s
            join public.time_slots ts on ts.schedule_id = s.id
           where s.doctor_id = o.id and s.kind = p_kind and s.hospital_id = o.hospital_id and s.working_day between p_from and p_to
             and o.status = 1 and case when p_kind = 'outpatient' then o.outpatient_enabled else o.telemedicine_enabled end
        ) a on true
       where o.id = any (p_owner_ids) and public.is_hospital_published(o.hospital_id);
  elsif p_kind = 'service' then
    return query
      select o.id, h.time_zone, o.buffer_time, coalesce(a.slots, '[]'::json), a.hold_expiry
        from public.hospital_services o
        join public.hospitals h on h.id = o.hospital_id
        left join lateral (
          select json_agg(json_build_array(ts.id, s.working_day::text, ts.started::text, ts.ended::text, ts.capacity::int,
                   case when ts.booked = 0 then 0 else public.slot_taken(ts.id, ts.booked) end)
                 order by s.working_day, ts.started) as slots,
                 min(case when ts.booked > 0 then public.slot_live_hold_expiry(ts.id) end) as hold_expiry
            from public.schedules s
            join public.time_slots ts on ts.schedule_id = s.id
           where s.service_id = o.id and s.hospital_id = o.hospital_id and s.working_day between p_from and p_to
             and o.availability <> 0
        ) a on true
       where o.id = any (p_owner_ids) and o.status = 1 and public.is_hospital_published(o.hospital_id);
  else
    raise exception 'Unknown schedule kind: %', p_kind using errcode = '22023';
  end if;
end $$;
revoke execute on function public.public_owner_slots(text, bigint[], date, date) from public;
grant execute on function public.public_owner_slots(text, bigint[], date, date) to anon, authenticated, service_role;
