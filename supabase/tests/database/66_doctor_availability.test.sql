-- pgTAP: doctor availability (migration …20261128000100). Who may read and write weekly hours and exceptions and
-- regenerate a doctor's schedule (managers in scope and the doctor themself; nobody else), and what generation
-- does: slots of the hours in the hospital's zone over the window, a day off empties its day, a booked slot
-- outside the hours is kept and listed as a conflict, a second run changes nothing, writes land in the history.
begin;
select plan(24);

create temp table t as
  select (select d.id from public.doctors d where d.user_id = '00000000-0000-4000-a000-000000000006') as mine,
         (select min(d.id) from public.doctors d where d.hospital_id = 6) as other_org,
         (select (now() at time zone h.time_zone)::date from public.doctors d join public.hospitals h on h.id = d.hospital_id
           where d.user_id = '00000000-0000-4000-a000-000000000006') as today,
         (select b.slot_id from public.bookings b where b.idempotency_key = 'seed-demo-upcoming') as booked_slot;
grant select on t to public;

-- The demo doctor's outpatient hours: Monday to Saturday 08:00-11:00, 30-minute slots, 2 per slot (as the owner).
delete from public.doctor_weekly_hours where doctor_id = (select mine from t);
delete from public.doctor_schedule_exceptions where doctor_id = (select mine from t);
insert into public.doctor_availability (doctor_id, kind, slot_minutes, capacity) select mine, 'outpatient', 30, 2 from t
on conflict (doctor_id, kind) do update set slot_minutes = 30, capacity = 2;
insert into public.doctor_weekly_hours (doctor_id, kind, weekday, starts, ends)
select mine, 'outpatient', g, time '08:00', time '11:00' from t, generate_series(1, 6) g;

-- ---- who may ------------------------------------------------------------------------------------------------
select tests.act_as('patient');
select is(tests.try(format('select public.regenerate_doctor_schedule(%s, %L)', (select mine from t), 'outpatient')), 'denied', 'a patient cannot regenerate a schedule');
select is((select count(*)::int from public.doctor_weekly_hours), 0, 'nor read weekly hours');
select is(tests.try(format('insert into public.doctor_weekly_hours (doctor_id, kind, weekday, starts, ends) values (%s, %L, 7, %L, %L)', (select mine from t), 'outpatient', '09:00', '10:00')), 'denied', 'nor write them');
select is((select count(*)::int from t, public.doctor_schedule_conflicts(t.mine, 'outpatient')), 0, 'the conflicts answer a patient nothing');

select tests.act_as('anon');
select is(tests.try(format('select public.regenerate_doctor_schedule(%s, %L)', (select mine from t), 'outpatient')), 'denied', 'anon cannot regenerate a schedule');
select is(tests.try('select 1 from public.doctor_weekly_hours'), 'denied', 'nor read weekly hours');

select tests.act_as('facility');
select is(tests.try(format('select public.regenerate_doctor_schedule(%s, %L)', (select other_org from t), 'outpatient')), 'denied', 'a facility manager cannot regenerate a doctor of another organization');
select is((select count(*)::int from public.doctor_weekly_hours w join t on w.doctor_id = t.other_org), 0, 'nor read its weekly hours');

select tests.act_as('doctor');
select is(tests.try(format('select public.regenerate_doctor_schedule(%s, %L)', (select other_org from t), 'outpatient')), 'denied', 'a doctor cannot regenerate another doctor''s schedule');
select is((select count(*)::int from public.doctor_weekly_hours w join t on w.doctor_id = t.mine), 6, 'a doctor reads their own weekly hours');

-- ---- generation, as the branch manager of the doctor's branch ----------------------------------------------------
select tests.act_as('branch');
select ok((select (public.regenerate_doctor_schedule(t.mine, 'outpatient') ->> 'added')::int > 0 from t), 'the branch manager regenerates their doctor''s schedule and slots are added');

create temp table future as
  select s.working_day, ts.id, ts.started, ts.ended, ts.capacity, ts.booked, exists (select 1 from public.bookings b where b.slot_id = ts.id) as referenced
    from public.schedules s join public.time_slots ts on ts.schedule_id = s.id, t
   where s.doctor_id = t.mine and s.kind = 'outpatient' and s.working_day > t.today and s.working_day < t.today + public.schedule_window_days();
