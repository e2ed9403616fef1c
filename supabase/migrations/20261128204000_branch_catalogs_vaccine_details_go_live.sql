-- Issue 37, what the directory screens still lacked: a branch's specialties, insurances and accepted payments; the
-- shared vaccine details; and the go-live checklist of an organization. Three security definer functions, each with
-- the API's whole rule inside (no new table grant: supabase/tests/database/68_write_matrix.test.sql is unchanged).

-- ---- 1. A branch's lists (SPEC §3 Hospital: specialties, insurances {name,logo}, acceptedPayments) ---------------
-- The public hospital page reads public.hospital_specialties, hospital_insurances and hospital_payment_methods joined
-- to the market's catalogues (src/data/hospital-page.ts). The branch's managers (policy scope: platform admins, or
-- the branch among public.staff_hospital_ids()) replace the three lists at once; only entries of the branch's own
-- market are accepted (a policy cannot say that). The branch's updated_at is touched so the change is in the
-- directory change log and the local rebuild / build hook publishes it (the link tables have no trigger of their own).
create or replace function public.admin_set_branch_catalogs(p_hospital_id bigint, p_specialty_ids bigint[], p_insurance_ids bigint[], p_payment_method_ids bigint[])
returns void
language plpgsql security definer set search_path = '' as $$
declare
  market smallint;
begin
  if not (public.is_platform_admin() or p_hospital_id = any (public.staff_hospital_ids())) then
    raise exception 'This branch does not exist or is not in your scope.' using errcode = '42501';
  end if;
  select h.country_id into market from public.hospitals h where h.id = p_hospital_id;
  if market is null then
    raise exception 'This branch does not exist or is not in your scope.' using errcode = '42501';
  end if;
  if exists (select 1 from unnest(coalesce(p_specialty_ids, '{}')) x(id) where not exists (select 1 from public.specialties s where s.id = x.id and s.country_id = market))
     or exists (select 1 from unnest(coalesce(p_insurance_ids, '{}')) x(id) where not exists (select 1 from public.insurances i where i.id = x.id and i.country_id = market))
     or exists (select 1 from unnest(coalesce(p_payment_method_ids, '{}')) x(id) where not exists (select 1 from public.payment_methods p where p.id = x.id and p.country_id = market)) then
    raise exception 'An entry is not offered in the branch''s market.' using errcode = '22023';
  end if;
  if p_specialty_ids is not null then
    delete from public.hospital_specialties where hospital_id = p_hospital_id and specialty_id <> all (p_specialty_ids);
    insert into public.hospital_specialties (hospital_id, specialty_id) select p_hospital_id, x from unnest(p_specialty_ids) x on conflict do nothing;
  end if;
  if p_insurance_ids is not null then
    delete from public.hospital_insurances where hospital_id = p_hospital_id and insurance_id <> all (p_insurance_ids);
    insert into public.hospital_insurances (hospital_id, insurance_id) select p_hospital_id, x from unnest(p_insurance_ids) x on conflict do nothing;
  end if;
  if p_payment_method_ids is not null then
    delete from public.hospital_payment_methods where hospital_id = p_hospital_id and payment_method_id <> all (p_payment_method_ids);
    insert into public.hospital_payment_methods (hospital_id, payment_method_id) select p_hospital_id, x from unnest(p_payment_method_ids) x on conflict do nothing;
  end if;
  update public.hospitals set updated_at = now() where id = p_hospital_id;
end $$;
revoke execute on function public.admin_set_branch_catalogs(bigint, bigint[], bigint[], bigint[]) from public, anon;
grant execute on function public.admin_set_branch_catalogs(bigint, bigint[], bigint[], bigint[]) to authenticated;

