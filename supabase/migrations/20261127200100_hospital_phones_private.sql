-- Issue 24, finding 2 (the rest): hospital and service phone numbers are no longer readable with the anon key.
-- The phone reveal is signed-in and rate-limited (functions/hospital-phone.ts: /api/hospitals/:id/phone and
-- /api/services/:id/phone); with select on the column, Supabase's REST API gave every number to anyone. The static
-- build prints them (masked for visitors where the market says so) and reads them as the server's own role
-- (src/data/phones.ts); signed-in users keep them (authenticated's grants are unchanged).
revoke select (phone) on public.hospitals from anon;
revoke select (phone) on public.hospital_services from anon;
