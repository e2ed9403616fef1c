/** The strings an account island shows, picked by key prefix from the locale's catalogue (build time only). */
import type { Locale } from '../../i18n/locales';
import { MESSAGES } from '../../i18n/strings';

export function accountStrings(locale: Locale, prefixes: readonly string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(MESSAGES[locale] as Record<string, string>).filter(([k]) => prefixes.some((p) => k === p || (p.endsWith('.') && k.startsWith(p)))));
}
