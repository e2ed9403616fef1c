-- Hospital type (issue #7): the hospital listing filters by it, and the one special specialty's card links to
-- the listing of a fixed type (SPEC §2; src/lib/hospital-page.ts SPECIAL_SPECIALTY). Slug-shaped values, e.g.
-- 'hospital', 'clinic', 'dental-clinic' (labels per locale in the UI strings: listing.type.*). Null: not set,
-- such a hospital is listed under every type filter's "All" only.
alter table public.hospitals add column hospital_type text check (hospital_type ~ '^[a-z0-9]+(-[a-z0-9]+)*$');
comment on column public.hospitals.hospital_type is 'Kind of facility (hospital, clinic, dental-clinic, ...): hospital listing filter.';
create index hospitals_country_type_idx on public.hospitals (country_id, hospital_type);
