import { expect, test } from '@playwright/test';
import { doctorUrl, text } from '../support/booking';

test('card', async ({ page }) => {
  await page.goto('/vi-vn/doctor/x/');
  const res = await page.request.get('/api/quick-booking/doctors?hospitalBranchId=25&specialtyId=', { headers: { accept: 'application/json; version=2.0.0' } });
  const doc = (await res.json())._data.searches.find((d: { id: number }) => d.id === 241);
  await page.goto(doctorUrl('vi-VN', doc.slug));
  const card = page.getByTestId('booking-card');
  await card.scrollIntoViewIfNeeded();
  await expect(card).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  const main = card.locator('.bk-card').first();
  console.log('nearest visible', await main.getByRole('button', { name: text('vi-VN', 'booking.seeNearest') }).isVisible());
  await main.getByRole('button', { name: text('vi-VN', 'booking.seeNearest') }).click();
  await page.waitForTimeout(1000);
  console.log('tabs', await main.getByRole('tab').allInnerTexts());
  console.log('morning', await main.getByRole('tab', { name: text('vi-VN', 'booking.morning') }).count());
  console.log('slots', await main.locator('.bk-slot').allInnerTexts());
  await page.screenshot({ path: '/tmp/card-1280.png' });
});
