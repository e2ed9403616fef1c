-- Booking flow (issue #26): a hold lasts at most an hour; the booking page confirms the caller's hold with
-- everything re-checked under the booking's row lock; the patient can release their own hold; online payments
-- are recorded per booking and settled by the provider's webhook (server only).

-- ---- book_slot: hold 10 minutes by default, never more than 60 --------------------------------------------
create or replace function public.book_slot(
  p_slot_id bigint,
  p_idempotency_key text,
  p_family_member_id bigint default null,
  p_payment_method text default null,
  p_voucher_id bigint default null,
  p_hold_minutes integer default 10,
  p_contact_phone text default null,
  p_note text default null
) returns public.bookings
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := auth.uid();
  existing public.bookings;
  s record;
  result public.bookings;
  buffer integer;
  starts timestamptz;
  fee numeric;
begin
  if uid is null then
    raise exception 'Not signed in' using errcode = 'PT401';
  end if;
  if not exists (select 1 from public.patients p where p.user_id = uid and public.patient_is_onboarded(p)) then
    raise exception 'The patient has not completed onboarding' using errcode = 'PT403';
  end if;
  select * into existing from public.bookings where idempotency_key = p_idempotency_key;
  if found then
    if existing.patient_user_id <> uid then
      raise exception 'Idempotency key already used' using errcode = 'PT409';
    end if;
    if existing.status <> 'expired' or existing.slot_id <> p_slot_id then
      return existing;
    end if;
    -- The same visit of the booking page after its hold ended (released on leaving, then reloaded or come back
    -- to): the booking is held again, through the same checks as a new hold below.
  end if;
  if p_family_member_id is not null
     and not exists (select 1 from public.family_members f where f.id = p_family_member_id and f.patient_user_id = uid) then
    raise exception 'Unknown family member' using errcode = 'PT404';
  end if;

  select ts.id, ts.started, ts.capacity, ts.booked, sc.kind, sc.working_day, sc.doctor_id, sc.service_id, sc.hospital_id, h.time_zone,
         d.buffer_time_outpatient, d.buffer_time_telemedicine, d.status as doctor_status, d.telemedicine_enabled, d.outpatient_enabled,
         d.price as doctor_price, d.telemedicine_fee, sv.buffer_time as service_buffer, sv.status as service_status,
         sv.availability, sv.price as service_price, c.currency
    into s
    from public.time_slots ts
    join public.schedules sc on sc.id = ts.schedule_id
    join public.hospitals h on h.id = sc.hospital_id
    join public.countries c on c.id = h.country_id
    left join public.doctors d on d.id = sc.doctor_id
    left join public.hospital_services sv on sv.id = sc.service_id
   where ts.id = p_slot_id
     for update of ts;
  if not found then
    raise exception 'Unknown slot' using errcode = 'PT404';
  end if;
  if (s.kind <> 'service' and (s.doctor_status <> 1 or (s.kind = 'telemedicine' and not s.telemedicine_enabled)
                                 or (s.kind = 'outpatient' and not s.outpatient_enabled)))
     or (s.kind = 'service' and (s.service_status <> 1 or s.availability = 0)) then
    raise exception 'The slot is not available' using errcode = 'PT409';
  end if;
  buffer := case s.kind when 'outpatient' then s.buffer_time_outpatient when 'telemedicine' then s.buffer_time_telemedicine else s.service_buffer end;
  starts := (s.working_day + s.started) at time zone s.time_zone;
  if starts <= now() + make_interval(mins => buffer) then
    raise exception 'The slot is not available. Please select the time greater than %.', buffer using errcode = 'PT422';
  end if;

  perform public.expire_holds(p_slot_id);
  if (select ts.booked from public.time_slots ts where ts.id = p_slot_id) >= s.capacity then
    raise exception 'The slot is fully booked' using errcode = 'PT409';
  end if;

  if existing.id is not null then
    update public.bookings
       set status = 'hold', hold_expires_at = now() + make_interval(mins => least(60, greatest(1, coalesce(p_hold_minutes, 10)))), updated_at = now()
     where id = existing.id
    returning * into result;
    return result;
  end if;

  fee := case s.kind when 'outpatient' then s.doctor_price when 'telemedicine' then coalesce(s.telemedicine_fee, s.doctor_price) else s.service_price end;
  insert into public.bookings (booking_type, appointment_type, patient_user_id, family_member_id, doctor_id, service_id, hospital_id,
    slot_id, starts_at, status, hold_expires_at, payment_method, voucher_id, price, original_price, final_price, currency, contact_phone, note, idempotency_key)
  values (case when s.kind = 'service' then 'service' else 'doctor' end, s.kind, uid, p_family_member_id, s.doctor_id, s.service_id,
    s.hospital_id, p_slot_id, starts, 'hold', now() + make_interval(mins => least(60, greatest(1, coalesce(p_hold_minutes, 10)))),
    p_payment_method, p_voucher_id, fee, fee, fee, s.currency, p_contact_phone, p_note, p_idempotency_key)
  on conflict (idempotency_key) do nothing
  returning * into result;
  if result.id is null then
    select * into result from public.bookings where idempotency_key = p_idempotency_key;
    if result.patient_user_id <> uid then
      raise exception 'Idempotency key already used' using errcode = 'PT409';
    end if;
  end if;
  return result;
end $$;
comment on function public.book_slot(bigint, text, bigint, text, bigint, integer, text, text) is
  'Holds a slot for the caller: p_hold_minutes (default 10) is kept within 1..60.';
revoke execute on function public.book_slot(bigint, text, bigint, text, bigint, integer, text, text) from public, anon;
grant execute on function public.book_slot(bigint, text, bigint, text, bigint, integer, text, text) to authenticated, service_role;

-- ---- release: the patient leaves the booking page ----------------------------------------------------------
create or replace function public.release_hold(p_booking_id bigint) returns boolean
language plpgsql security definer set search_path = '' as $$
declare n integer;
begin
  if auth.uid() is null then
    raise exception 'Not signed in' using errcode = 'PT401';
  end if;
  -- Another patient's booking is unknown to the caller, as reading it is (404), never "not released".
  if not exists (select 1 from public.bookings where id = p_booking_id and patient_user_id = auth.uid()) then
    raise exception 'Unknown booking' using errcode = 'PT404';
  end if;
  update public.bookings set status = 'expired', hold_expires_at = least(hold_expires_at, now()), updated_at = now()
   where id = p_booking_id and patient_user_id = auth.uid() and status = 'hold'
     and not exists (select 1 from public.payments p where p.booking_id = p_booking_id and p.status = 'created');
  get diagnostics n = row_count;
  return n > 0;
end $$;

-- ---- online payments (server only) ---------------------------------------------------------------------
create table public.payments (
  id bigint generated always as identity primary key,
  booking_id bigint not null references public.bookings (id) on delete cascade,
  provider text not null,
  method text not null,
  provider_ref text not null,
  status text not null default 'created' check (status in ('created', 'paid', 'failed', 'expired', 'refunded')),
  amount numeric(14, 2) not null check (amount >= 0),
  currency char(3) not null,
  checkout_url text,
  expires_at timestamptz not null,
  settled_at timestamptz,
  created_at timestamptz not null default now(),
  unique (provider, provider_ref)
);
comment on table public.payments is 'One online payment attempt per booking hold (awaiting payment while status is created). Server only.';
create unique index payments_one_open_per_booking on public.payments (booking_id) where status = 'created';
alter table public.payments enable row level security;
revoke all on table public.payments from anon, authenticated, public;
grant select, insert, update on table public.payments to service_role;
-- A patient sees the state of their own bookings' payments (the booking page's "awaiting payment"), never the
-- provider's reference.
grant select (id, booking_id, method, status, amount, currency, checkout_url, expires_at, settled_at, created_at) on public.payments to authenticated;
create policy "Patients read payments of their own bookings" on public.payments for select to authenticated
  using (exists (select 1 from public.bookings b where b.id = booking_id and b.patient_user_id = (select auth.uid())));

