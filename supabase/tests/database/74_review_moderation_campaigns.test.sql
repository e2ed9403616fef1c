-- pgTAP: review moderation and admin campaigns (migrations …20261128150000, …20261128150100, issue #39). Who may
-- read, publish, hide and reply per role (the fixtures: facility = organization 1, senior branch = branches 1 and 2,
-- branch = branch 1, doctor = doctor 1; branch 6 is organization 2's); a reply is public only with its published
-- review; an organization that holds new reviews gets them pending; only the admin manages campaigns.
begin;
select plan(46);

create temp table t as
  select (select min(r.id) from public.reviews r where r.hospital_id = 1 and r.status = 'pending') as pending1,
         (select min(r.id) from public.reviews r where r.hospital_id = 1 and r.status = 'published') as pub1,
         (select min(r.id) from public.reviews r where r.hospital_id = 6 and r.status = 'published') as other_pub,
         (select min(r.id) from public.reviews r where r.hospital_id = 1 and r.status = 'published' and r.doctor_id is distinct from 1) as not_doctor1,
         (select id from public.campaigns where code = 'baby-formula' and country_id = 1) as campaign;
grant select on t to public;
select ok((select pending1 is not null and pub1 is not null and other_pub is not null and campaign is not null from t), 'the fixtures exist: a pending and a published review at branch 1, a published one at branch 6, the campaign');

-- ---- anon ---------------------------------------------------------------------------------------------------
select tests.act_as('anon');
select is((select count(*)::int from public.reviews r, t where r.id = t.pending1), 0, 'anon reads no pending review');
select is(tests.try('select status, hidden_reason from public.reviews limit 1'), 'denied', 'nor the moderation columns');
select is(tests.try(format('select public.admin_moderate_reviews(array[%s]::bigint[], %L, null)', (select pub1 from t), 'hidden')), 'denied', 'anon may not call the moderation');
select is(tests.try('insert into public.review_replies (review_id, body) select pub1, ''x'' from t'), 'denied', 'nor write a reply');
select is(tests.try('select 1 from public.campaigns'), 'denied', 'nor read campaigns');

-- ---- a patient --------------------------------------------------------------------------------------------------
select tests.act_as('patient');
select is(tests.try(format('select public.admin_moderate_reviews(array[%s]::bigint[], %L, %L)', (select pub1 from t), 'hidden', 'x')), 'error:PT403', 'a patient cannot hide a review');
select is(tests.try(format('select public.admin_reply_review(%s, %L)', (select pub1 from t), 'Thanks')), 'error:PT404', 'nor reply to one');
select is(tests.try(format('update public.reviews set status = %L where id = %s', 'published', (select pending1 from t))), 'denied', 'nor write the status column');
select is(tests.try('insert into public.review_replies (review_id, body) select pub1, ''x'' from t'), 'denied', 'nor write a reply row');
select is(tests.try(format('select public.admin_set_review_hold(1, true)')), 'error:PT404', 'nor set an organization''s hold');
select is((select count(*)::int from public.campaign_phones), 0, 'a patient reads no campaign phone number');

-- ---- the doctor: its own reviews, read-only ---------------------------------------------------------------------
select tests.act_as('doctor');
select is((select count(*)::int from public.reviews r where r.status <> 'published' and r.doctor_id is distinct from 1), 0, 'the doctor reads no unpublished review of another doctor');
select is(tests.try(format('select public.admin_moderate_reviews(array[%s]::bigint[], %L, null)', (select pub1 from t), 'published')), 'error:PT403', 'the doctor cannot publish');
select is(tests.try(format('select public.admin_reply_review(%s, %L)', (select pub1 from t), 'Thanks')), 'error:PT404', 'nor reply');

-- ---- the branch manager of branch 1 -------------------------------------------------------------------------------
select tests.act_as('branch');
select is((select count(*)::int from public.reviews r, t where r.id = t.pending1), 1, 'the branch manager reads the pending review of its branch');
select is(tests.try(format('select public.admin_moderate_reviews(array[%s]::bigint[], %L, %L)', (select other_pub from t), 'hidden', 'x')), 'error:PT404', 'but cannot hide another organization''s review');
select is(tests.try(format('select public.admin_moderate_reviews(array[%s, %s]::bigint[], %L, %L)', (select pub1 from t), (select other_pub from t), 'hidden', 'x')), 'error:PT404', 'nor a selection with one of them');
select is(tests.try(format('select public.admin_moderate_reviews(array[%s]::bigint[], %L, %L)', (select pub1 from t), 'hidden', '  ')), 'error:PT422', 'hiding needs a reason');
select is(tests.try(format('select public.admin_moderate_reviews(array[%s]::bigint[], %L, null)', (select pub1 from t), 'pending')), 'error:PT422', 'and pending is not a target');
select is((select public.admin_moderate_reviews(array[t.pending1], 'published', null) from t), 1, 'the branch manager publishes the pending review');
select is((select public.admin_moderate_reviews(array[t.pending1], 'published', null) from t), 0, 'publishing it again changes nothing');
select ok((select public.admin_reply_review(t.pub1, 'Thank you for taking the time to share your feedback.') from t), 'and replies to a published review');
select is(tests.try(format('select public.admin_reply_review(%s, %L)', (select other_pub from t), 'Thanks')), 'error:PT404', 'not to another organization''s');
select is(tests.try(format('select public.admin_set_review_hold(1, true)')), 'error:PT404', 'a branch manager cannot set the organization''s hold');

-- ---- a reply is public only with its review --------------------------------------------------------------------
select tests.act_as('anon');
select is((select count(*)::int from public.reviews r, t where r.id = t.pending1), 1, 'anon now reads the published review');
select is((select count(*)::int from public.review_replies rr, t where rr.review_id = t.pub1), 1, 'and the reply of a published review');

select tests.act_as('facility');
select is((select public.admin_moderate_reviews(array[t.pub1], 'hidden', 'Names a phone number') from t), 1, 'the organization manager hides a review with a reason');
select tests.act_as('anon');
select is((select count(*)::int from public.review_replies rr, t where rr.review_id = t.pub1), 0, 'anon reads no reply of a hidden review');
select tests.act_as('senior_branch');
select is((select count(*)::int from public.review_replies rr, t where rr.review_id = t.pub1), 1, 'staff of the branch still read it');
select is((select public.admin_moderate_reviews(array[t.pub1], 'published', null) from t), 1, 'the senior branch manager publishes it again');
select is((select hidden_reason from public.reviews r, t where r.id = t.pub1), null, 'which clears the reason');

-- ---- the hold of new reviews -----------------------------------------------------------------------------------------
select tests.act_as('facility');
select is(tests.try('select public.admin_set_review_hold(2, true)'), 'error:PT404', 'a facility manager cannot set another organization''s hold');
select is((select public.admin_set_review_hold(1, true)), true, 'but sets its own');
reset role;
-- A review written by a signed-in patient (as the review function of the API writes it): pending while held.
select set_config('request.jwt.claims', json_build_object('sub', '00000000-0000-4000-a000-000000000007', 'role', 'authenticated')::text, true);
select set_config('request.jwt.claim.sub', '00000000-0000-4000-a000-000000000007', true);
insert into public.reviews (patient_user_id, author_name, hospital_id, rate, feedback) values ('00000000-0000-4000-a000-000000000007', 'Pgtap Patient', 1, 4, 'Held review');
select is((select status from public.reviews where feedback = 'Held review'), 'pending', 'a new review of a holding organization waits');
select is((select is_published from public.reviews where feedback = 'Held review'), false, 'and is not published');
select set_config('request.jwt.claims', '', true);
select set_config('request.jwt.claim.sub', '', true);
select is((select count(*)::int from public.data_history where table_name = 'reviews' and actor_role in ('branch', 'facility', 'senior_branch') and action = 'UPDATE'
            and row_id in (select pending1::text from t union all select pub1::text from t)), 3, 'each status change is in the data history with its staff role');

-- ---- campaigns: the admin only --------------------------------------------------------------------------------------
select tests.act_as('facility');
select is((select count(*)::int from public.campaign_phones), 0, 'a facility manager reads no campaign phone number');
select is(tests.try('insert into public.campaigns (country_id, code, name) values (1, ''pgtap'', ''Pgtap'')'), 'denied', 'nor creates a campaign');
select is(tests.try(format('select public.admin_set_campaign_doctor(%s, 1, true)', (select campaign from t))), 'error:PT404', 'nor adds a doctor to one');
select tests.act_as('admin');
select is(tests.try('insert into public.campaign_phones (campaign_id, phone, expired_date) select campaign, ''+84 901 999 999'', current_date from t'), 'error:23514', 'the admin stores only normalised numbers');

-- ---- the usage ledger follows the bookings ------------------------------------------------------------------------
reset role;
select set_config('request.jwt.claims', '', true);
create temp table led as
  select (select d.id from public.doctors d where d.country_id = 1 and d.baby_formula_campaign and d.status = 1 order by d.id limit 1) as doctor,
         (select p.id from public.campaign_phones p join t on p.campaign_id = t.campaign where p.phone = '0901000001') as phone_row;
-- The demo patient's verified phone is the eligible number: a telemedicine booking with a campaign doctor.
insert into public.bookings (booking_type, appointment_type, patient_user_id, doctor_id, hospital_id, slot_id, starts_at, status, hold_expires_at, idempotency_key, payment_method)
select 'doctor', 'telemedicine', '00000000-0000-4000-a000-000000000007', led.doctor, d.hospital_id, ts.id, now() + interval '3 days', 'hold', now() + interval '10 minutes', 'pgtap-ledger', 'cash'
  from led join public.doctors d on d.id = led.doctor
  join public.schedules s on s.doctor_id = d.id and s.kind = 'telemedicine' and s.working_day > current_date
  join public.time_slots ts on ts.schedule_id = s.id and ts.booked < ts.capacity
 order by s.working_day, ts.started limit 1;
select is((select booking_id from public.campaign_phones p, led where p.id = led.phone_row), null, 'a hold does not use the number');
update public.bookings set status = 'confirmed' where idempotency_key = 'pgtap-ledger';
select is((select public.campaign_eligibility('baby-formula', 1::smallint, '0901000001') ->> 'invalidreason'), '3', 'a confirmed booking uses it: reason 3 while upcoming');
update public.bookings set status = 'cancelled', cancelled_at = now() where idempotency_key = 'pgtap-ledger';
select is((select row(booking_id, cancellations)::text from public.campaign_phones p, led where p.id = led.phone_row), '(,1)', 'a cancellation frees it and counts');
select is((select (public.campaign_eligibility('baby-formula', 1::smallint, '0901000001') ->> 'valid')::boolean), true, 'the number is eligible again');
update public.bookings set status = 'confirmed', cancelled_at = null where idempotency_key = 'pgtap-ledger';
update public.bookings set status = 'completed' where idempotency_key = 'pgtap-ledger';
select is((select public.campaign_eligibility('baby-formula', 1::smallint, '0901000001') ->> 'invalidreason'), '4', 'a completed visit gives reason 4');

select * from finish();
rollback;
