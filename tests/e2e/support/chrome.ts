/** The page chrome as a visitor reaches it, at either width. */
import type { Locator, Page } from '@playwright/test';
import type { Locale } from '../../../i18n/locales';
import { translate } from '../../../i18n/strings';

/**
 * The language switcher's links: inline on desktop; on mobile behind the header button naming the current
 * language, which this opens.
 */
export async function languageSwitcher(page: Page, locale: Locale): Promise<Locator> {
  const menu = page.locator('.lang-menu summary');
  if (await menu.isVisible()) await menu.click();
  return page.getByRole('navigation', { name: translate(locale, 'language.label') });
}
