-- pgTAP: the appointments list's name keyword (migration …20261128201000): admin_patients_named and
-- admin_family_members_named answer a staff caller only the people who booked in their scope (the rule of the
-- patients' and family members' select policies), a platform admin everyone, a patient and anon nothing.
begin;
select plan(14);

-- The demo patient (booked with the demo doctor, organization 1), the other patient (booked only elsewhere), and a
-- family member of each; the patterns as the API builds them ('%' + part of the name + '%').
create temp table t as
  select (select '%' || substr(name, 1, 6) || '%' from public.patients where user_id = '00000000-0000-4000-a000-000000000007') as mine,
         (select '%' || substr(name, 1, 6) || '%' from public.patients where user_id = '00000000-0000-4000-a000-000000000009') as theirs,
         (select b.family_member_id from public.bookings b where b.idempotency_key = 'seed-demo-tele-family') as my_family,
         (select f.id from public.family_members f where f.patient_user_id = '00000000-0000-4000-a000-000000000009' order by f.id limit 1) as their_family;
alter table t add column my_family_name text, add column their_family_name text;
update t set my_family_name = (select '%' || f.name || '%' from public.family_members f where f.id = t.my_family),
             their_family_name = (select '%' || f.name || '%' from public.family_members f where f.id = t.their_family);
grant select on t to public;

select isnt((select my_family from t), null, 'the fixture has a family booking of the demo doctor');

select tests.act_as('anon');
select is(tests.try(format('select public.admin_patients_named(%L)', (select mine from t))), 'denied', 'anon cannot search patients by name');
select is(tests.try(format('select public.admin_family_members_named(%L)', (select my_family_name from t))), 'denied', 'nor family members');

select tests.act_as('patient');
select is((select count(*)::int from t, public.admin_patients_named(t.mine)), 0, 'a patient finds nobody, not even themself');
select is((select count(*)::int from t, public.admin_family_members_named(t.my_family_name)), 0, 'nor their own family member');

select tests.act_as('facility');
select ok((select '00000000-0000-4000-a000-000000000007'::uuid in (select public.admin_patients_named(t.mine)) from t), 'a facility manager finds a patient who booked in the organization');
select ok((select '00000000-0000-4000-a000-000000000009'::uuid not in (select public.admin_patients_named(t.theirs)) from t), 'but not one who booked only elsewhere');
select ok((select t.my_family in (select public.admin_family_members_named(t.my_family_name)) from t), 'and the family member booked for in the organization');
select ok((select t.their_family is null or t.their_family not in (select public.admin_family_members_named(t.their_family_name)) from t), 'not another organization''s patient''s family member');

select tests.act_as('doctor');
select ok((select '00000000-0000-4000-a000-000000000007'::uuid in (select public.admin_patients_named(t.mine)) from t), 'the doctor finds their own patient');
select ok((select '00000000-0000-4000-a000-000000000009'::uuid not in (select public.admin_patients_named(t.theirs)) from t), 'not a patient of another organization');

select tests.act_as('admin');
select ok((select '00000000-0000-4000-a000-000000000009'::uuid in (select public.admin_patients_named(t.theirs)) from t), 'a platform admin finds any patient');

-- Grants: authenticated may call them (each answers only the caller's scope), anon may not.
reset role;
select ok(has_function_privilege('authenticated', 'public.admin_patients_named(text)', 'execute') and has_function_privilege('authenticated', 'public.admin_family_members_named(text)', 'execute'), 'authenticated may call both');
select ok(not has_function_privilege('anon', 'public.admin_patients_named(text)', 'execute') and not has_function_privilege('anon', 'public.admin_family_members_named(text)', 'execute'), 'anon may call neither');

select * from finish();
rollback;
