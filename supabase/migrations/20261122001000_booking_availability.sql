-- Availability as patients see it (issue #6). time_slots.booked counts holds until expire_holds() runs, so a
-- hold past its expiry still counts there; the schedule calls subtract those without writing (they run as
-- anon, who may not read bookings). Only counts leave this function, never a booking row.
create or replace function public.slot_taken(p_slot_id bigint, p_booked smallint) returns integer
language sql stable security definer set search_path = '' as $$
  select case when p_booked = 0 then 0 else p_booked - (
    select count(*)::int from public.bookings b
     where b.slot_id = p_slot_id and b.status = 'hold' and b.hold_expires_at <= now()
  ) end
$$;
revoke execute on function public.slot_taken(bigint, smallint) from public;
grant execute on function public.slot_taken(bigint, smallint) to anon, authenticated, service_role;

-- Baby-formula campaign check of the calling patient (SPEC §7): the patient's own phone against the campaign
-- of the doctor's country. Runs as the patient; reads only their own phone.
create or replace function public.baby_formula_eligibility(p_doctor_id bigint) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  uid uuid := auth.uid();
  country smallint;
  flagged boolean;
  phone text;
begin
  if uid is null then
    raise exception 'Not signed in' using errcode = 'CA401';
  end if;
  select d.country_id, d.baby_formula_campaign into country, flagged from public.doctors d where d.id = p_doctor_id and d.status = 1;
  if not found then
    raise exception 'There is no such doctor.' using errcode = 'CA404';
  end if;
  if not flagged then
    raise exception 'This doctor is not part of the campaign.' using errcode = 'CA422';
  end if;
  select p.phone into phone from public.patients p where p.user_id = uid;
  if phone is null then
    return jsonb_build_object('valid', false, 'invalidreason', 5, 'loyalty', null);
  end if;
  return public.campaign_eligibility('baby-formula', country, phone);
end $$;
revoke execute on function public.baby_formula_eligibility(bigint) from public, anon;
grant execute on function public.baby_formula_eligibility(bigint) to authenticated, service_role;
