-- pgTAP: the row-level security matrix of every role (one file, so a new table is one new row).
-- For every public table: may each role select, insert, update and delete a row in its scope ("in": organization
-- 1, branch 1, doctor 1, patient@demo.test) and one outside it ("out": organization 2, branch 6,
-- patient-other@demo.test)? Codes per role, in the order select in/out, insert in/out, update in/out, delete
-- in/out: Y one row / done, N no row (filtered by row-level security), D denied (42501); refused by the data
-- itself whoever asks: U unique, F foreign key, K check, B a rule with its own message (PT409: a doctor with
-- bookings, or a hospital whose doctors have bookings, cannot be deleted). Since issue 34 `authenticated` writes only
-- the columns of the allow-list (68_write_matrix.test.sql), so an insert naming every column of a row, or an update of
-- a column the API never writes, is D for every role; the allowed writes of each persona are tried there. Each role's own rules
-- are in its file (10_admin … 18_anon). Column heads: senior = senior_branch, other = patient_other.
begin;
create temp table matrix (
  tbl text primary key,
  admin text not null check (admin ~ '^[YNDUFKB]{8}$'),
  super text not null check (super ~ '^[YNDUFKB]{8}$'),
  facility text not null check (facility ~ '^[YNDUFKB]{8}$'),
  senior_branch text not null check (senior_branch ~ '^[YNDUFKB]{8}$'),
  branch text not null check (branch ~ '^[YNDUFKB]{8}$'),
  doctor text not null check (doctor ~ '^[YNDUFKB]{8}$'),
  patient text not null check (patient ~ '^[YNDUFKB]{8}$'),
  patient_other text not null check (patient_other ~ '^[YNDUFKB]{8}$'),
  anon text not null check (anon ~ '^[YNDUFKB]{8}$')
);
grant select on matrix to public;
insert into matrix values
  --                            admin       super       facility    senior      branch      doctor      patient     other       anon
  ('admin_user_branches',       'YYDDDDDD', 'YYDDDDDD', 'YNDDDDDD', 'YNDDDDDD', 'YNDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'DDDDDDDD'),
  ('admin_users',               'YYDDNNNN', 'YYDDNNYY', 'YNDDNNNN', 'YNDDNNNN', 'YNDDYNNN', 'NNDDNNNN', 'NNDDNNNN', 'NNDDNNNN', 'DDDDDDDD'),
  ('articles',                  'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD'),
  ('booking_video_rooms',       'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD'),
  ('bookings',                  'YYDDDDDD', 'YYDDDDDD', 'YNDDDDDD', 'YNDDDDDD', 'YNDDDDDD', 'YNDDDDDD', 'YNDDDDDD', 'NYDDDDDD', 'NNDDDDDD'),
  ('campaign_phones',           'YYDDDDDD', 'YYDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'DDDDDDDD'),
  ('campaigns',                 'YYDDYYDD', 'YYDDYYDD', 'NNDDNNDD', 'NNDDNNDD', 'NNDDNNDD', 'NNDDNNDD', 'NNDDNNDD', 'NNDDNNDD', 'DDDDDDDD'),
  ('clients',                   'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD'),
  ('countries',                 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD'),
  ('hospital_closures',         'YYDDDDDD', 'YYDDDDDD', 'YNDDDDDD', 'YNDDDDDD', 'YNDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'DDDDDDDD'),
  ('public_holidays',           'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'DDDDDDDD'),
  ('doctor_unavailability',     'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD'),
  ('rebooking_offers',          'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD'),
  ('ical_feeds',                'YYDDDDDD', 'YYDDDDDD', 'YNDDDDDD', 'YNDDDDDD', 'YNDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'DDDDDDDD'),
  ('data_history',              'YYDDDDDD', 'YYDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'DDDDDDDD'),
  ('directory_changes',         'YYDDDDDD', 'YYDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'DDDDDDDD'),
  ('doctor_academies',          'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD'),
  ('doctor_availability',       'YYDDYYDD', 'YYDDYYDD', 'YNDDYNDD', 'YNDDYNDD', 'YNDDYNDD', 'YNDDNNDD', 'NNDDNNDD', 'NNDDNNDD', 'DDDDDDDD'),
  ('doctor_expertise',          'YYYYDDYY', 'YYYYDDYY', 'YYYDDDYN', 'YYYDDDYN', 'YYYDDDYN', 'YYYDDDYN', 'YYDDDDNN', 'YYDDDDNN', 'YYDDDDDD'),
  ('doctor_schedule_exceptions','YYDDDDYY', 'YYDDDDYY', 'YNDDDDYN', 'YNDDDDYN', 'YNDDDDYN', 'YNDDDDNN', 'NNDDDDNN', 'NNDDDDNN', 'DDDDDDDD'),
  ('doctor_services',           'YYDDYYYY', 'YYDDYYYY', 'YYDDYNYN', 'YYDDYNYN', 'YYDDYNYN', 'YYDDYNYN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDDDDD'),
  ('doctor_specialties',        'YYYYDDYY', 'YYYYDDYY', 'YYYDDDYN', 'YYYDDDYN', 'YYYDDDYN', 'YYYDDDYN', 'YYDDDDNN', 'YYDDDDNN', 'YYDDDDDD'),
  ('doctor_weekly_hours',       'YYDDDDYY', 'YYDDDDYY', 'YNDDDDYN', 'YNDDDDYN', 'YNDDDDYN', 'YNDDDDNN', 'NNDDDDNN', 'NNDDDDNN', 'DDDDDDDD'),
  ('doctor_tiers',              'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD'),
  ('doctors',                   'YYDDYYBY', 'YYDDYYBY', 'YYDDYNBN', 'YYDDYNBN', 'YYDDYNBN', 'YYDDYNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDDDDD'),
  ('expertise',                 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD'),
  ('family_members',            'YYDDNNNN', 'YYDDNNNN', 'YNDDNNNN', 'YNDDNNNN', 'YNDDNNNN', 'YNDDNNNN', 'YNDDYNYN', 'NYDDNYNY', 'DDDDDDDD'),
  ('homepage_blocks',           'YYDDYYYY', 'YYDDYYYY', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDDDDD'),
  ('hospital_insurances',       'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD'),
  ('hospital_payment_methods',  'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD'),
  ('hospital_services',         'YYDDYYYY', 'YYDDYYYY', 'YYDDYNYN', 'YYDDYNYN', 'YYDDYNYN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDDDDD'),
  ('hospital_specialties',      'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD'),
  ('hospitals',                 'YYDDYYDD', 'YYDDYYDD', 'YYDDYNDD', 'YYDDYNDD', 'YYDDYNDD', 'YYDDNNDD', 'YYDDNNDD', 'YYDDNNDD', 'YYDDDDDD'),
  ('import_rows',               'YYYYDDDD', 'YYYYDDDD', 'YNYDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'DDDDDDDD'),
  ('imports',                   'YYDDDDDD', 'YYDDDDDD', 'YNDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'DDDDDDDD'),
  ('insurances',                'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD'),
  ('outbox',                    'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD'),
  ('notification_read_marks',   'NNDDNNDD', 'NNDDNNDD', 'NNDDNNDD', 'NNDDNNDD', 'YNDDYNDD', 'NNDDNNDD', 'NNDDNNDD', 'NNDDNNDD', 'DDDDDDDD'),
  ('notification_reads',        'NNDDDDNN', 'NNDDDDNN', 'NNDDDDNN', 'NNDDDDNN', 'YNDDDDYN', 'NNDDDDNN', 'NNDDDDNN', 'NNDDDDNN', 'DDDDDDDD'),
  ('notifications',             'YYDDDDDD', 'YYDDDDDD', 'YNDDDDDD', 'YNDDDDDD', 'YNDDDDDD', 'YNDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'DDDDDDDD'),
  ('organizations',             'YYDDYYDD', 'YYDDYYDD', 'YYDDYNDD', 'YYDDNNDD', 'YYDDNNDD', 'YYDDNNDD', 'YYDDNNDD', 'YYDDNNDD', 'YYDDDDDD'),
  ('payment_events',            'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD'),
  ('payments',                  'NNDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'YNDDDDDD', 'NYDDDDDD', 'DDDDDDDD'),
  ('patients',                  'YYDDNNDD', 'YYDDNNDD', 'YNDDNNDD', 'YNDDNNDD', 'YNDDNNDD', 'YNDDNNDD', 'YNDDYNDD', 'NYDDNYDD', 'DDDDDDDD'),
  ('payment_methods',           'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD'),
  ('popular_search_keys',       'YYDDYYYY', 'YYDDYYYY', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDDDDD'),
  ('review_replies',            'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD'),
  ('reviews',                   'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD'),
  ('schedules',                 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD'),
  ('service_categories',        'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD'),
  ('specialties',               'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD'),
  ('time_slots',                'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD'),
  ('vaccine_details',           'YYDDYYDD', 'YYDDYYDD', 'YYDDYNDD', 'YYDDYNDD', 'YYDDYNDD', 'YYDDNNDD', 'YYDDNNDD', 'YYDDNNDD', 'YYDDDDDD'),
  ('vaccines',                  'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD'),
  ('voucher_targets',           'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD'),
  ('vouchers',                  'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD', 'YYDDDDDD'),
  ('webhook_attempts',          'YYDDDDDD', 'YYDDDDDD', 'YNDDDDDD', 'YNDDDDDD', 'YNDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'DDDDDDDD'),
  ('webhook_deliveries',        'YYDDYYDD', 'YYDDYYDD', 'YNDDYNDD', 'YNDDYNDD', 'YNDDYNDD', 'NNDDNNDD', 'NNDDNNDD', 'NNDDNNDD', 'DDDDDDDD'),
  ('webhook_events',            'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD'),
  ('webhooks',                  'YYDDYYYY', 'YYDDYYYY', 'YNDDYNYN', 'YNDDYNYN', 'YNDDYNYN', 'NNDDNNNN', 'NNDDNNNN', 'NNDDNNNN', 'DDDDDDDD'),
  ('website_nav',               'YYDDYYYY', 'YYDDYYYY', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDDDDD');
select plan((select count(*)::int * 8 * 9 from matrix) + 1);
select is((select count(*) from matrix), (select count(distinct tbl) from tests.fixtures), 'the matrix covers every table of the fixtures');
-- One role's column: act as it, then run the eight operations on every table (each undone by tests.try).
create function pg_temp.role_column(who text) returns setof text language plpgsql as $$
declare o record;
begin
  perform tests.act_as(who);
  for o in execute format('select o.statement, o.op, o.target, o.tbl, substr(m.%I, o.pos, 1) as code
                             from tests.operations o join matrix m using (tbl) order by o.tbl, o.pos', who) loop
    return next is(tests.try(o.statement), tests.expected(o.code), format('%s: %s the %s row of %s', who, o.op, o.target, o.tbl));
  end loop;
end $$;
select pg_temp.role_column(r) from unnest(array['admin', 'super', 'facility', 'senior_branch', 'branch', 'doctor', 'patient', 'patient_other', 'anon']) with ordinality as x(r, n) order by n;
select * from finish();
rollback;
