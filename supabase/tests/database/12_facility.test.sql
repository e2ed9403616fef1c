-- pgTAP: facility (organization manager of organization 1): its organization and all its branches.
-- For every public table: may it select, insert, update and delete a row in its scope ("in": organization 1,
-- branch 1, doctor 1, patient@demo.test) and one outside it ("out": organization 2, branch 6,
-- patient-other@demo.test)? Codes per table, in the order select in/out, insert in/out, update in/out,
-- delete in/out: Y one row / done, N no row (filtered by row-level security), D denied (42501); refused by the
-- data itself whoever asks: U unique, F foreign key (e.g. a doctor with bookings), K check.
begin;
create temp table expectations (tbl text primary key, codes text not null check (codes ~ '^[YNDUFK]{8}$'));
grant select on expectations to public;
insert into expectations values
  ('admin_user_branches', 'YNYDYNYN'),
  ('admin_users', 'YNYDYNNN'),
  ('articles', 'YYDDNNNN'),
  ('bookings', 'YNYDYNNN'),
  ('campaign_phones', 'NNDDNNNN'),
  ('campaigns', 'NNDDNNNN'),
  ('clients', 'YYDDNNNN'),
  ('countries', 'YYDDNNNN'),
  ('data_history', 'NNDDDDDD'),
  ('directory_changes', 'NNDDDDDD'),
  ('doctor_academies', 'YYDDNNNN'),
  ('doctor_expertise', 'YYYDYNYN'),
  ('doctor_services', 'YYYDYNYN'),
  ('doctor_specialties', 'YYYDYNYN'),
  ('doctor_tiers', 'YYDDNNNN'),
  ('doctors', 'YYYDYNFN'),
  ('expertise', 'YYYYNNNN'),
  ('family_members', 'YNDDNNNN'),
  ('homepage_blocks', 'YYDDNNNN'),
  ('hospital_insurances', 'YYYDYNYN'),
  ('hospital_payment_methods', 'YYYDYNYN'),
  ('hospital_services', 'YYYDYNYN'),
  ('hospital_specialties', 'YYYDYNYN'),
  ('hospitals', 'YYYDYNFN'),
  ('import_rows', 'YNYDNNNN'),
  ('imports', 'YNYDYNNN'),
  ('insurances', 'YYDDNNNN'),
  ('organizations', 'YYDDYNNN'),
  ('patients', 'YNDDNNNN'),
  ('payment_methods', 'YYDDNNNN'),
  ('popular_search_keys', 'YYDDNNNN'),
  ('reviews', 'YYDDYNNN'),
  ('schedules', 'YYYDYNYN'),
  ('service_categories', 'YYYDYNYN'),
  ('specialties', 'YYDDNNNN'),
  ('time_slots', 'YYYDYNYN'),
  ('vaccine_details', 'YYYDYNYN'),
  ('vaccines', 'YYDDNNNN'),
  ('voucher_targets', 'YYDDNNNN'),
  ('vouchers', 'YYDDNNNN'),
  ('website_nav', 'YYDDNNNN');
create temp table totals as select
  (select count(*) from public.bookings) as bookings, (select count(*) from public.admin_users) as admin_users,
  (select count(*) from public.hospitals) as hospitals, (select count(*) from public.patients) as patients,
  (select count(*) from public.bookings b join public.hospitals h on h.id = b.hospital_id where h.organization_id = 1) as org1_bookings,
  (select count(*) from public.reviews where doctor_id = 1) as doctor1_reviews,
  (select count(*) from public.hospitals h join public.organizations o on o.id = h.organization_id where h.is_active and o.is_active) as published_hospitals;
grant select on totals to public;
select plan((select count(*)::int * 8 from expectations) + 1 + 9);
select is((select count(*) from expectations), (select count(distinct tbl) from tests.fixtures), 'expectations cover every table of the fixtures');
select tests.act_as('facility');
select is(tests.try(o.statement), tests.expected(substr(e.codes, o.pos, 1)), format('facility: %s the %s row of %s', o.op, o.target, o.tbl))
  from tests.operations o join expectations e using (tbl) order by o.tbl, o.pos;
select is((select count(*) from public.bookings b join public.hospitals h on h.id = b.hospital_id where h.organization_id <> 1), 0::bigint, 'facility reads no booking of another organization');
select is((select count(*) from public.patients p where not exists (select 1 from public.bookings b where b.patient_user_id = p.user_id)), 0::bigint, 'facility reads only patients who booked with its organization');
select is((select count(*) from public.admin_users where organization_id is distinct from 1), 0::bigint, 'facility reads no staff of another organization');
select is((select count(*) from public.bookings), (select org1_bookings from totals), 'facility reads every booking of its organization');
select is(tests.try('update public.hospitals set name = name where organization_id = 1'), 'rows:5', 'facility updates all five branches of its organization');
select is(tests.try('update public.hospitals set name = name where organization_id <> 1'), 'rows:0', 'facility updates no branch of another organization');
select is(tests.try($$update public.admin_users set role = 'admin' where user_id = '00000000-0000-4000-a000-000000000005'$$), 'denied', 'facility cannot make a manager a platform admin');
select is(tests.try($$update public.admin_users set organization_id = 2 where user_id = '00000000-0000-4000-a000-000000000003'$$), 'denied', 'facility cannot move itself to another organization');
select is(tests.try($$delete from public.admin_users where user_id = '00000000-0000-4000-a000-000000000005'$$), 'rows:0', 'facility cannot delete admin users (only super)');
select * from finish();
rollback;
