-- pgTAP: after the booking (issue 36). The video room of a telemedicine booking: granted to nobody, answered by
-- public.booking_video_room to the booking's patient and the staff in scope only; attached only to a confirmed
-- telemedicine booking. Refunds: a refund state only through security definer code (the patient's cancel marks
-- the paid payment 'refund-pending'); the patient reads the refund columns of their own payments and writes none.
begin;
select plan(22);

-- Fixtures, as the owner: the demo patient's upcoming booking becomes a paid telemedicine visit with a room.
update public.bookings set appointment_type = 'telemedicine' where idempotency_key = 'seed-demo-upcoming';
update public.payments set status = 'paid', settled_at = now() where id = -1;
insert into public.booking_video_rooms (booking_id, provider, room_url)
select id, 'jitsi', 'https://meet.jit.si/00112233445566778899aabbccddeeff' from public.bookings where idempotency_key = 'seed-demo-upcoming'
on conflict (booking_id) do update set room_url = excluded.room_url;
create temp table ids as select id from public.bookings where idempotency_key = 'seed-demo-upcoming';
grant select on ids to anon, authenticated;

select ok(not has_table_privilege('authenticated', 'public.booking_video_rooms', 'select'), 'signed-in users cannot read the video rooms table');
select ok(not has_table_privilege('anon', 'public.booking_video_rooms', 'select'), 'anon cannot read the video rooms table');
select ok(not has_any_column_privilege('authenticated', 'public.booking_video_rooms', 'insert'), 'nobody inserts a room through the API');
select ok(not has_function_privilege('anon', 'public.booking_video_room(bigint)', 'execute'), 'anon cannot ask for a room');
select ok(not has_function_privilege('authenticated', 'private.attach_video_room(bigint, text, text)', 'execute'), 'attaching a room is server-only');
select ok(not has_function_privilege('authenticated', 'private.request_booking_refund(bigint)', 'execute'), 'marking a refund is not callable through the API');
select ok(not has_function_privilege('authenticated', 'private.settle_refund(bigint)', 'execute'), 'settling a refund is server-only');
select ok(has_column_privilege('authenticated', 'public.payments', 'refund_amount', 'select'), 'a signed-in user may read refund amounts (RLS: their own bookings)');
select ok(not has_column_privilege('authenticated', 'public.payments', 'status', 'update'), 'nobody sets a payment state through the API');
select is((select private.attach_video_room((select b.id from public.bookings b where b.appointment_type = 'outpatient' and b.status = 'confirmed' limit 1), 'jitsi', 'https://meet.jit.si/x')), false,
  'an outpatient booking gets no room');

select tests.act_as('patient');
select is((select public.booking_video_room((select id from ids))), 'https://meet.jit.si/00112233445566778899aabbccddeeff', 'the patient reads the room of their visit');
select is(tests.try($$select * from public.booking_video_rooms$$), 'denied', 'the patient cannot read the table itself');
select is(tests.try($$update public.payments set status = 'refunded' where id = -1$$), 'denied', 'the patient cannot mark their payment refunded');
select tests.act_as('patient_other');
select is((select public.booking_video_room((select id from ids))), null, 'another patient gets nothing');
select tests.act_as('doctor');
select is((select public.booking_video_room((select id from ids))), 'https://meet.jit.si/00112233445566778899aabbccddeeff', 'the booking''s doctor reads it');
select tests.act_as('branch');
select is((select public.booking_video_room((select id from ids))), 'https://meet.jit.si/00112233445566778899aabbccddeeff', 'a manager of its hospital reads it');
select tests.act_as('anon');
select is(tests.try($$select public.booking_video_room(1)$$), 'denied', 'anon is refused');

-- The patient cancels: the paid payment is marked for its refund in the same call; the room is no longer answered.
select tests.act_as('patient');
select is((select (public.cancel_my_booking((select id from ids))).status), 'cancelled', 'the patient cancels inside the window');
select is((select status from public.payments where id = -1), 'refund-pending', 'the paid payment awaits its refund');
select is((select refund_amount from public.payments where id = -1), 100.00::numeric, 'for the whole amount, readable by the patient');
select is((select public.booking_video_room((select id from ids))), null, 'a cancelled visit has no room to join');
select set_config('role', 'none', true);
select is((select private.settle_refund(-1)), 'refunded', 'the provider''s webhook settles the refund (server)');

select * from finish();
rollback;
