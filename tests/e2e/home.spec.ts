import { expect, test } from '@playwright/test';
import { LOCALES, LOCALE_CONFIG } from '../../i18n/locales';
import { translate } from '../../i18n/strings';

test('the root address goes to the default locale', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/vi-vn\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
});

for (const locale of LOCALES) {
  const cfg = LOCALE_CONFIG[locale];
  test(`home page of ${locale} lists that country's hospitals in its language`, async ({ page }) => {
    const response = await page.goto(`/${cfg.prefix}/`);
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', cfg.htmlLang);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(translate(locale, 'home.heading', { country: cfg.countryName }));
    const cards = page.getByTestId('hospital-card');
    expect(await cards.count()).toBeGreaterThan(5);
    await expect(page.getByTestId('hospital-count')).toHaveText(translate(locale, 'home.hospitalCount', { count: await cards.count() }));
    // Footer carries the locale's hotline and e-mail.
    await expect(page.locator('footer')).toContainText(cfg.hotline);
    await expect(page.locator('footer')).toContainText(cfg.email);
    await expect(page).toHaveTitle(new RegExp(cfg.siteName));
  });
}

test('the language switcher goes to the same page in another locale and remembers the choice', async ({ page, context }) => {
  await page.goto('/vi-vn/');
  await page.getByRole('navigation', { name: translate('vi-VN', 'language.label') }).getByRole('link', { name: 'ไทย' }).click();
  await expect(page).toHaveURL(/\/th-th\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  const lang = (await context.cookies()).find((c) => c.name === 'lang');
  expect(lang?.value).toBe('th-TH');
  // 365 days, give or take the seconds the test took.
  expect(lang!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);
});

test('vietnamese hospitals carry vietnamese names and addresses in a vietnamese city', async ({ page }) => {
  await page.goto('/vi-vn/');
  await expect(page.getByRole('heading', { level: 2, name: 'Hà Nội' })).toBeVisible();
});

test('GET /api/health answers the envelope after a real query', async ({ request }) => {
  const res = await request.get('/api/health');
  expect(res.status()).toBe(200);
  expect(res.headers()['cache-control']).toContain('no-store');
  const body = await res.json();
  expect(body).toMatchObject({ _status: 1, _messages: [], _data: { database: 'ok', engine: 'pglite' } });
  expect(body._data.migrations).toBeGreaterThan(0);
});

test('pages carry the security headers of netlify.toml', async ({ request }) => {
  const res = await request.get('/vi-vn/');
  expect(res.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(res.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(res.headers()['x-content-type-options']).toBe('nosniff');
});
