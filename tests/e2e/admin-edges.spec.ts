/**
 * Issue #38 items 9–12 at 1280 and 390 px, as a branch manager finds them: the landing page is the first entry of
 * the menu (Doctors); the add menu offers no New User (the page and the server refuse it); the sidebar has icons;
 * a page past the last is clamped; bad record ids are the not-found page; a failed list offers Try Again; rows open
 * by keyboard; focus comes back after Escape closes a confirmation; the doctor form asks before unsaved changes
 * are left.
 */
import { expect, test } from '@playwright/test';
import { signInAs, openMenu } from './support/admin';

test.beforeEach(async ({ context, baseURL, page, isMobile }) => {
  await context.addCookies([{ name: 'lang', value: 'en-PH', url: baseURL! }]);
  if (isMobile) await page.setViewportSize({ width: 390, height: 844 });
});

test('branch manager: landing, add menu, icons, paging, not-found ids, retry, keyboard rows, focus, unsaved changes', async ({ page, isMobile }, info) => {
  test.setTimeout(120_000);
  await signInAs(page, 'branch');
  // Item 10: /admin lands on the first built entry of the branch manager's menu (Organization since issue 37).
  await expect(page).toHaveURL(/\/admin\/organization/);
  await page.goto('/admin/doctors');
  await expect(page.locator('tbody tr').first()).toBeVisible();

  // Item 9: the add menu (in the top bar from tablet widths up) offers a new doctor, not a new user.
  if (!isMobile) {
    await page.getByRole('button', { name: 'Add new' }).click();
    await expect(page.getByRole('menuitem', { name: 'New Doctor' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: /New User/i })).toHaveCount(0);
    await page.keyboard.press('Escape');
  }

  // Item 12: each sidebar entry has an icon, not the first letter of its label.
  await openMenu(page);
  const icons = page.locator('#admin-sidebar .nav-icon');
  await expect(icons.first().locator('svg')).toBeVisible();
  expect(await icons.evaluateAll((els) => els.filter((e) => !e.querySelector('svg')).length)).toBe(0);
  await page.screenshot({ path: info.outputPath(`sidebar-${isMobile ? 390 : 1280}.png`) });
  if (isMobile) await page.keyboard.press('Escape');

  // Item 11: ?page=999 is the last page.
  await page.goto('/admin/doctors?page=999');
  await expect(page.locator('tbody tr').first()).toBeVisible();
  await expect(page).not.toHaveURL(/page=999/);
  const current = page.locator('.pager [aria-current=page]');
  if (await current.count()) await expect(page.locator('.pager button').filter({ hasText: /^\d+$/ }).last()).toHaveAttribute('aria-current', 'page');

  // Bad ids: the not-found page, no call's words, no empty form under "Edit doctor".
  for (const path of ['/admin/doctors/abc', '/admin/doctors/0/edit', '/admin/doctors/-1/availability']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'This page could not be found.' })).toBeVisible();
    await expect(page.getByText(/must be a number/)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Edit doctor' })).toHaveCount(0);
  }

  // A failed list: its error with Try Again, never 'Empty data'.
  let fail = true;
  await page.route('**/api/admin/doctors?**', (route) => (fail ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ _status: -1, _messages: [], _data: null }) }) : route.fallback()));
  await page.goto('/admin/doctors');
  const retry = page.getByRole('button', { name: 'Try Again' });
  await expect(retry).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Empty data')).toHaveCount(0);
  await page.screenshot({ path: info.outputPath(`list-failed-${isMobile ? 390 : 1280}.png`) });
  fail = false;
  await retry.click();
  await expect(page.locator('tbody tr').first()).toBeVisible();
  await page.unroute('**/api/admin/doctors?**');

  // Focus comes back to the switch after Escape closes its confirmation.
  const on = page.locator('tbody [role=switch][aria-checked=true]').first();
  await on.focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog');
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expect(on).toBeFocused().catch(async (e: unknown) => {
    throw new Error(`${e}\nfocused instead: ${await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200))}`);
  });

  // Rows are stops in the tab order and open on Enter.
  const row = page.locator('tbody tr.row-link').first();
  await expect(row).toHaveAttribute('tabindex', '0');
  await row.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/doctors\/\d+$/);
  const detail = page.url();

  // The doctor form asks before unsaved changes are left; Stay keeps them, Leave goes.
  await page.goto(`${detail}/edit`);
  const name = page.locator('#doctor-name');
  await expect(name).toBeVisible();
  // Nothing typed yet: leaving does not ask.
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(detail);
  await page.goto(`${detail}/edit`);
  await name.fill(`${await name.inputValue()} (edited)`);
  await page.getByRole('link', { name: 'Cancel' }).click();
  const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(`${detail}/edit`);
  await expect(name).toHaveValue(/\(edited\)$/);
  await page.getByRole('link', { name: 'Cancel' }).click();
  await page.getByRole('dialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(detail);
});
