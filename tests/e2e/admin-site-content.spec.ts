/**
 * Admin site content (issue #40) at 1280 and 390 px, as the platform admin: reorder a market's top doctors by
 * keyboard (the up/down buttons and @dnd-kit's keyboard drag), see the preview follow the unsaved order, save, and
 * find the saved order in the data history as one entry; open a doctor's history from its page and see the field a
 * save changed, before and after; add a menu entry with a dead link (named, not saved) and a good one (saved).
 * As the organization manager: a webhook to a receiver the test starts gets a signed delivery of a booking made
 * through the booking API; with the receiver failing, Redeliver lists the failed attempt.
 * The two projects run at once on one database: each works in a market of its own. Screenshots go to tests/e2e/tmp/.
 */
import { createServer, type Server } from 'node:http';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { ACCOUNTS, SEED_SCOPE } from '../../supabase/seed/accounts';
import { SIGNATURE_HEADER, verifyWebhook } from '../../src/lib/webhooks';
import { SEARCH } from './support/booking';
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
  // One key at a time, each after @dnd-kit has handled the last (on a loaded phone emulation the drop came first).
  const handle = page.getByRole('button', { name: `Kéo ${before[2]} để sắp xếp (phím cách để nhấc, mũi tên để di chuyển)` });
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  const y0 = (await handle.boundingBox())!.y;
  const rowHeight = (await rows.nth(2).boundingBox())!.y - (await rows.nth(1).boundingBox())!.y;
  await page.keyboard.press('ArrowUp');
  await expect.poll(async () => (await handle.boundingBox())!.y).toBeLessThan(y0 - rowHeight / 2);
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
  // An active doctor with slots (one without cannot be switched on again, SPEC §4); other specs add doctors meanwhile.
  const doctor = (doctors.doctors as { id: number; isActive: boolean; numberOfSlots: number }[]).find((d) => d.isActive && d.numberOfSlots > 0)!;
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

type Day = { workingDay: string; workingTimes: Record<'morning' | 'afternoon' | 'evening', { schedule_id: number; started: string }[]> };

/** A confirmed booking at the seed's first branch, made as the demo patient through the booking API; its id. */
async function bookAtBranch(request: APIRequestContext): Promise<number> {
  const token = await e2eAccessToken(request, ACCOUNTS.patient.id, ACCOUNTS.patient.email);
  const auth = { authorization: `Bearer ${token}` };
  const doctors = (await (await request.get(`/api/quick-booking/doctors?hospitalBranchId=${SEED_SCOPE.branchHospitalId}&specialtyId=`, { headers: SEARCH })).json())._data.searches as { id: number; validOutpatient: boolean }[];
  const today = new Date().toISOString().slice(0, 10);
  for (const d of doctors.filter((x) => x.validOutpatient)) {
    const days = ((await (await request.get(`/api/doctors/${d.id}/schedules?startDate=${today}`)).json())._data?.schedules ?? []) as Day[];
    for (const day of days) {
      for (const slot of [...day.workingTimes.morning, ...day.workingTimes.afternoon, ...day.workingTimes.evening]) {
        const held = await request.post('/api/bookings/holds', { headers: auth, data: { kind: 'doctor', doctorId: d.id, date: day.workingDay, scheduleId: slot.schedule_id, telemedicine: false, idempotencyKey: `e2e-hook-${crypto.randomUUID()}` } });
        if (!held.ok()) continue;
        const id = (await held.json())._data.id as number;
        const confirmed = await request.post(`/api/bookings/${id}/confirm`, { headers: auth, data: { familyMemberId: null, contactPhone: '+84 901 234 567', note: '', paymentMethod: 'cash-on-delivery' } });
        if (confirmed.ok()) return id;
        await request.post(`/api/bookings/${id}/release`, { headers: auth });
      }
    }
  }
  throw new Error('no bookable slot at the branch');
}

test('facility: a webhook to a local receiver gets a signed delivery of a booking; a failing receiver is redelivered by hand', async ({ page, request, isMobile }) => {
  test.setTimeout(120_000);
  if (isMobile) await page.setViewportSize({ width: 390, height: 844 });
  let failing = false;
  const received: { signature: string; body: string }[] = [];
  const receiver: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ signature: String(req.headers[SIGNATURE_HEADER.toLowerCase()] ?? ''), body });
      res.statusCode = failing ? 503 : 200;
      res.end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
  const port = (receiver.address() as { port: number }).port;
  const url = `http://127.0.0.1:${port}/care-hook`;
  try {
    await signInAs(page, 'facility', `/admin/integrations?hospital_id=${SEED_SCOPE.organizationId}&branch_id=${SEED_SCOPE.branchHospitalId}`);
    await expect(page.getByRole('heading', { name: 'Webhook lịch hẹn' })).toBeVisible();
    await page.getByRole('form', { name: 'Thêm webhook' }).locator('select').selectOption(String(SEED_SCOPE.branchHospitalId));
    await page.getByLabel('Địa chỉ (URL)').fill(url);
    await page.getByRole('button', { name: 'Thêm webhook' }).click();
    const card = page.locator('.hook', { hasText: url });
    await expect(card).toBeVisible();
    // The secret is shown once (sealed at rest), then only its last 4 characters.
    const secret = await card.locator('.once-box input').inputValue();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    await card.getByRole('button', { name: 'Xong' }).click();
    await expect(card.locator('.hook-secret code')).toHaveText(`kết thúc bằng …${secret.slice(-4)}`);

    const bookingId = await bookAtBranch(request);
    // The scheduled sender runs every 2 s here: the delivery arrives signed with the hook's secret.
    await expect.poll(() => received.filter((r) => JSON.parse(r.body).booking?.id === bookingId).length, { timeout: 30_000 }).toBeGreaterThan(0);
    const got = received.find((r) => JSON.parse(r.body).booking.id === bookingId)!;
    expect(await verifyWebhook(secret, got.signature, got.body, Math.floor(Date.now() / 1000))).toBe(true);
    expect(got.body).not.toContain('901 234 567');

    await card.getByRole('button', { name: 'Lần gửi' }).click();
    const row = card.getByTestId('delivery').filter({ hasText: `#${bookingId}` }).first();
    await expect(row).toContainText('Đã gửi');
    failing = true;
    await row.getByRole('button', { name: 'Gửi lại' }).click();
    await expect(page.getByText('Gửi lại vẫn thất bại (phản hồi 503).').first()).toBeVisible();
    await expect(row.locator('.attempts li').first()).toContainText('503');
    await expect(row.locator('.attempts li').first()).toContainText('thủ công');
    await page.screenshot({ path: shot('integrations', isMobile), fullPage: true });
    await card.getByRole('button', { name: 'Xóa' }).click();
    await page.getByRole('dialog').locator('.btn-danger').click();
    await expect(card).toHaveCount(0);
  } finally {
    await new Promise((r) => receiver.close(r));
  }
});

