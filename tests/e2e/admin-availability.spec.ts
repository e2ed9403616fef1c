/**
 * Doctor availability at both widths (issue #29 item 4): a manager opens Edit Schedule from the doctor detail,
 * sets weekly hours (a range refused for overlapping first), saves, sees the generated days, and the public doctor
 * page's booking card shows the new slot times; the doctor role's /admin/schedule is read-only, without an Edit
 * Schedule button; axe on both screens; screenshots at 390 and 1280 px.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { LOCALE_CONFIG, type Locale } from '../../i18n/locales';
import { signInAs } from './support/admin';
import { doctorUrl, SEARCH, text, type FoundDoctor } from './support/booking';

async function axe(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * A bookable vi-VN outpatient doctor for this project, from the last branches of the market (other specs take the
 * first doctor that matches, from the first branches): each project changes a doctor of its own.
 */
async function pickDoctor(page: Page, nth: number): Promise<FoundDoctor> {
  const market = (Object.keys(LOCALE_CONFIG) as Locale[]).indexOf('vi-VN');
  const found: FoundDoctor[] = [];
  for (let k = 30; k >= 1 && found.length <= nth; k--) {
    const res = await page.request.get(`/api/quick-booking/doctors?hospitalBranchId=${market * 30 + k}&specialtyId=`, { headers: SEARCH });
    if (!res.ok()) continue;
    const docs = ((await res.json())._data?.searches ?? []) as FoundDoctor[];
    found.push(...docs.filter((d) => d.validOutpatient && !d.babyFormulaCampaign));
  }
  return found[nth];
}

const WEEKDAYS_VI = ['Thứ Hai', 'Thứ Ba', 'Thứ Tư', 'Thứ Năm', 'Thứ Sáu', 'Thứ Bảy', 'Chủ Nhật'];

