/** Server messages in the caller's locale (issue #30 item 4): negotiation and the failure envelope. */
import { describe, expect, it } from 'vitest';
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
