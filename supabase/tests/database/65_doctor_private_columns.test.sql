-- pgTAP: a doctor's private columns (e-mail, notification address, phone, contract, client, user id) are closed to
-- the authenticated role patients share (migration …20261127200300); staff read them through
-- public.admin_doctor_private for the doctors they manage, a doctor for their own profile.
begin;
select plan(8);

create temp table t_doctors as
  select (select d.id from public.doctors d join public.admin_user_branches b on b.hospital_id = d.hospital_id
           where b.user_id = '00000000-0000-4000-a000-000000000005' order by d.id limit 1) as of_my_branch,
         (select d.id from public.doctors d where d.organization_id <> 1 order by d.id limit 1) as of_another_org,
         (select d.id from public.doctors d where d.user_id = '00000000-0000-4000-a000-000000000006') as the_doctor;
grant select on t_doctors to public;

select tests.act_as('patient');
select is(tests.try('select email from public.doctors'), 'denied', 'a patient cannot read doctors'' e-mails');
select is(tests.try('select user_id from public.doctors'), 'denied', 'nor their user ids');
select is(tests.try('select phone, contract, client_id, email_notification from public.doctors'), 'denied', 'nor their phones, contracts, clients or notification addresses');
select is((select count(*)::int from t_doctors t, public.admin_doctor_private(t.of_my_branch)), 0, 'the admin read model answers a patient nothing');

select tests.act_as('branch');
select is((select count(*)::int from t_doctors t, public.admin_doctor_private(t.of_my_branch)), 1, 'a branch manager reads them for a doctor of their branch');
select is((select count(*)::int from t_doctors t, public.admin_doctor_private(t.of_another_org)), 0, 'not for a doctor of another organization');

select tests.act_as('doctor');
select is((select count(*)::int from t_doctors t, public.admin_doctor_private(t.the_doctor)), 1, 'a doctor reads their own');
select is((select count(*)::int from public.doctors d where d.id = (select public.current_doctor_id())), 1, 'and the policies that use doctors.user_id still find the doctor''s own row');
select * from finish();
rollback;
