/** Server messages in the caller's locale (issue #30 item 4): negotiation and the failure envelope. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../i18n/locales';
import { translate } from '../../i18n/strings';
import { acceptLanguageLocale, callerLocale, cookieLocale, localizeMessage } from '../../src/server/caller-locale';
import { errorResponse } from '../../src/server/endpoint';
import { tooManyRequests, validationFailed, forbidden } from '../../src/lib/errors';

const req = (headers: Record<string, string>) => new Request('http://localhost/api/x', { headers });
const info = { requestId: 'r1', staff: false, method: 'POST', path: '/api/x' };

describe('caller locale', () => {
  it('takes the best Accept-Language match among the markets, then the lang cookie, else English', () => {
    expect(acceptLanguageLocale('vi')).toBe('vi-VN');
    expect(acceptLanguageLocale('fr-FR, th;q=0.8, en;q=0.9')).toBe('en-PH');
    expect(acceptLanguageLocale('zh-Hant-TW,zh;q=0.9')).toBe('zh-TW');
    expect(acceptLanguageLocale('fr, de')).toBeNull();
    expect(cookieLocale('a=1; lang=th-TH; b=2')).toBe('th-TH');
    expect(cookieLocale('lang=xx')).toBeNull();
    expect(callerLocale(req({ 'accept-language': 'id-ID,id;q=0.9', cookie: 'lang=th-TH' }))).toBe('id-ID');
    expect(callerLocale(req({ 'accept-language': 'fr', cookie: 'lang=th-TH' }))).toBe('th-TH');
    expect(callerLocale(req({}))).toBe('en-PH');
  });

  it('translates known messages and keeps field paths; leaves unknown ones as they are', () => {
    expect(localizeMessage('name: This field is required', 'vi-VN')).toBe('name: Trường này là bắt buộc');
    expect(localizeMessage('Too many attempts. Please try again in 1 minute.', 'th-TH')).toBe('ลองหลายครั้งเกินไป กรุณาลองใหม่ในอีก 1 นาที');
    expect(localizeMessage('Too many attempts. Please try again in 1 second.', 'en-PH')).toBe('Too many attempts. Please try again in 1 second.');
    expect(localizeMessage('A message of a handler', 'zh-TW')).toBe('A message of a handler');
  });

  it('answers a failed validation, a rate limit and a refusal in the caller locale, field errors included', async () => {
    const vi = callerLocale(req({ 'accept-language': 'vi-VN' }));
    const body = await errorResponse(validationFailed({ email: ['Please enter a valid email'], name: ['*50 characters limit'] }), { ...info, locale: vi }).json();
    expect(body._messages).toEqual(['email: Vui lòng nhập email hợp lệ', 'name: *Tối đa 50 ký tự']);
    expect(body._data.errors).toEqual({ email: ['Vui lòng nhập email hợp lệ'], name: ['*Tối đa 50 ký tự'] });
    const limited = errorResponse(tooManyRequests(90), { ...info, locale: 'zh-TW' });
    expect(limited.status).toBe(429);
    expect((await limited.json())._messages).toEqual(['嘗試次數過多，請於2 分鐘後再試。']);
    expect((await errorResponse(forbidden(), { ...info, locale: 'ms-MY' }).json())._messages).toEqual(['Anda tidak mempunyai kebenaran untuk mengakses halaman ini.']);
    // No preference: the spec's English, as before.
    expect((await errorResponse(forbidden(), info).json())._messages).toEqual(["You don't have permission to access this page."]);
  });
});

/**
 * Every message a patient can read from the booking, account, family, profile, review and onboarding functions
 * (and the SQL functions they call), read from their source so that a new message without a translation fails.
 */
const PATIENT_SOURCES = [
  'functions/bookings.ts',
  'functions/account-bookings.ts',
  'functions/family.ts',
  'functions/me-profile.ts',
  'functions/me.ts',
  'functions/reviews.ts',
  'functions/campaign.ts',
  'src/server/booking-flow.ts',
  'src/server/booking-refund.ts',
  'src/server/storage.ts',
];
const PATIENT_SQL = ['supabase/migrations/20261126200100_booking_flow.sql', 'supabase/migrations/20261126400100_account_bookings.sql'];
const DEVELOPER_ONLY = new Set(['Give only one of hospital_branch_id, doctor_id and service_id']);

