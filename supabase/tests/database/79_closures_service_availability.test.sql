-- pgTAP (issue 37): service availability and branch closures (migrations …20261128203000, …20261128203100). Who may
-- set a service's hours and regenerate its slots, and who may add, remove and apply closures, per role; a branch
-- manager cannot touch another branch. Fixtures (supabase/tests/setup.sql): the branch manager has branch 1, the
-- senior branch manager branches 1 and 2; organization 2 starts at branch 6.
begin;
select plan(31);

create temp table t as
  select (select min(s.id) from public.hospital_services s where s.hospital_id = 1) as mine,
         (select min(s.id) from public.hospital_services s where s.hospital_id = 2) as branch2,
         (select min(s.id) from public.hospital_services s where s.hospital_id = 6) as other_org,
         (select (now() at time zone h.time_zone)::date from public.hospitals h where h.id = 1) as today;
grant select on t to public;

-- ---- service availability: the rows (policies) ------------------------------------------------------------------
select tests.act_as('anon');
select is(tests.try('select 1 from public.doctor_availability'), 'denied', 'anon reads no availability');
select is(tests.try(format('select public.regenerate_owner_schedule(%L, %s)', 'service', (select mine from t))), 'denied', 'anon cannot regenerate a service');
reset role;
select tests.act_as('patient');
select is(tests.try(format('insert into public.doctor_availability (service_id, kind, slot_minutes, capacity) values (%s, %L, 30, 1)', (select mine from t), 'service')), 'denied', 'a patient cannot set a service''s availability');
reset role;
select tests.act_as('doctor');
select is(tests.try(format('insert into public.doctor_availability (service_id, kind, slot_minutes, capacity) values (%s, %L, 30, 1)', (select mine from t), 'service')), 'denied', 'a doctor cannot set a service''s availability');
select is(tests.try(format('select public.regenerate_owner_schedule(%L, %s)', 'service', (select mine from t))), 'denied', 'nor regenerate its slots');
reset role;
select tests.act_as('branch');
select is(tests.try(format('insert into public.doctor_availability (service_id, kind, slot_minutes, capacity) values (%s, %L, 30, 1)', (select branch2 from t), 'service')), 'denied', 'a branch manager cannot set the availability of another branch''s service');
select is(tests.try(format('select public.regenerate_owner_schedule(%L, %s)', 'service', (select branch2 from t))), 'denied', 'nor regenerate it');
select is(tests.try(format('insert into public.doctor_availability (service_id, kind, slot_minutes, capacity) values (%s, %L, 60, 2)', (select mine from t), 'service')), 'rows:1', 'the branch manager sets its own service''s availability');
-- (tests.try rolls its statement back: the rows themselves, as the branch manager.)
insert into public.doctor_availability (service_id, kind, slot_minutes, capacity) select mine, 'service', 60, 2 from t;
select is(tests.try(format('insert into public.doctor_weekly_hours (service_id, kind, weekday, starts, ends) values (%s, %L, 2, %L, %L)', (select mine from t), 'service', '09:00', '12:00')), 'rows:1', 'and its weekly hours');
insert into public.doctor_weekly_hours (service_id, kind, weekday, starts, ends) select mine, 'service', 2, '09:00', '12:00' from t;
select is(tests.try(format('insert into public.doctor_weekly_hours (service_id, kind, weekday, starts, ends) values (%s, %L, 2, %L, %L)', (select mine from t), 'service', '11:00', '13:00')), 'error:23P01', 'overlapping ranges are refused for a service too');
select ok((select (public.regenerate_owner_schedule('service', t.mine) ->> 'added')::int > 0 from t), 'and regenerates its slots through the one generation');
select is((select count(*)::int from public.schedules s join public.time_slots ts on ts.schedule_id = s.id, t
            where s.service_id = t.mine and s.working_day > t.today and s.working_day < t.today + public.schedule_window_days() and ts.withdrawn_at is null
              and (extract(isodow from s.working_day) <> 2 or ts.started < time '09:00' or ts.ended > time '12:00')
              and not exists (select 1 from public.bookings b where b.slot_id = ts.id)),
          0, 'every free future slot of the service is inside its hours (Tuesdays 09:00-12:00)');
