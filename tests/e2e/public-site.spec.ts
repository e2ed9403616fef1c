/**
 * The public site, finished (issue #30): what a patient notices in the first minute, in vi-VN and another
 * locale, at desktop and mobile (the two Playwright projects): the mobile booking bar, the branded 404 in the
 * visitor's language, language switching and the root address, plurals in en-PH, the site navigation, translated
 * payment methods and the seed's pictures and addresses.
 */
import { expect, test, type Page } from '@playwright/test';
import { LOCALE_CONFIG, type Locale } from '../../i18n/locales';
import { translate } from '../../i18n/strings';
import type { DoctorFixtures } from './support/doctor-fixtures';
import { hospitalFixtures, hospitalPath } from './support/hospitals';
import { languageSwitcher } from './support/chrome';

const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 992;
const prefix = (l: Locale) => LOCALE_CONFIG[l].prefix;
let doctors: DoctorFixtures | undefined;
const doctorFixtures = async (page: Page) => (doctors ??= (await (await page.request.get('/__e2e/doctor-fixtures')).json()) as DoctorFixtures);

/** Layout shifts since load: the total without recent input, and whether the bar or its spacer ever moved anything. */
async function layoutShift(page: Page): Promise<{ total: number; byBar: boolean }> {
  return page.evaluate(
    () =>
      new Promise<{ total: number; byBar: boolean }>((resolve) => {
        let total = 0;
        let byBar = false;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node }> }>) {
            if (!e.hadRecentInput) total += e.value;
            if (e.sources?.some((s) => s.node instanceof Element && s.node.closest('[data-book-bar], .book-bar-spacer'))) byBar = true;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve({ total, byBar }), 300);
      }),
  );
}

