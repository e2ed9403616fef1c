/**
 * Reads netlify.toml so the local server applies the same redirects and headers as production:
 * one source of truth for both.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';

/** Netlify's redirect conditions the site uses: the visitor's language (the nf_lang cookie, else Accept-Language) and cookies present. */
export interface RedirectConditions { Language?: string[]; Cookie?: string[] }
export interface RedirectRule { from: string; to: string; status: number; force: boolean; query?: Record<string, string>; conditions?: RedirectConditions }
export type { HeaderRule } from '../../src/integrations/page-headers';
import type { HeaderRule } from '../../src/integrations/page-headers';
export interface NetlifyConfig { redirects: RedirectRule[]; headers: HeaderRule[] }

export function readNetlifyConfig(root = process.cwd()): NetlifyConfig {
  const toml = parse(readFileSync(path.join(root, 'netlify.toml'), 'utf8')) as Record<string, unknown>;
  const redirects = ((toml.redirects as Record<string, unknown>[] | undefined) ?? []).map((r) => ({
    from: String(r.from),
    to: String(r.to),
    status: Number(r.status ?? 301),
    force: Boolean(r.force ?? false),
    query: r.query as Record<string, string> | undefined,
    conditions: r.conditions as RedirectConditions | undefined,
  }));
  const headers = ((toml.headers as Record<string, unknown>[] | undefined) ?? []).map((h) => ({
    for: String(h.for),
    values: Object.fromEntries(Object.entries((h.values as Record<string, unknown>) ?? {}).map(([k, v]) => [k, String(v)])),
  }));
  return { redirects, headers };
}

/**
 * Whether a request meets a rule's conditions, as Netlify decides them: Language is the nf_lang cookie when set,
 * else the first language of Accept-Language (its two-letter code); Cookie holds when any named cookie is sent.
 */
export function conditionsMatch(conditions: RedirectConditions | undefined, headers: { cookie?: string | null; acceptLanguage?: string | null }): boolean {
  if (!conditions) return true;
  const cookies = new Map((headers.cookie ?? '').split(';').map((c) => c.trim().split('=')).filter(([k]) => k).map(([k, ...v]) => [k, decodeURIComponent(v.join('='))]));
  if (conditions.Cookie && !conditions.Cookie.some((name) => cookies.has(name))) return false;
  if (conditions.Language) {
    const language = (cookies.get('nf_lang') ?? (headers.acceptLanguage ?? '').split(',')[0].trim().slice(0, 2)).toLowerCase();
    if (!conditions.Language.map((l) => l.toLowerCase()).includes(language)) return false;
  }
  return true;
}

/** Netlify path patterns: '/*' (splat) and ':name' placeholders. Returns the captured values or null. */
export function matchNetlifyPath(pattern: string, pathname: string): Record<string, string> | null {
  const names: string[] = [];
  const source = pattern
    .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
    .replace(/\/\*$/, () => {
      names.push('splat');
      return '(?:/(.*))?';
    })
    .replace(/:(\w+)/g, (_, n: string) => {
      names.push(n);
      return '([^/]+)';
    });
  const m = new RegExp(`^${source}/?$`).exec(pathname);
  if (!m) return null;
  return Object.fromEntries(names.map((n, i) => [n, m[i + 1] ?? '']));
}

export function fillTarget(to: string, values: Record<string, string>): string {
  return to.replace(/:(\w+)/g, (whole, n: string) => (n in values ? values[n] : whole));
}
