-- Issue 34, finding 10: the booking API's edges, fixed where the rule lives.
-- 1. book_slot: retries with one idempotency key are serialised (an advisory lock on the key), so a concurrent retry
--    returns the same booking instead of 'The slot is fully booked'; and a patient holds at most one place of a slot
--    at a time (another attempt gets the hold it already has).
-- 2. rate_limit_hit: refused attempts are not counted, so a window ends when it says it does.

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
  -- Retries of one attempt (a double tap, a network retry) wait for each other here, so the second finds the first's
  -- booking instead of meeting its own slot taken (409 'fully booked' to the patient who holds it).
  perform pg_advisory_xact_lock(hashtextextended('book_slot:' || p_idempotency_key, 0));
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
  -- One live hold per patient and slot: another attempt (a second tab, a new key) gets the hold it already has, so
  -- one account cannot hold every place of a slot.
  if existing.id is null then
    select * into result from public.bookings b
     where b.slot_id = p_slot_id and b.patient_user_id = uid and b.status = 'hold' and b.hold_expires_at > now()
     order by b.id limit 1;
    if result.id is not null then
      return result;
    end if;
  end if;
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

create or replace function private.rate_limit_hit(p_bucket text, p_key_hash text, p_limit integer, p_window_seconds integer)
returns table (allowed boolean, hits integer, retry_after integer)
language plpgsql security definer set search_path = '' as $$
declare
  v_now timestamptz := clock_timestamp();
  v_start timestamptz;
  v_hits integer;
  v_prev integer;
  v_elapsed double precision;  -- share of the current window gone, 0..1
  v_estimate double precision;
  v_wait double precision;
begin
  if p_limit is null or p_limit < 1 or p_window_seconds is null or p_window_seconds < 1 then
    raise exception 'rate limit and window must be positive' using errcode = 'invalid_parameter_value';
  end if;
  v_start := to_timestamp(floor(extract(epoch from v_now) / p_window_seconds) * p_window_seconds);
  insert into private.rate_limits as r (bucket, key_hash, window_start, hits)
  values (p_bucket, p_key_hash, v_start, 1)
  on conflict (bucket, key_hash, window_start) do update set hits = r.hits + 1
  returning r.hits into v_hits;
  select r.hits into v_prev from private.rate_limits r
   where r.bucket = p_bucket and r.key_hash = p_key_hash and r.window_start = v_start - make_interval(secs => p_window_seconds);
  v_prev := coalesce(v_prev, 0);
  v_elapsed := extract(epoch from (v_now - v_start)) / p_window_seconds;
  v_estimate := v_prev * (1 - v_elapsed) + v_hits;
  if random() < 0.01 then
    delete from private.rate_limits where window_start < v_now - interval '2 days';
  end if;
  if v_estimate <= p_limit then
    return query select true, v_hits, 0;
    return;
  end if;
  -- When the estimate is back within the limit: inside this window while the previous one's share fades, else
  -- in the next window, once this window's hits have faded enough.
  if v_hits <= p_limit and v_prev > 0 then
    v_wait := ((1 - (p_limit - v_hits)::double precision / v_prev) - v_elapsed) * p_window_seconds;
  else
    v_wait := (1 - v_elapsed) * p_window_seconds + (1 - p_limit::double precision / v_hits) * p_window_seconds;
  end if;
  -- A refused attempt is not counted: counting it let a client that kept trying stretch a 10-minute window to 19.
  update private.rate_limits r set hits = r.hits - 1 where r.bucket = p_bucket and r.key_hash = p_key_hash and r.window_start = v_start;
  return query select false, v_hits, greatest(1, ceil(v_wait))::integer;
end $$;
