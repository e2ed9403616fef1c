/** axe over each public page type built so far: no violations at either width. */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { type Locale } from '../../i18n/locales';
import { hospitalFixtures, hospitalPath } from './support/hospitals';

for (const locale of ['vi-VN', 'zh-TW', 'th-TH'] as Locale[]) {
  test(`${locale}: home and hospital pages have no axe violations`, async ({ page, request }) => {
    const { rich } = (await hospitalFixtures(request))[locale];
    for (const path of [`/${locale.toLowerCase()}/`, hospitalPath(locale, rich.slug)]) {
      await page.goto(path);
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    }
  });
}
