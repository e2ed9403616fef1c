-- Data history reader (issue #40 item 3): the admin screen /admin/data-history reads public.data_history as the
-- platform admin (its select policy, migration 20261122000500), newest first, filtered by record kind, record,
-- person, action and days, one save (one transaction) shown as one entry. This migration adds what that needs and
-- the retention clean-up.

-- One save = one transaction. The triggers' insert names no tx_id, so the default fills it for every writer
-- (record_data_history, and the patient-record reads another module writes). Added without a default first so the
-- existing rows are not rewritten (a large table); older rows keep null and stand alone as entries.
alter table public.data_history add column tx_id bigint;
alter table public.data_history alter column tx_id set default txid_current();
comment on column public.data_history.tx_id is 'The writing transaction (txid_current()): the rows of one save share it; the screen shows them as one entry.';

-- Keyset pages ordered by (occurred_at desc, id desc), each filter served by an index that starts with it:
--   no filter / days only      → data_history_occurred_id_idx
--   record kind (+ record id)  → data_history_table_occurred_idx / data_history_table_row_idx (existing)
--   person                     → data_history_actor_idx (existing)
--   the rows of a save         → data_history_tx_idx
-- Under row-level security only leakproof operators reach an index condition: the filters are plain equality and
-- range comparisons of text, uuid, timestamptz and bigint, which are leakproof, and the policy itself reads no
-- column (is_platform_admin(), evaluated once).
create index data_history_occurred_id_idx on public.data_history (occurred_at desc, id desc);
drop index if exists public.data_history_occurred_idx;
create index data_history_table_occurred_idx on public.data_history (table_name, occurred_at desc, id desc);
create index data_history_tx_idx on public.data_history (tx_id) where tx_id is not null;

grant select (tx_id) on public.data_history to authenticated;

-- Retention (src/lib/data-history.ts DATA_HISTORY_RETENTION_DAYS, 400 days: a year and a month, so a yearly audit
-- always finds its whole year). Deletes the oldest rows in batches (short statements, each through the occurred_at
-- index), at most p_max_batches per call; a backlog is caught up over successive daily runs. Refuses to keep less
-- than a year whatever the caller passes. Server-only: the scheduled function calls it as the login role.
create or replace function public.purge_data_history(p_keep_days integer, p_batch integer default 5000, p_max_batches integer default 40)
returns bigint
language plpgsql security definer set search_path = '' as $$
declare
  cutoff timestamptz;
  n bigint := 0;
  d integer;
begin
  if p_keep_days is null or p_keep_days < 365 then
    raise exception 'The data history is kept at least 365 days' using errcode = '22023';
  end if;
  cutoff := now() - make_interval(days => p_keep_days);
  for i in 1 .. greatest(p_max_batches, 1) loop
    delete from public.data_history h
     where h.id in (select x.id from public.data_history x where x.occurred_at < cutoff order by x.occurred_at, x.id limit greatest(p_batch, 1));
    get diagnostics d = row_count;
    n := n + d;
    exit when d < greatest(p_batch, 1);
  end loop;
  return n;
end $$;
revoke execute on function public.purge_data_history(integer, integer, integer) from public, anon, authenticated;
