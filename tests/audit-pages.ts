/** Pages `npm run audit` checks: one of each public page type per locale (later issues add their types). */
import { LOCALES, LOCALE_CONFIG } from '../i18n/locales';

export const AUDIT_PAGES: string[] = [...LOCALES.map((l) => `/${LOCALE_CONFIG[l].prefix}/`)];
