-- Rate limits of the functions platform (issue #4): counted in Postgres so they hold across serverless
-- instances. Fixed windows; one row per (bucket, hashed key, window start). Kept in schema `private`, which the
-- API roles cannot use (not exposed through Supabase's API): only the server's own connection (the owner) and
-- service_role reach it.

create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to service_role;

create table private.rate_limits (
  bucket text not null check (length(bucket) between 1 and 64),
  key_hash text not null check (length(key_hash) between 1 and 128),
  window_start timestamptz not null,
  hits integer not null default 0 check (hits >= 0),
  primary key (bucket, key_hash, window_start)
);
comment on table private.rate_limits is 'Hits per bucket and hashed key (e-mail, phone, user id or IP; never stored in clear) in fixed windows.';
create index rate_limits_window_idx on private.rate_limits (window_start);

alter table private.rate_limits enable row level security;
revoke all on private.rate_limits from public;

-- Counts one hit atomically (insert ... on conflict do update) and says whether it is within the limit and,
-- when not, how many seconds until the window ends. Old windows are swept now and then.
create or replace function private.rate_limit_hit(p_bucket text, p_key_hash text, p_limit integer, p_window_seconds integer)
returns table (allowed boolean, hits integer, retry_after integer)
language plpgsql security definer set search_path = '' as $$
declare
  v_start timestamptz;
  v_hits integer;
begin
  if p_limit is null or p_limit < 1 or p_window_seconds is null or p_window_seconds < 1 then
    raise exception 'rate limit and window must be positive' using errcode = 'invalid_parameter_value';
  end if;
  v_start := to_timestamp(floor(extract(epoch from clock_timestamp()) / p_window_seconds) * p_window_seconds);
  insert into private.rate_limits as r (bucket, key_hash, window_start, hits)
  values (p_bucket, p_key_hash, v_start, 1)
  on conflict (bucket, key_hash, window_start) do update set hits = r.hits + 1
  returning r.hits into v_hits;
  if random() < 0.01 then
    delete from private.rate_limits where window_start < clock_timestamp() - interval '2 days';
  end if;
  return query select
    v_hits <= p_limit,
    v_hits,
    greatest(1, ceil(extract(epoch from (v_start + make_interval(secs => p_window_seconds) - clock_timestamp()))))::integer;
end $$;

revoke execute on function private.rate_limit_hit(text, text, integer, integer) from public, anon, authenticated;
grant execute on function private.rate_limit_hit(text, text, integer, integer) to service_role;
