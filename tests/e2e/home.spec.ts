/**
 * Home page per locale (issue #7 item 6) and the directory search its popular keys link to, in vi-VN, zh-TW
 * (no doctor or service pages, external hospital links) and th-TH, on desktop and mobile. What the page shows
 * comes from the seeded homepage blocks (supabase/seed/homepage.ts), read from the database at build time.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { LOCALES, LOCALE_CONFIG, type Locale } from '../../i18n/locales';
import { translate } from '../../i18n/strings';
import { LOCAL_TEXT } from '../../supabase/seed/local';
import { VIDEO_TITLES, POPULAR_KEY_URLS, countryName, hiddenBanners } from '../../supabase/seed/homepage';
import { languageSwitcher } from './support/chrome';

const HOME_LOCALES: Locale[] = ['vi-VN', 'zh-TW', 'th-TH'];
const prefix = (l: Locale) => LOCALE_CONFIG[l].prefix;
const hrefs = (page: Page, testid: string) => page.getByTestId(testid).locator('a').evaluateAll((as) => as.map((a) => ({ href: a.getAttribute('href')!, target: a.getAttribute('target') })));

// The embedded engine's first search pays its cold start (catalog caches, pg_trgm); let that not count in a test.
test.describe.configure({ timeout: 90_000 });
test.beforeAll(async ({ playwright }, info) => {
  const request = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
  await request.get('/api/search?locale=vi-VN&keyword=warm', { timeout: 90_000 });
  await request.dispose();
});
/** Searches wait on a live call to the embedded database on a busy machine. */
const SEARCH_TIMEOUT = { timeout: 20_000 };

test.describe('with no market language and no choice made', () => {
  test.use({ locale: 'fr-FR' });
  test('the root address goes to the default locale', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/vi-vn\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  });
});

