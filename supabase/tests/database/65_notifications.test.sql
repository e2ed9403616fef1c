-- pgTAP: the admin bell's notifications (migration 20261127400000): written by triggers on bookings and imports,
-- seen with the scoping of the bookings (platform admins all, facility its organization, senior branch and branch
-- their branches, the doctor their own) and of the imports; marked read by the reader only; patients and anon nothing.
begin;
select plan(26);

-- Events (as the owner, as the booking functions and the import runner would).
select is((select count(*)::int from public.notifications n join public.bookings b on b.id = n.booking_id
            where b.idempotency_key = 'seed-demo-upcoming' and n.kind = 'booking_new'), 1, 'a confirmed booking is one booking_new notification');
update public.bookings set status = 'cancelled', cancelled_at = now() where idempotency_key = 'seed-demo-upcoming';
select is((select count(*)::int from public.notifications n join public.bookings b on b.id = n.booking_id
            where b.idempotency_key = 'seed-demo-upcoming' and n.kind = 'booking_cancelled'), 1, 'cancelling it adds booking_cancelled');
update public.bookings set note = 'changed' where idempotency_key = 'seed-demo-upcoming';
select is((select count(*)::int from public.notifications n join public.bookings b on b.id = n.booking_id
            where b.idempotency_key = 'seed-demo-upcoming'), 2, 'other changes notify nobody');
insert into public.imports (country_id, import_type, organization_id, created_by, file_name, hash)
values (1, 'service', 1, '00000000-0000-4000-a000-000000000004', 'p65.csv', 'p65-import');
select is((select count(*)::int from public.notifications n join public.imports i on i.id = n.import_id where i.hash = 'p65-import'), 0, 'an import still processing notifies nobody');
update public.imports set status = 'import_success', percent = 100 where hash = 'p65-import';
select is((select count(*)::int from public.notifications n join public.imports i on i.id = n.import_id where i.hash = 'p65-import'), 1, 'a finished import is one import_finished notification');

-- The events above and organization 2's booking by a readable key (the roles read no bookings of others).
create table tests.note_keys as
select n.id, n.kind || ':' || coalesce(b.idempotency_key, i.hash) as key from public.notifications n
  left join public.bookings b on b.id = n.booking_id left join public.imports i on i.id = n.import_id
 where b.idempotency_key in ('seed-demo-upcoming', 'seed-other-upcoming') or i.hash = 'p65-import';
grant select on tests.note_keys to anon, authenticated;
create function pg_temp.sees(who text) returns text[] language plpgsql as $$
declare r text[];
begin
  perform tests.act_as(who);
  select coalesce(array_agg(k.key order by k.key), '{}') into r from public.notifications n join tests.note_keys k using (id);
  reset role;
  return r;
end $$;

select is(pg_temp.sees('admin'), array['booking_cancelled:seed-demo-upcoming', 'booking_new:seed-demo-upcoming', 'booking_new:seed-other-upcoming', 'import_finished:p65-import'], 'admin sees every event');
select is(pg_temp.sees('super'), array['booking_cancelled:seed-demo-upcoming', 'booking_new:seed-demo-upcoming', 'booking_new:seed-other-upcoming', 'import_finished:p65-import'], 'super sees every event');
select is(pg_temp.sees('facility'), array['booking_cancelled:seed-demo-upcoming', 'booking_new:seed-demo-upcoming', 'import_finished:p65-import'], 'facility: its organization''s bookings and imports, not organization 2''s');
select is(pg_temp.sees('senior_branch'), array['booking_cancelled:seed-demo-upcoming', 'booking_new:seed-demo-upcoming', 'import_finished:p65-import'], 'senior branch: its branches'' bookings and the import it started');
select is(pg_temp.sees('branch'), array['booking_cancelled:seed-demo-upcoming', 'booking_new:seed-demo-upcoming'], 'branch: its branch''s bookings, not an import it did not start');
select is(pg_temp.sees('doctor'), array['booking_cancelled:seed-demo-upcoming', 'booking_new:seed-demo-upcoming'], 'doctor: its own appointments');
select is(pg_temp.sees('patient'), '{}'::text[], 'the patient of the booking sees no notification');
select is(pg_temp.sees('patient_other'), '{}'::text[], 'another patient sees none');

select tests.act_as('patient');
select is((select count(*)::int from public.notifications), 0, 'a patient reads no notification at all');
select is(tests.try($$insert into public.notification_reads (user_id, notification_id) values ('00000000-0000-4000-a000-000000000007', (select id from tests.note_keys where key = 'booking_new:seed-demo-upcoming'))$$), 'denied', 'a patient cannot mark one read');
select is(tests.try($$insert into public.notification_read_marks (user_id, read_through) values ('00000000-0000-4000-a000-000000000007', 999999)$$), 'denied', 'nor set a watermark');
reset role;

select tests.act_as('anon');
select is(tests.try('select 1 from public.notifications'), 'denied', 'anon is refused the table');
select is(tests.try('select 1 from public.notification_reads'), 'denied', 'and the reads');
reset role;

select tests.act_as('branch');
select is(tests.try($$insert into public.notification_reads (user_id, notification_id)
  select '00000000-0000-4000-a000-000000000005', n.id from public.notifications n where n.kind = 'booking_cancelled'$$), 'rows:1', 'the branch manager marks one of theirs read');
select is(tests.try($$insert into public.notification_reads (user_id, notification_id)
  select '00000000-0000-4000-a000-000000000005', n.id from public.notifications n join tests.note_keys k using (id) where k.key = 'booking_new:seed-other-upcoming'$$),
  'rows:0', 'organization 2''s notification is not even visible to mark');
select is(tests.try($$insert into public.notification_reads (user_id, notification_id) values ('00000000-0000-4000-a000-000000000005', (select id from tests.note_keys where key = 'booking_new:seed-other-upcoming'))$$),
  'denied', 'a read of an id it cannot see is refused by the policy');
select is(tests.try($$insert into public.notification_reads (user_id, notification_id)
  select '00000000-0000-4000-a000-000000000004', n.id from public.notifications n where n.kind = 'booking_cancelled'$$), 'denied', 'nor for someone else');
select is(tests.try($$insert into public.notification_read_marks (user_id, read_through) values ('00000000-0000-4000-a000-000000000004', 1)$$), 'denied', 'nor move someone else''s watermark');
select is(tests.try($$update public.notification_read_marks set read_through = 5, updated_at = now() where user_id = '00000000-0000-4000-a000-000000000005'$$), 'rows:1', 'it moves its own watermark');
select is(tests.try($$insert into public.notifications (kind, hospital_id) values ('booking_new', 1)$$), 'denied', 'nobody writes notifications but the triggers');
reset role;

select ok(not has_function_privilege('authenticated', 'public.notify_booking_change()', 'execute') and not has_function_privilege('anon', 'public.notify_import_finished()', 'execute'),
  'the trigger functions are not callable');
select * from finish();
rollback;
