-- Admin campaigns (issue #39 item 2, SPEC §2 /admin/campaign, admin only). Campaigns and their eligible phone
-- numbers are written by platform admins with plain inserts and updates: the policies "Platform admins manage
-- campaigns" / "... campaign phone numbers" (is_platform_admin()) refuse everyone else, which is all the API refuses
-- (its calls are admin-only). Numbers are stored normalised to the market's national format (src/lib/campaign-phones.ts
-- before the insert; the eligibility check compares through public.national_phone), so the list holds digits only.
alter table public.campaign_phones add constraint campaign_phones_phone_digits check (phone ~ '^[0-9]{6,15}$');
create index campaign_phones_campaign_idx on public.campaign_phones (campaign_id, phone);

-- The doctors of the baby-formula campaign are the doctors flagged baby_formula_campaign (SPEC §3) in the
-- campaign's market; the booking flow checks them against the campaign with that code. Adding or removing a doctor:
-- platform admins only, a doctor of the campaign's market, and only for the baby-formula campaign.
create or replace function public.admin_set_campaign_doctor(p_campaign_id bigint, p_doctor_id bigint, p_in boolean) returns boolean
language plpgsql security definer set search_path = '' as $$
declare
  c public.campaigns;
begin
  if not coalesce(public.is_platform_admin(), false) then
    raise exception 'There is no such campaign.' using errcode = 'PT404';
  end if;
  select * into c from public.campaigns where id = p_campaign_id;
  if not found then
    raise exception 'There is no such campaign.' using errcode = 'PT404';
  end if;
  if c.code <> 'baby-formula' then
    raise exception 'Only the baby-formula campaign has doctors.' using errcode = 'PT422';
  end if;
  if p_in is null then
    raise exception 'This field is required' using errcode = 'PT422';
  end if;
  update public.doctors set baby_formula_campaign = p_in where id = p_doctor_id and country_id = c.country_id and baby_formula_campaign is distinct from p_in;
  if not exists (select 1 from public.doctors where id = p_doctor_id and country_id = c.country_id) then
    raise exception 'There is no such doctor.' using errcode = 'PT404';
  end if;
  return p_in;
end $$;
revoke execute on function public.admin_set_campaign_doctor(bigint, bigint, boolean) from public, anon, authenticated;
grant execute on function public.admin_set_campaign_doctor(bigint, bigint, boolean) to authenticated;
