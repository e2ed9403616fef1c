/** Signing in to the admin as a seeded staff account (supabase/seed/accounts.ts), through the login form. */
import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../../supabase/seed/accounts';

export const ADMIN_ROLES = ['admin', 'super', 'facility', 'senior_branch', 'branch', 'doctor'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export async function signInAs(page: Page, role: AdminRole, returnTo?: string) {
  await page.goto(returnTo ? `/admin/login?returnTo=${encodeURIComponent(returnTo)}` : '/admin/login');
  await page.locator('#login-email').fill(`${role}@demo.test`);
  await page.locator('#login-password').fill(DEMO_PASSWORD);
  await page.locator('form button[type=submit]').click();
  await expect(page).not.toHaveURL(/\/admin\/login/, { timeout: 15_000 });
}

/** On mobile and tablet widths the sidebar is a drawer behind the top bar's menu button. */
export async function openMenu(page: Page) {
  // The menu is the signed-in role's: wait for it (the shell renders again once the staff profile has loaded,
  // and a drawer opened before that would close with it).
  await expect(page.locator('#admin-sidebar nav a').first()).toBeAttached({ timeout: 15_000 });
  const button = page.locator('.mobile-bar button');
  if (!(await button.isVisible())) return;
  // The drawer closes on every navigation, and the scoping may still correct the address (hospital_id) or send a
  // role to its first screen: let that settle, then open it (again if a late correction closed it).
  await page.waitForLoadState('networkidle');
  const open = page.locator('#admin-sidebar.open');
  await expect(async () => {
    if (!(await open.isVisible())) await button.click();
    await expect(open).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
}
