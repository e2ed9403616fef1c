/**
 * The booking page and the booking-confirmed screen (issue #26), as patients use them, at both widths (the
 * desktop and mobile projects): a visitor through sign-in and onboarding to the booking page, confirm, the
 * confirmed screen, the .ics download, the confirmation e-mail and the calendar flag (vi-VN, id-ID, th-TH); a slot
 * taken from another browser context; paying for a family member through the sandbox wallet; a tampered query;
 * the social-login warning.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { LOCALE_CONFIG, type Locale } from '../../i18n/locales';
import { ACCOUNTS, DEMO_PASSWORD } from '../../supabase/seed/accounts';
import { SOCIAL_PLACEHOLDER_PATIENT } from '../../supabase/seed/booking';
import { doctorUrl, findDoctor, signIn, text } from './support/booking';
import { mailboxCode } from './support/mailbox';
import type { BookingFixture } from './support/booking-fixtures';
import { pageScriptGzipBytes } from './support/js-weight';
import { PNG_1PX } from './support/account';

const prefix = (l: Locale) => LOCALE_CONFIG[l].prefix;
const DIAL: Partial<Record<Locale, string>> = { 'vi-VN': '+84', 'id-ID': '+62', 'th-TH': '+66' };
const LOCAL_MOBILE: Partial<Record<Locale, string>> = { 'vi-VN': '090', 'id-ID': '0812', 'th-TH': '081' };

async function fixture(request: APIRequestContext, locale: Locale, kind: 'outpatient' | 'telemedicine', skip: number): Promise<BookingFixture> {
  const res = await request.get(`/__e2e/booking-fixtures?locale=${locale}&kind=${kind}&skip=${skip}`);
  expect(res.ok()).toBe(true);
  return res.json();
}

/** A lane of fixtures per project and test, so parallel tests never pick the same slot. */
const lane = (page: Page, n: number) => (page.viewportSize()!.width > 800 ? 0 : 40) + n * 5;

/** The login, profile and phone steps of the care onboarding for a new patient. */
async function onboard(page: Page, locale: Locale) {
  const n = `${page.viewportSize()!.width % 100}${Date.now().toString().slice(-5)}`;
  const email = `booking-${locale.toLowerCase()}-${n}@e2e.test`;
  const local = `${LOCAL_MOBILE[locale]}${n.padStart(7, '0').slice(-7)}`;
  await page.getByLabel(text(locale, 'login.email')).fill(email);
  await page.getByRole('button', { name: text(locale, 'login.sendCode') }).click();
  await page.getByLabel(text(locale, 'login.code'), { exact: true }).fill(await mailboxCode(page.request, email));
  await page.getByRole('button', { name: text(locale, 'login.verify') }).click();
  const profile = page.getByTestId('onboarding-profile');
  await profile.getByLabel(text(locale, 'onboarding.name')).fill('Booking Tester');
  await profile.getByLabel(text(locale, 'onboarding.birthday')).fill('1990-05-17');
  await profile.getByRole('radio', { name: text(locale, 'onboarding.gender.female') }).check();
  await profile.getByRole('button', { name: text(locale, 'onboarding.save') }).click();
  const phoneStep = page.getByTestId('onboarding-phone');
  await phoneStep.getByLabel(text(locale, 'login.phone')).fill(local);
  await phoneStep.getByRole('button', { name: text(locale, 'login.sendCode') }).click();
  const e164 = `${DIAL[locale]}${local.slice(1)}`;
  const codeStep = page.getByTestId('onboarding-phone-code');
  await codeStep.getByLabel(text(locale, 'login.code'), { exact: true }).fill(await mailboxCode(page.request, e164));
  await codeStep.getByRole('button', { name: text(locale, 'onboarding.phone.verify') }).click();
  return email;
}

