-- Patient account (issue 28): cancel and reschedule one's own appointment, inside a cancellation window
-- (default 4 hours before the start, settable per doctor and per service), and the link between a rescheduled
-- booking and the one it replaced. Both are security definer functions: they lock the booking row (one
-- outcome when two tabs act at once) and take the slot through book_slot (its lock, capacity and buffer rules).

alter table public.doctors add column cancellation_window_minutes integer check (cancellation_window_minutes between 0 and 20160);
alter table public.hospital_services add column cancellation_window_minutes integer check (cancellation_window_minutes between 0 and 20160);
comment on column public.doctors.cancellation_window_minutes is 'Patients may cancel or reschedule until this many minutes before the start; null: the platform default (240).';
comment on column public.hospital_services.cancellation_window_minutes is 'Patients may cancel or reschedule until this many minutes before the start; null: the platform default (240).';
alter table public.bookings add column rescheduled_from_id bigint references public.bookings (id) on delete set null;
comment on column public.bookings.rescheduled_from_id is 'The booking this one replaced (patient reschedule); that one is cancelled in the same transaction.';
create unique index bookings_rescheduled_from_key on public.bookings (rescheduled_from_id) where rescheduled_from_id is not null;

-- New columns are granted explicitly (no default privileges): public like the rest of the row where the row is
-- public; written by staff under the tables' update policies.
grant select (cancellation_window_minutes) on public.doctors to anon, authenticated, service_role;
grant insert (cancellation_window_minutes), update (cancellation_window_minutes) on public.doctors to authenticated, service_role;
grant select (cancellation_window_minutes) on public.hospital_services to anon, authenticated, service_role;
grant insert (cancellation_window_minutes), update (cancellation_window_minutes) on public.hospital_services to authenticated, service_role;
grant select (rescheduled_from_id), insert (rescheduled_from_id), update (rescheduled_from_id) on public.bookings to authenticated, service_role;

/* The last moment a patient may cancel or reschedule a booking: its start minus the doctor's or service's window. */
create or replace function public.booking_cancel_deadline(p_booking public.bookings) returns timestamptz
language sql stable security definer set search_path = '' as $$
  select p_booking.starts_at - make_interval(mins => coalesce(
    (select d.cancellation_window_minutes from public.doctors d where d.id = p_booking.doctor_id),
    (select s.cancellation_window_minutes from public.hospital_services s where s.id = p_booking.service_id),
    240))
$$;
revoke execute on function public.booking_cancel_deadline(public.bookings) from public, anon, authenticated;
grant execute on function public.booking_cancel_deadline(public.bookings) to authenticated, service_role;

/* Locks the caller's active booking for a change, or raises: PT404 not theirs, PT409 settled, PT422 window passed. */
create or replace function public.lock_my_active_booking(p_booking_id bigint) returns public.bookings
language plpgsql security definer set search_path = '' as $$
declare
  b public.bookings;
  deadline timestamptz;
  tz text;
begin
  if auth.uid() is null then
    raise exception 'Not signed in' using errcode = 'PT401';
  end if;
  select * into b from public.bookings where id = p_booking_id and patient_user_id = auth.uid() for update;
  if not found then
    raise exception 'Booking not found' using errcode = 'PT404';
  end if;
  if b.status in ('cancelled', 'expired') then
    raise exception 'This appointment has already been cancelled.' using errcode = 'PT409';
  end if;
  if b.status not in ('pending', 'confirmed') then
    raise exception 'This appointment can no longer be changed.' using errcode = 'PT409';
  end if;
  deadline := public.booking_cancel_deadline(b);
  if now() > deadline then
    select h.time_zone into tz from public.hospitals h where h.id = b.hospital_id;
    raise exception 'This appointment could be cancelled or rescheduled until % (%).', to_char(deadline at time zone tz, 'YYYY-MM-DD HH24:MI'), tz
      using errcode = 'PT422';
  end if;
  return b;
end $$;
revoke execute on function public.lock_my_active_booking(bigint) from public, anon, authenticated;

create or replace function public.cancel_my_booking(p_booking_id bigint) returns public.bookings
language plpgsql security definer set search_path = '' as $$
declare
  b public.bookings;
begin
  b := public.lock_my_active_booking(p_booking_id);
  update public.bookings set status = 'cancelled', cancelled_at = now(), hold_expires_at = null, updated_at = now()
   where id = b.id returning * into b;
  return b;
end $$;
revoke execute on function public.cancel_my_booking(bigint) from public, anon, authenticated;
grant execute on function public.cancel_my_booking(bigint) to authenticated, service_role;

/*
 * Moves the caller's booking to another free slot of the same doctor (same consultation type) or service: the
 * new slot is taken through book_slot first, then the old booking is cancelled, in one transaction, so a failure
 * leaves the old booking as it was. The same idempotency key returns the same new booking.
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
     set status = old.status, hold_expires_at = old.hold_expires_at, payment_method = old.payment_method, rescheduled_from_id = old.id, updated_at = now()
   where id = fresh.id returning * into fresh;
  update public.bookings set status = 'cancelled', cancelled_at = now(), updated_at = now() where id = old.id;
  return fresh;
end $$;
revoke execute on function public.reschedule_my_booking(bigint, bigint, text) from public, anon, authenticated;
grant execute on function public.reschedule_my_booking(bigint, bigint, text) to authenticated, service_role;

-- A patient reviews a completed booking once (insert policy "Patients review their own completed bookings").
grant insert (booking_id, patient_user_id, author_name, author_avatar, doctor_id, service_id, hospital_id, rate, feedback) on table public.reviews to authenticated;