for (const locale of HOME_LOCALES) {
  const cfg = LOCALE_CONFIG[locale];
  const p = prefix(locale);
  const text = LOCAL_TEXT[locale];
  const t = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) => translate(locale, key, params);

  test.describe(`home page ${locale}`, () => {
    test('renders the live homepage blocks from the database, in their order, and leaves out the rest', async ({ page }) => {
      const response = await page.goto(`/${p}/`);
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', cfg.htmlLang);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('home.hero.title', { country: cfg.countryName }));
      await expect(page).toHaveTitle(new RegExp(cfg.siteName));

      // Banners: the three live ones; the ended, scheduled and switched-off ones are not built into the page.
      const banners = page.getByTestId('banner');
      await expect(banners).toHaveCount(3);
      expect(await banners.locator('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt')))).toEqual(text.voucherNames);
      const html = await page.content();
      for (const hidden of hiddenBanners(locale)) expect(html).not.toContain(hidden.title);
      // No layout shift: every picture has its size; the first is fetched eagerly with high priority, the others lazily.
      const first = banners.first().locator('img');
      await expect(first).toHaveAttribute('loading', 'eager');
      await expect(first).toHaveAttribute('fetchpriority', 'high');
      await expect(first).toHaveAttribute('width', '1200');
      await expect(first).toHaveAttribute('height', '380');
      await expect(banners.first().locator('source')).toHaveAttribute('media', '(max-width: 640px)');
      for (const img of await banners.locator('img').all().then((a) => a.slice(1))) await expect(img).toHaveAttribute('loading', 'lazy');
      const box = await first.boundingBox();
      expect(box!.width).toBeGreaterThan(0);

      // Promotions in sort order: the seeded check-up deal first, then the two added ones.
      await expect(page.getByTestId('promotion')).toHaveText([text.voucherNames[1], text.voucherNames[0], text.voucherNames[2]]);

      // Top hospitals, service categories, services and doctors: as many as the seed placed in this market.
      await expect(page.getByTestId('top-hospital')).toHaveCount(6);
      await expect(page.getByTestId('top-service-category')).toHaveCount(5);
      expect(await page.getByTestId('top-service').count()).toBeGreaterThan(0);
      await expect(page.getByTestId('top-doctor')).toHaveCount(8);

      // Presence: this market first, then the other five, each to its own site; the cities covered; the count.
      const presence = page.getByTestId('presence');
      await expect(presence).toHaveCount(6);
      await expect(presence.first()).toHaveText(countryName(locale, locale));
      await expect(presence.first().locator('a')).toHaveAttribute('href', `https://${cfg.domain}/`);
      expect(await page.getByTestId('presence-city').count()).toBeGreaterThan(2);
      await expect(page.getByTestId('hospital-count')).toHaveText(/\d/);
      await expect(page.getByTestId('all-hospitals')).toHaveAttribute('href', `/${p}/hospitals/`);

      // The video: its title from the database.
      await expect(page.getByRole('heading', { level: 2, name: VIDEO_TITLES[locale] })).toBeVisible();

      // Footer: the locale's hotline and e-mail.
      await expect(page.locator('footer')).toContainText(cfg.hotline);
      await expect(page.locator('footer')).toContainText(cfg.email);
    });

    test('links only to pages built in this locale (doctor and service pages where listed; zh-TW the hospitals\' own sites)', async ({ page }) => {
      await page.goto(`/${p}/`);
      const hospitals = await hrefs(page, 'top-hospital');
      const doctors = await hrefs(page, 'top-doctor');
      const services = await hrefs(page, 'top-service');
      const categories = await hrefs(page, 'top-service-category');
      if (cfg.features.externalLinks) {
        for (const l of [...hospitals, ...doctors, ...services, ...categories]) {
          expect(l.href).toMatch(/^https:\/\//);
          expect(l.target).toBe('_blank');
        }
      } else {
        for (const l of hospitals) expect(l.href).toMatch(new RegExp(`^/${p}/hospital/[^/]+/$`));
        for (const l of doctors) expect(l.href).toMatch(new RegExp(`^/${p}/${cfg.features.doctorListings ? 'doctor' : 'hospital'}/[^/]+/$`));
        for (const l of services) expect(l.href).toMatch(cfg.features.serviceListings ? new RegExp(`^/${p}/hospital/[^/]+/[^/]+/$`) : new RegExp(`^/${p}/hospital/[^/]+/$`));
        for (const l of categories) expect(l.href).toMatch(new RegExp(`^/${p}/hospital/[^/]+/\\?tab=services$`));
        // Every internal link of the blocks opens a page.
        for (const l of [...hospitals.slice(0, 2), ...doctors.slice(0, 2), ...services.slice(0, 2), ...categories.slice(0, 1)]) {
          expect((await page.request.get(l.href)).status(), l.href).toBe(200);
        }
      }
    });

    test('popular search keys link to the directory search (or their own address) and the search shows results', async ({ page }) => {
      await page.goto(`/${p}/`);
      const keys = page.getByTestId('popular-key');
      await expect(keys).toHaveText(text.searchKeys);
      const own = POPULAR_KEY_URLS[locale] ?? {};
      for (const [i, keyword] of text.searchKeys.entries()) {
        const href = await keys.nth(i).getAttribute('href');
        expect(href).toBe(`/${p}${own[keyword] ?? `/search/?q=${encodeURIComponent(keyword)}`}`);
      }
      await keys.first().click();
      await expect(page).toHaveURL(new RegExp(`/${p}/search/\\?q=`));
      await expect(page.getByRole('searchbox')).toHaveValue(text.searchKeys[0]);
      await expect(page.getByTestId('search-hospital').or(page.getByTestId('search-service')).first()).toBeVisible(SEARCH_TIMEOUT);
      await expect(page.locator('[data-search-status]')).toContainText(t('search.resultsFor', { keyword: text.searchKeys[0] }));
    });

    test('structured data: WebSite with a SearchAction on the search page, Organization with the locale contact point', async ({ page }) => {
      await page.goto(`/${p}/`);
      const data = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((s) => JSON.parse(s));
      const site = data.find((d) => d['@type'] === 'WebSite');
      const org = data.find((d) => d['@type'] === 'Organization');
      expect(site.potentialAction).toMatchObject({ '@type': 'SearchAction', 'query-input': 'required name=search_term_string' });
      expect(site.potentialAction.target.urlTemplate).toBe(`https://${cfg.domain}/search/?q={search_term_string}`);
      expect(org).toMatchObject({ name: cfg.siteName, url: `https://${cfg.domain}/` });
      expect(org.logo).toMatch(/^https:\/\//);
      expect(org.contactPoint[0]).toMatchObject({ telephone: cfg.hotline, email: cfg.email });
      // hreflang between the six home pages.
      const alternates = await page.locator('link[rel="alternate"][hreflang]').evaluateAll((ls) => ls.map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')]));
      for (const l of LOCALES) expect(alternates).toContainEqual([LOCALE_CONFIG[l].htmlLang, `https://${LOCALE_CONFIG[l].domain}/`]);
      expect(alternates).toContainEqual(['x-default', 'https://suckhoeviet.vn/']);
    });

    test('the search page finds a seeded hospital by a keyword of 3+ characters, debounced, and says when nothing matches', async ({ page }) => {
      await page.goto(`/${p}/`);
      const hospital = page.getByTestId('top-hospital').first().getByRole('heading', { level: 3 });
      const name = (await hospital.textContent())!.replace(/\s*\(.*\)$/, '').trim();
      const calls: string[] = [];
      page.on('request', (r) => r.url().includes('/api/search') && calls.push(r.url()));
      await page.goto(`/${p}/search/`);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
      const box = page.getByRole('searchbox');
      // Under 3 characters: a hint and no call.
      await box.pressSequentially([...name].slice(0, 2).join(''));
      await expect(page.locator('[data-search-status]')).toHaveText(t('search.hint', { count: 3 }));
      await page.waitForTimeout(500);
      expect(calls).toEqual([]);
      // Typing on: calls only when the typing pauses (debounced), the last one for the whole name.
      await box.fill('');
      const whole = page.waitForResponse((r) => r.url().includes('/api/search') && new URL(r.url()).searchParams.get('keyword') === name, SEARCH_TIMEOUT);
      await box.pressSequentially(name, { delay: 20 });
      await whole;
      const result = page.getByTestId('search-hospital').filter({ hasText: name }).first();
      await expect(result).toBeVisible(SEARCH_TIMEOUT);
      expect(calls.length).toBeLessThan([...name].length - 2);
      expect(new URL(page.url()).searchParams.get('q')).toBe(name);
      const link = result.getByRole('link');
      if (cfg.features.externalLinks) await expect(link).toHaveAttribute('target', '_blank');
      else await expect(link).toHaveAttribute('href', new RegExp(`^/${p}/hospital/`));

      // Nonsense: the empty states of SPEC §8 and a way to see more.
      await box.fill('zzqxwvq');
      const empty = page.getByTestId('search-empty');
      await expect(empty).toContainText(t('search.noResult'), SEARCH_TIMEOUT);
      await expect(empty).toContainText(t('search.noMatch'));
      await expect(empty.getByRole('link', { name: t('search.seeMore') })).toHaveAttribute('href', `/${p}/hospitals/`);
    });
  });
}

