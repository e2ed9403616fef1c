import { expect, test } from '@playwright/test';
import { signInAs } from '../support/admin';

test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });

test('look: availability and schedule at 390', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, 'doctor', '/admin/schedule');
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  const h = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0, i = 0; y < Math.min(h, 5000); y += 800, i++) {
    await page.screenshot({ path: `tests/e2e/tmp/out/schedule-390-${i}.png`, clip: { x: 0, y, width: 390, height: 800 }, fullPage: true });
  }
});

