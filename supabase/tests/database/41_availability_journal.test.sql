-- pgTAP: the availability journal (migration …20261125000100): which writes note which owner in
-- public.availability_changes, what public.availability_changes_since answers, who may read or write the journal,
-- and the hold_expiry column public.public_owner_slots gained.
begin;
select plan(38);

create temp table t_range as select current_date - 1 as d_from, current_date + 219 as d_to;
grant select on t_range to public;
-- Two free slots of doctor 1 (outpatient, branch 1) and one of a service of a published branch, in the range.
create temp table t_slot as
  select (select ts.id from public.schedules s join public.time_slots ts on ts.schedule_id = s.id
           where s.doctor_id = 1 and s.kind = 'outpatient' and s.working_day between current_date + 1 and current_date + 219 and ts.booked = 0
           order by s.working_day, ts.started limit 1) as doctor_slot,
         (select ts.id from public.schedules s join public.time_slots ts on ts.schedule_id = s.id
           where s.doctor_id = 1 and s.kind = 'outpatient' and s.working_day between current_date + 1 and current_date + 219 and ts.booked = 0
           order by s.working_day, ts.started offset 1 limit 1) as doctor_slot2,
         (select ts.id from public.schedules s join public.time_slots ts on ts.schedule_id = s.id join public.hospital_services v on v.id = s.service_id
           where public.is_hospital_published(s.hospital_id) and v.status = 1 and v.availability <> 0
             and s.working_day between current_date + 1 and current_date + 219 and ts.booked = 0
           order by s.service_id, s.working_day, ts.started limit 1) as service_slot;
alter table t_slot add column service_id bigint;
update t_slot set service_id = (select s.service_id from public.time_slots ts join public.schedules s on s.id = ts.schedule_id where ts.id = t_slot.service_slot);
grant select on t_slot to public;

-- The journal rows written since the last call, oldest first, as 'kind:owner' ('all' for a row of every owner;
-- 'none' when there is none). Each call moves the mark past what it returned.
create temp table t_mark (n bigint not null);
insert into t_mark select coalesce(max(id), 0) from public.availability_changes;
create function pg_temp.journal() returns text language sql as $$
  with fresh as (select * from public.availability_changes where id > (select n from t_mark)),
       moved as (update t_mark set n = coalesce((select max(id) from fresh), n) returning 1)
  select coalesce(string_agg(coalesce(kind || ':' || owner_id, 'all'), ' ' order by id), 'none') from fresh
$$;

-- A hold on a slot, written as the table owner (as book_slot writes it).
create function pg_temp.hold(p_slot_id bigint, p_expires timestamptz, p_key text) returns bigint language sql as $$
  insert into public.bookings (booking_type, appointment_type, patient_user_id, doctor_id, service_id, hospital_id, slot_id, starts_at,
                               status, hold_expires_at, idempotency_key)
  select case when s.kind = 'service' then 'service' else 'doctor' end, s.kind, '00000000-0000-4000-a000-000000000007', s.doctor_id,
         s.service_id, s.hospital_id, ts.id, (s.working_day + ts.started) at time zone h.time_zone, 'hold', p_expires, p_key
    from public.time_slots ts join public.schedules s on s.id = ts.schedule_id join public.hospitals h on h.id = s.hospital_id
   where ts.id = p_slot_id
  returning id
$$;

-- ---- availability_changes_since: where to start ------------------------------------------------------------
create temp table t_since (first json, later json);
grant select, insert, update on t_since to public;
select tests.act_as('anon');
insert into t_since (first) select public.availability_changes_since(null);
reset role;
select ok((select (first ->> 'cursor')::xid8 <= pg_current_xact_id() from t_since),
  'availability_changes_since(null) answers a cursor (an xid8) no later than the asking transaction');
select is((select (first -> 'changes')::text from t_since), '[]', 'availability_changes_since(null) answers no changes, only where to start');

-- ---- one owner: slots, bookings and holds ------------------------------------------------------------------
select tests.act_as('anon');
select is((select hold_expiry from t_range r, public.public_owner_slots('outpatient', array[1::bigint], r.d_from, r.d_to)), null::timestamptz,
  'public_owner_slots: no hold expiry for an owner without a live hold in the range');
reset role;

select pg_temp.hold((select doctor_slot from t_slot), now() + interval '10 minutes', 'pgtap-journal-hold-1');
select is(pg_temp.journal(), 'outpatient:1',
  'a hold on a slot of an outpatient schedule (booked + 1) writes one row for that kind and doctor');
