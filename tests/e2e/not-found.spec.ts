/** The CDN's not-found page: a 404 status, every market's language, the visitor's own first. */
import { expect, test } from '@playwright/test';
import { translate } from '../../i18n/strings';

test('a missing page answers 404 in the visitor\'s language first, with a way home', async ({ page }) => {
  const res = await page.goto('/th-th/hospital/no-such-hospital-anywhere/');
  expect(res?.status()).toBe(404);
  const first = page.locator('.not-found-locale').first();
  await expect(first.getByRole('heading', { level: 1 })).toHaveText(translate('th-TH', 'notFound.title'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  await first.getByRole('link').click();
  await expect(page).toHaveURL(/\/th-th\/$/);
});

test('an unknown hospital tab is a 404, not an empty page', async ({ request }) => {
  const res = await request.get('/vi-vn/hospital/no-such-hospital-anywhere/?tab=services');
  expect(res.status()).toBe(404);
});
