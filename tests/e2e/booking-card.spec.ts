import { expect, test, type Page } from '@playwright/test';
import { LOCALE_CONFIG, type Locale } from '../../i18n/locales';
import { doctorUrl, findDoctor, findService, hospitalPageHrefs, signIn, text } from './support/booking';

const prefix = (l: Locale) => LOCALE_CONFIG[l].prefix;

/** Waits for the card's schedule and, on an empty day, follows 'See nearest availabilities'. Returns the chosen date. */
async function readyOnDayWithSlots(page: Page, locale: Locale): Promise<string> {
  const card = page.getByTestId('booking-card');
  // The card hydrates once reached (on mobile it is below the profile).
  await card.scrollIntoViewIfNeeded();
  await expect(card).toHaveAttribute('data-ready', 'true');
  const main = card.locator('.bk-card').first();
  const nearest = main.getByRole('button', { name: text(locale, 'booking.seeNearest') });
  if (await nearest.isVisible()) {
    await expect(main.getByTestId('slot-empty')).toHaveText(text(locale, 'booking.noSlotThisDay'));
    await nearest.click();
  }
  await expect(main.getByTestId('slot-grid')).toBeVisible();
  return (await main.locator('.bk-date[aria-pressed="true"]').getAttribute('data-date'))!;
}

/**
 * Scrolls with the wheel, as a visitor does, until the main card is just above the viewport: far enough for the
 * sticky copy, not so far that the sticky copy's column (the page's content height) has ended on desktop.
 */
async function scrollPastCard(page: Page) {
  const main = page.getByTestId('booking-card').locator('.bk-card').first();
  await expect
    .poll(async () => {
      const bottom = await main.evaluate((el) => el.getBoundingClientRect().bottom);
      if (bottom >= 0) await page.mouse.wheel(0, Math.max(100, bottom + 40));
      return bottom < 0;
    })
    .toBe(true);
}

