/** Signing the seeded patients in through the header's 'Log in' and the e-mail one-time code, as a patient does. */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { LOCALE_CONFIG, type Locale } from '../../../i18n/locales';
import { translate } from '../../../i18n/strings';
import { mailboxCode } from './mailbox';

export const PATIENT = 'patient@demo.test';
export const PATIENT_OTHER = 'patient-other@demo.test';

async function mailCount(request: APIRequestContext, to: string): Promise<number> {
  const res = await request.get(`/dev/mailbox?format=json&to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { messages: unknown[] }).messages.length;
}

/** From the current page: header 'Log in' → code by e-mail → back on that page, signed in. */
export async function logInFromHeader(page: Page, request: APIRequestContext, locale: Locale, email = PATIENT): Promise<void> {
  const back = new URL(page.url()).pathname;
  await page.locator('[data-account-nav]').getByRole('link', { name: translate(locale, 'account.nav.login') }).click();
  await expect(page).toHaveURL(/\/login\/\?returnUrl=/);
  await page.getByLabel(translate(locale, 'login.email')).fill(email);
  const before = await mailCount(request, email);
  await page.getByRole('button', { name: translate(locale, 'login.sendCode') }).click();
  const code = await mailboxCode(request, email, before);
  await page.getByLabel(translate(locale, 'login.code')).fill(code);
  await page.getByRole('button', { name: translate(locale, 'login.verify') }).click();
  await expect(page).toHaveURL(new RegExp(`${back.replace(/[/.]/g, '\\$&')}$`));
}

export const accountUrl = (locale: Locale, page: 'bookings' | 'family' | 'profile') => `/${LOCALE_CONFIG[locale].prefix}/account/${page}/`;

/** A 1×1 PNG: a real image for the photo field. */
export const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==', 'base64');
