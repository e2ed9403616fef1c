/**
 * After the booking (issue 36) in vi-VN and id-ID at both widths, as a patient abroad (browser zone Europe/Berlin):
 * a telemedicine visit paid with the sandbox wallet (vi-VN's wallet option, id-ID's local one) shows no address,
 * the patient's own time beside hospital time, and Join disabled until 15 minutes before the start (an injected
 * clock), then active with the video room; my appointments reads it paid and cancels it with the refund (the
 * card, the sandbox wallet and the e-mail in the dev mailbox say so); a booking paid at the clinic reads so; an
 * awaiting payment is paid from "Pay now".
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { LOCALES, LOCALE_CONFIG, type Locale } from '../../i18n/locales';
import { translate } from '../../i18n/strings';
import { signIn, text } from './support/booking';
import { cardIn, itemIn } from './support/account';
import type { BookingFixture } from './support/booking-fixtures';

test.use({ timezoneId: 'Europe/Berlin' });

const ONLINE: Record<'vi-VN' | 'id-ID', string> = { 'vi-VN': 'booking.payment.wallet', 'id-ID': 'booking.payment.local' };
const prefix = (l: Locale) => LOCALE_CONFIG[l].prefix;
/** Fixture lanes of this spec (the booking page spec uses 0-60): per project, locale and test. */
const lane = (page: Page, locale: number, n: number) => 120 + (page.viewportSize()!.width > 800 ? 0 : 40) + locale * 20 + n * 5;
const shot = (page: Page, name: string) => page.screenshot({ path: `tests/e2e/tmp/after-booking-${name}-${page.viewportSize()!.width}.png`, fullPage: true });

async function fixture(request: APIRequestContext, locale: Locale, kind: 'outpatient' | 'telemedicine', skip: number): Promise<BookingFixture> {
  const res = await request.get(`/__e2e/booking-fixtures?locale=${locale}&kind=${kind}&skip=${skip}`);
  expect(res.ok()).toBe(true);
  return res.json();
}

/** Opens the booking page of the fixture, picks the option and confirms; an online one lands on the wallet page. */
async function book(page: Page, locale: Locale, f: BookingFixture, option: string) {
  await page.goto(f.path);
  const form = page.getByTestId('booking-form');
  await expect(form).toBeVisible({ timeout: 20_000 });
  // The cancellation rule before confirming: until when, in hospital time.
  await expect(form.getByTestId('cancel-rule')).toHaveAttribute('data-open', 'true');
  await expect(form.getByTestId('cancel-rule')).toContainText(text(locale, 'booking.cancelRule.until', { time: '@' }).split('@')[0]);
  await form.getByRole('radio', { name: text(locale, option), exact: true }).check();
  await form.getByRole('button', { name: text(locale, 'booking.flow.confirm') }).click();
}

