-- Patient account (issue 28): the family profiles a signed-in patient manages (SPEC §3-5) and the header's
-- profile read. Policies exist since 20261122000500 (a patient sees and changes only their own rows); the
-- privileges are granted explicitly here, not left to default privileges.
grant select, insert, update, delete on table public.family_members to authenticated;
grant select, insert, update, delete on table public.family_members to service_role;
