/**
 * The front desk (issue 35) at 1280 px as the branch manager, at 390 px as the doctor, and at both as the facility
 * manager (the organization's every branch): a booking made through the
 * booking API appears in the day's list with the phone masked; once its time has come it is checked in and marked
 * completed, after which the patient can review it; a second booking is cancelled with a reason and the patient's
 * e-mail reaches the dev mailbox; the patients list shows the patient with the booking in their record.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { ACCOUNTS } from '../../supabase/seed/accounts';
import { bookingCode } from '../../src/lib/booking';
import { e2eAccessToken } from './support/access-token';
import { book, openBooking } from './support/appointment-booking';
import { signInAs } from './support/admin';

for (const who of ['branch or doctor', 'facility'] as const) {
test(`the front desk works a booking as the ${who}: appears, check in, complete (review opens), cancel with reason (mail), patient record`, async ({ page, request, isMobile }) => {
  test.setTimeout(120_000);
  const role = who === 'facility' ? 'facility' : isMobile ? 'doctor' : 'branch';
  const w = isMobile ? 390 : 1280;
  // Different slots per project and role (they run in parallel on the same doctor; a taken one is skipped).
  const lane = (isMobile ? 10 : 0) + (who === 'facility' ? 40 : 0);
  const visit = await book(request, lane);
  await signInAs(page, role, '/admin/appointments');
  await expect(page).toHaveURL(/\/admin\/appointments/);

  // The booking made through the API is in its day's list, the phone masked.
  await page.goto(`/admin/appointments?date=${visit.day}`);
  const row = page.locator('tr', { has: page.locator('button.code-btn', { hasText: bookingCode(visit.id) }) });
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row).toContainText('••• ••• 567');
  await expect(row).not.toContainText('901 234');
  await page.screenshot({ path: `tests/e2e/tmp/appointments-list-${role}-${w}.png`, fullPage: true });

  // Its time comes: check in, then mark completed.
  expect((await (await request.get(`/__e2e/appointment-fixtures?started=${visit.id}`)).json()).moved).toBe(1);
  const today = new Date(Date.now() - 3_600_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' });
  const panel = await openBooking(page, visit.id, today);
  await expect(panel).toContainText('Đau lưng 2 tuần');
  await panel.getByRole('button', { name: 'Check-in', exact: true }).click();
  await expect(panel).toContainText('Đã check-in');
  await new AxeBuilder({ page }).include('.panel').analyze().then((r) => expect(r.violations.map((v) => v.id)).toEqual([]));
  await panel.getByRole('button', { name: 'Đánh dấu hoàn thành' }).click();
  await expect(panel.getByTestId('panel-status')).toHaveText('Đã hoàn thành');
  await page.screenshot({ path: `tests/e2e/tmp/appointments-panel-${role}-${w}.png` });
  // A completed visit can be reviewed by the patient.
  const patient = { authorization: `Bearer ${await e2eAccessToken(request, ACCOUNTS.patient.id, ACCOUNTS.patient.email)}` };
  const review = await request.post(`/api/account/bookings/${visit.id}/review`, { headers: patient, data: { rate: 5, feedback: 'Bác sĩ khám kỹ, đúng giờ.' } });
  expect(review.status()).toBe(200);

  // A second booking is cancelled with a reason; the patient is told by e-mail.
  const other = await book(request, lane + 20);
  const second = await openBooking(page, other.id, other.day);
  await second.getByRole('button', { name: 'Hủy lịch hẹn' }).click();
  const dialog = page.getByRole('dialog', { name: `Hủy ${bookingCode(other.id)}?` });
  await dialog.getByRole('button', { name: 'Hủy lịch hẹn' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Vui lòng nhập lý do (từ 3 đến 500 ký tự).');
  await dialog.getByLabel('Lý do (gửi cho bệnh nhân)').fill('Bác sĩ đi công tác đột xuất.');
  await dialog.getByRole('button', { name: 'Hủy lịch hẹn' }).click();
  await expect(dialog).toBeHidden();
  await expect(second.getByTestId('panel-status')).toHaveText('Đã hủy');
  await expect
    .poll(
      async () => ((await (await request.get(`/dev/mailbox?format=json&to=${encodeURIComponent(ACCOUNTS.patient.email)}`)).json()).messages as { subject: string; text?: string }[]).find((m) => m.subject.includes(bookingCode(other.id)) && (m.text ?? '').includes('Bác sĩ đi công tác đột xuất.')) != null,
      { timeout: 20_000 },
    )
    .toBe(true);
  await page.keyboard.press('Escape');

  // The patients list has the patient; the record lists the completed visit.
  await page.goto(`/admin/patients?keyword=${encodeURIComponent(ACCOUNTS.patient.email)}`);
  const name = page.locator('tbody button.link-btn').first();
  await expect(name).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('tbody')).toContainText('p•••@demo.test');
  await name.click();
  const record = page.getByTestId('patient-panel');
  await expect(record).toContainText(bookingCode(visit.id));
  await page.screenshot({ path: `tests/e2e/tmp/patients-panel-${role}-${w}.png` });
});
}
