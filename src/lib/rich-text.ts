/**
 * Rich text on the public pages (issue 37): a branch's about and patient guide are HTML once a manager saved them
 * with the admin's editor, plain lines before (the seed, older rows). Pure: splits either into the blocks the
 * hospital page shows (and after which its ad may sit); the HTML itself is sanitized on the server (src/server/rich-text.ts).
 */
export function isRichText(text: string | null | undefined): boolean {
  return !!text && /^\s*<(p|ul|ol|h[1-6]|blockquote)\b/i.test(text);
}

/** Top-level blocks of sanitized HTML (<p>, lists, headings, quotes), in order. */
export function richTextBlocks(html: string): string[] {
  const out: string[] = [];
  const re = /<(p|ul|ol|h[1-6]|blockquote)\b[^>]*>[\s\S]*?<\/\1>/gi;
  for (const m of html.matchAll(re)) if (m[0].replace(/<[^>]+>/g, '').trim()) out.push(m[0]);
  return out;
}
