/** The admin's API client sends the admin's language (the lang cookie, else the domain's locale) on every call. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

vi.mock('../../src/admin/session', () => ({ accessToken: async () => 'token-1' }));
const { call } = await import('../../src/admin/api');

function stubPage(cookie: string, hostname: string) {
  vi.stubGlobal('document', { cookie, documentElement: { lang: 'vi-VN' } });
  vi.stubGlobal('window', { location: { hostname, pathname: '/admin', search: '' } });
  const sent: Headers[] = [];
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    sent.push(new Headers(init.headers));
    return new Response(JSON.stringify({ _status: 1, _messages: [], _data: null }), { status: 200 });
  });
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe('admin API client language', () => {
  it('sends the lang cookie as accept-language', async () => {
    const sent = stubPage('a=1; lang=th-TH', 'localhost');
    await call('/api/admin/me', { data: z.null() });
    await call('/api/admin/doctors/1', { method: 'DELETE', data: z.null() });
    expect(sent.map((h) => h.get('accept-language'))).toEqual(['th-TH', 'th-TH']);
    expect(sent[0].get('authorization')).toBe('Bearer token-1');
  });
  it("without a cookie, the domain's locale, else vi-VN", async () => {
    const sent = stubPage('', 'localhost');
    await call('/api/admin/me', { data: z.null() });
    expect(sent[0].get('accept-language')).toBe('vi-VN');
  });
});
