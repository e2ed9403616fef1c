import { expect, test } from '@playwright/test';
import { signInAs } from '../support/admin';

test('shot', async ({ page, isMobile }, info) => {
  if (isMobile) await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'admin', '/admin/doctors/242/availability');
  await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
  await page.screenshot({ path: `/tmp/avail-shot-${isMobile ? 390 : 1280}-full.png`, fullPage: true });
  const save = page.getByRole('tabpanel', { name: 'Khám tại viện' }).getByRole('button', { name: 'Lưu lịch' });
  await save.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/avail-shot-${isMobile ? 390 : 1280}-view.png` });
  const box = await save.boundingBox();
  console.log('save box', JSON.stringify(box), await page.evaluate(() => [window.innerHeight, document.scrollingElement?.scrollTop, document.documentElement.scrollHeight]));
  const hit = await page.evaluate(({ x, y }) => { const e = document.elementFromPoint(x, y); return e ? e.outerHTML.slice(0, 120) : null; }, { x: box!.x + box!.width / 2, y: box!.y + box!.height / 2 });
  console.log('hit', hit);
});
