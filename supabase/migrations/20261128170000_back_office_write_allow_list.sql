-- The back office's writes made as the caller, added to issue 34's allow-list (20261128100000) after the screens of
-- issues 35-40 landed. Each is a plain CRUD write whose policy is the API's whole rule; everything with a rule beyond
-- "who may" (booking status, moderation, staff membership, prices with conditions) goes through security definer
-- functions instead. supabase/tests/database/68_write_matrix.test.sql lists the same columns with their reasons.

-- Campaigns (admin only, policy "Platform admins manage campaigns"): the campaign form, and the eligible numbers
-- (digits only, a check constraint; the number itself never changes, only its expiry).
grant insert (code, name, sponsor, country_id, starts_at, ends_at, max_cancellations, is_active),
      update (code, name, sponsor, country_id, starts_at, ends_at, max_cancellations, is_active)
  on public.campaigns to authenticated;
grant insert (campaign_id, phone, expired_date), update (expired_date) on public.campaign_phones to authenticated;

-- An organization's "new reviews wait" setting is written by admin_set_review_hold (security definer, scope inside).
revoke insert (hold_new_reviews), update (hold_new_reviews) on public.organizations from authenticated;

-- The front desk's new booking columns are written only by admin_booking_transition and admin_reschedule_booking
-- (issue 35); no API role inserts a booking row directly (book_slot does).
revoke insert (checked_in_at, completed_at, no_show_excused, cancel_reason, cancelled_by, cancelled_by_role) on public.bookings from authenticated;

-- The home page and the menu (issue 40; admin only, policies "Platform admins manage …"). What a block may point at
-- (an active entry of the same market) and the two-level menu are refused by the tables' own triggers, whoever writes.
grant insert (country_id, kind, sort_order, title, image_desktop, image_mobile, link_url, video_url, hospital_id, doctor_id,
              service_id, category_id, is_active, starts_at, ends_at),
      update (sort_order, title, image_desktop, image_mobile, link_url, video_url, hospital_id, doctor_id, service_id,
              category_id, is_active, starts_at, ends_at)
  on public.homepage_blocks to authenticated;
grant delete on public.homepage_blocks to authenticated;
grant insert (country_id, keyword, url, sort_order), update (keyword, url, is_active, sort_order) on public.popular_search_keys to authenticated;
grant delete on public.popular_search_keys to authenticated;
grant insert (country_id, parent_id, label, url, is_active, sort_order), update (parent_id, label, url, is_active, sort_order)
  on public.website_nav to authenticated;
grant delete on public.website_nav to authenticated;

-- The directory screens (issue 37). Policies are the scope: managers of the hospital for services, branches and vaccine
-- prices; platform admins and the organization's manager for the organization and new branches; the publication
-- columns of a branch (is_active, status, exclude_from_index) further limited by hospitals_guard_publication.
-- Organizations are created by admin_create_organization (SPEC §6's rule inside).
grant insert (category_id, online_payment, status, logo),
      update (name, category_id, online_payment, status, hospital_id, price_unit, logo, updated_at)
  on public.hospital_services to authenticated;
grant delete on public.hospital_services to authenticated;
grant update (name, logo, website_url, publish_reviews, is_active, updated_at) on public.organizations to authenticated;
grant insert (organization_id, country_id, name, slug, address, time_zone, status),
      update (name, short_name, address, latitude, longitude, phone, website_url, booking_url, working_times, emergency_hours, about,
              patient_guide, medical_facilities, faqs, images, is_active, status, exclude_from_index, updated_at)
  on public.hospitals to authenticated;
grant insert (vaccine_id, hospital_id, price, percent_discount, status, price_unit), update (price, percent_discount, status, updated_at)
  on public.vaccine_details to authenticated;

-- Imported doctors start inactive (issue 38 item 5): the import's insert names the status (managers only, policy).
grant insert (status) on public.doctors to authenticated;
