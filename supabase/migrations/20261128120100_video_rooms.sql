-- Telemedicine visits (issue 36 item 1): the video room of a confirmed telemedicine booking. The room's address
-- is as good as a key to the consultation, so it is granted to nobody: the patient of the booking and the staff
-- in scope (the hospital's managers, platform admins, the booking's doctor) read it through
-- public.booking_video_room; the server attaches it through private.attach_video_room when the booking is
-- confirmed (src/server/video-rooms.ts, provider seam src/server/video-provider.ts).

create table public.booking_video_rooms (
  booking_id bigint primary key references public.bookings (id) on delete cascade,
  provider text not null check (length(provider) between 1 and 40),
  room_url text not null check (room_url ~ '^https://' and length(room_url) <= 500),
  created_at timestamptz not null default now()
);
comment on table public.booking_video_rooms is 'The video room of a telemedicine booking: no API role reads it; public.booking_video_room answers the patient and staff in scope.';
alter table public.booking_video_rooms enable row level security;
revoke all on table public.booking_video_rooms from anon, authenticated, public;
grant select, insert, delete on table public.booking_video_rooms to service_role;
create policy "Only the server reads and writes video rooms" on public.booking_video_rooms for all to service_role using (true) with check (true);

/*
 * The room of a booking for the caller: the booking's patient, a platform admin, a manager of its hospital, or its
 * doctor; null for anyone else (as for a booking without a room), so the answer tells nothing about others.
 */
create or replace function public.booking_video_room(p_booking_id bigint) returns text
language sql stable security definer set search_path = '' as $$
  select r.room_url
    from public.booking_video_rooms r
    join public.bookings b on b.id = r.booking_id
   where r.booking_id = p_booking_id and auth.uid() is not null
     and b.status in ('confirmed', 'completed')
     and (b.patient_user_id = auth.uid()
          or public.can_manage_hospital(b.hospital_id)
          or (b.doctor_id is not null and b.doctor_id = public.current_doctor_id()))
$$;
revoke execute on function public.booking_video_room(bigint) from public, anon, authenticated;
grant execute on function public.booking_video_room(bigint) to authenticated, service_role;

/* Attaches a room to a confirmed telemedicine booking once (server only); false when it had one or is not one. */
create or replace function private.attach_video_room(p_booking_id bigint, p_provider text, p_room_url text) returns boolean
language plpgsql security definer set search_path = '' as $$
declare n integer;
begin
  insert into public.booking_video_rooms (booking_id, provider, room_url)
  select b.id, p_provider, p_room_url from public.bookings b
   where b.id = p_booking_id and b.appointment_type = 'telemedicine' and b.status = 'confirmed'
  on conflict (booking_id) do nothing;
  get diagnostics n = row_count;
  return n > 0;
end $$;
revoke execute on function private.attach_video_room(bigint, text, text) from public, anon, authenticated;
grant execute on function private.attach_video_room(bigint, text, text) to service_role;
