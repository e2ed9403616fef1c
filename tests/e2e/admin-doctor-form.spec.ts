/**
 * The admin doctor form at both widths (issue #29 item 3): a SPEC §5 message in the form; create with every
 * repeating section, the local preview, the detail showing it all; a failed save keeping every value; edit;
 * duplicate from the list's row action; a doctor editing its own profile at /admin/profile/view. Axe on the form,
 * the preview and the profile; screenshots at 390 and 1280 px.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signInAs } from './support/admin';

async function axe(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const SECTIONS = [
  { add: 'Thêm kinh nghiệm', id: 'experience', text: 'Bác sĩ nội trú Bệnh viện Bạch Mai', year: '2012' },
  { add: 'Thêm học vấn', id: 'education', text: 'Đại học Y Hà Nội', year: '2010' },
  { add: 'Thêm giải thưởng', id: 'awards', text: 'Thầy thuốc trẻ tiêu biểu', year: '2018' },
  { add: 'Thêm công trình', id: 'publication', text: 'Nghiên cứu tăng huyết áp ở người trẻ', year: '2020' },
  { add: 'Thêm hội viên', id: 'memberships', text: 'Hội Tim mạch Việt Nam', year: '' },
];

test('branch manager: validation, create with every section, preview, failed save, edit, duplicate', async ({ page, isMobile }, info) => {
  test.setTimeout(180_000); // one long flow on a shared machine
  if (isMobile) await page.setViewportSize({ width: 390, height: 844 });
  const width = isMobile ? 390 : 1280;
  // The two projects run at the same time on one database: names of their own.
  const name = `Bác sĩ Biểu Mẫu ${info.project.name} ${Date.now() % 100000}`;
  await signInAs(page, 'branch', '/admin/doctors');
  await page.locator('.screen').getByRole('link', { name: 'Bác sĩ mới' }).click();
  await expect(page).toHaveURL(/\/admin\/doctors\/add$/);
  await expect(page.getByRole('heading', { name: 'Thêm bác sĩ', level: 2 })).toBeVisible();

  // SPEC §5: the required name, shown in the form before anything is sent.
  await page.getByRole('button', { name: 'Lưu', exact: true }).click();
  await expect(page.locator('#doctor-name-error')).toHaveText('Trường này là bắt buộc');
  await expect(page.getByLabel('Họ tên')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Họ tên').fill(name);
  // A new photo (a 1×1 PNG) is shown at once and sent with the form.
  await page.getByLabel('Ảnh đại diện').setInputFiles({ name: 'doctor.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1X1, 'base64') });
  await expect(page.locator('img.avatar-preview')).toHaveAttribute('src', /^blob:/);
  await expect(page.getByRole('button', { name: /^Chi nhánh:/ })).not.toContainText('Chọn chi nhánh');
  await page.getByRole('button', { name: /^Giới tính:/ }).click();
  await page.getByRole('menuitemradio', { name: 'Nữ' }).click();
  await page.getByRole('radio', { name: 'Trẻ em', exact: true }).check();
  await page.locator('.field:has(#doctor-specialties) .multi-options button').first().click();
  await expect(page.locator('.field:has(#doctor-specialties) .tag')).toHaveCount(1);
  await page.getByLabel('Tóm tắt').fill('Bác sĩ nhi khoa với 10 năm kinh nghiệm.');
  await page.getByLabel('E-mail', { exact: true }).fill(`form-${info.project.name}@doctors.test`);
  await page.getByLabel('Gửi thông báo đến e-mail khác').check();
  await page.getByLabel('E-mail nhận thông báo').fill('not-an-email');
  await page.locator('#doctor-expertise').fill(`Chuyên môn mới ${info.project.name}`);
  await page.locator('#doctor-expertise').press('Enter');
  await page.locator('#doctor-languages').fill('Tiếng Việt');
  await page.locator('#doctor-languages').press('Enter');

  // A range service asks for its maximum price.
  await page.getByRole('button', { name: '+ Thêm dịch vụ' }).click();
  await page.locator('#service-0-name').fill('Khám nhi');
  await page.locator('#service-0-type').selectOption('range');
  await page.locator('#service-0-price').fill('200000');
  for (const s of SECTIONS) {
    await page.getByRole('button', { name: `+ ${s.add}` }).click();
    await page.locator(`#${s.id}-0-content`).fill(s.text);
    if (s.year) await page.locator(`#${s.id}-0-year`).fill(s.year);
  }
  await page.getByRole('button', { name: '+ Thêm câu hỏi' }).click();
  await page.locator('#faqs-0-question').fill('Bác sĩ có khám cuối tuần không?');
  await page.locator('#faqs-0-answer').fill('Có, sáng thứ Bảy.');
  await page.getByRole('button', { name: 'Lưu', exact: true }).click();
  await expect(page.locator('#service-0-price-to-error')).toHaveText('Trường này là bắt buộc');
  await expect(page.locator('#doctor-email_notification-error')).toHaveText('Định dạng không hợp lệ');
  await page.locator('#service-0-price-to').fill('500000');
  await page.getByLabel('E-mail nhận thông báo').fill(`front-${info.project.name}@doctors.test`);
  await axe(page);
  await page.screenshot({ path: info.outputPath(`doctor-form-${width}.png`), fullPage: true });

  // The local preview: built from the form, ACTIVE, nothing saved (a new doctor has no slots: 'Not available').
  await page.getByRole('button', { name: 'Xem trước' }).click();
  const preview = page.getByRole('dialog', { name: 'Xem trước hồ sơ công khai' });
  await expect(preview.getByRole('heading', { name })).toBeVisible();
  await expect(preview).toContainText('Không khả dụng');
  for (const s of SECTIONS) await expect(preview).toContainText(s.text);
  await expect(preview).toContainText('Khám nhi');
  await expect(preview).toContainText('Có, sáng thứ Bảy.');
  await axe(page);
  await page.screenshot({ path: info.outputPath(`doctor-preview-${width}.png`) });
  await preview.getByRole('button', { name: 'Đóng' }).click();
  await expect(page).toHaveURL(/\/admin\/doctors\/add$/);

  // A failed save (the network drops the call) shows the message and keeps every value typed.
  await page.route('**/api/admin/doctors', (route) => route.abort(), { times: 1 });
  await page.getByRole('button', { name: 'Lưu', exact: true }).click();
  await expect(page.locator('form [role=alert]').last()).toHaveText('Đã có lỗi xảy ra!');
  await expect(page.getByLabel('Họ tên')).toHaveValue(name);
  await expect(page.locator('#awards-0-content')).toHaveValue('Thầy thuốc trẻ tiêu biểu');
  await expect(page.locator('#service-0-price-to')).toHaveValue('500000');

  await page.getByRole('button', { name: 'Lưu', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/doctors\/\d+$/);
  await expect(page.getByText('Tạo thành công').first()).toBeVisible();
  const detail = page.locator('.doctor-detail');
  await expect(detail.getByRole('heading', { name, level: 2 })).toBeVisible();
  await expect(detail.locator('.doctor-detail-head img')).toHaveAttribute('src', /^(https?:)?\/\/|^\//);
  for (const s of SECTIONS) await expect(detail).toContainText(s.text);
  await expect(detail).toContainText(`Chuyên môn mới ${info.project.name}`);
  await expect(detail).toContainText('Tiếng Việt');
  await expect(detail).toContainText('Có, sáng thứ Bảy.');
  await expect(detail).toContainText('Khám nhi');
  const doctorUrl = page.url();

  // Edit from the detail: the form holds the saved values; a change shows on the detail.
  await detail.getByRole('link', { name: 'Chỉnh sửa' }).click();
  await expect(page).toHaveURL(/\/admin\/doctors\/\d+\/edit$/);
  await expect(page.getByLabel('Họ tên')).toHaveValue(name);
  await expect(page.locator('#memberships-0-content')).toHaveValue('Hội Tim mạch Việt Nam');
  await page.getByLabel('Tóm tắt').fill('Tóm tắt đã cập nhật.');
  await page.getByRole('button', { name: 'Xóa Giải thưởng 1' }).click();
  await page.screenshot({ path: info.outputPath(`doctor-edit-${width}.png`), fullPage: true });
  await page.getByRole('button', { name: 'Lưu', exact: true }).click();
  await expect(page).toHaveURL(doctorUrl);
  await expect(page.getByText('Cập nhật thành công').first()).toBeVisible();
  await expect(detail).toContainText('Tóm tắt đã cập nhật.');
  await expect(detail).not.toContainText('Thầy thuốc trẻ tiêu biểu');

  // Duplicate from the list's row action: prefilled, saved as a new doctor.
  await page.goto('/admin/doctors');
  await expect(page.locator('tbody tr').first()).toBeVisible();
  if (await page.locator('.search-toggle').isVisible()) await page.locator('.search-toggle').click();
  await page.getByRole('searchbox', { name: 'Tìm bác sĩ' }).fill(name);
  // The filtered list (not the one before the debounced keyword) is the one to act on.
  await expect(page).toHaveURL(/keyword=/);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  const row = page.locator('tbody tr', { hasText: name });
  await row.getByRole('button', { name: `Thao tác cho ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Nhân bản' }).click();
  await expect(page).toHaveURL(/\/admin\/doctors\/add\/?\?duplicateId=\d+$/);
  // The form shows once the doctor to copy has loaded (a spinner until then; slow while a site rebuild runs).
  await expect(page.getByRole('heading', { name: 'Nhân bản bác sĩ', level: 2 })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByLabel('Họ tên')).toHaveValue(name);
  await expect(page.locator('#experience-0-content')).toHaveValue('Bác sĩ nội trú Bệnh viện Bạch Mai');
  await page.getByLabel('Họ tên').fill(`${name} bản sao`);
  await page.getByRole('button', { name: 'Lưu', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/doctors\/\d+$/);
  expect(page.url()).not.toBe(doctorUrl);
  await expect(detail.getByRole('heading', { name: `${name} bản sao`, level: 2 })).toBeVisible();
  await expect(detail).toContainText('Bác sĩ nội trú Bệnh viện Bạch Mai');
  await expect(detail).toContainText('Khám nhi');
});

test('doctor: edits its own profile without branch', async ({ page, isMobile }, info) => {
  test.setTimeout(120_000);
  if (isMobile) await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'doctor', '/admin/profile/view');
  await expect(page).toHaveURL(/\/admin\/profile\/view$/);
  await expect(page.getByRole('heading', { name: 'Hồ sơ của tôi', level: 2 })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByLabel('Họ tên')).not.toHaveValue('');
  await expect(page.locator('#doctor-branch')).toHaveCount(0);
  await expect(page.locator('#doctor-tier_id')).toHaveCount(0);
  const glance = page.getByLabel('Tóm tắt');
  const before = await glance.inputValue();
  await glance.fill(`Tóm tắt của tôi (${info.project.name})`);
  await axe(page);
  await page.screenshot({ path: info.outputPath(`doctor-profile-${isMobile ? 390 : 1280}.png`), fullPage: true });
  const save = async () => {
    const answer = page.waitForResponse((r) => /\/api\/admin\/doctors\/\d+$/.test(r.url()) && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Lưu', exact: true }).click();
    expect((await answer).status()).toBe(200);
  };
  await save();
  await expect(page.getByText('Cập nhật thành công').first()).toBeVisible();
  await expect(glance).toHaveValue(`Tóm tắt của tôi (${info.project.name})`);
  // Put the seeded profile back for the other specs.
  await glance.fill(before);
  await save();
  await expect(glance).toHaveValue(before);
});
