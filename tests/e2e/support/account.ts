/** Signing the seeded patients in through the header's 'Log in' and the e-mail one-time code, as a patient does. */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { BOOKINGS_PAGE_SIZE } from '../../../src/lib/my-bookings';
import { LOCALE_CONFIG, type Locale } from '../../../i18n/locales';
import { translate } from '../../../i18n/strings';
import { mailboxCode } from './mailbox';
import { SESSION_STORAGE_KEY } from '../../../src/lib/session-storage';
import { ACCOUNTS } from '../../../supabase/seed/accounts';
import { ACCOUNT_PATIENT } from '../../../supabase/seed/account';
import { e2eAccessToken } from './access-token';

export const PATIENT = 'patient@demo.test';
export const PATIENT_OTHER = 'patient-other@demo.test';

async function mailCount(request: APIRequestContext, to: string): Promise<number> {
  const res = await request.get(`/dev/mailbox?format=json&to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { messages: unknown[] }).messages.length;
}

export const PATIENT_IDS: Record<string, string> = { [PATIENT]: ACCOUNTS.patient.id, [PATIENT_OTHER]: ACCOUNTS.patientOther.id, [ACCOUNT_PATIENT.email]: ACCOUNT_PATIENT.id };

/**
 * Signs a seeded patient in by keeping a session where supabase-js keeps it, with an access token signed as the
 * auth stand-in signs them: sign-ins of one address are limited (10 per 15 minutes, one code a minute) and the
 * tests of three locales at two widths sign the same patient in at once. The sign-in itself is covered by the
 * header spec (one-time code). Then opens `path`.
 */
export async function signInAs(page: Page, path: string, email = PATIENT): Promise<void> {
  const id = PATIENT_IDS[email];
  const token = await e2eAccessToken(page.request, id, email);
  const session = {
    access_token: token,
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    refresh_token: `e2e-${id}`,
    user: { id, aud: 'authenticated', role: 'authenticated', email },
  };
  await page.goto(`/${path.split('/')[1]}/404-sign-in`);
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [SESSION_STORAGE_KEY, JSON.stringify(session)] as const);
  await page.goto(path);
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
  await page.getByLabel(translate(locale, 'login.code'), { exact: true }).fill(code);
  await page.getByRole('button', { name: translate(locale, 'login.verify') }).click();
  await expect(page).toHaveURL(new RegExp(`${back.replace(/[/.]/g, '\\$&')}$`));
}

export const accountUrl = (locale: Locale, page: 'bookings' | 'family' | 'profile') => `/${LOCALE_CONFIG[locale].prefix}/account/${page}/`;

/** A 1×1 PNG: a real image for the photo field. */
export const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==', 'base64');

/**
 * The card of a booking in a list, paging to it (issue 38 item 23: ten cards a page). Starts from the list's
 * first page; each press of Next is awaited by the pager's page label.
 */
export function cardIn(page: Page, locale: Locale, section: 'upcoming' | 'past', id: number): Promise<Locator> {
  return itemIn(page, locale, section, (list) => list.locator(`[data-booking-id="${id}"]`));
}

/** The first card of a list that `match` finds, paging to it as cardIn does. */
export async function itemIn(page: Page, locale: Locale, section: 'upcoming' | 'past', match: (list: Locator) => Locator): Promise<Locator> {
  const t = (k: Parameters<typeof translate>[1], p?: Record<string, string | number>) => translate(locale, k, p);
  const card = match(page.getByTestId(`bookings-${section}`));
  const pager = page.getByTestId(`bookings-${section}-pager`);
  await expect(page.getByTestId(`bookings-${section}`)).toBeVisible({ timeout: 30_000 });
  if (!(await pager.count())) return card;
  const label = pager.locator('span');
  const prev = pager.getByRole('button', { name: t('account.bookings.pager.previous') });
  while (await prev.isEnabled()) {
    const before = await label.textContent();
    await prev.click();
    await expect(label).not.toHaveText(before!);
  }
  for (;;) {
    await expect(page.getByTestId(`bookings-${section}`).getByTestId('booking-item')).not.toHaveCount(0);
    expect(await page.getByTestId(`bookings-${section}`).getByTestId('booking-item').count()).toBeLessThanOrEqual(BOOKINGS_PAGE_SIZE);
    if (await card.count()) return card;
    const next = pager.getByRole('button', { name: t('account.bookings.pager.next') });
    if (!(await next.isEnabled())) return card;
    const before = await label.textContent();
    await next.click();
    await expect(label).not.toHaveText(before!);
  }
}
