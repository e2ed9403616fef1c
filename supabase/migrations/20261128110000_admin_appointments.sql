-- Admin appointments and patients (issue 35): the front desk's states of a booking (checked in, completed,
-- no-show excused or not, cancelled by whom and why), each change a security definer function with the staff
-- scope inside (the bookings' UPDATE grant to authenticated is not relied on), written to the data history by the
-- bookings' history trigger; reads of a patient's contact recorded in the data history as READ rows; the
-- booking's history and payments for the detail panel; the scheduled completion that opens reviews.

-- ---- columns -----------------------------------------------------------------------------------------------
alter table public.bookings
  add column checked_in_at timestamptz,
  add column completed_at timestamptz,
  add column no_show_excused boolean,
  add column cancel_reason text,
  add column cancelled_by uuid,
  add column cancelled_by_role text;
alter table public.bookings
  add constraint bookings_cancel_reason_length check (char_length(cancel_reason) <= 500),
  add constraint bookings_cancelled_by_role_check check (cancelled_by_role in ('patient', 'staff', 'system')),
  add constraint bookings_no_show_excused_only_for_no_show check (no_show_excused is null or status = 'no_show');
-- A no-show is its own state: it does not occupy the slot (the visit is over) and opens no review.
alter table public.bookings drop constraint bookings_status_check;
alter table public.bookings add constraint bookings_status_check
  check (status in ('hold', 'pending', 'confirmed', 'completed', 'cancelled', 'expired', 'no_show'));
comment on column public.bookings.checked_in_at is 'The front desk checked the patient in (admin_check_in_booking).';
comment on column public.bookings.no_show_excused is 'Set with status no_show: true when the absence was excused.';
comment on column public.bookings.cancelled_by_role is 'Who cancelled: patient (own cancel or reschedule), staff (with cancel_reason), system.';

-- Read by whoever reads the row (staff under the bookings' select policies; the patient their own); changed only
-- by the functions below (no update grant). Insert as every other column of bookings (the managers' insert policy,
-- which already lets them write status and prices; issue 34 revisits the bookings' write grants as a whole).
grant select (checked_in_at, completed_at, no_show_excused, cancel_reason, cancelled_by, cancelled_by_role) on public.bookings to authenticated, service_role;
grant insert (checked_in_at, completed_at, no_show_excused, cancel_reason, cancelled_by, cancelled_by_role) on public.bookings to authenticated;
grant insert (checked_in_at, completed_at, no_show_excused, cancel_reason, cancelled_by, cancelled_by_role),
      update (checked_in_at, completed_at, no_show_excused, cancel_reason, cancelled_by, cancelled_by_role) on public.bookings to service_role;

-- Front-desk lists: a page of a day or a range in start order, within a branch or a doctor, or everything.
create index if not exists bookings_starts_id_idx on public.bookings (starts_at, id);
-- The completion job: confirmed visits by start.
create index bookings_confirmed_starts_idx on public.bookings (starts_at) where status = 'confirmed';

-- The data history also records reads of personal data (a phone or e-mail revealed): action READ.
alter table public.data_history drop constraint data_history_action_check;
alter table public.data_history add constraint data_history_action_check check (action in ('INSERT', 'UPDATE', 'DELETE', 'READ'));

-- ---- scope ---------------------------------------------------------------------------------------------------
/* Whether the caller works this booking: platform admins all; facility, senior branch and branch managers the
   bookings of their branches; a doctor their own appointments (SPEC §4, §6). The bookings' select policies. */
create or replace function public.can_work_booking(p_hospital_id bigint, p_doctor_id bigint) returns boolean
language sql stable security definer set search_path = '' as $$
  -- coalesce: a caller without a doctor profile compares with null, and "not null" would let them through.
  select coalesce(public.is_platform_admin()
      or p_hospital_id = any (public.staff_hospital_ids())
      or (p_doctor_id is not null and p_doctor_id = public.current_doctor_id()), false)
$$;
revoke execute on function public.can_work_booking(bigint, bigint) from public, anon, authenticated;

/* Locks a booking the caller works, or raises PT404 (outside the scope reads as unknown, as the list does). */
create or replace function public.lock_worked_booking(p_booking_id bigint) returns public.bookings
language plpgsql security definer set search_path = '' as $$
declare b public.bookings;
begin
  if auth.uid() is null or not public.is_staff() then
    raise exception 'You don''t have permission to do this.' using errcode = 'PT403';
  end if;
  select * into b from public.bookings where id = p_booking_id for update;
  if not found or not public.can_work_booking(b.hospital_id, b.doctor_id) then
    raise exception 'This appointment does not exist.' using errcode = 'PT404';
  end if;
  return b;
end $$;
revoke execute on function public.lock_worked_booking(bigint) from public, anon, authenticated;

-- ---- the front desk's transitions (rules mirrored in src/lib/admin-appointments.ts) --------------------------
/*
 * One transition of a booking the caller works: confirm (pending → confirmed), check_in (a pending or confirmed
 * visit from 12 hours before its start until 5 days after it), complete (a pending or confirmed visit after its
 * start), no_show (a pending or confirmed visit not checked in, after its start and within 5 days; excused or
 * not), cancel (a pending or confirmed visit not checked in, with a reason). Raises PT409 with the reason a
 * screen shows otherwise. The bookings' history trigger records the change with the caller as actor.
 */
create or replace function public.admin_booking_transition(p_booking_id bigint, p_action text, p_excused boolean default null, p_reason text default null)
returns public.bookings
language plpgsql security definer set search_path = '' as $$
declare
  b public.bookings;
  live boolean;
begin
  b := public.lock_worked_booking(p_booking_id);
  live := b.status in ('pending', 'confirmed');
  case p_action
    when 'confirm' then
      if b.status <> 'pending' then
        raise exception 'Only a pending appointment can be confirmed.' using errcode = 'PT409';
      end if;
      update public.bookings set status = 'confirmed', updated_at = now() where id = b.id returning * into b;
    when 'check_in' then
      if not live or b.checked_in_at is not null then
        raise exception 'This appointment cannot be checked in.' using errcode = 'PT409';
      end if;
      if now() < b.starts_at - interval '12 hours' or now() > b.starts_at + interval '5 days' then
        raise exception 'A patient can be checked in from 12 hours before the appointment until 5 days after it.' using errcode = 'PT409';
      end if;
      update public.bookings set checked_in_at = now(), status = 'confirmed', updated_at = now() where id = b.id returning * into b;
    when 'complete' then
      if not live then
        raise exception 'This appointment cannot be marked completed.' using errcode = 'PT409';
      end if;
      if now() < b.starts_at then
        raise exception 'An appointment can be marked completed only after it has started.' using errcode = 'PT409';
      end if;
      update public.bookings set status = 'completed', completed_at = now(), hold_expires_at = null, updated_at = now() where id = b.id returning * into b;
    when 'no_show' then
      if not live or b.checked_in_at is not null then
        raise exception 'This appointment cannot be marked as a no-show.' using errcode = 'PT409';
      end if;
      if now() < b.starts_at or now() > b.starts_at + interval '5 days' then
        raise exception 'A no-show can be marked only after the start and within 5 days.' using errcode = 'PT409';
      end if;
      update public.bookings set status = 'no_show', no_show_excused = coalesce(p_excused, false), hold_expires_at = null, updated_at = now()
       where id = b.id returning * into b;
    when 'cancel' then
      if not live or b.checked_in_at is not null then
        raise exception 'This appointment cannot be cancelled.' using errcode = 'PT409';
      end if;
      if p_reason is null or char_length(trim(p_reason)) < 3 or char_length(p_reason) > 500 then
        raise exception 'Please give a reason (3 to 500 characters).' using errcode = 'PT422';
      end if;
      update public.bookings set status = 'cancelled', cancelled_at = now(), cancel_reason = trim(p_reason), cancelled_by = auth.uid(),
             cancelled_by_role = 'staff', hold_expires_at = null, updated_at = now()
       where id = b.id returning * into b;
    when 'undo' then
      -- The front desk's keyboard undo: the caller's own check-in, completion or no-show of the last 10 minutes
      -- goes back to confirmed (a completion only while the patient has not reviewed it).
      if not exists (select 1 from public.data_history h where h.table_name = 'bookings' and h.row_id = b.id::text and h.action = 'UPDATE'
                      and h.actor_id = auth.uid() and h.occurred_at >= now() - interval '10 minutes') then
        raise exception 'Nothing to undo: only your own step of the last 10 minutes can be undone.' using errcode = 'PT409';
      end if;
      if b.status = 'completed' and not exists (select 1 from public.reviews r where r.booking_id = b.id) then
        update public.bookings set status = 'confirmed', completed_at = null, updated_at = now() where id = b.id returning * into b;
      elsif b.status = 'no_show' then
        update public.bookings set status = 'confirmed', no_show_excused = null, updated_at = now() where id = b.id returning * into b;
      elsif b.status = 'confirmed' and b.checked_in_at is not null then
        update public.bookings set checked_in_at = null, updated_at = now() where id = b.id returning * into b;
      else
        raise exception 'Nothing to undo: only your own step of the last 10 minutes can be undone.' using errcode = 'PT409';
      end if;
    else
      raise exception 'Unknown action' using errcode = 'PT422';
  end case;
  return b;
end $$;
revoke execute on function public.admin_booking_transition(bigint, text, boolean, text) from public, anon, authenticated;
grant execute on function public.admin_booking_transition(bigint, text, boolean, text) to authenticated, service_role;

/*
 * Moves a booking the caller works into another free slot of the same doctor (same consultation type) or
 * service, on the patient's behalf: the rules of the patient's reschedule (reschedule_my_booking, book_slot):
 * the slot's owner active and offering the kind, outside the buffer time, free capacity (the occupancy trigger
 * refuses overbooking under the slot's lock), the new booking linked to the old one, the old one cancelled in the
 * same transaction. Unlike the patient, staff are not held to the cancellation window. The same idempotency key
 * returns the same new booking.
 */
create or replace function public.admin_reschedule_booking(p_booking_id bigint, p_slot_id bigint, p_idempotency_key text) returns public.bookings
language plpgsql security definer set search_path = '' as $$
declare
  old public.bookings;
  fresh public.bookings;
  s record;
  buffer integer;
  starts timestamptz;
begin
  old := public.lock_worked_booking(p_booking_id);
  select * into fresh from public.bookings where idempotency_key = p_idempotency_key and rescheduled_from_id = p_booking_id;
  if found then
    return fresh; -- a retried request
  end if;
  if old.status not in ('pending', 'confirmed') or old.checked_in_at is not null then
    raise exception 'This appointment can no longer be changed.' using errcode = 'PT409';
  end if;
  select ts.id, ts.started, ts.capacity, ts.withdrawn_at, sc.kind, sc.working_day, sc.doctor_id, sc.service_id, sc.hospital_id, h.time_zone,
         d.buffer_time_outpatient, d.buffer_time_telemedicine, d.status as doctor_status, d.telemedicine_enabled, d.outpatient_enabled,
         sv.buffer_time as service_buffer, sv.status as service_status, sv.availability
    into s
    from public.time_slots ts
    join public.schedules sc on sc.id = ts.schedule_id
    join public.hospitals h on h.id = sc.hospital_id
    left join public.doctors d on d.id = sc.doctor_id
    left join public.hospital_services sv on sv.id = sc.service_id
   where ts.id = p_slot_id
     for update of ts;
  if not found or s.kind <> old.appointment_type or s.doctor_id is distinct from old.doctor_id or s.service_id is distinct from old.service_id then
    raise exception 'Choose another time of the same doctor or service.' using errcode = 'PT422';
  end if;
  if p_slot_id = old.slot_id then
    raise exception 'This is already the time of the appointment.' using errcode = 'PT422';
  end if;
  if s.withdrawn_at is not null
     or (s.kind <> 'service' and (s.doctor_status <> 1 or (s.kind = 'telemedicine' and not s.telemedicine_enabled) or (s.kind = 'outpatient' and not s.outpatient_enabled)))
     or (s.kind = 'service' and (s.service_status <> 1 or s.availability = 0)) then
    raise exception 'The slot is not available' using errcode = 'PT409';
  end if;
  buffer := case s.kind when 'outpatient' then s.buffer_time_outpatient when 'telemedicine' then s.buffer_time_telemedicine else s.service_buffer end;
  starts := (s.working_day + s.started) at time zone s.time_zone;
  if starts <= now() + make_interval(mins => coalesce(buffer, 0)) then
    raise exception 'The slot is not available. Please select the time greater than %.', coalesce(buffer, 0) using errcode = 'PT422';
  end if;
  perform public.expire_holds(p_slot_id);
  if (select ts.booked from public.time_slots ts where ts.id = p_slot_id) >= s.capacity then
    raise exception 'The slot is fully booked' using errcode = 'PT409';
  end if;
  -- The old booking frees its slot first (a move within a full slot's neighbour never counts twice).
  update public.bookings set status = 'cancelled', cancelled_at = now(), cancelled_by = auth.uid(), cancelled_by_role = 'staff',
         cancel_reason = 'Rescheduled', hold_expires_at = null, updated_at = now()
   where id = old.id;
  insert into public.bookings (booking_type, appointment_type, patient_user_id, family_member_id, doctor_id, service_id, hospital_id,
    slot_id, starts_at, status, hold_expires_at, payment_method, voucher_id, price, original_price, final_price, currency,
    voucher_discount_value, referral_discount_value, tax_amount, tax_unit, tax_computed, contact_phone, note, idempotency_key, rescheduled_from_id)
  values (old.booking_type, old.appointment_type, old.patient_user_id, old.family_member_id, old.doctor_id, old.service_id, s.hospital_id,
    p_slot_id, starts, old.status, null, old.payment_method, old.voucher_id, old.price, old.original_price, old.final_price, old.currency,
    old.voucher_discount_value, old.referral_discount_value, old.tax_amount, old.tax_unit, old.tax_computed, old.contact_phone, old.note,
    p_idempotency_key, old.id)
  returning * into fresh;
  return fresh;
end $$;
revoke execute on function public.admin_reschedule_booking(bigint, bigint, text) from public, anon, authenticated;
grant execute on function public.admin_reschedule_booking(bigint, bigint, text) to authenticated, service_role;

-- ---- reads recorded in the data history ---------------------------------------------------------------------
/* The contact phone of a booking the caller works; the read is recorded (who, when, which booking and patient). */
create or replace function public.admin_reveal_booking_phone(p_booking_id bigint) returns text
language plpgsql security definer set search_path = '' as $$
declare b public.bookings;
begin
  if auth.uid() is null or not public.is_staff() then
    raise exception 'You don''t have permission to do this.' using errcode = 'PT403';
  end if;
  select * into b from public.bookings where id = p_booking_id;
  if not found or not public.can_work_booking(b.hospital_id, b.doctor_id) then
    raise exception 'This appointment does not exist.' using errcode = 'PT404';
  end if;
  insert into public.data_history (actor_id, actor_role, db_role, table_name, row_id, action, after)
  values (auth.uid(), public.staff_role(), session_user, 'bookings', b.id::text, 'READ',
          jsonb_build_object('field', 'contact_phone', 'patient_user_id', b.patient_user_id));
  return coalesce(b.contact_phone, (select p.phone from public.patients p where p.user_id = b.patient_user_id));
end $$;
revoke execute on function public.admin_reveal_booking_phone(bigint) from public, anon, authenticated;
grant execute on function public.admin_reveal_booking_phone(bigint) to authenticated, service_role;

/* Whether the patient booked within the caller's scope (a doctor: with the doctor). */
create or replace function public.patient_in_my_scope(p_user_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.bookings b where b.patient_user_id = p_user_id and public.can_work_booking(b.hospital_id, b.doctor_id))
$$;
revoke execute on function public.patient_in_my_scope(uuid) from public, anon, authenticated;

/* A patient's phone and e-mail (and their family members'), for a patient in the caller's scope; the read is recorded. */
create or replace function public.admin_reveal_patient_contact(p_user_id uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare answer jsonb;
begin
  if auth.uid() is null or not public.is_staff() then
    raise exception 'You don''t have permission to do this.' using errcode = 'PT403';
  end if;
  if not public.patient_in_my_scope(p_user_id) then
    raise exception 'This patient does not exist.' using errcode = 'PT404';
  end if;
  select jsonb_build_object('phone', p.phone, 'email', p.email,
           'family', coalesce((select jsonb_agg(jsonb_build_object('id', f.id, 'phone', f.phone, 'email', f.email) order by f.id)
                                 from public.family_members f where f.patient_user_id = p.user_id
                                  and (public.is_platform_admin() or exists (select 1 from public.bookings b where b.family_member_id = f.id
                                        and public.can_work_booking(b.hospital_id, b.doctor_id)))), '[]'::jsonb))
    into answer from public.patients p where p.user_id = p_user_id;
  insert into public.data_history (actor_id, actor_role, db_role, table_name, row_id, action, after)
  values (auth.uid(), public.staff_role(), session_user, 'patients', p_user_id::text, 'READ', jsonb_build_object('field', 'contact'));
  return answer;
end $$;
revoke execute on function public.admin_reveal_patient_contact(uuid) from public, anon, authenticated;
grant execute on function public.admin_reveal_patient_contact(uuid) to authenticated, service_role;

-- ---- the detail panel's trail ------------------------------------------------------------------------------
/*
 * The history of a booking the caller works (the data history is readable only by platform admins): each change
 * of its status, check-in or cancellation with when, by which role and the staff member's name, plus the
 * booking it replaced; and its online payments (no provider reference).
 */
create or replace function public.admin_booking_trail(p_booking_id bigint) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare b public.bookings;
begin
  select * into b from public.bookings where id = p_booking_id;
  if not found or auth.uid() is null or not public.is_staff() or not public.can_work_booking(b.hospital_id, b.doctor_id) then
    return null;
  end if;
  return jsonb_build_object(
    'history', coalesce((
      select jsonb_agg(jsonb_build_object(
               'at', h.occurred_at, 'action', h.action, 'actorRole', h.actor_role,
               'actorName', (select a.name from public.admin_users a where a.user_id = h.actor_id),
               'status', h.after ->> 'status', 'previousStatus', h.before ->> 'status',
               'checkedIn', (h.after ->> 'checked_in_at') is not null and (h.before ->> 'checked_in_at') is null,
               'reason', h.after ->> 'cancel_reason', 'field', h.after ->> 'field') order by h.occurred_at, h.id)
        from public.data_history h
       where h.table_name = 'bookings' and h.row_id = b.id::text
         and (h.action in ('INSERT', 'READ')
              or (h.before ->> 'status') is distinct from (h.after ->> 'status')
              or (h.before ->> 'checked_in_at') is distinct from (h.after ->> 'checked_in_at'))), '[]'::jsonb),
    'payments', coalesce((
      select jsonb_agg(jsonb_build_object('id', p.id, 'method', p.method, 'status', p.status, 'amount', p.amount, 'currency', p.currency,
               'createdAt', p.created_at, 'settledAt', p.settled_at) order by p.created_at)
        from public.payments p where p.booking_id = b.id), '[]'::jsonb));
end $$;
revoke execute on function public.admin_booking_trail(bigint) from public, anon, authenticated;
grant execute on function public.admin_booking_trail(bigint) to authenticated, service_role;

-- ---- scheduled completion -------------------------------------------------------------------------------------
/*
 * Visits not marked otherwise become completed a set time after they end (the start plus the slot's length, plus
 * p_after), so the patient can review. Server only (functions/booking-completion.ts). Answers the count.
 */
create or replace function public.complete_past_bookings(p_after interval default interval '2 hours', p_limit integer default 500) returns integer
language plpgsql security definer set search_path = '' as $$
declare n integer;
begin
  with due as (
    -- The visit ends its slot's length after its start (the list's end, whatever the zone).
    select b.id from public.bookings b
      join public.time_slots ts on ts.id = b.slot_id
     where b.status = 'confirmed' and b.starts_at < now() - p_after
       and b.starts_at + (ts.ended - ts.started) < now() - p_after
     order by b.starts_at
     limit p_limit
       for update of b skip locked)
  update public.bookings b set status = 'completed', completed_at = now(), updated_at = now()
    from due where b.id = due.id;
  get diagnostics n = row_count;
  return n;
end $$;
revoke execute on function public.complete_past_bookings(interval, integer) from public, anon, authenticated;
grant execute on function public.complete_past_bookings(interval, integer) to service_role;

/* Paid and refunded amounts of a page of bookings the caller works (payments are server-only under RLS). */
create or replace function public.admin_booking_payment_summary(p_ids bigint[])
returns table (booking_id bigint, paid numeric, refunded boolean)
language sql stable security definer set search_path = '' as $$
  select b.id,
         coalesce((select sum(p.amount) from public.payments p where p.booking_id = b.id and p.status = 'paid'), 0),
         exists (select 1 from public.payments p where p.booking_id = b.id and p.status = 'refunded')
    from public.bookings b
   where b.id = any (p_ids) and auth.uid() is not null and public.is_staff() and public.can_work_booking(b.hospital_id, b.doctor_id)
$$;
revoke execute on function public.admin_booking_payment_summary(bigint[]) from public, anon, authenticated;
grant execute on function public.admin_booking_payment_summary(bigint[]) to authenticated, service_role;
