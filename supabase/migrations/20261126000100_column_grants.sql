-- Issue 24, finding 2: row-level security filters rows, not columns, and Supabase (like supabase/bootstrap)
-- grants every table, sequence and function of `public` to anon and authenticated. With the anon key shipped to
-- browsers, the REST API gave anyone every hospital phone and every doctor's e-mail, phone, contract and user id.
--
-- From here on nothing in `public` is granted to anon or authenticated by default: every table, column and
-- function is private until a migration grants it (HELPERS.md "Grants"). Grants are per column, so a column added
-- later is private until granted too. supabase/tests/database/60_grants.test.sql holds the one list of what each
-- role may do; any column or function missing from it fails.

-- ---- 1. Future objects: no default privileges for the API roles ---------------------------------------------
-- Supabase sets these for the migration role (postgres); a migration can alter its own role's defaults.
alter default privileges in schema public revoke all on tables from anon, authenticated;
alter default privileges in schema public revoke all on sequences from anon, authenticated;
alter default privileges in schema public revoke all on functions from anon, authenticated;
-- Functions are executable by PUBLIC unless revoked: a built-in default, which only the form without
-- `in schema` can remove (for the migration role's functions in every schema; each grants its callers).
alter default privileges revoke execute on functions from public;
alter default privileges in schema public grant all on tables to service_role;
alter default privileges in schema public grant all on sequences to service_role;
alter default privileges in schema public grant all on functions to service_role;

-- ---- 2. Existing objects: everything revoked, then granted back below --------------------------------------
revoke all on all tables in schema public from anon, authenticated, public;
revoke all on all sequences in schema public from anon, authenticated, public;
revoke all on all functions in schema public from anon, authenticated, public;
grant all on all tables in schema public to service_role;
grant all on all sequences in schema public to service_role;
grant all on all functions in schema public to service_role;

-- ---- 3. anon: the published directory, without its private columns ---------------------------------------
-- (table, columns anon may not read; bookings: see below). Hospital and service phones stay readable for now: the static build and
-- the public service cards read them as anon (masking is applied when rendering, src/lib/phone.ts); moving
-- the masking into the database is the next step. Tables absent here (people, bookings, staff, history, imports, campaign
-- phones, the availability journal) are not readable by anon at all.
do $$
declare
  t record;
  cols text;
begin
  for t in
    select * from (values
      ('articles', '{}'::text[]),
      ('clients', '{}'),
      ('countries', '{}'),
      ('doctor_academies', '{}'),
      ('doctor_expertise', '{}'),
      ('doctor_services', '{}'),
      ('doctor_specialties', '{}'),
      ('doctor_tiers', '{}'),
      ('doctors', '{user_id,phone,email,email_notification,contract,client_id}'),
      ('expertise', '{}'),
      ('homepage_blocks', '{}'),
      ('hospital_insurances', '{}'),
      ('hospital_payment_methods', '{}'),
      ('hospital_services', '{}'),
      ('hospital_specialties', '{}'),
      ('hospitals', '{}'),
      ('insurances', '{}'),
      ('organizations', '{client_id}'),
      ('payment_methods', '{}'),
      ('popular_search_keys', '{}'),
      ('reviews', '{patient_user_id}'),
      ('schedules', '{}'),
      ('service_categories', '{}'),
      ('specialties', '{}'),
      ('time_slots', '{}'),
      ('vaccine_details', '{}'),
      ('vaccines', '{}'),
      ('voucher_targets', '{}'),
      ('vouchers', '{}'),
      ('website_nav', '{}')
    ) as v(table_name, private_columns)
  loop
    select string_agg(format('%I', a.attname), ', ' order by a.attnum) into cols
      from pg_attribute a
     where a.attrelid = format('public.%I', t.table_name)::regclass and a.attnum > 0 and not a.attisdropped
       and a.attname <> all (t.private_columns);
    execute format('grant select (%s) on public.%I to anon', cols, t.table_name);
  end loop;
end $$;

-- A review's booking type is read through a join (src/data/hospital-page.ts REVIEW_JOINS): anon may name those
-- two columns, while row-level security still gives anon no booking row (the join finds none).
grant select (id, booking_type) on public.bookings to anon;

-- ---- 4. authenticated: every column, rows as the policies decide; writes where a policy allows them --------
-- Signed-in patients and staff share the role: a staff-only column needs a security definer function or view.
do $$
declare
  t record;
  cols text;
begin
  for t in
    select c.relname as table_name,
           c.relname not in ('availability_changes', 'data_history', 'directory_changes') as writable,
           c.relname not in ('availability_changes', 'data_history', 'directory_changes', 'import_rows') as changeable
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p', 'v')
  loop
    select string_agg(format('%I', a.attname), ', ' order by a.attnum) into cols
      from pg_attribute a
     where a.attrelid = format('public.%I', t.table_name)::regclass and a.attnum > 0 and not a.attisdropped;
    execute format('grant select (%s) on public.%I to authenticated', cols, t.table_name);
    if t.writable then execute format('grant insert (%s) on public.%I to authenticated', cols, t.table_name); end if;
    if t.changeable then
      execute format('grant update (%s) on public.%I to authenticated', cols, t.table_name);
      execute format('grant delete on public.%I to authenticated', t.table_name);
    end if;
  end loop;
end $$;
grant usage on all sequences in schema public to authenticated;

-- ---- 5. functions -------------------------------------------------------------------------------------------
-- Policy and guard helpers run as the caller, so both API roles need them.
grant execute on function public.staff_role(), public.staff_organization_id(), public.is_platform_admin(), public.is_super_admin(),
  public.is_staff(), public.staff_hospital_ids(), public.current_doctor_id(), public.can_manage_hospital(bigint),
  public.can_manage_doctor(bigint), public.can_manage_schedule(bigint), public.admin_user_shares_my_branch(uuid),
  public.is_hospital_published(bigint) to anon, authenticated;
-- What a signed-in user calls: booking and the campaign checks.
grant execute on function public.book_slot(bigint, text, bigint, text, bigint, integer, text, text), public.confirm_booking(bigint, text, boolean),
  public.campaign_eligibility(text, smallint, text), public.baby_formula_eligibility(bigint), public.booking_occupies(text),
  public.patient_is_onboarded(public.patients), public.history_is_off(), public.national_phone(text, smallint) to authenticated;
-- The public schedule load: only what the public schedule calls answer (a published owner's slots and counts).
-- The availability journal's reader stays callable until that journal is removed (it names owners and kinds only).
grant execute on function public.public_owner_slots(text, bigint[], date, date), public.availability_changes_since(xid8) to anon, authenticated;
-- Trigger functions need no grant (a trigger runs its function without checking EXECUTE); slot_taken,
-- slot_live_hold_expiry, expire_holds and note_availability_change are called only by security definer code.
