-- pgTAP: admin appointments and patients (migration …20261128110000). Who may change a booking through the front
-- desk's functions (each role only its scope; a doctor only their own appointments; patients and anon never), what
-- each transition allows, the reschedule on the patient's behalf, the reveals of a phone or a patient's contact
-- recorded in the data history as READ, the trail, and the completion job being the server's only.
begin;
select plan(27);

-- A visit of the demo doctor that started an hour ago (for check-in and completion), made as the owner.
create temp table t as
  select (select d.id from public.doctors d where d.user_id = '00000000-0000-4000-a000-000000000006') as doctor,
         (select b.id from public.bookings b where b.idempotency_key = 'seed-demo-upcoming') as upcoming,
         (select b.id from public.bookings b where b.idempotency_key = 'seed-demo-tele-family') as pending,
         (select b.id from public.bookings b where b.idempotency_key = 'seed-other-upcoming') as other_org,
         null::bigint as past, null::bigint as other_doctor, null::bigint as free_slot;
grant select on t to public;
insert into public.schedules (kind, doctor_id, hospital_id, working_day)
select 'outpatient', d.id, d.hospital_id, ((now() - interval '1 hour') at time zone h.time_zone)::date
  from public.doctors d join public.hospitals h on h.id = d.hospital_id, t where d.id = t.doctor
on conflict do nothing;
with s as (
  select sc.id, h.time_zone from public.schedules sc join public.hospitals h on h.id = sc.hospital_id, t
   where sc.doctor_id = t.doctor and sc.kind = 'outpatient' and sc.working_day = ((now() - interval '1 hour') at time zone h.time_zone)::date),
 slot as (
  insert into public.time_slots (schedule_id, started, ended, capacity)
  select s.id, time '00:00:17', time '00:30', 1 from s
  returning id)
insert into public.bookings (booking_type, appointment_type, patient_user_id, doctor_id, hospital_id, slot_id, starts_at, status, idempotency_key, payment_method, contact_phone)
select 'doctor', 'outpatient', '00000000-0000-4000-a000-000000000007', t.doctor, d.hospital_id, slot.id, now() - interval '1 hour', 'confirmed', 'pgtap-70-past', 'cash-on-delivery', '+84 901 234 567'
  from t, slot, public.doctors d where d.id = t.doctor;
update t set past = (select id from public.bookings where idempotency_key = 'pgtap-70-past'),
             other_doctor = (select b.id from public.bookings b join public.doctors d on d.id = b.doctor_id
                              where b.hospital_id = d.hospital_id and d.hospital_id = (select hospital_id from public.doctors where id = t.doctor)
                                and b.doctor_id <> t.doctor and b.status = 'confirmed' order by b.id limit 1),
             free_slot = (select ts.id from public.time_slots ts join public.schedules sc on sc.id = ts.schedule_id
                           where sc.doctor_id = t.doctor and sc.kind = 'telemedicine' and sc.working_day > current_date + 2
                             and ts.booked < ts.capacity and ts.withdrawn_at is null order by sc.working_day, ts.started limit 1);

-- ---- who may not ----------------------------------------------------------------------------------------------
select tests.act_as('anon');
select is(tests.try(format('select public.admin_booking_transition(%s, %L)', (select past from t), 'check_in')), 'denied', 'anon cannot call a front-desk transition');
select is(tests.try(format('select public.admin_reveal_booking_phone(%s)', (select past from t))), 'denied', 'nor reveal a phone');

select tests.act_as('patient');
select is(tests.try(format('select public.admin_booking_transition(%s, %L)', (select past from t), 'complete')), 'error:PT403', 'a patient cannot complete their own booking');
select is(tests.try(format('select public.admin_reveal_booking_phone(%s)', (select past from t))), 'error:PT403', 'nor reveal through the staff call');
select is(tests.try(format('select public.admin_reveal_patient_contact(%L::uuid)', '00000000-0000-4000-a000-000000000007')), 'error:PT403', 'nor read a patient record as staff');
select is((select count(*)::int from t, public.admin_booking_payment_summary(array[t.past])), 0, 'the payment summary answers a patient nothing');
select is(tests.try('select public.complete_past_bookings()'), 'denied', 'the completion job is not callable by API roles');

