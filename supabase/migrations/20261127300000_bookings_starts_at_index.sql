-- The admin overview (functions/admin-overview.ts) reads a market's bookings by appointment time over up to 366 days;
-- for platform admins no hospital narrows it, so the (hospital_id, starts_at) index does not serve. Private as before:
-- an index opens nothing.
create index bookings_starts_at_idx on public.bookings (starts_at);
