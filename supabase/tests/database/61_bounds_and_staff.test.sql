-- pgTAP: issue 24 findings 6 (bounded holds and booking text, whoever writes) and 7 (a facility manager adds
-- only staff accounts, below their own role, inside their organization).
begin;
select plan(12);

create temp table t_free as
select ts.id as slot_id from public.time_slots ts join public.schedules s on s.id = ts.schedule_id
 where s.doctor_id = 1 and ts.booked = 0 and s.working_day > current_date + 5 order by ts.id limit 3;
grant select on t_free to public;

-- ---- 6: book_slot called directly, as the patient, cannot skip the API's limits -----------------------------
select tests.act_as('patient');
-- A longer hold asked for is kept to 60 minutes (book_slot clamps it; the table's check refuses anything longer).
select is((select (public.book_slot((select slot_id from t_free order by slot_id offset 1 limit 1), 'pgtap-hold-long', 1, 'cash', null, 600000)).hold_expires_at <= now() + interval '60 minutes'), true,
  'book_slot keeps a hold of 600,000 minutes (until years ahead) to 60 minutes');
select is(tests.try('select public.release_hold((select id from public.bookings where idempotency_key = ''pgtap-hold-long''))'), 'rows:1',
  'the patient releases that hold');
select is(tests.try('select public.book_slot((select min(slot_id) from t_free), ''pgtap-hold-60'', 1, ''cash'', null, 60)'), 'rows:1',
  'book_slot takes a hold of 60 minutes');
select is(tests.try(format('select public.book_slot((select max(slot_id) from t_free), ''pgtap-note'', 1, ''cash'', null, 15, null, %L)', repeat('n', 1001))), 'error:23514',
  'book_slot refuses a note of 1,001 characters');
select is(tests.try(format('select public.book_slot((select max(slot_id) from t_free), ''pgtap-phone'', 1, ''cash'', null, 15, %L)', repeat('9', 33))), 'error:23514',
  'book_slot refuses a contact phone of 33 characters');
reset role;

-- ---- 6: and the table owner (staff tools, the server) neither ----------------------------------------------
select throws_ok($$update public.bookings set hold_expires_at = created_at + interval '2 hours' where id = (select min(id) from public.bookings)$$,
  '23514', null, 'no writer may set a hold past an hour after the booking was made');

-- ---- 7: a facility manager and the staff table ---------------------------------------------------------------
create temp table t_users as
select (select user_id from public.patients where user_id = '00000000-0000-4000-a000-000000000009') as patient_id,
       extensions.gen_random_uuid() as fresh_id,
       (select organization_id from public.admin_users where user_id = '00000000-0000-4000-a000-000000000003') as org_id,
       (select min(id) from public.organizations where id <> (select organization_id from public.admin_users where user_id = '00000000-0000-4000-a000-000000000003')) as other_org_id;
insert into auth.users (id, email) select fresh_id, 'pgtap-fresh-staff@platform.test' from t_users;
grant select on t_users to public;

select tests.act_as('facility');
select is(tests.try($$insert into public.admin_users (user_id, role, name, email, organization_id)
  select patient_id, 'branch', 'Patient', 'patient@x.test', org_id from t_users$$), 'denied',
  'a facility manager cannot make a patient a member of their staff');
select is(tests.try($$insert into public.admin_users (user_id, role, name, email, organization_id)
  select fresh_id, 'facility', 'Peer', 'peer@x.test', org_id from t_users$$), 'denied',
  'a facility manager cannot add another facility manager (a role not below their own)');
select is(tests.try($$insert into public.admin_users (user_id, role, name, email, organization_id)
  select fresh_id, 'admin', 'Admin', 'admin@x.test', org_id from t_users$$), 'denied',
  'a facility manager cannot add a platform admin');
select is(tests.try($$insert into public.admin_users (user_id, role, name, email, organization_id)
  select fresh_id, 'branch', 'Elsewhere', 'else@x.test', other_org_id from t_users$$), 'denied',
  'a facility manager cannot add staff to another organization');
select is(tests.try($$insert into public.admin_users (user_id, role, name, email, organization_id)
  select fresh_id, 'doctor', 'New doctor', 'doctor@x.test', org_id from t_users$$), 'denied',
  'a facility manager inserts no staff row directly (issue 34: only admin_create_staff makes staff accounts)');
select is(tests.try($$update public.admin_users set role = 'facility' where role = 'branch' and organization_id = (select org_id from t_users)$$), 'denied',
  'a facility manager cannot promote their staff to their own role');
reset role;

select * from finish();
rollback;