-- Webhook deliveries seen (provider's event id), so a replay is recognised and answered without effect.
create table public.payment_events (
  provider text not null,
  event_id text not null,
  payment_id bigint references public.payments (id) on delete cascade,
  kind text not null,
  received_at timestamptz not null default now(),
  primary key (provider, event_id)
);
alter table public.payment_events enable row level security;
revoke all on table public.payment_events from anon, authenticated, public;
grant select, insert on table public.payment_events to service_role;
create policy "Only the server reads and writes payment events" on public.payment_events for all to service_role using (true) with check (true);

revoke execute on function public.release_hold(bigint) from public, anon, authenticated;
grant execute on function public.release_hold(bigint) to authenticated, service_role;

-- ---- confirm: everything re-checked under the booking's lock -----------------------------------------
-- In schema private (not exposed by Supabase's REST API): the server computes the price (src/lib rules) and
-- passes it; a patient calling this directly through the API could otherwise choose their own price.
grant usage on schema private to authenticated;
create or replace function private.confirm_hold(
  p_booking_id bigint,
  p_family_member_id bigint,
  p_contact_phone text,
  p_note text,
  p_payment_method text,
  p_voucher_id bigint,
  p_pricing jsonb,
  p_awaiting_payment boolean,
  p_payment_minutes integer default 15
) returns public.bookings
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := auth.uid();
  b public.bookings;
  buffer integer;
begin
  if uid is null then
    raise exception 'Not signed in' using errcode = 'PT401';
  end if;
  select * into b from public.bookings where id = p_booking_id and patient_user_id = uid for update;
  if not found then
    raise exception 'Unknown booking' using errcode = 'PT404';
  end if;
  if b.status = 'confirmed' or (b.status = 'hold' and b.hold_expires_at > now() and exists (
        select 1 from public.payments p where p.booking_id = b.id and p.status = 'created')) then
    return b; -- the same confirmation again (a retry, a double click): the same booking
  end if;
  if b.status <> 'hold' or b.hold_expires_at <= now() then
    raise exception 'The hold on this slot has expired. Please pick the slot again.' using errcode = 'PT409';
  end if;
  if not exists (select 1 from public.patients p where p.user_id = uid and public.patient_is_onboarded(p)) then
    raise exception 'The patient has not completed onboarding' using errcode = 'PT403';
  end if;
  if p_family_member_id is not null
     and not exists (select 1 from public.family_members f where f.id = p_family_member_id and f.patient_user_id = uid) then
    raise exception 'Unknown family member' using errcode = 'PT422';
  end if;
  select case b.appointment_type when 'outpatient' then d.buffer_time_outpatient when 'telemedicine' then d.buffer_time_telemedicine else sv.buffer_time end
    into buffer
    from (select 1) x
    left join public.doctors d on d.id = b.doctor_id
    left join public.hospital_services sv on sv.id = b.service_id;
  if b.starts_at <= now() + make_interval(mins => coalesce(buffer, 0)) then
    raise exception 'The slot is not available. Please select the time greater than %.', coalesce(buffer, 0) using errcode = 'PT422';
  end if;
  update public.bookings
     set family_member_id = p_family_member_id,
         contact_phone = p_contact_phone,
         note = p_note,
         payment_method = p_payment_method,
         voucher_id = p_voucher_id,
         price = (p_pricing ->> 'final_price')::numeric,
         original_price = (p_pricing ->> 'original_price')::numeric,
         final_price = (p_pricing ->> 'final_price')::numeric,
         voucher_discount_value = coalesce((p_pricing ->> 'voucher_discount_value')::numeric, 0),
         referral_discount_value = coalesce((p_pricing ->> 'referral_discount_value')::numeric, 0),
         tax_amount = coalesce((p_pricing ->> 'tax_amount')::numeric, 0),
         tax_unit = coalesce(p_pricing ->> 'tax_unit', '%'),
         tax_computed = coalesce((p_pricing ->> 'tax_computed')::numeric, 0),
         status = case when p_awaiting_payment then 'hold' else 'confirmed' end,
         -- Extended once while an online payment is in progress, never past an hour after the hold began.
         hold_expires_at = case when p_awaiting_payment
                                then greatest(hold_expires_at, least(now() + make_interval(mins => greatest(1, p_payment_minutes)), created_at + interval '60 minutes'))
                           end,
         updated_at = now()
   where id = p_booking_id
  returning * into b;
  return b;
end $$;
revoke execute on function private.confirm_hold(bigint, bigint, text, text, text, bigint, jsonb, boolean, integer) from public, anon, authenticated;
grant execute on function private.confirm_hold(bigint, bigint, text, text, text, bigint, jsonb, boolean, integer) to authenticated, service_role;

-- ---- payment settlement (the provider's webhook; server only) -----------------------------------------------
-- 'confirmed': paid while the hold was alive. 'refund': paid too late (the hold expired or was released): the
-- money goes back, the slot stays free. 'released': the payment failed or expired: the hold ends now.
-- 'ignored': the payment was already settled (a replayed webhook).
create or replace function private.settle_payment(p_payment_id bigint, p_paid boolean) returns text
language plpgsql security definer set search_path = '' as $$
declare
  p public.payments;
  b public.bookings;
begin
  select * into p from public.payments where id = p_payment_id for update;
  if not found then
    raise exception 'Unknown payment' using errcode = 'PT404';
  end if;
  if p.status <> 'created' then
    return 'ignored';
  end if;
  select * into b from public.bookings where id = p.booking_id for update;
  if p_paid then
    if b.status = 'hold' and b.hold_expires_at > now() then
      update public.bookings set status = 'confirmed', hold_expires_at = null, updated_at = now() where id = b.id;
      update public.payments set status = 'paid', settled_at = now() where id = p.id;
      return 'confirmed';
    end if;
    update public.payments set status = 'refunded', settled_at = now() where id = p.id;
    return 'refund';
  end if;
  update public.payments set status = case when p.expires_at <= now() then 'expired' else 'failed' end, settled_at = now() where id = p.id;
  update public.bookings set status = 'expired', hold_expires_at = least(hold_expires_at, now()), updated_at = now()
   where id = b.id and status = 'hold';
  return 'released';
end $$;
revoke execute on function private.settle_payment(bigint, boolean) from public, anon, authenticated;
grant execute on function private.settle_payment(bigint, boolean) to service_role;

-- ---- baby-formula validation: errors the API maps (PT4xx) instead of its own codes ---------------------------
create or replace function public.baby_formula_eligibility(p_doctor_id bigint) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  uid uuid := auth.uid();
  country smallint;
  flagged boolean;
  phone text;
begin
  if uid is null then
    raise exception 'Not signed in' using errcode = 'PT401';
  end if;
  select d.country_id, d.baby_formula_campaign into country, flagged from public.doctors d where d.id = p_doctor_id and d.status = 1;
  if not found then
    raise exception 'There is no such doctor.' using errcode = 'PT404';
  end if;
  if not flagged then
    raise exception 'This doctor is not part of the campaign.' using errcode = 'PT422';
  end if;
  select p.phone into phone from public.patients p where p.user_id = uid;
  if phone is null then
    return jsonb_build_object('valid', false, 'invalidreason', 5, 'loyalty', null);
  end if;
  return public.campaign_eligibility('baby-formula', country, phone);
end $$;
revoke execute on function public.baby_formula_eligibility(bigint) from public, anon;
grant execute on function public.baby_formula_eligibility(bigint) to authenticated, service_role;
