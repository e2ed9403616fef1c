/** JavaScript a page loads, gzip bytes (external scripts as served plus inline ones), as the budgets count it. */
import { gzipSync } from 'node:zlib';
import type { Page, Response } from '@playwright/test';

export async function pageScriptGzipBytes(page: Page, path: string): Promise<number> {
  let bytes = 0;
  const pending: Promise<void>[] = [];
  const onResponse = (r: Response) => {
    if (r.request().resourceType() === 'script') pending.push(r.body().then((b) => void (bytes += gzipSync(b).length)).catch(() => undefined));
  };
  page.on('response', onResponse);
  await page.goto(path, { waitUntil: 'networkidle' });
  page.off('response', onResponse);
  await Promise.all(pending);
  const inline = await page.locator('script:not([src]):not([type="application/ld+json"])').allTextContents();
  return bytes + gzipSync(inline.join('')).length;
}
