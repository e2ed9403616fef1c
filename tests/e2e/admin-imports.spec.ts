/**
 * CSV imports from the doctor list's kebab menu at both widths (issue #29 item 5): each import type with a good
 * file written as spreadsheets write them (BOM, CRLF, a quoted comma and a quoted line break), each read error of
 * SPEC §5, and a file with bad rows whose error file is downloaded and read; the doctor role has no imports; axe on
 * the dialog; screenshots at 390 and 1280 px. The admin speaks English here (the SPEC's texts).
 */
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, SEED_SCOPE } from '../../supabase/seed/accounts';
import { IMPORT_HEADERS } from '../../src/lib/csv-import';
import { e2eAccessToken } from './support/access-token';
import { signInAs } from './support/admin';
import { doctorImportRow, readCsvRows, spreadsheetCsv } from '../support/import-files';

const csv = (header: readonly string[], rows: (string | number)[][]) => spreadsheetCsv(header, rows);
const file = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });

async function axe(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('[role=dialog]').analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function openImport(page: Page, item: 'Import doctors' | 'Import doctor services' | 'Import services') {
  await page.locator('.toolbar').getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: item }).click();
  const dialog = page.getByRole('dialog', { name: item });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'lang', value: 'en-PH', url: baseURL! }]);
});

