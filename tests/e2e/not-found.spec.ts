/** The CDN's not-found page: a 404 status, the branded page in the language of the address's market. */
import { expect, test } from '@playwright/test';
import { translate } from '../../i18n/strings';

test('a missing page answers 404 in the language of its market, with a way home', async ({ page }) => {
  const res = await page.goto('/th-th/hospital/no-such-hospital-anywhere/');
  expect(res?.status()).toBe(404);
  const main = page.getByTestId('not-found');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(translate('th-TH', 'notFound.title'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  await main.getByRole('link', { name: translate('th-TH', 'notFound.home') }).click();
  await expect(page).toHaveURL(/\/th-th\/$/);
});

test('an unknown hospital tab is a 404, not an empty page', async ({ request }) => {
  const res = await request.get('/vi-vn/hospital/no-such-hospital-anywhere/?tab=services');
  expect(res.status()).toBe(404);
});
