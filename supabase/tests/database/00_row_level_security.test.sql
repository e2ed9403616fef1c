-- pgTAP: row-level security is on for every table in public, every table has policies, and the role
-- matrix (files 10..18) has fixtures for every table, so a new table without RLS or tests fails here.
begin;
select plan(6);
select is_empty(
  $$select c.relname::text from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity$$,
  'every table in public has row-level security enabled');
select is_empty(
  $$select c.relname::text from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p')
       and not exists (select 1 from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname)$$,
  'every table in public has at least one policy');
select is_empty(
  $$select c.relname::text from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p')
       and not exists (select 1 from tests.fixtures f where f.tbl = c.relname)$$,
  'every table in public is covered by the role matrix');
select is_empty(
  $$select p.proname::text from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'public' and p.prosecdef
       and not coalesce(array_to_string(p.proconfig, ',') like '%search_path=""%', false)$$,
  'every security definer function in public fixes an empty search_path');
select is_empty(
  $$select policyname::text from pg_policies where schemaname = 'public' and policyname !~ '^[A-Z][a-z]+ [a-z]'$$,
  'policies are named as sentences');
select is_empty(
  $$select c.relname::text from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'v'$$,
  'no views in public (a view would bypass row-level security)');
select * from finish();
rollback;
