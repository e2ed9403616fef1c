-- pgTAP: super (super admin): sees and manages everything, and is the only role that deletes admin users.
-- For every public table: may it select, insert, update and delete a row in its scope ("in": organization 1,
-- branch 1, doctor 1, patient@demo.test) and one outside it ("out": organization 2, branch 6,
-- patient-other@demo.test)? Codes per table, in the order select in/out, insert in/out, update in/out,
-- delete in/out: Y one row / done, N no row (filtered by row-level security), D denied (42501); refused by the
-- data itself whoever asks: U unique, F foreign key (e.g. a doctor with bookings), K check.
begin;
create temp table expectations (tbl text primary key, codes text not null check (codes ~ '^[YNDUFK]{8}$'));
grant select on expectations to public;
insert into expectations values
  ('admin_user_branches', 'YYYYYYYY'),
  ('admin_users', 'YYYYYYYY'),
  ('articles', 'YYYYYYYY'),
  ('bookings', 'YYYYYYYY'),
  ('campaign_phones', 'YYYYYYYY'),
  ('campaigns', 'YYYYYYYY'),
  ('clients', 'YYYYYYYY'),
  ('countries', 'YYUUYYFF'),
  ('data_history', 'YYDDDDDD'),
  ('directory_changes', 'YYDDDDDD'),
  ('doctor_academies', 'YYYYYYYY'),
  ('doctor_expertise', 'YYYYYYYY'),
  ('doctor_services', 'YYYYYYYY'),
  ('doctor_specialties', 'YYYYYYYY'),
  ('doctor_tiers', 'YYYYYYYY'),
  ('doctors', 'YYYYYYFY'),
  ('expertise', 'YYYYYYYY'),
  ('family_members', 'YYYYYYYY'),
  ('homepage_blocks', 'YYYYYYYY'),
  ('hospital_insurances', 'YYYYYYYY'),
  ('hospital_payment_methods', 'YYYYYYYY'),
  ('hospital_services', 'YYYYYYYY'),
  ('hospital_specialties', 'YYYYYYYY'),
  ('hospitals', 'YYYYYYFF'),
  ('import_rows', 'YYYYNNNN'),
  ('imports', 'YYDDYYYY'),
  ('insurances', 'YYYYYYYY'),
  ('organizations', 'YYYYYYKK'),
  ('patients', 'YYYYYYYY'),
  ('payment_methods', 'YYYYYYYY'),
  ('popular_search_keys', 'YYYYYYYY'),
  ('reviews', 'YYDDYYYY'),
  ('schedules', 'YYYYYYYY'),
  ('service_categories', 'YYYYYYYY'),
  ('specialties', 'YYYYYYYY'),
  ('time_slots', 'YYYYYYYY'),
  ('vaccine_details', 'YYYYYYYY'),
  ('vaccines', 'YYYYYYYY'),
  ('voucher_targets', 'YYYYYYYY'),
  ('vouchers', 'YYYYYYYY'),
  ('website_nav', 'YYYYYYYY');
create temp table totals as select
  (select count(*) from public.bookings) as bookings, (select count(*) from public.admin_users) as admin_users,
  (select count(*) from public.hospitals) as hospitals, (select count(*) from public.patients) as patients,
  (select count(*) from public.bookings b join public.hospitals h on h.id = b.hospital_id where h.organization_id = 1) as org1_bookings,
  (select count(*) from public.reviews where doctor_id = 1) as doctor1_reviews,
  (select count(*) from public.hospitals h join public.organizations o on o.id = h.organization_id where h.is_active and o.is_active) as published_hospitals;
grant select on totals to public;
select plan((select count(*)::int * 8 from expectations) + 1 + 3);
select is((select count(*) from expectations), (select count(distinct tbl) from tests.fixtures), 'expectations cover every table of the fixtures');
select tests.act_as('super');
select is(tests.try(o.statement), tests.expected(substr(e.codes, o.pos, 1)), format('super: %s the %s row of %s', o.op, o.target, o.tbl))
  from tests.operations o join expectations e using (tbl) order by o.tbl, o.pos;
select is(tests.try($$delete from public.admin_users where user_id = '00000000-0000-4000-a000-000000000005'$$), 'rows:1', 'super deletes an admin user');
select is((select count(*) from public.patients), (select patients from totals), 'super sees every patient');
select is((select count(*) from public.data_history) > 0, true, 'super reads the data history');
select * from finish();
rollback;
