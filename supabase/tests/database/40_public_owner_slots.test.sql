-- pgTAP: public.public_owner_slots (migration …20261124000100), the schedule calls' owner loads: the same slots
-- row-level security lets anon read, decided once per owner. Server-only (migration …20261127200000): the
-- schedule calls run it as the server's own role, and no API role may call it through the REST API.
begin;
select plan(13);

create temp table t_range as select current_date - 1 as d_from, current_date + 219 as d_to;
grant select on t_range to public;
-- Doctor 1 (branch 1), a service of a published branch with slots, and a doctor of branch 6.
create temp table t_owner as
  select (select min(s.service_id) from public.schedules s join public.hospital_services v on v.id = s.service_id
           where public.is_hospital_published(s.hospital_id) and s.working_day >= current_date and v.status = 1 and v.availability <> 0) as service_id,
         (select min(s.doctor_id) from public.schedules s where s.hospital_id = 6 and s.kind = 'outpatient' and s.working_day >= current_date) as doctor6_id;
grant select on t_owner to public;

select tests.act_as('anon');
-- What row-level security lets anon read, as the schedule calls read it before this function.
create temp table t_rls as
  select ts.id from public.schedules s join public.time_slots ts on ts.schedule_id = s.id, t_range r
   where s.doctor_id = 1 and s.kind = 'outpatient' and s.working_day between r.d_from and r.d_to;
select is(tests.try($$select * from public.public_owner_slots('outpatient', array[1::bigint], current_date, current_date)$$), 'denied', 'anon cannot call it');
select tests.act_as('patient');
select is(tests.try($$select * from public.public_owner_slots('outpatient', array[1::bigint], current_date, current_date)$$), 'denied', 'nor can a signed-in user');
reset role;
create temp table t_fn as
  select (e ->> 0)::bigint as id, e ->> 1 as day, e ->> 2 as started, ord
    from t_range r, public.public_owner_slots('outpatient', array[1::bigint], r.d_from, r.d_to) f, json_array_elements(f.slots) with ordinality as x(e, ord);
select ok((select count(*) from t_rls) > 0, 'doctor 1 has slots in the range');
select set_eq('select id from t_fn', 'select id from t_rls', 'anon gets exactly the slots row-level security lets it read');
select is((select bool_and(ord = rn) from (select ord, row_number() over (order by day, started) as rn from t_fn) x), true, 'slots come by day and start');
select is((select time_zone || ' ' || buffer from t_range r, public.public_owner_slots('outpatient', array[1::bigint], r.d_from, r.d_to)),
  (select h.time_zone || ' ' || d.buffer_time_outpatient from public.doctors d join public.hospitals h on h.id = d.hospital_id where d.id = 1),
  'with the zone of the branch and the outpatient buffer');
select is((select json_array_length(slots) from t_range r, public.public_owner_slots('service', array[(select service_id from t_owner)], r.d_from, r.d_to))::bigint,
  (select count(*) from public.schedules s join public.time_slots ts on ts.schedule_id = s.id, t_range r
    where s.service_id = (select service_id from t_owner) and s.working_day between r.d_from and r.d_to),
  'a service''s slots, as row-level security lets anon read them');

-- Owners anon may not see, or that take no bookings (the server's call, as the schedule calls make it).
update public.hospitals set is_active = false where id = 6;
update public.hospital_services set status = 0 where id = (select service_id from t_owner);
update public.doctors set outpatient_enabled = false, telemedicine_enabled = true where id = 1;
select is((select count(*) from t_range r, public.public_owner_slots('outpatient', array[(select doctor6_id from t_owner)], r.d_from, r.d_to)), 0::bigint,
  'no row for a doctor of a branch that is not published');
select is((select count(*) from t_range r, public.public_owner_slots('service', array[(select service_id from t_owner)], r.d_from, r.d_to)), 0::bigint,
  'no row for an inactive service');
select is((select slots::text from t_range r, public.public_owner_slots('outpatient', array[1::bigint], r.d_from, r.d_to)), '[]',
  'a visible doctor who does not take outpatient bookings: found, no slots');
select is(tests.try($$select * from public.public_owner_slots('outpatient', (select array_agg(g::bigint) from generate_series(1, 201) g), current_date, current_date)$$),
  'error:22023', 'at most 200 owners at a time');
select is(tests.try($$select * from public.public_owner_slots('vaccination', array[1::bigint], current_date, current_date)$$), 'error:22023', 'an unknown kind is refused');

-- A doctor who moved to another branch: the schedules left at the old branch are not offered.
update public.doctors set outpatient_enabled = true where id = 1;
update public.doctors set hospital_id = 2 where id = 1;
select is((select slots::text from t_range r, public.public_owner_slots('outpatient', array[1::bigint], r.d_from, r.d_to)), '[]',
  'schedules at a branch the doctor left are not offered');
select * from finish();
rollback;
