-- The schedule calls' owner loads (public.public_owner_slots) run one query whose plan is the same for every batch:
-- an index probe per owner id, then its schedules and slots by index. PL/pgSQL planned it afresh on each call (its
-- plan cache kept choosing custom plans), about 0.3 ms a call: a third of a one-owner load. Batches are small under
-- load (shared loads leave after 2 ms: mostly 1–8 owners), so the function now always uses the generic plan (the
-- same shape as the custom one). Measured on PostgreSQL 15 at the benchmark scale, as anon, pgbench, one connection:
-- one owner 0.69–0.82 → 0.43–0.48 ms a call, 10 owners 1.26–1.34 → 1.17–1.21 ms, 50 owners unchanged (4.9 ms).
alter function public.public_owner_slots(text, bigint[], date, date) set plan_cache_mode = force_generic_plan;
