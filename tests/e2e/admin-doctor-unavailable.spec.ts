/**
 * "Doctor unavailable" (issue 35) at 1280 px as the facility manager and at 390 px as the branch manager: a patient
 * books a doctor of the branch through the booking API; the manager chooses the doctor on the appointments screen, marks them unavailable for that day (preview with the
 * booking, confirmation, result); the patient's cancellation e-mail reaches the dev mailbox in their language with
 * the one-tap rebooking links, and the first link, opened by the signed-in patient, books the offered slot.
 * Each project works its own doctor of the branch (the projects run in parallel), never the demo doctor.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { translate } from '../../i18n/strings';
import adminVi from '../../i18n/strings/admin/doctor-unavailable/vi-VN.json' with { type: 'json' };
import { bookingCode } from '../../src/lib/booking';
import { ACCOUNTS, SEED_SCOPE } from '../../supabase/seed/accounts';
import { e2eAccessToken } from './support/access-token';
import { signInAs } from './support/admin';
import { signIn } from './support/booking';

type Day = { workingDay: string; workingTimes: Record<'morning' | 'afternoon' | 'evening', { schedule_id: number; started: string }[]> };
const vi = (k: Parameters<typeof translate>[1], p?: Record<string, string | number>) => translate('vi-VN', k, p);

/** The n-th active doctor of the branch (not the demo doctor), booked by the other patient on a day 20+ days ahead. */
async function bookOtherDoctor(request: APIRequestContext, nth: number): Promise<{ doctorId: number; id: number; day: string }> {
  const staff = { authorization: `Bearer ${await e2eAccessToken(request, ACCOUNTS.branch.id, ACCOUNTS.branch.email)}` };
  const patient = { authorization: `Bearer ${await e2eAccessToken(request, ACCOUNTS.patientOther.id, ACCOUNTS.patientOther.email)}` };
  const demo = ((await (await request.get('/__e2e/appointment-fixtures?demoDoctor=1')).json()) as { doctorId: number }).doctorId;
  const list = (await (await request.get(`/api/admin/doctors?branchId=${SEED_SCOPE.branchHospitalId}&countryId=1`, { headers: staff })).json())._data.doctors as { id: number; isActive: boolean }[];
  const from = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  let found = 0;
  for (const d of list.filter((x) => x.id !== demo && x.isActive)) {
    const days = ((await (await request.get(`/api/doctors/${d.id}/schedules?startDate=${from}`)).json())._data?.schedules ?? []) as Day[];
    const day = days.find((x) => x.workingTimes.morning.length + x.workingTimes.afternoon.length + x.workingTimes.evening.length > 0);
    if (!day || found++ < nth) continue;
    for (const slot of [...day.workingTimes.morning, ...day.workingTimes.afternoon, ...day.workingTimes.evening]) {
      const held = await request.post('/api/bookings/holds', { headers: patient, data: { kind: 'doctor', doctorId: d.id, date: day.workingDay, scheduleId: slot.schedule_id, telemedicine: false, idempotencyKey: `e2e-unavail-${crypto.randomUUID()}` } });
      if (!held.ok()) continue;
      const id = (await held.json())._data.id as number;
      const confirmed = await request.post(`/api/bookings/${id}/confirm`, { headers: patient, data: { familyMemberId: null, contactPhone: '+84 901 234 567', note: 'Tái khám', paymentMethod: 'cash-on-delivery' } });
      if (confirmed.ok()) return { doctorId: d.id, id, day: day.workingDay };
    }
  }
  throw new Error('no bookable doctor of the branch');
}

test('a manager marks a doctor unavailable; the patient is told in their language and rebooks in one tap', async ({ page, request, isMobile, browser }) => {
  test.setTimeout(180_000);
  const w = isMobile ? 390 : 1280;
  const visit = await bookOtherDoctor(request, isMobile ? 1 : 0);
  const code = bookingCode(visit.id);

  // The appointments screen with the doctor chosen: the toolbar's action, opened from the keyboard.
  // The organization's manager works any of its branches' doctors; the branch manager its own branch's.
  await signInAs(page, isMobile ? 'branch' : 'facility', `/admin/appointments?date=${visit.day}&doctor_id=${visit.doctorId}`);
  await page.goto(`/admin/appointments?date=${visit.day}&doctor_id=${visit.doctorId}`);
  const open = page.getByTestId('doctor-unavailable');
  await expect(open).toBeVisible({ timeout: 15_000 });
  await open.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('doctor-unavailable-dialog');
  await expect(dialog).toBeVisible();
  const preview = dialog.getByTestId('unavailable-preview');
  await expect(preview).toContainText(code, { timeout: 15_000 });
  await expect(preview.locator('h3')).toBeVisible();
  await dialog.getByLabel(adminVi['admin.unavailable.reason']).fill('Bác sĩ đi hội nghị y khoa.');
  await page.screenshot({ path: `tests/e2e/tmp/doctor-unavailable-preview-${w}.png` });
  await dialog.locator('button[type=submit]').click();
  await dialog.locator('.unavailable-confirm .btn-danger').click();
  const result = dialog.getByTestId('unavailable-result');
  await expect(result).toBeVisible({ timeout: 60_000 });
  await page.screenshot({ path: `tests/e2e/tmp/doctor-unavailable-result-${w}.png` });
  await page.keyboard.press('Escape');

  // The e-mail: in the patient's language (the market's Vietnamese), with the reason and the one-tap links.
  let text = '';
  await expect
    .poll(
      async () => {
        const messages = ((await (await request.get(`/dev/mailbox?format=json&to=${encodeURIComponent(ACCOUNTS.patientOther.email)}`)).json()).messages as { subject: string; text?: string }[]);
        text = messages.find((m) => m.subject.includes(code) && (m.text ?? '').includes(vi('booking.rebook.title')))?.text ?? '';
        return text;
      },
      { timeout: 30_000 },
    )
    .toContain('Bác sĩ đi hội nghị y khoa.');
  const link = /https?:\/\/\S+\/vi-vn\/booking\/doctor\/\?offer=[A-Za-z0-9_-]{32}/.exec(text)?.[0];
  expect(link).toBeTruthy();

  // The patient, signed in, opens the link: the offered slot is held and one tap confirms it.
  const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined, isMobile });
  const patientPage = await context.newPage();
  await signIn(patientPage, 'patientOther');
  const url = new URL(link!);
  await patientPage.goto(url.pathname + url.search);
  const form = patientPage.getByTestId('booking-form');
  await expect(form).toBeVisible({ timeout: 20_000 });
  await patientPage.screenshot({ path: `tests/e2e/tmp/doctor-unavailable-rebook-${w}.png`, fullPage: true });
  await form.getByRole('button', { name: vi('booking.flow.confirm') }).click();
  await expect(patientPage.getByTestId('booking-confirmed')).toBeVisible({ timeout: 20_000 });
  // Opened again, the link shows the same booking, never a second one.
  const booked = await patientPage.getByTestId('booking-code').textContent();
  await patientPage.goto(url.pathname + url.search);
  await expect(patientPage.getByTestId('booking-code')).toHaveText(booked!, { timeout: 20_000 });
  await context.close();
});
