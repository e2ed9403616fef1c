-- pgTAP: calendar feeds and sealed webhook secrets (issue #40; migration 20261128202000). Feeds are made, rotated
-- and revoked only through the definer functions, by the managers of the feed's branch; nobody reads a token's
-- hash; the helpers are server-only. Webhook secrets: the API roles read only the hint; a new sealed secret clears a
-- legacy plain one. Fixtures (supabase/tests/setup.sql): a branch feed of branch 1 (in) and of branch 6 (out).
begin;
select plan(26);

create table tests.p78 (what text primary key, id bigint, token text);
insert into tests.p78 values
  ('in', (select id from public.ical_feeds where hospital_id = 1 and doctor_id is null), null),
  ('out', (select id from public.ical_feeds where hospital_id = 6 and doctor_id is null), null),
  ('other_doctor', (select min(id) from public.doctors where hospital_id = 6), null);
grant select, insert, update on tests.p78 to authenticated;

-- A branch manager (branch 1): a doctor feed of its branch, not of another branch nor another branch's doctor.
select tests.act_as('branch');
select lives_ok($$insert into tests.p78 select 'doctor1', id, token from public.ical_feed_create(1, 1)$$, 'a branch manager makes a feed of a doctor of its branch');
select ok((select length(token) = 43 and token ~ '^[A-Za-z0-9_-]+$' from tests.p78 where what = 'doctor1'), 'the address token is 43 base64url characters (32 random bytes)');
select is(tests.try($$select public.ical_feed_create(6, null)$$), 'error:IC404', 'no feed of a branch it does not manage');
select is(tests.try($$select public.ical_feed_create(1, (select id from tests.p78 where what = 'other_doctor'))$$), 'error:IC422', 'nor of another branch''s doctor under its branch');
select is(tests.try($$select public.ical_feed_create(1, null)$$), 'error:IC409', 'one feed per branch: a second is refused (rotate instead)');
select lives_ok($$update tests.p78 set token = (select token from public.ical_feed_rotate((select id from tests.p78 where what = 'in'))) where what = 'in'$$, 'it rotates its branch''s feed');
select is(tests.try($$select public.ical_feed_rotate((select id from tests.p78 where what = 'out'))$$), 'error:IC404', 'not another branch''s');
select is(tests.try($$select public.ical_feed_revoke((select id from tests.p78 where what = 'out'))$$), 'error:IC404', 'nor revokes it');
select is(tests.try($$select token_hash from public.ical_feeds$$), 'denied', 'nobody reads the token hashes');
select is((select array_agg(hospital_id order by hospital_id, doctor_id nulls first) from public.ical_feeds), array[1, 1]::bigint[], 'it reads the feeds of its branch only');
select is(tests.try($$insert into public.ical_feeds (hospital_id, token_hash, token_hint) values (1, repeat('e', 64), 'eeee')$$), 'denied', 'no plain insert (the definer function makes the token)');
select is(tests.try($$update public.ical_feeds set token_hint = 'zzzz'$$), 'denied', 'no plain update');
select is(tests.try($$select public.ical_feed_token()$$), 'denied', 'the token maker is server-only');
select is(tests.try($$select public.ical_feed_assert_scope(1, null)$$), 'denied', 'and so is the scope rule');
reset role;

select is((select token_hash from public.ical_feeds where id = (select id from tests.p78 where what = 'doctor1')),
  (select encode(sha256(convert_to(token, 'UTF8')), 'hex') from tests.p78 where what = 'doctor1'), 'the table keeps the SHA-256 of the token, not the token');
select ok((select token_hash <> repeat('a', 64) and rotated_at is not null from public.ical_feeds where id = (select id from tests.p78 where what = 'in')), 'a rotation replaced the hash (the old address finds nothing)');

-- The doctor role, patients and anon: nothing.
select tests.act_as('doctor');
select is(tests.try($$select public.ical_feed_create(1, 1)$$), 'error:IC404', 'the doctor role makes no feed');
select is((select count(*)::int from public.ical_feeds), 0, 'and reads none');
reset role;
select tests.act_as('patient');
select is(tests.try($$select public.ical_feed_revoke((select id from tests.p78 where what = 'in'))$$), 'error:IC404', 'a patient revokes none');
reset role;
select tests.act_as('anon');
select is(tests.try($$select public.ical_feed_create(1, null)$$), 'denied', 'anon may not call the feed functions');
reset role;

-- Another organization's senior branch manager (branch 6) and a platform admin.
select set_config('request.jwt.claims', json_build_object('sub', '00000000-0000-4000-c000-000000000003', 'role', 'authenticated')::text, true);
select set_config('request.jwt.claim.sub', '00000000-0000-4000-c000-000000000003', true);
set local role authenticated;
select is(tests.try($$select public.ical_feed_revoke((select id from tests.p78 where what = 'in'))$$), 'error:IC404', 'another organization''s manager revokes none of branch 1''s feeds');
select is(tests.try($$select public.ical_feed_revoke((select id from tests.p78 where what = 'out'))$$), 'rows:1', 'but revokes its own branch''s');
reset role;
select tests.act_as('admin');
select lives_ok($$select public.ical_feed_create(6, (select id from tests.p78 where what = 'other_doctor'))$$, 'a platform admin makes a feed of any branch''s doctor');
reset role;

-- Webhook secrets: the hint only; a new sealed secret clears a legacy plain one.
select tests.act_as('branch');
select is(tests.try($$select secret from public.webhooks$$), 'denied', 'the API roles do not read a plain secret');
select is(tests.try($$select secret_sealed from public.webhooks$$), 'denied', 'nor the sealed one');
reset role;
update public.webhooks set secret_sealed = null, secret = repeat('f', 64) where url = 'https://in.example/hook';
update public.webhooks set secret_sealed = 'v1.sealed-again' where url = 'https://in.example/hook';
select is((select secret from public.webhooks where url = 'https://in.example/hook'), null, 'sealing a legacy hook clears its plain secret');

select * from finish();
rollback;
