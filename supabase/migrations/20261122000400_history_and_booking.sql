-- updated_at triggers, the data history (audit log), the directory change log read by rebuilds,
-- slot occupancy (no booking beyond capacity), booking and campaign-eligibility functions.

-- updated_at on every table that has the column.
do $$
declare t text;
begin
  for t in
    select c.table_name from information_schema.columns c
    join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name and tb.table_type = 'BASE TABLE'
    where c.table_schema = 'public' and c.column_name = 'updated_at'
  loop
    execute format('create trigger %I before update on public.%I for each row execute function public.set_updated_at()', t || '_updated_at', t);
  end loop;
end $$;

-- Data history: who, when, table, row, before/after. Written by triggers only.
create table public.data_history (
  id bigint generated always as identity primary key,
  occurred_at timestamptz not null default now(),
  actor_id uuid,
  actor_role text,
  db_role text not null default current_user,
  table_name text not null,
  row_id text not null,
  action text not null check (action in ('INSERT', 'UPDATE', 'DELETE')),
  before jsonb,
  after jsonb
);
create index data_history_table_row_idx on public.data_history (table_name, row_id, occurred_at desc);
create index data_history_occurred_idx on public.data_history (occurred_at desc);
create index data_history_actor_idx on public.data_history (actor_id, occurred_at desc);

-- Directory change log: every change to public directory data; the rebuild job reads ids above its mark.
create table public.directory_changes (
  id bigint generated always as identity primary key,
  changed_at timestamptz not null default now(),
  entity text not null,
  entity_id bigint,
  country_id smallint,
  action text not null check (action in ('INSERT', 'UPDATE', 'DELETE', 'RESEED'))
);
create index directory_changes_changed_idx on public.directory_changes (changed_at);

-- Bulk loads (the seed) may switch the logs off for their own transaction; API roles cannot.
create or replace function public.history_is_off() returns boolean
language sql stable set search_path = '' as $$
  -- current_setting('role') is the API role even inside security definer functions (current_user is not).
  select coalesce(current_setting('care.history', true), '') = 'off'
     and coalesce(current_setting('role', true), 'none') not in ('anon', 'authenticated')
     and coalesce(auth.role(), '') not in ('anon', 'authenticated')
$$;

create or replace function public.record_data_history() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  old_j jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  new_j jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  row_key text;
  staff_role text;
begin
  if public.history_is_off() then return null; end if;
  if tg_op = 'UPDATE' and (old_j - 'updated_at') = (new_j - 'updated_at') then return null; end if;
  row_key := coalesce(new_j, old_j) ->> coalesce(tg_argv[0], 'id');
  if row_key is null then row_key := coalesce(new_j, old_j)::text; end if;
  select a.role into staff_role from public.admin_users a where a.user_id = auth.uid();
  insert into public.data_history (actor_id, actor_role, db_role, table_name, row_id, action, before, after)
  values (auth.uid(), coalesce(staff_role, auth.role()), session_user, tg_table_name, row_key, tg_op, old_j, new_j);
  return null;
end $$;

create or replace function public.record_directory_change() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  r jsonb := to_jsonb(coalesce(new, old));
begin
  if public.history_is_off() then return null; end if;
  insert into public.directory_changes (entity, entity_id, country_id, action)
  values (tg_table_name, (r ->> coalesce(tg_argv[0], 'id'))::bigint, (r ->> 'country_id')::smallint, tg_op);
  return null;
end $$;

do $$
declare t text;
begin
  -- Audited: everything staff and patients edit (time slots change through bookings and schedules).
  foreach t in array array['organizations', 'hospitals', 'specialties', 'hospital_specialties', 'insurances', 'hospital_insurances',
    'payment_methods', 'hospital_payment_methods', 'clients', 'doctor_tiers', 'doctor_academies', 'admin_users', 'admin_user_branches',
    'patients', 'family_members', 'expertise', 'doctors', 'doctor_specialties', 'doctor_expertise', 'doctor_services', 'service_categories',
    'hospital_services', 'vaccines', 'vaccine_details', 'schedules', 'vouchers', 'voucher_targets', 'bookings', 'reviews', 'campaigns',
    'campaign_phones', 'articles', 'homepage_blocks', 'website_nav', 'popular_search_keys', 'imports'] loop
    execute format('create trigger %I after insert or update or delete on public.%I for each row execute function public.record_data_history(%L)',
      t || '_data_history', t,
      case t when 'admin_users' then 'user_id' when 'patients' then 'user_id' when 'admin_user_branches' then 'user_id'
        when 'hospital_specialties' then 'hospital_id' when 'hospital_insurances' then 'hospital_id' when 'hospital_payment_methods' then 'hospital_id'
        when 'doctor_specialties' then 'doctor_id' when 'doctor_expertise' then 'doctor_id' else 'id' end);
  end loop;
  -- Directory data the static pages are built from.
  foreach t in array array['organizations', 'hospitals', 'specialties', 'doctors', 'doctor_services', 'hospital_services', 'vaccines',
    'vaccine_details', 'reviews', 'service_categories', 'homepage_blocks', 'website_nav', 'popular_search_keys', 'articles', 'vouchers'] loop
    execute format('create trigger %I after insert or update or delete on public.%I for each row execute function public.record_directory_change()',
      t || '_directory_change', t);
  end loop;
