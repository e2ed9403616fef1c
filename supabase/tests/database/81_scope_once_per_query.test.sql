-- pgTAP: migration …20261129100000 wrote two per-row scope checks as once-per-query ones; who reads what is the
-- same. time_slots' staff policy: with every hospital involved unpublished (so the public policy gives nothing), a
-- platform admin reads every slot, a manager the slots of their hospitals' schedules, a doctor those of their own
-- schedules, a patient and anon none. admin_booking_payment_summary answers a staff caller only the bookings they
-- work (setup.sql's payments: -1 on the demo doctor's booking in branch 1, -2 on organization 2's branch 8).
begin;
select plan(20);

update public.hospitals set is_active = false where id in (1, 3, 8);
create temp table t as
  select (select count(*)::int from public.time_slots ts join public.schedules s on s.id = ts.schedule_id where s.hospital_id = 1) as h1,
         (select count(*)::int from public.time_slots ts join public.schedules s on s.id = ts.schedule_id where s.hospital_id = 1 and s.doctor_id = 1) as h1_doctor1,
         (select count(*)::int from public.time_slots ts join public.schedules s on s.id = ts.schedule_id where s.hospital_id = 3) as h3,
         (select count(*)::int from public.time_slots ts join public.schedules s on s.id = ts.schedule_id where s.hospital_id = 8) as h8,
         array[(select booking_id from public.payments where id = -1), (select booking_id from public.payments where id = -2)] as paid;
grant select on t to public;
create function pg_temp.slots(h bigint) returns int language sql as
  $$ select count(*)::int from public.time_slots ts join public.schedules s on s.id = ts.schedule_id where s.hospital_id = h $$;
create function pg_temp.paid_ids() returns bigint[] language sql as
  $$ select coalesce(array_agg(booking_id order by booking_id), '{}') from t, public.admin_booking_payment_summary(t.paid) $$;
grant execute on function pg_temp.slots(bigint), pg_temp.paid_ids() to anon, authenticated;

select ok((select h1 > h1_doctor1 and h1_doctor1 > 0 and h3 > 0 and h8 > 0 from t), 'the fixture: branch 1 has the demo doctor''s slots and others''; branches 3 and 8 have slots');

select tests.act_as('anon');
select is(pg_temp.slots(1), 0, 'anon reads no slot of an unpublished branch');

select tests.act_as('patient');
select is(pg_temp.slots(1), 0, 'nor does a patient');
select is(pg_temp.paid_ids(), '{}'::bigint[], 'a patient gets no payment summary, not even of their own booking');

select tests.act_as('doctor');
select is(pg_temp.slots(1), (select h1_doctor1 from t), 'the doctor reads the slots of their own schedules, not their colleagues''');
select is(pg_temp.slots(8), 0, 'nor another organization''s');
select is(pg_temp.paid_ids(), array[(select paid[1] from t)], 'the doctor gets the summary of their own booking only');

select tests.act_as('branch');
select is(pg_temp.slots(1), (select h1 from t), 'a branch manager reads every slot of their branch');
select is(pg_temp.slots(3), 0, 'not of another branch of the organization');
select is(pg_temp.paid_ids(), array[(select paid[1] from t)], 'and the summary of their branch''s booking only');

select tests.act_as('senior_branch');
select is(pg_temp.slots(1), (select h1 from t), 'a senior branch manager reads the slots of their branches');
select is(pg_temp.slots(3), 0, 'not of a branch they do not manage');

select tests.act_as('facility');
select is(pg_temp.slots(1), (select h1 from t), 'a facility manager reads every branch of the organization');
select is(pg_temp.slots(3), (select h3 from t), 'including the ones no branch manager of theirs has');
select is(pg_temp.slots(8), 0, 'not another organization''s');
select is(pg_temp.paid_ids(), array[(select paid[1] from t)], 'and the summary of the organization''s booking only');

select tests.act_as('admin');
select is(pg_temp.slots(8), (select h8 from t), 'a platform admin reads any branch''s slots');
select is(pg_temp.paid_ids(), (select array(select unnest(paid) order by 1) from t), 'and both payment summaries');

reset role;
select ok(has_function_privilege('authenticated', 'public.admin_booking_payment_summary(bigint[])', 'execute'), 'authenticated may call the payment summary (it answers the caller''s scope)');
select ok(not has_function_privilege('anon', 'public.admin_booking_payment_summary(bigint[])', 'execute'), 'anon may not');

select * from finish();
rollback;
