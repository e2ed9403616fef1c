/**
 * Hospital page (SPEC §2 /hospital/[slug], issue #5): header, tabs, general info sections, search engines and
 * page chrome, in vi-VN, en-PH and zh-TW, at desktop and mobile (the two Playwright projects).
 */
import { expect, test, type Page } from '@playwright/test';
import { LOCALE_CONFIG, type Locale } from '../../i18n/locales';
import { translate } from '../../i18n/strings';
import { hospitalFixtures, hospitalPath } from './support/hospitals';
import { languageSwitcher } from './support/chrome';

const LOCALES: Locale[] = ['vi-VN', 'en-PH', 'zh-TW'];
const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

for (const locale of LOCALES) {
  const cfg = LOCALE_CONFIG[locale];
  const t = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) => translate(locale, key, params);

  test.describe(`hospital page ${locale}`, () => {
    test('header: carousel, logo, name, address, website, other branches, rating link, promotion badge', async ({ page, request }) => {
      const { rich } = (await hospitalFixtures(request))[locale];
      const res = await page.goto(hospitalPath(locale, rich.slug));
      expect(res?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', cfg.htmlLang);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(rich.name);
      await expect(page.getByTestId('hospital-logo')).toHaveAttribute('src', rich.logo ?? '/images/default-logo.svg');
      await expect(page.getByTestId('hospital-address')).not.toBeEmpty();
      await expect(page.getByTestId('website')).toHaveAttribute('target', '_blank');
      await expect(page.getByTestId('other-branches')).toHaveText(t('hospital.otherBranches', { organization: rich.organization }));
      // The badge names services: a market without service listings (en-PH, zh-TW) shows none (issue 38 item 24).
      if (cfg.features.serviceListings) await expect(page.getByTestId('promotion-badge')).toHaveText(t('directory.promotion.upTo', { percent: rich.maxPromotion }));
      else await expect(page.getByTestId('promotion-badge')).toHaveCount(0);
      const rating = page.getByTestId('rating-summary');
      await expect(rating).toContainText(t('hospital.rating.reviews', { count: rich.publishedReviews }));
      await expect(rating).toHaveAttribute('href', hospitalPath(locale, rich.slug, 'reviews'));
      // The rating summary opens the reviews tab in place.
      await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
      await rating.click();
      await expect(page).toHaveURL(/\?tab=reviews$/);
      await expect(page.locator('#panel-reviews')).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    });

    test('other branches link opens the organization page with its branches', async ({ page, request }) => {
      const { rich } = (await hospitalFixtures(request))[locale];
      await page.goto(hospitalPath(locale, rich.slug));
      await page.getByTestId('other-branches').click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('hospital.organization.heading', { organization: rich.organization }));
      expect(await page.getByTestId('branch-card').count()).toBeGreaterThan(1);
    });

    test('tabs follow the locale and publish-reviews rules; switching keeps the query without a reload', async ({ page, request }) => {
      const f = (await hospitalFixtures(request))[locale];
      await page.goto(hospitalPath(locale, f.rich.slug));
      const tabs = page.getByRole('tab');
      const expected = [t('directory.tab.general')];
      if (cfg.features.serviceListings) expected.push(t('directory.tab.services', { count: f.rich.services }));
      if (cfg.features.doctorListings) expected.push(t('directory.tab.doctors', { count: f.rich.doctors }));
      expected.push(t('directory.tab.reviews', { count: f.rich.publishedReviews }));
      await expect(tabs).toHaveText(expected);
      await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
      await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
      await tabs.last().click();
      await expect(page).toHaveURL(/\?tab=reviews$/);
      await expect(tabs.last()).toHaveAttribute('aria-selected', 'true');
      await expect(page.locator('#panel-general')).toBeHidden();
      // Back to general info removes the query.
      await tabs.first().click();
      await expect(page).toHaveURL(new RegExp(`/hospital/${f.rich.slug}/$`));
      await expect(page.locator('#panel-general')).toBeVisible();
      await page.goBack();
      await expect(page.locator('#panel-reviews')).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);

      // Organization that does not publish reviews: no Reviews tab, no rating summary, whatever the database holds.
      await page.goto(hospitalPath(locale, f.unpublishedReviews.slug));
      expect(f.unpublishedReviews.reviewsInDatabase).toBeGreaterThan(0);
      await expect(page.locator('#tab-general')).toBeVisible();
      await expect(page.locator('#tab-reviews')).toHaveCount(0);
      await expect(page.getByTestId('rating-summary')).toHaveCount(0);
    });

    test('every tab works without JavaScript through its ?tab= address', async ({ browser, request }) => {
      const f = (await hospitalFixtures(request))[locale];
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(hospitalPath(locale, f.rich.slug, 'reviews'));
      await expect(page.locator('#panel-reviews')).toBeVisible();
      await expect(page.locator('#panel-general')).toBeHidden();
      await expect(page.getByTestId('review')).toHaveCount(Math.min(10, f.rich.publishedReviews));
      if (cfg.features.doctorListings) {
        await page.goto(hospitalPath(locale, f.rich.slug, 'doctors'));
        await expect(page.locator('#panel-doctors')).toBeVisible();
        await expect(page.locator('#panel-doctors').getByTestId('doctor-card')).toHaveCount(f.rich.doctors);
      }
      // A tab the locale does not offer falls back to general info.
      await page.goto(hospitalPath(locale, f.rich.slug, 'nothing'));
      await expect(page.locator('#panel-general')).toBeVisible();
      await context.close();
    });

    test('general info: hours, about, specialties, facilities, categories, map, insurance, guide, payments, doctors, FAQ', async ({ page, request }) => {
      const f = (await hospitalFixtures(request))[locale];
      await page.goto(hospitalPath(locale, f.rich.slug));
      const hours = page.getByTestId('regular-hours');
      await expect(hours.locator('tr')).toHaveCount(7);
      await expect(hours.locator('th').first()).toHaveText(t('directory.weekday.mon'));
      await expect(page.getByTestId('emergency-note')).toHaveText(/.+/);
      // A weekday without hours reads Closed (the seed closes Sundays outside all-day hospitals).
      const sunday = hours.locator('tr').last().locator('td');
      await expect(sunday).toHaveText(/\d{2}:\d{2} - \d{2}:\d{2}|.+/);

      // About collapses to 4 lines and expands.
      const about = page.getByTestId('about');
      const toggle = about.getByRole('button', { name: t('common.showMore') });
      if (await toggle.isVisible()) {
        const before = (await about.locator('.collapsible').boundingBox())!.height;
        await toggle.click();
        await expect(about.getByRole('button', { name: t('common.showLess') })).toHaveAttribute('aria-expanded', 'true');
        expect((await about.locator('.collapsible').boundingBox())!.height).toBeGreaterThan(before);
      }

      // Specialties: cards link to the city's doctor listing; 5 on mobile, 10 on desktop, then view more.
      const specialties = page.getByTestId('specialties');
      const cards = specialties.getByRole('link');
      // (zh-TW has no doctor listings: its cards go to the hospital listing of the city and specialty.)
      await expect(cards.first()).toHaveAttribute('href', new RegExp(`^/${cfg.prefix}/(doctors/[a-z0-9-]+/[a-z0-9-]+/|hospitals/\\?type=|hospitals/city/[a-z0-9-]+/specialty/[a-z0-9-]+/)`));
      const limit = isMobile(page) ? 5 : 10;
      const total = f.rich.specialties;
      await expect(specialties.locator('li:visible')).toHaveCount(Math.min(total, limit));
      const more = specialties.getByRole('button', { name: t('directory.hospital.viewMore') });
      if (total > limit) {
        await more.click();
        await expect(specialties.locator('li:visible')).toHaveCount(total);
      } else await expect(more).toBeHidden();

      await expect(page.getByTestId('facilities').locator('li').first()).toBeVisible();
      // Service categories: accordion with a promo ribbon.
      const categories = page.getByTestId('service-categories');
      await expect(categories.getByTestId('promo-ribbon').first()).toHaveText(/%|\d/);
      const item = categories.locator('details').first();
      await item.locator('summary').click();
      // Service names link to the service pages where the locale builds them, and are plain text elsewhere.
      if (LOCALE_CONFIG[locale].features.serviceListings) {
        await expect(item.locator('.category-services a').first()).toBeVisible();
        await expect(item.locator('.category-services a').first()).toHaveAttribute('href', new RegExp(`^/${cfg.prefix}/hospital/${f.rich.slug}/[a-z0-9-]+/$`));
      } else {
        await expect(item.locator('.category-services li').first()).toBeVisible();
        await expect(item.locator('.category-services a')).toHaveCount(0);
      }

      // Location card: no key configured, so a maps link (zoom-15 embed only with a key) and no map library.
      const map = page.getByTestId('map-card');
      await expect(map.getByTestId('map-link')).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=-?\d/);
      await expect(map.getByRole('link', { name: f.rich.name })).toBeVisible();
      await expect(page.getByTestId('insurances').locator('li').first()).toBeVisible();
      await expect(page.getByTestId('patient-guide')).toContainText(t('hospital.guide.title'));
      await expect(page.getByTestId('payments').locator('li').first()).toBeVisible();
      await expect(page.getByTestId('featured-doctors').getByTestId('doctor-card').first()).toBeVisible();
      const faq = page.getByTestId('faq').locator('details').first();
      await faq.locator('summary').click();
      await expect(faq.locator('p')).toBeVisible();
    });

    test('location card: the interactive map library loads only when the visitor asks for it', async ({ page, request }) => {
      const f = (await hospitalFixtures(request))[locale];
      const mapRequests: string[] = [];
      page.on('request', (r) => {
        if (/mapbox/i.test(r.url())) mapRequests.push(r.url());
      });
      await page.goto(hospitalPath(locale, f.rich.slug));
      const map = page.getByTestId('map-card');
      const open = map.getByRole('button', { name: t('hospital.map.interactive') });
      await open.scrollIntoViewIfNeeded();
      await page.waitForLoadState('networkidle');
      expect(mapRequests).toEqual([]);
      await open.click();
      // The library chunk is fetched now; the map then renders, or (no WebGL / no network here) the card says so
      // and keeps its maps link.
      await expect.poll(() => mapRequests.some((u) => u.includes('/_astro/'))).toBe(true);
      await expect(map.getByTestId('interactive-map').or(map.getByTestId('interactive-map-error'))).toBeVisible();
      await expect(map.getByRole('link', { name: f.rich.name })).toBeVisible();
    });

    test('featured doctors skip partner-group doctors', async ({ page, request }) => {
      const { partner } = (await hospitalFixtures(request))[locale];
      await page.goto(hospitalPath(locale, partner.slug));
      const featured = page.getByTestId('featured-doctors');
      await expect(featured.getByTestId('doctor-card').first()).toBeVisible();
      await expect(featured).not.toContainText(partner.partnerDoctor);
    });

    test('search engines: JSON-LD, canonical on the locale domain, hreflang, noindex rules, sitemap', async ({ page, request }) => {
      const f = (await hospitalFixtures(request))[locale];
      await page.goto(hospitalPath(locale, f.rich.slug));
      const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((s) => JSON.parse(s));
      const clinic = blocks.find((b) => b['@type'] === 'MedicalClinic');
      expect(clinic.name).toBe(f.rich.name);
      expect(clinic.address.addressCountry).toBe(cfg.countryCode);
      expect(clinic.geo.latitude).toEqual(expect.any(Number));
      expect(clinic.openingHoursSpecification.length).toBeGreaterThan(0);
      expect(clinic.aggregateRating.reviewCount).toBe(f.rich.publishedReviews);
      expect(clinic.review.length).toBeGreaterThan(0);
      expect(clinic.sameAs ?? []).toEqual([]);
      expect(blocks.some((b) => b['@type'] === 'FAQPage')).toBe(true);
      const crumbs = blocks.find((b) => b['@type'] === 'BreadcrumbList');
      expect(crumbs.itemListElement.map((i: { name: string }) => i.name)).toEqual([t('nav.home'), t('common.search'), f.rich.name]);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `https://${cfg.domain}/hospital/${f.rich.slug}/`);
      await expect(page.locator(`link[rel="alternate"][hreflang="${cfg.htmlLang}"]`)).toHaveAttribute('href', `https://${cfg.domain}/hospital/${f.rich.slug}/`);
      await expect(page.locator('meta[name="robots"]')).toHaveCount(0);

      for (const h of [f.excluded, f.noStatus]) {
        await page.goto(hospitalPath(locale, h.slug));
        await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
      }
      const sitemap = await (await request.get(`/${cfg.prefix}/sitemap-1.xml`)).text();
      expect(sitemap).toContain(`<loc>https://${cfg.domain}/hospital/${f.rich.slug}/</loc>`);
      // The hospital page itself (its service pages are pages of their own).
      expect(sitemap).not.toContain(`<loc>https://${cfg.domain}/hospital/${f.excluded.slug}/</loc>`);
      expect(sitemap).not.toContain(`<loc>https://${cfg.domain}/hospital/${f.noStatus.slug}/</loc>`);
    });

    // The e2e build has no ad account (PUBLIC_AD_NETWORK_CODE): even in vi-VN no slot is rendered, so no empty
    // grey box and no reserved space (issue #30 item 8); the configured slots are unit-tested (booking-ads.test.ts).
    test('no ad box without an ad account; no ad code outside vi-VN', async ({ page, request }) => {
      const { rich } = (await hospitalFixtures(request))[locale];
      const res = await page.goto(hospitalPath(locale, rich.slug));
      const html = await res!.text();
      if (cfg.features.ads) {
        await expect(page.locator('[data-ad-slot], .ad-box, .ad-label')).toHaveCount(0);
        expect(html).not.toContain('doubleclick');
      } else {
        expect(html).not.toContain('data-ad-slot');
        expect(html).not.toContain('doubleclick');
        await expect(page.locator('[data-ad-slot]')).toHaveCount(0);
      }
    });
  });
}