select tests.act_as('facility');
select is(tests.try(format('select public.admin_booking_transition(%s, %L, null, %L)', (select other_org from t), 'cancel', 'Out of scope')), 'error:PT404', 'a facility manager cannot cancel another organization''s booking');
select is(tests.try(format('select public.admin_reveal_patient_contact(%L::uuid)', '00000000-0000-4000-a000-000000000009')), 'error:PT404', 'nor read the contact of a patient who booked only elsewhere');

select tests.act_as('doctor');
select is(tests.try(format('select public.admin_booking_transition(%s, %L)', (select other_doctor from t), 'check_in')), 'error:PT404', 'a doctor cannot act on another doctor''s booking of the same branch');
select is(tests.try(format('select public.admin_reveal_booking_phone(%s)', (select other_doctor from t))), 'error:PT404', 'nor reveal its phone');
select is((select (public.admin_booking_transition(t.pending, 'confirm')).status from t), 'confirmed', 'a doctor confirms their own pending booking');

-- ---- the transitions ---------------------------------------------------------------------------------------
select tests.act_as('branch');
select is(tests.try(format('select public.admin_booking_transition(%s, %L)', (select upcoming from t), 'no_show')), 'error:PT409', 'no no-show before the start');
select is(tests.try(format('select public.admin_booking_transition(%s, %L)', (select upcoming from t), 'complete')), 'error:PT409', 'no completion before the start');
select ok((select (public.admin_booking_transition(t.past, 'check_in')).checked_in_at is not null from t), 'the branch manager checks the patient in');
select is(tests.try(format('select public.admin_booking_transition(%s, %L, null, %L)', (select past from t), 'cancel', 'Too late')), 'error:PT409', 'a checked-in visit cannot be cancelled');
select is((select (public.admin_booking_transition(t.past, 'complete')).status from t), 'completed', 'and marks it completed');
select is(public.admin_reveal_booking_phone((select past from t)), '+84 901 234 567', 'the branch manager reveals the contact phone');

select tests.act_as('senior_branch');
select is(tests.try(format('select public.admin_booking_transition(%s, %L, null, %L)', (select upcoming from t), 'cancel', 'x')), 'error:PT422', 'a cancellation needs a reason');
select is((select b.status || '/' || b.cancelled_by_role from t, public.admin_booking_transition(t.upcoming, 'cancel', null, 'The doctor is away.') b), 'cancelled/staff', 'the senior branch manager cancels with a reason');

select tests.act_as('branch');
create temp table moved as select * from public.admin_reschedule_booking((select pending from t), (select free_slot from t), 'pgtap-70-move-key');
select is((select rescheduled_from_id from moved), (select pending from t), 'a reschedule links the new booking to the old one');
select is((select status from public.bookings b, t where b.id = t.pending), 'cancelled', 'and cancels the old one in the same step');
select is((select id from public.admin_reschedule_booking((select pending from t), (select free_slot from t), 'pgtap-70-move-key')), (select id from moved), 'the same key returns the same new booking');

select tests.act_as('facility');
select ok((select jsonb_array_length(public.admin_booking_trail(t.past) -> 'history') >= 3 from t), 'the trail holds the booking''s creation, check-in and completion');
select ok((select (public.admin_reveal_patient_contact('00000000-0000-4000-a000-000000000007') ->> 'email') = 'patient@demo.test'), 'the facility manager reveals the patient''s contact');

-- ---- what the history says -------------------------------------------------------------------------------------
reset role;
select is((select count(*)::int from public.data_history h, t where h.table_name = 'bookings' and h.row_id = t.past::text and h.action = 'READ'
             and h.actor_id = '00000000-0000-4000-a000-000000000005' and h.actor_role = 'branch'),
          1, 'the phone reveal is in the history: who, which booking');
select is((select count(*)::int from public.data_history h where h.table_name = 'patients' and h.row_id = '00000000-0000-4000-a000-000000000007'
             and h.action = 'READ' and h.actor_id = '00000000-0000-4000-a000-000000000003'),
          1, 'and the patient record reveal: who, which patient');

select * from finish();
rollback;