select is((select public.regenerate_owner_schedule('service', t.mine) - 'schedulesRemoved' from t), '{"added": 0, "removed": 0, "withdrawn": 0}'::jsonb, 'a second run changes nothing');
reset role;
select tests.act_as('senior_branch');
select is((select count(*)::int from public.doctor_weekly_hours w join t on w.service_id = t.mine), 1, 'the senior branch manager of branch 1 reads those hours');
reset role;
select tests.act_as('facility');
select is(tests.try(format('select public.regenerate_owner_schedule(%L, %s)', 'service', (select other_org from t))), 'denied', 'a facility manager cannot regenerate a service of another organization');
reset role;

-- ---- closures ---------------------------------------------------------------------------------------------------
select tests.act_as('anon');
select is(tests.try('select 1 from public.hospital_closures'), 'denied', 'anon reads no closures');
select is(tests.try(format('select public.add_hospital_closure(1, %L, %L, %L)', (select today + 7 from t), (select today + 7 from t), 'x')), 'denied', 'anon cannot close a branch');
reset role;
select tests.act_as('patient');
select is(tests.try(format('select public.add_hospital_closure(1, %L, %L, %L)', (select today + 7 from t), (select today + 7 from t), 'x')), 'denied', 'a patient cannot close a branch');
select is(tests.try('select public.apply_public_holidays(1, 2027)'), 'denied', 'nor apply holidays');
reset role;
select tests.act_as('doctor');
select is(tests.try(format('select public.add_hospital_closure(1, %L, %L, %L)', (select today + 7 from t), (select today + 7 from t), 'x')), 'denied', 'a doctor cannot close a branch');
reset role;
select tests.act_as('branch');
select is(tests.try(format('select public.add_hospital_closure(2, %L, %L, %L)', (select today + 7 from t), (select today + 7 from t), 'x')), 'denied', 'a branch manager cannot close another branch');
select is(tests.try('select public.apply_public_holidays(2, 2027)'), 'denied', 'nor apply its holidays');
select is(tests.try(format('insert into public.hospital_closures (hospital_id, starts, ends, reason) values (1, %L, %L, %L)', (select today + 7 from t), (select today + 7 from t), 'x')), 'denied', 'nobody writes closures directly');
-- The next Tuesday after tomorrow: the service's day.
select ok(public.add_hospital_closure(1, (select min(g)::date from t, generate_series(t.today + 2, t.today + 9, interval '1 day') g where extract(isodow from g) = 2),
                                         (select min(g)::date from t, generate_series(t.today + 2, t.today + 9, interval '1 day') g where extract(isodow from g) = 2), 'Renovation') > 0,
          'the branch manager closes its branch for a day');
select is((select count(*)::int from public.hospital_closures c join public.schedules s on s.hospital_id = c.hospital_id and s.working_day between c.starts and c.ends
             join public.time_slots ts on ts.schedule_id = s.id where c.reason = 'Renovation' and ts.withdrawn_at is null), 0, 'no slot of the branch is open that day');
reset role;  -- public_owner_slots is server-only: the public schedule call reads it as the server
select is((select count(*)::int from t, public.public_owner_slots('service', array[t.mine], t.today + 2, t.today + 9) o, json_array_elements(o.slots) e
            join public.hospital_closures c on c.hospital_id = 1 and c.reason = 'Renovation' and (e ->> 1)::date between c.starts and c.ends), 0, 'the public schedule offers nothing on the closed day');
select tests.act_as('branch');
select ok(public.apply_public_holidays(1, 2027) > 0, 'the branch manager applies the 2027 holidays of its country');
select is(public.apply_public_holidays(1, 2027), 0, 'applying them again adds nothing');
reset role;
select tests.act_as('senior_branch');
select ok(public.remove_hospital_closure((select id from public.hospital_closures where reason = 'Renovation')), 'the senior branch manager of branch 1 removes the closure');
reset role;
select tests.act_as('facility');
select is((select count(*)::int from public.hospital_closures where hospital_id = 6), 0, 'an organization manager reads no closure of another organization');
reset role;
select tests.act_as('admin');
select ok(public.add_hospital_closure(6, (select today + 30 from t), (select today + 31 from t), 'Holiday') > 0, 'a platform admin closes any branch');
reset role;

select * from finish();
rollback;
