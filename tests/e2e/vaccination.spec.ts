/**
 * Vaccinations (issue #7 item 3, SPEC §2, §4, §5, §9): the listing's vaccination cards, the vaccine detail URL,
 * the vaccine branch list (10, then 10 more per 'load more' after 300 ms; distance sorting toggling asc/desc
 * after the location pop-up), structured data, keyboard use, axe and the JavaScript budget, in vi-VN, th-TH and
 * zh-TW, at desktop and mobile (the two Playwright projects).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { LOCALE_CONFIG, type Locale } from '../../i18n/locales';
import { translate } from '../../i18n/strings';
import { EVERYWHERE_VACCINE, FREE_PRICE_VACCINE, OUT_OF_STOCK_VACCINE, VACCINE_NOTICES } from '../../supabase/seed/vaccines';
import { sortBranches } from '../../src/lib/vaccine-branches';
import { distanceKm, roundPosition } from '../../src/lib/distance';
import type { VaccineBranchItem } from '../../src/lib/vaccination';

const LOCALES: Locale[] = ['vi-VN', 'th-TH', 'zh-TW'];
const NAMES: Record<string, string> = { [FREE_PRICE_VACCINE]: 'Vaxneuvance', [OUT_OF_STOCK_VACCINE]: 'Qdenga', [EVERYWHERE_VACCINE]: 'Vaxigrip Tetra' };

/** The listing page holding a vaccine's card, and the card's link (pages 1..n, following the pager). */
async function findCard(page: Page, prefix: string, slug: string) {
  await page.goto(`/${prefix}/vaccination/`);
  for (;;) {
    const card = page.getByTestId('vaccine-card').filter({ has: page.getByRole('heading', { name: NAMES[slug], exact: true }) });
    if (await card.count()) return card;
    const next = page.getByTestId('vaccine-pager').locator('a[rel="next"]');
    if (!(await next.count())) throw new Error(`no card for ${slug}`);
    // Wait for the next page: looking for the card on the one still shown found no pager mid-navigation.
    const target = new URL((await next.getAttribute('href'))!, page.url()).pathname;
    await next.click();
    await page.waitForURL((url) => url.pathname === target);
  }
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function jsonLd(page: Page): Promise<Record<string, any>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((t) => JSON.parse(t));
}

