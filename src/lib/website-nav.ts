/**
 * Website navigation (issue #40 item 2, SPEC §2 /admin/website-nav): a two-level menu per market, kept in
 * public.website_nav, edited in the admin and read by the public header at build time. Pure rules shared by
 * functions/admin-website-nav.ts, the admin screen and the header: the call shapes, where a link leads, which
 * links the save checks against the built pages, copying a menu from another market, and the public tree.
 */
import { z } from 'zod';
import { LOCALE_CONFIG, LOCALES, type Locale } from '../../i18n/locales';
import { storedHref } from './homepage';

export const NAV_MAX_TOP = 10;
export const NAV_MAX_CHILDREN = 12;
export const NAV_LABEL_MAX = 40;

const link = z
  .string()
  .trim()
  .min(1, 'This field is required')
  .max(500, '*500 characters limit')
  .refine((u) => /^https:\/\//i.test(u) || (u.startsWith('/') && !u.startsWith('//')), 'Invalid format');

const label = z.string().trim().min(1, 'This field is required').max(NAV_LABEL_MAX, `*${NAV_LABEL_MAX} characters limit`);

export const navChildInputSchema = z.object({ id: z.number().int().positive().optional(), label, url: link, isActive: z.boolean().default(true) });
export const navItemInputSchema = navChildInputSchema.extend({ children: z.array(navChildInputSchema).max(NAV_MAX_CHILDREN).default([]) });
export type NavItemInput = z.infer<typeof navItemInputSchema>;
export const navSaveSchema = z.object({ countryId: z.coerce.number().int().min(1).max(32767), items: z.array(navItemInputSchema).max(NAV_MAX_TOP) });
export type NavSave = z.infer<typeof navSaveSchema>;

export const navChildSchema = z.object({ id: z.number().int(), label: z.string(), url: z.string(), isActive: z.boolean() });
export const navItemSchema = navChildSchema.extend({ children: z.array(navChildSchema) });
export type NavItem = z.infer<typeof navItemSchema>;
export const navTreeSchema = z.object({ items: z.array(navItemSchema) });

/** A dead link the check found: the entry's label and its link, for the message naming it. */
export const deadLinkSchema = z.object({ label: z.string(), url: z.string() });
export type DeadLink = z.infer<typeof deadLinkSchema>;

export function localeOfCountry(countryId: number): Locale | undefined {
  return LOCALES.find((l) => LOCALE_CONFIG[l].countryId === countryId);
}

/**
 * Where a menu link leads in a market: a page of the built site (its path with the locale prefix, without query
 * or fragment: what the check asks for) or an external https address (not checked: another site).
 */
export function navLinkTarget(locale: Locale, url: string): { kind: 'page'; href: string; page: string } | { kind: 'external'; href: string } | null {
  const to = storedHref(locale, url);
  if (!to) return null;
  if (to.external) return /^https:\/\//i.test(to.href) ? { kind: 'external', href: to.href } : null;
  const page = to.href.replace(/[?#].*$/, '');
  return { kind: 'page', href: to.href, page: page.endsWith('/') || /\.[a-z0-9]+$/i.test(page) ? page : `${page}/` };
}

/** Every entry of a menu (top level and children) with its label, in order. */
export function navEntries(items: readonly { label: string; url: string; children?: readonly { label: string; url: string }[] }[]): { label: string; url: string }[] {
  return items.flatMap((i) => [{ label: i.label, url: i.url }, ...(i.children ?? []).map((c) => ({ label: c.label, url: c.url }))]);
}

/** The built pages a save must find: one per distinct page, with the entries that lead there. */
export function pagesToCheck(locale: Locale, items: Parameters<typeof navEntries>[0]): Map<string, { label: string; url: string }[]> {
  const out = new Map<string, { label: string; url: string }[]>();
  for (const e of navEntries(items)) {
    const t = navLinkTarget(locale, e.url);
    if (t?.kind !== 'page') continue;
    out.set(t.page, [...(out.get(t.page) ?? []), e]);
  }
  return out;
}

/** Links that lead nowhere valid at all (neither a page path nor https), named like dead links. */
export function invalidLinks(locale: Locale, items: Parameters<typeof navEntries>[0]): DeadLink[] {
  return navEntries(items).filter((e) => navLinkTarget(locale, e.url) === null);
}

/**
 * Another market's menu as a starting point for this one: ids dropped (they are new entries here), links into the
 * other market's pages moved to this market's prefix. Labels stay as they were, to be put in this market's
 * language before saving.
 */
export function copyNav(items: readonly NavItem[], from: Locale, to: Locale): NavItemInput[] {
  const a = `/${LOCALE_CONFIG[from].prefix}`;
  const b = `/${LOCALE_CONFIG[to].prefix}`;
  const move = (u: string) => (u === a || u.startsWith(`${a}/`) ? b + u.slice(a.length) : u);
  return items.map((i) => ({ label: i.label, url: move(i.url), isActive: i.isActive, children: i.children.map((c) => ({ label: c.label, url: move(c.url), isActive: c.isActive })) }));
}

export interface NavRow { id: number; parentId: number | null; label: string; url: string; sortOrder: number; isActive: boolean }

/** Rows into the two-level tree, in sort order; `activeOnly` for the public header (an inactive parent hides its children). */
export function navTree(rows: readonly NavRow[], activeOnly = false): NavItem[] {
  const sorted = [...rows].filter((r) => !activeOnly || r.isActive).sort((x, y) => x.sortOrder - y.sortOrder || x.id - y.id);
  const top = sorted.filter((r) => r.parentId === null);
  return top.map((t) => ({
    id: t.id,
    label: t.label,
    url: t.url,
    isActive: t.isActive,
    children: sorted.filter((r) => r.parentId === t.id).map((c) => ({ id: c.id, label: c.label, url: c.url, isActive: c.isActive })),
  }));
}
