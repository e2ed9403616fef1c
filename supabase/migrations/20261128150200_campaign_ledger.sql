-- The usage ledger of a campaign number (issue #39 item 2, SPEC §3 loyalty: booking, date, completed,
-- cancellations) kept by the bookings themselves: a telemedicine booking of a baby-formula doctor by a patient whose
-- verified phone is on the market's active baby-formula list ties the number to the booking once it is pending or
-- confirmed (reason 3 while upcoming), marks it completed when the visit is (reason 4), and a cancellation frees it
-- and counts (reason 2 at the campaign's maximum). public.campaign_eligibility reads exactly these columns. Holds
-- (not yet confirmed) and payments that expire leave no count.
create or replace function public.bookings_campaign_ledger() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_country smallint;
  flagged boolean;
  v_phone text;
  cp public.campaign_phones;
  was_active boolean := tg_op = 'UPDATE' and old.status in ('pending', 'confirmed');
  now_active boolean := new.status in ('pending', 'confirmed');
begin
  if new.booking_type <> 'doctor' or new.appointment_type <> 'telemedicine' or new.doctor_id is null then return null; end if;
  if tg_op = 'UPDATE' and old.status = new.status and old.starts_at = new.starts_at then return null; end if;
  select d.country_id, d.baby_formula_campaign into v_country, flagged from public.doctors d where d.id = new.doctor_id;
  if not coalesce(flagged, false) then return null; end if;
  select p.phone into v_phone from public.patients p where p.user_id = new.patient_user_id and p.phone_verified_at is not null;
  if v_phone is null then return null; end if;
  select x.* into cp from public.campaign_phones x join public.campaigns c on c.id = x.campaign_id
   where c.code = 'baby-formula' and c.country_id = v_country and c.is_active
     and public.national_phone(x.phone, v_country) = public.national_phone(v_phone, v_country)
   order by x.id limit 1;
  if cp.id is null then return null; end if;
  if now_active and (not was_active or cp.booking_id = new.id) then
    update public.campaign_phones set booking_id = new.id, booking_datetime = new.starts_at where id = cp.id;
  elsif new.status = 'completed' and (cp.booking_id is null or cp.booking_id = new.id) then
    update public.campaign_phones set booking_id = new.id, booking_datetime = new.starts_at, completed = true where id = cp.id;
  elsif was_active and cp.booking_id = new.id and new.status in ('cancelled', 'expired') then
    update public.campaign_phones
       set booking_id = null, booking_datetime = null, cancellations = cancellations + case when new.status = 'cancelled' then 1 else 0 end
     where id = cp.id;
  end if;
  return null;
end $$;
create trigger bookings_campaign_ledger after insert or update of status, starts_at on public.bookings
  for each row execute function public.bookings_campaign_ledger();
revoke execute on function public.bookings_campaign_ledger() from public, anon, authenticated;
