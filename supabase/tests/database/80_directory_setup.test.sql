-- pgTAP (issue 37, the directory's set-up): who may set a branch's specialties, insurances and accepted payments
-- (its managers; a branch manager never another branch; entries of the branch's market only), who may create and
-- edit a vaccine's shared details (platform admins; out of stock at a branch never hides the vaccine), and who may
-- read an organization's go-live facts, with the facts following the data. Fixtures (supabase/tests/setup.sql):
-- organization 1 (branch manager: branch 1; senior branch manager: branches 1 and 2); organization 2 from branch 6.
begin;
select plan(39);

create temp table ids (k text primary key, v bigint);
grant all on ids to anon, authenticated;
insert into ids
select 'spec1', min(id) from public.specialties where country_id = 1 union all
select 'spec1b', max(id) from public.specialties where country_id = 1 union all
select 'spec2', min(id) from public.specialties where country_id = 2 union all
select 'ins1', min(id) from public.insurances where country_id = 1 union all
select 'pay1', min(id) from public.payment_methods where country_id = 1;

-- ---- 1. a branch's lists: public.admin_set_branch_catalogs -----------------------------------------------------
select tests.act_as('anon');
select is(tests.try($$select public.admin_set_branch_catalogs(1, '{}', '{}', '{}')$$), 'denied', 'anon may not set a branch''s lists');
reset role;
select tests.act_as('patient');
select is(tests.try($$select public.admin_set_branch_catalogs(1, '{}', '{}', '{}')$$), 'denied', 'nor a patient');
reset role;
select tests.act_as('doctor');
select is(tests.try($$select public.admin_set_branch_catalogs(1, '{}', '{}', '{}')$$), 'denied', 'nor a doctor');
reset role;
select tests.act_as('branch');
select is(tests.try($$select public.admin_set_branch_catalogs(2, '{}', '{}', '{}')$$), 'denied', 'a branch manager may not set another branch''s lists');
select is(tests.try($$select public.admin_set_branch_catalogs(6, '{}', '{}', '{}')$$), 'denied', '... nor those of another organization''s branch');
select is(tests.try($$insert into public.hospital_specialties (hospital_id, specialty_id) values (1, (select v from ids where k = 'spec1b'))$$), 'denied',
  'the link tables are not written directly (only through the function)');
select is(tests.try($$select public.admin_set_branch_catalogs(1, array[(select v from ids where k = 'spec2')], null, null)$$), 'error:22023',
  'a specialty of another market is refused');
select lives_ok($$select public.admin_set_branch_catalogs(1, array[(select v from ids where k = 'spec1'), (select v from ids where k = 'spec1b')],
  array[(select v from ids where k = 'ins1')], array[(select v from ids where k = 'pay1')])$$, 'a branch manager sets its branch''s three lists');
reset role;
select is((select array_agg(specialty_id order by specialty_id) from public.hospital_specialties where hospital_id = 1),
  (select array_agg(v order by v) from ids where k in ('spec1', 'spec1b')), 'the branch has exactly the specialties given');
select is((select array_agg(insurance_id) from public.hospital_insurances where hospital_id = 1), array[(select v from ids where k = 'ins1')], '... the insurances');
select is((select array_agg(payment_method_id) from public.hospital_payment_methods where hospital_id = 1), array[(select v from ids where k = 'pay1')], '... and the accepted payments');
select ok(exists (select 1 from public.directory_changes where entity = 'hospitals' and entity_id = 1 and changed_at = now()), 'the change is in the directory change log (the site is rebuilt)');
select tests.act_as('branch');
select lives_ok($$select public.admin_set_branch_catalogs(1, null, '{}', null)$$, 'a null list is left as it is; an empty one is cleared');
reset role;
select is((select count(*)::int from public.hospital_specialties where hospital_id = 1), 2, 'the specialties stayed');
select is((select count(*)::int from public.hospital_insurances where hospital_id = 1), 0, 'the insurances were cleared');
select tests.act_as('senior_branch');
select lives_ok($$select public.admin_set_branch_catalogs(2, array[(select v from ids where k = 'spec1')], null, null)$$, 'a senior branch manager sets its second branch''s lists');
reset role;
select tests.act_as('facility');
select is(tests.try($$select public.admin_set_branch_catalogs(6, '{}', '{}', '{}')$$), 'denied', 'an organization manager may not set another organization''s branch');
reset role;
select tests.act_as('admin');
select lives_ok($$select public.admin_set_branch_catalogs(6, array[(select v from ids where k = 'spec1')], null, null)$$, 'a platform admin sets any branch''s lists');
reset role;

-- ---- 2. vaccine details: public.admin_save_vaccine ---------------------------------------------------------------
select tests.act_as('anon');
select is(tests.try($$select public.admin_save_vaccine(null, 1::smallint, 'X', 'x', null, null, null, null, '{}', '{}', true)$$), 'denied', 'anon may not create a vaccine');
reset role;
select tests.act_as('facility');
select is(tests.try($$select public.admin_save_vaccine(null, 1::smallint, 'X', 'x', null, null, null, null, '{}', '{}', true)$$), 'denied', 'nor an organization manager');
select is(tests.try($$select public.admin_save_vaccine((select min(id) from public.vaccines where country_id = 1), null, 'X', null, null, null, null, null, '{}', '{}', true)$$), 'denied',
  'nor may it edit a vaccine''s shared details');
select is(tests.try($$update public.vaccines set notice = 'x' where country_id = 1$$), 'denied', 'nor write the table directly');
reset role;
select tests.act_as('senior_branch');
select is(tests.try($$select public.admin_save_vaccine((select min(id) from public.vaccines where country_id = 1), null, 'X', null, null, null, null, null, '{}', '{}', true)$$), 'denied', 'nor a senior branch manager');
reset role;
select tests.act_as('branch');
select is(tests.try($$select public.admin_save_vaccine((select min(id) from public.vaccines where country_id = 1), null, 'X', null, null, null, null, null, '{}', '{}', true)$$), 'denied', 'nor a branch manager');
reset role;
select tests.act_as('admin');
insert into ids select 'vaccine', public.admin_save_vaccine(null, 1::smallint, 'Vắc xin Cúm Tứ Giá', 'vac-xin-cum-tu-gia', 'Cúm 4 chủng', '/images/vaccine.png',
  'Phòng 4 chủng cúm.', 'Tiêm nhắc hằng năm.', array['Trẻ từ 6 tháng', 'Người lớn'], array['1 mũi'], true);
insert into ids select 'vaccine2', public.admin_save_vaccine(null, 1::smallint, 'Vắc xin Cúm Tứ Giá', 'vac-xin-cum-tu-gia', null, null, null, null, '{}', '{}', true);
reset role;
select is((select slug from public.vaccines where id = (select v from ids where k = 'vaccine')), 'vac-xin-cum-tu-gia', 'a platform admin creates a vaccine, with the slug asked for');
select is((select slug from public.vaccines where id = (select v from ids where k = 'vaccine2')), 'vac-xin-cum-tu-gia-2', '... and a second one of the same name gets a slug of its own');
select is((select (display_name, age_group_labels, doses_labels, notice)::text from public.vaccines where id = (select v from ids where k = 'vaccine')),
  ('Cúm 4 chủng', array['Trẻ từ 6 tháng', 'Người lớn'], array['1 mũi'], 'Tiêm nhắc hằng năm.')::text, 'with its display name, age groups, doses and notice');
select tests.act_as('super');
select is(public.admin_save_vaccine((select v from ids where k = 'vaccine'), null, 'Vắc xin Cúm', 'other-slug', 'Cúm', null, 'Mô tả', null, '{}', array['2 mũi'], true),
  (select v from ids where k = 'vaccine'), 'a super admin edits its details');
reset role;
select is((select (name, slug, logo)::text from public.vaccines where id = (select v from ids where k = 'vaccine')), ('Vắc xin Cúm', 'vac-xin-cum-tu-gia', null::text)::text,
  'the slug (part of every vaccine page address) never changes on an edit');
-- Out of stock at a branch: the vaccine stays readable to visitors (its page stays published).
insert into public.vaccine_details (vaccine_id, hospital_id, price, status, price_unit) values ((select v from ids where k = 'vaccine'), 1, 350000, 'available', 'VND');
select tests.act_as('branch');
select is(tests.try($$update public.vaccine_details set status = 'out_of_stock' where hospital_id = 1 and vaccine_id = (select v from ids where k = 'vaccine')$$), 'rows:1',
  'a branch manager sets the vaccine out of stock at its branch');
update public.vaccine_details set status = 'out_of_stock' where hospital_id = 1 and vaccine_id = (select v from ids where k = 'vaccine');
reset role;
select tests.act_as('anon');
select is((select count(*)::int from public.vaccines v join public.vaccine_details d on d.vaccine_id = v.id where v.id = (select v from ids where k = 'vaccine') and d.status = 'out_of_stock'), 1,
  'out of stock: visitors still read the vaccine and its branch price (the page stays published)');
reset role;

-- ---- 3. the go-live facts: public.organization_go_live -----------------------------------------------------------
select tests.act_as('anon');
select is(tests.try($$select public.organization_go_live(1)$$), 'denied', 'anon may not read an organization''s go-live facts');
reset role;
select tests.act_as('doctor');
select is(tests.try($$select public.organization_go_live(1)$$), 'denied', 'nor a doctor');
reset role;
select tests.act_as('facility');
select is(tests.try($$select public.organization_go_live(2)$$), 'denied', 'nor an organization manager another organization''s');
reset role;
select tests.act_as('branch');
select is((public.organization_go_live(1) -> 'branch' ->> 'id')::int, 1, 'a branch manager reads them for its own branch only');
reset role;

-- A new organization, walked step by step as a platform admin: the facts follow the data.
select tests.act_as('admin');
insert into ids select 'org', public.admin_create_organization(1::smallint, 'Phòng khám Go-live', 'phong-kham-go-live', null, null, true);
select is(public.organization_go_live((select v from ids where k = 'org')) - 'organizationId',
  '{"branch": null, "doctor": null, "branchActive": false, "doctorActive": false, "doctorHasPrice": false, "doctorHasSlots": false, "branchHasHours": false, "branchHasAddress": false, "organizationActive": true}'::jsonb,
  'a new organization: active, and nothing else yet');
reset role;
-- The branch and the doctor as the screens would leave them (written here as the owner; their own rules are 72_'s and the doctors' files).
insert into public.hospitals (organization_id, country_id, name, slug, address, time_zone, working_times)
values ((select v from ids where k = 'org'), 1, 'Cơ sở 1', 'pgtap-go-live-1', '12 Lê Lợi, Quận 1', 'Asia/Ho_Chi_Minh', '{"mon": [{"start": "08:00", "end": "17:00"}]}');
insert into ids select 'branch', id from public.hospitals where slug = 'pgtap-go-live-1';
insert into public.doctors (name, slug, organization_id, country_id, hospital_id) values ('BS. Go-live', 'pgtap-go-live-doctor', (select v from ids where k = 'org'), 1, (select v from ids where k = 'branch'));
insert into ids select 'doctor', id from public.doctors where slug = 'pgtap-go-live-doctor';
select tests.act_as('admin');
select is(public.organization_go_live((select v from ids where k = 'org')) - 'organizationId' - 'branch' - 'doctor',
  '{"branchActive": true, "doctorActive": true, "doctorHasPrice": false, "doctorHasSlots": false, "branchHasHours": true, "branchHasAddress": true, "organizationActive": true}'::jsonb,
  'a branch with hours and an address and an active doctor: no price and no slot yet');
reset role;
insert into public.doctor_services (doctor_id, name, price_type, price) values ((select v from ids where k = 'doctor'), 'Khám', 'fixed', 250000);
insert into public.schedules (kind, doctor_id, hospital_id, working_day) values ('outpatient', (select v from ids where k = 'doctor'), (select v from ids where k = 'branch'), current_date + 2);
insert into public.time_slots (schedule_id, started, ended) select id, '09:00', '09:30' from public.schedules where doctor_id = (select v from ids where k = 'doctor');
select tests.act_as('admin');
select is((public.organization_go_live((select v from ids where k = 'org')) ->> 'doctorHasSlots')::boolean and (public.organization_go_live((select v from ids where k = 'org')) ->> 'doctorHasPrice')::boolean, true,
  'a priced service and a free slot from today: every step done');
reset role;
update public.time_slots set booked = 1 where schedule_id in (select id from public.schedules where doctor_id = (select v from ids where k = 'doctor'));
update public.doctors set status = 0 where id = (select v from ids where k = 'doctor');
select tests.act_as('admin');
select is(public.organization_go_live((select v from ids where k = 'org')) - 'organizationId' - 'branch' - 'doctor',
  '{"branchActive": true, "doctorActive": false, "doctorHasPrice": true, "doctorHasSlots": false, "branchHasHours": true, "branchHasAddress": true, "organizationActive": true}'::jsonb,
  'a fully booked slot is no availability, and an inactive doctor is not bookable');
reset role;

select * from finish();
rollback;