test('facility: a branch calendar feed is created, fetched by calendar apps, and its old address is dead after a new one', async ({ page, request, isMobile }) => {
  test.setTimeout(120_000);
  if (isMobile) await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'facility', `/admin/integrations?hospital_id=${SEED_SCOPE.organizationId}&branch_id=${SEED_SCOPE.branchHospitalId}`);
  const feeds = page.locator('.ical-feeds');
  // The screen's chunk loads after sign-in: slow on a loaded machine.
  await expect(feeds.getByRole('heading', { name: 'Nguồn lịch' })).toBeVisible({ timeout: 30_000 });
  // Each project makes its own feed: the desktop one of the branch, the mobile one of a doctor of it.
  const [branch, target] = [feeds.locator('form select').first(), feeds.locator('form select').nth(1)];
  await branch.selectOption(String(SEED_SCOPE.branchHospitalId));
  if (isMobile) await target.selectOption({ index: 1 });
  await feeds.getByRole('button', { name: 'Tạo nguồn lịch' }).click();
  const address = feeds.locator('.once-box input');
  await expect(address).toHaveValue(/\/api\/ical\/[A-Za-z0-9_-]{43}\.ics$/);
  const first = await address.inputValue();
  const res = await request.get(first);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^text\/calendar/);
  expect(res.headers()['cache-control']).toBe('private, no-store');
  expect(await res.text()).toContain('BEGIN:VCALENDAR');
  await page.screenshot({ path: shot('ical-feed', isMobile), fullPage: true });

  const card = feeds.getByTestId('ical-feed').filter({ has: page.locator('.once-box') });
  await card.getByRole('button', { name: 'Địa chỉ mới' }).click();
  await expect(address).not.toHaveValue(first);
  const second = await address.inputValue();
  expect((await request.get(first)).status()).toBe(404);
  expect((await request.get(second)).status()).toBe(200);
  await card.getByRole('button', { name: 'Thu hồi' }).click();
  await page.getByRole('dialog').locator('.btn-danger').click();
  await expect(feeds.locator('.once-box')).toHaveCount(0);
  expect((await request.get(second)).status()).toBe(404);
});

// A 1x1 PNG (well under the 200 KB of SPEC §5).
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

test('admin: a banner scheduled for a window is listed as scheduled and left out of the preview until it starts', async ({ page, isMobile }) => {
  test.setTimeout(90_000);
  if (isMobile) await page.setViewportSize({ width: 390, height: 844 });
  const market = isMobile ? 'ms-MY' : 'zh-TW';
  const title = `Window ${isMobile ? 'mobile' : 'desktop'} ${Date.now()}`;
  await signInAs(page, 'admin', `/admin/homepage/banner/new-banner?market=${market}`);
  await expect(page.getByText('Máy tính 1200x380px, di động 633x380px, dưới 200Kb.')).toBeVisible();
  await page.getByLabel('Tiêu đề', { exact: true }).fill(title);
  await page.locator('input[type=file]').nth(0).setInputFiles({ name: 'desktop.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.locator('.homepage-image-preview').first()).toBeVisible();
  await page.locator('input[type=file]').nth(1).setInputFiles({ name: 'mobile.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.locator('.homepage-image-preview')).toHaveCount(2);
  // A window that ends before it starts is refused on the form.
  await page.getByLabel('Bắt đầu', { exact: true }).fill('2030-01-02T09:00');
  await page.getByLabel('Kết thúc', { exact: true }).fill('2030-01-01T09:00');
  await page.getByRole('button', { name: 'Lưu', exact: true }).click();
  await expect(page.getByText('Thời điểm kết thúc phải sau thời điểm bắt đầu')).toBeVisible();
  await page.getByLabel('Kết thúc', { exact: true }).fill('2030-01-31T09:00');
  await page.screenshot({ path: shot('banner-form', isMobile), fullPage: true });
  await page.getByRole('button', { name: 'Lưu', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/homepage/banner\\?market=${market}`));
  const row = page.getByTestId('sortable-row').filter({ hasText: title });
  await expect(row).toContainText('Đã lên lịch');
  await expect(page.locator('.homepage-preview')).not.toContainText(title);
  await page.screenshot({ path: shot('banner-list', isMobile), fullPage: true });
  await row.getByRole('button', { name: `Xóa ${title}` }).click();
  await page.getByRole('dialog').locator('.btn-danger').click();
  await expect(row).toHaveCount(0);
});
