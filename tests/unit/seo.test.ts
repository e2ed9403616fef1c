/** Sitemaps, robots.txt, hreflang rule and the link checker's resolution (issue #7 items 8 and 9). */
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '../../i18n/locales';
import { alternateLocales } from '../../src/lib/directory-routes';
import { SitemapChunker, URLSET_CLOSE, URLSET_OPEN, isSitemapPage, parseHead, robotsTxt, rootRobotsTxt, urlEntry } from '../../src/lib/seo';
import { readHead, writeSeoFiles } from '../../src/integrations/seo-files';
import { SiteResolver, checkLinks, htmlLinks, sitemapLinks } from '../../scripts/lib/link-check';
import { readNetlifyConfig } from '../../scripts/lib/netlify-config';

const root = path.resolve(import.meta.dirname, '../..');

const page = (head: string, body = '') => `<!DOCTYPE html><html><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`;

describe('head parsing', () => {
  it('reads noindex, canonical and alternates with entities decoded', () => {
    const h = parseHead(page('<meta name="robots" content="noindex, follow"><link rel="canonical" href="https://a.vn/x/?tab=a&amp;b=1"><link rel="alternate" hreflang="vi" href="https://a.vn/x/"><link rel=alternate hreflang=x-default href="https://a.vn/x/">'));
    expect(h).toEqual({ noindex: true, canonical: 'https://a.vn/x/?tab=a&b=1', alternates: [{ hreflang: 'vi', href: 'https://a.vn/x/' }, { hreflang: 'x-default', href: 'https://a.vn/x/' }] });
  });
  it('ignores tags after </head>', () => {
    expect(parseHead(page('', '<link rel="canonical" href="https://b/">')).canonical).toBeNull();
  });
  it('lists a page only when indexable and its own canonical', () => {
    const own = 'https://suckhoeviet.vn/hospital/x/';
    expect(isSitemapPage(own, parseHead(page(`<link rel="canonical" href="${own}">`)))).toBe(true);
    expect(isSitemapPage(own, parseHead(page(`<link rel="canonical" href="${own}?tab=services">`)))).toBe(false);
    expect(isSitemapPage(own, parseHead(page(`<meta name="robots" content="noindex"><link rel="canonical" href="${own}">`)))).toBe(false);
    // The same address spelled with a percent-encoded slug is the same page.
    expect(isSitemapPage('https://jiankang.tw/hospital/台北/', parseHead(page('<link rel="canonical" href="https://jiankang.tw/hospital/%E5%8F%B0%E5%8C%97/">')))).toBe(true);
  });
});

describe('sitemap files', () => {
  it('chunks by URL count and by bytes', () => {
    const byCount = new SitemapChunker(2, 1e9);
    expect(['a', 'b', 'c', 'd', 'e'].map((x) => byCount.place(urlEntry(`https://a.vn/${x}`)))).toEqual([1, 1, 2, 2, 3]);
    const entry = urlEntry('https://a.vn/x');
    const frame = Buffer.byteLength(URLSET_OPEN) + Buffer.byteLength(URLSET_CLOSE);
    const bySize = new SitemapChunker(100, frame + 2 * Buffer.byteLength(entry));
    expect([1, 2, 3, 4].map(() => bySize.place(entry))).toEqual([1, 1, 2, 2]);
  });
  it('escapes and percent-encodes URLs', () => {
    expect(urlEntry('https://jiankang.tw/hospital/台北/?a=1&b=2', [{ hreflang: 'zh-Hant-TW', href: 'https://jiankang.tw/x/' }])).toBe(
      '<url><loc>https://jiankang.tw/hospital/%E5%8F%B0%E5%8C%97/?a=1&amp;b=2</loc><xhtml:link rel="alternate" hreflang="zh-Hant-TW" href="https://jiankang.tw/x/"/></url>\n',
    );
  });
});

describe('robots.txt', () => {
  it('keeps crawlers out of functions, admin, search, booking and account pages and names the sitemap index', () => {
    const lines = robotsTxt('th-TH').split('\n');
    for (const p of ['/api/', '/admin', '/search/', '/booking/', '/onboarding', '/login']) expect(lines).toContain(`Disallow: ${p}`);
    expect(lines).toContain('Allow: /');
    expect(lines).toContain('Sitemap: https://sukhaphapdee.co.th/sitemap-index.xml');
    expect(rootRobotsTxt()).toContain('Disallow: /th-th/search/');
    expect(rootRobotsTxt().match(/^Sitemap: /gm)).toHaveLength(6);
  });
});

describe('hreflang rule', () => {
  it('market-wide pages exist in every locale, entity pages only in their own', () => {
    expect(alternateLocales('en-PH', '/')).toEqual(LOCALES);
    expect(alternateLocales('en-PH', '/hospitals')).toEqual(LOCALES);
    expect(alternateLocales('en-PH', '/login/')).toEqual(LOCALES);
    expect(alternateLocales('en-PH', '/hospital/x/')).toEqual(['en-PH']);
    expect(alternateLocales('vi-VN', '/doctor/x/?tab=1')).toEqual(['vi-VN']);
    expect(alternateLocales('vi-VN', '/doctors/hanoi/cardiology/')).toEqual(['vi-VN']);
  });
});