test('search: a failing call shows the error state, and retry searches again', async ({ page }) => {
  let fail = true;
  await page.route('**/api/search?*', (route) => (fail ? route.abort() : route.continue()));
  await page.goto('/vi-vn/search/?q=An%20B%C3%ACnh');
  await expect(page.getByTestId('search-error')).toContainText(translate('vi-VN', 'search.error'), SEARCH_TIMEOUT);
  fail = false;
  await page.getByRole('button', { name: translate('vi-VN', 'search.retry') }).click();
  await expect(page.getByTestId('search-hospital').first()).toBeVisible(SEARCH_TIMEOUT);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the search page shows the form and a message', async ({ page }) => {
    await page.goto('/th-th/search/?q=abc');
    await expect(page.getByRole('searchbox')).toBeVisible();
    await expect(page.getByTestId('search-noscript')).toContainText(translate('th-TH', 'search.noscript'));
  });
});

test('the lite video loads its iframe only when asked', async ({ page }) => {
  const youtube: string[] = [];
  await page.route(/youtube|ytimg/, (route) => {
    youtube.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>video</title>' });
  });
  await page.goto('/vi-vn/');
  const video = page.getByTestId('lite-video');
  await video.scrollIntoViewIfNeeded();
  await expect(video.locator('iframe')).toHaveCount(0);
  expect(youtube).toEqual([]);
  await video.getByRole('link', { name: translate('vi-VN', 'home.video.play', { title: VIDEO_TITLES['vi-VN'] }) }).click();
  const iframe = video.locator('iframe');
  await expect(iframe).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]+\?autoplay=1/);
  await expect(iframe).toHaveAttribute('title', VIDEO_TITLES['vi-VN']);
  await expect(page).toHaveURL(/\/vi-vn\/$/);
});