for (const locale of ['vi-VN', 'id-ID', 'th-TH'] as const) {
  test(`${locale}: a visitor signs in, onboards, confirms, downloads the .ics, gets the e-mail and adds the appointment to the calendar`, async ({ page, context }) => {
    test.setTimeout(120_000);
    const doctor = await findDoctor(page.request, locale, (d) => d.validOutpatient && !d.babyFormulaCampaign);
    await page.goto(doctorUrl(locale, doctor.slug));
    const card = page.getByTestId('booking-card');
    await card.scrollIntoViewIfNeeded();
    await expect(card).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
    const main = card.locator('.bk-card').first();
    const nearest = main.getByRole('button', { name: text(locale, 'booking.seeNearest') });
    if (await nearest.isVisible()) await nearest.click();
    // A later slot of the day: the first ones are what parallel tests pick.
    const slots = main.locator('.bk-slot');
    await expect(slots.first()).toBeVisible();
    await slots.nth(Math.min(await slots.count(), page.viewportSize()!.width > 800 ? 1 : 2) - 1).click();
    await main.getByTestId('continue-booking').click();
    await page.waitForURL(/\/onboarding\//);
    const bookingUrl = new URL(page.url()).searchParams.get('returnUrl')!;
    const email = await onboard(page, locale);

    // Back on the booking page: the slot is held, everything shown in the locale.
    await page.waitForURL((u) => u.pathname + u.search === bookingUrl);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(locale, 'booking.flow.title'));
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    const form = page.getByTestId('booking-form');
    await expect(form.locator('.bkp-name')).toHaveText(doctor.name);
    await expect(page.getByTestId('booking-hold')).toHaveText(new RegExp(text(locale, 'booking.flow.holdLeft', { time: '(9|10):\\d{2}' })));
    await expect(page.getByTestId('booking-when')).toContainText(text(locale, 'booking.flow.timeZoneNote', { zone: LOCALE_CONFIG[locale].timeZones[0] }).slice(0, 8));
    await expect(form.getByRole('radio', { name: text(locale, 'booking.payment.cashOnDelivery') })).toBeChecked();
    await expect(form.getByLabel(text(locale, 'booking.flow.contactPhone'))).toHaveValue(new RegExp(`^\\${DIAL[locale]}`));
    const note = form.getByLabel(text(locale, 'booking.flow.note'));
    await note.fill('Đau đầu');
    await expect(form.locator('#bkp-note-count')).toHaveText(text(locale, 'booking.flow.noteCount', { count: 7, max: 500 }));
    await form.getByRole('button', { name: text(locale, 'booking.flow.confirm') }).click();

    // Confirmed: code, manage link, .ics, calendar flag.
    const done = page.getByTestId('booking-confirmed');
    await expect(done.getByRole('heading', { name: text(locale, 'booking.flow.confirmedTitle') })).toBeFocused();
    const code = (await done.getByTestId('booking-code').textContent())!;
    expect(code).toMatch(/^BK[0-9A-Z]{6,}$/);
    await expect(done.getByRole('link', { name: text(locale, 'booking.flow.manage') })).toHaveAttribute('href', `/${prefix(locale)}/account/bookings/`);
    const [download] = await Promise.all([page.waitForEvent('download'), done.getByTestId('download-ics').click()]);
    expect(download.suggestedFilename()).toBe(`appointment-${code}.ics`);
    const ics = await readFile((await download.path())!, 'utf8');
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toMatch(new RegExp(`DTSTART;TZID=${LOCALE_CONFIG[locale].timeZones.join('|').replace(/\//g, '\\/')}`.replace('TZID=', 'TZID=(') + '):\\d{8}T\\d{6}'));
    expect(ics).toContain('BEGIN:VALARM');

    // The confirmation e-mail, through the outbox, with the .ics attached.
    await expect
      .poll(async () => ((await (await page.request.get(`/dev/mailbox?format=json&to=${encodeURIComponent(email)}`)).json()).messages as { subject: string }[]).map((m) => m.subject), { timeout: 15_000 })
      .toContain(text(locale, 'booking.mail.subject', { code }));

    await context.route('https://calendar.google.com/**', (r) => r.fulfill({ status: 200, contentType: 'text/html', body: '<title>Google Calendar</title>' }));
    const calendar = done.getByTestId('add-to-calendar');
    await expect(calendar).toHaveText(text(locale, 'booking.flow.addToCalendar'));
    const [tab] = await Promise.all([context.waitForEvent('page'), calendar.click()]);
    await tab.waitForURL(/calendar\.google\.com\/calendar\/render\?action=TEMPLATE/);
    expect(new URL(tab.url()).searchParams.get('ctz')).toBe(LOCALE_CONFIG[locale].timeZones[0]);
    await expect(calendar).toHaveText(text(locale, 'booking.flow.added'));
    await expect(calendar).toBeDisabled();
  });
}

