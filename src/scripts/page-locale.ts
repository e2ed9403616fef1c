/**
 * The page's language as an Accept-Language header, so that the functions answer their messages in it
 * (src/server/caller-locale.ts reads Accept-Language first). Every island's API client sends it; the admin's
 * client passes the admin's own language (its `lang` cookie, src/admin/i18n.tsx adminLocale).
 */
export function pageLanguageHeader(lang: string = typeof document === 'undefined' ? '' : document.documentElement.lang): Record<string, string> {
  return lang ? { 'accept-language': lang } : {};
}
