/**
 * The care onboarding route (SPEC §2, §4, §5): a visitor picks a slot, Continue Booking sends them to onboarding,
 * they log in by code, give their details, verify their mobile number, and land on the booking page; a signed-in,
 * onboarded patient goes straight to the booking page. Codes come from the auth stand-in's local mailbox.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { LOCALE_CONFIG, type Locale } from '../../i18n/locales';
import { ACCOUNTS } from '../../supabase/seed/accounts';
import { doctorUrl, findDoctor, signIn, text } from './support/booking';
import { mailboxCode } from './support/mailbox';

const prefix = (l: Locale) => LOCALE_CONFIG[l].prefix;
const DIAL: Partial<Record<Locale, string>> = { 'vi-VN': '+84', 'en-PH': '+63', 'zh-TW': '+886' };
const LOCAL_MOBILE: Partial<Record<Locale, string>> = { 'vi-VN': '090', 'en-PH': '0917' };

/** Picks the first slot of the first day with slots and presses Continue Booking. Returns the slot's date. */
async function pickSlotAndContinue(page: Page, locale: Locale): Promise<string> {
  const card = page.getByTestId('booking-card');
  await card.scrollIntoViewIfNeeded(); // it hydrates once reached
  await expect(card).toHaveAttribute('data-ready', 'true');
  const main = card.locator('.bk-card').first();
  const nearest = main.getByRole('button', { name: text(locale, 'booking.seeNearest') });
  if (await nearest.isVisible()) await nearest.click();
  await expect(main.getByTestId('slot-grid')).toBeVisible();
  const date = (await main.locator('.bk-date[aria-pressed="true"]').getAttribute('data-date'))!;
  await main.locator('.bk-slot').first().click();
  await main.getByTestId('continue-booking').click();
  return date;
}

/** A number and an address no other test of this run uses. */
function unique(page: Page, locale: Locale) {
  const n = `${page.viewportSize()!.width % 100}${Date.now().toString().slice(-5)}`;
  return { email: `onboarding-${locale.toLowerCase()}-${n}@e2e.test`, local: `${LOCAL_MOBILE[locale]}${n.padStart(7, '0').slice(-7)}` };
}

