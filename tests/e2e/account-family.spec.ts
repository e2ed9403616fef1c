/**
 * Family profiles (issue 28 item 4; SPEC §4, §5, §7, §8) in vi-VN, en-PH and zh-TW at both widths: every
 * validation message, the child/adult line crossed both ways (age badge and 'Child Profile', the notify choice
 * and e-mail of an adult), create and update answered and shown, delete asked and done.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { type Locale } from '../../i18n/locales';
import { translate } from '../../i18n/strings';
import { PNG_1PX, accountUrl, signInAs } from './support/account';

const LOCALES: Locale[] = ['vi-VN', 'en-PH', 'zh-TW'];

function yearsAgo(years: number, days = 0): string {
  const d = new Date();
  d.setFullYear(d.getFullYear() - years);
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

async function openFamily(page: Page, request: APIRequestContext, locale: Locale) {
  await page.goto(accountUrl(locale, 'family'));
  // A visitor is sent to the login page, to come back here.
  await expect(page).toHaveURL(new RegExp(`/login/\\?source=care_account&returnUrl=${encodeURIComponent(accountUrl(locale, 'family'))}$`));
  await signInAs(page, accountUrl(locale, 'family'));
  await expect(page.getByTestId('family-member').first()).toBeVisible();
}

for (const locale of LOCALES) {
  test(`${locale}: add, edit and delete a family member across the child/adult line`, async ({ page, request }, info) => {
    const t = (k: Parameters<typeof translate>[1], p?: Record<string, string | number>) => translate(locale, k, p);
    await openFamily(page, request, locale);
    const name = `E2E ${locale} ${info.project.name} ${Date.now().toString().slice(-6)}`;

    await page.getByTestId('family-add').click();
    const popup = page.getByTestId('family-popup');
    await expect(popup.getByRole('heading', { name: t('form.family.addTitle') })).toBeVisible();
    await popup.getByRole('button', { name: t('account.family.save') }).click();
    await expect(popup.getByTestId('error-avatar')).toHaveText(t('form.family.avatarRequired'));
    await expect(popup.getByTestId('error-name')).toHaveText(t('form.family.nameRequired'));
    await expect(popup.getByTestId('error-birthday')).toHaveText(t('form.family.birthdayRequired'));
    await expect(popup.getByTestId('error-relation')).toHaveText(t('form.required'));
    // The gender defaults to male.
    await expect(popup.getByRole('radio', { name: t('account.family.male'), exact: true })).toBeChecked();

    await popup.getByLabel(t('account.family.name')).fill(name);
    await popup.getByLabel(t('account.family.relation')).selectOption('child');
    await popup.getByLabel(t('account.family.photo')).setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG_1PX });
    const birthday = popup.getByLabel(t('account.family.birthday'));
    await birthday.fill(yearsAgo(-1));
    await popup.getByRole('button', { name: t('account.family.save') }).click();
    await expect(popup.getByTestId('error-birthday')).toHaveText(t('form.family.birthdayFuture'));

    // 18 years and 364 days: still a child (SPEC §9: adult from 19).
    await birthday.fill(yearsAgo(19, 1));
    await expect(popup.getByTestId('child-label')).toHaveText(t('form.family.childProfile'));
    await expect(popup.getByText(t('account.family.age.other', { count: 18 }))).toBeVisible();
    await expect(popup.getByTestId('notify-choice')).toHaveCount(0);
    await expect(popup.getByLabel(t('account.family.email'))).toHaveCount(0);

    // 19 today: an adult; the notify choice appears, the e-mail only when not only me.
    await birthday.fill(yearsAgo(19));
    await expect(popup.getByTestId('child-label')).toHaveCount(0);
    const notify = popup.getByTestId('notify-choice');
    await expect(notify.getByRole('group', { name: t('form.family.sendTo') }).or(notify)).toBeVisible();
    await expect(notify.getByRole('radio', { name: t('form.family.notify.onlyMe') })).toBeChecked();
    await expect(popup.getByLabel(t('account.family.email'))).toHaveCount(0);
    await notify.getByRole('radio', { name: t('form.family.notify.both') }).check();
    await popup.getByLabel(t('account.family.email')).fill('not-an-email');
    await popup.getByRole('button', { name: t('account.family.save') }).click();
    await expect(popup.getByTestId('error-email')).toHaveText(t('form.family.emailInvalid'));
    await popup.getByLabel(t('account.family.email')).fill('relative@e2e.test');
    await popup.getByRole('radio', { name: t('account.family.female'), exact: true }).check();

    // Create: a multipart POST answering _data.contact.
    const created = page.waitForResponse((r) => r.url().endsWith('/api/family') && r.request().method() === 'POST');
    await popup.getByRole('button', { name: t('account.family.save') }).click();
    const createdBody = await (await created).json();
    expect(createdBody._status).toBe(1);
    expect(createdBody._data.contact).toMatchObject({ name, notifyTo: 'BOTH', email: 'relative@e2e.test', gender: 'female', relation: 'child' });
    await expect(page.getByTestId('family-notice')).toHaveText(t('account.family.created'));
    await expect(popup).toHaveCount(0);
    const card = page.getByTestId('family-member').filter({ hasText: name });
    await expect(card).toContainText(t('account.family.age.other', { count: 19 }));
    await expect(card.locator('img.acc-avatar')).toHaveAttribute('src', /\/storage\/v1\/object\/public\/avatars\//);

    // Edit: back under 19, the notify choice and e-mail go away and are not sent.
    await card.getByRole('button', { name: t('account.family.editNamed', { name }) }).click();
    const edit = page.getByTestId('family-popup');
    await expect(edit.getByRole('heading', { name: t('form.family.editTitle') })).toBeVisible();
    await expect(edit.getByLabel(t('account.family.email'))).toHaveValue('relative@e2e.test');
    await edit.getByLabel(t('account.family.birthday')).fill(yearsAgo(7));
    await expect(edit.getByTestId('child-label')).toBeVisible();
    await expect(edit.getByTestId('notify-choice')).toHaveCount(0);
    await edit.getByLabel(t('account.family.phone')).fill('0903 555 111');
    const updated = page.waitForResponse((r) => /\/api\/family\/\d+$/.test(r.url()) && r.request().method() === 'POST');
    await edit.getByRole('button', { name: t('account.family.save') }).click();
    const response = await updated;
    expect(response.request().postData()).toContain('name="_method"');
    const updatedBody = await response.json();
    expect(updatedBody._data.contact).toMatchObject({ notifyTo: 'MASTER', email: null, phone: '0903 555 111' });
    await expect(page.getByTestId('family-notice')).toHaveText(t('account.family.updated'));
    await expect(card).toContainText(t('form.family.childProfile'));

    // Delete: asked first; 'No, keep it' keeps it.
    await card.getByRole('button', { name: t('account.family.deleteNamed', { name }) }).click();
    const confirm = page.getByTestId('family-delete');
    await expect(confirm).toContainText(t('account.family.deleteQuestion', { name }));
    await expect(confirm).toContainText(t('account.family.deleteWarning'));
    await confirm.getByRole('button', { name: t('account.family.deleteNo') }).click();
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: t('account.family.deleteNamed', { name }) }).click();
    await page.getByTestId('family-delete').getByRole('button', { name: t('account.family.deleteYes') }).click();
    await expect(page.getByTestId('family-notice')).toHaveText(t('account.family.deleted'));
    await expect(card).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('family-member').first()).toBeVisible();
    await expect(page.getByTestId('family-member').filter({ hasText: name })).toHaveCount(0);
  });
}
