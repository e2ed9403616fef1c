-- Issue 24, finding 2 (the rest): a doctor's e-mail, notification address, phone, contract, client and user id are
-- no longer readable by every signed-in user. Patients and staff share the `authenticated` role, so a
-- self-registered patient could read them through Supabase's REST API. Staff still read them, for the doctors
-- they manage only, through public.admin_doctor_private (the admin doctor read model, src/data/admin-doctors.ts);
-- writes are unchanged (insert and update on these columns stay granted, row-level security decides the rows).
-- Row-level security policies may still use doctors.user_id: policy expressions are not subject to the caller's
-- column privileges.
revoke select (user_id, phone, email, email_notification, contract, client_id) on public.doctors from authenticated;

-- The private columns of one doctor, when the caller manages it (platform staff, staff of its branch) or is that
-- doctor: the same scope as the admin screens' MANAGED_DOCTOR and the policy that allows writes.
create or replace function public.admin_doctor_private(p_doctor_id bigint)
returns table (email text, email_notification text, phone text, contract text, client_id bigint)
language sql stable security definer set search_path = '' as $$
  select d.email, d.email_notification, d.phone, d.contract, d.client_id
    from public.doctors d
   where d.id = p_doctor_id
     and (public.is_platform_admin() or d.hospital_id = any (public.staff_hospital_ids()) or d.id = public.current_doctor_id())
$$;
revoke execute on function public.admin_doctor_private(bigint) from public, anon;
grant execute on function public.admin_doctor_private(bigint) to authenticated, service_role;
