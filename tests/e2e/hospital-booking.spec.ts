/**
 * Hospital page booking area and phone button (SPEC §2, §4; issue #5 items 7 and 8), at desktop and mobile.
 */
import { expect, test, type Page } from '@playwright/test';
import { LOCALE_CONFIG, type Locale } from '../../i18n/locales';
import { translate } from '../../i18n/strings';
import { hospitalFixtures, hospitalPath } from './support/hospitals';
import { signIn } from './support/booking';

const isDesktop = (page: Page) => (page.viewportSize()?.width ?? 1280) >= 1024;

test.describe('booking area', () => {
  test('vi-VN: quick booking with both kinds; side card on desktop, slide-in panel opened by Book now on mobile', async ({ page, request }) => {
    const { rich } = (await hospitalFixtures(request))['vi-VN'];
    await page.goto(hospitalPath('vi-VN', rich.slug));
    const mount = page.locator('#quick-booking');
    await expect(mount).toHaveAttribute('data-hospital-id', String(rich.id));
    await expect(mount).toHaveAttribute('data-kinds', 'doctor,service');
    await expect(mount).toHaveAttribute('data-show-switch', 'true');
    await expect(page.getByTestId('suggestions')).toHaveCount(0);
    const bookNow = page.getByRole('button', { name: translate('vi-VN', 'directory.hospital.bookNow') });
    if (isDesktop(page)) {
      await expect(mount).toBeVisible();
      await expect(bookNow).toBeHidden();
    } else {
      await expect(mount).toBeHidden();
      await bookNow.click();
      const panel = page.getByTestId('booking-panel');
      await expect(panel).toBeVisible();
      await expect(panel).toHaveCSS('transition-duration', /0\.2s/);
      await page.waitForTimeout(250);
      const box = (await panel.boundingBox())!;
      expect(Math.round(box.width)).toBe(Math.min(360, page.viewportSize()!.width));
      expect(Math.round(box.x + box.width)).toBe(page.viewportSize()!.width);
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
      await expect(bookNow).toBeFocused();
    }
  });

  test('only doctors bookable: that kind is forced and the switch hidden', async ({ page, request }) => {
    const { noServices } = (await hospitalFixtures(request))['vi-VN'];
    await page.goto(hospitalPath('vi-VN', noServices.slug));
    const mount = page.locator('#quick-booking');
    await expect(mount).toHaveAttribute('data-kinds', 'doctor');
    await expect(mount).toHaveAttribute('data-forced-kind', 'doctor');
    await expect(mount).toHaveAttribute('data-show-switch', 'false');
  });

  test('en-PH: no quick booking', async ({ page, request }) => {
    const { rich } = (await hospitalFixtures(request))['en-PH'];
    await page.goto(hospitalPath('en-PH', rich.slug));
    await expect(page.getByTestId('hospital-page')).toBeVisible();
    await expect(page.locator('#quick-booking')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Book now' })).toHaveCount(0);
  });

  for (const locale of ['vi-VN', 'en-PH', 'zh-TW'] as Locale[]) {
    test(`${locale}: nothing bookable shows 'Hospital you may like' with a link to all hospitals`, async ({ page, request }) => {
      const { nothingBookable } = (await hospitalFixtures(request))[locale];
      await page.goto(hospitalPath(locale, nothingBookable.slug));
      const box = page.getByTestId('suggestions');
      await expect(box.getByRole('heading')).toHaveText(translate(locale, 'directory.hospital.youMayLike'));
      expect(await box.locator('li').count()).toBeGreaterThan(0);
      // zh-TW: hospital links go to the hospital's own website in a new tab (SPEC §2, src/lib/entity-links.ts).
      if (LOCALE_CONFIG[locale].features.externalLinks) {
        await expect(box.locator('li a').first()).toHaveAttribute('href', /^https:\/\//);
        await expect(box.locator('li a').first()).toHaveAttribute('target', '_blank');
      } else {
        await expect(box.locator('li a').first()).toHaveAttribute('href', new RegExp(`^/${LOCALE_CONFIG[locale].prefix}/hospital/`));
      }
      await expect(box.getByTestId('see-all-hospitals')).toHaveText(translate(locale, 'directory.hospital.seeAllHospitals'));
      await box.getByTestId('see-all-hospitals').click();
      await expect(page).toHaveURL(new RegExp(`/${LOCALE_CONFIG[locale].prefix}/hospitals/$`));
    });
  }

  test("a branch manager signed in gets the Book an appointment maps link on their hospital's page; a patient does not", async ({ page, browser, request }) => {
    // The branch manager's hospital (their role's abilities, from /api/session) and its page.
    const token = await signIn(page, 'branch');
    const me = (await (await request.get('/api/admin/me', { headers: { authorization: `Bearer ${token}` } })).json())._data;
    const found = (await (await request.get(`/api/search?${new URLSearchParams({ locale: 'vi-VN', keyword: me.branch.name })}`)).json())._data.hospitals;
    const own: string = found.find((h: { id: number }) => h.id === me.branch.id).href;
    await page.goto(own);
    const maps = page.getByTestId('maps-booking');
    await expect(maps).toHaveText(translate('vi-VN', 'directory.hospital.bookAppointment'));
    await expect(maps).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\//);
    await expect(page.locator('#quick-booking')).toHaveCount(0);
    if (!isDesktop(page)) {
      // Sticky at the bottom on mobile.
      const box = (await maps.boundingBox())!;
      expect(box.y + box.height).toBeGreaterThan(page.viewportSize()!.height - 20);
    }
    // Another organization's hospital: quick booking as for anyone.
    const { rich } = (await hospitalFixtures(request))['vi-VN'];
    if (!own.includes(`/${rich.slug}/`)) {
      const asked = page.waitForResponse((r) => r.url().endsWith('/api/session'));
      await page.goto(hospitalPath('vi-VN', rich.slug));
      expect((await (await asked).json())._data.abilities).toEqual([{ action: 'read', subject: 'booking-block', hospitalIds: [me.branch.id] }]);
      await expect(page.locator('#quick-booking')).toHaveCount(1);
      await expect(page.getByTestId('maps-booking')).toBeHidden();
    }
    // A patient on the branch manager's hospital page: quick booking, no maps button.
    const ctx = await browser.newContext({ viewport: page.viewportSize()! });
    const patient = await ctx.newPage();
    await signIn(patient, 'patient');
    const patientAsked = patient.waitForResponse((r) => r.url().endsWith('/api/session'));
    await patient.goto(own);
    expect((await (await patientAsked).json())._data.abilities).toEqual([]);
    await expect(patient.locator('#quick-booking')).toHaveCount(1);
    await expect(patient.getByTestId('maps-booking')).toBeHidden();
    await ctx.close();
  });
});

test.describe('phone button', () => {
  test('vi-VN visitor: first 5 characters then asterisks, Log In To View starts the login return flow', async ({ page, request }) => {
    const { rich } = (await hospitalFixtures(request))['vi-VN'];
    // The full number is not in what a visitor downloads (HTML and structured data).
    const html = await (await request.get(hospitalPath('vi-VN', rich.slug))).text();
    expect(html).not.toContain(rich.phone);
    await page.goto(hospitalPath('vi-VN', rich.slug));
    const phone = page.getByTestId('phone');
    await expect(phone.locator('[data-phone-number]')).toHaveText(rich.phone.slice(0, 5) + '*'.repeat(rich.phone.length - 5));
    await phone.getByRole('button', { name: translate('vi-VN', 'directory.phone.logInToView') }).click();
    await expect(page).toHaveURL(/\/vi-vn\/login\/\?source=care_phone&returnUrl=/);
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('returnUrl')!)).toBe(`/vi-vn/hospital/${rich.slug}/`);
    expect(await page.evaluate(() => sessionStorage.getItem('care.returnUrl'))).toBe(`/vi-vn/hospital/${rich.slug}/`);
  });

  test('vi-VN logged in: the number (fetched for the signed-in patient), a call link and copy', async ({ page, request, context }) => {
    const { rich } = (await hospitalFixtures(request))['vi-VN'];
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, 'patient');
    // Issue #38 item 16: the number is asked for when the visitor presses, one call per press, none on load.
    const calls: string[] = [];
    page.on('request', (r) => /\/api\/hospitals\/\d+\/phone/.test(r.url()) && calls.push(r.url()));
    await page.goto(hospitalPath('vi-VN', rich.slug));
    const phone = page.getByTestId('phone');
    const show = phone.getByRole('button', { name: translate('vi-VN', 'directory.phone.show') });
    await expect(show).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(calls).toEqual([]);
    await show.click();
    await expect(phone.locator('[data-phone-number]')).toHaveText(rich.phone);
    expect(calls).toHaveLength(1);
    await expect(phone.getByRole('link', { name: translate('vi-VN', 'hospital.phone.call') })).toHaveAttribute('href', `tel:${rich.phone.replace(/\D/g, '')}`);
    await phone.getByRole('button', { name: translate('vi-VN', 'hospital.phone.copy') }).click();
    await expect(phone.getByRole('status')).toHaveText(translate('vi-VN', 'directory.phone.copied'));
  });

  test('the phone function answers signed-in callers only', async ({ request }) => {
    const { rich } = (await hospitalFixtures(request))['vi-VN'];
    const res = await request.get(`/api/hospitals/${rich.id}/phone`);
    expect(res.status()).toBe(401);
    expect(res.headers()['cache-control']).toContain('no-store');
  });

  test('zh-TW visitor: the number is displayed, calling needs a login (Login To Call)', async ({ page, request }) => {
    const { rich } = (await hospitalFixtures(request))['zh-TW'];
    await page.goto(hospitalPath('zh-TW', rich.slug));
    const phone = page.getByTestId('phone');
    await expect(phone.locator('[data-phone-number]')).toHaveText(rich.phone);
    await expect(phone.getByRole('button', { name: translate('zh-TW', 'directory.phone.loginToCall') })).toBeVisible();
  });

  test('ms-MY visitor: number, call link and copy with a success message', async ({ page, request, context }) => {
    const { rich } = (await hospitalFixtures(request))['ms-MY'];
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(hospitalPath('ms-MY', rich.slug));
    const phone = page.getByTestId('phone');
    await expect(phone.locator('[data-phone-number]')).toHaveText(rich.phone);
    await expect(phone.getByRole('link', { name: translate('ms-MY', 'hospital.phone.call') })).toHaveAttribute('href', /^tel:/);
    await phone.getByRole('button', { name: translate('ms-MY', 'hospital.phone.copy') }).click();
    await expect(phone.getByRole('status')).toHaveText(translate('ms-MY', 'directory.phone.copied'));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(rich.phone);
  });
});
