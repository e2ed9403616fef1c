/**
 * Issue 38 public-site items 17 and 25, at 390 px (where they were seen) and 1280 px: the search page opens on
 * specialties, cities and suggestions; the part-of-day and hospital tabs fit a phone; the date strip is one tab
 * stop with arrow keys inside; a search page with a keyword does not shift as results arrive.
 */
import { expect, test, type Page } from '@playwright/test';
import { translate } from '../../i18n/strings';
import { doctorUrl, findDoctor } from './support/booking';
import { hospitalFixtures, hospitalPath } from './support/hospitals';

// The mobile project at 390 px (the width of the reports), the desktop one at 1280.
let width = 1280;
test.beforeEach(async ({ page }, info) => {
  test.setTimeout(120_000);
  width = info.project.name === 'mobile' ? 390 : 1280;
  await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
});

test.describe('issue 38 public edges', () => {
  {

    test('the main menu\'s Doctors opens on specialties, cities and suggestions (item 17)', async ({ page }) => {
      await page.goto('/vi-vn/search/?kind=doctors');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(translate('vi-VN', 'search.heading.doctors'));
      const specialties = page.getByTestId('browse-specialties');
      await expect(specialties.getByRole('heading')).toHaveText(translate('vi-VN', 'search.browse.specialties'));
      expect(await specialties.locator('.chip-list a').count()).toBeGreaterThan(2);
      const cities = page.getByTestId('browse-cities');
      await expect(cities.getByRole('heading')).toHaveText(translate('vi-VN', 'search.browse.doctorCities'));
      const city = cities.locator('.chip-list a').first();
      const href = await city.getAttribute('href');
      expect(href).toMatch(/^\/vi-vn\/doctors\/[^/]+\/[^/]+\/$/);
      // A keyword replaces them with its results; clearing it brings them back.
      await page.getByLabel(translate('vi-VN', 'search.label')).fill('khoa');
      await expect(page.getByTestId('search-browse')).toBeHidden();
      await page.getByLabel(translate('vi-VN', 'search.label')).fill('');
      await expect(page.getByTestId('search-browse')).toBeVisible();
      await page.screenshot({ path: `/tmp/h38b-search-${width}.png` });
      await city.click();
      await expect(page).toHaveURL(href!);
    });

    test('the onboarding page has its own title, not the home page\'s (item 24)', async ({ page }) => {
      for (const locale of ['vi-VN', 'th-TH'] as const) {
        await page.goto(`/${locale.toLowerCase()}/onboarding/?returnUrl=%2F`);
        await expect(page).toHaveTitle(new RegExp(`^${translate(locale, 'onboarding.title')} \\|`));
        await page.waitForTimeout(300);
        await expect(page).toHaveTitle(new RegExp(`^${translate(locale, 'onboarding.title')} \\|`));
      }
    });

    test('search results arriving do not shift the page (item 25)', async ({ page }) => {
      await page.addInitScript(() => {
        (window as unknown as { cls: number }).cls = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!e.hadRecentInput) (window as unknown as { cls: number }).cls += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto('/vi-vn/search/?q=b%E1%BB%87nh%20vi%E1%BB%87n');
      await expect(page.locator('[data-search-results] .search-group, [data-search-results] .search-empty').first()).toBeVisible({ timeout: 15_000 });
      await page.waitForTimeout(500);
      const cls = await page.evaluate(() => (window as unknown as { cls: number }).cls);
      console.log(`[cls] ${width}px search: ${cls.toFixed(3)}`);
      expect(cls).toBeLessThan(0.1);
    });

    test('the hospital tab strip shows every tab (item 25)', async ({ page, request }) => {
      const { rich } = (await hospitalFixtures(request))['vi-VN'];
      await page.goto(hospitalPath('vi-VN', rich.slug));
      const strip = page.getByRole('tablist').first();
      const box = (await strip.boundingBox())!;
      const tabs = strip.getByRole('tab');
      expect(await tabs.count()).toBeGreaterThanOrEqual(3);
      for (const tab of await tabs.all()) {
        const b = (await tab.boundingBox())!;
        expect(b.x).toBeGreaterThanOrEqual(box.x - 1);
        expect(b.x + b.width).toBeLessThanOrEqual(box.x + box.width + 1);
      }
      await page.locator('nav.tabs').screenshot({ path: `/tmp/h38b-hospital-tabs-${width}.png` });
    });

    test('part-of-day tabs fit and the date strip is one tab stop with arrow keys inside (item 25)', async ({ page }) => {
      const doctor = await findDoctor(page.request, 'vi-VN', (d) => d.validOutpatient);
      await page.goto(doctorUrl('vi-VN', doctor.slug));
      const card = page.getByTestId('booking-card');
      await card.scrollIntoViewIfNeeded();
      await expect(card).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
      const main = card.locator('.bk-card').first();
      const nearest = main.getByRole('button', { name: translate('vi-VN', 'booking.seeNearest') });
      if (await nearest.isVisible()) await nearest.click();
      const tablist = main.getByRole('tablist');
      await expect(tablist).toBeVisible();
      const listBox = (await tablist.boundingBox())!;
      for (const tab of await tablist.getByRole('tab').all()) {
        const b = (await tab.boundingBox())!;
        expect(b.x + b.width).toBeLessThanOrEqual(listBox.x + listBox.width + 1);
        expect(await tab.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
      }
      await main.screenshot({ path: `/tmp/h38b-booking-card-${width}.png` });

      const dates = main.locator('[data-date]');
      expect(await dates.count()).toBeGreaterThan(3);
      await expect(main.locator('[data-date][tabindex="0"]')).toHaveCount(1);
      await tabInto(page, main.locator('[data-date][tabindex="0"]'));
      const first = await page.evaluate(() => document.activeElement?.getAttribute('data-date'));
      await page.keyboard.press('ArrowRight');
      const second = await page.evaluate(() => document.activeElement?.getAttribute('data-date'));
      expect(second! > first!).toBe(true);
      // One more Tab leaves the strip (the next arrow button), not the next date.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-date') ?? null)).toBeNull();
    });
  }
});

/** Presses Tab from the top until the element has focus (at most 80 presses). */
async function tabInto(page: Page, target: ReturnType<Page['locator']>) {
  await page.locator('body').focus();
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error('never reached by Tab');
}
