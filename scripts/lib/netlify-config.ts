/**
 * Reads netlify.toml so the local server applies the same redirects and headers as production:
 * one source of truth for both.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';

export interface RedirectRule { from: string; to: string; status: number; force: boolean; query?: Record<string, string> }
export interface HeaderRule { for: string; values: Record<string, string> }
export interface NetlifyConfig { redirects: RedirectRule[]; headers: HeaderRule[] }

export function readNetlifyConfig(root = process.cwd()): NetlifyConfig {
  const toml = parse(readFileSync(path.join(root, 'netlify.toml'), 'utf8')) as Record<string, unknown>;
  const redirects = ((toml.redirects as Record<string, unknown>[] | undefined) ?? []).map((r) => ({
    from: String(r.from),
    to: String(r.to),
    status: Number(r.status ?? 301),
    force: Boolean(r.force ?? false),
    query: r.query as Record<string, string> | undefined,
  }));
  const headers = ((toml.headers as Record<string, unknown>[] | undefined) ?? []).map((h) => ({
    for: String(h.for),
    values: Object.fromEntries(Object.entries((h.values as Record<string, unknown>) ?? {}).map(([k, v]) => [k, String(v)])),
  }));
  return { redirects, headers };
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
