-- Issue #40 item 4, what the integrations screen still lacked.
--
-- 1. iCal feeds: a secret address per branch (doctor_id null) or per doctor of a branch that calendar applications
--    subscribe to (functions/ical-feed.ts serves it). Only the SHA-256 of the token is stored: a leak of the table
--    leaks no feed. The token is made here, answered once by ical_feed_create / ical_feed_rotate, and never again;
--    a rotation replaces the hash, so the old address stops answering at once. Managers of the hospital
--    (can_manage_hospital, the same roles as the webhooks) create, rotate and revoke through these definer
--    functions; they read the feeds (never the hash) through the select policy.
-- 2. Webhook secrets at rest: the signing secret is sealed by the functions (AES-256-GCM, key WEBHOOK_SECRET_KEY,
--    src/server/webhook-secret.ts) into secret_sealed; the API roles no longer read `secret`. The database cannot
--    seal (it has no key), so rows written before this migration keep their plain secret until the sender's next
--    run seals them (sealLegacySecrets, src/server/webhooks.ts) and clears it; the check allows one or the other.

create table public.ical_feeds (
  id bigint generated always as identity primary key,
  hospital_id bigint not null references public.hospitals (id) on delete cascade,
  doctor_id bigint references public.doctors (id) on delete cascade,
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  -- The token's last 4 characters: which address a manager copied, without being able to rebuild it.
  token_hint text not null check (length(token_hint) = 4),
  created_by uuid references auth.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  rotated_at timestamptz
);
comment on table public.ical_feeds is 'Calendar (iCal) subscription feeds of a branch or one of its doctors; token_hash = sha-256 hex of the secret token in the address.';
create unique index ical_feeds_target_key on public.ical_feeds (hospital_id, coalesce(doctor_id, 0));
create index ical_feeds_doctor_idx on public.ical_feeds (doctor_id) where doctor_id is not null;

alter table public.ical_feeds enable row level security;
revoke all on public.ical_feeds from anon, authenticated;
create policy "Managers read the calendar feeds of hospitals they manage" on public.ical_feeds for select to authenticated
  using ((select public.staff_role()) in ('admin', 'super', 'facility', 'senior_branch', 'branch') and public.can_manage_hospital(hospital_id));
grant select (id, hospital_id, doctor_id, token_hint, created_at, rotated_at) on public.ical_feeds to authenticated;

-- The scope rule of the three calls: a manager role, the hospital in the caller's scope, the doctor one of it.
create or replace function public.ical_feed_assert_scope(p_hospital_id bigint, p_doctor_id bigint) returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if coalesce(public.staff_role(), '') not in ('admin', 'super', 'facility', 'senior_branch', 'branch')
     or not coalesce(public.can_manage_hospital(p_hospital_id), false) then
    raise exception 'This calendar feed does not exist.' using errcode = 'IC404';
  end if;
  if p_doctor_id is not null and not exists (select 1 from public.doctors d where d.id = p_doctor_id and d.hospital_id = p_hospital_id) then
    raise exception 'This doctor does not belong to the branch.' using errcode = 'IC422';
  end if;
end $$;
revoke execute on function public.ical_feed_assert_scope(bigint, bigint) from public, anon, authenticated;

-- 32 random bytes, base64url without padding: 43 characters.
create or replace function public.ical_feed_token() returns text
language sql volatile set search_path = '' as $$
  select translate(rtrim(encode(extensions.gen_random_bytes(32), 'base64'), '='), '+/', '-_')
$$;
revoke execute on function public.ical_feed_token() from public, anon, authenticated;

create or replace function public.ical_feed_create(p_hospital_id bigint, p_doctor_id bigint) returns table (id bigint, token text)
language plpgsql security definer set search_path = '' as $$
declare
  t text := public.ical_feed_token();
