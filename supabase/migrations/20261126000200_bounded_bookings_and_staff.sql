-- Issue 24, findings 6 and 7.

-- ---- 6. Holds and free text of a booking have bounds in the database --------------------------------------
-- book_slot took any hold length (a hold until 2036 was made) and unbounded note and contact_phone; calling it
-- directly skipped the API's limits. The bounds are on the table, so no path (function, staff insert) skips
-- them: a check violation answers 422. NOT VALID: rows made before are left as they are.
alter table public.bookings
  add constraint bookings_hold_at_most_an_hour
    check (hold_expires_at is null or hold_expires_at <= created_at + interval '60 minutes') not valid,
  add constraint bookings_note_length check (char_length(note) <= 1000) not valid,
  add constraint bookings_contact_phone_length check (char_length(contact_phone) <= 32) not valid;

-- ---- 7. A facility manager adds only staff accounts, below their own role, inside their organization --------
-- The insert policy checked only organization and role: any existing user, a patient included, could be made a
-- member of the manager's staff (which also locked that patient out of the patient sign-in).
create or replace function public.is_patient_account(p_user_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.patients p where p.user_id = p_user_id)
$$;
revoke execute on function public.is_patient_account(uuid) from public, anon, authenticated;
grant execute on function public.is_patient_account(uuid) to authenticated, service_role;

drop policy "Organization managers add staff to their organization" on public.admin_users;
create policy "Organization managers add staff to their organization" on public.admin_users for insert to authenticated
  with check ((select public.staff_role()) = 'facility' and organization_id = (select public.staff_organization_id())
              and role in ('senior_branch', 'branch', 'doctor')
              and not public.is_patient_account(user_id));

drop policy "Organization managers edit staff of their organization" on public.admin_users;
create policy "Organization managers edit staff of their organization" on public.admin_users for update to authenticated
  using ((select public.staff_role()) = 'facility' and organization_id = (select public.staff_organization_id())
         and role in ('senior_branch', 'branch', 'doctor'))
  with check ((select public.staff_role()) = 'facility' and organization_id = (select public.staff_organization_id())
              and role in ('senior_branch', 'branch', 'doctor'));
-- (Their own row stays theirs to edit through "Staff update their own account", its guard keeping the role.)
