-- What a Supabase project provides by itself, recreated for local databases (PGlite, Debian PostgreSQL).
-- Kept OUTSIDE supabase/migrations on purpose: the migrations must apply unchanged to a real Supabase project,
-- where all of this already exists. Idempotent, and safe when several test databases bootstrap at once
-- (roles are cluster-wide, so concurrent creation may race: both error codes are swallowed).

do $$
declare r text;
begin
  foreach r in array array['anon', 'authenticated', 'service_role'] loop
    begin
      if not exists (select 1 from pg_roles where rolname = r) then
        execute format('create role %I nologin noinherit', r);
      end if;
    exception when duplicate_object or unique_violation then null;
    end;
  end loop;
  begin
    alter role service_role bypassrls;
  exception when insufficient_privilege then null;
  end;
end $$;

create schema if not exists extensions;
create extension if not exists pgcrypto with schema extensions;
grant usage on schema extensions to anon, authenticated, service_role;

-- Supabase's search path: extension functions (crypt, similarity, ...) resolve without a schema prefix.
do $$ begin
  execute format('alter database %I set search_path = "$user", public, extensions', current_database());
end $$;
set search_path = "$user", public, extensions;

-- Supabase grants the API roles everything in public; row-level security is what decides.
grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;

create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;

-- The columns of GoTrue's auth.users that this product and the local auth stand-in use.
create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key default gen_random_uuid(),
  aud varchar(255) default 'authenticated',
  role varchar(255) default 'authenticated',
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb default '{}'::jsonb,
  raw_user_meta_data jsonb default '{}'::jsonb,
  is_super_admin boolean,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  phone text unique,
  phone_confirmed_at timestamptz,
  banned_until timestamptz,
  deleted_at timestamptz,
  is_sso_user boolean not null default false,
  is_anonymous boolean not null default false
);
create unique index if not exists users_email_partial_key on auth.users (email) where is_sso_user = false;
-- Pending e-mail and phone changes (PUT /auth/v1/user, confirmed by POST /auth/v1/verify type email_change or
-- phone_change), as GoTrue keeps them; the codes themselves are in auth.one_time_tokens. Added separately so
-- existing local databases gain them too.
alter table auth.users add column if not exists email_change varchar(255) default '';
alter table auth.users add column if not exists email_change_sent_at timestamptz;
alter table auth.users add column if not exists email_change_confirm_status smallint default 0;
alter table auth.users add column if not exists phone_change text default '';
alter table auth.users add column if not exists phone_change_sent_at timestamptz;

-- Same definitions as Supabase's: claims come from the request's JWT, set per transaction.
create or replace function auth.uid() returns uuid language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.jwt() returns jsonb language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

grant execute on function auth.uid(), auth.role(), auth.jwt() to anon, authenticated, service_role;

-- The Supabase CLI's migration history table, so `supabase db push` and the local runner agree.
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  statements text[],
  name text
);

-- GoTrue's session tables, used by the local auth stand-in (scripts/stand-ins/auth.ts) as Supabase Auth uses
-- them: a session per sign-in, rotating refresh tokens, one-time codes stored hashed.
create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  aal text default 'aal1',
  not_after timestamptz,
  refreshed_at timestamp,
  user_agent text,
  ip text
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

create table if not exists auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) unique,
  user_id varchar(255),
  revoked boolean default false,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);
create index if not exists refresh_tokens_session_id_idx on auth.refresh_tokens (session_id);

create table if not exists auth.one_time_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type text not null,
  token_hash text not null,
  relates_to text not null,
  created_at timestamp not null default now(),
  updated_at timestamp not null default now()
);
create index if not exists one_time_tokens_relates_to_idx on auth.one_time_tokens (relates_to);
