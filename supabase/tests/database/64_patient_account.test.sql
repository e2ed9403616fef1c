-- pgTAP: the patient account (issue 28): who may call the cancel and reschedule functions, the family profiles'
-- privileges, and that another patient's booking can be neither cancelled nor moved through them.
begin;
select plan(11);

select ok(not has_function_privilege('anon', 'public.cancel_my_booking(bigint)', 'execute'), 'anon cannot call cancel_my_booking');
select ok(has_function_privilege('authenticated', 'public.cancel_my_booking(bigint)', 'execute'), 'a signed-in user can call cancel_my_booking');
select ok(not has_function_privilege('anon', 'public.reschedule_my_booking(bigint, bigint, text)', 'execute'), 'anon cannot call reschedule_my_booking');
select ok(not has_function_privilege('authenticated', 'public.lock_my_active_booking(bigint)', 'execute'), 'the row-lock helper is not callable through the API');
select ok(has_any_column_privilege('authenticated', 'public.family_members', 'insert'), 'a signed-in user may add family members (RLS: their own)');
select ok(has_column_privilege('anon', 'public.doctors', 'cancellation_window_minutes', 'select'), 'the cancellation window is public like the doctor');

-- Another patient, with patient@demo.test's upcoming booking id.
select tests.act_as('patient_other');
select is(tests.try($$select public.cancel_my_booking((select id from public.bookings where idempotency_key = 'seed-demo-upcoming'))$$), 'error:PT404',
  'another patient cannot cancel patient@demo.test''s booking');
select is(tests.try($$select public.reschedule_my_booking((select id from public.bookings where idempotency_key = 'seed-demo-upcoming'), 1, 'pgtap-steal-0001')$$), 'error:PT404',
  'another patient cannot move patient@demo.test''s booking');
select is(tests.try($$insert into public.family_members (patient_user_id, name, birthday, relation) values ('00000000-0000-4000-a000-000000000007', 'X', '2000-01-01', 'child')$$), 'denied',
  'another patient cannot add a family member to patient@demo.test');

-- The owner cancels their own; the same call again is refused as already cancelled.
select tests.act_as('patient');
select is((select (public.cancel_my_booking((select id from public.bookings where idempotency_key = 'seed-demo-upcoming'))).status), 'cancelled', 'the owner cancels their booking');
select is(tests.try($$select public.cancel_my_booking((select id from public.bookings where idempotency_key = 'seed-demo-upcoming'))$$), 'error:PT409', 'a cancelled booking cannot be cancelled again');

select * from finish();
rollback;