describe('a built site: sitemaps written from the pages, links resolved as Netlify serves them', () => {
  let dist: string;
  const write = (rel: string, text: string) => {
    mkdirSync(path.dirname(path.join(dist, rel)), { recursive: true });
    writeFileSync(path.join(dist, rel), text);
  };
  const alternates = (p: string) => ['vi-vn', 'en-ph'].map((x) => `<link rel="alternate" hreflang="${x}" href="https://${x === 'vi-vn' ? 'suckhoeviet.vn' : 'healthfind.ph'}${p}">`).join('');
  beforeAll(() => {
    dist = mkdtempSync(path.join(tmpdir(), 'care-seo-unit-'));
    write('index.html', page('<meta name="robots" content="noindex">'));
    write('favicon.svg', '<svg/>');
    write('vi-vn/index.html', page(`<link rel="canonical" href="https://suckhoeviet.vn/">${alternates('/')}`, '<a href="/vi-vn/hospital/a/">a</a><a href="hospital/a/?tab=services">tab</a><img src="/favicon.svg" srcset="/favicon.svg 1x, /missing.png 2x"><a href="https://example.com/x">ext</a><a href="mailto:a@b">m</a>'));
    // A long head: '</head>' comes after the first read chunk.
    write('vi-vn/hospital/a/index.html', page(`<link rel="canonical" href="https://suckhoeviet.vn/hospital/a/"><link rel="alternate" hreflang="vi" href="https://suckhoeviet.vn/hospital/a/"><script type="application/ld+json">${'x'.repeat(40_000)}</script>`, '<a href="/vi-vn/hospital/b/">gone</a><form action="/api/reviews"></form><a href="/api/nope">nope</a>'));
    write('vi-vn/hospital/a/tab/services/index.html', page('<link rel="canonical" href="https://suckhoeviet.vn/hospital/a/?tab=services">'));
    write('vi-vn/login/index.html', page('<meta name="robots" content="noindex"><link rel="canonical" href="https://suckhoeviet.vn/login/">'));
    write('en-ph/index.html', page(`<link rel="canonical" href="https://healthfind.ph/">${alternates('/')}`));
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('reads a long head whole', () => {
    expect(parseHead(readHead(path.join(dist, 'vi-vn/hospital/a/index.html'))).canonical).toBe('https://suckhoeviet.vn/hospital/a/');
  });

  it('writes per-locale sitemap index, sitemaps with alternates only where the page exists elsewhere, and robots.txt', async () => {
    const results = await writeSeoFiles(dist);
    expect(results.find((r) => r.locale === 'vi-VN')).toEqual({ locale: 'vi-VN', pages: 4, listed: 2, sitemaps: 1 });
    const xml = readFileSync(path.join(dist, 'vi-vn/sitemap-1.xml'), 'utf8');
    expect(xml).toContain('<url><loc>https://suckhoeviet.vn/</loc><xhtml:link rel="alternate" hreflang="vi-vn" href="https://suckhoeviet.vn/"/><xhtml:link rel="alternate" hreflang="en-ph" href="https://healthfind.ph/"/></url>');
    expect(xml).toContain('<url><loc>https://suckhoeviet.vn/hospital/a/</loc></url>');
    expect(xml).not.toContain('login');
    expect(xml).not.toContain('tab');
    expect(readFileSync(path.join(dist, 'vi-vn/sitemap-index.xml'), 'utf8')).toContain('<loc>https://suckhoeviet.vn/sitemap-1.xml</loc>');
    expect(readFileSync(path.join(dist, 'vi-vn/robots.txt'), 'utf8')).toContain('Sitemap: https://suckhoeviet.vn/sitemap-index.xml');
  });

  it('reports each broken link with its page, and nothing else', async () => {
    const result = await checkLinks({ distDir: dist, netlify: readNetlifyConfig(root), functionPaths: ['/api/reviews'] });
    expect(result.broken.map((b) => [b.page, b.link])).toEqual([
      ['/vi-vn/hospital/a/index.html', '/api/nope'],
      ['/vi-vn/hospital/a/index.html', '/vi-vn/hospital/b/'],
      ['/vi-vn/index.html', '/missing.png'],
    ]);
  });

  it('serves domain addresses through netlify.toml: forced robots.txt and home, unforced rewrites never shadow a file', () => {
    const resolver = new SiteResolver(['robots.txt', 'index.html', 'favicon.svg', 'vi-vn/robots.txt', 'vi-vn/index.html', 'vi-vn/hospital/a/index.html', 'vi-vn/hospital/a/tab/services/index.html'], readNetlifyConfig(root), []);
    expect(resolver.servedFile(new URL('https://suckhoeviet.vn/robots.txt'))).toBe('vi-vn/robots.txt');
    expect(resolver.servedFile(new URL('https://suckhoeviet.vn/'))).toBe('vi-vn/index.html');
    expect(resolver.servedFile(new URL('https://suckhoeviet.vn/favicon.svg'))).toBe('favicon.svg');
    expect(resolver.servedFile(new URL('https://suckhoeviet.vn/hospital/a/?tab=services'))).toBe('vi-vn/hospital/a/tab/services/index.html');
    expect(resolver.resolve(new URL('https://suckhoeviet.vn/hospital/a/?tab=doctors'))).toMatch(/rewritten by netlify\.toml/);
    expect(resolver.resolve(new URL('https://healthfind.ph/hospital/a/'))).toMatch(/not|no such file/);
  });

  it('extracts links from HTML and sitemaps, skipping scripts and comments', () => {
    expect(htmlLinks('<a href="/a">x</a><!-- <a href="/c"> --><script>var s = \'<a href="/b">\';</script><script src="/s.js"></script><astro-island component-url="/_astro/x.js" renderer-url="/_astro/r.js"></astro-island><meta property="og:image" content="https://a.vn/i.png">')).toEqual(['/a', '/s.js', '/_astro/x.js', '/_astro/r.js', 'https://a.vn/i.png']);
    expect(sitemapLinks('<url><loc>https://a.vn/?a=1&amp;b=2</loc><xhtml:link rel="alternate" hreflang="vi" href="https://a.vn/"/></url>')).toEqual(['https://a.vn/?a=1&b=2', 'https://a.vn/']);
  });
});
