-- Integrations (issue #40 item 4): webhooks for booking events per hospital (branch). A hospital's managers
-- (branch, senior branch and facility managers in scope, and platform admins: can_manage_hospital) register a URL,
-- the events it wants and get a secret; every booking change is recorded as a webhook event in the booking's own
-- transaction (trigger), and the scheduled sender (functions/webhook-deliveries.ts) turns events into deliveries for
-- the matching hooks (which event a change is: src/lib/webhooks.ts), signs and sends them with retries and back-off,
-- records each attempt, and pauses a hook after repeated failures with a bell entry. Payloads carry ids and times.

create table public.webhooks (
  id bigint generated always as identity primary key,
  hospital_id bigint not null references public.hospitals (id) on delete cascade,
  url text not null check (url ~ '^https?://[^\s]+$' and length(url) <= 500),
  events text[] not null check (cardinality(events) between 1 and 6
    and events <@ array['created', 'confirmed', 'cancelled', 'rescheduled', 'completed', 'no_show']),
  secret text not null default encode(extensions.gen_random_bytes(32), 'hex'),
  is_active boolean not null default true,
  paused_at timestamptz,
  consecutive_failures integer not null default 0 check (consecutive_failures >= 0),
  created_by uuid references auth.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.webhooks is 'Booking-event webhooks of a hospital (branch); secret signs each delivery (HMAC-SHA256 over "timestamp.body").';
create index webhooks_hospital_idx on public.webhooks (hospital_id);
create trigger webhooks_updated_at before update on public.webhooks for each row execute function public.set_updated_at();

-- Booking changes waiting to be fanned out to the hooks (ids and statuses only).
create table public.webhook_events (
  id bigint generated always as identity primary key,
  booking_id bigint not null,
  hospital_id bigint not null,
  old_status text,
  new_status text not null,
  rescheduled_from_id bigint,
  occurred_at timestamptz not null default now(),
  processed_at timestamptz
);
create index webhook_events_pending_idx on public.webhook_events (id) where processed_at is null;

create table public.webhook_deliveries (
  id bigint generated always as identity primary key,
  webhook_id bigint not null references public.webhooks (id) on delete cascade,
  event text not null,
  booking_id bigint not null,
  payload jsonb not null,
  status text not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  delivered_at timestamptz
);
create index webhook_deliveries_webhook_idx on public.webhook_deliveries (webhook_id, id desc);
create index webhook_deliveries_due_idx on public.webhook_deliveries (next_attempt_at) where status = 'pending';

create table public.webhook_attempts (
  id bigint generated always as identity primary key,
  delivery_id bigint not null references public.webhook_deliveries (id) on delete cascade,
  attempted_at timestamptz not null default now(),
  http_status integer,
  duration_ms integer not null,
  error text check (length(error) <= 300),
  manual boolean not null default false
);
create index webhook_attempts_delivery_idx on public.webhook_attempts (delivery_id, id desc);

alter table public.webhooks enable row level security;
alter table public.webhook_events enable row level security;
alter table public.webhook_deliveries enable row level security;
alter table public.webhook_attempts enable row level security;
revoke all on public.webhooks, public.webhook_events, public.webhook_deliveries, public.webhook_attempts from anon, authenticated;

-- Managers of the hospital (and platform admins) see and manage its hooks; the doctor role and patients nothing.
-- Plain writes are acceptable: the policy (scope and role), the column list and the table's checks refuse what
-- the API refuses; sending and pausing are the server's (no grant).
create policy "Managers read the webhooks of hospitals they manage" on public.webhooks for select to authenticated
  using ((select public.staff_role()) in ('admin', 'super', 'facility', 'senior_branch', 'branch') and public.can_manage_hospital(hospital_id));
create policy "Managers add webhooks to hospitals they manage" on public.webhooks for insert to authenticated
  with check ((select public.staff_role()) in ('admin', 'super', 'facility', 'senior_branch', 'branch') and public.can_manage_hospital(hospital_id));
create policy "Managers change the webhooks of hospitals they manage" on public.webhooks for update to authenticated
  using ((select public.staff_role()) in ('admin', 'super', 'facility', 'senior_branch', 'branch') and public.can_manage_hospital(hospital_id))
  with check ((select public.staff_role()) in ('admin', 'super', 'facility', 'senior_branch', 'branch') and public.can_manage_hospital(hospital_id));
create policy "Managers remove the webhooks of hospitals they manage" on public.webhooks for delete to authenticated
  using ((select public.staff_role()) in ('admin', 'super', 'facility', 'senior_branch', 'branch') and public.can_manage_hospital(hospital_id));
-- Booking changes waiting to be fanned out are the sender's only (no grant either); the policy says so.
create policy "Nobody reads pending webhook events through the API" on public.webhook_events for select to authenticated using (false);
create policy "Managers read the deliveries of webhooks they see" on public.webhook_deliveries for select to authenticated
  using (exists (select 1 from public.webhooks w where w.id = webhook_id));
create policy "Managers redeliver deliveries of webhooks they see" on public.webhook_deliveries for update to authenticated
  using (exists (select 1 from public.webhooks w where w.id = webhook_id))
  with check (exists (select 1 from public.webhooks w where w.id = webhook_id));
create policy "Managers read the attempts of deliveries they see" on public.webhook_attempts for select to authenticated
  using (exists (select 1 from public.webhook_deliveries d where d.id = delivery_id));

grant select (id, hospital_id, url, events, secret, is_active, paused_at, consecutive_failures, created_by, created_at, updated_at) on public.webhooks to authenticated;
grant insert (hospital_id, url, events) on public.webhooks to authenticated;
grant update (url, events, is_active, secret) on public.webhooks to authenticated;
grant delete on public.webhooks to authenticated;
grant select (id, webhook_id, event, booking_id, payload, status, attempts, next_attempt_at, created_at, delivered_at) on public.webhook_deliveries to authenticated;
-- Redeliver by hand: back to pending, due now (the sender sends it on its next run).
grant update (status, next_attempt_at) on public.webhook_deliveries to authenticated;
grant select (id, delivery_id, attempted_at, http_status, duration_ms, error, manual) on public.webhook_attempts to authenticated;

-- Switching a paused hook back on clears its failure count (the sender counts again from zero).
create or replace function public.webhooks_resume() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.is_active and not old.is_active then
    new.paused_at := null;
    new.consecutive_failures := 0;
  end if;
  return new;
end $$;
revoke execute on function public.webhooks_resume() from public, anon, authenticated;
create trigger webhooks_resume before update of is_active on public.webhooks for each row execute function public.webhooks_resume();

-- Every booking change a hook may care about, in the booking's transaction (security definer: patients and staff
-- changing bookings cannot write the table). Holds and expiries are nobody's business outside.
create or replace function public.record_webhook_event() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.status in ('hold', 'expired') then return null; end if;
  if tg_op = 'UPDATE' and old.status = new.status and old.starts_at = new.starts_at then return null; end if;
  if not exists (select 1 from public.webhooks w where w.hospital_id = new.hospital_id and w.is_active) then return null; end if;
  insert into public.webhook_events (booking_id, hospital_id, old_status, new_status, rescheduled_from_id)
  values (new.id, new.hospital_id, case when tg_op = 'UPDATE' then old.status end, new.status, new.rescheduled_from_id);
  return null;
end $$;
revoke execute on function public.record_webhook_event() from public, anon, authenticated;
create trigger bookings_webhook_event after insert or update of status, starts_at on public.bookings
  for each row execute function public.record_webhook_event();

-- The bell entry of a paused hook: its hospital's managers see it (the notifications' own scoping).
alter table public.notifications drop constraint if exists notifications_kind_check;
alter table public.notifications add constraint notifications_kind_check check (kind in ('booking_new', 'booking_cancelled', 'import_finished', 'webhook_paused'));
alter table public.notifications add column webhook_id bigint references public.webhooks (id) on delete cascade;
grant select (webhook_id) on public.notifications to authenticated;
