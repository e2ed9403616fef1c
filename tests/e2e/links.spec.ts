/**
 * Issue #7 items 8 and 9 over the site the e2e server built: every internal link of every built page and sitemap
 * resolves (scripts/lib/link-check.ts), and the sitemaps, robots.txt and hreflang say what search engines need.
 * The checker reads the build on disk (its path comes from the e2e server), so it takes seconds, not a crawl.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { LOCALES, LOCALE_CONFIG } from '../../i18n/locales';
import { checkLinks, formatBroken, SiteResolver } from '../../scripts/lib/link-check';
import { readNetlifyConfig } from '../../scripts/lib/netlify-config';
import { HOSPITALS_PATH, SEARCH_PATH, SPECIALTIES_PATH, VACCINATIONS_PATH } from '../../src/lib/directory-routes';
import { parseHead } from '../../src/lib/seo';
import { hospitalFixtures } from './support/hospitals';

const root = path.resolve(import.meta.dirname, '../..');

interface Site { distDir: string; functionPaths: string[] }
async function site(request: APIRequestContext): Promise<Site> {
  const res = await request.get('/__e2e/site');
  expect(res.ok()).toBe(true);
  return (await res.json()) as Site;
}

/**
 * Directory routes declared in src/lib/directory-routes.ts whose pages other parts of issue #7 add. While not
 * one page of such a route is built anywhere, links into it are listed as pending (an annotation, not a
 * pass); as soon as one is built, every link into it is checked like any other. Nothing else is excused.
 */
const DECLARED_ROUTES = ['/doctors/', HOSPITALS_PATH, SPECIALTIES_PATH, VACCINATIONS_PATH, SEARCH_PATH];
const localeSegment = new RegExp(`^/(?:${LOCALES.map((l) => LOCALE_CONFIG[l].prefix).join('|')})(/[^/?#]+/)`);