test('the banner carousel moves with its buttons', async ({ page }) => {
  await page.goto('/th-th/');
  const track = page.locator('[data-banner-track]');
  expect(await track.evaluate((t) => t.scrollLeft)).toBe(0);
  await page.getByRole('button', { name: translate('th-TH', 'home.banners.next') }).click();
  await expect.poll(() => track.evaluate((t) => t.scrollLeft)).toBeGreaterThan(0);
  await page.getByRole('button', { name: translate('th-TH', 'home.banners.prev') }).click();
  await expect.poll(() => track.evaluate((t) => t.scrollLeft)).toBe(0);
});

for (const locale of HOME_LOCALES) {
  test(`${locale}: home and search pages have no axe violations and stay under 20 KB of JavaScript`, async ({ page }) => {
    for (const path of [`/${prefix(locale)}/`, `/${prefix(locale)}/search/?q=${encodeURIComponent(LOCAL_TEXT[locale].searchKeys[0])}`]) {
      const scripts: Promise<number>[] = [];
      page.on('response', (r) => {
        if (r.request().resourceType() === 'script') scripts.push(r.body().then((b) => gzipSync(b).length));
      });
      await page.goto(path);
      if (path.includes('search')) await expect(page.getByTestId('search-hospital').or(page.getByTestId('search-service')).first()).toBeVisible(SEARCH_TIMEOUT);
      await page.waitForLoadState('networkidle');
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      const inline = await page.locator('script:not([src]):not([type="application/ld+json"])').allTextContents();
      const total = (await Promise.all(scripts)).reduce((a, b) => a + b, 0) + inline.reduce((a, s) => a + gzipSync(s).length, 0);
      expect(total, `${path} JavaScript gzip bytes`).toBeLessThan(20 * 1024);
      page.removeAllListeners('response');
    }
  });
}

test('the language switcher goes to the same page in another locale and remembers the choice', async ({ page, context }) => {
  await page.goto('/vi-vn/');
  const label = translate('vi-VN', 'language.label');
  if ((page.viewportSize()?.width ?? 1280) < 768) {
    // Mobile: one button names the current language and opens the list; Escape or a click outside closes it.
    const button = page.locator('.lang-menu summary');
    await expect(button).toHaveAccessibleName(`${label}: Tiếng Việt`);
    await expect(page.getByRole('navigation', { name: label })).toBeHidden();
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('navigation', { name: label }).getByRole('link')).toHaveCount(6);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('navigation', { name: label })).toBeHidden();
    await expect(button).toBeFocused();
    await button.click();
    await page.locator('.site-footer').click();
    await expect(page.getByRole('navigation', { name: label })).toBeHidden();
  }
  await (await languageSwitcher(page, 'vi-VN')).getByRole('link', { name: 'ไทย' }).click();
  await expect(page).toHaveURL(/\/th-th\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  const lang = (await context.cookies()).find((c) => c.name === 'lang');
  expect(lang?.value).toBe('th-TH');
  // 365 days, give or take the seconds the test took.
  expect(lang!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);
});

test('on a 320 px phone the header stays one line: the language button shows the code and keeps the name for screen readers', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/id-id/');
  const button = page.locator('.lang-menu summary');
  await expect(button).toHaveAccessibleName(`${translate('id-ID', 'language.label')}: Bahasa Indonesia`);
  await expect(button.locator('.lang-code')).toHaveText('ID');
  await expect(button.locator('.lang-code')).toBeVisible();
  await expect(button.locator('.lang-name')).toBeHidden();
  const [brand, menu] = await Promise.all([page.locator('.brand').boundingBox(), button.boundingBox()]);
  // One row: the brand and the button side by side, neither wrapped (the 44 px button is the tallest item).
  expect(Math.abs(brand!.y + brand!.height / 2 - (menu!.y + menu!.height / 2))).toBeLessThan(4);
  expect(menu!.height).toBeLessThanOrEqual(46);
  expect(brand!.height).toBeLessThanOrEqual(36);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});

test('GET /api/health answers the envelope after a real query', async ({ request }) => {
  const res = await request.get('/api/health');
  expect(res.status()).toBe(200);
  expect(res.headers()['cache-control']).toContain('no-store');
  const body = await res.json();
  // Anyone gets liveness only; the engine and migration count are for staff (issue 24, finding 12).
  expect(body).toMatchObject({ _status: 1, _messages: [], _data: { database: 'ok' } });
  expect(body._data.details).toBeUndefined();
});

test('pages carry the security headers of netlify.toml', async ({ request }) => {
  const res = await request.get('/vi-vn/');
  expect(res.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(res.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(res.headers()['x-content-type-options']).toBe('nosniff');
});
