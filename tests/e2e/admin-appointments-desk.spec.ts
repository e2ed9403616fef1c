/**
 * The front desk's day (issue 35) at 1280 px as the branch manager and at 390 px as the doctor: a booking made
 * through the public booking API is in the day view next to the column's free slots, reached and moved through with
 * the keyboard; a visit whose time has passed is marked a no-show (the patient's My appointments files it so);
 * another is moved on the patient's behalf into a free slot; the export of the filtered list is downloaded and read
 * back row by row against the screen.
 */
import { readFile } from 'node:fs/promises';
import { expect as base, test } from '@playwright/test';
import Papa from 'papaparse';
import { ACCOUNTS } from '../../supabase/seed/accounts';
import { bookingCode } from '../../src/lib/booking';
import { e2eAccessToken } from './support/access-token';
import { signInAs } from './support/admin';
import { book, openBooking } from './support/appointment-booking';

// The detail panel and the lists answer after a database round trip each: slower on a loaded machine.
const expect = base.configure({ timeout: 20_000 });

test('the day view, no-show, reschedule on the patient’s behalf and the filtered export', async ({ page, request, isMobile }) => {
  test.setTimeout(300_000);
  const role = isMobile ? 'doctor' : 'branch';
  const w = isMobile ? 390 : 1280;
  // Apart from the other project's and the other front-desk spec's (the first free slot from each offset is taken).
  const [visit, missed, moved] = [await book(request, isMobile ? 6 : 2), await book(request, isMobile ? 18 : 14), await book(request, isMobile ? 28 : 24)];
  await signInAs(page, role, '/admin/appointments');

  // The day view: the booking in its doctor's column, with the free slots around it.
  await page.goto(`/admin/appointments?date=${visit.day}&view=day`);
  const event = page.locator(`button.rbc-event-btn[data-code="${bookingCode(visit.id)}"]`);
  await expect(event).toBeVisible({ timeout: 60_000 });
  const free = page.locator('button.rbc-event-btn.slot-free');
  await expect(free.first()).toBeVisible();
  // Keyboard: from the booking the arrows move through the grid; Enter on a free slot shows it.
  await event.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await expect(event).toBeFocused();
  await free.first().focus();
  await page.keyboard.press('Enter');
  const slot = page.getByTestId('free-slot');
  await expect(slot).toBeVisible();
  await expect(slot).toContainText(/còn \d+ chỗ/);
  await page.screenshot({ path: `tests/e2e/tmp/appointments-free-slot-${w}.png` });
  await page.keyboard.press('Escape');
  await expect(slot).toBeHidden();
  await expect(free.first()).toBeFocused();
  // Enter on the booking opens its panel.
  await event.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.panel')).toContainText(bookingCode(visit.id));
  await page.keyboard.press('Escape');
  await page.screenshot({ path: `tests/e2e/tmp/appointments-day-${w}.png`, fullPage: true });

  // No-show: only once the start has passed; then the patient's own list files it as missed.
  expect((await (await request.get(`/__e2e/appointment-fixtures?started=${missed.id}`)).json()).moved).toBe(1);
  const today = new Date(Date.now() - 3_600_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' });
  const panel = await openBooking(page, missed.id, today);
  await panel.getByRole('button', { name: 'Đánh dấu vắng mặt' }).click();
  const noShow = page.getByRole('dialog', { name: `Vắng mặt cho ${bookingCode(missed.id)}?` });
  await noShow.getByRole('button', { name: 'Đánh dấu vắng mặt' }).click();
  await expect(noShow).toBeHidden();
  await expect(panel.getByTestId('panel-status')).toHaveText('Vắng mặt');
  const patient = { authorization: `Bearer ${await e2eAccessToken(request, ACCOUNTS.patient.id, ACCOUNTS.patient.email)}` };
  const mine = (await (await request.get('/api/account/bookings', { headers: patient })).json())._data.bookings as { id: number; status: string }[];
  expect(mine.find((b) => b.id === missed.id)?.status).toBe('no_show');
  await page.keyboard.press('Escape');

  // Reschedule on the patient's behalf into another free slot of the same day.
  const before = await openBooking(page, moved.id, moved.day);
  await before.getByRole('button', { name: 'Đổi lịch' }).click();
  const dialog = page.getByRole('dialog', { name: `Đổi lịch ${bookingCode(moved.id)}` });
  // The two projects run at once on the same doctor: each takes a slot from its own end of the day.
  const open = dialog.getByRole('radio');
  await (isMobile ? open.first() : open.last()).check();
  await dialog.getByRole('button', { name: 'Chuyển lịch hẹn' }).click();
  await expect(dialog).toBeHidden();
  await expect(before).toContainText(/Đã chuyển sang lịch #\d+/);
  await page.keyboard.press('Escape');

  // The export of a filtered list (the day, confirmed only) is exactly the rows on the screen, in their order.
  await page.goto(`/admin/appointments?date=${visit.day}&status=confirmed`);
  const codes = page.locator('tbody button.code-btn');
  await expect(codes.first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('tbody')).toContainText(bookingCode(visit.id));
  const screen = await page.locator('tbody tr').evaluateAll((rows) =>
    rows.map((r) => [r.querySelector('button.code-btn')?.textContent?.trim() ?? '', r.querySelector('.badge')?.textContent?.trim() ?? '']),
  );
  expect(screen.length).toBeLessThanOrEqual(20); // one page: the whole filtered list is on the screen
  // The answer held a moment, as a long list's is: the screen says the file is being prepared until it arrives.
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/admin/appointments.csv?*', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Thêm thao tác' }).click();
  const downloaded = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Xuất CSV' }).click();
  await expect(page.getByTestId('export-progress')).toHaveText('Đang chuẩn bị tệp CSV…');
  release();
  const download = await downloaded;
  await expect(page.getByTestId('export-progress')).toHaveCount(0);
  const csv = Papa.parse<string[]>((await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
  const header = csv[0]!;
  const rows = csv.slice(1);
  expect(rows.map((r) => [r[header.indexOf('Mã')]!, r[header.indexOf('Trạng thái')]!])).toEqual(screen);
  // The phone is masked in the file as on the screen.
  expect(rows.every((r) => !/\d{4}/.test(r[header.indexOf('Số điện thoại')] ?? ''))).toBe(true);
});
