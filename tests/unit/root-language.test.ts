/** The root address by language (issue #30 item 3): netlify.toml's Language conditions, as the local server applies them. */
import { describe, expect, it } from 'vitest';
import { conditionsMatch, readNetlifyConfig } from '../../scripts/lib/netlify-config';

const config = readNetlifyConfig();
const root = (headers: { cookie?: string; acceptLanguage?: string }) => config.redirects.find((r) => r.from === '/' && conditionsMatch(r.conditions, headers))?.to;

describe('the root address', () => {
  it('follows the switcher choice (nf_lang), then the browser language, else the default locale', () => {
    expect(root({ acceptLanguage: 'th-TH,th;q=0.9' })).toBe('/th-th/');
    expect(root({ acceptLanguage: 'zh-TW,zh;q=0.9,en;q=0.8' })).toBe('/zh-tw/');
    expect(root({ acceptLanguage: 'th-TH', cookie: 'lang=en-PH; nf_lang=en' })).toBe('/en-ph/');
    expect(root({ acceptLanguage: 'fr-FR,fr;q=0.9' })).toBe('/vi-vn/');
    expect(root({})).toBe('/vi-vn/');
  });

  it('answers a missing page under each prefix with that locale’s not-found page, status 404', () => {
    const notFound = config.redirects.filter((r) => r.status === 404);
    expect(notFound.map((r) => [r.from, r.to])).toEqual(['vi-vn', 'en-ph', 'id-id', 'zh-tw', 'ms-my', 'th-th'].map((p) => [`/${p}/*`, `/${p}/404/`]));
    expect(notFound.every((r) => !r.force && !r.conditions)).toBe(true);
  });
});
