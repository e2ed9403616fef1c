/**
 * Share images (issue #7): the hospital page's Open Graph tags point at /api/og-images/hospital/ on the locale's
 * domain, and that address (served here on the test origin) opens as a 1200×630 PNG, in vi-VN, th-TH and zh-TW.
 */
import { expect, test } from '@playwright/test';
import { LOCALE_CONFIG, type Locale } from '../../i18n/locales';
import { shareImageAlt } from '../../src/lib/share-image';
import { hospitalFixtures, hospitalPath } from './support/hospitals';

const LOCALES: Locale[] = ['vi-VN', 'th-TH', 'zh-TW'];

for (const locale of LOCALES) {
  test(`hospital page ${locale}: og:image is its share image, a 1200×630 PNG`, async ({ page, request }) => {
    const { rich } = (await hospitalFixtures(request))[locale];
    expect((await page.goto(hospitalPath(locale, rich.slug)))?.status()).toBe(200);
    const meta = (p: string) => page.locator(`meta[property="${p}"]`).getAttribute('content');
    const image = new URL((await meta('og:image'))!);
    expect(image.origin).toBe(`https://${LOCALE_CONFIG[locale].domain}`);
    expect(image.pathname).toBe('/api/og-images/hospital/');
    expect(Object.fromEntries(image.searchParams)).toEqual({ locale, hospitalId: String(rich.id) });
    expect(await meta('og:image:width')).toBe('1200');
    expect(await meta('og:image:height')).toBe('630');
    expect(await meta('og:image:type')).toBe('image/png');
    expect(await meta('og:image:alt')).toBe(shareImageAlt(locale, 'hospital', rich.name));

    // Functions answer on every domain before its rewrite to the locale prefix: the same path on this origin.
    const res = await request.get(image.pathname + image.search);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('image/png');
    expect(res.headers()['cache-control']).toMatch(/public/);
    const png = await res.body();
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);

    // The browser opens it as an image of that size.
    await page.goto(image.pathname + image.search);
    const size = await page.evaluate(() => {
      const img = document.querySelector('img');
      return img ? [img.naturalWidth, img.naturalHeight] : null;
    });
    expect(size).toEqual([1200, 630]);
  });
}

test('a bad share image address answers a 400 envelope, an unknown entity a 404', async ({ request }) => {
  const bad = await request.get('/api/og-images/clinic/?locale=vi-VN&clinicId=1');
  expect(bad.status()).toBe(400);
  expect((await bad.json())._status).toBe(-1);
  const missing = await request.get('/api/og-images/doctor/?locale=th-TH&doctorId=999999999');
  expect(missing.status()).toBe(404);
});
