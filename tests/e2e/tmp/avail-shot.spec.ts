import { expect, test } from '@playwright/test';
import { signInAs } from '../support/admin';

test('shot', async ({ page, isMobile }) => {
  if (isMobile) await page.setViewportSize({ width: 390, height: 844 });
  const w = isMobile ? 390 : 1280;
  await signInAs(page, 'admin', '/admin/doctors/1/availability');
  await expect(page.getByRole('heading', { level: 2 })).toBeVisible({ timeout: 30_000 });
  await page.locator('.availability-days').first().waitFor();
  for (const [i, y] of [0, 800, 1600, 2400].entries()) {
    await page.evaluate((y) => window.scrollTo(0, y), y);
    await page.waitForTimeout(200);
    await page.screenshot({ path: `/tmp/avail-${w}-${i}.png` });
  }
  // An overlap error shown.
  const panel = page.getByRole('tabpanel', { name: 'Khám tại viện' });
  await panel.getByRole('button', { name: 'Thêm giờ vào Thứ Hai' }).click();
  await panel.getByLabel('Thứ Hai, khung 2: từ').fill('14:00');
  await panel.getByLabel('Thứ Hai, khung 2: đến').fill('15:00');
  await panel.getByRole('button', { name: 'Thêm ngày nghỉ' }).click();
  await panel.getByRole('button', { name: 'Thêm giờ làm thêm' }).click();
  await panel.getByRole('button', { name: 'Lưu lịch' }).click();
  await page.waitForTimeout(300);
  await panel.getByText('Giờ làm việc hằng tuần').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/avail-${w}-err.png` });
  await panel.getByText('Ngoại lệ theo ngày').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/avail-${w}-exc.png` });
  await page.getByRole('tab', { name: 'Khám từ xa' }).click();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `/tmp/avail-${w}-tele.png` });
});
