/** A booking made as the demo patient through the public booking API (hold, then confirm), for the front-desk specs. */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { bookingCode } from '../../../src/lib/booking';
import { ACCOUNTS } from '../../../supabase/seed/accounts';
import { e2eAccessToken } from './access-token';

type Day = { workingDay: string; workingTimes: Record<'morning' | 'afternoon' | 'evening', { schedule_id: number; started: string }[]> };

/** Books a free outpatient slot of the demo doctor as the patient, through the booking API; its id and day. */
export async function book(request: APIRequestContext, skip: number): Promise<{ id: number; day: string }> {
  const token = await e2eAccessToken(request, ACCOUNTS.patient.id, ACCOUNTS.patient.email);
  const auth = { authorization: `Bearer ${token}` };
  const doctorId = ((await (await request.get('/__e2e/appointment-fixtures?demoDoctor=1')).json()) as { doctorId: number }).doctorId;
  // The schedule call answers one window; other specs book and close the demo doctor's first days, so look further.
  const days: Day[] = [];
  for (let week = 0; week < 6; week++) {
    const start = new Date(Date.now() + week * 7 * 86_400_000).toISOString().slice(0, 10);
    const window = ((await (await request.get(`/api/doctors/${doctorId}/schedules?startDate=${start}`)).json())._data?.schedules ?? []) as Day[];
    days.push(...window.filter((d) => !days.some((seen) => seen.workingDay === d.workingDay)));
  }
  let seen = 0;
  for (const day of days) {
    for (const slot of [...day.workingTimes.morning, ...day.workingTimes.afternoon, ...day.workingTimes.evening]) {
      if (seen++ < skip) continue;
      const held = await request.post('/api/bookings/holds', { headers: auth, data: { kind: 'doctor', doctorId, date: day.workingDay, scheduleId: slot.schedule_id, telemedicine: false, idempotencyKey: `e2e-appt-${crypto.randomUUID()}` } });
      if (!held.ok()) continue;
      const id = (await held.json())._data.id as number;
      const confirmed = await request.post(`/api/bookings/${id}/confirm`, { headers: auth, data: { familyMemberId: null, contactPhone: '+84 901 234 567', note: 'Đau lưng 2 tuần', paymentMethod: 'cash-on-delivery' } });
      if (confirmed.ok()) return { id, day: day.workingDay };
      await request.post(`/api/bookings/${id}/release`, { headers: auth });
    }
  }
  throw new Error('no bookable slot of the demo doctor');
}

/** Opens a booking's detail panel from the list of its day (found by its code). */
export async function openBooking(page: Page, id: number, day: string) {
  await page.goto(`/admin/appointments?date=${day}&keyword=${bookingCode(id)}`);
  const code = page.locator('button.code-btn', { hasText: bookingCode(id) });
  await expect(code).toBeVisible({ timeout: 30_000 });
  await code.click();
  const panel = page.getByTestId('appointment-panel');
  await expect(panel).toBeVisible({ timeout: 15_000 });
  return panel;
}
