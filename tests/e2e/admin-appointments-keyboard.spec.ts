/**
 * Keyboard first (issue 35): a receptionist at a desk (1280 px; the facility manager, at branch 3 of the organization) works 40 arrivals of the day without the mouse. For
 * each patient who walks in: "/" to the search box, the booking code, ↓ into the list, I to check in. The last step
 * is undone with U and done again. Figures printed: keys pressed, and the machine's time for the 40 (a person's
 * time is their typing; the screen must never make them wait long). Desktop only (DESKTOP_ONLY in the config): a
 * phone has no keyboard to work a queue with.
 */
import { expect, test } from '@playwright/test';
import { ACCOUNTS } from '../../supabase/seed/accounts';
import { e2eAccessToken } from './support/access-token';
import { signInAs } from './support/admin';

type Arrival = { id: number; code: string; day: string };

test('the front desk checks in 40 arrivals without the mouse, and undoes the last', async ({ page, request }) => {
  test.setTimeout(300_000);
  const res = await request.get('/__e2e/appointment-fixtures?arrivals=40');
  expect(res.ok()).toBe(true);
  const { arrivals } = (await res.json()) as { arrivals: Arrival[] };
  expect(arrivals).toHaveLength(40);
  const days = arrivals.map((a) => a.day).sort();
  await signInAs(page, 'facility', `/admin/appointments?from=${days[0]}&to=${days.at(-1)}&status=confirmed`);
  await expect(page.locator('tbody button.code-btn').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Phím: / tìm kiếm', { exact: false })).toBeVisible();

  const codes = page.locator('tbody button.code-btn');
  let keys = 0;
  const press = async (key: string) => {
    await page.keyboard.press(key);
    keys++;
  };
  const checkIn = async (a: Arrival) => {
    await press('/');
    await expect(page.getByRole('searchbox')).toBeFocused();
    await page.keyboard.type(a.code);
    keys += a.code.length;
    await expect(codes).toHaveText([a.code], { timeout: 15_000 });
    await press('ArrowDown');
    await expect(codes.first()).toBeFocused();
    await press('i');
    await expect(page.locator('tbody tr').first()).toContainText('Đã check-in', { timeout: 15_000 });
  };

  const t0 = Date.now();
  for (const a of arrivals) await checkIn(a);
  const ms = Date.now() - t0;
  console.log(`[keyboard] 40 arrivals checked in: ${keys} keys, ${(ms / 1000).toFixed(1)} s of machine time (${Math.round(ms / 40)} ms each)`);
  // A person types about 3 keys a second: 440 keys take about two and a half minutes, well inside 10.
  expect(keys).toBeLessThan(40 * 12);

  // U undoes the last check-in; I does it again. Focus stayed on the row through both.
  await press('u');
  await expect(page.locator('tbody tr').first()).not.toContainText('Đã check-in', { timeout: 15_000 });
  await expect(codes.first()).toBeFocused();
  await press('i');
  await expect(page.locator('tbody tr').first()).toContainText('Đã check-in', { timeout: 15_000 });

  // Every one of the 40 is checked in, as the server says.
  const auth = { authorization: `Bearer ${await e2eAccessToken(request, ACCOUNTS.facility.id, ACCOUNTS.facility.email)}` };
  for (const a of arrivals) {
    const list = await request.get(`/api/admin/appointments?from=${days[0]}&to=${days.at(-1)}&keyword=${a.code}`, { headers: auth });
    expect(list.ok()).toBe(true);
    const rows = (await list.json())._data.appointments as { code: string; checkedIn: boolean }[];
    expect(rows.map((r) => [r.code, r.checkedIn])).toEqual([[a.code, true]]);
  }
});
