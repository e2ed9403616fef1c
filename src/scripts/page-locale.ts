/**
 * The page's language as an Accept-Language header, so that the functions answer their messages in it
 * (src/server/caller-locale.ts reads Accept-Language first). Every island's API client sends it.
 */
export function pageLanguageHeader(): Record<string, string> {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return lang ? { 'accept-language': lang } : {};
}