for (const [li, locale] of (['vi-VN', 'id-ID'] as const).entries()) {
  test(`${locale}: a telemedicine visit paid with the sandbox wallet: no address, my own time, Join from 15 minutes before; cancelled with its refund`, async ({ page }) => {
    test.setTimeout(150_000);
    const f = await fixture(page.request, locale, 'telemedicine', lane(page, li, 0));
    const token = await signIn(page, 'patient');
    await book(page, locale, f, ONLINE[locale]);
    await page.waitForURL(/\/dev\/wallet\/pay\//);
    const walletPage = page.url();
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL(/\/booking\/doctor\/\?bookingId=\d+$/);
    const id = Number(new URL(page.url()).searchParams.get('bookingId'));

    const done = page.getByTestId('booking-confirmed');
    await expect(done).toBeVisible({ timeout: 15_000 });
    await expect(done).toContainText(text(locale, 'booking.flow.confirmedLeadVideo'));
    await expect(done).not.toContainText(text(locale, 'booking.flow.confirmedLead'));
    await expect(done.getByTestId('hospital-address')).toHaveCount(0);
    await expect(done.getByTestId('patient-time')).toContainText('(Berlin)');
    await expect(done.getByTestId('booking-payment')).toHaveAttribute('data-state', 'paid');
    const visit = done.getByTestId('video-visit');
    await expect(visit).toContainText(text(locale, 'booking.video.instructions'));
    await expect(visit).toHaveAttribute('data-join', 'early');
    await expect(visit.getByTestId('video-join')).toBeDisabled();
    await shot(page, `confirmed-${locale}`);

    // An injected clock: 16 minutes before the start Join is still disabled; from 15 minutes before it opens the room.
    const view = (await (await page.request.get(`/api/bookings/${id}`, { headers: { authorization: `Bearer ${token}` } })).json())._data;
    expect(view.videoUrl).toMatch(/^https:\/\/meet\.jit\.si\/[0-9a-f]{32}$/);
    const start = Date.parse(view.startsAt);
    await page.clock.setFixedTime(start - 16 * 60_000);
    await page.waitForTimeout(16_000);
    await expect(visit.getByTestId('video-join')).toBeDisabled();
    await page.clock.setFixedTime(start - 14 * 60_000);
    await expect(visit.getByTestId('video-join')).toHaveAttribute('href', view.videoUrl, { timeout: 20_000 });
    await expect(visit).toHaveAttribute('data-join', 'open');
    await shot(page, `join-open-${locale}`);
    // Back to the real time for the rest (the clock stays installed for the page).
    await page.clock.setFixedTime(Date.now());

    // My appointments: paid, no address, Join not yet; cancel inside the window with the refund.
    await page.goto(`/${prefix(locale)}/account/bookings/`);
    const card = await cardIn(page, locale, 'upcoming', id);
    await expect(card).toBeVisible({ timeout: 20_000 });
    await expect(card.getByTestId('booking-payment')).toHaveAttribute('data-state', 'paid');
    await expect(card).not.toContainText(view.hospital.address);
    await expect(card.getByTestId('patient-time')).toContainText('(Berlin)');
    await expect(card.getByTestId('video-join')).toBeDisabled();
    await shot(page, `card-paid-${locale}`);
    await card.getByRole('button', { name: text(locale, 'account.bookings.cancel') }).click();
    const popup = page.getByTestId('cancel-popup');
    await expect(popup.getByTestId('cancel-refund')).toContainText(text(locale, 'account.bookings.cancelRefund', { amount: '@' }).split('@')[0]);
    await popup.getByRole('button', { name: text(locale, 'account.bookings.cancelYes') }).click();
    await expect(page.getByTestId('bookings-notice')).toContainText(text(locale, 'account.bookings.cancelledRefund', { amount: '@' }).split('@')[0]);
    // A cancelled visit of a coming day stays filed under its date (issue 38 item 23), no longer changeable.
    const cancelled = await cardIn(page, locale, 'upcoming', id);
    await expect(cancelled.getByTestId('booking-payment')).toHaveAttribute('data-state', /refund-pending|refunded/);
    await shot(page, `card-refund-${locale}`);
    // The sandbox wallet shows the refund, and its webhook makes it refunded.
    await page.goto(walletPage);
    await expect(page.locator('.refunds')).toContainText('Refunded');
    await expect
      .poll(async () => ((await (await page.request.get('/api/account/bookings', { headers: { authorization: `Bearer ${token}` } })).json())._data.bookings as { id: number; payments: { status: string }[] }[]).find((b) => b.id === id)?.payments.at(-1)?.status, { timeout: 10_000 })
      .toBe('refunded');
    // The cancellation e-mail in the dev mailbox, in the patient's language (their preferred one, else the market's).
    const subjects = LOCALES.map((l) => translate(l, 'booking.change.subject.cancelled', { code: view.code }));
    await expect
      .poll(async () => ((await (await page.request.get(`/dev/mailbox?format=json&to=${encodeURIComponent('patient@demo.test')}`)).json()).messages as { subject: string }[]).some((m) => subjects.includes(m.subject)), { timeout: 20_000 })
      .toBe(true);
  });

  test(`${locale}: paid at the clinic reads so; an awaiting payment is paid from "Pay now"`, async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, 'patient');
    const atClinic = await fixture(page.request, locale, 'outpatient', lane(page, li, 1));
    await book(page, locale, atClinic, 'booking.payment.cashOnDelivery');
    const done = page.getByTestId('booking-confirmed');
    await expect(done).toBeVisible({ timeout: 15_000 });
    await expect(done.getByTestId('booking-payment')).toContainText(text(locale, 'booking.payment.state.atClinic'));
    await expect(done.getByTestId('hospital-address')).toBeVisible();
    await expect(done.getByTestId('video-visit')).toHaveCount(0);
    const clinicId = await done.evaluate(() => new URL(location.href).searchParams.get('bookingId') ?? '');

    // Left on the wallet's page without paying: my appointments offers Pay now with the time left.
    const tele = await fixture(page.request, locale, 'telemedicine', lane(page, li, 2));
    await book(page, locale, tele, ONLINE[locale]);
    await page.waitForURL(/\/dev\/wallet\/pay\//);
    await page.goto(`/${prefix(locale)}/account/bookings/`);
    if (clinicId) await expect((await cardIn(page, locale, 'upcoming', Number(clinicId))).getByTestId('booking-payment')).toHaveText(text(locale, 'booking.payment.state.atClinic'));
    const awaiting = await itemIn(page, locale, 'upcoming', (list) => list.getByTestId('booking-item').filter({ has: page.locator('[data-state="awaiting"]') }).first());
    await expect(awaiting).toBeVisible({ timeout: 20_000 });
    await expect(awaiting.getByTestId('booking-payment')).toContainText(text(locale, 'booking.payment.timeLeft', { time: '@' }).replace('@', '').trim().split(' ')[0]);
    await shot(page, `awaiting-${locale}`);
    await awaiting.getByTestId('pay-now').click();
    await page.waitForURL(/\/dev\/wallet\/pay\//);
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL(/\/booking\/doctor\/\?bookingId=\d+$/);
    await expect(page.getByTestId('booking-confirmed').getByTestId('booking-payment')).toHaveAttribute('data-state', 'paid', { timeout: 15_000 });
  });
}
