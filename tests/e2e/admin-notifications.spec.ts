/**
 * The admin bell and settings (issue #27 items 4 and 7): a booking made through the booking API shows on the
 * branch manager's bell with its badge; 'mark all as read' clears it; the bell is hidden on mobile and tablet with
 * the other right tools (SPEC §2); a name and avatar saved in settings show in the shell at once; axe on both.
 */
import { crc32, deflateSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ACCOUNTS, SEED_SCOPE } from '../../supabase/seed/accounts';
import { e2eAccessToken } from './support/access-token';
import { openMenu, signInAs } from './support/admin';
import { SEARCH } from './support/booking';

async function axe(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** A 64 × 64 PNG of one colour: a real picture for the avatar, so the screenshots show where it goes. */
function solidPng(rgb: [number, number, number], size = 64): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3).map((_, i) => rgb[i % 3]!)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

type Day = { workingDay: string; workingTimes: Record<'morning' | 'afternoon' | 'evening', { schedule_id: number; started: string }[]> };

/**
 * A confirmed booking (cash on delivery) at the branch manager's branch, made as the demo patient through the
 * booking API: the first free slot of the branch's first doctor that takes one. Answers its wall-clock time.
 */
async function bookAtBranch(request: APIRequestContext): Promise<{ started: string; workingDay: string }> {
  const token = await e2eAccessToken(request, ACCOUNTS.patient.id, ACCOUNTS.patient.email);
  const auth = { authorization: `Bearer ${token}` };
  const doctors = (await (await request.get(`/api/quick-booking/doctors?hospitalBranchId=${SEED_SCOPE.branchHospitalId}&specialtyId=`, { headers: SEARCH })).json())._data.searches as { id: number; validOutpatient: boolean }[];
  const today = new Date().toISOString().slice(0, 10);
  for (const d of doctors.filter((x) => x.validOutpatient)) {
    const days = ((await (await request.get(`/api/doctors/${d.id}/schedules?startDate=${today}`)).json())._data?.schedules ?? []) as Day[];
    for (const day of days) {
      for (const slot of [...day.workingTimes.morning, ...day.workingTimes.afternoon, ...day.workingTimes.evening]) {
        const key = `e2e-bell-${crypto.randomUUID()}`;
        const held = await request.post('/api/bookings/holds', { headers: auth, data: { kind: 'doctor', doctorId: d.id, date: day.workingDay, scheduleId: slot.schedule_id, telemedicine: false, idempotencyKey: key } });
        if (!held.ok()) continue;
        const id = (await held.json())._data.id as number;
        const confirmed = await request.post(`/api/bookings/${id}/confirm`, { headers: auth, data: { familyMemberId: null, contactPhone: '+84 901 234 567', note: '', paymentMethod: 'cash-on-delivery' } });
        if (confirmed.ok()) return { started: slot.started, workingDay: day.workingDay };
        await request.post(`/api/bookings/${id}/release`, { headers: auth });
      }
    }
  }
  throw new Error('no bookable slot at the branch');
}

test('a new booking shows on the branch manager’s bell; mark all as read clears the badge', async ({ page, request, isMobile }) => {
  test.setTimeout(90_000);
  await signInAs(page, 'branch');
  if (isMobile) {
    // SPEC §2: the top bar's right tools, the bell among them, are hidden on mobile and tablet (the projects run
    // in parallel on this account, so only the desktop one books).
    await openMenu(page);
    await expect(page.getByTestId('bell')).toHaveCount(0);
    return;
  }
  const bell = page.getByTestId('bell');
  const badge = page.getByTestId('bell-badge');
  await expect(bell).toBeVisible({ timeout: 15_000 });
  // Start from nothing unread (the seed's bookings notified this branch too).
  await bell.click();
  const markAll = page.getByRole('menuitem', { name: 'Đánh dấu tất cả là đã đọc' });
  await expect(page.getByRole('menu')).toBeVisible();
  // Decide only once the list has loaded: while it loads, 'mark all' is disabled whatever is unread.
  await expect(page.getByRole('menu').getByText('Đang tải thông báo…')).toHaveCount(0, { timeout: 15_000 });
  if ((await markAll.getAttribute('aria-disabled')) !== 'true') await markAll.click();
  await expect(badge).toBeHidden();
  await expect(bell).toHaveAttribute('aria-label', 'Thông báo');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(bell).toBeFocused();

  const booked = await bookAtBranch(request);
  // The bell polls every 30 s; a reload asks at once.
  await page.reload();
  await expect(badge).toHaveText('1', { timeout: 15_000 });
  await expect(bell).toHaveAttribute('aria-label', 'Thông báo, 1 chưa đọc');

  // Keyboard: Enter opens the menu on its first item, the new booking with its day and time in hospital time.
  await bell.focus();
  await page.keyboard.press('Enter');
  const first = page.getByTestId('bell-item').first();
  await expect(first).toContainText('Lịch hẹn mới tại');
  await expect(first).toContainText(booked.started);
  const [y, , d] = booked.workingDay.split('-');
  await expect(first).toContainText(`${Number(d)}`);
  await expect(first).toContainText(y!);
  await axe(page);
  await page.screenshot({ path: '/tmp/bell-1280.png' });

  await page.getByRole('menuitem', { name: 'Đánh dấu tất cả là đã đọc' }).click();
  await expect(badge).toBeHidden();
  await expect(page.getByText('Đã đọc hết')).toBeVisible();
});

test('settings: the name and avatar saved show in the shell', async ({ page, isMobile }) => {
  test.setTimeout(90_000);
  // One account per project (they run in parallel), restored at the end.
  const role = isMobile ? 'facility' : 'senior_branch';
  const name = isMobile ? 'Trần Thị Mobile' : 'Lê Văn Desktop';
  await signInAs(page, role, '/admin/settings');
  await expect(page).toHaveURL(/\/admin\/settings/);
  const field = page.locator('#profile-name');
  await expect(field).toBeVisible({ timeout: 15_000 });
  const original = await field.inputValue();

  await field.fill('x');
  await page.getByRole('button', { name: 'Lưu' }).first().click();
  await expect(page.locator('#profile-name-error')).toBeVisible();

  await page.getByTestId('avatar-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: solidPng(isMobile ? [46, 144, 250] : [16, 150, 110]) });
  await expect(page.getByTestId('settings-avatar')).toBeVisible();
  await field.fill(name);
  await page.getByRole('button', { name: 'Lưu' }).first().click();
  await expect(page.getByText('Đã lưu hồ sơ của bạn.')).toBeVisible();
  await axe(page);
  if (isMobile) await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: isMobile ? '/tmp/settings-390.png' : '/tmp/settings-1280.png', fullPage: true });

  await openMenu(page);
  await expect(page.getByTestId('shell-name')).toHaveText(name);
  await expect(page.locator('#admin-sidebar .who img')).toBeVisible();
  if (isMobile) await page.screenshot({ path: '/tmp/settings-drawer-390.png' });

  // Restored, so the other specs see the seeded name; after a reload the server's answer still says so.
  await page.reload();
  await expect(field).toHaveValue(name, { timeout: 15_000 });
  await field.fill(original);
  await page.getByRole('button', { name: 'Lưu' }).first().click();
  await expect(page.getByText('Đã lưu hồ sơ của bạn.').first()).toBeVisible();
});
