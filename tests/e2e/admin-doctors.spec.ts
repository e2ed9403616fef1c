/**
 * /admin/doctors at both widths (issue #29): filters kept in the URL through a reload, the Active switch's
 * deactivate and activate confirmations, the telemedicine toggle with its success text, delete refused for a
 * doctor with bookings (the server's message inside the popup), the detail screen; screenshots at 390 and 1280 px.
 */
import { expect, test } from '@playwright/test';
import { signInAs } from './support/admin';

test('branch manager: list filters in the URL, active toggle, telemedicine, delete refused, detail', async ({ page, isMobile }, info) => {
  test.setTimeout(120_000); // one long flow on a shared machine
  if (isMobile) await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'branch', '/admin/doctors');
  await expect(page).toHaveURL(/\/admin\/doctors\?.*branch_id=\d+/);
  const rows = page.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  await expect(page.locator('.screen').getByRole('link', { name: 'Bác sĩ mới' })).toBeVisible();

  // Each project works on a row of its own (the two run at the same time on one database), of a doctor with
  // upcoming bookings, so with slots: a doctor another spec just created has none, and switching it on would lead
  // to its availability page instead of the activate confirmation.
  const withBookings = rows.filter({ has: page.locator('td:nth-child(3)').filter({ hasNotText: /^0$/ }) });
  const row = withBookings.nth(isMobile ? 1 : 0);
  const name = (await row.locator('.cell-title').textContent())!.trim();

  // Active switch: deactivate, then (the doctor has slots) activate, each through its confirmation.
  const toggle = row.getByRole('switch', { name: `Hoạt động: ${name}` });
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await toggle.click();
  await expect(page.getByRole('dialog')).toContainText('Ngừng hoạt động bác sĩ này?');
  await page.getByRole('dialog').getByRole('button', { name: 'Ngừng hoạt động' }).click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await expect(page.getByRole('dialog')).toContainText('Kích hoạt bác sĩ này?');
  await page.getByRole('dialog').getByRole('button', { name: 'Kích hoạt' }).click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');

  // Telemedicine from the row's actions, and back.
  const actions = row.getByRole('button', { name: `Thao tác cho ${name}` });
  await actions.click();
  const enable = page.getByRole('menuitem', { name: 'Bật khám từ xa' });
  const wasOff = await enable.isVisible();
  await page.getByRole('menuitem', { name: wasOff ? 'Bật khám từ xa' : 'Tắt khám từ xa' }).click();
  await expect(page.getByText(wasOff ? 'Đã bật khám từ xa cho bác sĩ thành công' : 'Đã tắt khám từ xa cho bác sĩ').first()).toBeVisible();
  await actions.click();
  await page.getByRole('menuitem', { name: wasOff ? 'Tắt khám từ xa' : 'Bật khám từ xa' }).click();
  await expect(page.getByText(wasOff ? 'Đã tắt khám từ xa cho bác sĩ' : 'Đã bật khám từ xa cho bác sĩ thành công').first()).toBeVisible();

  // Delete a doctor with bookings: refused, the message stays in the popup, the row stays.
  const booked = rows.filter({ has: page.locator('td:nth-child(3)').filter({ hasNotText: /^0$/ }) }).first();
  const bookedName = (await booked.locator('.cell-title').textContent())!.trim();
  await booked.getByRole('button', { name: `Thao tác cho ${bookedName}` }).click();
  await page.getByRole('menuitem', { name: 'Xóa' }).click();
  await page.getByRole('dialog').locator('.btn-danger').click();
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveText('Bác sĩ này đã có lịch hẹn nên không thể xóa. Hãy vô hiệu hóa bác sĩ thay vì xóa.');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator('.cell-title', { hasText: bookedName }).first()).toBeVisible();

  // Keyword (from 3 letters) and specialty filter in the URL, kept through a reload.
  const word = name.split(' ').pop()!.slice(0, 4);
  if (await page.locator('.search-toggle').isVisible()) await page.locator('.search-toggle').click();
  await page.getByRole('searchbox', { name: 'Tìm bác sĩ' }).fill(word);
  await expect(page).toHaveURL(new RegExp(`keyword=${encodeURIComponent(word)}`));
  await expect(rows.first()).toContainText(word);
  await page.getByRole('button', { name: /^Chuyên khoa:/ }).click();
  await page.getByRole('menuitemradio').nth(1).click();
  await expect(page).toHaveURL(/specialty_id=\d+/);
  await page.reload();
  await expect(page).toHaveURL(new RegExp(`keyword=${encodeURIComponent(word)}.*specialty_id=\\d+|specialty_id=\\d+.*keyword=${encodeURIComponent(word)}`));
  await expect(page.getByRole('button', { name: /^Chuyên khoa:/ })).not.toContainText('Tất cả chuyên khoa');

  await page.goto('/admin/doctors');
  await expect(rows.first()).toBeVisible();
  await page.screenshot({ path: info.outputPath(`doctors-list-${isMobile ? 390 : 1280}.png`), fullPage: true });

  // The row opens the detail.
  await rows.first().locator('.cell-title').click();
  await expect(page).toHaveURL(/\/admin\/doctors\/\d+$/);
  await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
  await expect(page.getByText('Chi nhánh', { exact: true })).toBeVisible();
  await page.screenshot({ path: info.outputPath(`doctors-detail-${isMobile ? 390 : 1280}.png`), fullPage: true });
});
