-- pgTAP: anon: published directory data only.
-- For every public table: may it select, insert, update and delete a row in its scope ("in": organization 1,
-- branch 1, doctor 1, patient@demo.test) and one outside it ("out": organization 2, branch 6,
-- patient-other@demo.test)? Codes per table, in the order select in/out, insert in/out, update in/out,
-- delete in/out: Y one row / done, N no row (filtered by row-level security), D denied (42501); refused by the
-- data itself whoever asks: U unique, F foreign key (e.g. a doctor with bookings), K check.
begin;
create temp table expectations (tbl text primary key, codes text not null check (codes ~ '^[YNDUFK]{8}$'));
grant select on expectations to public;
insert into expectations values
  ('admin_user_branches', 'NNDDNNNN'),
  ('admin_users', 'NNDDNNNN'),
  ('articles', 'YYDDNNNN'),
  ('bookings', 'NNDDNNNN'),
  ('campaign_phones', 'NNDDNNNN'),
  ('campaigns', 'NNDDNNNN'),
  ('clients', 'YYDDNNNN'),
  ('countries', 'YYDDNNNN'),
  ('data_history', 'NNDDDDDD'),
  ('directory_changes', 'NNDDDDDD'),
  ('doctor_academies', 'YYDDNNNN'),
  ('doctor_expertise', 'YYDDNNNN'),
  ('doctor_services', 'YYDDNNNN'),
  ('doctor_specialties', 'YYDDNNNN'),
  ('doctor_tiers', 'YYDDNNNN'),
  ('doctors', 'YYDDNNNN'),
  ('expertise', 'YYDDNNNN'),
  ('family_members', 'NNDDNNNN'),
  ('homepage_blocks', 'YYDDNNNN'),
  ('hospital_insurances', 'YYDDNNNN'),
  ('hospital_payment_methods', 'YYDDNNNN'),
  ('hospital_services', 'YYDDNNNN'),
  ('hospital_specialties', 'YYDDNNNN'),
  ('hospitals', 'YYDDNNNN'),
  ('import_rows', 'NNDDNNNN'),
  ('imports', 'NNDDNNNN'),
  ('insurances', 'YYDDNNNN'),
  ('organizations', 'YYDDNNNN'),
  ('patients', 'NNDDNNNN'),
  ('payment_methods', 'YYDDNNNN'),
  ('popular_search_keys', 'YYDDNNNN'),
  ('reviews', 'YYDDNNNN'),
  ('schedules', 'YYDDNNNN'),
  ('service_categories', 'YYDDNNNN'),
  ('specialties', 'YYDDNNNN'),
  ('time_slots', 'YYDDNNNN'),
  ('vaccine_details', 'YYDDNNNN'),
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
select plan((select count(*)::int * 8 from expectations) + 1 + 7);
select is((select count(*) from expectations), (select count(distinct tbl) from tests.fixtures), 'expectations cover every table of the fixtures');
select tests.act_as('anon');
select is(tests.try(o.statement), tests.expected(substr(e.codes, o.pos, 1)), format('anon: %s the %s row of %s', o.op, o.target, o.tbl))
  from tests.operations o join expectations e using (tbl) order by o.tbl, o.pos;
select is((select count(*) from public.hospitals h join public.organizations o on o.id = h.organization_id where not o.is_active), 0::bigint, 'anon reads no hospital of an inactive organization');
select is((select count(*) from public.hospitals), (select published_hospitals from totals), 'anon reads every published hospital');
select is((select count(*) from public.reviews where not is_published), 0::bigint, 'anon reads no unpublished review');
select is((select count(*) from public.reviews r join public.hospitals h on h.id = r.hospital_id join public.organizations o on o.id = h.organization_id where not o.publish_reviews), 0::bigint, 'anon reads no review of an organization that does not publish reviews');
select is((select count(*) from public.hospital_services where status <> 1), 0::bigint, 'anon reads no inactive service');
select is(tests.try('select public.book_slot(1, ''anon-key-0001'')'), 'denied', 'anon cannot book');
select is(tests.try($$select public.campaign_eligibility('baby-formula', 1::smallint, '0901000001')$$), 'denied', 'anon cannot probe campaign phone numbers');
select * from finish();
rollback;