test('JavaScript of a doctor page and of the booking page (gzip), within the booking page budget of 40 KB', async ({ page }) => {
  const locale = 'vi-VN';
  const f = await fixture(page.request, locale, 'outpatient', lane(page, 4));
  const doctorPage = doctorUrl(locale, f.doctorSlug);
  const doctorBytes = await pageScriptGzipBytes(page, doctorPage);
  console.log(`[js] ${page.viewportSize()!.width}px ${doctorPage}: ${doctorBytes} bytes gzip`);
  await signIn(page, 'patient');
  const bookingBytes = await pageScriptGzipBytes(page, f.path);
  await expect(page.getByTestId('booking-form')).toBeVisible({ timeout: 20_000 });
  console.log(`[js] ${page.viewportSize()!.width}px /${prefix(locale)}/booking/doctor/: ${bookingBytes} bytes gzip`);
  expect(bookingBytes).toBeLessThan(40 * 1024);
});

test('a slot taken from another browser context: a clear message and a way to pick another', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const locale = 'vi-VN';
  // The phones' lane starts 40 slots in, which can fall past the strip's first weeks: the card must load that date.
  const f = await fixture(page.request, locale, 'outpatient', lane(page, 1));
  await signIn(page, 'patient');
  await page.goto(f.path);
  await expect(page.getByTestId('booking-form')).toBeVisible({ timeout: 20_000 });
  const ctx2 = await browser.newContext();
  const second = await ctx2.newPage();
  const res = await second.request.post('/auth/v1/token?grant_type=password', { data: { email: ACCOUNTS.patientOther.email, password: DEMO_PASSWORD }, headers: { apikey: 'local-anon-key' } });
  const session = JSON.stringify(await res.json());
  await second.addInitScript((s) => window.localStorage.setItem('care-auth-token', s), session);
  await second.goto(f.path);
  const problem = second.getByTestId('booking-problem');
  await expect(problem.getByRole('alert')).toHaveText(text(locale, 'booking.flow.error.slotFull'), { timeout: 20_000 });
  await problem.getByRole('link', { name: text(locale, 'booking.flow.pickAnother') }).click();
  // Back on the doctor's page on the date it chose, not today (issue 38 item 23).
  await second.waitForURL(`**${doctorUrl(locale, f.doctorSlug)}?date=${f.date}`);
  const card = second.getByTestId('booking-card');
  await card.scrollIntoViewIfNeeded();
  await expect(card).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  const chosenDate = card.locator('.bk-card').first().locator(`[data-date="${f.date}"]`);
  await expect(chosenDate).toHaveAttribute('aria-pressed', 'true');
  // The strip has scrolled sideways to it (the page's own scroll is the visitor's, not asserted).
  const inStrip = () => chosenDate.evaluate((el) => {
    const strip = el.closest('.bk-strip-dates')!.getBoundingClientRect();
    const r = el.getBoundingClientRect();
    return r.left >= strip.left - 1 && r.right <= strip.right + 1;
  });
  await expect.poll(inStrip).toBe(true);
  await ctx2.close();
});