test.describe('page chrome', () => {
  test('breadcrumb bar with home link, detail container width, language switcher to the other locale', async ({ page, request, context }) => {
    const { rich } = (await hospitalFixtures(request))['vi-VN'];
    await page.goto(hospitalPath('vi-VN', rich.slug));
    const crumbs = page.getByRole('navigation', { name: translate('vi-VN', 'common.breadcrumb') });
    expect((await crumbs.boundingBox())!.height).toBeGreaterThanOrEqual(40);
    await expect(crumbs.getByRole('link', { name: translate('vi-VN', 'nav.home') })).toHaveAttribute('href', '/vi-vn/');
    await expect(crumbs.getByRole('link', { name: translate('vi-VN', 'common.search') })).toHaveAttribute('href', '/vi-vn/search/');
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText(rich.name);
    expect(await page.locator('main').evaluate((m) => getComputedStyle(m).maxWidth)).toBe('1128px');
    // This hospital exists only in Vietnam: the switcher goes to the other locale's home page and remembers it.
    await (await languageSwitcher(page, 'vi-VN')).getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/en-ph\/$/);
    expect((await context.cookies()).find((c) => c.name === 'lang')?.value).toBe('en-PH');
  });

  test('the carousel advances every 7 s, pauses on hover, works with the keyboard and keeps its space', async ({ page, request }) => {
    const { rich } = (await hospitalFixtures(request))['vi-VN'];
    const total = rich.images;
    expect(total).toBeGreaterThanOrEqual(2);
    // The k-th slide shown counting from 1, wrapping after the last.
    const slide = (k: number) => translate('vi-VN', 'hospital.carousel.slide', { n: ((k - 1) % total) + 1, total });
    await page.clock.install();
    await page.goto(hospitalPath('vi-VN', rich.slug));
    const carousel = page.getByTestId('carousel');
    const box = (await carousel.boundingBox())!;
    const active = () => carousel.locator('.carousel-slide:visible').getAttribute('aria-label');
    expect(await active()).toBe(slide(1));
    await page.clock.runFor(7100);
    expect(await active()).toBe(slide(2));
    await carousel.hover();
    await page.clock.runFor(15000);
    expect(await active()).toBe(slide(2));
    await page.mouse.move(1, 1);
    await carousel.getByRole('button', { name: translate('vi-VN', 'hospital.carousel.next') }).focus();
    await page.keyboard.press('Enter');
    expect(await active()).toBe(slide(3));
    await page.keyboard.press('ArrowRight');
    expect(await active()).toBe(slide(4));
    const after = (await carousel.boundingBox())!;
    expect(after.height).toBe(box.height);
  });

  test('with reduced motion the carousel does not advance by itself', async ({ browser, request }) => {
    const { rich } = (await hospitalFixtures(request))['vi-VN'];
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.clock.install();
    await page.goto(hospitalPath('vi-VN', rich.slug));
    await page.clock.runFor(22000);
    await expect(page.getByTestId('carousel').locator('.carousel-slide:visible')).toHaveAttribute('aria-label', translate('vi-VN', 'hospital.carousel.slide', { n: 1, total: rich.images }));
    await context.close();
  });

  test('distance appears in km with one decimal after the location pop-up, from a position never stored', async ({ browser, request }) => {
    const { rich } = (await hospitalFixtures(request))['en-PH'];
    const context = await browser.newContext({ geolocation: { latitude: 14.5995, longitude: 120.9842 }, permissions: ['geolocation'] });
    const page = await context.newPage();
    await page.goto(hospitalPath('en-PH', rich.slug));
    await page.getByTestId('distance').getByRole('button', { name: translate('en-PH', 'hospital.distance.show') }).click();
    const dialog = page.getByTestId('location-dialog');
    await expect(dialog).toContainText('It will not be stored.');
    await dialog.getByRole('button', { name: translate('en-PH', 'hospital.location.allow') }).click();
    await expect(page.locator('[data-distance-value]')).toHaveText(/^\d+(,\d{3})*\.\d km$/);
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }) + document.cookie)).not.toContain('14.59');
    await context.close();
  });
});