-- ---- 2. Vaccine details (SPEC §3 Vaccination item: display name, logo, description, age groups, doses, notice) --
-- A vaccine is shared by every branch of its market (its prices per branch are public.vaccine_details, which the
-- branches' managers set). Its details are therefore the platform admins' (the policy "Platform admins manage
-- vaccines" already says so for the table). The slug is made once, from the name, unique in the market, and never
-- changes: it is part of every vaccine page address. status 0 hides the vaccine; stock is per branch and never does.
create or replace function public.admin_save_vaccine(p_id bigint, p_country_id smallint, p_name text, p_slug text, p_display_name text, p_logo text,
  p_description text, p_notice text, p_age_groups text[], p_doses text[], p_is_active boolean)
returns bigint
language plpgsql security definer set search_path = '' as $$
declare
  base text;
  candidate text;
  n integer := 1;
  saved bigint;
begin
  if not public.is_platform_admin() then
    raise exception 'Only platform admins edit the details of a vaccine.' using errcode = '42501';
  end if;
  if p_name is null or length(btrim(p_name)) = 0 or length(p_name) > 255 then
    raise exception 'name: This field is required' using errcode = '22023';
  end if;
  if p_id is null then
    if not exists (select 1 from public.countries c where c.id = p_country_id) then
      raise exception 'country_id: Invalid format' using errcode = '22023';
    end if;
    base := coalesce(nullif(btrim(regexp_replace(lower(coalesce(p_slug, '')), '[^a-z0-9]+', '-', 'g'), '-'), ''), 'vaccine');
    candidate := left(base, 80);
    while exists (select 1 from public.vaccines v where v.country_id = p_country_id and v.slug = candidate) loop
      n := n + 1;
      candidate := left(base, 76) || '-' || n;
    end loop;
    insert into public.vaccines (country_id, name, slug, display_name, logo, description, notice, age_group_labels, doses_labels, status)
    values (p_country_id, btrim(p_name), candidate, nullif(btrim(p_display_name), ''), nullif(p_logo, ''), nullif(p_description, ''), nullif(p_notice, ''),
            coalesce(p_age_groups, '{}'), coalesce(p_doses, '{}'), case when coalesce(p_is_active, true) then 1 else 0 end)
    returning id into saved;
  else
    update public.vaccines v
       set name = btrim(p_name), display_name = nullif(btrim(p_display_name), ''), logo = nullif(p_logo, ''), description = nullif(p_description, ''),
           notice = nullif(p_notice, ''), age_group_labels = coalesce(p_age_groups, '{}'), doses_labels = coalesce(p_doses, '{}'),
           status = case when coalesce(p_is_active, true) then 1 else 0 end, updated_at = now()
     where v.id = p_id
    returning v.id into saved;
  end if;
  return saved;
end $$;
revoke execute on function public.admin_save_vaccine(bigint, smallint, text, text, text, text, text, text, text[], text[], boolean) from public, anon;
grant execute on function public.admin_save_vaccine(bigint, smallint, text, text, text, text, text, text, text[], text[], boolean) to authenticated;

-- ---- 3. The go-live checklist (issue 37 item 6) ---------------------------------------------------------------
-- What stands between an organization and its first bookable doctor, in one place: the rule the public site applies
-- (a published branch: active, of an active organization; a doctor: active, open for outpatient or telemedicine
-- visits, with a free slot from now on in the branch's time zone) plus what a patient needs to book one (the
-- branch's address and opening hours, the doctor's price: the booking fee or a priced service). The steps are read
-- for the branch and doctor nearest to bookable among those the caller manages, so each step can link to them.
-- Security definer for the slots (schedules of unpublished branches are not readable as the caller); the scope is
-- checked inside and only the caller's branches are read.
create or replace function public.organization_go_live(p_organization_id bigint)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  org record;
  b record;
begin
  if not (public.is_platform_admin() or (public.staff_role() in ('facility', 'senior_branch', 'branch') and p_organization_id = public.staff_organization_id())) then
    raise exception 'This organization does not exist or is not in your scope.' using errcode = '42501';
  end if;
  select o.id, o.is_active into org from public.organizations o where o.id = p_organization_id;
  if org.id is null then
    raise exception 'This organization does not exist or is not in your scope.' using errcode = '42501';
  end if;

  -- Every doctor of the caller's branches with its facts, the nearest to bookable first.
  with branches as (
    select h.id, h.name, h.is_active,
           length(btrim(coalesce(h.address, ''))) > 0 as has_address,
           exists (select 1 from jsonb_each(coalesce(h.working_times, '{}'::jsonb)) w where jsonb_typeof(w.value) = 'array' and jsonb_array_length(w.value) > 0) as has_hours,
           (now() at time zone h.time_zone) as local_now
      from public.hospitals h
     where h.organization_id = p_organization_id and (public.is_platform_admin() or h.id = any (public.staff_hospital_ids()))
  ), doctors as (
    select dr.id, dr.name, dr.hospital_id,
           dr.status = 1 as is_active,
           (dr.outpatient_enabled or dr.telemedicine_enabled) as takes_visits,
           (dr.price > 0 or exists (select 1 from public.doctor_services ds where ds.doctor_id = dr.id and ds.price > 0)) as has_price,
           exists (select 1 from public.schedules s join public.time_slots t on t.schedule_id = s.id
                    where s.doctor_id = dr.id and t.booked < t.capacity
                      and (s.working_day > br.local_now::date or (s.working_day = br.local_now::date and t.started > br.local_now::time))
                      and ((s.kind = 'outpatient' and dr.outpatient_enabled) or (s.kind = 'telemedicine' and dr.telemedicine_enabled))) as has_slots
      from public.doctors dr join branches br on br.id = dr.hospital_id
  )
  select br.id as branch_id, br.name as branch_name, br.is_active as branch_active, br.has_address, br.has_hours,
         dc.id as doctor_id, dc.name as doctor_name, coalesce(dc.is_active, false) as doctor_active, coalesce(dc.takes_visits, false) as takes_visits,
         coalesce(dc.has_price, false) as has_price, coalesce(dc.has_slots, false) as has_slots
    into b
    from branches br left join doctors dc on dc.hospital_id = br.id
   order by (br.has_address::int + br.has_hours::int + br.is_active::int + (dc.id is not null)::int + coalesce(dc.has_price::int, 0)
             + coalesce(dc.has_slots::int, 0) + coalesce((dc.is_active and dc.takes_visits)::int, 0)) desc, br.id, dc.id
   limit 1;

  return jsonb_build_object(
    'organizationId', org.id,
    'organizationActive', org.is_active,
    'branch', case when b.branch_id is null then null else jsonb_build_object('id', b.branch_id, 'name', b.branch_name) end,
    'doctor', case when b.doctor_id is null then null else jsonb_build_object('id', b.doctor_id, 'name', b.doctor_name) end,
    'branchActive', coalesce(b.branch_active, false),
    'branchHasAddress', coalesce(b.has_address, false),
    'branchHasHours', coalesce(b.has_hours, false),
    'doctorHasPrice', coalesce(b.has_price, false),
    'doctorHasSlots', coalesce(b.has_slots, false),
    'doctorActive', coalesce(b.doctor_active and b.takes_visits, false));
end $$;
revoke execute on function public.organization_go_live(bigint) from public, anon;
grant execute on function public.organization_go_live(bigint) to authenticated;
