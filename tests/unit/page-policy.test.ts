/**
 * The pages' Content-Security-Policy (issue 24, finding 9): the build hashes every inline script of the built
 * pages into `_headers`, and no inline script runs without its hash. Checked here on a small built site; the
 * e2e spec page-policy.spec.ts checks the real build as served.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADERS_FILE, formatHeadersFile, inlineScriptHashes, parseHeadersFile, writePageHeaders } from '../../src/integrations/page-headers';

// Each inline script the test knows, as a browser would hash it: the text between the tags.
const scripts = {
  island: '(()=>{var e=async t=>{await(await t())()};(self.Astro||(self.Astro={})).load=e;})();',
  vars: '(function(){const sessionKey = "care-auth-token";\n  var nav = document.querySelector("[data-account-nav]");\n})();',
  module: 'for(let e of document.querySelectorAll(`[data-banner-carousel]`)){e.hidden=false}',
  unicode: 'document.title = "Bệnh viện → 醫院";',
};
const page = (body: string) => `<!DOCTYPE html><html><head><meta charset="utf-8"><script>${scripts.island}</script></head><body>${body}</body></html>`;
const sha = (text: string) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

let dist: string;
beforeAll(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'page-policy-'));
  mkdirSync(path.join(dist, 'vi-vn/hospital/a'), { recursive: true });
  writeFileSync(path.join(dist, 'vi-vn/index.html'), page(`<script is:inline>${scripts.vars}</script><script type="module">${scripts.module}</script>`));
  writeFileSync(path.join(dist, 'vi-vn/hospital/a/index.html'), page(
    `<script type="application/ld+json">{"@type":"Hospital","name":"A"}</script><script type="module" src="/_astro/page.js"></script><script>${scripts.unicode}</script>`,
  ));
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('page policy', () => {
  it('hashes every inline script a browser runs, over its UTF-8 text, and skips data blocks and external scripts', () => {
    const html = Buffer.from(page(`<script type="application/ld+json">{}</script><script src="/x.js"></script><script>${scripts.unicode}</script>`));
    expect(inlineScriptHashes(html)).toEqual([sha(scripts.island), sha(scripts.unicode)]);
  });

  it('writes _headers whose policy lists the hash of every inline script of every page, and no unsafe-inline for scripts', async () => {
    const result = await writePageHeaders(dist, {});
    expect(result).toMatchObject({ pages: 2, hashes: 4 });
    const rules = parseHeadersFile(readFileSync(path.join(dist, HEADERS_FILE), 'utf8'));
    expect(rules.map((r) => r.for)).toEqual(['/*']);
    const csp = rules[0].values['Content-Security-Policy'];
    const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src '))!;
    for (const text of Object.values(scripts)) expect(scriptSrc).toContain(`'${sha(text)}'`);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(csp).not.toContain(sha('{"@type":"Hospital","name":"A"}'));
    expect(csp).toContain("img-src 'self' data: blob: https://i.ytimg.com;");
  });

  it('reads back what it writes in Netlify\'s _headers syntax', () => {
    const rules = [{ for: '/*', values: { 'Content-Security-Policy': "default-src 'self'", 'X-Test': 'a: b' } }];
    expect(parseHeadersFile(`# comment\n${formatHeadersFile(rules)}`)).toEqual(rules);
  });
});
