-- Production shape (issue #25): the availability journal goes. It let a warm function instance keep owner and
-- branch loads until they changed, which production never gains from: a Netlify instance serves one request at a
-- time behind a CDN that already repeats every answer for 3 s (+1 s stale), so what reaches an instance is mostly
-- an owner it has not loaded, while every warm instance read the journal twice a second and every booking wrote a
-- journal row. The schedule and quick-booking calls now read public.public_owner_slots and the branch lists per
-- call, in a transaction as the caller.
--
-- Kept: public.public_owner_slots (one round trip per owner) and public.slot_live_hold_expiry, which it calls.
drop trigger if exists time_slots_note_availability on public.time_slots;
drop trigger if exists bookings_note_availability on public.bookings;
drop trigger if exists time_slots_note_availability_of_all on public.time_slots;
drop trigger if exists schedules_note_availability_of_all on public.schedules;
drop trigger if exists doctors_note_availability_of_all on public.doctors;
drop trigger if exists hospital_services_note_availability_of_all on public.hospital_services;
drop trigger if exists hospitals_note_availability_of_all on public.hospitals;
drop trigger if exists organizations_note_availability_of_all on public.organizations;
drop trigger if exists doctors_note_branch on public.doctors;
drop trigger if exists hospital_services_note_branch on public.hospital_services;
drop trigger if exists doctor_specialties_note_branch on public.doctor_specialties;
drop trigger if exists specialties_note_availability_of_all on public.specialties;
drop trigger if exists countries_note_availability_of_all on public.countries;

drop function if exists public.time_slots_note_availability();
drop function if exists public.bookings_note_availability();
drop function if exists public.note_availability_change_of_all();
drop function if exists public.note_branch_of_row();
drop function if exists public.doctor_specialties_note_branch();
drop function if exists public.availability_changes_since(xid8);
drop function if exists public.note_availability_change(text, bigint);

drop table if exists public.availability_changes;