select tests.act_as('anon');
select is((select hold_expiry from t_range r, public.public_owner_slots('outpatient', array[1::bigint], r.d_from, r.d_to)), now() + interval '10 minutes',
  'public_owner_slots: the hold expiry is that of the live hold on one of the owner''s slots');
reset role;

update public.bookings set hold_expires_at = now() + interval '20 minutes' where idempotency_key = 'pgtap-journal-hold-1';
select is(pg_temp.journal(), 'outpatient:1', 'changing a hold''s expiry writes one row for the owner of its slot');
select tests.act_as('anon');
select is((select hold_expiry from t_range r, public.public_owner_slots('outpatient', array[1::bigint], r.d_from, r.d_to)), now() + interval '20 minutes',
  'public_owner_slots: the hold expiry follows the hold''s new expiry');
reset role;
update public.bookings set hold_expires_at = hold_expires_at where idempotency_key = 'pgtap-journal-hold-1';
select is(pg_temp.journal(), 'none', 'setting a hold''s expiry to the same moment writes no row');
update public.bookings set note = 'pgtap journal' where idempotency_key = 'pgtap-journal-hold-1';
select is(pg_temp.journal(), 'none', 'an update of a booking that leaves its hold expiry and status alone writes no row');

select pg_temp.hold((select doctor_slot2 from t_slot), now() - interval '1 minute', 'pgtap-journal-hold-2');
select is(pg_temp.journal(), 'outpatient:1', 'an expired hold inserted on another of the doctor''s slots still writes a row (booked + 1)');
select tests.act_as('anon');
select is((select hold_expiry from t_range r, public.public_owner_slots('outpatient', array[1::bigint], r.d_from, r.d_to)), now() + interval '20 minutes',
  'public_owner_slots: an expired hold does not count, even when it expired before the live one expires');
reset role;
select public.expire_holds((select doctor_slot2 from t_slot));
select is(pg_temp.journal(), 'outpatient:1 outpatient:1',
  'expire_holds freeing an expired hold''s slot writes a row for the doctor twice (the slot''s booked - 1, the booking''s status)');
select pg_temp.hold((select doctor_slot2 from t_slot), now() - interval '1 minute', 'pgtap-journal-hold-4');
select is(pg_temp.journal(), 'outpatient:1', 'another expired hold on that slot writes a row (booked + 1)');
update public.bookings set status = 'confirmed' where idempotency_key = 'pgtap-journal-hold-4';
select is(pg_temp.journal(), 'outpatient:1',
  'an expired hold confirmed by hand (booked unchanged, but slot_taken counts it again) writes a row for the doctor');

update public.time_slots set capacity = capacity + 1 where id = (select service_slot from t_slot);
select is(pg_temp.journal(), (select 'service:' || service_id from t_slot),
  'a capacity change of a service slot writes one row of kind service with the service id');
select pg_temp.hold((select service_slot from t_slot), now() - interval '1 minute', 'pgtap-journal-hold-3');
select is(pg_temp.journal(), (select 'service:' || service_id from t_slot), 'a hold on a service slot writes one row for the service');
select tests.act_as('anon');
select is((select hold_expiry from t_range r, public.public_owner_slots('service', array[(select service_id from t_slot)], r.d_from, r.d_to)),
  null::timestamptz, 'public_owner_slots: no hold expiry for a service whose only hold has expired');
reset role;

-- ---- every owner: one row per statement ------------------------------------------------------------------
update public.schedules set updated_at = updated_at
 where id in (select schedule_id from public.time_slots where id in ((select doctor_slot from t_slot), (select service_slot from t_slot)));
select is(pg_temp.journal(), 'all', 'an update of two schedules writes one row for every owner');
insert into public.time_slots (schedule_id, started, ended)
select schedule_id, v.started, v.ended from public.time_slots, (values (time '23:00', time '23:30'), (time '23:30', time '23:59')) v(started, ended)
 where id = (select doctor_slot from t_slot);
select is(pg_temp.journal(), 'all', 'an insert of two time slots writes one row for every owner');
delete from public.time_slots where schedule_id = (select schedule_id from public.time_slots where id = (select doctor_slot from t_slot)) and started >= '23:00';
select is(pg_temp.journal(), 'all', 'a delete of two time slots writes one row for every owner');
update public.doctors set buffer_time_outpatient = buffer_time_outpatient where id in (1, 2);
select is(pg_temp.journal(), (select string_agg('branch:' || hospital_id, ' ' order by id) from public.doctors where id in (1, 2)) || ' all',
  'an update of two doctors'' outpatient buffer writes a row for each one''s branch, then one for every owner');
