-- Patient account (issue 28 item 5): the language a patient wants their e-mails in (reminders, confirmations).
alter table public.patients add column preferred_locale text check (preferred_locale in ('vi-VN', 'en-PH', 'id-ID', 'zh-TW', 'ms-MY', 'th-TH'));
comment on column public.patients.preferred_locale is 'Language of the patient''s e-mails; null: the locale of the site they booked on.';
grant select (preferred_locale), update (preferred_locale), insert (preferred_locale) on public.patients to authenticated, service_role;
