/**
 * The admin app as each of the six staff roles, at desktop and mobile widths (the two projects): the role's menu,
 * top-bar scoping and add menu, the users list's role filter and row actions, the permission page, the status-5
 * redirect and return, log-out and the error fallback; axe on every screen.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { adminMenu } from '../../src/lib/admin-menu';
import { addMenuItems, userRoleFilter, userRowActions } from '../../src/lib/admin-rules';
import { routeRoles } from '../../src/lib/admin-routes';
import { ACCOUNTS } from '../../supabase/seed/accounts';
import { ADMIN_ROLES, openMenu, signInAs } from './support/admin';

const MENU_PATHS = (role: (typeof ADMIN_ROLES)[number]) => adminMenu(role).filter((e) => e.path && e.key !== 'logout').map((e) => e.path!);

async function axe(page: import('@playwright/test').Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

for (const role of ADMIN_ROLES) {
  test(`${role}: menu, scoping, add menu, users filter and row actions`, async ({ page, isMobile }) => {
    await signInAs(page, role);
    await expect(page).toHaveTitle(/ - Sức Khỏe Việt Care Admin$/);
    await openMenu(page);
    const hrefs = await page.locator('#admin-sidebar nav a').evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    expect(hrefs).toEqual(MENU_PATHS(role).filter((p) => !p.startsWith('/admin/homepage/')));
    await expect(page.locator('#admin-sidebar nav').getByRole('button', { name: 'Đăng xuất' })).toBeVisible();
    if (isMobile) await page.locator('.drawer-close').click();
    await axe(page);

    if (role === 'doctor') {
      // The first screen of the doctor's menu: its appointments (issue 35).
      await expect(page).toHaveURL(/\/admin\/appointments/);
      await expect(page.locator('.topbar-tools .btn-primary')).toHaveCount(0);
      await page.goto('/admin/users');
      await expect(page.getByRole('heading', { name: 'Bạn không có quyền truy cập trang này.' })).toBeVisible();
      return;
    }

    // Admin, super and organization managers open on the overview (/admin); the others on their first screen.
    if (routeRoles('/admin/').includes(role)) await expect(page).toHaveURL(/\/admin\/?(\?|$)/);
    // Branch and senior branch managers: the first entry of their menu, their organization (issue 37).
    else await expect(page).toHaveURL(/\/admin\/organization/);
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/admin\/users/);
    // Top-bar scoping (SPEC §4): admin and super pick any hospital; the others are fixed to their own.
    const [hospital, branch] = [page.locator('.scope .dropdown').nth(0), page.locator('.scope .dropdown').nth(1)];
    if (role === 'admin' || role === 'super') {
      await expect(hospital).toBeEnabled();
      await expect(branch).toBeDisabled();
    } else {
      await expect(hospital).toBeDisabled();
      await expect(page).toHaveURL(/hospital_id=\d+/);
      if (role === 'branch') {
        await expect(branch).toBeDisabled();
        await expect(page).toHaveURL(/branch_id=\d+/);
      } else await expect(branch).toBeEnabled();
    }

    // Add menu (desktop only: the right tools are hidden on mobile and tablet).
    if (!isMobile) {
      await page.locator('.topbar-tools .btn-primary').click();
      const labels = await page.getByRole('menuitem').allTextContents();
      const expected = addMenuItems({ role, hospitalId: 1 }).map((k) => ({ newOrganization: 'Tổ chức mới', newDoctor: 'Bác sĩ mới', newService: 'Dịch vụ mới', newUser: 'Người dùng mới' })[k]);
      expect(labels).toEqual(expected);
      await page.keyboard.press('Escape');
    }

    // Users: role filter options per role, disabled for branch.
    const filter = page.locator('.toolbar-filter .dropdown');
    const options = userRoleFilter('vi-VN', role).options;
    if (options.length === 0) await expect(filter).toBeDisabled();
    else {
      await filter.click();
      await expect(page.getByRole('menuitemradio')).toHaveCount(options.length);
      await page.keyboard.press('Escape');
    }
    // Row actions.
    const actions = userRowActions(role);
    const firstKebab = page.locator('tbody .kebab').first();
    if (!actions.edit && !actions.delete) await expect(page.locator('tbody .kebab')).toHaveCount(0);
    else {
      await firstKebab.click();
      await expect(page.getByRole('menuitem')).toHaveCount([actions.edit, actions.resetPassword].filter(Boolean).length + (actions.delete ? 1 : 0));
      await page.keyboard.press('Escape');
    }
    await axe(page);
  });
}

test('the list keeps its keyword and page in the URL, and reload restores it', async ({ page, isMobile }) => {
  await signInAs(page, 'admin', '/admin/users');
  // On mobile the search box is an icon that expands first (SPEC §2).
  if (isMobile) await page.locator('.search-toggle').first().click();
  await page.getByRole('searchbox').first().fill('facility');
  await expect(page).toHaveURL(/keyword=facility/);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await page.reload();
  await expect(page.getByRole('searchbox').first()).toHaveValue('facility', { timeout: 15_000 });
  await expect(page.locator('tbody')).toContainText(ACCOUNTS.facility.email);
});

test('a branch manager sees the permission page on a screen outside their role', async ({ page }) => {
  await signInAs(page, 'branch');
  await page.goto('/admin/users/new-user');
  await expect(page.getByRole('heading', { name: 'Bạn không có quyền truy cập trang này.' })).toBeVisible();
  await axe(page);
});

test('status 5 sends the user to the login page and back after signing in; log-out clears the session', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.goto('/admin/users?keyword=demo');
  await expect(page.locator('tbody tr').first()).toBeVisible();
  // The server no longer accepts the token: the next call answers status 5.
  await page.evaluate(() => {
    const raw = JSON.parse(localStorage.getItem('care-admin-auth')!);
    raw.access_token = `${raw.access_token.slice(0, -4)}AAAA`;
    localStorage.setItem('care-admin-auth', JSON.stringify(raw));
  });
  await page.getByRole('searchbox').first().fill('demo.test');
  await expect(page).toHaveURL(/\/admin\/login\?returnTo=%2Fadmin%2Fusers/);
  await axe(page);
  await page.locator('#login-email').fill('admin@demo.test');
  await page.locator('#login-password').fill('Demo-pass-2026');
  await page.locator('form button[type=submit]').click();
  await expect(page).toHaveURL(/\/admin\/users\?keyword=demo/);

  await openMenu(page);
  await page.getByRole('button', { name: 'Đăng xuất' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('care-admin-auth'))).toBeNull();
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/admin\/login\?returnTo=/);
});

test('a screen that fails shows the error fallback and reports it as critical', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.route(/UserFormScreen.*\.js$/, (route) => route.abort());
  await page.goto('/admin/users');
  await page.locator('.toolbar-end a.btn-primary').click();
  await expect(page.getByRole('heading', { name: 'Rất tiếc! Đã có lỗi xảy ra' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Về trang chủ' })).toHaveAttribute('href', '/admin');
  expect(await page.evaluate(() => (window as unknown as { __adminErrors: { level: string }[] }).__adminErrors.map((e) => e.level))).toContain('critical');
  await axe(page);
});
