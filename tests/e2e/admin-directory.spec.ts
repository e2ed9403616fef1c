/**
 * Admin directory (issue 37) at both widths: a branch's opening hours and about text are edited, a service with a
 * range price is added, and after the local rebuild (POST /__e2e/rebuild: the e2e server builds what changed and
 * publishes it, as `npm start` does on its own) the public hospital and service pages show them, in the branch's
 * language and currency. Desktop works as the branch manager on branch 1; mobile as the senior branch manager on
 * branch 2 (the two widths run at once on one database).
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ACCOUNTS, SEED_SCOPE } from '../../supabase/seed/accounts';
import { e2eAccessToken } from './support/access-token';
import { signInAs } from './support/admin';

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'lang', value: 'en-PH', url: baseURL! }]);
});

/** Rebuilds until `check` passes: a build started by the other width before this one's save does not hold it. */
async function rebuildUntil(request: APIRequestContext, check: () => Promise<boolean>) {
  for (let i = 0; i < 3; i++) {
    const res = await request.post('/__e2e/rebuild', { timeout: 400_000 });
    expect(res.ok()).toBe(true);
    if (await check()) return;
  }
  expect(await check(), 'the change reached the public page after a rebuild').toBe(true);
}

async function openBranch(page: Page, branchId: number) {
  await page.goto(`/admin/organization/${SEED_SCOPE.organizationId}?branch=${branchId}`);
  await expect(page.getByRole('tab', { name: 'Profile' })).toBeVisible({ timeout: 15_000 });
}

test('a manager edits a branch and adds a range-priced service; the rebuilt public pages show them', async ({ page, isMobile, request }) => {
  test.setTimeout(900_000);
  if (isMobile) await page.setViewportSize({ width: 390, height: 844 });
  const account = isMobile ? ACCOUNTS.seniorBranch : ACCOUNTS.branch;
  const branchId = isMobile ? SEED_SCOPE.seniorBranchHospitalIds[1] : SEED_SCOPE.branchHospitalId;
  const tag = `${isMobile ? 'm' : 'd'}${Date.now().toString(36)}`;
  await signInAs(page, account.role as 'branch' | 'senior_branch', `/admin/organization/${SEED_SCOPE.organizationId}?branch=${branchId}`);
  await openBranch(page, branchId);

  // ---- opening hours: Sunday 08:15–11:45 (a second range on Saturday), emergency care --------------------------
  await page.getByRole('tab', { name: 'Opening hours' }).click();
  const removeFirst = page.getByRole('button', { name: 'Remove range 1 of Sunday' });
  while (await removeFirst.isVisible()) await removeFirst.click();
  await page.getByRole('button', { name: 'Add hours on Sunday' }).click();
  await page.getByLabel('Sunday: opens, range 1').fill('08:15');
  await page.getByLabel('Sunday: closes, range 1').fill('11:45');
  // An overlapping range is refused before any call, in its tab.
  await page.getByRole('button', { name: 'Add hours on Sunday' }).click();
  await page.getByLabel('Sunday: opens, range 2').fill('11:00');
  await page.getByLabel('Sunday: closes, range 2').fill('12:00');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Opening hours of one day must not overlap.').first()).toBeVisible();
  await page.getByRole('button', { name: 'Remove range 2 of Sunday' }).click();
  await page.getByLabel('24-hour emergency care').check();

  // ---- about: rich text -----------------------------------------------------------------------------------------
  await page.getByRole('tab', { name: 'About and patient guide' }).click();
  const about = page.getByRole('textbox', { name: 'About', exact: true });
  await about.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(`Khoa cấp cứu mở cửa 24/7 ${tag}.`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Update successfully').first()).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: `tests/e2e/tmp/directory-branch-${isMobile ? 390 : 1280}.png`, fullPage: true });

  // ---- a service with a range price ------------------------------------------------------------------------------
  await page.goto('/admin/services/new-service');
  const name = `Gói tầm soát tim mạch ${tag}`;
  await page.getByLabel('Service name').fill(name);
  if (isMobile) {
    // The senior branch manager has two branches: the second one.
    await page.locator('#service-branch').click();
    await page.getByRole('menuitemradio').nth(1).click();
  }
  await page.getByRole('radio', { name: 'Range' }).check();
  await page.getByLabel('Price from').fill('1500000');
  await page.getByLabel('Price to').fill('2500000');
  await page.getByLabel('Buffer time (minutes)').fill('60');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/services(\?|$)/, { timeout: 15_000 });
  await expect(page.getByText('Create successfully').first()).toBeVisible();
  await page.goto(`/admin/services?keyword=${tag}`);
  const row = page.locator('tr, li, [role=row]').filter({ hasText: name }).first();
  await expect(row).toBeVisible({ timeout: 15_000 });
  // In the hospital's market currency (₫) although the admin reads English.
  await expect(row).toContainText('₫');
  await page.screenshot({ path: `tests/e2e/tmp/directory-services-${isMobile ? 390 : 1280}.png`, fullPage: true });

  // ---- the public pages after the local rebuild ---------------------------------------------------------------
  const token = await e2eAccessToken(request, account.id, account.email);
  const branch = (await (await request.get(`/api/admin/directory/branches/${branchId}`, { headers: { authorization: `Bearer ${token}` } })).json())._data.branch;
  const services = (await (await request.get(`/api/admin/services?keyword=${tag}`, { headers: { authorization: `Bearer ${token}` } })).json())._data.services;
  expect(services).toHaveLength(1);
  const hospitalUrl = `/vi-vn/hospital/${branch.slug}/`;
  // The service's own branch (on mobile the second of the senior branch manager's choices).
  const serviceUrl = `/vi-vn/hospital/${services[0].branch.slug}/${services[0].slug}/`;
  await rebuildUntil(request, async () => {
    const [h, s] = await Promise.all([request.get(hospitalUrl), request.get(serviceUrl)]);
    return h.ok() && (await h.text()).includes(tag) && s.ok();
  });
  await page.goto(hospitalUrl);
  await expect(page.getByTestId('about')).toContainText(`Khoa cấp cứu mở cửa 24/7 ${tag}.`);
  const hours = page.getByTestId('regular-hours');
  await expect(hours).toContainText('08:15');
  await expect(hours).toContainText('11:45');
  await page.screenshot({ path: `tests/e2e/tmp/directory-public-hospital-${isMobile ? 390 : 1280}.png`, fullPage: false });
  await page.goto(serviceUrl);
  await expect(page.locator('h1')).toContainText(name);
  await expect(page.locator('main')).toContainText('₫');
});
