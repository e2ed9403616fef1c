/**
 * My appointments (issue 28 item 3) in vi-VN, en-PH and zh-TW at both widths, on bookings of the account seed
 * (supabase/seed/account.ts: patient-account@demo.test, each test its own doctor): find the appointment, reschedule it with the date strip
 * and slot picker, cancel the new one after a confirmation, see an appointment inside its window refused, add
 * one to the calendar, and review a completed visit, shown at once by the review list call.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { Locale } from '../../i18n/locales';
import { translate } from '../../i18n/strings';
import { BOOKINGS_PAGE_SIZE, type MyBooking } from '../../src/lib/my-bookings';
import { PART_OF_DAY_KEYS, PARTS_OF_DAY, type ScheduleDay } from '../../src/lib/slots';
import { addDays } from '../../src/lib/hospital-time';
import { e2eAccessToken } from './support/access-token';
import { ACCOUNT_PATIENT } from '../../supabase/seed/account';
import { accountUrl, cardIn, signInAs } from './support/account';

const LOCALES: Locale[] = ['vi-VN', 'en-PH', 'zh-TW'];

/** The doctor's first free slot from the booking's day to six days later, other than the booking's own time. */
async function otherFreeSlot(request: APIRequestContext, mine: MyBooking): Promise<{ day: string; part: (typeof PARTS_OF_DAY)[number]; time: string }> {
  const res = await request.get(`/api/doctors/${mine.doctorId}/schedules?startDate=${mine.day}&endDate=${addDays(mine.day, 6)}`);
  const days = (await res.json())._data.schedules as ScheduleDay[];
  for (const d of days) {
    for (const part of PARTS_OF_DAY) {
      const s = d.workingTimes[part].find((x) => !(d.workingDay === mine.day && x.started === mine.time));
      if (s) return { day: d.workingDay, part, time: s.started };
    }
  }
  throw new Error(`doctor ${mine.doctorId} has no other free slot in the week from ${mine.day}`);
}


