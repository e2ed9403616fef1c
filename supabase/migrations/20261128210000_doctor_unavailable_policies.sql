-- The two tables of "Doctor unavailable" (issue 35) are the server's alone: no API role has a grant on them, and
-- like booking_video_rooms each names that in a policy, so every public table states who reaches its rows.
create policy "Only the server reads and writes doctor unavailability" on public.doctor_unavailability
  for all to service_role using (true) with check (true);
create policy "Only the server reads and writes rebooking offers" on public.rebooking_offers
  for all to service_role using (true) with check (true);
