-- Issue 24, finding 11: windows fixed to the clock let a 15-minute lock-out end after 53 s (ten hits at the end of
-- one window, the count reset at the next). Sliding window counter: the previous window's hits count in
-- proportion to how much of it still lies inside the last `p_window_seconds`. Same table, same signature.
create or replace function private.rate_limit_hit(p_bucket text, p_key_hash text, p_limit integer, p_window_seconds integer)
returns table (allowed boolean, hits integer, retry_after integer)
language plpgsql security definer set search_path = '' as $$
declare
  v_now timestamptz := clock_timestamp();
  v_start timestamptz;
  v_hits integer;
  v_prev integer;
  v_elapsed double precision;  -- share of the current window gone, 0..1
  v_estimate double precision;
  v_wait double precision;
begin
  if p_limit is null or p_limit < 1 or p_window_seconds is null or p_window_seconds < 1 then
    raise exception 'rate limit and window must be positive' using errcode = 'invalid_parameter_value';
  end if;
  v_start := to_timestamp(floor(extract(epoch from v_now) / p_window_seconds) * p_window_seconds);
  insert into private.rate_limits as r (bucket, key_hash, window_start, hits)
  values (p_bucket, p_key_hash, v_start, 1)
  on conflict (bucket, key_hash, window_start) do update set hits = r.hits + 1
  returning r.hits into v_hits;
  select r.hits into v_prev from private.rate_limits r
   where r.bucket = p_bucket and r.key_hash = p_key_hash and r.window_start = v_start - make_interval(secs => p_window_seconds);
  v_prev := coalesce(v_prev, 0);
  v_elapsed := extract(epoch from (v_now - v_start)) / p_window_seconds;
  v_estimate := v_prev * (1 - v_elapsed) + v_hits;
  if random() < 0.01 then
    delete from private.rate_limits where window_start < v_now - interval '2 days';
  end if;
  if v_estimate <= p_limit then
    return query select true, v_hits, 0;
    return;
  end if;
  -- When the estimate is back within the limit: inside this window while the previous one's share fades, else
  -- in the next window, once this window's hits have faded enough.
  if v_hits <= p_limit and v_prev > 0 then
    v_wait := ((1 - (p_limit - v_hits)::double precision / v_prev) - v_elapsed) * p_window_seconds;
  else
    v_wait := (1 - v_elapsed) * p_window_seconds + (1 - p_limit::double precision / v_hits) * p_window_seconds;
  end if;
  return query select false, v_hits, greatest(1, ceil(v_wait))::integer;
end $$;

revoke execute on function private.rate_limit_hit(text, text, integer, integer) from public, anon, authenticated;
grant execute on function private.rate_limit_hit(text, text, integer, integer) to service_role;
