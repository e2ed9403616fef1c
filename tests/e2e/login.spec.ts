/**
 * Patient login by one-time code and the phone button's login return flow (SPEC §4), against the auth stand-in
 * (codes read from its local mailbox), at desktop and mobile.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { translate } from '../../i18n/strings';
import { hospitalFixtures, hospitalPath } from './support/hospitals';

async function codeFor(request: APIRequestContext, to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`/dev/mailbox?format=json&to=${encodeURIComponent(to)}`);
      code = ((await res.json()) as { messages: { code: string }[] }).messages[0]?.code;
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code!;
}

const unique = (page: Page) => `${page.viewportSize()!.width}${Date.now().toString().slice(-6)}`;

test('vi-VN: Log In To View → e-mail code → back on the hospital page with the number shown', async ({ page, request }) => {
  const { rich } = (await hospitalFixtures(request))['vi-VN'];
  await page.goto(hospitalPath('vi-VN', rich.slug));
  await page.getByTestId('phone').getByRole('button', { name: translate('vi-VN', 'directory.phone.logInToView') }).click();
  await expect(page).toHaveURL(/\/vi-vn\/login\/\?source=care_phone/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(translate('vi-VN', 'login.title'));

  const email = page.getByLabel(translate('vi-VN', 'login.email'));
  await email.fill('not-an-address');
  await page.getByRole('button', { name: translate('vi-VN', 'login.sendCode') }).click();
  await expect(page.getByRole('alert')).toHaveText(translate('vi-VN', 'login.error.email'));

  const address = `login-${unique(page)}@e2e.test`;
  await email.fill(address);
  await page.keyboard.press('Enter');
  const codeField = page.getByLabel(translate('vi-VN', 'login.code'), { exact: true });
  await expect(codeField).toBeFocused();
  const code = await codeFor(request, address);

  await codeField.fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: translate('vi-VN', 'login.verify') }).click();
  await expect(page.getByRole('alert')).toHaveText(translate('vi-VN', 'login.error.invalidCode'));

  await codeField.fill(code);
  await page.getByRole('button', { name: translate('vi-VN', 'login.verify') }).click();
  await expect(page).toHaveURL(new RegExp(`/vi-vn/hospital/${rich.slug}/$`));
  // Signed in, the number is one press away (issue 38: revealed when asked for, one call per press).
  const phone = page.getByTestId('phone');
  await phone.getByRole('button', { name: translate('vi-VN', 'directory.phone.show') }).click();
  await expect(phone.locator('[data-phone-number]')).toHaveText(rich.phone);
  await expect(phone.getByRole('link', { name: translate('vi-VN', 'hospital.phone.call') })).toHaveAttribute('href', /^tel:/);

  // Back on the login page, the signed-in patient may continue or log out.
  await page.goto('/vi-vn/login/');
  await expect(page.getByTestId('login-signed-in')).toContainText(address);
  await page.getByRole('button', { name: translate('vi-VN', 'login.logout') }).click();
  await expect(page.getByTestId('login-form')).toBeVisible();
});

test('en-PH: phone code with the fixed country code, then home', async ({ page, request }) => {
  await page.goto('/en-ph/login/');
  await page.getByTestId('login-form').getByText(translate('en-PH', 'login.byPhone'), { exact: true }).click();
  await expect(page.getByRole('radio', { name: translate('en-PH', 'login.byPhone') })).toBeChecked();
  await expect(page.locator('.login-dial')).toHaveText('+63');
  const local = `0917${unique(page).slice(-7)}`;
  await page.getByLabel(translate('en-PH', 'login.phone')).fill(local);
  await page.getByRole('button', { name: translate('en-PH', 'login.sendCode') }).click();
  const e164 = `+63${local.slice(1)}`;
  await expect(page.getByTestId('login-code-form')).toContainText(e164);
  const code = await codeFor(request, e164);
  await page.getByLabel(translate('en-PH', 'login.code'), { exact: true }).fill(code);
  await page.getByRole('button', { name: translate('en-PH', 'login.verify') }).click();
  await expect(page).toHaveURL(/\/en-ph\/$/);
});

test('th-TH: the login page is translated and never indexed', async ({ page }) => {
  await page.goto('/th-th/login/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(translate('th-TH', 'login.title'));
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.getByRole('button', { name: translate('th-TH', 'login.sendCode') })).toBeVisible();
});