test('a manager changes weekly hours and the public booking card shows the new slots', async ({ page, browser, isMobile }, info) => {
  test.setTimeout(180_000); // one long flow on a shared machine
  if (isMobile) await page.setViewportSize({ width: 390, height: 844 });
  const width = isMobile ? 390 : 1280;
  const doctor = await pickDoctor(page, isMobile ? 1 : 0);
  // Times of their own per project, on the 45-minute grid: 3 slots a day.
  const [starts, ends, slotTimes] = isMobile ? ['06:05', '08:20', ['06:05', '06:50', '07:35']] : ['07:15', '09:30', ['07:15', '08:00', '08:45']];

  // Edit Schedule from the doctor's detail.
  await signInAs(page, 'admin', `/admin/doctors/${doctor.id}`);
  await expect(page.getByRole('heading', { level: 2, name: doctor.name })).toBeVisible();
  await page.getByRole('link', { name: 'Sửa lịch làm việc' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/doctors/${doctor.id}/availability$`));
  await expect(page.getByRole('heading', { level: 2, name: `Lịch làm việc của ${doctor.name}` })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Khám tại viện' })).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel', { name: 'Khám tại viện' });

  // Start from no hours and no exceptions (a run before this one may have left some).
  const removeRange = panel.getByRole('button', { name: /^Xóa (Thứ|Chủ)/ });
  while ((await removeRange.count()) > 0) await removeRange.first().click();
  const removeException = panel.getByRole('button', { name: /^Xóa ngoại lệ/ });
  while ((await removeException.count()) > 0) await removeException.first().click();
  await expect(panel.getByText('Không làm việc')).toHaveCount(7);

  await panel.getByLabel('Thời lượng mỗi lượt (phút)').fill('45');
  await panel.getByLabel('Số bệnh nhân mỗi lượt').fill('1');
  await panel.getByLabel('Thời gian đệm (phút)').fill('0');
  for (const day of WEEKDAYS_VI) {
    await panel.getByRole('button', { name: `Thêm giờ vào ${day}` }).click();
    await panel.getByLabel(`${day}, khung 1: từ`).fill(starts);
    await panel.getByLabel(`${day}, khung 1: đến`).fill(ends);
  }
  await expect(panel.getByText('3 khung giờ')).toHaveCount(7);

  // An overlapping second range on Monday is refused with the rule's message, and removed.
  await panel.getByRole('button', { name: 'Thêm giờ vào Thứ Hai' }).click();
  const overlapping = isMobile ? '08:00' : '09:00';
  await panel.getByLabel('Thứ Hai, khung 2: từ').fill(overlapping);
  await panel.getByLabel('Thứ Hai, khung 2: đến').fill('10:00');
  await panel.getByRole('button', { name: 'Lưu lịch' }).click();
  await expect(panel.getByRole('alert').filter({ hasText: 'Các khung giờ trong cùng một ngày không được chồng lên nhau.' })).toBeVisible();
  await panel.getByRole('button', { name: `Xóa Thứ Hai ${overlapping}–10:00` }).click();

  // Save: the success message, what changed, and the next days generated with the new hours.
  await panel.getByRole('button', { name: 'Lưu lịch' }).click();
  await expect(page.getByText('Cập nhật thành công').first()).toBeVisible({ timeout: 20_000 });
  await expect(panel.getByRole('status')).toContainText('Khung giờ đã thêm:');
  const days = panel.locator('.availability-days tbody tr');
  await expect(days.first()).toBeVisible();
  await expect(days.filter({ hasText: `${starts}–${ends}` }).first()).toBeVisible();
  await expect(panel.getByText(/Chưa có giờ làm việc hằng tuần/)).toHaveCount(0);
  await axe(page);
  await page.screenshot({ path: info.outputPath(`availability-${width}.png`), fullPage: true });

  // The public doctor page's booking card (a visitor): the new times, within the schedule calls' freshness.
  const visitor = await browser.newContext(isMobile ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 900 } });
  const pub = await visitor.newPage();
  await expect(async () => {
    await pub.goto(doctorUrl('vi-VN', doctor.slug));
    const card = pub.getByTestId('booking-card');
    await card.scrollIntoViewIfNeeded();
    await expect(card).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
    const main = card.locator('.bk-card').first();
    const nearest = main.getByRole('button', { name: text('vi-VN', 'booking.seeNearest') });
    if (await nearest.isVisible()) await nearest.click();
    await expect(main.getByTestId('slot-grid')).toBeVisible();
    // Today's early times may already have passed (or be inside the booking buffer): read the next working day.
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' });
    if ((await main.locator('.bk-date.is-selected').getAttribute('data-date')) === today) {
      await main.locator('.bk-date.is-selected ~ .bk-date:not(.is-empty)').first().click();
      await expect(main.getByTestId('slot-grid')).toBeVisible();
    }
    const morning = main.getByRole('tab', { name: text('vi-VN', 'booking.morning') });
    if (await morning.isVisible()) await morning.click();
    const shown = (await main.locator('.bk-slot').allInnerTexts()).map((s) => s.trim());
    expect(shown).toEqual(expect.arrayContaining(slotTimes.filter((s) => s < '12:00')));
  }).toPass({ timeout: 75_000 });
  await pub.screenshot({ path: info.outputPath(`availability-public-card-${width}.png`) });
  await visitor.close();
});

test('the doctor role sees its own schedule read-only, without Edit Schedule', async ({ page, isMobile }, info) => {
  test.setTimeout(90_000);
  if (isMobile) await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'doctor', '/admin/schedule');
  await expect(page).toHaveURL(/\/admin\/schedule$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Lịch làm việc của tôi' })).toBeVisible();
  await expect(page.getByText('Bệnh viện quản lý lịch làm việc của bạn.', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sửa lịch làm việc' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sửa lịch làm việc' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Lưu lịch' })).toHaveCount(0);
  const panel = page.getByRole('tabpanel', { name: 'Khám tại viện' });
  await expect(panel.locator('.availability-days tbody tr').first()).toBeVisible();
  // Keyboard: the kind tabs move with the arrow keys.
  await page.getByRole('tab', { name: 'Khám tại viện' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Khám từ xa' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Khám từ xa' })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await axe(page);
  await page.screenshot({ path: info.outputPath(`schedule-doctor-${isMobile ? 390 : 1280}.png`), fullPage: true });
  // The managers' screen is not the doctor's.
  await page.goto('/admin/doctors/1/availability');
  await expect(page.getByRole('heading', { level: 2, name: /^Lịch làm việc của / })).toHaveCount(0);
});