test('leaving the booking page releases the hold; coming back holds it again', async ({ page }) => {
  const locale = 'th-TH';
  const f = await fixture(page.request, locale, 'outpatient', lane(page, 2));
  const token = await signIn(page, 'patient');
  await page.goto(f.path);
  await expect(page.getByTestId('booking-form')).toBeVisible({ timeout: 20_000 });
  const id = await page.getByTestId('booking-form').getAttribute('data-booking-id');
  const status = async () => (await (await page.request.get(`/api/bookings/${id}`, { headers: { authorization: `Bearer ${token}` } })).json())._data.status;
  expect(await status()).toBe('hold');
  await page.getByRole('link', { name: text(locale, 'booking.flow.changeSlot') }).click();
  await page.waitForURL(`**${doctorUrl(locale, f.doctorSlug)}`);
  await expect.poll(status).toBe('expired');
  // Back again in the same tab: the visit's key holds the same booking again.
  await page.goBack();
  await expect(page.getByTestId('booking-form')).toHaveAttribute('data-booking-id', id!, { timeout: 20_000 });
  await expect.poll(status).toBe('hold');
});

test('vi-VN: an onboarded patient books a telemedicine appointment for a family member and pays with the sandbox wallet', async ({ page }) => {
  test.setTimeout(90_000);
  const locale = 'vi-VN';
  const f = await fixture(page.request, locale, 'telemedicine', lane(page, 3));
  await signIn(page, 'patient');
  await page.goto(f.path);
  const form = page.getByTestId('booking-form');
  await expect(form).toBeVisible({ timeout: 20_000 });
  await expect(form.getByText(text(locale, 'booking.telemedicine'), { exact: true })).toBeVisible();
  await form.getByRole('radio', { name: 'Nguyễn Văn Thành' }).check();
  await expect(form.getByRole('button', { name: `+ ${text(locale, 'booking.flow.addProfile')}` })).toBeVisible();
  for (const k of ['bankApp', 'wallet', 'walletBankCard', 'walletCreditCard']) await expect(form.getByRole('radio', { name: text(locale, `booking.payment.${k}`), exact: true })).toBeVisible();
  await expect(form.getByRole('radio', { name: text(locale, 'booking.payment.cashOnDelivery') })).toHaveCount(0);
  await form.getByRole('radio', { name: text(locale, 'booking.payment.wallet'), exact: true }).check();
  await form.getByRole('button', { name: text(locale, 'booking.flow.confirm') }).click();
  // The wallet's hosted page, then back to the site once paid.
  await page.waitForURL(/\/dev\/wallet\/pay\//);
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL(/\/booking\/doctor\/\?bookingId=\d+$/);
  const done = page.getByTestId('booking-confirmed');
  await expect(done).toBeVisible({ timeout: 15_000 });
  await expect(done).toContainText(f.doctorName);
});

test('Add New Profile opens the family popup on the booking page, keeps the hold and selects the new profile (issue 38 item 18); focus starts on the booking', async ({ page }) => {
  test.setTimeout(90_000);
  const locale = 'vi-VN';
  const f = await fixture(page.request, locale, 'outpatient', lane(page, 5));
  const token = await signIn(page, 'patient');
  await page.goto(f.path);
  const form = page.getByTestId('booking-form');
  await expect(form).toBeVisible({ timeout: 20_000 });
  // Focus starts on what is booked, not on the body (item 25).
  await expect(page.getByTestId('booking-subject')).toBeFocused();
  const id = await form.getAttribute('data-booking-id');
  await form.getByRole('button', { name: `+ ${text(locale, 'booking.flow.addProfile')}` }).click();
  const popup = page.getByTestId('family-popup');
  await expect(popup.getByRole('heading', { name: text(locale, 'form.family.addTitle') })).toBeVisible();
  const name = `E2E Hồ sơ ${page.viewportSize()!.width} ${Date.now().toString().slice(-6)}`;
  await popup.getByLabel(text(locale, 'account.family.name')).fill(name);
  await popup.getByLabel(text(locale, 'account.family.relation')).selectOption('child');
  await popup.getByLabel(text(locale, 'account.family.photo')).setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG_1PX });
  await popup.getByLabel(text(locale, 'account.family.birthday')).fill(`${new Date().getFullYear() - 8}-03-04`);
  await popup.getByRole('button', { name: text(locale, 'account.family.save') }).click();
  await expect(popup).toHaveCount(0);
  await expect(form.getByRole('radio', { name })).toBeChecked();
  // Still this page and this hold.
  expect(new URL(page.url()).pathname).toBe(`/${prefix(locale)}/booking/doctor/`);
  await expect(form).toHaveAttribute('data-booking-id', id!);
  const view = await (await page.request.get(`/api/bookings/${id}`, { headers: { authorization: `Bearer ${token}` } })).json();
  expect(view._data.status).toBe('hold');
  // The demo patient keeps two relatives for the other specs.
  const contacts = (await (await page.request.get('/api/family', { headers: { authorization: `Bearer ${token}` } })).json())._data.contacts as { id: number; name: string }[];
  const added = contacts.find((c) => c.name === name)!;
  expect((await page.request.delete(`/api/family/${added.id}`, { headers: { authorization: `Bearer ${token}` } })).ok()).toBe(true);
});