for (const locale of LOCALES) {
  const cfg = LOCALE_CONFIG[locale];
  const prefix = cfg.prefix;
  const t = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) => translate(locale, key, params);
  const detailUrl = (slug: string) => new RegExp(`/${prefix}/vaccination/${slug}-\\d+/$`);

  test.describe(`vaccinations ${locale}`, () => {
    // Several pages per test (the listing's pages, a detail page) on a machine shared with other builds.
    test.describe.configure({ timeout: 90_000 });
    test('listing: cards with description, labels, price and discount, notice, first branch and count, rating; static pages', async ({ page }) => {
      const res = await page.goto(`/${prefix}/vaccination/`);
      expect(res?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', cfg.htmlLang);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('vaccination.heading', { country: cfg.countryName }));
      const cards = page.getByTestId('vaccine-card');
      await expect(cards).toHaveCount(20);
      for (const href of await page.getByTestId('vaccine-link').evaluateAll((as) => as.map((a) => a.getAttribute('href')))) {
        expect(href).toMatch(new RegExp(`^/${prefix}/vaccination/[a-z0-9-]+-\\d+/$`));
      }
      const first = cards.first();
      await expect(first.getByTestId('vaccine-description')).toHaveCSS('-webkit-line-clamp', '2');
      await expect(first.locator('.tag-age').first()).toBeVisible();
      await expect(first.locator('.tag-dose').first()).toBeVisible();
      await expect(first.getByTestId('vaccine-branch-count')).toHaveText(new RegExp(`^${escapeRe(t('vaccination.card.branchCount', { count: 999 })).replace('999', '\\d+')}$`));
      await expect(first.getByTestId('vaccine-branch')).toContainText(t('vaccination.card.atBranch', { branch: '' }).trim());
      await expect(page.getByTestId('vaccine-notice').first()).toContainText(VACCINE_NOTICES[locale]);
      await expect(page.getByTestId('vaccine-rating').first()).toContainText(/\d\.\d/);
      // Discounts are whole percentages beside a struck-through list price.
      const discount = page.getByTestId('vaccine-discount').first();
      await expect(discount).toHaveText(/^-\d+%$/);
      await expect(discount.locator('xpath=..').locator('s')).toBeVisible();
      // Bounded static pages: a pager to page 2, which links back.
      await page.getByTestId('vaccine-pager').getByRole('link', { name: t('common.nextPage') }).click();
      await expect(page).toHaveURL(new RegExp(`/${prefix}/vaccination/page/2/$`));
      await expect(page.getByTestId('vaccine-card')).not.toHaveCount(0);
      await expect(page.getByTestId('vaccine-pager').locator('[aria-current="page"]')).toHaveText('2');
      // hreflang: the listing exists in every locale.
      await expect(page.locator('link[rel="alternate"][hreflang]:not([hreflang="x-default"])')).toHaveCount(6);
    });

    test('a price of 0 is hidden; out of stock is shown, on the card and on the detail page', async ({ page }) => {
      const free = await findCard(page, prefix, FREE_PRICE_VACCINE);
      await expect(free.getByTestId('vaccine-price')).toHaveCount(0);
      await free.getByTestId('vaccine-link').click();
      await expect(page).toHaveURL(detailUrl(FREE_PRICE_VACCINE));
      await expect(page.getByTestId('vaccine-offer').getByTestId('vaccine-price')).toHaveCount(0);
      await expect(page.getByTestId('branch-item').locator('[data-field="price"]:visible')).toHaveCount(0);
      const [free1] = await jsonLd(page);
      expect(free1.offers).toBeUndefined();

      const out = await findCard(page, prefix, OUT_OF_STOCK_VACCINE);
      await expect(out.getByTestId('vaccine-out-of-stock')).toHaveText(t('directory.price.outOfStock'));
      await out.getByTestId('vaccine-link').click();
      await expect(page).toHaveURL(detailUrl(OUT_OF_STOCK_VACCINE));
      await expect(page.getByTestId('vaccine-offer').getByTestId('vaccine-out-of-stock')).toHaveText(t('directory.price.outOfStock'));
      await expect(page.getByTestId('branch-out-of-stock').first()).toBeVisible();
      const [product] = await jsonLd(page);
      expect(product['@type']).toBe('Product');
      expect(product.offers).toMatchObject({ '@type': 'Offer', priceCurrency: cfg.currency, availability: 'https://schema.org/OutOfStock' });
      expect(product.offers.price).toBeGreaterThan(0);
    });

    test('detail page: URL shape, vaccine info, breadcrumb with home link, JSON-LD, share image, hreflang of its own locale', async ({ page }) => {
      const card = await findCard(page, prefix, EVERYWHERE_VACCINE);
      const href = (await card.getByTestId('vaccine-link').getAttribute('href'))!;
      // Keyboard: the card's link opens the detail page.
      await card.getByTestId('vaccine-link').focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(href);
      expect(new URL(page.url()).pathname).toMatch(detailUrl(EVERYWHERE_VACCINE));
      const detailId = Number(/-(\d+)\/$/.exec(href)![1]);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(NAMES[EVERYWHERE_VACCINE]);
      const crumbs = page.getByRole('navigation', { name: t('common.breadcrumb') });
      await expect(crumbs.getByRole('link', { name: t('nav.home') })).toHaveAttribute('href', `/${prefix}/`);
      await expect(crumbs.getByRole('link', { name: t('vaccination.title') })).toHaveAttribute('href', `/${prefix}/vaccination/`);
      const ld = await jsonLd(page);
      const product = ld.find((d) => d['@type'] === 'Product' || d['@type'] === 'MedicalTherapy')!;
      expect(product).toMatchObject({ '@context': 'https://schema.org', name: NAMES[EVERYWHERE_VACCINE], url: `https://${cfg.domain}/vaccination/${EVERYWHERE_VACCINE}-${detailId}/` });
      if (product.offers) expect(['https://schema.org/InStock', 'https://schema.org/OutOfStock']).toContain(product.offers.availability);
      const breadcrumb = ld.find((d) => d['@type'] === 'BreadcrumbList')!;
      expect(breadcrumb.itemListElement.map((i: { position: number }) => i.position)).toEqual([1, 2, 3]);
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', `https://${cfg.domain}/api/og-images/vaccine/?locale=${locale}&vaccineId=${detailId}`);
      await expect(page.locator('link[rel="alternate"][hreflang]:not([hreflang="x-default"])')).toHaveCount(1);
    });

    test('branch list: organization headers, 10 items, then 10 more per load more after 300 ms; links to each branch page; keyboard', async ({ page }) => {
      const card = await findCard(page, prefix, EVERYWHERE_VACCINE);
      await card.getByTestId('vaccine-link').click();
      const items = page.getByTestId('branch-item');
      await expect(items).toHaveCount(10);
      await expect(page.getByTestId('organization-header').first()).toBeVisible();
      const total = Number(await page.getByTestId('vaccine-branches').getAttribute('data-total'));
      expect(total).toBeGreaterThan(20);
      await expect(page.getByTestId('branches-status')).toHaveText(t('vaccination.branches.shown', { shown: 10, total }));
      for (const href of await items.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))) expect(href).toMatch(detailUrl(EVERYWHERE_VACCINE));

      // Keyboard: Enter on 'load more'; the 10 more branches come 300 ms after the press (timed in the page), then
      // focus goes to the first new branch.
      const more = page.getByTestId('load-more');
      await page.evaluate(() => {
        const w = window as unknown as { pressedAt?: number; renderedAt?: number };
        document.querySelector('[data-load-more]')!.addEventListener('click', () => (w.pressedAt ??= performance.now()), { capture: true });
        new MutationObserver(() => (w.renderedAt ??= performance.now())).observe(document.querySelector('[data-branch-list]')!, { childList: true });
      });
      // Shown once the page's script has attached it (it cannot take focus before: visibility hidden).
      await expect(more).toBeVisible();
      await more.focus();
      await expect(more).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(items).toHaveCount(20);
      const waited = await page.evaluate(() => {
        const w = window as unknown as { pressedAt: number; renderedAt: number };
        return w.renderedAt - w.pressedAt;
      });
      expect(waited).toBeGreaterThanOrEqual(299);
      await expect(items.nth(10).locator('a')).toBeFocused();
      await expect(page.getByTestId('branches-status')).toHaveText(t('vaccination.branches.shown', { shown: 20, total }));
      const headers = await page.getByTestId('organization-header').count();
      expect(headers).toBeGreaterThanOrEqual(2);
      for (let shown = 20; shown < total; shown += 10) await more.click();
      await expect(items).toHaveCount(total);
      await expect(more).toBeHidden();
      // Each branch once; each links to its own vaccine detail page, and the page itself is marked.
      const hrefs = await items.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      expect(new Set(hrefs).size).toBe(total);
      await expect(page.locator('[data-testid="branch-item"] a[aria-current="page"]')).toHaveAttribute('href', new URL(page.url()).pathname);
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });

    test.describe('distance sorting', () => {
      test('asks through the location pop-up (will not be stored), then toggles nearest and farthest first', async ({ page, context, request }) => {
        const branches = (await (await request.get(`/${prefix}/vaccination/branches/${EVERYWHERE_VACCINE}.json`)).json()) as VaccineBranchItem[];
        // The visitor stands a little beside the last branch of the default order.
        const here = { latitude: branches[branches.length - 1].latitude! + 0.001234567891, longitude: branches[branches.length - 1].longitude! + 0.00098765432 };
        await context.grantPermissions(['geolocation']);
        await context.setGeolocation(here);
        const card = await findCard(page, prefix, EVERYWHERE_VACCINE);
        await card.getByTestId('vaccine-link').click();
        const sort = page.getByTestId('sort-distance');
        await expect(sort).toHaveAttribute('aria-pressed', 'false');
        await sort.click();
        const dialog = page.getByTestId('location-dialog');
        await expect(dialog).toBeVisible();
        await expect(dialog).toContainText(t('vaccination.location.body'));
        await dialog.getByRole('button', { name: t('hospital.location.allow') }).click();
        const names = page.getByTestId('branch-item').locator('a');
        const expectOrder = async (direction: 'asc' | 'desc') => {
          const expected = sortBranches(branches, roundPosition(here), direction).slice(0, 10).map((b) => b.name);
          await expect(names).toHaveText(expected);
        };
        await expectOrder('asc');
        await expect(sort).toHaveText(t('vaccination.branches.sortAsc'));
        await expect(sort).toHaveAttribute('aria-pressed', 'true');
        const nearest = sortBranches(branches, roundPosition(here), 'asc')[0];
        const km = new Intl.NumberFormat(cfg.htmlLang, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(distanceKm(roundPosition(here), nearest)!);
        await expect(page.getByTestId('branch-distance').first()).toHaveText(t('directory.distance.km', { distance: km }));
        // Keyboard toggles the direction.
        await sort.focus();
        await page.keyboard.press('Enter');
        await expectOrder('desc');
        await expect(sort).toHaveText(t('vaccination.branches.sortDesc'));
        await page.keyboard.press('Enter');
        await expectOrder('asc');
        // Load more keeps the sort order.
        await page.getByTestId('load-more').click();
        await expect(names).toHaveText(sortBranches(branches, roundPosition(here), 'asc').slice(0, 20).map((b) => b.name));
        // The position is kept nowhere but the page's memory.
        const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie);
        expect(stored).not.toContain(String(here.latitude).slice(0, 6));
      });
    });

    test('pages pass axe and stay under 20 KB of JavaScript (gzip)', async ({ page }) => {
      const card = await findCard(page, prefix, EVERYWHERE_VACCINE);
      const detail = (await card.getByTestId('vaccine-link').getAttribute('href'))!;
      for (const path of [`/${prefix}/vaccination/`, detail]) {
        let bytes = 0;
        const pending: Promise<void>[] = [];
        const onResponse = (r: import('@playwright/test').Response) => {
          if (r.request().resourceType() === 'script') pending.push(r.body().then((b) => void (bytes += gzipSync(b).length)));
        };
        page.on('response', onResponse);
        await page.goto(path, { waitUntil: 'networkidle' });
        page.off('response', onResponse);
        await Promise.all(pending);
        const inline = await page.locator('script:not([src]):not([type="application/ld+json"])').allTextContents();
        bytes += gzipSync(inline.join('')).length;
        console.log(`[js] ${locale} ${path}: ${bytes} bytes gzip`);
        expect(bytes).toBeLessThan(20 * 1024);
        const { violations } = await new AxeBuilder({ page }).analyze();
        expect(violations.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      }
    });
  });
}
