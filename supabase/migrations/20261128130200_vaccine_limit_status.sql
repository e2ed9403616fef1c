-- Vaccine prices per branch (issue 37, /admin/vaccination): a third status, 'limit' (few doses left, still
-- bookable), beside 'available' and 'out_of_stock' (SPEC §3's availability enum). No status removes a vaccine
-- detail: out of stock is shown on the page, which stays published (src/lib/vaccination.ts).
alter table public.vaccine_details drop constraint if exists vaccine_details_status_check;
alter table public.vaccine_details add constraint vaccine_details_status_check check (status in ('available', 'out_of_stock', 'limit'));