update public.hospitals set is_active = is_active where id in (1, 2);
select is(pg_temp.journal(), 'all', 'an update of branches'' is_active writes one row for every owner');
update public.organizations set is_active = is_active where id in (1, 2);
select is(pg_temp.journal(), 'all', 'an update of organizations'' is_active writes one row for every owner');
update public.hospital_services set availability = availability where hospital_id = 1;
select is(pg_temp.journal(), (select string_agg('branch:1', ' ') from public.hospital_services where hospital_id = 1) || ' all',
  'an update of a branch''s services'' availability writes a row for the branch per service, then one for every owner');
update public.doctors set glance = glance where id in (1, 2);
select is(pg_temp.journal(), (select string_agg('branch:' || hospital_id, ' ' order by id) from public.doctors where id in (1, 2)),
  'an update of a doctor column public_owner_slots does not read (glance) writes rows for the doctors'' branches only (searches list doctors)');

-- ---- branches: what the quick-booking searches load --------------------------------------------------------
create temp table t_doctor as select id, hospital_id from public.doctors where id = 1;
insert into public.doctor_specialties (doctor_id, specialty_id)
  select 1, min(id) from public.specialties where id not in (select specialty_id from public.doctor_specialties where doctor_id = 1);
select is(pg_temp.journal(), (select 'branch:' || hospital_id from t_doctor), 'a specialty added to a doctor writes a row for the doctor''s branch');
update public.doctors set hospital_id = case when hospital_id = 1 then 2 else 1 end where id = 1;
select is(pg_temp.journal(), (select 'branch:' || hospital_id || ' branch:' || case when hospital_id = 1 then 2 else 1 end from t_doctor) || ' all',
  'a doctor moved to another branch writes a row for each branch, then one for every owner (schedules)');
update public.hospital_services set name = name where id = (select service_id from t_slot);
select is(pg_temp.journal(), (select 'branch:' || hospital_id from public.hospital_services where id = (select service_id from t_slot)),
  'a service renamed writes a row for its branch only');
update public.specialties set name = name where id = 1;
select is(pg_temp.journal(), 'all', 'a specialty renamed writes one row for every owner (every branch''s lists)');
update public.countries set currency = currency where id = 1;
select is(pg_temp.journal(), 'all', 'a market''s currency changed writes one row for every owner');

-- ---- who may read or write the journal -------------------------------------------------------------------
select tests.act_as('anon');
select is(tests.try($$select 1 from public.availability_changes$$), 'denied', 'anon may not read the journal (migration 20261126000100)');
select is(tests.try($$insert into public.availability_changes (kind, owner_id) values ('outpatient', 1)$$), 'denied', 'anon may not write the journal');
select is(tests.try($$select public.note_availability_change('outpatient', 1)$$), 'denied', 'anon may not call note_availability_change');
reset role;
select tests.act_as('patient');
select is((select count(*) from public.availability_changes), 0::bigint, 'a patient reads no journal row');
select is(tests.try($$insert into public.availability_changes (kind, owner_id) values ('outpatient', 1)$$), 'denied', 'a patient may not write the journal');
select is(tests.try($$select public.note_availability_change('outpatient', 1)$$), 'denied', 'a patient may not call note_availability_change');
reset role;

-- ---- availability_changes_since: what changed --------------------------------------------------------------
select tests.act_as('anon');
update t_since set later = public.availability_changes_since((first ->> 'cursor')::xid8);
reset role;
select is((select (later -> 'changes')::jsonb from t_since),
  (select coalesce(jsonb_agg(jsonb_build_array(c.id, c.kind, c.owner_id) order by c.id), '[]') from public.availability_changes c, t_since t
    where c.xid >= (t.first ->> 'cursor')::xid8),
  'availability_changes_since(cursor) answers, as [id, kind, owner id] by id, the rows of transactions not finished at the cursor');
select is((select count(*) from t_since, json_array_elements(later -> 'changes') e
            where (e ->> 0)::bigint in (select id from public.availability_changes where xid = pg_current_xact_id())),
  (select count(*) from public.availability_changes where xid = pg_current_xact_id()),
  'availability_changes_since(cursor) answers every row this transaction wrote');
select * from finish();
rollback;
