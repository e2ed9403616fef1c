/**
 * Service availability and a dated closure at both widths (issue #37): an organization manager sets a service's
 * weekly hours on the service's Availability tab (the doctors' form) and sees the generated days; then closes the
 * service's branch for one day from the organization page's Closures tab and sees that day gone from the service's
 * days; removing the closure brings it back. Each width uses a branch and a day of its own, far in the window, and
 * cleans up. Screenshots at 390 and 1280 px.
 */
import { expect, test } from '@playwright/test';
import { ACCOUNTS, SEED_SCOPE } from '../../supabase/seed/accounts';
import { LOCALE_CONFIG } from '../../i18n/locales';
import { e2eAccessToken } from './support/access-token';
import { signInAs } from './support/admin';

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'lang', value: 'en-PH', url: baseURL! }]);
});

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
/** A yyyy-MM-dd day as the admin's day list writes it (ScheduleSummary's dayLabel, en-PH). */
const label = (day: string) =>
  new Intl.DateTimeFormat(LOCALE_CONFIG['en-PH'].htmlLang, { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' }).format(new Date(`${day}T00:00:00Z`));

test('a manager sets a service’s weekly hours, sees its slots, and a closure closes the day', async ({ page, isMobile, request }) => {
  test.setTimeout(300_000);
  if (isMobile) await page.setViewportSize({ width: 390, height: 844 });
  const width = isMobile ? 390 : 1280;
  const facility = ACCOUNTS.facility;
  const token = await e2eAccessToken(request, facility.id, facility.email);
  const auth = { authorization: `Bearer ${token}` };

  // The organization's last branches (other specs use its first): one per width, and one of its services.
  const org = (await (await request.get(`/api/admin/directory/organizations/${SEED_SCOPE.organizationId}`, { headers: auth })).json())._data;
  const branches = (org.organization?.branches ?? org.branches) as { id: number }[];
  const branchId = branches[branches.length - 1 - (isMobile ? 1 : 0)]!.id;
  const list = (await (await request.get(`/api/admin/services?countryId=${LOCALE_CONFIG['vi-VN'].countryId}&branchId=${branchId}`, { headers: auth })).json())._data;
  const service = list.services[0] as { id: number; name: string };
  expect(service).toBeTruthy();
  // A run stopped halfway may have left its closure: remove it first.
  const before = (await (await request.get(`/api/admin/directory/branches/${branchId}/closures`, { headers: auth })).json())._data;
  for (const c of before.closures as { id: number; reason: string }[]) {
    if (c.reason.startsWith('E2E renovation')) await request.delete(`/api/admin/directory/closures/${c.id}`, { headers: auth });
  }

  // The service's Availability tab: every day 14:00-16:00 (mobile 16:00-18:00), one-hour slots.
  await signInAs(page, 'facility', `/admin/services/${service.id}/edit`);
  await page.getByRole('link', { name: 'Availability', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/services/${service.id}/availability$`));
  await expect(page.getByRole('heading', { level: 2, name: `Availability of ${service.name}` })).toBeVisible();
  const form = page.getByRole('form', { name: 'Availability' });
  const remove = form.getByRole('button', { name: /^Remove (Mon|Tue|Wed|Thu|Fri|Sat|Sun)/ });
  while ((await remove.count()) > 0) await remove.first().click();
  await form.getByLabel('Slot length (minutes)').fill('60');
  await form.getByLabel('Patients per slot').fill('1');
  await form.getByLabel('Buffer time (minutes)').fill('0');
  const [starts, ends] = isMobile ? ['16:00', '18:00'] : ['14:00', '16:00'];
  for (const day of WEEKDAYS) {
    await form.getByRole('button', { name: `Add hours on ${day}` }).click();
    await form.getByLabel(`${day}, hours 1: from`).fill(starts);
    await form.getByLabel(`${day}, hours 1: to`).fill(ends);
  }
  await form.getByRole('button', { name: 'Save schedule' }).click();
  await expect(page.getByText('Update successfully').first()).toBeVisible({ timeout: 30_000 });
  const days = page.getByRole('group', { name: 'Next days' });
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date());
  const closed = new Date(Date.parse(`${today}T00:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
  await expect(days.getByRole('row', { name: new RegExp(label(closed)) })).toContainText(`${starts}`);
  await page.screenshot({ path: `/tmp/h37a/service-availability-${width}.png`, fullPage: true });

  // The branch's Closures tab: close the day after tomorrow.
  await page.getByRole('link', { name: 'Closures and public holidays of this branch' }).click();
  await page.getByRole('tab', { name: 'Closures' }).click();
  await page.getByLabel('First day').fill(closed);
  await page.getByLabel('Last day').fill(closed);
  await page.getByLabel('Reason').fill(`E2E renovation ${width}`);
  await page.getByRole('button', { name: 'Add closure' }).click();
  const row = page.locator(`tr[data-closure-day="${closed}"]`).filter({ hasText: `E2E renovation ${width}` });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: /^Apply the holidays of 2027$/ })).toBeVisible();
  await page.screenshot({ path: `/tmp/h37a/branch-closures-${width}.png`, fullPage: true });

  // The service has no slots that day any more.
  await page.goto(`/admin/services/${service.id}/availability`);
  await expect(page.getByRole('heading', { level: 2, name: `Availability of ${service.name}` })).toBeVisible({ timeout: 30_000 });
  await expect(days.getByRole('row', { name: new RegExp(label(closed)) })).toHaveCount(0);

  // Clean up: removing the closure brings the day back.
  await page.getByRole('link', { name: 'Closures and public holidays of this branch' }).click();
  await page.getByRole('tab', { name: 'Closures' }).click();
  await row.getByRole('button', { name: `Remove the closure “E2E renovation ${width}”` }).click();
  await expect(row).toHaveCount(0, { timeout: 30_000 });
  await page.goto(`/admin/services/${service.id}/availability`);
  await expect(days.getByRole('row', { name: new RegExp(label(closed)) })).toContainText(`${starts}`, { timeout: 30_000 });
});