for (const [i, locale] of LOCALES.entries()) {
  test(`${locale}: find, reschedule, cancel, refused inside the window, add to calendar, review`, async ({ page, request }, info) => {
    test.setTimeout(120_000);
    const t = (k: Parameters<typeof translate>[1], p?: Record<string, string | number>) => translate(locale, k, p);
    const index = i * 2 + (info.project.name === 'mobile' ? 1 : 0);
    const token = await e2eAccessToken(request, ACCOUNT_PATIENT.id, ACCOUNT_PATIENT.email);
    const all = ((await (await request.get('/api/account/bookings', { headers: { authorization: `Bearer ${token}` } })).json())._data.bookings) as MyBooking[];
    const seeded = (status: string) => all.filter((b) => b.status === status && b.rescheduledFromId === null).sort((a, b) => a.doctorId! - b.doctorId!);
    const upcoming = seeded('confirmed').filter((b) => Date.parse(b.cancelUntil) > Date.now() && b.doctorName);
    const locked = seeded('confirmed').find((b) => Date.parse(b.cancelUntil) < Date.now())!;
    const doctorIds = [...new Set(upcoming.map((b) => b.doctorId))].filter((id) => seeded('completed').some((c) => c.doctorId === id));
    const mine = upcoming.find((b) => b.doctorId === doctorIds[index])!;
    const visit = seeded('completed').find((b) => b.doctorId === doctorIds[index])!;
    expect(mine, 'a seeded appointment for this test').toBeDefined();
    expect(visit.review).toBeNull();

    await signInAs(page, accountUrl(locale, 'bookings'), ACCOUNT_PATIENT.email);
    const card = await cardIn(page, locale, 'upcoming', mine.id);
    await expect(card).toBeVisible();
    // Each card names its booking code (issue 38 item 23).
    await expect(card.getByTestId('booking-code')).toHaveText(mine.code);
    await expect(card).toContainText(mine.doctorName!);
    await expect(card).toContainText(mine.hospitalName);
    await expect(card.getByTestId('booking-status')).toHaveText(t('account.bookings.status.confirmed'));
    await expect(card.getByTestId('booking-for')).toHaveText(t('account.bookings.forMe'));
    await expect(card.getByTestId('booking-when')).toContainText(mine.time);
    await expect(card.getByTestId('booking-payment')).toHaveText(t('booking.payment.state.atClinic'));
    const ics = await card.getByRole('link', { name: t('account.bookings.addToCalendar') }).getAttribute('href');
    expect(decodeURIComponent(ics!.replace(/^data:text\/calendar;charset=utf-8,/, ''))).toContain(`DTSTART:${mine.startsAt.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`);

    // Inside its doctor's window: no cancel or reschedule, and the page says until when it was possible.
    const lockedCard = await cardIn(page, locale, 'upcoming', locked.id);
    await expect(lockedCard.getByTestId('booking-window')).toContainText(t('account.bookings.windowPassed', { time: '' }).split(' ')[0]);
    await expect(lockedCard.getByRole('button', { name: t('account.bookings.cancel') })).toHaveCount(0);

    // Reschedule to another free time of the same doctor.
    await cardIn(page, locale, 'upcoming', mine.id);
    await card.getByRole('button', { name: t('account.bookings.reschedule') }).click();
    const popup = page.getByTestId('reschedule-popup');
    await expect(popup.getByRole('heading', { name: t('account.bookings.rescheduleTitle') })).toBeVisible();
    // Another free time of the doctor from the appointment's own day on (days ahead: the moved appointment stays
    // outside its window), as the schedule call answers it now: parallel specs book too, and the picker shows one
    // part of the day at a time, so the part is chosen first.
    const target = await otherFreeSlot(request, mine);
    await popup.locator(`[data-date="${target.day}"]`).click();
    await popup.getByRole('tab', { name: new RegExp(`^${t(PART_OF_DAY_KEYS[target.part])}`) }).click();
    const slot = popup.locator(`[data-slot="${target.time}"]`).first();
    const started = await slot.getAttribute('data-slot');
    await slot.click();
    const moved = page.waitForResponse((r) => r.url().endsWith(`/api/account/bookings/${mine.id}/reschedule`));
    await popup.getByTestId('reschedule-confirm').click();
    const fresh = ((await (await moved).json())._data.booking) as MyBooking;
    expect(fresh).toMatchObject({ doctorId: mine.doctorId, rescheduledFromId: mine.id, time: started, status: 'confirmed' });
    await expect(page.getByTestId('bookings-notice')).toContainText(t('account.bookings.rescheduled', { when: '' }).trim().split(' ')[0]);
    // Cancelled but still ahead: under Upcoming, without actions (issue 38 item 23: it was filed under Past).
    const old = await cardIn(page, locale, 'upcoming', mine.id);
    await expect(old.getByTestId('booking-status')).toHaveText(t('account.bookings.status.cancelled'));
    await expect(old.getByRole('button')).toHaveCount(0);
    const freshCard = await cardIn(page, locale, 'upcoming', fresh.id);
    await expect(freshCard.getByTestId('booking-when')).toContainText(started!);

    // Cancel, after the confirmation ('No' keeps it).
    await freshCard.getByRole('button', { name: t('account.bookings.cancel') }).click();
    await page.getByTestId('cancel-popup').getByRole('button', { name: t('account.bookings.cancelNo') }).click();
    await expect(freshCard).toBeVisible();
    await freshCard.getByRole('button', { name: t('account.bookings.cancel') }).click();
    await page.getByTestId('cancel-popup').getByRole('button', { name: t('account.bookings.cancelYes') }).click();
    await expect(page.getByTestId('bookings-notice')).toHaveText(t('account.bookings.cancelled'));
    await expect((await cardIn(page, locale, 'upcoming', fresh.id)).getByTestId('booking-status')).toHaveText(t('account.bookings.status.cancelled'));

    // Review the completed visit; the review list call shows it at once.
    const visitCard = await cardIn(page, locale, 'past', visit.id);
    await visitCard.getByRole('button', { name: t('account.bookings.review.open') }).click();
    const review = page.getByTestId('review-popup');
    await review.getByRole('button', { name: t('account.bookings.review.send') }).click();
    await expect(review).toContainText(t('account.bookings.review.rateRequired'));
    await review.getByRole('radio', { name: t('account.bookings.review.star.other', { count: 4 }) }).check({ force: true });
    const feedback = `E2E ${locale} ${info.project.name} ${Date.now()}`;
    await review.getByLabel(t('account.bookings.review.feedback')).fill(feedback);
    await review.getByRole('button', { name: t('account.bookings.review.send') }).click();
    await expect(page.getByTestId('bookings-notice')).toHaveText(t('account.bookings.review.thanks'));
    await expect(visitCard.getByTestId('booking-review')).toContainText(feedback);
    await expect(visitCard.getByRole('button', { name: t('account.bookings.review.open') })).toHaveCount(0);
    const listed = await (await request.get(`/api/reviews?doctor_id=${visit.doctorId}&page=1`)).text();
    expect(listed).toContain(feedback);
  });
}
