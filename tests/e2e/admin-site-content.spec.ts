/**
 * Admin site content (issue #40) at 1280 and 390 px, as the platform admin: reorder a market's top doctors by
 * keyboard (the up/down buttons and @dnd-kit's keyboard drag), see the preview follow the unsaved order, save, and
 * find the saved order in the data history as one entry; open a doctor's history from its page and see the field a
 * save changed, before and after; add a menu entry with a dead link (named, not saved) and a good one (saved).
 * The two projects run at once on one database: each works in a market of its own. Screenshots go to tests/e2e/tmp/.
 */
import { expect, test } from '@playwright/test';
import { ACCOUNTS } from '../../supabase/seed/accounts';
import { e2eAccessToken } from './support/access-token';
import { signInAs } from './support/admin';

const shot = (name: string, mobile: boolean) => `tests/e2e/tmp/site-content-${name}-${mobile ? 390 : 1280}.png`;

test('admin: top doctors reordered by keyboard, previewed, saved, and found in the data history', async ({ page, isMobile }) => {
  test.setTimeout(120_000);
  if (isMobile) await page.setViewportSize({ width: 390, height: 844 });
  const market = isMobile ? 'en-PH' : 'vi-VN';
  await signInAs(page, 'admin', `/admin/homepage/top-doctor?market=${market}`);
  const rows = page.getByTestId('sortable-row');
  await expect(rows.first()).toBeVisible();
  const names = async () => (await rows.locator('.homepage-item-text strong').allTextContents()).map((s) => s.trim());
  const before = await names();
  expect(before.length).toBeGreaterThan(2);

  // The up/down buttons: the second doctor moves up to first, by keyboard (focus the button, press Enter).
  await page.getByRole('button', { name: `Chuyển ${before[1]} lên` }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(names).toEqual([before[1], before[0], ...before.slice(2)]);
  await expect(page.getByText('Thứ tự mới chưa được lưu.')).toBeVisible();
  // @dnd-kit's keyboard drag: space lifts the third, arrow up moves it, space drops it.
  await page.getByRole('button', { name: `Kéo ${before[2]} để sắp xếp (phím cách để nhấc, mũi tên để di chuyển)` }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Space');
  const unsaved = [before[1], before[2], before[0], ...before.slice(3)];
  await expect.poll(names).toEqual(unsaved);
  // The preview follows the unsaved order (live doctors only, so compare the order of those it shows).
  const preview = page.locator('.homepage-preview-list li');
  const shown = (await preview.allTextContents()).map((s) => s.trim());
  expect(shown.length).toBeGreaterThan(0);
  expect(shown).toEqual(unsaved.filter((n) => shown.includes(n)));
  await expect(page.locator('.homepage-preview')).toContainText('Với thứ tự chưa lưu của bạn');
  await page.screenshot({ path: shot('top-doctor', isMobile), fullPage: true });

  await page.getByRole('button', { name: 'Lưu thứ tự' }).click();
  await expect(page.getByText('Update successfully').or(page.getByText('Cập nhật thành công')).first()).toBeVisible();
  await expect(page.getByText('Thứ tự mới chưa được lưu.')).toHaveCount(0);
  await page.reload();
  await expect.poll(names).toEqual(unsaved);

  // The save is one entry of the data history: several homepage_blocks rows, sort_order before and after.
  await page.goto('/admin/data-history?table=homepage_blocks');
  const entry = page.locator('.history-entry').first();
  await expect(entry).toContainText('homepage_blocks');
  await expect(entry.locator('.badge-yellow')).toContainText('bản ghi trong một lần lưu');
  await expect(entry.locator('.history-diff').first()).toContainText('sort_order');
  await page.screenshot({ path: shot('history-save', isMobile), fullPage: true });
});

test("admin: a doctor's history shows the field a save changed, reached from the doctor's page", async ({ page, isMobile, request }) => {
  test.setTimeout(90_000);
  if (isMobile) await page.setViewportSize({ width: 390, height: 844 });
  const token = await e2eAccessToken(request, ACCOUNTS.admin.id, ACCOUNTS.admin.email);
  const auth = { authorization: `Bearer ${token}` };
  const list = await request.get(`/api/admin/doctors?countryId=${isMobile ? 2 : 1}`, { headers: auth });
  expect(list.ok()).toBe(true);
  const doctors = (await list.json())._data;
  const doctor = (doctors.doctors ?? doctors.items ?? doctors.data)[1];
  // A save through the API: the doctor switched off, then on again.
  expect((await request.put(`/api/admin/doctors/${doctor.id}/status`, { headers: auth, data: { status: 0 } })).ok()).toBe(true);
  expect((await request.put(`/api/admin/doctors/${doctor.id}/status`, { headers: auth, data: { status: 1 } })).ok()).toBe(true);

  await signInAs(page, 'admin', `/admin/doctors/${doctor.id}`);
  await page.getByRole('link', { name: 'Lịch sử', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/data-history\\?table=doctors&record=${doctor.id}$`));
  const entries = page.locator('.history-entry');
  await expect(entries.first()).toBeVisible();
  const latest = entries.first().locator('.history-diff tbody tr');
  await expect(latest).toHaveCount(1);
  await expect(latest.locator('th')).toHaveText('status');
  await expect(latest.locator('.history-before')).toHaveText('0');
  await expect(latest.locator('.history-after')).toHaveText('1');
  await expect(entries.nth(1).locator('.history-diff tbody tr .history-after')).toHaveText('0');
  // The filters are in the URL: the action filter narrows, a reload keeps it.
  await page.goto(`/admin/data-history?table=doctors&record=${doctor.id}&action=DELETE`);
  await expect(page.locator('.history-entry')).toHaveCount(0);
  await expect(page.getByText('Empty data').or(page.getByText('Không có dữ liệu')).first()).toBeVisible();
  await page.goto(`/admin/data-history?table=doctors&record=${doctor.id}`);
  await expect(entries.first()).toBeVisible();
  await page.screenshot({ path: shot('history-doctor', isMobile), fullPage: true });
});

test('admin: a menu entry with a dead link is named and not saved; with a good link it is saved', async ({ page, isMobile }) => {
  test.setTimeout(90_000);
  if (isMobile) await page.setViewportSize({ width: 390, height: 844 });
  const [market, prefix] = isMobile ? ['th-TH', 'th-th'] : ['id-ID', 'id-id'];
  const label = isMobile ? 'ข่าวสุขภาพ' : 'Berita Kesehatan';
  await signInAs(page, 'admin', `/admin/website-nav?market=${market}`);
  const rows = page.getByTestId('sortable-row');
  await expect(rows.first()).toBeVisible();
  const count = await page.getByLabel('Nhãn', { exact: true }).count();
  await page.getByRole('button', { name: '+ Thêm mục', exact: true }).click();
  await expect(page.getByLabel('Nhãn', { exact: true })).toHaveCount(count + 1);
  await page.getByLabel('Nhãn', { exact: true }).last().fill(label);
  await page.getByLabel('Liên kết', { exact: true }).last().fill(`/${prefix}/tin-tuc-khong-co/`);
  await page.getByRole('button', { name: 'Kiểm tra liên kết và lưu' }).click();
  const alert = page.locator('.alert-danger[role=alert]');
  await expect(alert).toContainText(`Liên kết hỏng: ${label} (/${prefix}/tin-tuc-khong-co/)`);
  await page.screenshot({ path: shot('nav-dead-link', isMobile), fullPage: true });
  // Nothing was saved: a reload has the menu as it was.
  await page.reload();
  await expect(page.getByLabel('Nhãn', { exact: true })).toHaveCount(count);

  await page.getByRole('button', { name: '+ Thêm mục', exact: true }).click();
  await page.getByLabel('Nhãn', { exact: true }).last().fill(label);
  await page.getByLabel('Liên kết', { exact: true }).last().fill(`/${prefix}/hospitals/`);
  // Moved up one place by keyboard before saving.
  await page.getByRole('button', { name: `Chuyển ${label} lên` }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Kiểm tra liên kết và lưu' }).click();
  await expect(page.getByText('Cập nhật thành công').first()).toBeVisible();
  await expect(alert).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel('Nhãn', { exact: true })).toHaveCount(count + 1);
  await expect(page.getByLabel('Nhãn', { exact: true }).nth(count - 1)).toHaveValue(label);
  await page.screenshot({ path: shot('nav-saved', isMobile), fullPage: true });
});
