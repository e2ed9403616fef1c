/**
 * Build-time read of a market's menu (issue #40 item 2): public.website_nav as anon (RLS: active entries only),
 * once per locale per build process (every page's header reads it). An empty menu falls back to the site's
 * sections (src/lib/site-nav.ts), so a market without entries still has its navigation.
 */
import { ANON, asCaller, getDatabase } from './db';
import { LOCALE_CONFIG, type Locale } from '../../i18n/locales';
import { navTree, type NavItem, type NavRow } from '../lib/website-nav';

const cache = new Map<Locale, Promise<NavItem[]>>();

export function loadWebsiteNav(locale: Locale): Promise<NavItem[]> {
  let p = cache.get(locale);
  if (!p) {
    p = (async () => {
      const db = await getDatabase();
      const rows = await asCaller(db, ANON, async (c) =>
        (
          await c.query<NavRow>(
            `select id::int as id, parent_id::int as "parentId", label, url, sort_order as "sortOrder", is_active as "isActive"
               from public.website_nav where country_id = $1`,
            [LOCALE_CONFIG[locale].countryId],
          )
        ).rows,
      );
      return navTree(rows, true);
    })();
    cache.set(locale, p);
  }
  return p;
}
