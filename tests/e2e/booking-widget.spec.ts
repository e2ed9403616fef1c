import { expect, test, type Locator, type Page } from '@playwright/test';
import { LOCALE_CONFIG, type Locale } from '../../i18n/locales';
import { translate } from '../../i18n/strings';
import { NEAREST_HORIZON_DAYS } from '../../src/lib/slots';
import { SEARCH, findDoctor, findHospitalPage, hasSlots, hospitalPageHrefs, signIn, text } from './support/booking';

/** Signed in, the booking page Continue Booking chose holds that slot and shows what is booked. */
async function followToBookingPage(page: Page, locale: Locale, returnUrl: string, name: string) {
  await signIn(page, 'patient');
  await page.goto(returnUrl);
  const form = page.getByTestId('booking-form');
  await expect(form).toBeVisible({ timeout: 20_000 });
  await expect(form.locator('.bkp-name')).toHaveText(name);
  await expect(page.getByTestId('booking-hold')).toContainText(text(locale, 'booking.flow.holdLeft', { time: '' }).trim().slice(0, 10));
  await expect(form.getByRole('button', { name: text(locale, 'booking.flow.confirm') })).toBeEnabled();
}

const prefix = (l: Locale) => LOCALE_CONFIG[l].prefix;

interface Doc { id: number; name: string; validOutpatient: boolean; validTelemedicine: boolean; babyFormulaCampaign: boolean; specialties: number[] }

async function openWidget(page: Page, url: string): Promise<Locator> {
  await page.goto(url);
  const book = page.getByTestId('book-now');
  if (await book.isVisible()) await book.click(); // mobile and tablet: the slide-in panel
  const w = page.getByTestId('quick-booking-widget');
  await expect(w).toHaveAttribute('data-ready', 'true');
  return w;
}

async function choose(w: Locator, field: string, label: string) {
  await w.getByTestId(field).locator('.bk-dd-button').click();
  await w.getByTestId(field).getByRole('option', { name: label, exact: true }).click();
}

/** Picks the first bookable slot: a day from the date picker, or the nearest one. */
async function pickSlot(w: Locator, locale: Locale) {
  const schedule = w.getByTestId('qb-schedule');
  await expect(schedule).toHaveAttribute('data-ready', 'true');
  const nearest = w.getByRole('button', { name: text(locale, 'booking.seeNearest') });
  if (await nearest.isVisible()) await nearest.click();
  const slot = w.locator('.bk-slot').first();
  await expect(slot).toBeVisible();
  await slot.click();
  await expect(slot).toHaveAttribute('aria-pressed', 'true');
}

