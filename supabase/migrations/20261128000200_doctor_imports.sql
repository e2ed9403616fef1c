-- CSV imports of the admin doctors module (issue #29 item 5; src/server/imports.ts, functions/admin-imports.ts,
-- functions/import-rows-background.ts). The tables (imports, import_rows) and their policies exist since
-- 20261122000300 and 20261122000500; records are written by the import as its starter, under the policies of the
-- tables they land in, and the bell rings on the final status (20261127400000).

-- The natural keys an import finds an earlier record by, so that the same file imported twice creates nothing
-- twice: a doctor by branch and name, a doctor's service by doctor and name, a branch's service by branch and name.
create index doctors_hospital_lower_name_idx on public.doctors (hospital_id, lower(name));
create index doctor_services_doctor_lower_name_idx on public.doctor_services (doctor_id, lower(name));
create index hospital_services_hospital_lower_name_idx on public.hospital_services (hospital_id, lower(name));

-- The starter of an import updates its progress and final status, but cannot hand it to someone else or move it
-- into another organization (where that organization's facility manager would see it and its rows).
drop policy "Staff update their own imports" on public.imports;
create policy "Staff update their own imports" on public.imports for update to authenticated
  using (created_by = (select auth.uid()) or (select public.is_platform_admin()))
  with check ((select public.is_platform_admin())
              or (created_by = (select auth.uid()) and organization_id is not distinct from (select public.staff_organization_id())));
