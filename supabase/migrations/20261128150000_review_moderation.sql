-- Review moderation (issue #39 item 1, SPEC §2 /admin/reviews): a review is pending, published or hidden (with a
-- reason); an organization chooses whether new reviews publish at once (the default, today's behaviour) or wait for
-- a look; the hospital answers a review with one public reply. Every change goes through the security definer
-- functions below (scope checked inside, as the API checks it); the data history and the directory change log
-- (the next rebuild) record each one through the existing triggers.
--
-- `reviews.is_published` stays the column the public policies, the static build and the rating summaries read:
-- it is kept equal to `status = 'published'` by reviews_status_sync, so existing pages show only published reviews.

-- ---- columns ----------------------------------------------------------------------------------------------------
alter table public.organizations add column hold_new_reviews boolean not null default false;
comment on column public.organizations.hold_new_reviews is 'true: a new review waits (pending) until staff publish it; false: it is published at once. publish_reviews off still hides every review publicly.';

alter table public.reviews
  add column status text not null default 'published' check (status in ('pending', 'published', 'hidden')),
  add column hidden_reason text check (char_length(hidden_reason) between 1 and 500),
  add column moderated_at timestamptz;
update public.reviews set status = case when is_published then 'published' else 'hidden' end where status <> case when is_published then 'published' else 'hidden' end;
alter table public.reviews add constraint reviews_status_published check (is_published = (status = 'published'));
alter table public.reviews add constraint reviews_hidden_reason check (status = 'hidden' or hidden_reason is null);
create index reviews_hospital_status_idx on public.reviews (hospital_id, status, created_at desc);

-- ---- status on insert and update --------------------------------------------------------------------------------
-- A review written by a signed-in non-staff user (the patient, directly or through the lead's review function) follows
-- the organization's choice; its author editing the text sends it back for a look where the organization waits.
-- A write of is_published alone (older code) is read as publish or hide. Seeds and the server (no auth.uid()) set
-- what they write.
create or replace function public.reviews_status_sync() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  holds boolean;
  author boolean := auth.uid() is not null and auth.uid() = new.patient_user_id and not public.is_staff();
begin
  select o.hold_new_reviews into holds from public.hospitals h join public.organizations o on o.id = h.organization_id where h.id = new.hospital_id;
  if tg_op = 'INSERT' then
    if author or (auth.uid() is not null and not public.is_staff()) then
      new.status := case when coalesce(holds, false) then 'pending' else 'published' end;
      new.hidden_reason := null;
      new.moderated_at := null;
    elsif new.status = 'published' and not new.is_published then
      new.status := 'hidden';
    end if;
  else
    if new.status = old.status and new.is_published is distinct from old.is_published then
      new.status := case when new.is_published then 'published' else 'hidden' end;
    end if;
    if author and coalesce(holds, false) and new.feedback is distinct from old.feedback and old.status = 'published' then
      new.status := 'pending';
    end if;
  end if;
  new.is_published := new.status = 'published';
  if new.status <> 'hidden' then new.hidden_reason := null; end if;
  return new;
end $$;
create trigger reviews_status_sync before insert or update on public.reviews for each row execute function public.reviews_status_sync();

-- ---- replies ----------------------------------------------------------------------------------------------------
create table public.review_replies (
  review_id bigint primary key references public.reviews (id) on delete cascade,
  body text not null check (char_length(btrim(body)) between 1 and 2000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.review_replies is 'The hospital''s one public reply to a review; readable exactly when its review is (policy below).';
create trigger review_replies_updated_at before update on public.review_replies for each row execute function public.set_updated_at();
create trigger review_replies_data_history after insert or update or delete on public.review_replies
  for each row execute function public.record_data_history('review_id');
create trigger review_replies_directory_change after insert or update or delete on public.review_replies
  for each row execute function public.record_directory_change('review_id');

alter table public.review_replies enable row level security;
-- The review's own policies decide (the subquery runs with the caller's row-level security): anon and patients
-- see a reply only with a published review of an organization that publishes reviews; staff with the reviews
-- of their scope; the doctor with their own reviews.
create policy "Replies are readable with their review" on public.review_replies for select to anon, authenticated
  using (exists (select 1 from public.reviews r where r.id = review_id));
grant select (review_id, body, created_at, updated_at) on public.review_replies to anon, authenticated;

-- New review columns: staff and the author read them (rows as the review policies decide); anon reads none of
-- them (it sees published reviews only). Writes only through the functions below.
grant select (status, hidden_reason, moderated_at) on public.reviews to authenticated;
-- Like the organization's other settings (publish_reviews): platform admins create organizations, and the organization
-- policies let only platform admins and the organization's own manager update one, exactly who may set the hold
-- (admin_set_review_hold is the API's way, with the same rule).
grant select (hold_new_reviews), insert (hold_new_reviews), update (hold_new_reviews) on public.organizations to authenticated;

-- ---- the moderation calls -------------------------------------------------------------------------------------
-- The roles that moderate (SPEC §2 menu: admin, facility, branch, senior_branch; super as a platform admin).
create or replace function public.can_moderate_review(p_review_id bigint) returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce(public.staff_role() in ('admin', 'super', 'facility', 'senior_branch', 'branch'), false)
     and exists (select 1 from public.reviews r where r.id = p_review_id and public.can_manage_hospital(r.hospital_id))
$$;

-- Publish or hide reviews (one or a selection, at most 100). Hiding needs a reason. Refuses the whole selection
-- when one review is outside the caller's scope (PT404, as the API's not-found). Answers how many changed.
create or replace function public.admin_moderate_reviews(p_ids bigint[], p_status text, p_reason text default null) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  reason text := nullif(btrim(coalesce(p_reason, '')), '');
  n integer;
begin
  if not coalesce(public.staff_role() in ('admin', 'super', 'facility', 'senior_branch', 'branch'), false) then
    raise exception 'You do not have permission to moderate reviews.' using errcode = 'PT403';
  end if;
  if p_status is null or p_status not in ('published', 'hidden') then
    raise exception 'Invalid format' using errcode = 'PT422';
  end if;
  if p_status = 'hidden' and reason is null then
    raise exception 'A reason is required to hide a review.' using errcode = 'PT422';
  end if;
  if char_length(reason) > 500 then
    raise exception '*500 characters limit' using errcode = 'PT422';
  end if;
  if coalesce(cardinality(p_ids), 0) = 0 or cardinality(p_ids) > 100 then
    raise exception 'Select between 1 and 100 reviews.' using errcode = 'PT422';
  end if;
  if exists (select 1 from unnest(p_ids) i where not public.can_moderate_review(i)) then
    raise exception 'There is no such review.' using errcode = 'PT404';
  end if;
  update public.reviews r
     set status = p_status, hidden_reason = case when p_status = 'hidden' then reason end, moderated_at = now()
   where r.id = any (p_ids)
     and (r.status, r.hidden_reason) is distinct from (p_status, case when p_status = 'hidden' then reason end);
  get diagnostics n = row_count;
  return n;
end $$;

-- Write, change or (with an empty text) remove the hospital's reply to a review.
create or replace function public.admin_reply_review(p_review_id bigint, p_body text) returns boolean
language plpgsql security definer set search_path = '' as $$
declare
  body text := nullif(btrim(coalesce(p_body, '')), '');
begin
  if not public.can_moderate_review(p_review_id) then
    raise exception 'There is no such review.' using errcode = 'PT404';
  end if;
  if body is null then
    delete from public.review_replies where review_id = p_review_id;
    return false;
  end if;
  if char_length(body) > 2000 then
    raise exception '*2000 characters limit' using errcode = 'PT422';
  end if;
  insert into public.review_replies (review_id, body) values (p_review_id, body)
  on conflict (review_id) do update set body = excluded.body where public.review_replies.body is distinct from excluded.body;
  return true;
end $$;

-- Whether an organization's new reviews wait for a look: platform admins, and the organization's own manager.
create or replace function public.admin_set_review_hold(p_organization_id bigint, p_hold boolean) returns boolean
language plpgsql security definer set search_path = '' as $$
begin
  -- coalesce: a caller without a staff role (null) is refused too.
  if not coalesce(public.is_platform_admin() or (public.staff_role() = 'facility' and public.staff_organization_id() = p_organization_id), false) then
    raise exception 'There is no such hospital.' using errcode = 'PT404';
  end if;
  if p_hold is null then
    raise exception 'This field is required' using errcode = 'PT422';
  end if;
  update public.organizations set hold_new_reviews = p_hold where id = p_organization_id and hold_new_reviews is distinct from p_hold;
  if not exists (select 1 from public.organizations where id = p_organization_id) then
    raise exception 'There is no such hospital.' using errcode = 'PT404';
  end if;
  return p_hold;
end $$;

revoke execute on function public.reviews_status_sync(), public.can_moderate_review(bigint), public.admin_moderate_reviews(bigint[], text, text),
  public.admin_reply_review(bigint, text), public.admin_set_review_hold(bigint, boolean) from public, anon, authenticated;
-- The admin review calls; each checks the caller's role and scope itself.
grant execute on function public.admin_moderate_reviews(bigint[], text, text), public.admin_reply_review(bigint, text),
  public.admin_set_review_hold(bigint, boolean) to authenticated;
