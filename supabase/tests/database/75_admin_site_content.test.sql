-- pgTAP: admin site content (issue #40; migrations 202611281600xx). The data history is read by platform admins
-- only, written by triggers only, and its clean-up is server-only.
begin;
select plan(12);

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

select throws_ok($$select public.purge_data_history(30)$$, '22023', 'The data history is kept at least 365 days', 'the clean-up keeps at least a year whatever it is asked');

select * from finish();
rollback;
