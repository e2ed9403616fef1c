-- pgTAP: the row-level security matrix of every role (one file, so a new table is one new row).
-- For every public table: may each role select, insert, update and delete a row in its scope ("in": organization
-- 1, branch 1, doctor 1, patient@demo.test) and one outside it ("out": organization 2, branch 6,
-- patient-other@demo.test)? Codes per role, in the order select in/out, insert in/out, update in/out, delete
-- in/out: Y one row / done, N no row (filtered by row-level security), D denied (42501); refused by the data
-- itself whoever asks: U unique, F foreign key, K check, B a rule with its own message (PT409: a doctor with
-- bookings, or a hospital whose doctors have bookings, cannot be deleted). Each role's own rules
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
  ('admin_user_branches',      'YYYYYYYY', 'YYYYYYYY', 'YNYDYNYN', 'YNDDNNNN', 'YNDDNNNN', 'NNDDNNNN', 'NNDDNNNN', 'NNDDNNNN', 'DDDDDDDD'),
  ('admin_users',              'YYYYYYNN', 'YYYYYYYY', 'YNYDYNNN', 'YNDDNNNN', 'YNDDYNNN', 'NNDDNNNN', 'NNDDNNNN', 'NNDDNNNN', 'DDDDDDDD'),
  ('articles',                 'YYYYYYYY', 'YYYYYYYY', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDDDDD'),
  ('bookings',                 'YYYYYYYY', 'YYYYYYYY', 'YNYDYNNN', 'YNYDYNNN', 'YNYDYNNN', 'YNDDYNNN', 'YNDDDNNN', 'NYDDNDNN', 'NNDDDDDD'),
  ('campaign_phones',          'YYYYYYYY', 'YYYYYYYY', 'NNDDNNNN', 'NNDDNNNN', 'NNDDNNNN', 'NNDDNNNN', 'NNDDNNNN', 'NNDDNNNN', 'DDDDDDDD'),
  ('campaigns',                'YYYYYYYY', 'YYYYYYYY', 'NNDDNNNN', 'NNDDNNNN', 'NNDDNNNN', 'NNDDNNNN', 'NNDDNNNN', 'NNDDNNNN', 'DDDDDDDD'),
  ('clients',                  'YYYYYYYY', 'YYYYYYYY', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDDDDD'),
  ('countries',                'YYUUYYFF', 'YYUUYYFF', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDDDDD'),
  ('data_history',             'YYDDDDDD', 'YYDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'DDDDDDDD'),
  ('directory_changes',        'YYDDDDDD', 'YYDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'DDDDDDDD'),
  ('doctor_academies',         'YYYYYYYY', 'YYYYYYYY', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDDDDD'),
  ('doctor_availability',      'YYYYYYYY', 'YYYYYYYY', 'YNYDYNYN', 'YNYDYNYN', 'YNYDYNYN', 'YNYDYNYN', 'NNDDNNNN', 'NNDDNNNN', 'DDDDDDDD'),
  ('doctor_expertise',         'YYYYYYYY', 'YYYYYYYY', 'YYYDYNYN', 'YYYDYNYN', 'YYYDYNYN', 'YYYDYNYN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDDDDD'),
  ('doctor_schedule_exceptions','YYYYYYYY', 'YYYYYYYY', 'YNYDYNYN', 'YNYDYNYN', 'YNYDYNYN', 'YNYDYNYN', 'NNDDNNNN', 'NNDDNNNN', 'DDDDDDDD'),
  ('doctor_services',          'YYYYYYYY', 'YYYYYYYY', 'YYYDYNYN', 'YYYDYNYN', 'YYYDYNYN', 'YYYDYNYN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDDDDD'),
  ('doctor_specialties',       'YYYYYYYY', 'YYYYYYYY', 'YYYDYNYN', 'YYYDYNYN', 'YYYDYNYN', 'YYYDYNYN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDDDDD'),
  ('doctor_weekly_hours',      'YYYYYYYY', 'YYYYYYYY', 'YNYDYNYN', 'YNYDYNYN', 'YNYDYNYN', 'YNYDYNYN', 'NNDDNNNN', 'NNDDNNNN', 'DDDDDDDD'),
  ('doctor_tiers',             'YYYYYYYY', 'YYYYYYYY', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDDDDD'),
  ('doctors',                  'YYYYYYBY', 'YYYYYYBY', 'YYYDYNBN', 'YYYDYNBN', 'YYYDYNBN', 'YYDDYNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDDDDD'),
  ('expertise',                'YYYYYYYY', 'YYYYYYYY', 'YYYYNNNN', 'YYYYNNNN', 'YYYYNNNN', 'YYYYNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDDDDD'),
  ('family_members',           'YYYYYYYY', 'YYYYYYYY', 'YNDDNNNN', 'YNDDNNNN', 'YNDDNNNN', 'YNDDNNNN', 'YNYDYNYN', 'NYDYNYNY', 'DDDDDDDD'),
  ('homepage_blocks',          'YYYYYYYY', 'YYYYYYYY', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDDDDD'),
  ('hospital_insurances',      'YYYYYYYY', 'YYYYYYYY', 'YYYDYNYN', 'YYYDYNYN', 'YYYDYNYN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDDDDD'),
  ('hospital_payment_methods', 'YYYYYYYY', 'YYYYYYYY', 'YYYDYNYN', 'YYYDYNYN', 'YYYDYNYN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDDDDD'),
  ('hospital_services',        'YYYYYYYY', 'YYYYYYYY', 'YYYDYNYN', 'YYYDYNYN', 'YYYDYNYN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDDDDD'),
  ('hospital_specialties',     'YYYYYYYY', 'YYYYYYYY', 'YYYDYNYN', 'YYYDYNYN', 'YYYDYNYN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDDDDD'),
  ('hospitals',                'YYYYYYBB', 'YYYYYYBB', 'YYYDYNBN', 'YYDDYNNN', 'YYDDYNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDDDDD'),
  ('import_rows',              'YYYYDDDD', 'YYYYDDDD', 'YNYDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'DDDDDDDD'),
  ('imports',                  'YYDDYYYY', 'YYDDYYYY', 'YNYDYNNN', 'NNDDNNNN', 'NNDDNNNN', 'NNDDNNNN', 'NNDDNNNN', 'NNDDNNNN', 'DDDDDDDD'),
  ('insurances',               'YYYYYYYY', 'YYYYYYYY', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDDDDD'),
  -- issue 40: integrations, the hospital's managers (and platform admins) only; events the sender's only
  ('webhooks',                 'YYDDYYYY', 'YYDDYYYY', 'YNDDYNYN', 'YNDDYNYN', 'YNDDYNYN', 'NNDDNNNN', 'NNDDNNNN', 'NNDDNNNN', 'DDDDDDDD'),
  ('webhook_deliveries',       'YYDDYYDD', 'YYDDYYDD', 'YNDDYNDD', 'YNDDYNDD', 'YNDDYNDD', 'NNDDNNDD', 'NNDDNNDD', 'NNDDNNDD', 'DDDDDDDD'),
  ('webhook_attempts',         'YYDDDDDD', 'YYDDDDDD', 'YNDDDDDD', 'YNDDDDDD', 'YNDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'DDDDDDDD'),
  ('webhook_events',           'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD'),
  ('outbox',                   'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD'),
  ('notification_read_marks',  'NNDDNNDD', 'NNDDNNDD', 'NNDDNNDD', 'NNDDNNDD', 'YNDDYNDD', 'NNDDNNDD', 'NNDDNNDD', 'NNDDNNDD', 'DDDDDDDD'),
  ('notification_reads',       'NNDDDDNN', 'NNDDDDNN', 'NNDDDDNN', 'NNDDDDNN', 'YNDDDDYN', 'NNDDDDNN', 'NNDDDDNN', 'NNDDDDNN', 'DDDDDDDD'),
  ('notifications',            'YYDDDDDD', 'YYDDDDDD', 'YNDDDDDD', 'YNDDDDDD', 'YNDDDDDD', 'YNDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'DDDDDDDD'),
  ('organizations',            'YYYYYYKK', 'YYYYYYKK', 'YYDDYNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDDDDD'),
  ('payment_events',           'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD', 'DDDDDDDD'),
  ('payments',                 'NNDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'NNDDDDDD', 'YNDDDDDD', 'NYDDDDDD', 'DDDDDDDD'),
  ('patients',                 'YYYYYYYY', 'YYYYYYYY', 'YNDDNNNN', 'YNDDNNNN', 'YNDDNNNN', 'YNDDNNNN', 'YNDDYNNN', 'NYDDNYNN', 'DDDDDDDD'),
  ('payment_methods',          'YYYYYYYY', 'YYYYYYYY', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDDDDD'),
  ('popular_search_keys',      'YYYYYYYY', 'YYYYYYYY', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDDDDD'),
  ('reviews',                  'YYDDYYYY', 'YYDDYYYY', 'YYDDYNNN', 'YYDDYNNN', 'YYDDYNNN', 'YYDDNNNN', 'YYDDYNNN', 'YYDDNNNN', 'YYDDDDDD'),
  ('schedules',                'YYYYYYYY', 'YYYYYYYY', 'YYYDYNYN', 'YYYDYNYN', 'YYYDYNYN', 'YYYDYNYN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDDDDD'),
  ('service_categories',       'YYYYYYYY', 'YYYYYYYY', 'YYYDYNYN', 'YYYDYNYN', 'YYYDYNYN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDDDDD'),
  ('specialties',              'YYYYYYYY', 'YYYYYYYY', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDDDDD'),
  ('time_slots',               'YYYYYYYY', 'YYYYYYYY', 'YYYDYNYN', 'YYYDYNYN', 'YYYDYNYN', 'YYYDYNYN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDDDDD'),
  ('vaccine_details',          'YYYYYYYY', 'YYYYYYYY', 'YYYDYNYN', 'YYYDYNYN', 'YYYDYNYN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDDDDD'),
  ('vaccines',                 'YYYYYYYY', 'YYYYYYYY', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDDDDD'),
  ('voucher_targets',          'YYYYYYYY', 'YYYYYYYY', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDDDDD'),
  ('vouchers',                 'YYYYYYYY', 'YYYYYYYY', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDDDDD'),
  ('website_nav',              'YYYYYYYY', 'YYYYYYYY', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDNNNN', 'YYDDDDDD');
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