function patientMessages(): string[] {
  const found = new Set<string>();
  const ts = /(?:notFound|conflict|forbidden|badRequest|fail|messages\.push|new ApiError\(\d{3},|bookingError\(\d{3}, '[a-z-]+',|error:|message =[^']*|\? )\s*\(?'([A-Z*][^']{3,})'/g;
  for (const file of PATIENT_SOURCES) for (const m of readFileSync(file, 'utf8').matchAll(ts)) found.add(m[1]);
  // The review calls' not-found texts are a table of their own.
  for (const m of readFileSync('functions/reviews.ts', 'utf8').matchAll(/^\s+\w+: '([A-Z][^']+\.)',$/gm)) found.add(m[1]);
  for (const file of PATIENT_SQL) for (const m of readFileSync(file, 'utf8').matchAll(/raise exception '([^']+)'/g)) found.add(m[1].replaceAll('%', '10'));
  return [...found].filter((m) => !DEVELOPER_ONLY.has(m));
}

describe('patient-facing server messages', () => {
  const messages = patientMessages();
  it('finds the messages in the sources', () => {
    expect(messages.length).toBeGreaterThan(30);
    expect(messages).toContain('This appointment has already been reviewed.');
    expect(messages).toContain('The slot is not available');
    expect(messages).toContain('Please complete your profile before adding family profiles.');
    expect(messages).toContain('Cancel successfully');
    expect(messages).toContain('This doctor does not exist or is not published.');
  });
  for (const locale of LOCALES.filter((l) => l !== 'en-PH')) {
    it(`every one has a ${locale} translation`, () => {
      const untranslated = messages.filter((m) => localizeMessage(m, locale) === m);
      expect(untranslated).toEqual([]);
    });
  }
  it('keeps the SPEC texts in English and fills their values in every locale', () => {
    expect(localizeMessage('The slot is not available. Please select the time greater than 10080.', 'en-PH')).toBe('The slot is not available. Please select the time greater than 10080.');
    expect(localizeMessage('The slot is not available. Please select the time greater than 10080.', 'th-TH')).toBe('ช่วงเวลานี้ไม่ว่าง กรุณาเลือกเวลาที่มากกว่า 10080');
    expect(localizeMessage('This appointment could be cancelled or rescheduled until 2026-12-01 09:00 (Asia/Bangkok).', 'zh-TW')).toBe('此預約只能在 2026-12-01 09:00（Asia/Bangkok）前取消或改期。');
    expect(localizeMessage('name: *100 characters limit', 'id-ID')).toBe(`name: ${translate('id-ID', 'form.maxLength', { number: 100 })}`);
    expect(localizeMessage('Name is required', 'ms-MY')).toBe(translate('ms-MY', 'form.family.nameRequired'));
  });
});

/**
 * Every message the admin functions answer to staff (refusals, success messages, validation texts of their
 * schemas, the staff grant refusals of src/lib and the SQL of the admin migrations, which `staffWrite` in
 * functions/admin-users.ts capitalizes and ends with a full stop), read from their source.
 */
const ADMIN_SOURCES = [
  'functions/admin-appointments.ts',
  'src/lib/admin-appointments.ts',
  'functions/admin-availability.ts',
  'functions/admin-doctors.ts',
  'functions/admin-imports.ts',
  'src/server/imports.ts',
  'functions/admin-users.ts',
  'functions/admin-me.ts',
  'functions/admin-notifications.ts',
  'functions/admin-overview.ts',
  'functions/admin-password.ts',
  'functions/admin-scope.ts',
  'functions/admin-site-build.ts',
  'functions/admin-uploads.ts',
  'src/lib/admin-doctors.ts',
  'src/lib/doctor-availability.ts',
  'src/lib/admin-overview.ts',
  'src/lib/admin-users.ts',
  'src/lib/admin-me.ts',
  'src/lib/admin-notifications.ts',
  'functions/admin-reviews.ts',
  'functions/admin-campaigns.ts',
  'src/lib/admin-reviews.ts',
  'src/lib/admin-campaigns.ts',
  'src/lib/csv-import-campaign-phones.ts',
  // issue 40
  'functions/admin-data-history.ts',
  'functions/admin-homepage.ts',
  'src/lib/data-history.ts',
  'src/lib/admin-homepage.ts',
  'functions/admin-website-nav.ts',
  'src/lib/website-nav.ts',
  'functions/admin-integrations.ts',
  'src/lib/webhooks.ts',
  // issue 37
  'functions/admin-services.ts',
  'src/lib/admin-services.ts',
  'functions/admin-organizations.ts',
  'src/lib/admin-organizations.ts',
  'functions/admin-vaccinations.ts',
  'functions/admin-go-live.ts',
  'functions/admin-branch-catalogs.ts',
  'functions/admin-vaccine-details.ts',
  'src/lib/admin-vaccines.ts',
  'src/lib/admin-branch-catalogs.ts',
];
/** SQL raised to staff as is (errcode PT…) and through staffWrite (lower case, capitalized by the function). */
const ADMIN_SQL = ['supabase/migrations/20261126300000_admin_staff_accounts.sql', 'supabase/migrations/20261126500000_admin_doctors.sql', 'supabase/migrations/20261127400000_admin_notifications.sql', 'supabase/migrations/20261128150000_review_moderation.sql', 'supabase/migrations/20261128150100_admin_campaigns.sql', 'supabase/migrations/20261128110000_admin_appointments.sql', 'supabase/migrations/20261128160100_homepage_blocks_admin.sql', 'supabase/migrations/20261128160200_website_nav_admin.sql'];
/** Query-parameter texts only a developer writing a URL by hand reads. */
const ADMIN_DEVELOPER_ONLY = new Set(['roleId accepts only 1 (admin), 2 (organization), 3 (branch) and 6 (senior branch)']);

function adminMessages(): string[] {
  const found = new Set<string>();
  const text = `'([A-Z*][^'$]{3,})'|\`([A-Z][^\`]{3,})\``;
  const ts = new RegExp(`(?:notFound|conflict|forbidden|badRequest|messages\\.push|new ApiError\\(\\d{3},|message:|\\.min\\(\\d+,|\\.max\\([\\d *]+,|\\.refine\\([^\\n]*?,|validationFailed\\(\\{ \\w+: \\[)\\s*\\(?(?:${text})`, 'g');
  for (const file of ADMIN_SOURCES) {
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(ts)) found.add((m[1] ?? m[2]).replace(/\$\{[^}]+\}/g, 'x@example.com'));
    // Message tables: DOCTOR_MESSAGES, GRANT_MESSAGES, OVERVIEW_MESSAGES.
    for (const table of source.matchAll(/_MESSAGES = \{([\s\S]*?)\n\}/g)) for (const m of table[1].matchAll(/^\s+\w+: (?:'([^']+)'|`([^`]+)`),$/gm)) found.add((m[1] ?? m[2]).replace(/\$\{OVERVIEW_MAX_DAYS\}/, '366'));
  }
  for (const file of ADMIN_SQL) {
    for (const m of readFileSync(file, 'utf8').matchAll(/raise exception '([^']+)' using errcode = '(\w+)'/g)) {
      const raised = m[1].replaceAll('%', '10');
      found.add(/^PT\d{3}$/.test(m[2]) ? raised : `${raised.charAt(0).toUpperCase()}${raised.slice(1)}.`);
    }
  }
  return [...found].filter((m) => !ADMIN_DEVELOPER_ONLY.has(m) && !m.startsWith('form.'));
}

describe('admin server messages', () => {
  const messages = adminMessages();
  it('finds the messages in the sources', () => {
    expect(messages.length).toBeGreaterThan(35);
    expect(messages).toContain('This doctor has bookings and cannot be deleted. Deactivate the doctor instead.');
    expect(messages).toContain('Create successfully');
    expect(messages).toContain('A password reset link was sent to x@example.com.');
    expect(messages).toContain('A staff account with this e-mail already exists.');
    expect(messages).toContain('You can only assign the branches you manage.');
    expect(messages).toContain('The date range can be at most 366 days.');
    expect(messages).toContain('The upper price must not be lower than the price.');
    expect(messages).toContain('This notification does not exist.');
  });
  for (const locale of LOCALES.filter((l) => l !== 'en-PH')) {
    it(`every one has a ${locale} translation`, () => {
      const untranslated = messages.filter((m) => localizeMessage(m, locale) === m);
      expect(untranslated).toEqual([]);
    });
  }
  it('keeps the English texts and fills the values in every locale', () => {
    expect(localizeMessage('This doctor has bookings and cannot be deleted. Deactivate the doctor instead.', 'en-PH')).toBe('This doctor has bookings and cannot be deleted. Deactivate the doctor instead.');
    expect(localizeMessage('This doctor has bookings and cannot be deleted. Deactivate the doctor instead.', 'vi-VN')).toBe('Bác sĩ này đã có lịch hẹn nên không thể xóa. Hãy vô hiệu hóa bác sĩ thay vì xóa.');
    expect(localizeMessage('A password reset link was sent to an@example.com.', 'zh-TW')).toBe('重設密碼的連結已寄至 an@example.com。');
    expect(localizeMessage('price_to: The upper price must not be lower than the price.', 'id-ID')).toBe('price_to: Harga atas tidak boleh lebih rendah dari harga.');
    expect(localizeMessage('Update successfully', 'th-TH')).toBe(translate('th-TH', 'server.updated'));
    // What the wrapper answers a staff call (src/server/auth.ts, endpoint.ts).
    for (const said of ["You don't have permission to access this page. This account is not a staff account.", 'Please sign in to continue.', 'Your session has ended. Please sign in again.']) {
      for (const locale of LOCALES.filter((l) => l !== 'en-PH')) expect(localizeMessage(said, locale)).not.toBe(said);
    }
  });
});
