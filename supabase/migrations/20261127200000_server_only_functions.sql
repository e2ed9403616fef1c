-- Issue 24, finding 2 (the rest): functions the API roles could call through Supabase's REST API
-- (`POST /rest/v1/rpc/<name>` with the anon key) though nothing of the public API is meant to call them.
--
-- public.public_owner_slots reads every published owner's slots without row-level security (it decides
-- visibility once per owner): the schedule calls now run it as the server's own role (src/data/schedules.ts,
-- asServerRole), so no API role needs it. Its helper public.is_hospital_published goes with it.
revoke execute on function public.public_owner_slots(text, bigint[], date, date) from public, anon, authenticated;
revoke execute on function public.is_hospital_published(bigint) from public, anon, authenticated;

-- The policy helpers answer who the caller is on staff (role, organization, branches, doctor). No policy that
-- applies to anon calls them (anon's policies read published rows only), so anon loses them; authenticated keeps
-- them because its policies and guard triggers run as the caller.
revoke execute on function public.staff_role(), public.staff_organization_id(), public.is_platform_admin(), public.is_super_admin(),
  public.is_staff(), public.staff_hospital_ids(), public.current_doctor_id(), public.can_manage_hospital(bigint),
  public.can_manage_doctor(bigint), public.can_manage_schedule(bigint), public.admin_user_shares_my_branch(uuid) from anon;

-- Rules called only from security definer functions (which run as their owner): no API role needs them.
revoke execute on function public.history_is_off(), public.booking_occupies(text), public.national_phone(text, smallint),
  public.staff_rank(text), public.patient_is_onboarded(public.patients) from authenticated;
