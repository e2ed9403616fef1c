-- Staff password resets (SPEC §7 forgot password; the users screen's Reset password, issue #27). A reset is a
-- random token e-mailed as a link; only its SHA-256 is kept, in GoTrue's own recovery columns of auth.users
-- (recovery_token, recovery_sent_at: no new table, nothing an API role can read), it lasts an hour and works once.

-- Issues a reset for the active staff account of an e-mail (p_user null) or of a user the caller manages; returns
-- the e-mail to write to, or null when there is no such account (the caller answers the same either way).
create or replace function public.admin_issue_password_reset(p_token_hash text, p_email text, p_user uuid) returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  target public.admin_users;
begin
  if p_user is null then
    select * into target from public.admin_users a where lower(a.email) = lower(trim(p_email)) and a.is_active;
  else
    -- A manager's reset: the caller must be allowed to see the account (platform admins, its organization manager).
    select * into target from public.admin_users a where a.user_id = p_user and a.is_active
      and a.user_id <> auth.uid()
      and (public.is_platform_admin() or (public.staff_role() = 'facility' and a.organization_id = public.staff_organization_id() and a.role <> 'facility'));
  end if;
  if target.user_id is null then return null; end if;
  update auth.users set recovery_token = 'care:' || p_token_hash, recovery_sent_at = now() where id = target.user_id;
  return target.email;
end
$$;

-- Sets the password of a valid, unused reset and uses it up; false when the link is unknown, used or expired.
create or replace function public.admin_consume_password_reset(p_token_hash text, p_password text) returns boolean
language plpgsql volatile security definer set search_path = '' as $$
declare
  uid uuid;
begin
  update auth.users u set encrypted_password = extensions.crypt(p_password, extensions.gen_salt('bf', 10)),
         email_confirmed_at = coalesce(u.email_confirmed_at, now()), updated_at = now(), recovery_token = null, recovery_sent_at = null
   where u.recovery_token = 'care:' || p_token_hash and u.recovery_sent_at > now() - interval '1 hour'
     and exists (select 1 from public.admin_users a where a.user_id = u.id and a.is_active)
  returning u.id into uid;
  return uid is not null;
end
$$;

-- Server-only: the functions (functions/admin-password.ts) call both as their own login role, after rate limits
-- and with tokens they generate. Granted to an API role, anyone could call them through the REST API with a token
-- of their own choosing and set any staff member's password.
revoke execute on function public.admin_issue_password_reset(text, text, uuid) from public, anon, authenticated;
revoke execute on function public.admin_consume_password_reset(text, text) from public, anon, authenticated;