select is((select count(*)::int from future where not referenced
            and (extract(isodow from working_day) = 7 or started < time '08:00' or ended > time '11:00' or ended - started <> interval '30 minutes')),
          0, 'every free slot of the window is inside the weekly hours (Monday to Saturday 08:00-11:00, 30 minutes)');
select is((select count(distinct working_day)::int from future where not referenced),
          (select count(*)::int from t, generate_series(t.today + 1, t.today + public.schedule_window_days() - 1, interval '1 day') g where extract(isodow from g) <> 7),
          'every working day of the window after today has slots');
select is((select count(*)::int from future where not referenced and capacity <> 2), 0, 'each with the capacity of the settings');
select ok((select bool_and(n = 6) from (select count(*) as n from future where not referenced group by working_day) x), 'six slots a day');
select ok(exists (select 1 from public.time_slots ts, t where ts.id = t.booked_slot and ts.withdrawn_at is not null), 'the booked slot outside the hours is kept, withdrawn from new bookings');
select is((select c.bookings from t cross join lateral public.doctor_schedule_conflicts(t.mine, 'outpatient') c
            join public.schedules s on s.doctor_id = t.mine and s.kind = 'outpatient' and s.working_day = c.working_day
            join public.time_slots ts on ts.schedule_id = s.id and ts.started = c.started
           where ts.id = t.booked_slot), 1, 'and listed as a conflict with its booking');
select is((select public.regenerate_doctor_schedule(t.mine, 'outpatient') - 'schedulesRemoved' from t), '{"added": 0, "removed": 0, "withdrawn": 0}'::jsonb, 'a second run changes nothing');

-- A day off: the first Tuesday after tomorrow.
insert into public.doctor_schedule_exceptions (doctor_id, kind, day, type)
select mine, 'outpatient', (select min(g)::date from generate_series(today + 2, today + 9, interval '1 day') g where extract(isodow from g) = 2), 'off' from t;
select is((select (public.regenerate_doctor_schedule(t.mine, 'outpatient') ->> 'removed')::int from t), 6, 'a day off removes that day''s six free slots');
select is((select count(*)::int from public.schedules s, t, public.doctor_schedule_exceptions e
            where e.doctor_id = t.mine and e.type = 'off' and s.doctor_id = t.mine and s.kind = 'outpatient' and s.working_day = e.day
              and not exists (select 1 from public.time_slots ts join public.bookings b on b.slot_id = ts.id where ts.schedule_id = s.id)),
          0, 'and its schedule');

-- Extra hours on a Sunday: 14:00-15:00 gives two slots.
insert into public.doctor_schedule_exceptions (doctor_id, kind, day, type, starts, ends)
select mine, 'outpatient', (select min(g)::date from generate_series(today + 2, today + 9, interval '1 day') g where extract(isodow from g) = 7), 'extra', time '14:00', time '15:00' from t;
select is((select (public.regenerate_doctor_schedule(t.mine, 'outpatient') ->> 'added')::int from t), 2, 'extra hours on a Sunday add their slots');
select is(tests.try(format('insert into public.doctor_weekly_hours (doctor_id, kind, weekday, starts, ends) values (%s, %L, 1, %L, %L)', (select mine from t), 'outpatient', '10:30', '12:00')),
          'error:23P01', 'overlapping ranges on one day are refused');

-- ---- history -----------------------------------------------------------------------------------------------------
reset role;
select ok((select count(*) from public.data_history h where h.table_name = 'doctor_schedule_exceptions' and h.action = 'INSERT'
            and h.actor_id = '00000000-0000-4000-a000-000000000005' and h.after ->> 'type' = 'extra') = 1,
          'the branch manager''s exception is in the data history with its values');
select ok((select count(*) from public.data_history h where h.table_name = 'schedules' and h.action = 'INSERT'
            and h.actor_id = '00000000-0000-4000-a000-000000000005') > 0,
          'and so are the schedules the generation wrote');

select * from finish();
rollback;
