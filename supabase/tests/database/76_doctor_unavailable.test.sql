-- pgTAP: "doctor unavailable" (issue 35, migration …20261128200000). Who may call the preview and the step (managers
-- in scope only: admin and super all, facility its organization, senior branch its branches, branch its branch; never
-- the doctor role, a patient or anon), the tables only the definer functions write, and the rebooking link: the
-- patient's own, once, through book_slot.
begin;
select plan(27);

create temp table t as
  select (select d.id from public.doctors d where d.user_id = '00000000-0000-4000-a000-000000000006') as doctor,
         (select d.id from public.doctors d where d.hospital_id = 2 order by d.id limit 1) as branch2_doctor,
         (select d.id from public.doctors d join public.hospitals h on h.id = d.hospital_id where h.organization_id = 2 order by d.id limit 1) as other_org_doctor,
         (select b.id from public.bookings b where b.idempotency_key = 'seed-demo-upcoming') as upcoming,
         (select to_char(b.starts_at at time zone h.time_zone, 'YYYY-MM-DD')::date from public.bookings b join public.hospitals h on h.id = b.hospital_id
           where b.idempotency_key = 'seed-demo-upcoming') as day,
         null::jsonb as step;
grant select, update on t to public;

-- ---- who may not ----------------------------------------------------------------------------------------------
select tests.act_as('anon');
select is(tests.try(format('select public.admin_doctor_unavailable_preview(%s, %L, %L)', (select doctor from t), (select day from t), (select day from t))), 'denied', 'anon cannot preview');
select is(tests.try(format('select public.admin_doctor_unavailable(%s, %L, %L, %L)', (select doctor from t), (select day from t), (select day from t), 'Away')), 'denied', 'nor mark a doctor unavailable');
select is(tests.try(format('select public.hold_rebooking_offer(%L)', repeat('A', 32))), 'denied', 'nor open a rebooking link');

select tests.act_as('patient');
select is(tests.try(format('select public.admin_doctor_unavailable_preview(%s, %L, %L)', (select doctor from t), (select day from t), (select day from t))), 'error:PT403', 'a patient cannot preview');
select is(tests.try(format('select public.admin_doctor_unavailable(%s, %L, %L, %L)', (select doctor from t), (select day from t), (select day from t), 'Away')), 'error:PT403', 'nor mark a doctor unavailable');
select is(tests.try(format('select public.hold_rebooking_offer(%L)', repeat('A', 32))), 'error:PT404', 'an unknown link is not valid');
select is(tests.try('select * from public.rebooking_offers'), 'denied', 'the offers are not readable by API roles');
select is(tests.try('select * from public.doctor_unavailability'), 'denied', 'nor the record of the step');
select is(tests.try(format('select * from public.doctor_next_free_slots(%s, %L, current_date, 5)', (select doctor from t), 'outpatient')), 'denied', 'the helpers are not callable');
select is(tests.try(format('select * from public.unavailable_doctor(%s, current_date, current_date)', (select doctor from t))), 'denied', 'nor the scope check alone');

select tests.act_as('doctor');
select is(tests.try(format('select public.admin_doctor_unavailable_preview(%s, %L, %L)', (select doctor from t), (select day from t), (select day from t))), 'error:PT403', 'the doctor role cannot preview its own unavailability (SPEC §6)');
select is(tests.try(format('select public.admin_doctor_unavailable(%s, %L, %L, %L)', (select doctor from t), (select day from t), (select day from t), 'Away')), 'error:PT403', 'nor mark itself unavailable');

select tests.act_as('facility');
select is(tests.try(format('select public.admin_doctor_unavailable_preview(%s, %L, %L)', (select other_org_doctor from t), (select day from t), (select day from t))), 'error:PT404', 'a facility manager cannot reach another organization''s doctor');
select ok((select public.admin_doctor_unavailable_preview(t.branch2_doctor, t.day, t.day) ? 'bookings' from t), 'but previews any branch of its own');

select tests.act_as('branch');
select is(tests.try(format('select public.admin_doctor_unavailable_preview(%s, %L, %L)', (select branch2_doctor from t), (select day from t), (select day from t))), 'error:PT404', 'a branch manager cannot reach a doctor of another branch');

select tests.act_as('senior_branch');
select ok((select public.admin_doctor_unavailable_preview(t.branch2_doctor, t.day, t.day) ? 'bookings' from t), 'a senior branch manager previews a doctor of its branches');

select tests.act_as('branch');
select is(tests.try(format('select public.admin_doctor_unavailable(%s, %L, %L, %L)', (select doctor from t), (select day from t), (select day from t), 'x')), 'error:PT422', 'a reason is required');
select is(tests.try(format('select public.admin_doctor_unavailable(%s, current_date - 2, current_date, %L)', (select doctor from t), 'Away')), 'error:PT422', 'no span in the past');
select ok((select jsonb_array_length(public.admin_doctor_unavailable_preview(t.doctor, t.day, t.day) -> 'bookings') >= 1 from t), 'the branch manager previews its doctor''s day with the upcoming booking');
update t set step = public.admin_doctor_unavailable(t.doctor, t.day, t.day, 'The doctor is away.');
select is((select b.status || '/' || b.cancelled_by_role || '/' || b.cancel_reason from public.bookings b, t where b.id = t.upcoming), 'cancelled/staff/The doctor is away.', 'the step cancels the booking with the reason');
select is((select count(*)::int from public.schedules s join public.time_slots ts on ts.schedule_id = s.id, t
            where s.doctor_id = t.doctor and s.working_day = t.day and ts.withdrawn_at is null
              and (s.working_day > (now() at time zone 'Asia/Ho_Chi_Minh')::date or ts.started > (now() at time zone 'Asia/Ho_Chi_Minh')::time)), 0, 'and closes every slot of the day still to come');
select ok((select exists (select 1 from public.bookings b join public.time_slots ts on ts.id = b.slot_id, t where b.id = t.upcoming and ts.withdrawn_at is not null)), 'the booked slot is kept, withdrawn');

-- ---- the link ------------------------------------------------------------------------------------------------
select tests.act_as('patient_other');
select is(tests.try(format('select public.hold_rebooking_offer(%L)', (select t.step -> 'cancelled' -> 0 -> 'offers' -> 0 ->> 'token' from t))), 'error:PT404', 'another patient cannot use the link');
select tests.act_as('patient');
create temp table held as select * from public.hold_rebooking_offer((select t.step -> 'cancelled' -> 0 -> 'offers' -> 0 ->> 'token' from t));
select is((select status || '/' || (slot_id = (select (t.step -> 'cancelled' -> 0 -> 'offers' -> 0 ->> 'slotId')::bigint from t))::text from held), 'hold/true', 'the patient''s link holds the offered slot through book_slot');
select ok((select idempotency_key ~ '^rebook-[0-9]+-[0-9a-f]{16}$' from held), 'the hold''s key carries part of the token''s hash: an offer id alone cannot take it ahead of the patient');
select is((select id from public.hold_rebooking_offer((select t.step -> 'cancelled' -> 0 -> 'offers' -> 0 ->> 'token' from t))), (select id from held), 'the same link again answers the same booking');

reset role;
select is((select count(*)::int from public.data_history h, t where h.table_name = 'doctor_unavailability' and h.row_id = (t.step ->> 'id') and h.action = 'INSERT'
             and h.actor_id = '00000000-0000-4000-a000-000000000005'), 1, 'the step is in the data history: who, which doctor and days');

select * from finish();
rollback;
