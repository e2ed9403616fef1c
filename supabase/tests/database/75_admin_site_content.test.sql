-- pgTAP: admin site content (issue #40; migrations 202611281600xx). The data history is read by platform admins
-- only, written by triggers only, and its clean-up is server-only.
begin;
select plan(32);

-- A change made as the platform admin, so the history has a row of this transaction.
select tests.act_as('admin');
update public.doctors set glance = coalesce(glance, '') || ' ' where id = (select min(id) from public.doctors);
select ok((select count(*) from public.data_history where table_name = 'doctors' and tx_id = txid_current()) = 1, 'the admin reads the history of its own save, with its transaction id');
select is(tests.try($$insert into public.data_history (table_name, row_id, action) values ('doctors', '1', 'UPDATE')$$), 'denied', 'nobody writes the history by hand, not even a platform admin');
select is(tests.try($$delete from public.data_history$$), 'denied', 'nor deletes it');
select is(tests.try($$select public.purge_data_history(400)$$), 'denied', 'the clean-up is not callable through the API');
reset role;

select tests.act_as('super');
select ok((select count(*) from public.data_history) > 0, 'the super admin reads the history');
reset role;

select tests.act_as('facility');
select is((select count(*)::int from public.data_history), 0, 'an organization manager reads none of it');
reset role;
select tests.act_as('senior_branch');
select is((select count(*)::int from public.data_history), 0, 'a senior branch manager reads none');
reset role;
select tests.act_as('branch');
select is((select count(*)::int from public.data_history), 0, 'a branch manager reads none');
reset role;
select tests.act_as('doctor');
select is((select count(*)::int from public.data_history), 0, 'a doctor reads none');
reset role;
select tests.act_as('patient');
select is((select count(*)::int from public.data_history), 0, 'a patient reads none');
reset role;
select tests.act_as('anon');
select is(tests.try('select 1 from public.data_history'), 'denied', 'anon is refused the table');
reset role;

-- Homepage blocks and popular search keys: platform admins only; the table refuses an inactive or foreign entry
-- and a window that ends before it starts, whoever writes.
create table tests.p75 as select max(id) as doctor_id from public.doctors where country_id = 1;
update public.doctors set status = 0 where id = (select doctor_id from tests.p75);
grant select on tests.p75 to authenticated;
select tests.act_as('admin');
select lives_ok($$insert into public.homepage_blocks (country_id, kind, title, image_desktop) values (1, 'presence', 'p75', '/x.webp')$$, 'the admin adds a block');
select is(tests.try($$insert into public.homepage_blocks (country_id, kind, doctor_id) values (1, 'top_doctor', (select doctor_id from tests.p75))$$), 'error:PT422', 'not one showing an inactive doctor');
select is(tests.try($$insert into public.homepage_blocks (country_id, kind, doctor_id)
  select 1, 'top_doctor', d.id from public.doctors d join public.hospitals h on h.id = d.hospital_id where d.country_id = 2 and d.status = 1 and h.is_active limit 1$$), 'error:PT422', 'nor a doctor of another market');
select is(tests.try($$insert into public.homepage_blocks (country_id, kind, title, starts_at, ends_at) values (1, 'presence', 'p75-bad', '2030-01-02', '2030-01-01')$$), 'error:23514', 'nor a window that ends before it starts');
select is(tests.try($$select public.record_homepage_window_edges()$$), 'denied', 'the window edge logger is not callable through the API');
reset role;

select tests.act_as('facility');
select is(tests.try($$insert into public.homepage_blocks (country_id, kind, title) values (1, 'presence', 'p75-facility')$$), 'denied', 'an organization manager adds no homepage block');
select is(tests.try($$update public.homepage_blocks set sort_order = 1 where title = 'p75'$$), 'rows:0', 'nor reorders one');
select is(tests.try($$insert into public.popular_search_keys (country_id, keyword) values (1, 'p75-key')$$), 'denied', 'nor adds a popular search key');
reset role;
select tests.act_as('branch');
select is(tests.try($$update public.popular_search_keys set sort_order = 1$$), 'rows:0', 'a branch manager reorders no popular search key');
reset role;
select tests.act_as('anon');
select is(tests.try($$insert into public.homepage_blocks (country_id, kind, title) values (1, 'presence', 'p75-anon')$$), 'denied', 'anon adds nothing');
reset role;

-- Website navigation: platform admins only; two levels, whoever writes.
select tests.act_as('admin');
select lives_ok($$insert into public.website_nav (country_id, label, url) values (1, 'p75', '/vi-vn/hospitals/');
  insert into public.website_nav (country_id, parent_id, label, url) select 1, id, 'p75-child', '/vi-vn/specialty/' from public.website_nav where label = 'p75'$$, 'the admin adds a menu entry and a sub-entry');
select is(tests.try($$insert into public.website_nav (country_id, parent_id, label, url)
  select 1, c.id, 'p75-grandchild', '/vi-vn/' from public.website_nav c where c.label = 'p75-child'$$), 'error:PT422', 'but no entry under a sub-entry');
reset role;
select tests.act_as('facility');
select is(tests.try($$insert into public.website_nav (country_id, label, url) values (1, 'p75-facility', '/vi-vn/')$$), 'denied', 'an organization manager adds no menu entry');
reset role;
select tests.act_as('senior_branch');
select is(tests.try($$update public.website_nav set label = 'x' where label = 'p75'$$), 'rows:0', 'a senior branch manager changes none');
reset role;

-- Integrations, scoped per hospital (the fixtures of supabase/tests/setup.sql: a hook of branch 1 and one of branch 6).
select tests.act_as('branch');
select is((select array_agg(url order by url) from public.webhooks), array['https://in.example/hook'], 'a branch manager sees the hooks of its branch only');
select is(tests.try($$insert into public.webhooks (hospital_id, url, events) values (6, 'https://x.example/', '{created}')$$), 'denied', 'and adds none to a branch it does not manage');
select is(tests.try($$update public.webhooks set consecutive_failures = 0$$), 'denied', 'nor resets a failure count (the sender''s)');
reset role;
select set_config('request.jwt.claims', json_build_object('sub', '00000000-0000-4000-c000-000000000003', 'role', 'authenticated')::text, true);
select set_config('request.jwt.claim.sub', '00000000-0000-4000-c000-000000000003', true);
set local role authenticated;
select is((select array_agg(url order by url) from public.webhooks), array['https://out.example/hook'], 'another organization''s senior branch manager sees only its own branch''s hook');
select is((select count(*)::int from public.webhook_attempts a join public.webhook_deliveries d on d.id = a.delivery_id join public.webhooks w on w.id = d.webhook_id where w.hospital_id = 1), 0, 'and none of branch 1''s attempts');
reset role;
select tests.act_as('doctor');
select is((select count(*)::int from public.webhooks), 0, 'the doctor role sees no hook');
reset role;

select throws_ok($$select public.purge_data_history(30)$$, '22023', 'The data history is kept at least 365 days', 'the clean-up keeps at least a year whatever it is asked');

select * from finish();
rollback;
