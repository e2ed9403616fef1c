-- Issue 24, finding 12 (the rest): the storage policies per bucket, on Supabase Storage itself. The local storage
-- stand-in applies them in code (scripts/stand-ins/storage.ts, mayWrite); production's storage.objects needs them
-- as row-level security policies:
--   * the server (service role, which bypasses row-level security) writes every bucket: logos and banners are
--     written by it alone (staff upload through POST /api/admin/uploads);
--   * a signed-in user writes, replaces and deletes only in `avatars`, under a folder named by their own user id
--     (`avatars/<user id>/…`);
--   * a signed-in user may read any object of the three buckets (they are public buckets anyway); anon writes
--     nothing and reads only through the public URLs, which Storage serves without row-level security.
-- The storage schema exists on Supabase only: the local bootstrap (supabase/bootstrap/local.sql) has none, so
-- there the block does nothing.
do $storage$
begin
  if to_regclass('storage.objects') is null then
    raise notice 'storage.objects does not exist (local database): storage policies skipped';
    return;
  end if;
  drop policy if exists "Signed-in users read the picture buckets" on storage.objects;
  drop policy if exists "Signed-in users add their own avatars" on storage.objects;
  drop policy if exists "Signed-in users replace their own avatars" on storage.objects;
  drop policy if exists "Signed-in users delete their own avatars" on storage.objects;
  create policy "Signed-in users read the picture buckets" on storage.objects for select to authenticated
    using (bucket_id in ('avatars', 'logos', 'banners'));
  -- The folder is the first segment, and an object must sit inside it (not be the folder itself).
  create policy "Signed-in users add their own avatars" on storage.objects for insert to authenticated
    with check (bucket_id = 'avatars' and strpos(name, '/') > 0 and split_part(name, '/', 1) = (select auth.uid())::text);
  create policy "Signed-in users replace their own avatars" on storage.objects for update to authenticated
    using (bucket_id = 'avatars' and strpos(name, '/') > 0 and split_part(name, '/', 1) = (select auth.uid())::text)
    with check (bucket_id = 'avatars' and strpos(name, '/') > 0 and split_part(name, '/', 1) = (select auth.uid())::text);
  create policy "Signed-in users delete their own avatars" on storage.objects for delete to authenticated
    using (bucket_id = 'avatars' and strpos(name, '/') > 0 and split_part(name, '/', 1) = (select auth.uid())::text);
end
$storage$;
