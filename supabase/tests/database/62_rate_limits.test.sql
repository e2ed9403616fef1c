-- pgTAP: sliding-window rate limits (issue 24, finding 11). The previous window's hits still count in proportion
-- to the part of it inside the last window, so a lock-out does not end when the clock starts a new window.
begin;
select plan(5);

-- A key that hit the limit many times over in the previous window (of 15 minutes) is still refused now, in a
-- window of its own where a fixed-window count would be 1.
insert into private.rate_limits (bucket, key_hash, window_start, hits)
values ('pgtap', 'previous', to_timestamp(floor(extract(epoch from clock_timestamp()) / 900) * 900) - interval '900 seconds', 1000000);
select is((select allowed from private.rate_limit_hit('pgtap', 'previous', 10, 900)), false,
  'hits of the previous window still count: no reset when a new window starts');
select ok((select retry_after between 1 and 1800 from private.rate_limit_hit('pgtap', 'previous', 10, 900)),
  'Retry-After says when the sliding count falls back within the limit (at most two windows)');

select is((select array_agg(allowed order by n) from generate_series(1, 3) n cross join lateral private.rate_limit_hit('pgtap', 'fresh', 3 + 0 * n, 900)), array[true, true, true],
  'a fresh key gets its limit');
select is((select allowed from private.rate_limit_hit('pgtap', 'fresh', 3, 900)), false, 'one more is refused');
select is((select allowed from private.rate_limit_hit('pgtap', 'other', 3, 900)), true, 'another key is counted apart');

select * from finish();
rollback;