for (const locale of ['en-PH', 'vi-VN'] as const) {
  test.describe(`booking card on the doctor page (${locale})`, () => {
    test('skeletons, date strip, parts of day, slot selection and Continue Booking as a visitor', async ({ page }) => {
      const doctor = await findDoctor(page.request, locale, (d) => d.validOutpatient && !d.babyFormulaCampaign);
      // Hold the schedule answer back a little so the loading state can be seen.
      await page.route('**/api/doctors/*/schedules?*', async (route) => {
        await new Promise((r) => setTimeout(r, 700));
        await route.continue();
      });
      const scheduleCalls: string[] = [];
      page.on('request', (r) => r.url().includes('/schedules?') && scheduleCalls.push(r.url()));
      // The answers the card itself received: the slot picked is looked up in them, not in a later call, since
      // parallel tests may hold that slot in the meantime and a full slot is no longer listed.
      const cardSlots: { started: string; schedule_id: number }[] = [];
      page.on('response', async (r) => {
        if (!r.url().includes('/schedules?') || !r.ok()) return;
        const body = (await r.json().catch(() => null)) as { _data?: { schedules?: { workingTimes: Record<string, { started: string; schedule_id: number }[]> }[] } } | null;
        for (const day of body?._data?.schedules ?? []) cardSlots.push(...Object.values(day.workingTimes).flat());
      });
      await page.goto(doctorUrl(locale, doctor.slug));
      await expect(page.getByRole('heading', { level: 1, name: doctor.name })).toBeVisible();
      const card = page.getByTestId('booking-card');
      const main = card.locator('.bk-card').first();
      await expect(main.getByTestId('date-skeleton')).toHaveCount(3);
      await expect(main.getByTestId('slot-skeleton')).toHaveCount(6);
      // A card more than 200 px below the first screen (mobile: below the profile) waits to be reached before it
      // hydrates and asks for its schedule.
      await page.waitForLoadState('load');
      const below = await card.evaluate((el) => el.getBoundingClientRect().top - window.innerHeight);
      if (below > 300) {
        await page.waitForTimeout(500);
        expect(scheduleCalls).toEqual([]);
        await expect(card).not.toHaveAttribute('data-ready', 'true');
      }
      // The loaded card keeps the chosen date in view by scrolling its strip, never the page.
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await card.scrollIntoViewIfNeeded();
      const reachedAt = await page.evaluate(() => window.scrollY);
      await expect(card).toHaveAttribute('data-ready', 'true');
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      expect(await page.evaluate(() => window.scrollY)).toBe(reachedAt);
      expect(scheduleCalls.length).toBeGreaterThan(0);
      const date = await readyOnDayWithSlots(page, locale);

      // The first non-empty part of the day is shown; slots announce the full date and time.
      const tab = main.getByRole('tab', { selected: true });
      await expect(tab).toBeVisible();
      const firstTabId = (await tab.getAttribute('id'))!;
      const slot = main.locator('.bk-slot').first();
      await expect(slot).toHaveAttribute('aria-label', new RegExp(`${(await slot.innerText()).trim()}`));
      const continueButton = main.getByTestId('continue-booking');
      await expect(continueButton).toHaveText(text(locale, 'booking.continue'));
      await expect(continueButton).toBeDisabled();
      await slot.click();
      await expect(slot).toHaveAttribute('aria-pressed', 'true');
      await expect(continueButton).toBeEnabled();

      // Changing the part of the day clears the slot.
      const otherId = (await main.getByRole('tab', { selected: false }).first().getAttribute('id'))!;
      const other = main.locator(`[id="${otherId}"]`);
      await other.click();
      await expect(other).toHaveAttribute('aria-selected', 'true');
      await expect(main.locator('.bk-slot[aria-pressed="true"]')).toHaveCount(0);
      await expect(continueButton).toBeDisabled();

      // Back to a slot; the price line shows; Continue leads a visitor to onboarding, back to the booking page.
      await main.locator(`[id="${firstTabId}"]`).click();
      const first = main.locator('.bk-slot').first();
      const started = (await first.innerText()).trim();
      await first.click();
      await continueButton.click();
      await page.waitForURL(/\/onboarding\//);
      const url = new URL(page.url());
      expect(url.pathname).toBe(`/${prefix(locale)}/onboarding/`);
      const back = url.searchParams.get('returnUrl')!;
      expect(back).toMatch(new RegExp(`^/${prefix(locale)}/booking/doctor/\\?doctorId=${doctor.id}&date=${date}&scheduleId=\\d+&telemedicine=false$`));
      // The scheduleId is the slot picked at that time: a slot the card was given, starting at the time clicked.
      const scheduleId = Number(new URLSearchParams(back.split('?')[1]).get('scheduleId'));
      expect(cardSlots.filter((s) => s.schedule_id === scheduleId).map((s) => s.started)).toContain(started);
    });

    test('a slot that became too soon shows the buffer error', async ({ page }) => {
      const doctor = await findDoctor(page.request, locale, (d) => d.validOutpatient);
      await page.clock.install({ time: new Date() });
      await page.goto(doctorUrl(locale, doctor.slug));
      await readyOnDayWithSlots(page, locale);
      const main = page.getByTestId('booking-card').locator('.bk-card').first();
      // The page stays open for weeks: every slot on screen now starts before now + buffer.
      await page.clock.setSystemTime(Date.now() + 62 * 24 * 3600 * 1000);
      await main.locator('.bk-slot').first().click();
      const alert = main.getByTestId('slot-error');
      await expect(alert).toBeVisible();
      await expect(alert).toHaveAttribute('role', 'alert');
      const pattern = text(locale, 'booking.slotNotAvailable', { bufferTime: '§' }).replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('§', '\\d{2}:\\d{2}');
      await expect(alert).toHaveText(new RegExp(`^${pattern}`));
      if (locale === 'en-PH') await expect(alert).toContainText('The slot is not available. Please select the time greater than ');
      await expect(main.locator('.bk-slot[aria-pressed="true"]')).toHaveCount(0);
    });

    test('a signed-in, onboarded patient goes straight to the booking page; one not onboarded to onboarding', async ({ page, browser }) => {
      const doctor = await findDoctor(page.request, locale, (d) => d.validOutpatient && !d.babyFormulaCampaign);
      await signIn(page, 'patient');
      await page.goto(doctorUrl(locale, doctor.slug));
      const date = await readyOnDayWithSlots(page, locale);
      const main = page.getByTestId('booking-card').locator('.bk-card').first();
      await main.locator('.bk-slot').first().click();
      await main.getByTestId('continue-booking').click();
      await page.waitForURL(/\/booking\/doctor\//);
      const u = new URL(page.url());
      expect(u.pathname + u.search).toMatch(new RegExp(`^/${prefix(locale)}/booking/doctor/\\?doctorId=${doctor.id}&date=${date}&scheduleId=\\d+&telemedicine=false$`));
      // The booking page holds that slot and shows the doctor, the day and the price block.
      const form = page.getByTestId('booking-form');
      await expect(form).toBeVisible({ timeout: 20_000 });
      await expect(form.locator('.bkp-name')).toHaveText(doctor.name);
      await expect(page.getByTestId('booking-when')).toContainText(text(locale, 'booking.flow.timeZoneNote', { zone: '' }).slice(0, 6));
      await expect(form.getByRole('radio', { name: text(locale, 'booking.payment.cashOnDelivery') })).toBeChecked();

      const other = await browser.newPage();
      await signIn(other, 'patientNew');
      await other.goto(doctorUrl(locale, doctor.slug));
      await readyOnDayWithSlots(other, locale);
      const card = other.getByTestId('booking-card').locator('.bk-card').first();
      await card.locator('.bk-slot').first().click();
      await card.getByTestId('continue-booking').click();
      await other.waitForURL(/\/onboarding\//);
      expect(new URL(other.url()).searchParams.get('returnUrl')).toMatch(new RegExp(`^/${prefix(locale)}/booking/doctor/\\?doctorId=${doctor.id}&`));
      await other.close();
    });

    test('keyboard: picking a date moves focus to its slots', async ({ page }) => {
      const doctor = await findDoctor(page.request, locale, (d) => d.validOutpatient);
      await page.goto(doctorUrl(locale, doctor.slug));
      await readyOnDayWithSlots(page, locale);
      const main = page.getByTestId('booking-card').locator('.bk-card').first();
      const withSlots = main.locator('.bk-date:not(.is-empty)').last();
      await withSlots.focus();
      await expect(withSlots).toHaveAccessibleName(/\d/);
      await page.keyboard.press('Enter');
      await expect(withSlots).toHaveAttribute('aria-pressed', 'true');
      await expect(main.getByRole('tab', { selected: true })).toBeFocused();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await expect(main.locator('.bk-slot[aria-pressed="true"]')).toHaveCount(1);
    });
  });
}

test('the sticky copy appears once the card is scrolled past; from it a too-soon slot scrolls to the top', async ({ page }, info) => {
  const locale = 'vi-VN';
  const doctor = await findDoctor(page.request, locale, (d) => d.validOutpatient);
  await page.clock.install({ time: new Date() });
  await page.goto(doctorUrl(locale, doctor.slug));
  await readyOnDayWithSlots(page, locale);
  // Doctor pages grow with issue #7's sections; stand in for that content below the card.
  await page.evaluate(() => {
    const filler = document.createElement('div');
    filler.style.height = '3000px';
    document.querySelector('main')!.append(filler);
  });
  await expect(page.getByTestId('booking-card-sticky')).toHaveCount(0);
  await scrollPastCard(page);
  const sticky = page.getByTestId('booking-card-sticky');
  await expect(sticky).toBeVisible();
  if (info.project.name === 'desktop') {
    // vi-VN: the ad beside the sticky card needs an ad account; the e2e build has none, so there is no empty box
    // (issue #30 item 8; the configured slot's attributes are unit-tested in booking-ads.test.ts).
    await expect(sticky.getByTestId('booking-ad')).toHaveCount(0);
    await expect(page.locator('[data-ad-slot], .ad-box')).toHaveCount(0);
    await sticky.locator('.bk-slot').first().click();
    await expect(sticky.locator('.bk-slot[aria-pressed="true"]')).toHaveCount(1);
    await page.clock.setSystemTime(Date.now() + 62 * 24 * 3600 * 1000);
    await sticky.getByTestId('continue-booking-sticky').click();
    await expect(page.getByTestId('booking-card').locator('.bk-card').first().getByTestId('slot-error')).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  } else {
    await expect(sticky.getByRole('button', { name: text(locale, 'booking.selectTime') })).toBeVisible();
    await expect(sticky.getByTestId('booking-ad')).toBeHidden();
  }
});

test('no ad beside the sticky card outside vi-VN', async ({ page }) => {
  const doctor = await findDoctor(page.request, 'en-PH', (d) => d.validOutpatient);
  const adRequests: string[] = [];
  page.on('request', (r) => /doubleclick|googlesyndication/.test(r.url()) && adRequests.push(r.url()));
  await page.goto(doctorUrl('en-PH', doctor.slug));
  await readyOnDayWithSlots(page, 'en-PH');
  await page.evaluate(() => {
    const filler = document.createElement('div');
    filler.style.height = '3000px';
    document.querySelector('main')!.append(filler);
  });
  await scrollPastCard(page);
  await expect(page.getByTestId('booking-card-sticky')).toBeVisible();
  await expect(page.getByTestId('booking-ad')).toHaveCount(0);
  await expect(page.locator('[data-ad-slot], .ad-box')).toHaveCount(0);
  expect(adRequests).toEqual([]);
});

test('baby-formula campaign: a visitor goes to onboarding and back to the page; an onboarded patient sees the validation message', async ({ page, browser }) => {
  const locale = 'vi-VN';
  const doctor = await findDoctor(page.request, locale, (d) => d.babyFormulaCampaign && d.validTelemedicine, 'telemedicine-schedules');
  const pick = async (p: Page) => {
    const main = p.getByTestId('booking-card').locator('.bk-card').first();
    await p.getByTestId('booking-card').scrollIntoViewIfNeeded();
    await expect(p.getByTestId('booking-card')).toHaveAttribute('data-ready', 'true');
    if (doctor.validOutpatient) {
      await main.getByRole('button', { name: text(locale, 'booking.telemedicine') }).click();
      await expect(p.getByTestId('booking-card')).toHaveAttribute('data-ready', 'true');
    }
    await readyOnDayWithSlots(p, locale);
    await main.locator('.bk-slot').first().click();
    await main.getByTestId('continue-booking').click();
  };
  await page.goto(doctorUrl(locale, doctor.slug));
  await pick(page);
  await page.waitForURL(/\/onboarding\//);
  // The way back is the doctor's page with the chosen slot (issue 38 item 22: the visitor keeps it after signing in).
  const back = new URL(new URL(page.url()).searchParams.get('returnUrl')!, page.url());
  expect(back.pathname).toBe(doctorUrl(locale, doctor.slug));
  expect(back.searchParams.get('slot')).toMatch(/^\d+$/);

  const patient = await browser.newPage();
  const token = await signIn(patient, 'patient');
  // What the server says about the demo patient's own number (SPEC §7: _data {valid, message}).
  const check = await (await patient.request.get(`/api/campaigns/baby-formula/validation?booking_type=doctor&doctor_id=${doctor.id}`, { headers: { authorization: `Bearer ${token}` } })).json();
  expect(check._status).toBe(1);
  await patient.goto(doctorUrl(locale, doctor.slug));
  const before = patient.url();
  await pick(patient);
  const dialog = patient.getByTestId('campaign-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(check._data.message);
  await dialog.getByRole('button', { name: text(locale, 'campaign.ok') }).click();
  await expect(dialog).toBeHidden();
  // OK continues to the booking page only when the number is eligible.
  if (check._data.valid) await patient.waitForURL(/\/booking\/doctor\/\?doctorId=\d+&date=[\d-]+&scheduleId=\d+&telemedicine=true$/);
  else expect(patient.url()).toBe(before);
  await patient.close();
});

test('service page: the card books a service slot', async ({ page }) => {
  const locale = 'id-ID';
  const service = await findService(page.request, locale);
  const hospitalHtml = await (await page.request.get(`/api/quick-booking/services?hospitalBranchId=${service.hospitalId}`, { headers: { accept: 'application/json; version=2.0.0' } })).json();
  expect(hospitalHtml._data.searches.some((s: { id: number }) => s.id === service.id)).toBe(true);
  // The service page path is the hospital path followed by the service path.
  let url: string | null = null;
  for (const href of await hospitalPageHrefs(page, locale)) {
    const candidate = `${href.replace(/\/?$/, '/')}${service.slug}/`;
    const res = await page.request.get(candidate);
    if (res.ok() && (await res.text()).includes(`&quot;id&quot;:[0,${service.id}]`)) {
      url = candidate;
      break;
    }
  }
  expect(url).not.toBeNull();
  await page.goto(url!);
  await expect(page.getByTestId('service-header')).toContainText(service.name);
  const date = await readyOnDayWithSlots(page, locale);
  const main = page.getByTestId('booking-card').locator('.bk-card').first();
  await expect(main.getByTestId('price-line')).toBeVisible();
  await main.locator('.bk-slot').first().click();
  await main.getByTestId('continue-booking').click();
  await page.waitForURL(/\/onboarding\//);
  expect(new URL(page.url()).searchParams.get('returnUrl')).toMatch(new RegExp(`^/${prefix(locale)}/booking/service/\\?serviceId=${service.id}&date=${date}&scheduleId=\\d+$`));
});

test('the card hydrates, loads its schedule and labels its dates without creating an Intl formatter (ICU start-up blocks a phone)', async ({ page }) => {
  await page.addInitScript(() => {
    const created: string[] = [];
    (window as unknown as { intlCreated: string[] }).intlCreated = created;
    for (const name of ['DateTimeFormat', 'NumberFormat', 'PluralRules', 'Collator'] as const) {
      const Original = Intl[name] as unknown as new (...args: unknown[]) => object;
      (Intl as Record<string, unknown>)[name] = new Proxy(Original, {
        construct: (target, args) => (created.push(name), Reflect.construct(target, args)),
        apply: (target, self, args) => (created.push(name), Reflect.apply(target as unknown as (...a: unknown[]) => unknown, self, args)),
      });
    }
  });
  const locale = 'th-TH';
  const doctor = await findDoctor(page.request, locale, (d) => d.validOutpatient);
  await page.goto(doctorUrl(locale, doctor.slug));
  await readyOnDayWithSlots(page, locale);
  const main = page.getByTestId('booking-card').locator('.bk-card').first();
  // The labels still read as Thai dates, in the Buddhist era.
  await expect(main.locator('.bk-date[aria-pressed="true"] .visually-hidden')).toContainText(String(new Date().getFullYear() + 543));
  expect(await page.evaluate(() => (window as unknown as { intlCreated: string[] }).intlCreated)).toEqual([]);
});
