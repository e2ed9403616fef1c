-- Campaign phone lists are kept in national format (0901 000 001) while phones verified through Supabase Auth
-- are E.164 (+84901000001): the eligibility check compares both by their national number.

create or replace function public.national_phone(p_phone text, p_country_id smallint) returns text
language sql immutable set search_path = '' as $$
  select case when d like '+%' and cc is not null and substr(d, 2) like cc || '%' then '0' || substr(d, 2 + length(cc)) else replace(d, '+', '') end
    from (select regexp_replace(coalesce(p_phone, ''), '[^0-9+]', '', 'g') as d,
                 case p_country_id when 1 then '84' when 2 then '63' when 3 then '62' when 4 then '886' when 5 then '60' when 6 then '66' end as cc) x
$$;
comment on function public.national_phone(text, smallint) is 'A phone number of the country (countries.id) in national format: +84 901 000 001 and 0901-000-001 both give 0901000001.';

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
    select * into p from public.campaign_phones where campaign_id = c.id and public.national_phone(phone, p_country_id) = public.national_phone(p_phone, p_country_id);
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
