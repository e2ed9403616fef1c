/**
 * The pages' Content-Security-Policy as served (issue 24, finding 9): the build writes it into `_headers`, the
 * e2e server serves it as Netlify does. Every inline script of the served pages, as the browser parsed it, has
 * its hash in the policy, script-src has no 'unsafe-inline', and the pages (islands, the admin app) run without
 * a single violation.
 */
import { expect, test, type Page } from '@playwright/test';
import { hospitalFixtures, hospitalPath } from './support/hospitals';

// Nine pages each, every one to its network's rest.
test.describe.configure({ timeout: 180_000 });

/** Pages of every kind: home, listing, hospital, doctor, login, account, booking, the admin app, not found. */
async function pagesToCheck(page: Page, request: Parameters<typeof hospitalFixtures>[0]): Promise<string[]> {
  const hospital = hospitalPath('vi-VN', (await hospitalFixtures(request))['vi-VN'].rich.slug);
  await page.goto(hospital);
  const doctor = await page.locator('a[href*="/doctor/"]').first().getAttribute('href');
  return ['/vi-vn/', '/en-ph/hospitals/', hospital, doctor!, '/vi-vn/login/', '/vi-vn/account/bookings/', '/vi-vn/booking/doctor/', '/admin/login', '/vi-vn/no-such-page/'];
}

test('every inline script of the served pages has its hash in the served policy, which has no unsafe-inline', async ({ page, request }) => {
  for (const path of await pagesToCheck(page, request)) {
    const res = await page.goto(path);
    // Some pages send a visitor elsewhere once loaded (the account pages to the login page): read the page that stays.
    await page.waitForLoadState('networkidle');
    const csp = (await res!.allHeaders())['content-security-policy'] ?? '';
    const scriptSrc = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src ')) ?? '';
    expect(scriptSrc, path).not.toBe('');
    expect(scriptSrc, path).not.toContain("'unsafe-inline'");
    expect(csp, path).not.toMatch(/img-src[^;]* https:( |;|$)/);
    // The browser's own parse: every script element without src that is not a data block.
    const hashes = await page.evaluate(async () => {
      const inline = [...document.querySelectorAll('script:not([src])')].filter((s) => !/json/i.test(s.getAttribute('type') ?? ''));
      return Promise.all(inline.map(async (s) => {
        const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(s.textContent ?? ''));
        return `sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}`;
      }));
    });
    expect(hashes.length, path).toBeGreaterThan(0);
    for (const h of hashes) expect(scriptSrc, `${path}: an inline script without its hash`).toContain(`'${h}'`);
  }
});

test('the pages and the admin app run under the policy without a violation (eval aside: refused on purpose)', async ({ page, request }) => {
  const paths = await pagesToCheck(page, request);
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => {
      // eval is refused by design (no 'unsafe-eval'); zod probes for it once (`new Function('')` in a try) and
      // parses without it. Any other violation is a page the policy breaks.
      if (e.blockedURI !== 'eval') seen.push(`${e.effectiveDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`);
    });
  });
  for (const path of paths) {
    await page.goto(path, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations), path).toEqual([]);
  }
});
