/**
 * Website navigation of a market (issue #40 item 2, SPEC §2 /admin/website-nav), platform admins only: read the
 * two-level menu, save it whole (one transaction, so one data-history entry), and a copy of another market's menu
 * to start from. Before anything is written the save asks the built site for every page the menu links to (HEAD,
 * the site's own origin); a link to a page that is not built is named in the refusal and nothing is saved.
 * Rules and shapes: src/lib/website-nav.ts. Written as the caller (RLS: platform admins; the table's guard keeps
 * two levels in one market).
 */
import { z } from 'zod';
import { ApiError, validationFailed } from '../src/lib/errors';
import { copyNav, deadLinkSchema, invalidLinks, localeOfCountry, navSaveSchema, navTree, navTreeSchema, pagesToCheck, type DeadLink, type NavRow } from '../src/lib/website-nav';
import type { Queryable } from '../src/data/db';
import { defineEndpoint, serve } from '../src/server/endpoint';

const ADMINS = ['admin', 'super'] as const;
const countryId = z.coerce.number().int().min(1).max(32767);

async function readTree(db: Queryable, country: number) {
  const { rows } = await db.query<NavRow>(
    `select id::int as id, parent_id::int as "parentId", label, url, sort_order as "sortOrder", is_active as "isActive" from public.website_nav where country_id = $1`,
    [country],
  );
  return navTree(rows);
}

function marketOf(country: number) {
  const locale = localeOfCountry(country);
  if (!locale) throw validationFailed({ countryId: ['Invalid format'] });
  return locale;
}

/** The origin the built pages are served from: Netlify's site URL, else the caller's (the admin is on the site). */
function siteOrigin(request: Request): string {
  return process.env.URL || new URL(request.url).origin;
}

/** Asks the site for each page (a few at a time); the pages that are not there. A page that cannot be asked counts as dead. */
async function missingPages(origin: string, pages: string[]): Promise<Set<string>> {
  const missing = new Set<string>();
  const queue = [...pages];
  const worker = async () => {
    for (let p = queue.shift(); p !== undefined; p = queue.shift()) {
      try {
        const res = await fetch(new URL(p, origin), { method: 'HEAD', redirect: 'follow', signal: AbortSignal.timeout(5000) });
        await res.arrayBuffer().catch(() => undefined);
        if (!res.ok) missing.add(p);
      } catch {
        missing.add(p);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(4, pages.length) }, worker));
  return missing;
}

export const getNav = defineEndpoint({
  method: 'GET',
  path: '/api/admin/website-nav',
  summary: "A market's menu, two levels, in order (inactive entries included)",
  tags: ['admin', 'website-nav'],
  auth: 'staff',
  roles: ADMINS,
  query: z.object({ countryId }),
  response: navTreeSchema,
  async handler({ query, db }) {
    marketOf(query.countryId);
    return { items: await readTree(db, query.countryId) };
  },
});

export const copyNavFrom = defineEndpoint({
  method: 'GET',
  path: '/api/admin/website-nav/copy',
  summary: "Another market's menu with its links moved to this market, to edit and save here (nothing is written)",
  tags: ['admin', 'website-nav'],
  auth: 'staff',
  roles: ADMINS,
  query: z.object({ countryId, fromCountryId: countryId }),
  response: z.object({ items: z.array(navSaveSchema.shape.items.element) }),
  async handler({ query, db }) {
    const to = marketOf(query.countryId);
    const from = marketOf(query.fromCountryId);
    return { items: copyNav(await readTree(db, query.fromCountryId), from, to) };
  },
});

export const saveNav = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/website-nav',
  summary: "Save a market's whole menu after checking every link against the built pages (a dead link is named, nothing saved)",
  tags: ['admin', 'website-nav'],
  auth: 'staff',
  roles: ADMINS,
  body: { json: navSaveSchema },
  response: navTreeSchema.extend({ checked: z.number().int() }),
  async handler({ body, db, request, messages }) {
    const locale = marketOf(body.countryId);
    const dead: DeadLink[] = invalidLinks(locale, body.items);
    const pages = pagesToCheck(locale, body.items);
    const missing = await missingPages(siteOrigin(request), [...pages.keys()]);
    for (const [page, entries] of pages) if (missing.has(page)) dead.push(...entries);
    if (dead.length) {
      throw new ApiError(422, dead.map((d) => `Dead link: ${d.label} (${d.url})`), { data: { deadLinks: dead.map((d) => deadLinkSchema.parse(d)) } });
    }
    // Replace the menu: entries kept by id are updated, new ones inserted, the others deleted; parents first.
    const keep = body.items.flatMap((i) => [i.id, ...i.children.map((c) => c.id)]).filter((x): x is number => x !== undefined);
    await db.query('delete from public.website_nav where country_id = $1 and not (id = any($2::bigint[]))', [body.countryId, keep]);
    const upsert = async (e: { id?: number; label: string; url: string; isActive: boolean }, parentId: number | null, sortOrder: number): Promise<number> => {
      if (e.id) {
        const { rows } = await db.query<{ id: number }>(
          `update public.website_nav set parent_id = $3, label = $4, url = $5, is_active = $6, sort_order = $7 where id = $1 and country_id = $2 returning id::int as id`,
          [e.id, body.countryId, parentId, e.label, e.url, e.isActive, sortOrder],
        );
        if (rows[0]) return rows[0].id;
      }
      const { rows } = await db.query<{ id: number }>(
        `insert into public.website_nav (country_id, parent_id, label, url, is_active, sort_order) values ($1, $2, $3, $4, $5, $6) returning id::int as id`,
        [body.countryId, parentId, e.label, e.url, e.isActive, sortOrder],
      );
      return rows[0].id;
    };
    let order = 0;
    for (const item of body.items) {
      const parent = await upsert(item, null, (order += 10));
      let childOrder = 0;
      for (const child of item.children) await upsert(child, parent, (childOrder += 10));
    }
    messages.push('Update successfully');
    return { items: await readTree(db, body.countryId), checked: pages.size };
  },
});

export default serve(getNav, copyNavFrom, saveNav);
export const config = { path: ['/api/admin/website-nav', '/api/admin/website-nav/copy'] };