end $$;

-- ---- slot occupancy ------------------------------------------------------------------------------------
-- A booking occupies its slot while hold (not yet expired), pending, confirmed or completed. The counter
-- time_slots.booked is kept by this trigger under the slot's row lock, and its check constraint
-- (booked between 0 and capacity) makes a booking beyond capacity impossible whichever path writes it.
create or replace function public.booking_occupies(status text) returns boolean
language sql immutable set search_path = '' as $$
  select status in ('hold', 'pending', 'confirmed', 'completed')
$$;

create or replace function public.bookings_keep_slot_count() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  was boolean := tg_op <> 'INSERT' and public.booking_occupies(old.status);
  now_ boolean := tg_op <> 'DELETE' and public.booking_occupies(new.status);
begin
  if tg_op = 'UPDATE' and was and now_ and old.slot_id <> new.slot_id then
    update public.time_slots set booked = booked - 1 where id = old.slot_id;
    update public.time_slots set booked = booked + 1 where id = new.slot_id;
  elsif was and not now_ then
    update public.time_slots set booked = booked - 1 where id = old.slot_id;
  elsif now_ and not was then
    update public.time_slots set booked = booked + 1 where id = new.slot_id;
  end if;
  return null;
exception when check_violation then
  raise exception 'The slot is fully booked' using errcode = 'PT409', detail = 'slot ' || coalesce(new.slot_id, old.slot_id);
end $$;
create trigger bookings_keep_slot_count after insert or update of status, slot_id or delete on public.bookings
  for each row execute function public.bookings_keep_slot_count();

-- Holds past their expiry free their slot (called by book_slot for the slot it books, and by a schedule).
create or replace function public.expire_holds(p_slot_id bigint default null) returns integer
language plpgsql security definer set search_path = '' as $$
declare n integer;
begin
  update public.bookings set status = 'expired'
   where status = 'hold' and hold_expires_at <= now() and (p_slot_id is null or slot_id = p_slot_id);
  get diagnostics n = row_count;
  return n;
end $$;
revoke execute on function public.expire_holds(bigint) from public, anon, authenticated;

-- Onboarded (SPEC §5): name, phone, phone_verified_at, birthday and a numeric gender.
create or replace function public.patient_is_onboarded(p public.patients) returns boolean
language sql immutable set search_path = '' as $$
  select p.name is not null and p.phone is not null and p.phone_verified_at is not null and p.birthday is not null and p.gender is not null
$$;

/*
 * Books a slot for the calling patient (auth.uid()) or one of their family members.
 * Takes the slot's row lock, frees expired holds on it, refuses a slot that is too soon (start within the
 * doctor's or service's buffer time, in the hospital's zone) or full (SQLSTATE PT409), and is idempotent:
 * the same key returns the same booking (to the same patient only).
 */
