-- pgTAP (issue 37): who may create, edit and deactivate organizations, branches, services and vaccine prices, per
-- role; a branch manager cannot touch another branch. Fixtures (supabase/tests/setup.sql): staff of organization 1
-- (the branch manager has branch 1, the senior branch manager branches 1 and 2); organization 2 starts at branch 6.
begin;
select plan(30);

-- A second organization manager, without an organization yet (SPEC §6 lets it create one).
insert into auth.users (id, email) values ('00000000-0000-4000-d000-000000000037', 'pgtap-new-facility@tests.test');
insert into public.admin_users (user_id, role, name, email) values ('00000000-0000-4000-d000-000000000037', 'facility', 'New facility', 'pgtap-new-facility@tests.test');

-- ---- organizations: public.admin_create_organization ---------------------------------------------------------
select tests.act_as('anon');
select is(tests.try($$select public.admin_create_organization(1::smallint, 'X', 'x', null, null, true)$$), 'denied', 'anon may not create an organization');
reset role;
select tests.act_as('patient');
select is(tests.try($$select public.admin_create_organization(1::smallint, 'X', 'x', null, null, true)$$), 'denied', 'a patient may not create an organization');
reset role;
select tests.act_as('facility');
select is(tests.try($$select public.admin_create_organization(1::smallint, 'X', 'x', null, null, true)$$), 'denied', 'an organization manager that has one may not create another');
reset role;
select tests.act_as('branch');
select is(tests.try($$select public.admin_create_organization(1::smallint, 'X', 'x', null, null, true)$$), 'denied', 'a branch manager may not create an organization');
reset role;
select tests.act_as('doctor');
select is(tests.try($$select public.admin_create_organization(1::smallint, 'X', 'x', null, null, true)$$), 'denied', 'a doctor may not create an organization');
reset role;
select tests.act_as('admin');
select ok(public.admin_create_organization(1::smallint, 'Bệnh viện Mới', 'benh-vien-moi', null, null, true) > 0, 'a platform admin creates one');
reset role;
select is((select count(*)::int from public.organizations where slug = 'benh-vien-moi'), 1, 'with the slug asked for');

select set_config('request.jwt.claims', json_build_object('sub', '00000000-0000-4000-d000-000000000037', 'role', 'authenticated')::text, true),
       set_config('request.jwt.claim.sub', '00000000-0000-4000-d000-000000000037', true), set_config('role', 'authenticated', true);
select ok(public.admin_create_organization(1::smallint, 'Bệnh viện Mới', 'benh-vien-moi', null, null, false) > 0, 'an organization manager without one creates one');
select is(tests.try($$select public.admin_create_organization(1::smallint, 'Thêm nữa', 'them-nua', null, null, false)$$), 'denied', '... and then no second one');
reset role;
select is((select a.organization_id = o.id from public.admin_users a, public.organizations o where a.user_id = '00000000-0000-4000-d000-000000000037' and o.slug = 'benh-vien-moi-2'),
  true, 'the organization manager now belongs to the organization it created (a unique slug was chosen)');
select is((select count(*)::int from public.data_history where table_name = 'admin_users' and row_id = '00000000-0000-4000-d000-000000000037' and action = 'UPDATE'), 1,
  'the membership change is in the data history');

-- ---- organizations: edit and deactivate (policies) ----------------------------------------------------------
select tests.act_as('facility');
select is(tests.try($$update public.organizations set publish_reviews = false where id = 1$$), 'rows:1', 'the organization manager edits its organization');
select is(tests.try($$update public.organizations set is_active = false where id = 2$$), 'rows:0', 'but not another one');
reset role;
select tests.act_as('branch');
select is(tests.try($$update public.organizations set is_active = false where id = 1$$), 'rows:0', 'a branch manager may not deactivate its organization');
reset role;
select tests.act_as('senior_branch');
select is(tests.try($$update public.organizations set name = 'x' where id = 1$$), 'rows:0', 'nor may a senior branch manager edit it');
reset role;

-- ---- branches: edit, publication guard, another branch -------------------------------------------------------
select tests.act_as('branch');
select is(tests.try($$update public.hospitals set emergency_hours = true, working_times = '{"mon": [{"start": "07:00", "end": "11:00"}]}' where id = 1$$), 'rows:1', 'a branch manager edits the hours of its branch');
select is(tests.try($$update public.hospitals set about = 'x' where id = 2$$), 'rows:0', 'but not another branch of its organization');
select is(tests.try($$update public.hospitals set about = 'x' where id = 6$$), 'rows:0', 'nor one of another organization');
select is(tests.try($$update public.hospitals set is_active = false where id = 1$$), 'denied', 'nor deactivate its own branch');
select is(tests.try($$update public.hospitals set exclude_from_index = true where id = 1$$), 'denied', 'nor change its indexing');
select is(tests.try($$insert into public.hospitals (organization_id, country_id, name, slug, time_zone) values (1, 1, 'x', 'pgtap-branch-x', 'Asia/Ho_Chi_Minh')$$), 'denied', 'nor add a branch');
reset role;
select tests.act_as('senior_branch');
select is(tests.try($$update public.hospitals set short_name = 'CS2' where id = 2$$), 'rows:1', 'a senior branch manager edits its second branch');
select is(tests.try($$update public.hospitals set status = case when status = 1 then 0 else 1 end where id = 2$$), 'denied', 'but not its indexing status');
reset role;
select tests.act_as('facility');
select is(tests.try($$update public.hospitals set is_active = false, status = 0 where id = 2$$), 'rows:1', 'the organization manager deactivates a branch and sets its indexing');
select is(tests.try($$insert into public.hospitals (organization_id, country_id, name, slug, time_zone) values (1, 1, 'Cơ sở mới', 'pgtap-branch-new', 'Asia/Ho_Chi_Minh')$$), 'rows:1', 'and adds a branch');
reset role;

-- ---- services --------------------------------------------------------------------------------------------------
select tests.act_as('branch');
select is(tests.try($$update public.hospital_services set price_type = 'range', price = 100, price_to = 200 where hospital_id = 1 and id = (select min(id) from public.hospital_services where hospital_id = 1)$$), 'rows:1', 'a branch manager prices a service of its branch');
select is(tests.try($$update public.hospital_services set status = 0 where hospital_id = 2$$), 'rows:0', 'but cannot deactivate another branch''s services');
select is(tests.try($$update public.hospital_services set price_type = 'range', price_to = null where hospital_id = 1$$), 'error:23514', 'a range without its upper price is refused by the table');
reset role;
select tests.act_as('doctor');
select is(tests.try($$update public.hospital_services set status = 0 where hospital_id = 1$$), 'rows:0', 'a doctor changes no service');
reset role;

-- ---- vaccine prices (vaccine_details) ----------------------------------------------------------------------------
select tests.act_as('branch');
select is(tests.try($$update public.vaccine_details set price = price where hospital_id = 6$$), 'rows:0', 'a branch manager changes no vaccine price of another organization''s branch');
reset role;

select * from finish();
rollback;
