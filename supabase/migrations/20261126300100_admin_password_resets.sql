-- Staff password resets (SPEC §7 forgot password; the users screen's Reset password, issue #27). A reset is a
-- random token e-mailed as a link; only its SHA-256 is kept, it lasts an hour and works once. Server-only table.

create table public.admin_password_resets (
  token_hash text primary key,
  user_id uuid not null references public.admin_users (user_id) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index admin_password_resets_user_idx on public.admin_password_resets (user_id);
alter table public.admin_password_resets enable row level security;
revoke all on table public.admin_password_resets from anon, authenticated, public;

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
  insert into public.admin_password_resets (token_hash, user_id, expires_at) values (p_token_hash, target.user_id, now() + interval '1 hour');
  return target.email;
end
$$;

-- Sets the password of a valid, unused reset and uses it up; false when the link is unknown, used or expired.
create or replace function public.admin_consume_password_reset(p_token_hash text, p_password text) returns boolean
language plpgsql volatile security definer set search_path = '' as $$
declare
  uid uuid;
begin
  update public.admin_password_resets set used_at = now()
   where token_hash = p_token_hash and used_at is null and expires_at > now()
  returning user_id into uid;
  if uid is null then return false; end if;
  update auth.users set encrypted_password = extensions.crypt(p_password, extensions.gen_salt('bf', 10)),
         email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
   where id = uid;
  return true;
end
$$;

revoke execute on function public.admin_issue_password_reset(text, text, uuid) from public, anon, authenticated;
revoke execute on function public.admin_consume_password_reset(text, text) from public, anon, authenticated;
grant execute on function public.admin_issue_password_reset(text, text, uuid) to anon, authenticated;
grant execute on function public.admin_consume_password_reset(text, text) to anon, authenticated;