test('senior branch manager: every import type with a good file, each read error, and bad rows with their error file', async ({ page, isMobile, request }, info) => {
  test.setTimeout(180_000);
  if (isMobile) await page.setViewportSize({ width: 390, height: 844 });
  const width = isMobile ? 390 : 1280;
  // Names of this project's run (the two widths run at the same time on one database).
  const tag = `${width}-${Date.now().toString(36)}`;
  // The senior branch manager's second branch: the doctor list spec works on the first one's first page.
  const branch = SEED_SCOPE.seniorBranchHospitalIds[1];
  const outOfScope = 3; // a branch of the same organization that is not theirs
  await signInAs(page, 'senior_branch', `/admin/doctors?hospital_id=${SEED_SCOPE.organizationId}&branch_id=${branch}`);
  await expect(page).toHaveURL(new RegExp(`branch_id=${branch}`));
  await expect(page.locator('tbody tr').first()).toBeVisible();

  // ---- doctors: a good file -------------------------------------------------------------------------------------
  let dialog = await openImport(page, 'Import doctors');
  await expect(dialog.getByRole('link', { name: 'Download the template' })).toHaveAttribute('download', 'doctor-import-template.csv');
  await expect(dialog.getByRole('button', { name: 'Import' })).toBeDisabled();
  const names = [`Import Doctor ${tag} A`, `Import Doctor ${tag} B`];
  await dialog.getByLabel('Choose a CSV file').setInputFiles(file('doctors.csv', csv(IMPORT_HEADERS.doctor, names.map((n) => doctorImportRow(n, branch)))));
  await expect(dialog.getByText('File is uploaded successfully. Please hit button Import below to continue.')).toBeVisible();
  await expect(dialog.locator('.import-file-name')).toHaveText('doctors.csv');
  await expect(dialog.locator('.import-file-size')).toHaveText(/^\d+(\.\d)? kb$/);
  await axe(page);
  if (!isMobile) await page.screenshot({ path: info.outputPath(`import-ready-${width}.png`) });
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog.getByText('File is imported successfully.')).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByText('2 new records were added.')).toBeVisible();
  await expect(dialog.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '100');
  await expect(dialog.locator('.import-file')).toHaveAttribute('data-status', 'import_success');
  await page.waitForTimeout(400); // the bar's width transition
  await page.screenshot({ path: info.outputPath(`import-success-${width}.png`) });
  // Closing after a result reloads the list: the new doctors are found.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  if (await page.locator('.search-toggle').isVisible()) await page.locator('.search-toggle').click();
  await page.getByRole('searchbox').fill(`Import Doctor ${tag}`);
  await expect(page.locator('.cell-title', { hasText: names[0] })).toBeVisible();
  await expect(page.locator('.cell-title', { hasText: names[1] })).toBeVisible();

  // ---- issue #38: the same file again changes nothing and says so; the template is the market's -----------------
  dialog = await openImport(page, 'Import doctors');
  const template = decodeURIComponent((await dialog.getByRole('link', { name: 'Download the template' }).getAttribute('href'))!);
  // The organization is Vietnamese: a Vietnamese example doctor and the market's specialties, whatever the screen language.
  expect(template).toContain('Nguyễn Văn An');
  expect(template).toContain(`,${branch},`);
  await expect(dialog.getByText(/comma-separated \(,\) \.csv file/)).toBeVisible();
  await dialog.getByLabel('Choose a CSV file').setInputFiles(file('doctors.csv', csv(IMPORT_HEADERS.doctor, names.map((n) => doctorImportRow(n, branch)))));
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog.getByText('Nothing was changed: all 2 records are already as in the file.')).toBeVisible({ timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Remove doctors.csv' }).click();
  // Files a Vietnamese Excel saves (Windows-1258) and UTF-16: read as text, one verdict, Import enabled.
  for (const name of ['doctor-vi-excel-windows-1258.csv', 'doctor-vi-utf16le-bom.csv']) {
    await dialog.getByLabel('Choose a CSV file').setInputFiles({ name, mimeType: 'text/csv', buffer: await readFile(new URL(`../fixtures/csv/corpus/${name}`, import.meta.url)) });
    await expect(dialog.getByText('File is uploaded successfully. Please hit button Import below to continue.')).toBeVisible();
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Import' })).toBeEnabled();
    await dialog.getByRole('button', { name: `Remove ${name}` }).click();
  }
  await dialog.getByRole('button', { name: 'Close' }).click();

  // ---- each read error, and Remove resets ---------------------------------------------------------------------
  dialog = await openImport(page, 'Import doctors');
  const header = IMPORT_HEADERS.doctor.join(',');
  const row = doctorImportRow('Read Error Row', branch).map((c) => JSON.stringify(c)).join(',');
  const cases: [string, string, string][] = [
    ['doctors.txt', `${header}\r\n${row}`, 'Wrong file format'],
    ['empty.csv', '', 'File is not valid!'],
    ['header-only.csv', `\uFEFF${header}\r\n`, 'No data to import'],
    ['too-many.csv', [header, ...Array.from({ length: 51 }, () => row)].join('\r\n'), 'Wrong file format'],
    ['wrong-header.csv', 'name,email\r\nA,a@example.com', 'Wrong file format'],
    ['broken.csv', `${header}\r\n"unterminated,${row}`, 'Cannot read this file'],
  ];
  for (const [name, text, message] of cases) {
    await dialog.getByLabel('Choose a CSV file').setInputFiles(file(name, text));
    await expect(dialog.getByRole('alert')).toHaveText(message);
    await expect(dialog.locator('.import-file')).toHaveAttribute('data-status', 'danger');
    await expect(dialog.getByRole('button', { name: 'Import' })).toBeDisabled();
    if (name === 'wrong-header.csv') await page.screenshot({ path: info.outputPath(`import-danger-${width}.png`) });
    await dialog.getByRole('button', { name: `Remove ${name}` }).click();
    await expect(dialog.locator('.import-file')).toHaveCount(0);
    await expect(dialog.getByRole('alert')).toHaveCount(0);
  }

  // ---- bad rows: counted, and the error file downloaded and read -------------------------------------------------
  const bad = [`Import Good ${tag}`, `Import Bad Email ${tag}`, `Import Other Branch ${tag}`];
  await dialog
    .getByLabel('Choose a CSV file')
    .setInputFiles(file('bad-rows.csv', csv(IMPORT_HEADERS.doctor, [doctorImportRow(bad[0], branch), doctorImportRow(bad[1], branch, { email: 'not-an-email' }), doctorImportRow(bad[2], outOfScope)])));
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog.getByText('2/3 records can not be loaded')).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByText('1 new record was added.')).toBeVisible();
  await expect(dialog.locator('.import-file')).toHaveAttribute('data-status', 'warning');
  await expect(dialog.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '100');
  await page.waitForTimeout(400); // the bar's width transition
  await page.screenshot({ path: info.outputPath(`import-warning-${width}.png`) });
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download the list' }).click()]);
  expect(download.suggestedFilename()).toBe('doctor-import-errors.csv');
  const errors = readCsvRows(await readFile((await download.path())!, 'utf8'));
  expect(errors[0]).toEqual(['Line', ...IMPORT_HEADERS.doctor, 'Message Error', 'Status import']);
  const nameAt = IMPORT_HEADERS.doctor.indexOf('name') + 1;
  expect(errors.slice(1).map((r) => [r[0], r[nameAt], r.at(-2), r.at(-1)])).toEqual([
    ['3', bad[1], 'Column "email" must be an e-mail address.', 'Failed'],
    ['4', bad[2], 'Column "hospital_branch_id": this branch does not exist or is not in your scope.', 'Failed'],
  ]);
  expect(errors[1][IMPORT_HEADERS.doctor.indexOf('description') + 1]).toBe('First line\nsecond line, with a comma');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // ---- doctor services: a good file ------------------------------------------------------------------------------
  const token = await e2eAccessToken(request, ACCOUNTS.seniorBranch.id, ACCOUNTS.seniorBranch.email);
  const list = await (await request.get(`/api/admin/doctors?branchId=${branch}&page=1`, { headers: { authorization: `Bearer ${token}` } })).json();
  const doctorId = list._data.doctors[0].id as number;
  dialog = await openImport(page, 'Import doctor services');
  await dialog.getByLabel('Choose a CSV file').setInputFiles(
    file('doctor-services.csv', csv(IMPORT_HEADERS.doctor_service, [[doctorId, `Import consult ${tag}`, 'First visit, 30 minutes', 'range', 200000, 500000], [doctorId, `Import follow-up ${tag}`, 'Line one\nline two', 'fixed', 150000, '']])),
  );
  await expect(dialog.getByText('File is uploaded successfully. Please hit button Import below to continue.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog.getByText('File is imported successfully.')).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByText('2 new records were added.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  // ---- services (the manual type: records in chunks of 10), in the services list's kebab (issue 37) --------------
  await page.goto(`/admin/services?hospital_id=${SEED_SCOPE.organizationId}&branch_id=${branch}`);
  dialog = await openImport(page, 'Import services');
  const services = Array.from({ length: 12 }, (_, i) => [`Import service ${tag} ${i + 1}`, 'Blood test, consultation', branch, 'fixed', 100000 + i, '', '', '', 15, 0]);
  await dialog.getByLabel('Choose a CSV file').setInputFiles(file('services.csv', csv(IMPORT_HEADERS.service, services)));
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog.getByText('File is imported successfully.')).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByText('12 new records were added.')).toBeVisible();
  // And a service file with a bad record: collected, and its error file built from the collected rows.
  await dialog.getByRole('button', { name: 'Remove services.csv' }).click();
  services[3][4] = 'free';
  await dialog.getByLabel('Choose a CSV file').setInputFiles(file('services.csv', csv(IMPORT_HEADERS.service, services)));
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog.getByText('1/12 records can not be loaded')).toBeVisible({ timeout: 20_000 });
  const [serviceErrors] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download the list' }).click()]);
  const rows = readCsvRows(await readFile((await serviceErrors.path())!, 'utf8'));
  expect(rows.map((r) => [r[0], r[1], r.at(-1)])).toEqual([
    ['Line', 'name', 'Status import'],
    ['5', `Import service ${tag} 4`, 'Failed'],
  ]);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
});

test('the doctor role has no imports: no doctor list, and the import call refused', async ({ page, isMobile, request }) => {
  if (isMobile) await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'doctor', '/admin/doctors');
  await expect(page.getByRole('heading', { name: "You don't have permission to access this page." })).toBeVisible();
  await expect(page.getByRole('button', { name: 'More actions' })).toHaveCount(0);
  const token = await e2eAccessToken(request, ACCOUNTS.doctor.id, ACCOUNTS.doctor.email);
  const res = await request.post('/api/admin/imports', {
    headers: { authorization: `Bearer ${token}` },
    multipart: { type: 'doctor', country_id: '1', file: file('doctors.csv', csv(IMPORT_HEADERS.doctor, [doctorImportRow('Doctor Role Row', SEED_SCOPE.branchHospitalId)])) },
  });
  expect(res.status()).toBe(403);
});