test.describe('links and search-engine files of the built site', () => {
  test('every internal link of every built page and sitemap resolves', async ({ request }, info) => {
    test.setTimeout(120_000);
    const { distDir, functionPaths } = await site(request);
    const t0 = Date.now();
    const result = await checkLinks({ distDir, netlify: readNetlifyConfig(root), functionPaths });
    const seconds = (Date.now() - t0) / 1000;
    console.log(`[links] ${result.files} files, ${result.links} links, ${result.targets} distinct targets in ${seconds.toFixed(1)} s`);
    expect(result.files).toBeGreaterThan(100);

    const builtRoutes = new Set(DECLARED_ROUTES.filter((r) => LOCALES.some((l) => existsSync(path.join(distDir, LOCALE_CONFIG[l].prefix, r)))));
    const pendingRoute = (link: string) => {
      let p: string;
      try {
        p = new URL(link, 'http://x').pathname;
      } catch {
        return undefined;
      }
      const seg = localeSegment.exec(p)?.[1];
      return seg && DECLARED_ROUTES.includes(seg) && !builtRoutes.has(seg) ? seg : undefined;
    };
    const pending = result.broken.filter((b) => pendingRoute(b.link));
    const broken = result.broken.filter((b) => !pendingRoute(b.link));
    if (pending.length) {
      const routes = [...new Set(pending.map((b) => pendingRoute(b.link)))];
      info.annotations.push({ type: 'pending routes', description: `${pending.length} links into ${routes.join(', ')} (no page of these routes is built yet)` });
    }
    expect(broken, `broken links:\n${formatBroken(broken)}`).toEqual([]);
  });

  test('each locale has a sitemap index whose sitemaps list its indexable pages only, on its domain', async ({ request }) => {
    for (const locale of LOCALES) {
      const cfg = LOCALE_CONFIG[locale];
      const f = (await hospitalFixtures(request))[locale];
      const index = await request.get(`/${cfg.prefix}/sitemap-index.xml`);
      expect(index.status()).toBe(200);
      expect(index.headers()['content-type']).toContain('xml');
      const sitemapUrls = [...(await index.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
      expect(sitemapUrls.length).toBeGreaterThan(0);
      let xml = '';
      for (const u of sitemapUrls) {
        const url = new URL(u);
        expect(url.host).toBe(cfg.domain);
        const res = await request.get(`/${cfg.prefix}${url.pathname}`);
        expect(res.status()).toBe(200);
        xml += await res.text();
      }
      const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
      expect(locs.every((u) => new URL(u).host === cfg.domain)).toBe(true);
      expect(locs).toContain(`https://${cfg.domain}/`);
      expect(locs).toContain(`https://${cfg.domain}/hospital/${f.rich.slug}/`);
      // noindex pages (excluded or status-less hospitals, login, onboarding) and tab pages (canonical elsewhere) are not listed.
      for (const h of [f.excluded, f.noStatus]) expect(locs).not.toContain(`https://${cfg.domain}/hospital/${h.slug}/`);
      expect(locs.some((u) => /\/(?:login|onboarding)\/$/.test(u))).toBe(false);
      expect(locs.some((u) => u.includes('/tab/'))).toBe(false);
      expect(new Set(locs).size).toBe(locs.length);
      if (cfg.features.doctorListings) expect(locs.some((u) => u.includes('/doctor/'))).toBe(true);
      if (cfg.features.serviceListings) expect(locs.some((u) => new URL(u).pathname.split('/').filter(Boolean).length === 3 && u.includes('/hospital/'))).toBe(true);
    }
  });

  test('sitemap alternates: the home page lists every locale, a hospital page none', async ({ request }) => {
    const cfg = LOCALE_CONFIG['en-PH'];
    const f = (await hospitalFixtures(request))['en-PH'];
    const xml = await (await request.get(`/${cfg.prefix}/sitemap-1.xml`)).text();
    const home = /<url><loc>https:\/\/healthfind\.ph\/<\/loc>(.*?)<\/url>/.exec(xml)?.[1] ?? '';
    const hreflangs = [...home.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1], m[2]]);
    expect(hreflangs).toEqual(expect.arrayContaining([...LOCALES.map((l) => [LOCALE_CONFIG[l].htmlLang, `https://${LOCALE_CONFIG[l].domain}/`]), ['x-default', 'https://suckhoeviet.vn/']]));
    const hospital = new RegExp(`<url><loc>https://healthfind\\.ph/hospital/${f.rich.slug}/</loc>(.*?)</url>`).exec(xml);
    expect(hospital).not.toBeNull();
    expect(hospital![1]).toBe('');
  });

  test('robots.txt on each domain: public pages allowed, private routes disallowed, its own sitemap index', async ({ request }) => {
    const { distDir, functionPaths } = await site(request);
    const netlify = readNetlifyConfig(root);
    const files: string[] = readdirSync(distDir, { recursive: true, encoding: 'utf8' }).map((f) => f.split(path.sep).join('/'));
    const resolver = new SiteResolver(files, netlify, functionPaths);
    for (const locale of LOCALES) {
      const cfg = LOCALE_CONFIG[locale];
      // What Netlify serves for https://{domain}/robots.txt (the deploy root has a robots.txt of its own).
      expect(resolver.servedFile(new URL(`https://${cfg.domain}/robots.txt`))).toBe(`${cfg.prefix}/robots.txt`);
      expect(resolver.servedFile(new URL(`https://${cfg.domain}/`))).toBe(`${cfg.prefix}/index.html`);
      expect(resolver.servedFile(new URL(`https://${cfg.domain}/sitemap-index.xml`))).toBe(`${cfg.prefix}/sitemap-index.xml`);
      const robots = await (await request.get(`/${cfg.prefix}/robots.txt`)).text();
      const lines = robots.split('\n');
      expect(lines).toContain('User-agent: *');
      expect(lines).toContain('Allow: /');
      for (const p of ['/api/', '/admin', '/search/', '/booking/', '/onboarding', '/login']) expect(lines).toContain(`Disallow: ${p}`);
      expect(lines.filter((l) => l.startsWith('Disallow:')).some((l) => /\/(hospital|doctor)/.test(l))).toBe(false);
      expect(lines).toContain(`Sitemap: https://${cfg.domain}/sitemap-index.xml`);
    }
    const rootRobots = readFileSync(path.join(distDir, 'robots.txt'), 'utf8');
    for (const l of LOCALES) expect(rootRobots).toContain(`Sitemap: https://${LOCALE_CONFIG[l].domain}/sitemap-index.xml`);
  });

  test('hreflang in the head: market-wide pages name every locale, entity pages only their own', async ({ request }) => {
    const { distDir } = await site(request);
    const f = (await hospitalFixtures(request))['id-ID'];
    const head = (rel: string) => parseHead(readFileSync(path.join(distDir, rel), 'utf8'));
    const home = head('id-id/index.html');
    expect(home.alternates.map((a) => a.hreflang).sort()).toEqual([...LOCALES.map((l) => LOCALE_CONFIG[l].htmlLang), 'x-default'].sort());
    const hospital = head(`id-id/hospital/${f.rich.slug}/index.html`);
    expect(hospital.alternates).toEqual([{ hreflang: 'id', href: `https://sehatkita.co.id/hospital/${f.rich.slug}/` }]);
    // Doctor and service pages are per-country entities too.
    const doctorDir = path.join(distDir, 'id-id/doctor');
    const doctor = readdirSync(doctorDir)[0];
    expect(head(`id-id/doctor/${doctor}/index.html`).alternates).toEqual([{ hreflang: 'id', href: `https://sehatkita.co.id/doctor/${doctor}/` }]);
  });
});