begin
  perform public.ical_feed_assert_scope(p_hospital_id, p_doctor_id);
  if exists (select 1 from public.ical_feeds f where f.hospital_id = p_hospital_id and coalesce(f.doctor_id, 0) = coalesce(p_doctor_id, 0)) then
    raise exception 'This calendar feed already exists: rotate it for a new address.' using errcode = 'IC409';
  end if;
  return query
    insert into public.ical_feeds (hospital_id, doctor_id, token_hash, token_hint)
    values (p_hospital_id, p_doctor_id, encode(sha256(convert_to(t, 'UTF8')), 'hex'), right(t, 4))
    returning ical_feeds.id, t;
end $$;
revoke execute on function public.ical_feed_create(bigint, bigint) from public, anon, authenticated;
grant execute on function public.ical_feed_create(bigint, bigint) to authenticated;

create or replace function public.ical_feed_rotate(p_id bigint) returns table (id bigint, token text)
language plpgsql security definer set search_path = '' as $$
declare
  f public.ical_feeds;
  t text := public.ical_feed_token();
begin
  select * into f from public.ical_feeds x where x.id = p_id for update;
  if not found then
    raise exception 'This calendar feed does not exist.' using errcode = 'IC404';
  end if;
  perform public.ical_feed_assert_scope(f.hospital_id, f.doctor_id);
  return query
    update public.ical_feeds x set token_hash = encode(sha256(convert_to(t, 'UTF8')), 'hex'), token_hint = right(t, 4), rotated_at = now()
    where x.id = p_id returning x.id, t;
end $$;
revoke execute on function public.ical_feed_rotate(bigint) from public, anon, authenticated;
grant execute on function public.ical_feed_rotate(bigint) to authenticated;

create or replace function public.ical_feed_revoke(p_id bigint) returns boolean
language plpgsql security definer set search_path = '' as $$
declare
  f public.ical_feeds;
begin
  select * into f from public.ical_feeds x where x.id = p_id for update;
  if not found then
    raise exception 'This calendar feed does not exist.' using errcode = 'IC404';
  end if;
  perform public.ical_feed_assert_scope(f.hospital_id, f.doctor_id);
  delete from public.ical_feeds x where x.id = p_id;
  return true;
end $$;
revoke execute on function public.ical_feed_revoke(bigint) from public, anon, authenticated;
grant execute on function public.ical_feed_revoke(bigint) to authenticated;

-- Webhook secrets sealed by the functions. secret_hint: the last 4 characters, what the screen shows after creation.
alter table public.webhooks alter column secret drop default;
alter table public.webhooks alter column secret drop not null;
alter table public.webhooks add column secret_sealed text check (secret_sealed ~ '^v1\.[A-Za-z0-9_-]+$' and length(secret_sealed) <= 200);
alter table public.webhooks add column secret_hint text check (length(secret_hint) = 4);
update public.webhooks set secret_hint = right(secret, 4) where secret is not null;
alter table public.webhooks add constraint webhooks_secret_plain_or_sealed check ((secret is null) <> (secret_sealed is null));
comment on column public.webhooks.secret is 'Legacy plain secret of a hook made before sealing; the sender seals it into secret_sealed and clears it.';
comment on column public.webhooks.secret_sealed is 'The signing secret, AES-256-GCM sealed with WEBHOOK_SECRET_KEY (src/server/webhook-secret.ts).';
revoke select (secret), update (secret) on public.webhooks from authenticated;
grant select (secret_hint) on public.webhooks to authenticated;
grant insert (secret_sealed, secret_hint) on public.webhooks to authenticated;
grant update (secret_sealed, secret_hint) on public.webhooks to authenticated;

-- A new sealed secret (a rotation) replaces a legacy plain one: the API roles cannot write `secret` themselves.
create or replace function public.webhooks_secret_sealed() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.secret_sealed is not null and new.secret_sealed is distinct from old.secret_sealed then
    new.secret := null;
  end if;
  return new;
end $$;
revoke execute on function public.webhooks_secret_sealed() from public, anon, authenticated;
create trigger webhooks_secret_sealed before update of secret_sealed on public.webhooks for each row execute function public.webhooks_secret_sealed();
