/**
 * The session part of the header (issue 28 items 1–2) in vi-VN, en-PH and zh-TW at both widths: 'Log in' for a
 * visitor, back to the same page after the code, the patient's name and menu once signed in (also before any
 * module script runs: no flash of the wrong state), and log-out clearing what the site kept in the browser.
 */
import { expect, test } from '@playwright/test';
import { LOCALE_CONFIG, type Locale } from '../../i18n/locales';
import { translate } from '../../i18n/strings';
import { logInFromHeader, signInAs } from './support/account';

const LOCALES: Locale[] = ['vi-VN', 'en-PH', 'zh-TW'];

for (const locale of LOCALES) {
  test(`${locale}: header before sign-in, after sign-in and after log-out`, async ({ page, request, isMobile }, info) => {
    const t = (k: Parameters<typeof translate>[1]) => translate(locale, k);
    const prefix = LOCALE_CONFIG[locale].prefix;
    await page.goto(`/${prefix}/specialty/`);
    const nav = page.locator('[data-account-nav]');
    await expect(nav.getByRole('link', { name: t('account.nav.login') })).toBeVisible();
    await expect(nav.getByTestId('account-button')).toBeHidden();
    await expect(nav.getByRole('link', { name: t('account.nav.login') })).toHaveAttribute('href', `/${prefix}/login/?returnUrl=%2F${prefix}%2Fspecialty%2F`);

    // A patient new to the site (one-time codes to one address are limited to one a minute): the header names
    // them by the address they signed in with until a name is saved.
    const email = `header-${locale.toLowerCase()}-${info.project.name}-${Date.now().toString().slice(-7)}@e2e.test`;
    await logInFromHeader(page, request, locale, email);
    const button = nav.getByTestId('account-button');
    await expect(button).toBeVisible();
    await expect(nav.getByRole('link', { name: t('account.nav.login') })).toBeHidden();
    // On a phone only the avatar shows.
    await expect(nav.locator('[data-account-name]')).toHaveText(email);
    if (!isMobile) await expect(nav.locator('[data-account-name]')).toBeVisible();
    await expect(nav.locator('[data-account-initials]')).toHaveText('H');

    // No flash: with every module script blocked, the inline script alone shows the signed-in header.
    await page.route('**/_astro/*.js', (route) => route.abort());
    await page.reload();
    await expect(button).toBeVisible();
    await expect(nav.getByRole('link', { name: t('account.nav.login') })).toBeHidden();
    await expect(nav.locator('[data-account-name]')).toHaveText(email);
    await page.unroute('**/_astro/*.js');
    await page.reload();

    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = page.locator('#account-menu');
    for (const [key, path] of [['account.nav.bookings', 'bookings'], ['account.nav.family', 'family'], ['account.nav.profile', 'profile']] as const) {
      await expect(menu.getByRole('link', { name: t(key), exact: true })).toHaveAttribute('href', `/${prefix}/account/${path}/`);
    }
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();

    await button.click();
    await menu.getByRole('button', { name: t('account.nav.logout') }).click();
    await expect(nav.getByRole('link', { name: t('account.nav.login') })).toBeVisible();
    await expect(button).toBeHidden();
    // The header turns to 'Log in' on the client's SIGNED_OUT event, a moment before log-out has cleared storage.
    await expect.poll(() => page.evaluate(() => [...Object.keys(localStorage), ...Object.keys(sessionStorage)].filter((k) => k.startsWith('care')))).toEqual([]);
    await page.reload();
    await expect(nav.getByRole('link', { name: t('account.nav.login') })).toBeVisible();

    // A patient with a saved profile is named by it.
    await signInAs(page, `/${prefix}/specialty/`);
    await expect(nav.locator('[data-account-name]')).toHaveText('Nguyễn Thị Hoa');
    await expect(nav.locator('[data-account-initials]')).toHaveText('NH');
  });
}
