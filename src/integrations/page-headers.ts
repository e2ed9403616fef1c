/**
 * The pages' Content-Security-Policy, written after the build (issue 24, finding 9). Astro's island loaders and
 * the few `is:inline` scripts are inline: instead of 'unsafe-inline', the policy lists the SHA-256 of each inline
 * script the built pages hold (a handful: the same scripts repeat on every page), so an injected script runs
 * nowhere. The hashes exist only once the pages do, so the policy goes into the site's `_headers` file, which
 * Netlify serves with the pages (next to netlify.toml's other headers) and the local server reads the same way.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pageContentSecurityPolicy, pagePolicyFromEnv } from '../server/headers';

/** Netlify's headers file in the publish directory. */
export const HEADERS_FILE = '_headers';

const SCRIPT_OPEN = Buffer.from('<script');
const SCRIPT_CLOSE = Buffer.from('</script');
/** Inline scripts that are data, not code: the browser runs none of them, so no policy entry is needed. */
const DATA_TYPE = /\btype\s*=\s*["']?(application\/(ld\+)?json|text\/plain)\b/i;

/**
 * 'sha256-…' of each inline script of a page (a `<script>` without `src` that the browser runs), over its bytes
 * as they stand between the tags: what a browser hashes. Bytes, not a decoded string: the pages are UTF-8.
 */
export function inlineScriptHashes(html: Buffer): string[] {
  const out: string[] = [];
  let at = 0;
  for (;;) {
    const open = html.indexOf(SCRIPT_OPEN, at);
    if (open < 0) return out;
    const tagEnd = html.indexOf(0x3e /* > */, open);
    if (tagEnd < 0) return out;
    const close = html.indexOf(SCRIPT_CLOSE, tagEnd);
    if (close < 0) return out;
    at = close + SCRIPT_CLOSE.length;
    const next = html[open + SCRIPT_OPEN.length];
    // '<scripts' or the like is not a script tag.
    if (next !== 0x3e && next !== 0x20 && next !== 0x09 && next !== 0x0a && next !== 0x2f) continue;
    const attributes = html.toString('latin1', open + SCRIPT_OPEN.length, tagEnd);
    if (/\bsrc\s*=/i.test(attributes) || DATA_TYPE.test(attributes)) continue;
    out.push(`sha256-${createHash('sha256').update(html.subarray(tagEnd + 1, close)).digest('base64')}`);
  }
}

/** The hashes of every inline script of every page of a built site, and how many pages were read. */
export function siteInlineScriptHashes(distDir: string): { hashes: string[]; pages: number } {
  const hashes = new Set<string>();
  let pages = 0;
  for (const file of readdirSync(distDir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.html')) continue;
    pages++;
    for (const h of inlineScriptHashes(readFileSync(path.join(distDir, file)))) hashes.add(h);
  }
  return { hashes: [...hashes].sort(), pages };
}

export interface HeaderRule { for: string; values: Record<string, string> }

/** Netlify's `_headers` syntax: a path line, then its headers indented as `Name: value`. */
export function formatHeadersFile(rules: readonly HeaderRule[]): string {
  return rules.map((r) => [r.for, ...Object.entries(r.values).map(([k, v]) => `  ${k}: ${v}`)].join('\n')).join('\n\n') + '\n';
}

/** Reads `_headers` text (comments with #, blank lines between rules). */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ for: line.trim(), values: {} });
      continue;
    }
    const colon = line.indexOf(':');
    if (colon > 0 && rules.length) rules[rules.length - 1].values[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return rules;
}

/** A built site's `_headers` rules, re-read when the file changes (a rebuild while the server runs). */
export function siteHeaderRules(distDir: string): () => HeaderRule[] {
  const file = path.join(distDir, HEADERS_FILE);
  let seen = -1;
  let rules: HeaderRule[] = [];
  return () => {
    const mtime = existsSync(file) ? statSync(file).mtimeMs : 0;
    if (mtime !== seen) {
      seen = mtime;
      rules = mtime ? parseHeadersFile(readFileSync(file, 'utf8')) : [];
    }
    return rules;
  };
}

/** Writes the pages' policy into the built site's `_headers`; answers what it measured. */
export async function writePageHeaders(distDir: string, env: Record<string, string | undefined> = process.env): Promise<{ pages: number; hashes: number; policy: string }> {
  const { hashes, pages } = siteInlineScriptHashes(distDir);
  const policy = pageContentSecurityPolicy(pagePolicyFromEnv(hashes, env));
  await writeFile(path.join(distDir, HEADERS_FILE), formatHeadersFile([{ for: '/*', values: { 'Content-Security-Policy': policy } }]));
  return { pages, hashes: hashes.length, policy };
}
