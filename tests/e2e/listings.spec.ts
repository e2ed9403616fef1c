/**
 * Specialty index, doctor listings and hospital listings (issue #7 items 4–5): card link targets (the special
 * specialty slug included), paging and filters without JavaScript, the in-page keyword filter and the distance
 * sort, zh-TW external links, locales without doctor / service listings, structured data, hreflang and axe.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { LOCALES, LOCALE_CONFIG, type Locale } from '../../i18n/locales';
import { translate } from '../../i18n/strings';
import { SPECIAL_SPECIALTY } from '../../src/lib/hospital-page';
import { hospitalFixtures, hospitalPath } from './support/hospitals';

const prefix = (l: Locale) => `/${LOCALE_CONFIG[l].prefix}`;
const specialtyIndex = (l: Locale) => `${prefix(l)}/specialty/`;
const hospitalListing = (l: Locale) => `${prefix(l)}/hospitals/`;

async function jsonLd(page: Page): Promise<Record<string, any>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((t) => JSON.parse(t));
}

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${page.url()} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.describe('specialty index', () => {
  for (const locale of ['vi-VN', 'en-PH', 'zh-TW'] as Locale[]) {
    test(`${locale}: cards link to the doctor listing of a city, the special slug to its fixed-type hospital listing`, async ({ page }) => {
      const f = LOCALE_CONFIG[locale].features;
      await page.goto(specialtyIndex(locale));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(translate(locale, 'listing.specialties.title'));
      const cards = page.getByTestId('specialty-card');
      expect(await cards.count()).toBeGreaterThan(5);
      for (const card of await cards.all()) {
        const slug = await card.getAttribute('data-slug');
        const href = (await card.getByTestId('specialty-link').getAttribute('href'))!;
        await expect(card.locator('img').first()).toBeVisible();
        if (slug === SPECIAL_SPECIALTY.slug) expect(href).toBe(`${prefix(locale)}/hospitals/?type=${SPECIAL_SPECIALTY.hospitalType}`);
        else if (f.doctorListings) expect(href).toMatch(new RegExp(`^${prefix(locale)}/doctors/[a-z0-9-]+/${slug}/$`));
        else expect(href).toMatch(new RegExp(`^${prefix(locale)}/hospitals/(city/[a-z0-9-]+/)?specialty/${slug}/$`));
      }
      // No links to listings the locale does not have (SPEC §1).
      if (!f.doctorListings) expect(await page.locator(`a[href*="/doctors/"]`).count()).toBe(0);

      // The first card opens a listing with as many results as the card says.
      const first = cards.first();
      const note = (await first.getByTestId('specialty-link').locator('.small').textContent())!;
      const name = (await first.locator('.specialty-tile-name').textContent())!;
      await first.getByTestId('specialty-link').click();
      await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
      const count = note.match(/\d+/)![0];
      await expect(page.getByTestId('listing-count')).toContainText(count);
    });
  }

  for (const locale of ['en-PH', 'zh-TW'] as Locale[]) {
    test(`${locale}: the '${SPECIAL_SPECIALTY.slug}' card opens the hospital listing of type ${SPECIAL_SPECIALTY.hospitalType}`, async ({ page }) => {
      await page.goto(specialtyIndex(locale));
      await page.locator(`[data-testid="specialty-card"][data-slug="${SPECIAL_SPECIALTY.slug}"]`).getByTestId('specialty-link').click();
      await expect(page).toHaveURL(new RegExp(`/hospitals/\\?type=${SPECIAL_SPECIALTY.hospitalType}$`));
      const typeLabel = translate(locale, `listing.type.${SPECIAL_SPECIALTY.hospitalType}` as never);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(typeLabel);
      await expect(page.getByTestId('filter-type').locator('[aria-current="page"]')).toContainText(typeLabel);
      expect(await page.getByTestId('hospital-card').count()).toBeGreaterThan(0);
    });
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('en-PH: doctor listing pages through prebuilt pages; cards follow the doctor card rules', async ({ page }) => {
    await page.goto(specialtyIndex('en-PH'));
    // The busiest listing (most doctors of a specialty in one city) has more than one page.
    const links = await page.getByTestId('specialty-link').evaluateAll((as) => as.map((a) => ({ href: a.getAttribute('href')!, n: Number(a.textContent!.match(/(\d+)/)?.[1] ?? 0) })));
    const busiest = links.filter((l) => l.href.includes('/doctors/')).sort((a, b) => b.n - a.n)[0];
    expect(busiest.n).toBeGreaterThan(20);
    await page.goto(busiest.href);
    await expect(page.locator('[data-listing-tools]')).toBeHidden(); // no script, no tools: nothing half-working
    const cards = page.getByTestId('doctor-card');
    await expect(cards).toHaveCount(20);
    await expect(page.getByTestId('page-of')).toHaveText(translate('en-PH', 'common.pageOf', { page: 1, last: Math.ceil(busiest.n / 20) }));
    const hrefs = () => cards.getByTestId('doctor-link').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
    const firstPage = await hrefs();

    for (const card of (await cards.all()).slice(0, 5)) {
      const doctorHref = (await card.getByTestId('doctor-link').getAttribute('href'))!;
      expect(doctorHref).toMatch(/^\/en-ph\/doctor\/[a-z0-9-]+\/$/);
      await expect(card.getByTestId('doctor-specialties')).toHaveAttribute('href', doctorHref);
      await expect(card.locator('img[width="80"]').first()).toBeVisible();
      await expect(card.getByTestId('hospital-block')).toHaveAttribute('href', /^\/en-ph\/hospital\/[a-z0-9-]+\/$/);
      const tags = await card.locator('.tag').allTextContents();
      expect(tags.length).toBeGreaterThan(0);
      for (const tag of tags) expect(['Booking', 'Telemedicine', 'Not available']).toContain(tag);
      if (tags.includes('Not available')) expect(tags).toEqual(['Not available']);
    }

    await page.getByTestId('next-page').click();
    await expect(page).toHaveURL(new RegExp(`${busiest.href}page/2/$`));
    await expect(cards).toHaveCount(Math.min(20, busiest.n - 20));
    expect((await hrefs()).filter((h) => firstPage.includes(h))).toEqual([]);
    await expect(page.getByTestId('prev-page')).toHaveAttribute('href', busiest.href);
    await page.getByTestId('prev-page').click();
    await expect(page).toHaveURL(new RegExp(`${busiest.href}$`));
  });

  test('en-PH: hospital listing filters are links to prebuilt pages', async ({ page }) => {
    await page.goto(hospitalListing('en-PH'));
    const cityChip = page.getByTestId('filter-city').getByRole('link', { name: /^Manila/ });
    const manilaCount = Number((await cityChip.locator('.chip-count').textContent())!);
    await cityChip.click();
    await expect(page).toHaveURL(/\/en-ph\/hospitals\/city\/manila\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hospitals in Manila');
    await expect(page.getByTestId('hospital-card')).toHaveCount(manilaCount);
    for (const address of await page.getByTestId('hospital-address').allTextContents()) expect(address).toContain('Manila');

    // A second filter keeps the first; its count is the number of cards.
    const typeChip = page.getByTestId('filter-type').locator('a.chip:not([aria-current])').first();
    const typeCount = Number((await typeChip.locator('.chip-count').textContent())!);
    await typeChip.click();
    await expect(page).toHaveURL(/\/en-ph\/hospitals\/city\/manila\/type\/[a-z-]+\/$/);
    await expect(page.getByTestId('hospital-card')).toHaveCount(typeCount);
    await expect(page.getByTestId('filter-city').locator('[aria-current="page"]')).toContainText('Manila');

    // 'All cities' drops only the city.
    await page.getByTestId('filter-city').getByRole('link', { name: /^All cities/ }).click();
    await expect(page).toHaveURL(/\/en-ph\/hospitals\/type\/[a-z-]+\/$/);

    // The unfiltered listing pages without JavaScript too.
    await page.goto(hospitalListing('en-PH'));
    await expect(page.getByTestId('hospital-card')).toHaveCount(20);
    await page.getByTestId('next-page').click();
    await expect(page).toHaveURL(/\/en-ph\/hospitals\/page\/2\/$/);
    expect(await page.getByTestId('hospital-card').count()).toBeGreaterThan(0);
  });
});

test.describe('with the enhancement', () => {
  // A visitor in Cebu City who allows the location pop-up.
  test.use({ geolocation: { latitude: 10.3157, longitude: 123.8854 }, permissions: ['geolocation'] });

  test('en-PH: keyword filter on the page, then distance sort after the location pop-up', async ({ page }) => {
    await page.goto(hospitalListing('en-PH'));
    const cards = page.getByTestId('hospital-card');
    const total = await cards.count();
    const search = page.getByTestId('listing-search');
    await expect(search).toBeVisible();
    await expect(page.getByLabel('Filter this page by keyword')).toBeVisible();

    await search.fill('davao');
    await expect.poll(async () => (await cards.filter({ visible: true }).count())).toBeLessThan(total);
    for (const address of await cards.filter({ visible: true }).getByTestId('hospital-address').allTextContents()) expect(address).toContain('Davao');
    await expect(page.getByRole('status').filter({ hasText: /of \d+ shown/ })).toBeVisible();

    await search.fill('zzzz no such hospital');
    await expect(page.locator('[data-listing-empty]')).toHaveText('No results');
    await expect(page.locator('[data-listing-empty]')).toBeVisible();
    await search.fill('');
    await expect.poll(async () => (await cards.filter({ visible: true }).count())).toBe(total);

    const sort = page.getByTestId('distance-sort');
    await sort.click();
    const dialog = page.getByTestId('location-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('It will not be stored.');
    await dialog.getByRole('button', { name: 'Allow' }).click();
    await expect(sort).toHaveText('Nearest first');
    await expect(cards.first().getByTestId('hospital-address')).toContainText('Cebu City');
    await expect(cards.first().getByTestId('distance')).toHaveText(/^\d+(\.\d) km$/);
    const nearest = Number((await cards.first().getByTestId('distance').textContent())!.replace(/[^\d.]/g, ''));
    expect(nearest).toBeLessThan(10);
    await sort.click();
    await expect(sort).toHaveText('Farthest first');
    await expect(cards.first().getByTestId('hospital-address')).not.toContainText('Cebu City');
    const farthest = Number((await cards.first().getByTestId('distance').textContent())!.replace(/[^\d.]/g, ''));
    expect(farthest).toBeGreaterThan(nearest);
  });

  test('vi-VN: the doctor listing keyword filter ignores diacritics', async ({ page }) => {
    await page.goto(specialtyIndex('vi-VN'));
    await page.getByTestId('specialty-link').first().click();
    const cards = page.getByTestId('doctor-card');
    const name = (await cards.first().getByTestId('doctor-link').textContent())!;
    const plain = name.normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/g, 'd').replace(/Đ/g, 'D').split(' ').slice(-2).join(' ');
    await page.getByTestId('listing-search').fill(plain);
    await expect.poll(async () => (await cards.filter({ visible: true }).getByTestId('doctor-link').allTextContents()).includes(name)).toBe(true);
  });
});

test.describe('zh-TW: doctor and hospital links go to the hospital website or a booking URL (SPEC §2)', () => {
  test('hospital listing cards link out in a new tab; no doctor or service listing exists or is linked', async ({ page, request }) => {
    await page.goto(hospitalListing('zh-TW'));
    const cards = page.getByTestId('hospital-card');
    expect(await cards.count()).toBeGreaterThan(0);
    for (const card of (await cards.all()).slice(0, 6)) {
      for (const link of [card.getByTestId('hospital-link'), card.getByTestId('view-hospital')]) {
        await expect(link).toHaveAttribute('href', /^https:\/\//);
        await expect(link).toHaveAttribute('target', '_blank');
        await expect(link).toHaveAttribute('rel', 'noopener');
      }
    }
    expect(await page.locator('a[href*="/doctors/"], a[href*="tab=doctors"], a[href*="tab=services"]').count()).toBe(0);
    expect((await request.get('/zh-tw/doctors/taipei/cardiology/')).status()).toBe(404);
  });

  test('hospital page: featured doctors, specialties and the organization page follow the rule', async ({ page, request }) => {
    const { rich } = (await hospitalFixtures(request))['zh-TW'];
    await page.goto(hospitalPath('zh-TW', rich.slug));
    const doctorLinks = page.getByTestId('featured-doctors').getByTestId('doctor-card').locator('a:not([aria-hidden])');
    expect(await doctorLinks.count()).toBeGreaterThan(0);
    for (const a of await doctorLinks.all()) {
      await expect(a).toHaveAttribute('href', /^https:\/\//);
      await expect(a).toHaveAttribute('target', '_blank');
    }
    // Specialties link to the hospital listing (zh-TW has no doctor listings).
    const specialty = page.getByTestId('specialties').locator('a').first();
    await expect(specialty).toHaveAttribute('href', /^\/zh-tw\/hospitals\//);
    expect(await page.locator('a[href*="/zh-tw/doctors/"]').count()).toBe(0);
    await specialty.click();
    await expect(page.getByTestId('hospital-listing')).toBeVisible();

    await page.goto(hospitalPath('zh-TW', rich.slug));
    await page.getByTestId('other-branches').click();
    for (const a of await page.getByTestId('branch-card').locator('a').all()) {
      await expect(a).toHaveAttribute('href', /^https:\/\//);
      await expect(a).toHaveAttribute('target', '_blank');
    }
  });

  test('en-PH (no service listings) links doctors but never services; vi-VN links both', async ({ page }) => {
    await page.goto(hospitalListing('en-PH'));
    expect(await page.getByTestId('available-doctors').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('available-services').count()).toBe(0);
    await expect(page.getByTestId('hospital-link').first()).toHaveAttribute('href', /^\/en-ph\/hospital\/[a-z0-9-]+\/$/);
    await expect(page.getByTestId('hospital-link').first()).not.toHaveAttribute('target', /.+/);
    await page.goto(hospitalListing('vi-VN'));
    expect(await page.getByTestId('available-services').count()).toBeGreaterThan(0);
    await page.getByTestId('available-doctors').first().click();
    await expect(page).toHaveURL(/\/vi-vn\/hospital\/[a-z0-9-]+\/\?tab=doctors$/);
    await expect(page.getByRole('tab', { selected: true })).toHaveAttribute('id', 'tab-doctors');
  });
});

test.describe('search engines and accessibility', () => {
  const kinds = ['specialty index', 'hospital listing', 'doctor listing'] as const;
  for (const locale of ['vi-VN', 'en-PH', 'zh-TW'] as Locale[]) {
    for (const kind of kinds) {
      if (kind === 'doctor listing' && !LOCALE_CONFIG[locale].features.doctorListings) continue;
      test(`${locale} ${kind}: JSON-LD ItemList and BreadcrumbList parse and match the page; hreflang; no axe violations`, async ({ page }) => {
        test.setTimeout(60_000);
        let path = kind === 'hospital listing' ? hospitalListing(locale) : specialtyIndex(locale);
        if (kind === 'doctor listing') {
          await page.goto(specialtyIndex(locale));
          path = (await page.getByTestId('specialty-link').first().getAttribute('href'))!;
        }
        await page.goto(path);
        const data = await jsonLd(page);
        const list = data.find((d) => d['@type'] === 'ItemList')!;
        const crumbs = data.find((d) => d['@type'] === 'BreadcrumbList')!;
        expect(list['@context']).toBe('https://schema.org');
        const cards = page.locator('[data-testid="specialty-card"], [data-testid="doctor-card"], [data-testid="hospital-card"]');
        expect(list.itemListElement.length).toBe(await cards.count());
        expect(list.itemListElement.length).toBeGreaterThan(0);
        list.itemListElement.forEach((it: Record<string, any>, i: number) => {
          expect(it.position).toBe(i + 1);
          expect(it.name).toBeTruthy();
          expect(it.url).toMatch(/^https:\/\//);
        });
        expect(crumbs.itemListElement[0]).toMatchObject({ position: 1, name: translate(locale, 'nav.home'), item: `https://${LOCALE_CONFIG[locale].domain}/` });
        // Breadcrumb bar with its home link.
        await expect(page.getByRole('navigation', { name: translate(locale, 'common.breadcrumb') }).getByRole('link').first()).toHaveAttribute('href', `${prefix(locale)}/`);

        // The specialty index and the hospital listing exist in every locale; a city's doctor listing only in its own.
        const hreflangs = await page.locator('link[rel="alternate"][hreflang]:not([hreflang="x-default"])').evaluateAll((ls) => ls.map((l) => l.getAttribute('hreflang')));
        expect(hreflangs).toEqual(kind === 'doctor listing' ? [LOCALE_CONFIG[locale].htmlLang] : LOCALES.map((l) => LOCALE_CONFIG[l].htmlLang));
        await expectNoAxeViolations(page);
      });
    }
  }
});