for (const locale of ['vi-VN', 'id-ID'] as const) {
  test.describe(`quick-booking widget on the hospital page (${locale})`, () => {
    test('doctor tab: read-only branch, specialty, auto-selected doctor, date picker, slots, Book an Appointment', async ({ page }) => {
      const { url, hospitalId } = await findHospitalPage(page, locale);
      const doctors: Doc[] = (await (await page.request.get(`/api/quick-booking/doctors?hospitalBranchId=${hospitalId}&specialtyId=`, { headers: SEARCH })).json())._data.searches;
      const specialties: { id: number; name: string }[] = (await (await page.request.get(`/api/hospitals/specialties?hospitalId=${hospitalId}`)).json())._data.specialties;
      const w = await openWidget(page, url);
      const bookButton = w.getByTestId('book-appointment');
      await expect(bookButton).toHaveText(text(locale, 'booking.bookAppointment'));
      await expect(bookButton).toBeDisabled();
      // Both kinds: the switch shows; the branch is preselected and read-only.
      await expect(w.getByRole('button', { name: text(locale, 'booking.doctorTab'), exact: true })).toHaveAttribute('aria-pressed', 'true');
      await expect(w.getByRole('button', { name: text(locale, 'booking.serviceTab'), exact: true })).toBeVisible();
      const hospitalName = await page.locator('#quick-booking').getAttribute('data-hospital-name');
      await expect(w.getByTestId('qb-hospital').getByRole('textbox')).toHaveText(hospitalName!);
      await expect(w.getByTestId('qb-hospital').locator('button')).toHaveCount(0);

      // Specialty dropdown: 'All specialties' first, searchable, empty-box state, closes on outside click and Escape.
      const specialty = w.getByTestId('qb-specialty');
      await specialty.locator('.bk-dd-button').click();
      const options = specialty.getByRole('option');
      await expect(options.first()).toHaveText(text(locale, 'booking.allSpecialties'));
      await expect(options).toHaveCount(specialties.length + 1);
      const popupHeight = await specialty.locator('.bk-dd-popup').evaluate((el) => el.getBoundingClientRect().height);
      expect(popupHeight).toBeLessThanOrEqual(304);
      // The keyword goes to the server, debounced, only from 3 characters (SPEC §5); loading, then 'No result found'.
      const asked: string[] = [];
      page.on('request', (r) => r.url().includes('/api/hospitals/specialties') && asked.push(new URL(r.url()).searchParams.get('keyword') ?? ''));
      const withKeyword = (u: URL) => u.pathname === '/api/hospitals/specialties' && u.searchParams.has('keyword');
      await page.route(withKeyword, async (route) => {
        await new Promise((r) => setTimeout(r, 400));
        await route.continue();
      });
      await specialty.getByRole('combobox').pressSequentially('zz');
      await page.waitForTimeout(600);
      expect(asked).toEqual([]);
      await expect(options).toHaveCount(specialties.length + 1);
      await specialty.getByRole('combobox').fill('zzzzqqq');
      await expect(specialty.getByTestId('dropdown-loading')).toHaveText(text(locale, 'booking.searching'));
      await expect(specialty.getByTestId('dropdown-empty')).toHaveText(text(locale, 'booking.noOptions'));
      await expect(specialty.getByTestId('dropdown-empty').locator('svg')).toBeVisible();
      expect(asked).toEqual(['zzzzqqq']);
      await page.unroute(withKeyword);
      await page.keyboard.press('Escape');
      await expect(specialty.getByRole('listbox')).toHaveCount(0);
      await specialty.locator('.bk-dd-button').click();
      await expect(specialty.getByRole('listbox')).toBeVisible();
      await w.getByTestId('qb-hospital').click();
      await expect(specialty.getByRole('listbox')).toHaveCount(0);

      // By keyboard: choose the first real specialty; its first doctor is selected for the patient.
      // Specialties whose first doctor (the one the widget selects) has slots in its first consultation mode.
      const bookable: { id: number; name: string }[] = [];
      for (const s of specialties) {
        const d = doctors.find((x) => x.specialties.includes(s.id));
        if (d && !d.babyFormulaCampaign && (await hasSlots(page.request, `/api/doctors/${d.id}/${d.validOutpatient ? 'schedules' : 'telemedicine-schedules'}`))) bookable.push(s);
      }
      expect(bookable.length).toBeGreaterThan(0);
      const withDoctors = bookable[0];
      await specialty.locator('.bk-dd-button').focus();
      await page.keyboard.press('ArrowDown');
      await specialty.getByRole('combobox').fill(withDoctors.name);
      const match = specialty.getByRole('option', { name: withDoctors.name, exact: true });
      await expect(match).toBeVisible();
      const shown = await specialty.getByRole('option').allTextContents();
      for (let i = 0; i < shown.indexOf(withDoctors.name); i++) await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect(specialty.locator('.bk-dd-button')).toContainText(withDoctors.name);
      const first = doctors.find((d) => d.specialties.includes(withDoctors.id))!;
      await expect(w.getByTestId('qb-doctor').locator('.bk-dd-button')).toContainText(first.name);

      // A doctor with both kinds of consultation: two tabs; switching resets the day to today.
      const today = await page.evaluate(() => new Date().toISOString().slice(0, 10));
      await pickSlot(w, locale);
      await expect(bookButton).toBeEnabled();
      if (first.validOutpatient && first.validTelemedicine) {
        await w.getByRole('button', { name: text(locale, 'booking.telemedicine'), exact: true }).click();
        await expect(bookButton).toBeDisabled();
        await expect(w.locator('.bk-date[aria-pressed="true"]')).toHaveAttribute('data-date', new RegExp(`${today.slice(0, 8)}\\d\\d`));
        await w.getByRole('button', { name: text(locale, 'booking.outpatient'), exact: true }).click();
      }

      // The date picker disables days without slots; picking a day moves focus to its slots.
      await expect(w.getByTestId('qb-schedule')).toHaveAttribute('data-ready', 'true');
      await w.getByTestId('date-picker').click();
      const enabled = w.locator('.bk-cal-day:not([disabled])');
      if ((await enabled.count()) > 0) {
        expect(await w.locator('.bk-cal-day[disabled]').count()).toBeGreaterThan(0);
        const date = (await enabled.first().getAttribute('data-date'))!;
        await enabled.first().click();
        await expect(w.locator('.bk-date[aria-pressed="true"]')).toHaveAttribute('data-date', date);
        await expect(w.getByRole('tab', { selected: true }).last()).toBeFocused();
      } else {
        await page.keyboard.press('Escape');
      }
      await pickSlot(w, locale);
      await expect(bookButton).toBeEnabled();

      // Changing the specialty clears doctor and slot and selects that specialty's first doctor.
      const another = bookable[1];
      if (another) {
        await choose(w, 'qb-specialty', another.name);
        await expect(bookButton).toBeDisabled();
        await expect(w.getByTestId('qb-doctor').locator('.bk-dd-button')).toContainText(doctors.find((d) => d.specialties.includes(another.id))!.name);
        await pickSlot(w, locale);
      }
      const booked = another ? doctors.find((d) => d.specialties.includes(another.id))! : first;
      const doctorId = booked.id;
      await bookButton.click();
      await page.waitForURL(/\/onboarding\//);
      expect(new URL(page.url()).searchParams.get('returnUrl')).toMatch(new RegExp(`^/${prefix(locale)}/booking/doctor/\\?doctorId=${doctorId}&date=\\d{4}-\\d{2}-\\d{2}&scheduleId=\\d+&telemedicine=${!booked.validOutpatient}$`));
      await followToBookingPage(page, locale, new URL(page.url()).searchParams.get('returnUrl')!, booked.name);
    });

    test('a doctor chosen before any specialty sets All specialties; the doctor dropdown searches on the server', async ({ page }) => {
      const { url, hospitalId } = await findHospitalPage(page, locale);
      const doctors: Doc[] = (await (await page.request.get(`/api/quick-booking/doctors?hospitalBranchId=${hospitalId}&specialtyId=`, { headers: SEARCH })).json())._data.searches;
      const w = await openWidget(page, url);
      // A part of the last doctor's name: the server's answer is what the dropdown lists.
      const target = doctors[doctors.length - 1];
      const word = target.name.split(' ').filter((x) => [...x].length >= 3).pop()!;
      const found: Doc[] = (await (await page.request.get(`/api/quick-booking/doctors?${new URLSearchParams({ hospitalBranchId: String(hospitalId), specialtyId: '', keyword: word })}`, { headers: SEARCH })).json())._data.searches;
      const doctorField = w.getByTestId('qb-doctor');
      await doctorField.locator('.bk-dd-button').click();
      const call = page.waitForRequest((r) => r.url().includes('/api/quick-booking/doctors') && new URL(r.url()).searchParams.get('keyword') === word);
      await doctorField.getByRole('combobox').fill(word);
      const sent = await call;
      expect(sent.headers()['accept']).toContain('version=2.0.0');
      await expect(doctorField.getByRole('option').locator('.bk-dd-name')).toHaveText(found.map((d) => d.name));
      await page.keyboard.press('Escape');
      await choose(w, 'qb-doctor', doctors[0].name);
      await expect(w.getByTestId('qb-specialty').locator('.bk-dd-button')).toContainText(text(locale, 'booking.allSpecialties'));
      await expect(w.getByTestId('book-appointment')).toBeDisabled();

      // Arrow keys pressed while the server is still answering (its answer is held until they are) choose nothing and
      // do not carry over: once the answer is listed, Enter takes its first doctor.
      const slow = (u: URL) => u.pathname === '/api/quick-booking/doctors' && u.searchParams.get('keyword') === word;
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(slow, async (route) => {
        await held;
        await route.continue();
      });
      await doctorField.locator('.bk-dd-button').click();
      await doctorField.getByRole('combobox').fill(word);
      await expect(doctorField.getByTestId('dropdown-loading')).toBeVisible();
      await expect(doctorField.getByRole('option')).toHaveCount(0);
      for (const key of ['ArrowDown', 'ArrowDown', 'End', 'Enter']) await page.keyboard.press(key);
      await expect(doctorField.getByTestId('dropdown-loading')).toBeVisible();
      release();
      await expect(doctorField.getByRole('option').locator('.bk-dd-name')).toHaveText(found.map((d) => d.name));
      await page.keyboard.press('Enter');
      await expect(doctorField.getByRole('listbox')).toHaveCount(0);
      await expect(doctorField.locator('.bk-dd-button')).toContainText(found[0].name);
      await page.unroute(slow);
    });

    test('service tab: service, date, slot, then the service booking route', async ({ page }) => {
      const { url, hospitalId } = await findHospitalPage(page, locale);
      const services: { id: number; name: string }[] = (await (await page.request.get(`/api/quick-booking/services?hospitalBranchId=${hospitalId}`, { headers: SEARCH })).json())._data.searches;
      const w = await openWidget(page, url);
      await w.getByRole('button', { name: text(locale, 'booking.serviceTab'), exact: true }).click();
      const book = w.getByTestId('book-appointment');
      await expect(book).toBeDisabled();
      await w.getByTestId('qb-service').locator('.bk-dd-button').click();
      await expect(w.getByTestId('qb-service').getByRole('option')).toHaveCount(services.length);
      let chosen: { id: number; name: string } | null = null;
      for (const s of services) {
        const res = await (await page.request.get(`/api/services/schedules?serviceId=${s.id}&startDate=${new Date().toISOString().slice(0, 10)}`)).json();
        if (res._data.nearest) {
          chosen = s;
          break;
        }
      }
      expect(chosen, 'a service of this hospital has slots').not.toBeNull();
      await w.getByTestId('qb-service').getByRole('option', { name: chosen!.name, exact: true }).click();
      await pickSlot(w, locale);
      await expect(book).toBeEnabled();
      await book.click();
      await page.waitForURL(/\/onboarding\//);
      expect(new URL(page.url()).searchParams.get('returnUrl')).toMatch(new RegExp(`^/${prefix(locale)}/booking/service/\\?serviceId=${chosen!.id}&date=\\d{4}-\\d{2}-\\d{2}&scheduleId=\\d+$`));
      await followToBookingPage(page, locale, new URL(page.url()).searchParams.get('returnUrl')!, chosen!.name);
    });
  });
}

interface QuickService { id: number; name: string; hasSlots: boolean }

/** A hospital page whose quick booking offers services with and without a free slot (and one matching `want`). */
async function hospitalWithMixedServices(page: Page, locale: Locale, want: (s: QuickService) => boolean = () => true) {
  for (const href of await hospitalPageHrefs(page, locale)) {
    const html = await (await page.request.get(href)).text();
    const m = /id="quick-booking"[^>]*data-hospital-id="(\d+)"[^>]*data-kinds="([a-z,]+)"/.exec(html);
    if (!m || !m[2].includes('service')) continue;
    const services: QuickService[] = (await (await page.request.get(`/api/quick-booking/services?hospitalBranchId=${m[1]}`, { headers: SEARCH })).json())._data.searches;
    if (services.some((s) => s.hasSlots) && services.some((s) => !s.hasSlots) && services.some(want)) return { url: href, hospitalId: Number(m[1]), services, bothKinds: m[2].includes('doctor') };
  }
  throw new Error(`no ${locale} hospital offers services with and without a free slot`);
}

/** "xet nghiem" finds "Xét nghiệm …": the seed's vi-VN test services. */
const isBloodTest = (s: { name: string }) => s.name.startsWith('Xét nghiệm');

for (const locale of ['vi-VN', 'id-ID'] as const) {
  test(`${locale}: quick booking marks services without a free slot after the bookable ones; an empty service schedule uses service wording`, async ({ page }) => {
    const h = await hospitalWithMixedServices(page, locale, locale === 'vi-VN' ? isBloodTest : undefined);
    const w = await openWidget(page, h.url);
    if (h.bothKinds) await w.getByRole('button', { name: text(locale, 'booking.serviceTab'), exact: true }).click();
    const field = w.getByTestId('qb-service');
    await field.locator('.bk-dd-button').click();
    const bookable = h.services.filter((s) => s.hasSlots);
    const full = h.services.filter((s) => !s.hasSlots);
    const options = field.getByRole('option');
    await expect(options.locator('.bk-dd-name')).toHaveText([...bookable, ...full].map((s) => s.name));
    // Each item without a slot says so, translated with the plural of its day count.
    const hint = translate(locale, 'booking.noFreeSlot', { days: NEAREST_HORIZON_DAYS });
    expect(hint).toContain(String(NEAREST_HORIZON_DAYS));
    await expect(options.locator('.bk-dd-hint')).toHaveText(full.map(() => hint));
    for (let i = 0; i < bookable.length; i++) await expect(options.nth(i).locator('.bk-dd-hint')).toHaveCount(0);
    // A service with nothing to book: the service's own message, not the doctor's.
    await options.filter({ hasText: full[0].name }).first().click();
    const schedule = w.getByTestId('qb-schedule');
    await expect(schedule).toHaveAttribute('data-ready', 'true');
    await expect(schedule).toContainText(translate(locale, 'booking.serviceBusy'));
    await expect(schedule).not.toContainText(translate(locale, 'booking.doctorBusy'));
    if (locale === 'vi-VN') {
      // Accents and case are ignored: "xet nghiem" finds "Xét nghiệm …".
      await field.locator('.bk-dd-button').click();
      await field.getByRole('combobox').fill('xet nghiem');
      const found = h.services.filter(isBloodTest);
      await expect(field.getByRole('option').locator('.bk-dd-name')).toHaveText([...found.filter((s) => s.hasSlots), ...found.filter((s) => !s.hasSlots)].map((s) => s.name));
    }
  });
}

test("vi-VN: the hospital's services tab search ignores accents and case", async ({ page }) => {
  const h = await hospitalWithMixedServices(page, 'vi-VN', isBloodTest);
  await page.goto(`${h.url}?tab=services`);
  await expect(page.getByTestId('service-card').first()).toBeVisible();
  await page.getByTestId('services-search').fill('XET NGHIEM');
  // Debounced: the unfiltered list gives way to the matches only.
  const cards = page.getByTestId('service-card');
  const others = cards.filter({ hasNotText: 'Xét nghiệm' });
  await expect(others).toHaveCount(0);
  await expect(cards).not.toHaveCount(0);
  await expect(others).toHaveCount(0);
});

test('a telemedicine-only doctor starts in telemedicine, without tabs', async ({ page }) => {
  const locale = 'vi-VN';
  const doctor = await findDoctor(page.request, locale, (d) => d.validTelemedicine && !d.validOutpatient, 'telemedicine-schedules');
  let url: string | null = null;
  for (const href of await hospitalPageHrefs(page, locale)) {
    if ((await (await page.request.get(href)).text()).includes(`data-hospital-id="${doctor.hospitalId}"`)) {
      url = href;
      break;
    }
  }
  const w = await openWidget(page, url!);
  const schedule = page.waitForRequest((r) => r.url().includes(`/api/doctors/${doctor.id}/telemedicine-schedules`));
  await choose(w, 'qb-doctor', doctor.name);
  await schedule;
  await expect(w.getByRole('button', { name: text(locale, 'booking.outpatient'), exact: true })).toHaveCount(0);
  await pickSlot(w, locale);
  await w.getByTestId('book-appointment').click();
  await page.waitForURL(/\/onboarding\//);
  expect(new URL(page.url()).searchParams.get('returnUrl')).toMatch(/telemedicine=true$|^\/vi-vn\/doctor\//);
});
