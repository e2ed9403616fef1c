-- pgTAP: anon: published directory data only.
-- Its column of the table-by-table matrix is in 01_role_matrix.test.sql; these are its own rules.
begin;
select plan(7);
select tests.act_as('anon');
select is((select count(*) from public.hospitals h join public.organizations o on o.id = h.organization_id where not o.is_active), 0::bigint, 'anon reads no hospital of an inactive organization');
select is((select count(*) from public.hospitals), tests.total('published_hospitals'), 'anon reads every published hospital');
select is((select count(*) from public.reviews where not is_published), 0::bigint, 'anon reads no unpublished review');
select is((select count(*) from public.reviews r join public.hospitals h on h.id = r.hospital_id join public.organizations o on o.id = h.organization_id where not o.publish_reviews), 0::bigint, 'anon reads no review of an organization that does not publish reviews');
select is((select count(*) from public.hospital_services where status <> 1), 0::bigint, 'anon reads no inactive service');
select is(tests.try('select public.book_slot(1, ''anon-key-0001'')'), 'denied', 'anon cannot book');
select is(tests.try($$select public.campaign_eligibility('baby-formula', 1::smallint, '0901000001')$$), 'denied', 'anon cannot probe campaign phone numbers');
select * from finish();
rollback;
