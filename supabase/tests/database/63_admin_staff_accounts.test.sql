-- pgTAP: staff accounts made from the admin users screen (migrations 20261126300000, 20261126300100): who may call
-- the functions, and the grant rule (roles below one's own, own organization, own branches, staff accounts only).
begin;
select plan(18);
select ok(not has_function_privilege('anon', 'public.admin_create_staff(text, text, text, text, bigint, bigint[])', 'execute'), 'anon cannot create staff');
select ok(has_function_privilege('authenticated', 'public.admin_create_staff(text, text, text, text, bigint, bigint[])', 'execute'), 'signed-in users may call admin_create_staff (it checks the caller)');
select ok(not has_function_privilege('anon', 'public.admin_update_staff(uuid, text, text, text, bigint, bigint[])', 'execute'), 'anon cannot change staff');
select ok(not has_function_privilege('authenticated', 'public.assert_staff_grant(text, bigint, bigint[])', 'execute'), 'the grant check is not callable on its own');
select ok(not has_function_privilege('anon', 'public.admin_consume_password_reset(text, text)', 'execute'), 'anon cannot set a password with a token of its own choosing');
select ok(not has_function_privilege('authenticated', 'public.admin_consume_password_reset(text, text)', 'execute'), 'nor can a signed-in user (only the server, after its checks)');
select ok(not has_function_privilege('anon', 'public.admin_issue_password_reset(text, text, uuid)', 'execute'), 'anon cannot plant a reset token');
select ok(not has_function_privilege('authenticated', 'public.admin_issue_password_reset(text, text, uuid)', 'execute'), 'nor can a signed-in user');
select is(public.admin_consume_password_reset('nothing', 'Long-enough-1'), false, 'an unknown reset token changes nothing');

select tests.act_as('facility');
select is(tests.try($$select public.admin_create_staff('p63-a@pgtap.test', 'A', '', 'facility', 1, '{}')$$), 'denied', 'facility cannot give its own role');
select is(tests.try($$select public.admin_create_staff('p63-b@pgtap.test', 'B', '', 'admin', null, '{}')$$), 'denied', 'facility cannot make a platform admin');
select is(tests.try($$select public.admin_create_staff('p63-c@pgtap.test', 'C', '', 'branch', 2, (select array[min(id)] from public.hospitals where organization_id = 2))$$), 'denied', 'facility cannot add staff to another organization');
select is(tests.try($$select public.admin_create_staff('patient@demo.test', 'P', '', 'branch', 1, (select array[min(id)] from public.hospitals where organization_id = 1))$$), 'denied', 'a patient account cannot be made staff');
select is(tests.try($$select public.admin_create_staff('p63-d@pgtap.test', 'D', '', 'branch', 1, (select array[min(id)] from public.hospitals where organization_id = 1))$$), 'rows:1', 'facility adds a branch manager to its organization');
select is(tests.try($$select public.admin_update_staff('00000000-0000-4000-a000-000000000001', 'X', '', 'branch', 1, '{}')$$), 'denied', 'facility cannot change a platform admin');

select tests.act_as('senior_branch');
select is(tests.try($$select public.admin_create_staff('p63-e@pgtap.test', 'E', '', 'branch', 1, '{}')$$), 'denied', 'senior branch managers do not manage staff (SPEC §6)');

select tests.act_as('branch');
select is(tests.try($$select public.admin_create_staff('p63-f@pgtap.test', 'F', '', 'branch', 1, '{}')$$), 'denied', 'a branch manager grants nothing');

select tests.act_as('anon');
select is(tests.try($$select public.admin_consume_password_reset('nothing', 'Long-enough-1')$$), 'denied', 'anon is refused the call itself');
select * from finish();
rollback;
