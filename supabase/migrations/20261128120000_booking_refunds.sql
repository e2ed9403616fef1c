-- After the booking (issue 36 item 3): a patient's cancellation of a booking paid online refunds it. The refund
-- is a state of the payment: 'refund-pending' when asked of the provider (in the cancelling transaction), then
-- 'refunded' when the provider's webhook confirms it. Every transition runs in a security definer function; the
-- patient reads the state and amount of their own payments (existing select policy), never writes them.

alter table public.payments drop constraint if exists payments_status_check;
alter table public.payments add constraint payments_status_check
  check (status in ('created', 'paid', 'failed', 'expired', 'refund-pending', 'refunded'));
alter table public.payments add column refund_amount numeric(14, 2) check (refund_amount is null or (refund_amount >= 0 and refund_amount <= amount));
alter table public.payments add column refund_requested_at timestamptz;
alter table public.payments add column refunded_at timestamptz;
comment on column public.payments.refund_amount is 'What is (being) given back: the paid amount for a patient cancellation inside the window.';
comment on column public.payments.refund_requested_at is 'When the refund was asked of the provider (status refund-pending).';
comment on column public.payments.refunded_at is 'When the provider confirmed the refund (its webhook; status refunded).';
-- The patient's card and e-mail say the amount and the state; the provider's reference stays server-only.
grant select (refund_amount, refund_requested_at, refunded_at) on public.payments to authenticated, service_role;
grant update (refund_amount, refund_requested_at, refunded_at) on public.payments to service_role;

/*
 * Marks the paid payment of a booking for a refund (status refund-pending, the whole amount) and returns its id,
 * or null when nothing was paid online. Called only by the cancelling functions (this patient cancellation, and a
 * hospital-side cancellation), which have checked who may cancel; nobody calls it through the API.
 */
create or replace function private.request_booking_refund(p_booking_id bigint) returns bigint
language plpgsql security definer set search_path = '' as $$
declare pid bigint;
begin
  update public.payments
     set status = 'refund-pending', refund_amount = amount, refund_requested_at = now()
   where id = (select p.id from public.payments p where p.booking_id = p_booking_id and p.status = 'paid' order by p.id desc limit 1)
  returning id into pid;
  return pid;
end $$;
revoke execute on function private.request_booking_refund(bigint) from public, anon, authenticated;
grant execute on function private.request_booking_refund(bigint) to service_role;

/* The patient's cancellation (issue 28), now with the refund of what was paid online, in the same transaction. */
create or replace function public.cancel_my_booking(p_booking_id bigint) returns public.bookings
language plpgsql security definer set search_path = '' as $$
declare
  b public.bookings;
begin
  -- Refuses another patient's booking (PT404), a settled one (PT409) and one past its window (PT422), before
  -- anything is written or promised.
  b := public.lock_my_active_booking(p_booking_id);
  update public.bookings set status = 'cancelled', cancelled_at = now(), hold_expires_at = null, updated_at = now()
   where id = b.id returning * into b;
  perform private.request_booking_refund(b.id);
  return b;
end $$;
revoke execute on function public.cancel_my_booking(bigint) from public, anon, authenticated;
grant execute on function public.cancel_my_booking(bigint) to authenticated, service_role;

/*
 * The patient's reschedule (issue 28), now carrying a payment made online over to the new booking: the money
 * paid for the appointment follows it (nothing is refunded, nothing is asked again).
 */
create or replace function public.reschedule_my_booking(p_booking_id bigint, p_slot_id bigint, p_idempotency_key text) returns public.bookings
language plpgsql security definer set search_path = '' as $$
declare
  old public.bookings;
  fresh public.bookings;
  s record;
begin
  if auth.uid() is null then
    raise exception 'Not signed in' using errcode = 'PT401';
  end if;
  select * into fresh from public.bookings where idempotency_key = p_idempotency_key and patient_user_id = auth.uid() and rescheduled_from_id = p_booking_id;
  if found then
    return fresh; -- a retried request
  end if;
  old := public.lock_my_active_booking(p_booking_id);
  select sc.kind, sc.doctor_id, sc.service_id into s
    from public.time_slots ts join public.schedules sc on sc.id = ts.schedule_id where ts.id = p_slot_id;
  if not found or s.kind <> old.appointment_type or s.doctor_id is distinct from old.doctor_id or s.service_id is distinct from old.service_id then
    raise exception 'Choose another time of the same doctor or service.' using errcode = 'PT422';
  end if;
  if p_slot_id = old.slot_id then
    raise exception 'This is already the time of the appointment.' using errcode = 'PT422';
  end if;
  fresh := public.book_slot(p_slot_id, p_idempotency_key, old.family_member_id, old.payment_method, old.voucher_id, 15, old.contact_phone, old.note);
  update public.bookings
     set status = old.status, hold_expires_at = old.hold_expires_at, payment_method = old.payment_method, rescheduled_from_id = old.id,
         price = old.price, original_price = old.original_price, final_price = old.final_price,
         voucher_discount_value = old.voucher_discount_value, referral_discount_value = old.referral_discount_value,
         tax_amount = old.tax_amount, tax_unit = old.tax_unit, tax_computed = old.tax_computed, updated_at = now()
   where id = fresh.id returning * into fresh;
  update public.payments set booking_id = fresh.id where booking_id = old.id and status = 'paid';
  update public.bookings set status = 'cancelled', cancelled_at = now(), updated_at = now() where id = old.id;
  return fresh;
end $$;
revoke execute on function public.reschedule_my_booking(bigint, bigint, text) from public, anon, authenticated;
grant execute on function public.reschedule_my_booking(bigint, bigint, text) to authenticated, service_role;

/*
 * The provider's refund webhook (server only): a pending refund becomes refunded; any other state is left as it
 * is ('ignored', a replay). Returns the outcome.
 */
create or replace function private.settle_refund(p_payment_id bigint) returns text
language plpgsql security definer set search_path = '' as $$
declare p public.payments;
begin
  select * into p from public.payments where id = p_payment_id for update;
  if not found then
    raise exception 'Unknown payment' using errcode = 'PT404';
  end if;
  if p.status <> 'refund-pending' then
    return 'ignored';
  end if;
  update public.payments set status = 'refunded', refunded_at = now() where id = p.id;
  return 'refunded';
end $$;
revoke execute on function private.settle_refund(bigint) from public, anon, authenticated;
grant execute on function private.settle_refund(bigint) to service_role;
