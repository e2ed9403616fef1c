-- pgTAP: who may call the booking flow's functions and see its tables (issue #26).
begin;
select plan(20);

-- The outbox and payment events are the server's only.
select ok(not has_table_privilege('anon', 'public.outbox', 'select'), 'anon cannot read the outbox');
select ok(not has_table_privilege('authenticated', 'public.outbox', 'select'), 'a signed-in user cannot read the outbox');
select ok(not has_table_privilege('authenticated', 'public.outbox', 'insert'), 'a signed-in user cannot write the outbox');
select ok((select relrowsecurity from pg_class where oid = 'public.outbox'::regclass), 'the outbox has row level security on');
select ok(not has_table_privilege('authenticated', 'public.payment_events', 'select'), 'a signed-in user cannot read payment events');
select ok(not has_table_privilege('anon', 'public.payments', 'select'), 'anon cannot read payments');

-- A patient sees their own payments' state, never the provider's reference, and writes none.
select ok(has_column_privilege('authenticated', 'public.payments', 'checkout_url', 'select'), 'a patient can read a payment''s hosted page address');
select ok(not has_column_privilege('authenticated', 'public.payments', 'provider_ref', 'select'), 'a patient cannot read the provider''s reference');
select ok(not has_table_privilege('authenticated', 'public.payments', 'update'), 'a patient cannot change a payment');

-- Functions: holding and releasing are the patient's; confirming goes through the server's private function;
-- settling a payment is the server's alone.
select ok(has_function_privilege('authenticated', 'public.book_slot(bigint, text, bigint, text, bigint, integer, text, text)', 'execute'), 'a patient can hold a slot');
select ok(not has_function_privilege('anon', 'public.book_slot(bigint, text, bigint, text, bigint, integer, text, text)', 'execute'), 'anon cannot hold a slot');
select ok(has_function_privilege('authenticated', 'public.release_hold(bigint)', 'execute'), 'a patient can release a hold');
select ok(not has_function_privilege('anon', 'public.release_hold(bigint)', 'execute'), 'anon cannot release a hold');
select ok(not has_function_privilege('anon', 'private.confirm_hold(bigint, bigint, text, text, text, bigint, jsonb, boolean, integer)', 'execute'), 'anon cannot confirm');
select ok(not has_function_privilege('authenticated', 'private.settle_payment(bigint, boolean)', 'execute'), 'a patient cannot settle a payment');
select ok(not has_function_privilege('anon', 'private.settle_payment(bigint, boolean)', 'execute'), 'anon cannot settle a payment');

-- Behaviour as a patient: a hold lasts at most an hour, whatever is asked.
create temporary table held (like public.bookings) on commit drop;
grant select, insert on held to authenticated;
set local role authenticated;
select set_config('request.jwt.claims', '{"sub":"00000000-0000-4000-a000-000000000007","role":"authenticated"}', true);
select set_config('request.jwt.claim.sub', '00000000-0000-4000-a000-000000000007', true);
insert into held
  select * from public.book_slot(
    (select ts.id from public.time_slots ts join public.schedules sc on sc.id = ts.schedule_id join public.doctors d on d.id = sc.doctor_id
      where sc.kind = 'outpatient' and d.status = 1 and d.outpatient_enabled and ts.booked < ts.capacity and sc.working_day > current_date + 2
      order by ts.id limit 1),
    'pgtap-hold-key-0001', null, null, null, 600);
select cmp_ok((select hold_expires_at from held), '<=', now() + interval '60 minutes', 'a hold asked for 600 minutes lasts at most 60');
select is((select status from held), 'hold', 'the slot is held');
select ok(public.release_hold((select id from held)), 'the patient releases their own hold');
select is((select status from public.bookings where id = (select id from held)), 'expired', 'a released hold frees the slot');
reset role;

select * from finish();
rollback;