create or replace function public.book_slot(
  p_slot_id bigint,
  p_idempotency_key text,
  p_family_member_id bigint default null,
  p_payment_method text default null,
  p_voucher_id bigint default null,
  p_hold_minutes integer default 15,
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
    return existing;
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

  insert into public.bookings (booking_type, appointment_type, patient_user_id, family_member_id, doctor_id, service_id, hospital_id,
    slot_id, starts_at, status, hold_expires_at, payment_method, voucher_id, price, original_price, final_price, currency, contact_phone, note, idempotency_key)
  values (case when s.kind = 'service' then 'service' else 'doctor' end, s.kind, uid, p_family_member_id, s.doctor_id, s.service_id,
    s.hospital_id, p_slot_id, starts, 'hold', now() + make_interval(mins => greatest(1, p_hold_minutes)), p_payment_method, p_voucher_id,
    case s.kind when 'outpatient' then s.doctor_price when 'telemedicine' then coalesce(s.telemedicine_fee, s.doctor_price) else s.service_price end,
    case s.kind when 'outpatient' then s.doctor_price when 'telemedicine' then coalesce(s.telemedicine_fee, s.doctor_price) else s.service_price end,
    case s.kind when 'outpatient' then s.doctor_price when 'telemedicine' then coalesce(s.telemedicine_fee, s.doctor_price) else s.service_price end,
    s.currency, p_contact_phone, p_note, p_idempotency_key)
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
revoke execute on function public.book_slot(bigint, text, bigint, text, bigint, integer, text, text) from public, anon;
grant execute on function public.book_slot(bigint, text, bigint, text, bigint, integer, text, text) to authenticated, service_role;

/*
 * Baby-formula campaign eligibility of a phone number (SPEC §8): valid, or invalidreason
 * 1 expired (loyalty tells whether completed and when), 2 cancelled too often, 3 used in an upcoming
 * booking, 4 used in a completed booking, 5 not eligible.
 * A signed-in patient can only ask about their own (verified) phone number: p_phone is ignored for them, so
 * nobody can probe other people's numbers. Platform admins and the server (service role, owner) may ask
 * about any number. Not executable by anon.
 */
create or replace function public.campaign_eligibility(p_campaign_code text, p_country_id smallint, p_phone text)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  c public.campaigns;
  p public.campaign_phones;
  loyalty jsonb;
begin
  if coalesce(current_setting('role', true), 'none') in ('anon', 'authenticated') and not public.is_platform_admin() then
    select pt.phone into p_phone from public.patients pt where pt.user_id = auth.uid() and pt.phone_verified_at is not null;
    if p_phone is null then
      return jsonb_build_object('valid', false, 'invalidreason', 5, 'loyalty', null);
    end if;
  end if;
  select * into c from public.campaigns where code = p_campaign_code and country_id = p_country_id and is_active;
  if found then
    select * into p from public.campaign_phones where campaign_id = c.id and phone = regexp_replace(p_phone, '[^0-9+]', '', 'g');
  end if;
  if c.id is null or p.id is null then
    return jsonb_build_object('valid', false, 'invalidreason', 5, 'loyalty', null);
  end if;
  loyalty := jsonb_build_object('expired_date', p.expired_date, 'completed', p.completed, 'booking_datetime', p.booking_datetime);
  if p.expired_date < current_date then
    return jsonb_build_object('valid', false, 'invalidreason', 1, 'loyalty', loyalty);
  elsif p.cancellations >= c.max_cancellations then
    return jsonb_build_object('valid', false, 'invalidreason', 2, 'loyalty', loyalty);
  elsif p.completed then
    return jsonb_build_object('valid', false, 'invalidreason', 4, 'loyalty', loyalty);
  elsif p.booking_datetime is not null and p.booking_datetime > now() then
    return jsonb_build_object('valid', false, 'invalidreason', 3, 'loyalty', loyalty);
  end if;
  return jsonb_build_object('valid', true, 'invalidreason', null, 'loyalty', loyalty);
end $$;
revoke execute on function public.campaign_eligibility(text, smallint, text) from public, anon;
grant execute on function public.campaign_eligibility(text, smallint, text) to authenticated, service_role;

/*
 * Confirms the calling patient's held booking (the booking page's last step): a hold that has not expired
 * becomes confirmed (pending while an online payment is awaited). Refuses other patients' bookings (PT404)
 * and expired or already settled holds (PT409).
 */
create or replace function public.confirm_booking(p_booking_id bigint, p_payment_method text default 'cash', p_awaiting_payment boolean default false)
returns public.bookings
language plpgsql security definer set search_path = '' as $$
declare
  b public.bookings;
begin
  if auth.uid() is null then
    raise exception 'Not signed in' using errcode = 'PT401';
  end if;
  select * into b from public.bookings where id = p_booking_id and patient_user_id = auth.uid() for update;
  if not found then
    raise exception 'Unknown booking' using errcode = 'PT404';
  end if;
  if b.status in ('pending', 'confirmed') and b.payment_method is not distinct from p_payment_method then
    return b; -- retried confirmation
  end if;
  if b.status <> 'hold' or b.hold_expires_at <= now() then
    raise exception 'The hold on this slot has expired' using errcode = 'PT409';
  end if;
  update public.bookings
     set status = case when p_awaiting_payment then 'pending' else 'confirmed' end,
         payment_method = p_payment_method,
         hold_expires_at = case when p_awaiting_payment then hold_expires_at end
   where id = p_booking_id
  returning * into b;
  return b;
end $$;
revoke execute on function public.confirm_booking(bigint, text, boolean) from public, anon;
grant execute on function public.confirm_booking(bigint, text, boolean) to authenticated, service_role;
