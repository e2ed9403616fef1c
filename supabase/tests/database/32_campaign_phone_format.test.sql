-- pgTAP: campaign phone numbers match whatever format they were typed or verified in.
begin;
select plan(5);
select is(public.national_phone('+84 901 000 006', 1::smallint), '0901000006', 'E.164 of Vietnam in national format');
select is(public.national_phone('0901-000-006', 1::smallint), '0901000006', 'national format kept, separators dropped');
select is(public.national_phone('+886 912 345 678', 4::smallint), '0912345678', 'Taiwan''s three-digit country code');
select is(public.national_phone('+63 917 123 4567', 1::smallint), '639171234567', 'another country''s number is not taken for a national one');
select is(
  public.campaign_eligibility('baby-formula', 1::smallint, '+84' || substr((select phone from public.campaign_phones order by id limit 1), 2)),
  public.campaign_eligibility('baby-formula', 1::smallint, (select phone from public.campaign_phones order by id limit 1)),
  'the owner''s check answers the same for a listed number in E.164');
select * from finish();
rollback;