for (const locale of ['vi-VN', 'en-PH'] as const) {
  const t = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) => translate(locale, key, params);

  test.describe(`public site ${locale}`, () => {
    test('doctor page: a bottom booking bar on mobile brings the card into view and hides while it is on screen; none on desktop', async ({ page }) => {
      const d = (await doctorFixtures(page)).locales[locale]!.rich;
      await page.goto(`/${prefix(locale)}/doctor/${d.slug}/`);
      const bar = page.getByTestId('book-bar');
      if (!isMobile(page)) {
        await expect(bar).toBeHidden();
        return;
      }
      await expect(bar).toBeVisible();
      // In the page from the start: nothing moved for it while the page loaded.
      expect((await layoutShift(page)).total).toBeLessThan(0.01);
      await expect(bar.getByRole('link', { name: t('bookBar.book') })).toBeVisible();
      await expect(page.getByTestId('book-bar-price')).toHaveText(/\d/);
      await bar.getByRole('link', { name: t('bookBar.book') }).click();
      await expect(page.getByTestId('booking-card')).toBeInViewport();
      await expect(bar).toBeHidden();
      // Back at the top the bar returns; hiding and showing it (a transform) moved nothing.
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(bar).toBeVisible();
      expect((await layoutShift(page)).byBar).toBe(false);
    });

    test('a missing page under the prefix is the branded 404 in that language, with header, footer and a search box', async ({ page }) => {
      const res = await page.goto(`/${prefix(locale)}/no-such-page-at-all/`);
      expect(res?.status()).toBe(404);
      await expect(page.locator('html')).toHaveAttribute('lang', LOCALE_CONFIG[locale].htmlLang);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('notFound.title'));
      await expect(page.getByTestId('site-nav')).toBeVisible();
      await expect(page.locator('footer.site-footer')).toBeVisible();
      const search = page.getByRole('search');
      await search.getByRole('searchbox').fill(locale === 'vi-VN' ? 'nội soi' : 'endoscopy');
      await search.getByRole('button', { name: t('search.submit') }).click();
      await expect(page).toHaveURL(new RegExp(`/${prefix(locale)}/search/\\?q=`));
    });

    test('header and footer link to the sections the market has; the doctor and service links search that kind', async ({ page }) => {
      await page.goto(`/${prefix(locale)}/`);
      const nav = page.getByTestId('site-nav');
      const f = LOCALE_CONFIG[locale].features;
      const expected = [t('nav.hospitals'), ...(f.doctorListings ? [t('nav.doctors')] : []), ...(f.serviceListings ? [t('nav.services')] : []), t('nav.vaccinations'), t('nav.specialties')];
      await expect(nav.getByRole('link')).toHaveText(expected);
      await expect(page.getByTestId('footer-nav').getByRole('link')).toHaveText(expected);
      await nav.getByRole('link', { name: t('nav.hospitals') }).click();
      await expect(page).toHaveURL(new RegExp(`/${prefix(locale)}/hospitals/$`));
      await expect(page.getByTestId('site-nav').getByRole('link', { name: t('nav.hospitals') })).toHaveAttribute('aria-current', 'page');
      await page.getByTestId('site-nav').getByRole('link', { name: t('nav.doctors') }).click();
      await expect(page).toHaveURL(new RegExp(`/${prefix(locale)}/search/\\?kind=doctors$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('search.heading.doctors'));
      await page.getByRole('searchbox').fill(locale === 'vi-VN' ? 'Nguyễn' : 'Santos');
      await expect(page.locator('[data-kind="doctors"]')).toBeVisible();
      await expect(page.locator('[data-kind="hospitals"], [data-kind="services"]')).toHaveCount(0);
    });

    test('the language switcher keeps the listing and goes home for a page the other market does not have', async ({ page, request }) => {
      await page.goto(`/${prefix(locale)}/hospitals/`);
      const other: Locale = locale === 'vi-VN' ? 'th-TH' : 'vi-VN';
      await (await languageSwitcher(page, locale)).getByRole('link', { name: LOCALE_CONFIG[other].languageName }).click();
      await expect(page).toHaveURL(new RegExp(`/${prefix(other)}/hospitals/$`));
      const { rich } = (await hospitalFixtures(request))[locale];
      await page.goto(hospitalPath(locale, rich.slug));
      await (await languageSwitcher(page, locale)).getByRole('link', { name: LOCALE_CONFIG[other].languageName }).click();
      await expect(page).toHaveURL(new RegExp(`/${prefix(other)}/$`));
    });

    test('payment methods read in the language of the page, never as stored codes', async ({ page, request }) => {
      const { rich } = (await hospitalFixtures(request))[locale];
      await page.goto(hospitalPath(locale, rich.slug));
      const list = page.locator('.logo-grid').last();
      await expect(list).toContainText(translate(locale, 'enum.payment.cash'));
      await expect(list).not.toContainText(/\b(cash|wallet bank card|wallet credit card|bank app)\b/);
    });

    test('the seed looks real: gallery photos, a logo, an address with street and city', async ({ page, request }) => {
      const { rich } = (await hospitalFixtures(request))[locale];
      await page.goto(hospitalPath(locale, rich.slug));
      const slides = page.getByTestId('carousel').locator('img');
      for (const src of await slides.evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')))) expect(src).toMatch(/^\/images\/seed\/gallery\/\w+\.webp$/);
      await expect(page.getByTestId('carousel')).not.toContainText('Gallery');
      const address = await page.getByTestId('hospital-address').textContent();
      expect(address).toMatch(/^\d+ .+, .+/);
      const d = (await doctorFixtures(page)).locales[locale]!.rich;
      await page.goto(`/${prefix(locale)}/doctor/${d.slug}/`);
      const avatar = page.getByTestId('doctor-avatar');
      if ((await avatar.evaluate((e) => e.tagName)) === 'IMG') await expect(avatar).toHaveAttribute('src', /^\/images\/seed\/doctors\/(male|female)-\d\.webp$/);
    });
  });
}

test('plurals in en-PH: "1 star" and "1 review", never "1 stars"', async ({ page, request }) => {
  const { rich } = (await hospitalFixtures(request))['en-PH'];
  await page.goto(hospitalPath('en-PH', rich.slug, 'reviews'));
  const body = page.locator('main');
  await expect(body).toContainText('1 star');
  await expect(body).toContainText('5 stars');
  await expect(body).not.toContainText(/\b1 (stars|reviews|slots)\b/);
});

test.describe('the root address and the 404 without a prefix follow the visitor', () => {
  test.use({ locale: 'th-TH' });
  test('Accept-Language picks the market; the lang cookie wins over it', async ({ page, context, baseURL }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/th-th\/$/);
    const res = await page.goto('/no-such-page-anywhere');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(translate('th-TH', 'notFound.title'));
    await expect(page.locator('html')).toHaveAttribute('lang', LOCALE_CONFIG['th-TH'].htmlLang);
    // The switcher remembers the choice: the root address and the 404 follow it.
    await page.goto('/th-th/');
    await (await languageSwitcher(page, 'th-TH')).getByRole('link', { name: LOCALE_CONFIG['en-PH'].languageName }).click();
    await expect(page).toHaveURL(/\/en-ph\/$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/en-ph\/$/);
    await context.addCookies([{ name: 'nf_lang', value: 'zh', url: baseURL! }, { name: 'lang', value: 'zh-TW', url: baseURL! }]);
    await page.goto('/no-such-page-anywhere');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(translate('zh-TW', 'notFound.title'));
  });
});

test.describe('a browser in a language of no market', () => {
  test.use({ locale: 'fr-FR' });
  test('gets the default locale at the root address and the vi-VN 404', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/vi-vn\/$/);
    const res = await page.goto('/no-such-page-anywhere');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(translate('vi-VN', 'notFound.title'));
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  for (const locale of ['vi-VN', 'en-PH'] as const) {
    test(`${locale}: the booking card says how to book instead of loading forever; dead controls are hidden`, async ({ page, request }) => {
      const d = (await (await request.get('/__e2e/doctor-fixtures')).json() as DoctorFixtures).locales[locale]!.rich;
      await page.goto(`/${prefix(locale)}/doctor/${d.slug}/`);
      const message = page.getByTestId('booking-noscript');
      await expect(message).toBeVisible();
      await expect(message).toContainText(LOCALE_CONFIG[locale].hotline);
      await expect(message).toContainText(d.hospitalName);
      await expect(page.getByTestId('booking-card')).toBeHidden();
      const { rich } = (await hospitalFixtures(request))[locale];
      await page.goto(hospitalPath(locale, rich.slug));
      await expect(page.locator('.carousel-controls')).toBeHidden();
      await expect(page.getByTestId('distance')).toBeHidden();
      await expect(page.getByTestId('book-now')).toBeHidden();
    });
  }
});

for (const locale of ['vi-VN', 'en-PH'] as const) {
  test(`${locale}: the doctors tab of a hospital finds names without accents or case; an over-long keyword is cut, not refused`, async ({ page, request }) => {
    const { rich } = (await hospitalFixtures(request))[locale];
    await page.goto(hospitalPath(locale, rich.slug, 'doctors'));
    const box = page.getByTestId('doctors-search');
    // The doctor's given name typed in lower case without accents ('hung' for 'Hùng').
    const word = rich.aDoctorName.split(' ').slice(-1)[0];
    const plain = word.normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/g, 'd').replace(/Đ/g, 'D').toLowerCase();
    await box.fill(plain);
    await expect(page.locator('#panel-doctors')).toContainText(rich.aDoctorName);
    await box.fill('x'.repeat(150));
    await expect(page.locator('#panel-doctors')).toContainText(translate(locale, 'directory.noResults'));
    await expect(page.locator('#panel-doctors')).not.toContainText(translate(locale, 'common.error'));
  });
}