for (const locale of ['vi-VN', 'en-PH'] as const) {
  test(`${locale}: a visitor goes from Continue Booking through login, profile and phone code to the booking page`, async ({ page }) => {
    const doctor = await findDoctor(page.request, locale, (d) => d.validOutpatient && !d.babyFormulaCampaign);
    await page.goto(doctorUrl(locale, doctor.slug));
    const date = await pickSlotAndContinue(page, locale);

    await page.waitForURL(/\/onboarding\//);
    const url = new URL(page.url());
    expect(url.pathname).toBe(`/${prefix(locale)}/onboarding/`);
    const bookingUrl = url.searchParams.get('returnUrl')!;
    expect(bookingUrl).toMatch(new RegExp(`^/${prefix(locale)}/booking/doctor/\\?doctorId=${doctor.id}&date=${date}&scheduleId=\\d+&telemedicine=false$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(locale, 'onboarding.title'));
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    const steps = page.getByRole('list', { name: text(locale, 'onboarding.steps') });
    await expect(steps.locator('[aria-current="step"]')).toContainText(text(locale, 'onboarding.step.login'));

    // 1. Log in by e-mail code (the login page's own form).
    const { email, local } = unique(page, locale);
    await expect(page.getByTestId('onboarding-login').getByRole('heading', { level: 2 })).toHaveText(text(locale, 'onboarding.login.title'));
    await page.getByLabel(text(locale, 'login.email')).fill(email);
    await page.getByRole('button', { name: text(locale, 'login.sendCode') }).click();
    const loginCode = page.getByLabel(text(locale, 'login.code'), { exact: true });
    await expect(loginCode).toBeFocused();
    await loginCode.fill(await mailboxCode(page.request, email));
    await page.getByRole('button', { name: text(locale, 'login.verify') }).click();

    // 2. Profile: SPEC §5 messages, no future birthday, numeric gender.
    const profile = page.getByTestId('onboarding-profile');
    await expect(profile.getByRole('heading', { level: 2 })).toHaveText(text(locale, 'onboarding.profile.title'));
    await expect(profile.getByRole('heading', { level: 2 })).toBeFocused();
    await expect(steps.locator('[aria-current="step"]')).toContainText(text(locale, 'onboarding.step.profile'));
    await expect(profile).toContainText(text(locale, 'login.signedInAs', { who: email }));
    const save = profile.getByRole('button', { name: text(locale, 'onboarding.save') });
    await save.click();
    const name = profile.getByLabel(text(locale, 'onboarding.name'));
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(profile).toContainText(text(locale, 'form.family.nameRequired'));
    await expect(profile).toContainText(text(locale, 'form.family.birthdayRequired'));
    await expect(profile.getByRole('group', { name: text(locale, 'onboarding.gender') })).toContainText(text(locale, 'form.required'));
    const birthday = profile.getByLabel(text(locale, 'onboarding.birthday'));
    const today = await page.evaluate(() => {
      const d = new Date();
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    await expect(birthday).toHaveAttribute('max', today);
    await name.fill(locale === 'vi-VN' ? 'Phạm Thu Trang' : 'Maria Santos');
    await birthday.fill(`${Number(today.slice(0, 4)) + 1}${today.slice(4)}`);
    await profile.getByRole('radio', { name: text(locale, 'onboarding.gender.female') }).check();
    await save.click();
    await expect(profile).toContainText(text(locale, 'form.family.birthdayFuture'));
    await birthday.fill('1992-03-08');
    await save.click();

    // 3. Phone: the country code is fixed (no dropdown); the code goes to the mailbox.
    const phoneStep = page.getByTestId('onboarding-phone');
    await expect(phoneStep.getByRole('heading', { level: 2 })).toHaveText(text(locale, 'onboarding.phone.title'));
    await expect(steps.locator('[aria-current="step"]')).toContainText(text(locale, 'onboarding.step.phone'));
    await expect(phoneStep.locator('.onb-dial')).toHaveText(DIAL[locale]!);
    await expect(phoneStep.locator('select')).toHaveCount(0);
    const phone = phoneStep.getByLabel(text(locale, 'login.phone'));
    await phone.fill('12');
    await phoneStep.getByRole('button', { name: text(locale, 'login.sendCode') }).click();
    await expect(phoneStep.getByRole('alert')).toHaveText(text(locale, 'login.error.phone'));
    await phone.fill(local);
    await page.keyboard.press('Enter');
    const e164 = `${DIAL[locale]}${local.slice(1)}`;
    const codeStep = page.getByTestId('onboarding-phone-code');
    await expect(codeStep).toContainText(e164);
    const code = codeStep.getByLabel(text(locale, 'login.code'), { exact: true });
    await expect(code).toBeFocused();
    await expect(codeStep.getByRole('button', { name: new RegExp(text(locale, 'onboarding.phone.resendIn', { seconds: '\\d+' })) })).toBeDisabled();
    const sms = await mailboxCode(page.request, e164);
    await code.fill(sms === '000000' ? '111111' : '000000');
    await codeStep.getByRole('button', { name: text(locale, 'onboarding.phone.verify') }).click();
    await expect(codeStep.getByRole('alert')).toHaveText(text(locale, 'login.error.invalidCode'));
    await code.fill(sms);
    await page.keyboard.press('Enter');

    // 4. Back to the booking page Continue Booking chose (a later issue builds it: the URL is what counts).
    await page.waitForURL((u) => u.pathname + u.search === bookingUrl);
    // The patient is onboarded now, with the verified number.
    const me = await page.evaluate(async () => {
      const token = JSON.parse(localStorage.getItem('care-auth-token')!).access_token;
      return (await (await fetch('/api/me', { headers: { authorization: `Bearer ${token}` } })).json())._data;
    });
    expect(me.onboarding).toEqual({ onboarded: true, missing: [] });
    expect(me.profile).toMatchObject({ phone: e164, email, birthday: '1992-03-08', gender: 2 });
  });
}

test('vi-VN and en-PH: a signed-in, onboarded patient goes straight to the booking page, and onboarding sends them back', async ({ page }) => {
  await signIn(page, 'patient');
  const seen: string[] = [];
  page.on('framenavigated', (f) => f === page.mainFrame() && seen.push(new URL(f.url()).pathname));
  for (const locale of ['vi-VN', 'en-PH'] as const) {
    const doctor = await findDoctor(page.request, locale, (d) => d.validOutpatient && !d.babyFormulaCampaign);
    await page.goto(doctorUrl(locale, doctor.slug));
    const date = await pickSlotAndContinue(page, locale);
    await page.waitForURL(/\/booking\/doctor\//);
    const u = new URL(page.url());
    expect(u.pathname + u.search).toMatch(new RegExp(`^/${prefix(locale)}/booking/doctor/\\?doctorId=${doctor.id}&date=${date}&scheduleId=\\d+&telemedicine=false$`));
    // Opened directly, onboarding has nothing to ask and returns at once (to a path of this site only).
    const back = `/${prefix(locale)}/booking/doctor/?doctorId=${doctor.id}&date=${date}&scheduleId=1&telemedicine=true`;
    await page.goto(`/${prefix(locale)}/onboarding/?returnUrl=${encodeURIComponent(back)}`);
    await page.waitForURL((x) => x.pathname + x.search === back);
    await page.goto(`/${prefix(locale)}/onboarding/?returnUrl=${encodeURIComponent('//evil.example/x')}`);
    await page.waitForURL((x) => x.pathname === `/${prefix(locale)}/` && x.host !== 'evil.example');
  }
  expect(seen.filter((p) => p.endsWith('/onboarding/'))).toHaveLength(4);
});

test('zh-TW: a signed-in patient who is not onboarded starts at the profile step; the page is translated, keyboard-usable and passes axe', async ({ page }) => {
  const locale = 'zh-TW';
  await page.goto(`/${prefix(locale)}/onboarding/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(locale, 'onboarding.title'));
  await expect(page.getByTestId('onboarding-login')).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);

  await signIn(page, 'patientNew');
  await page.goto(`/${prefix(locale)}/onboarding/?returnUrl=%2Fzh-tw%2F`);
  const profile = page.getByTestId('onboarding-profile');
  await expect(profile).toContainText(text(locale, 'login.signedInAs', { who: ACCOUNTS.patientNew.email }));
  const steps = page.getByRole('list', { name: text(locale, 'onboarding.steps') });
  await expect(steps.locator('li').first()).toContainText(text(locale, 'onboarding.stepDone'));
  // Keyboard only: from the heading, Tab to the name, the birthday, the gender radios (arrow keys), then save.
  await expect(profile.getByRole('heading', { level: 2 })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(profile.getByLabel(text(locale, 'onboarding.name'))).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(profile).toContainText(text(locale, 'form.family.nameRequired'));
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});
