-- Staff accounts made and changed from the admin users screen (issue #27). A staff member grants only roles below
-- their own (super > admin > facility > senior_branch > branch), inside their own organization (platform admins:
-- any), on branches they manage, and only to staff accounts: an e-mail that belongs to a patient is refused (the
-- table's insert policy alone let an organization manager turn any patient into staff of theirs).
-- The rule's TypeScript twin is src/lib/admin-users.ts grantRefusal (the function checks both).

create or replace function public.staff_rank(p_role text) returns int
language sql immutable set search_path = '' as $$
  select case p_role when 'super' then 5 when 'admin' then 4 when 'facility' then 3 when 'senior_branch' then 2 when 'branch' then 1 when 'doctor' then 1 else 0 end
$$;

-- Raises unless the caller may give p_role on p_org with p_branches.
create or replace function public.assert_staff_grant(p_role text, p_org bigint, p_branches bigint[]) returns void
language plpgsql stable security definer set search_path = '' as $$
declare
  me public.admin_users;
  mine bigint[];
begin
  select * into me from public.admin_users a where a.user_id = auth.uid() and a.is_active;
  if me.user_id is null then raise exception 'not a staff member' using errcode = '42501'; end if;
  -- SPEC §6: adding and editing users is for admin, super and organization managers.
  if me.role not in ('admin', 'super', 'facility') then raise exception 'only admins and organization managers manage staff' using errcode = '42501'; end if;
  if p_role not in ('admin', 'facility', 'senior_branch', 'branch') or public.staff_rank(p_role) >= public.staff_rank(me.role) then
    raise exception 'you can only give roles below your own' using errcode = '42501';
  end if;
  if p_role <> 'admin' and p_org is null then raise exception 'an organization is required' using errcode = '22023'; end if;
  if me.role not in ('admin', 'super') and p_org is distinct from me.organization_id then
    raise exception 'you can only add staff to your own organization' using errcode = '42501';
  end if;
  if exists (select 1 from unnest(coalesce(p_branches, '{}')) b where not exists (select 1 from public.hospitals h where h.id = b and h.organization_id = p_org)) then
    raise exception 'the branches must belong to the organization' using errcode = '22023';
  end if;
  if me.role = 'senior_branch' then
    mine := public.staff_hospital_ids();
    if not (coalesce(p_branches, '{}') <@ mine) then raise exception 'you can only assign your own branches' using errcode = '42501'; end if;
  end if;
  if p_role in ('admin', 'facility') and coalesce(array_length(p_branches, 1), 0) > 0 then raise exception 'only branch managers have branches' using errcode = '22023'; end if;
  if p_role = 'branch' and coalesce(array_length(p_branches, 1), 0) <> 1 then raise exception 'a branch manager has exactly one branch' using errcode = '22023'; end if;
  if p_role = 'senior_branch' and coalesce(array_length(p_branches, 1), 0) < 1 then raise exception 'a senior branch manager needs at least one branch' using errcode = '22023'; end if;
end
$$;

-- Creates the sign-in account (no password: the invitation asks the person to set one) and the staff row.
create or replace function public.admin_create_staff(p_email text, p_name text, p_phone text, p_role text, p_org bigint, p_branches bigint[])
returns uuid
language plpgsql volatile security definer set search_path = '' as $$
declare
  uid uuid;
  email_norm text := lower(trim(p_email));
begin
  perform public.assert_staff_grant(p_role, p_org, p_branches);
  select u.id into uid from auth.users u where lower(u.email) = email_norm;
  if uid is not null then
    if exists (select 1 from public.patients p where p.user_id = uid) then
      raise exception 'this e-mail belongs to a patient account; staff need an account of their own' using errcode = '42501';
    end if;
    if exists (select 1 from public.admin_users a where a.user_id = uid) then
      raise exception 'a staff account with this e-mail already exists' using errcode = '23505';
    end if;
  else
    insert into auth.users (aud, role, email, raw_app_meta_data, raw_user_meta_data)
    values ('authenticated', 'authenticated', email_norm, '{"provider":"email","providers":["email"]}', jsonb_build_object('name', p_name))
    returning id into uid;
  end if;
  insert into public.admin_users (user_id, role, name, email, phone, organization_id)
  values (uid, p_role, p_name, email_norm, nullif(p_phone, ''), case when p_role = 'admin' then null else p_org end);
  insert into public.admin_user_branches (user_id, hospital_id) select uid, b from unnest(coalesce(p_branches, '{}')) b;
  return uid;
end
$$;

-- Changes a staff member the caller manages (the same grant rule applies to the new role and place).
create or replace function public.admin_update_staff(p_user uuid, p_name text, p_phone text, p_role text, p_org bigint, p_branches bigint[])
returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  target public.admin_users;
  me_role text := public.staff_role();
begin
  select * into target from public.admin_users a where a.user_id = p_user;
  if target.user_id is null then raise exception 'this user does not exist' using errcode = 'P0002'; end if;
  if p_user = auth.uid() then raise exception 'change your own account from the settings' using errcode = '42501'; end if;
  -- The current role and place must be the caller's to manage too.
  if public.staff_rank(target.role) >= public.staff_rank(me_role)
     or (me_role not in ('admin', 'super') and target.organization_id is distinct from public.staff_organization_id()) then
    raise exception 'you cannot change this user' using errcode = '42501';
  end if;
  perform public.assert_staff_grant(p_role, p_org, p_branches);
  update public.admin_users set name = p_name, phone = nullif(p_phone, ''), role = p_role,
         organization_id = case when p_role = 'admin' then null else p_org end, updated_at = now()
   where user_id = p_user;
  delete from public.admin_user_branches where user_id = p_user;
  insert into public.admin_user_branches (user_id, hospital_id) select p_user, b from unnest(coalesce(p_branches, '{}')) b;
end
$$;

revoke execute on function public.staff_rank(text) from public, anon, authenticated;
revoke execute on function public.assert_staff_grant(text, bigint, bigint[]) from public, anon, authenticated;
revoke execute on function public.admin_create_staff(text, text, text, text, bigint, bigint[]) from public, anon, authenticated;
revoke execute on function public.admin_update_staff(uuid, text, text, text, bigint, bigint[]) from public, anon, authenticated;
grant execute on function public.staff_rank(text) to authenticated;
grant execute on function public.admin_create_staff(text, text, text, text, bigint, bigint[]) to authenticated;
grant execute on function public.admin_update_staff(uuid, text, text, text, bigint, bigint[]) to authenticated;
