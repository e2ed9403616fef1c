/**
 * Admin reviews and campaigns at both widths (issue #39). A facility manager hides a pending review that names a
 * phone number (flagged) with a reason and publishes and replies to another; the public review call (what the
 * hospital's reviews tab and the doctor and service review pages load beyond their built first page) then shows the
 * reply and not the hidden review. The admin creates a campaign, imports 50 numbers (two malformed, one duplicate:
 * listed in the downloaded error file) and checks a number in each of the six states on the baby-formula campaign.
 * The two widths run at once on one database: each works on its own branch (seeded pending reviews at branches 1
 * and 2) and its own campaign. The admin speaks English here; screenshots go to tests/e2e/tmp/.
 */
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { CAMPAIGN_PHONES, SEED_SCOPE } from '../../supabase/seed/accounts';
import { readCsvRows, spreadsheetCsv } from '../support/import-files';
import { signInAs } from './support/admin';

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'lang', value: 'en-PH', url: baseURL! }]);
});

async function axe(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('facility manager: hides a flagged review with a reason, publishes and replies to another; the public call follows', async ({ page, isMobile, request }) => {
  test.setTimeout(120_000);
  if (isMobile) await page.setViewportSize({ width: 390, height: 844 });
  const width = isMobile ? 390 : 1280;
  const branch = SEED_SCOPE.seniorBranchHospitalIds[isMobile ? 1 : 0];
  const [flaggedAuthor, plainAuthor] = isMobile ? ['Lạc Hoàng Nam', 'Tôn Nữ Thanh Tâm'] : ['Quách Minh Khoa', 'Hứa Thu Hà'];
  await signInAs(page, 'facility', `/admin/reviews?hospital_id=${SEED_SCOPE.organizationId}&branch_id=${branch}`);
  await expect(page.getByRole('tab', { name: /Pending/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('review-summary')).toContainText('/ 5');
  await expect(page.getByLabel('New reviews wait for a look before they are published')).not.toBeChecked();

  const card = (author: string) => page.getByTestId('admin-review').filter({ hasText: author });
  await expect(card(flaggedAuthor).getByTestId('review-flags')).toContainText('Looks like a phone number');
  await expect(card(plainAuthor).getByTestId('review-flags')).toHaveCount(0);
  await axe(page);
  await page.screenshot({ path: `tests/e2e/tmp/admin-reviews-pending-${width}.png`, fullPage: true });

  // Hide the flagged one: a reason is required.
  await card(flaggedAuthor).getByRole('button', { name: 'Hide' }).click();
  const hide = page.getByRole('dialog', { name: 'Hide this review?' });
  await hide.getByRole('button', { name: 'Hide' }).click();
  await expect(hide.getByText('A reason is required to hide a review.')).toBeVisible();
  await hide.getByLabel('Reason').fill('Names a phone number');
  await hide.getByRole('button', { name: 'Hide' }).click();
  await expect(hide).toBeHidden();
  await expect(page.getByText('The reviews are hidden.')).toBeVisible();
  await expect(card(flaggedAuthor)).toHaveCount(0);

  // Publish the other (not flagged: at once), then reply to it from the Published tab with a template.
  await card(plainAuthor).getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('The reviews are published.')).toBeVisible();
  await page.getByRole('tab', { name: /Published/ }).click();
  await expect(page).toHaveURL(/status=published/);
  await card(plainAuthor).getByRole('button', { name: 'Reply' }).click();
  const reply = page.getByRole('dialog', { name: `Reply to ${plainAuthor}` });
  await reply.getByRole('button', { name: 'Thank you' }).click();
  const text = await reply.getByLabel('Reply', { exact: true }).inputValue();
  expect(text).toMatch(/^Thank you for taking the time/);
  await expect(reply.getByTestId('reply-risk')).toHaveCount(0);
  // A reply naming the writer a patient is warned about.
  await reply.getByLabel('Reply', { exact: true }).fill('Dear patient, sorry about your treatment.');
  await expect(reply.getByTestId('reply-risk')).toContainText('patient');
  await reply.getByRole('button', { name: 'Thank you' }).click();
  await reply.getByRole('button', { name: 'Save reply' }).click();
  await expect(reply).toBeHidden();
  await expect(page.getByText('The reply is saved.')).toBeVisible();
  await expect(card(plainAuthor).getByTestId('admin-review-reply')).toContainText(text);
  await page.screenshot({ path: `tests/e2e/tmp/admin-reviews-published-${width}.png`, fullPage: true });

  await page.getByRole('tab', { name: /Hidden/ }).click();
  await expect(card(flaggedAuthor)).toContainText('Hidden: Names a phone number');

  // What the public pages load: the reply under its review, the hidden review gone.
  const pub = await (await request.get(`/api/reviews?hospital_branch_id=${branch}&sort=RECENT_FIRST&page=1`)).json();
  const authors = pub._data.reviews.map((r: { authorName: string }) => r.authorName);
  expect(authors).not.toContain(flaggedAuthor);
  const published = pub._data.reviews.find((r: { authorName: string }) => r.authorName === plainAuthor);
  expect(published.reply.body).toBe(text);
});

test('admin: creates a campaign, imports 50 numbers with errors, and checks a number in each of the six states', async ({ page, isMobile }) => {
  test.setTimeout(150_000);
  if (isMobile) await page.setViewportSize({ width: 390, height: 844 });
  const width = isMobile ? 390 : 1280;
  const code = `e2e-${width}-${Date.now().toString(36)}`;
  await signInAs(page, 'admin', '/admin/campaign');
  await expect(page.getByRole('table', { name: 'Campaign' })).toContainText('baby-formula');
  // SPEC §6: campaign lists have no import menu.
  await expect(page.getByRole('button', { name: 'More actions' })).toHaveCount(0);
  await page.getByRole('link', { name: 'New campaign' }).click();
  await expect(page).toHaveURL(/\/admin\/campaign\/new-campaign$/);

  await page.locator('#campaign-code').fill(code);
  await page.locator('#campaign-name').fill(`Baby club ${width}`);
  await page.locator('#campaign-sponsor').fill('Sữa Mẹ Hiền');
  await page.locator('#campaign-market').click();
  await page.getByRole('menuitemradio', { name: 'Vietnam' }).click();
  await page.locator('#campaign-starts').fill('2026-12-01');
  await page.locator('#campaign-ends').fill('2027-06-30');
  await page.locator('#campaign-max').fill('3');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Create successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: `Baby club ${width}` })).toBeVisible();

  // 50 numbers written as people write them: 47 good, two malformed, one duplicate.
  const rows = Array.from({ length: 50 }, (_, i) => {
    const n = String(300000 + i + (isMobile ? 100 : 0));
    return [i % 3 === 0 ? `+84 903 ${n.slice(0, 3)} ${n.slice(3)}` : i % 3 === 1 ? `0903-${n.slice(0, 3)}-${n.slice(3)}` : `0903${n}`, '2027-06-30'];
  });
  rows[10][0] = '12345';
  rows[20][0] = '0903 abc 123';
  rows[30][0] = rows[5][0];
  await page.getByRole('button', { name: 'Import numbers' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import eligible numbers' });
  await dialog.getByLabel('Choose a CSV file').setInputFiles({ name: 'numbers.csv', mimeType: 'text/csv', buffer: Buffer.from(spreadsheetCsv(['phone', 'expired_date'], rows), 'utf8') });
  await expect(dialog.getByText('File is uploaded successfully. Please hit button Import below to continue.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import' }).click();
  const outcome = dialog.getByTestId('phone-import-outcome');
  await expect(outcome).toContainText('47 the records are saved successfully.');
  await expect(outcome).toContainText('3/50 records can not be loaded');
  await page.screenshot({ path: `tests/e2e/tmp/admin-campaign-import-${width}.png` });
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download the list' }).click()]);
  expect(download.suggestedFilename()).toBe('campaign-phones-errors.csv');
  const errors = readCsvRows(await readFile(await download.path(), 'utf8'));
  expect(errors[0]).toEqual(['Line', 'phone', 'expired_date', 'Message Error', 'Status import']);
  expect(errors.slice(1).map((r) => [r[0], r[3], r[4]])).toEqual([
    ['12', 'The phone number is not valid for this market.', 'Failed'],
    ['22', 'The phone number is not valid for this market.', 'Failed'],
    ['32', 'This phone number is listed more than once in the file.', 'Failed'],
  ]);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('heading', { name: '47 eligible numbers' })).toBeVisible();
  // Stored in the market's national format, newest first ('0903-300-049' as 0903300049).
  await expect(page.getByRole('table', { name: '47 eligible numbers' })).toContainText(`0903${300049 + (isMobile ? 100 : 0)}`);

  // One number's expiry changed on its row.
  const last = `0903${300049 + (isMobile ? 100 : 0)}`;
  await page.getByRole('button', { name: `Change the expiry of ${last}` }).click();
  const expiry = page.getByRole('dialog', { name: `Expiry of ${last}` });
  await expiry.getByLabel('Expires').fill('2027-09-30');
  await expiry.getByRole('button', { name: 'Save' }).click();
  await expect(expiry).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: last })).toContainText('Sep 30, 2027');

  // The new campaign answers for its own numbers.
  await page.getByLabel('Phone number').fill(rows[0][0]);
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(page.getByTestId('check-answer')).toHaveAttribute('data-reason', '0');

  // The six states on the baby-formula campaign, as the booking flow answers them.
  await page.goto('/admin/campaign');
  await page.getByRole('row').filter({ hasText: 'baby-formula' }).click();
  await expect(page.getByRole('heading', { name: /doctors in the campaign/ })).toBeVisible();
  const states: [string, number][] = [
    [CAMPAIGN_PHONES.eligible, 0],
    [CAMPAIGN_PHONES.expired, 1],
    [CAMPAIGN_PHONES.expiredNotCompleted, 1],
    [CAMPAIGN_PHONES.cancelledThreeTimes, 2],
    [CAMPAIGN_PHONES.upcomingBooking, 3],
    [CAMPAIGN_PHONES.completedBooking, 4],
    [CAMPAIGN_PHONES.notEligible, 5],
  ];
  for (const [phone, reason] of states) {
    await page.getByLabel('Phone number').fill(`+84 ${phone.slice(1, 4)} ${phone.slice(4)}`);
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    const answer = page.getByTestId('check-answer');
    await expect(answer).toHaveAttribute('data-reason', String(reason));
    await expect(answer).toContainText(reason ? `Not eligible: reason ${reason}` : 'Eligible');
    await expect(answer).toContainText('1900 6868');
  }
  await axe(page);
  await page.screenshot({ path: `tests/e2e/tmp/admin-campaign-check-${width}.png`, fullPage: true });
});
