-- The admin top bar's notification bell (issue #27 item 4, SPEC §2 "notification bell with numeric badge"):
-- new and cancelled bookings and finished imports, written by triggers, read under row-level security.
--
-- Design, for scale: ONE row per event, not one per recipient. A booking at a branch concerns its branch
-- managers, the organization's managers, every platform admin and the doctor: fanning out would multiply the
-- writes of every booking by the staff count, and a staff member added later would miss the past. The event keeps
-- the ids its audience is derived from (hospital, organization, doctor, import starter), so the policy below is
-- the bookings' own scoping, evaluated once per statement, with no join to bookings.
-- Read state is per user, in two parts: a watermark (`notification_read_marks.read_through`: every notification
-- up to that id is read; "mark all read" moves it, one row per user whatever the volume) and single reads above it
-- (`notification_reads`, removed when the watermark passes them). Unread = above the watermark and not read, so
-- both the count and the reads table stay bounded by what happened since the last "mark all read".

create table public.notifications (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('booking_new', 'booking_cancelled', 'import_finished')),
  organization_id bigint references public.organizations (id) on delete cascade,
  hospital_id bigint references public.hospitals (id) on delete cascade,
  doctor_id bigint references public.doctors (id) on delete set null,
  booking_id bigint references public.bookings (id) on delete cascade,
  import_id bigint references public.imports (id) on delete cascade,
  -- The staff member who started the import: it is theirs to see, as the import itself is.
  import_created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  check ((kind = 'import_finished') = (import_id is not null)),
  check ((kind = 'import_finished') = (booking_id is null)),
  check (kind = 'import_finished' or hospital_id is not null)
);
comment on table public.notifications is 'Events of the admin bell, one row per event (written by triggers only); who sees one is row-level security.';
create index notifications_hospital_idx on public.notifications (hospital_id, id desc);
create index notifications_doctor_idx on public.notifications (doctor_id, id desc) where doctor_id is not null;
create index notifications_organization_idx on public.notifications (organization_id, id desc);
create index notifications_booking_idx on public.notifications (booking_id) where booking_id is not null;
create index notifications_import_idx on public.notifications (import_id) where import_id is not null;
create index notifications_import_created_by_idx on public.notifications (import_created_by) where import_created_by is not null;

create table public.notification_reads (
  user_id uuid not null references auth.users (id) on delete cascade,
  notification_id bigint not null references public.notifications (id) on delete cascade,
  read_at timestamptz not null default now(),
  primary key (user_id, notification_id)
);
comment on table public.notification_reads is 'Notifications a staff member read one by one, above their watermark (notification_read_marks).';
create index notification_reads_notification_idx on public.notification_reads (notification_id);

create table public.notification_read_marks (
  user_id uuid primary key references auth.users (id) on delete cascade,
  read_through bigint not null default 0 check (read_through >= 0),
  updated_at timestamptz not null default now()
);
comment on table public.notification_read_marks is 'Per staff member: every notification with an id up to read_through is read ("mark all read").';

-- ---- triggers: the events ----------------------------------------------------------------------------------
-- Security definer: the caller (a patient confirming, a manager cancelling) cannot write notifications.
create or replace function public.notify_booking_change() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  k text;
begin
  if new.status = 'confirmed' and (tg_op = 'INSERT' or old.status is distinct from 'confirmed') then
    k := 'booking_new';
  elsif tg_op = 'UPDATE' and new.status = 'cancelled' and old.status is distinct from 'cancelled' then
    k := 'booking_cancelled';
  else
    return null;
  end if;
  insert into public.notifications (kind, organization_id, hospital_id, doctor_id, booking_id)
  select k, h.organization_id, new.hospital_id, new.doctor_id, new.id from public.hospitals h where h.id = new.hospital_id;
  return null;
end $$;
create trigger bookings_notify after insert or update of status on public.bookings
  for each row execute function public.notify_booking_change();

-- An import is finished when it leaves 'processing' (SPEC §8: polling stops on any other status).
create or replace function public.notify_import_finished() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.status <> 'processing' and (tg_op = 'INSERT' or old.status = 'processing') then
    insert into public.notifications (kind, organization_id, import_id, import_created_by)
    values ('import_finished', new.organization_id, new.id, new.created_by);
  end if;
  return null;
end $$;
create trigger imports_notify after insert or update of status on public.imports
  for each row execute function public.notify_import_finished();

-- ---- row-level security --------------------------------------------------------------------------------------
alter table public.notifications enable row level security;
alter table public.notification_reads enable row level security;
alter table public.notification_read_marks enable row level security;

-- The scoping of the bookings policies (platform admins all, facility its organization's branches, senior branch
-- and branch their branches, the doctor their own) and of the imports policy (platform admins, the organization's
-- manager, the starter). Patients and anon: nothing (no staff scope matches them; anon has no grant).
create policy "Staff read the notifications of what they may see" on public.notifications for select to authenticated
  using ((select public.is_platform_admin())
         or hospital_id = any ((select public.staff_hospital_ids())::bigint[])
         or (doctor_id is not null and doctor_id = (select public.current_doctor_id()))
         or (kind = 'import_finished'
             and (import_created_by = (select auth.uid())
                  or ((select public.staff_role()) = 'facility' and organization_id = (select public.staff_organization_id())))));

create policy "Staff read their own reads" on public.notification_reads for select to authenticated
  using (user_id = (select auth.uid()));
create policy "Staff mark notifications they see as read" on public.notification_reads for insert to authenticated
  with check (user_id = (select auth.uid()) and exists (select 1 from public.notifications n where n.id = notification_id));
create policy "Staff forget their own reads" on public.notification_reads for delete to authenticated
  using (user_id = (select auth.uid()));

create policy "Staff read their own watermark" on public.notification_read_marks for select to authenticated
  using (user_id = (select auth.uid()));
create policy "Staff set their own watermark" on public.notification_read_marks for insert to authenticated
  with check (user_id = (select auth.uid()) and (select public.is_staff()));
create policy "Staff move their own watermark" on public.notification_read_marks for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()) and (select public.is_staff()));

-- ---- grants: column by column (migration 20261126000100); anon nothing -------------------------------------
grant select (id, kind, organization_id, hospital_id, doctor_id, booking_id, import_id, import_created_by, created_at)
  on public.notifications to authenticated;
grant select (user_id, notification_id, read_at), insert (user_id, notification_id) on public.notification_reads to authenticated;
grant delete on public.notification_reads to authenticated;
grant select (user_id, read_through, updated_at), insert (user_id, read_through), update (read_through, updated_at)
  on public.notification_read_marks to authenticated;
revoke execute on function public.notify_booking_change(), public.notify_import_finished() from public, anon, authenticated;
