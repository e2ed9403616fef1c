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
