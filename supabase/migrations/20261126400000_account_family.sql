-- Patient account (issue 28): the family profiles a signed-in patient manages (SPEC §3-5) and the header's
-- profile read. Policies exist since 20261122000500 (a patient sees and changes only their own rows); the
-- privileges are the column grants of 20261126000100_column_grants (select, insert, update per column, delete on
-- the table), never default privileges.
grant select, insert, update, delete on table public.family_members to service_role;
