-- Care onboarding (SPEC §5): a patient's phone, phone_verified_at, e-mail and email_verified_at are what Supabase
-- Auth confirmed, never what the patient typed. RLS lets patients insert and update their own public.patients
-- row (PUT /api/me/profile, or the REST API directly); this trigger decides those four columns on such writes:
--   * the auth user has a confirmed phone  -> phone = '+' || its digits (E.164), phone_verified_at = when confirmed;
--   * otherwise, on update, the stored values stay; on insert there is no phone.
--   (the same for the e-mail)
-- The server (table owner), the service role and platform admins are not constrained (seed, admin edits, imports).

create or replace function public.patients_verified_contact() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  u record;
begin
  if coalesce(current_setting('role', true), 'none') not in ('anon', 'authenticated') or public.is_platform_admin() then
    return new;
  end if;
  select a.phone, a.phone_confirmed_at, a.email, a.email_confirmed_at into u from auth.users a where a.id = new.user_id;
  if u.phone_confirmed_at is not null and coalesce(u.phone, '') <> '' then
    new.phone := '+' || regexp_replace(u.phone, '\D', '', 'g');
    new.phone_verified_at := u.phone_confirmed_at;
  elsif tg_op = 'UPDATE' then
    new.phone := old.phone;
    new.phone_verified_at := old.phone_verified_at;
  else
    new.phone := null;
    new.phone_verified_at := null;
  end if;
  if u.email_confirmed_at is not null and coalesce(u.email, '') <> '' then
    new.email := lower(u.email);
    new.email_verified_at := u.email_confirmed_at;
  elsif tg_op = 'UPDATE' then
    new.email := old.email;
    new.email_verified_at := old.email_verified_at;
  else
    new.email := null;
    new.email_verified_at := null;
  end if;
  return new;
end $$;
revoke execute on function public.patients_verified_contact() from public, anon, authenticated;

create trigger patients_verified_contact before insert or update on public.patients
  for each row execute function public.patients_verified_contact();