test('a tampered booking address gets a clear message, never a blank page', async ({ page }) => {
  const locale = 'id-ID';
  await signIn(page, 'patient');
  for (const q of ['?doctorId=abc&date=2026-13-01&scheduleId=1&telemedicine=false', '?doctorId=1&date=2026-12-01&scheduleId=999999999&telemedicine=false']) {
    await page.goto(`/${prefix(locale)}/booking/doctor/${q}`);
    const problem = page.getByTestId('booking-problem');
    await expect(problem.getByRole('alert')).toHaveText(q.includes('abc') ? text(locale, 'booking.flow.badQuery') : text(locale, 'booking.flow.error.slotGone'));
    await expect(problem.getByRole('link', { name: text(locale, 'booking.flow.pickAnother') })).toBeVisible();
  }
});

test('the social-login warning opens on the first slot picked by a patient with a placeholder e-mail', async ({ page, context }) => {
  const locale = 'vi-VN';
  const res = await page.request.post('/auth/v1/token?grant_type=password', { data: { email: SOCIAL_PLACEHOLDER_PATIENT.email, password: DEMO_PASSWORD }, headers: { apikey: 'local-anon-key' } });
  expect(res.ok()).toBe(true);
  const session = JSON.stringify(await res.json());
  await page.addInitScript((s) => window.localStorage.setItem('care-auth-token', s), session);
  const doctor = await findDoctor(page.request, locale, (d) => d.validOutpatient && !d.babyFormulaCampaign);
  await page.goto(doctorUrl(locale, doctor.slug));
  const card = page.getByTestId('booking-card');
  await card.scrollIntoViewIfNeeded();
  await expect(card).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  const main = card.locator('.bk-card').first();
  const nearest = main.getByRole('button', { name: text(locale, 'booking.seeNearest') });
  if (await nearest.isVisible()) await nearest.click();
  await main.locator('.bk-slot').first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(text(locale, 'booking.socialLoginWarning'), { timeout: 15_000 });
  await expect(dialog.getByRole('button', { name: text(locale, 'booking.continue') })).toBeVisible();
  await context.route('**/user/profile', (r) => r.fulfill({ status: 200, body: 'profile' }));
  const [tab] = await Promise.all([context.waitForEvent('page'), dialog.getByRole('button', { name: text(locale, 'booking.goToProfile') }).or(dialog.getByRole('link', { name: text(locale, 'booking.goToProfile') })).click()]);
  expect(new URL(tab.url()).pathname).toMatch(/\/user\/profile$/);
  await tab.close();
});
