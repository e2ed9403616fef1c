-- Outbox of outgoing e-mail (issue #26). A mail is written in the same transaction as what it announces (a
-- booking confirmed), so it is sent exactly when that commits; the scheduled function functions/outbox-sender.ts
-- sends due rows through the mail-provider seam with retries and backoff. Server-only: no API role reads it.
create table public.outbox (
  id bigint generated always as identity primary key,
  kind text not null check (length(kind) between 1 and 60),
  locale text not null,
  to_email text not null check (position('@' in to_email) > 1),
  subject text not null,
  body_text text not null,
  body_html text,
  -- Each {filename, contentType, content} with content in base64.
  attachments jsonb not null default '[]' check (jsonb_typeof(attachments) = 'array'),
  send_after timestamptz not null default now(),
  sent_at timestamptz,
  attempts integer not null default 0 check (attempts >= 0),
  last_error text,
  dedupe_key text unique,
  created_at timestamptz not null default now()
);
comment on table public.outbox is 'Outgoing e-mail, written inside the transaction it announces; sent by functions/outbox-sender.ts (server only).';
comment on column public.outbox.send_after is 'Not sent before; a sender claiming a row moves it a lease ahead, a failure moves it by the backoff.';
comment on column public.outbox.dedupe_key is 'One mail per key (e.g. booking-confirmed:<id>:<address>): writers insert … on conflict do nothing.';
create index outbox_due_idx on public.outbox (send_after) where sent_at is null;

alter table public.outbox enable row level security;
revoke all on table public.outbox from anon, authenticated, public;
revoke all on sequence public.outbox_id_seq from anon, authenticated, public;
-- The server's own role (functions connect as the database owner; service_role for tools using Supabase's key).
grant select, insert, update, delete on table public.outbox to service_role;
-- Only the server's own role reads and writes it; the API roles have no privilege and no policy lets them in.
create policy "Only the server reads and writes the outbox" on public.outbox for all to service_role using (true) with check (true);
