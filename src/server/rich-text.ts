/**
 * Rich text of the admin's editors (issue 37: a branch's about and patient guide, written with Tiptap): sanitized
 * with sanitize-html on the server before it is stored, and again when a page renders it (a manager may also write
 * the column through the Data API, which no function sees). Only the blocks and marks the editor produces survive;
 * links keep http(s) and mailto/tel and open safely.
 */
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'h3', 'h4', 'blockquote', 'a'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }), h1: 'h3', h2: 'h3', b: 'strong', i: 'em' },
};

/** The HTML kept, or null when nothing visible is left. */
export function sanitizeRichText(html: string | null | undefined): string | null {
  if (!html) return null;
  const clean = sanitizeHtml(html, OPTIONS).trim();
  return sanitizeHtml(clean, { allowedTags: [], allowedAttributes: {} }).trim() === '' ? null : clean;
}
