/** Rich text of a branch (issue 37): sanitized on the server (src/server/rich-text.ts), split into blocks on the page (src/lib/rich-text.ts). */
import { describe, expect, it } from 'vitest';
import { isRichText, richTextBlocks } from '../../src/lib/rich-text';
import { sanitizeRichText } from '../../src/server/rich-text';

describe('sanitizeRichText', () => {
  it('keeps the editor\'s blocks and marks, drops scripts, handlers and javascript links', () => {
    expect(sanitizeRichText('<p>A <strong>b</strong> <em>c</em></p><script>alert(1)</script><ul><li onclick="x()">d</li></ul>')).toBe('<p>A <strong>b</strong> <em>c</em></p><ul><li>d</li></ul>');
    expect(sanitizeRichText('<p><a href="javascript:alert(1)">x</a> <a href="https://example.com">y</a></p>')).toBe(
      '<p><a target="_blank" rel="noopener noreferrer nofollow">x</a> <a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">y</a></p>',
    );
    expect(sanitizeRichText('<h1>Title</h1><img src=x onerror=alert(1)>')).toBe('<h3>Title</h3>');
  });
  it('answers null when nothing visible is left', () => {
    expect(sanitizeRichText('<p></p><script>x</script>')).toBeNull();
    expect(sanitizeRichText('')).toBeNull();
  });
});

describe('richTextBlocks', () => {
  it('tells HTML from the older plain lines and splits the top-level blocks', () => {
    expect(isRichText('Line one\nLine two')).toBe(false);
    expect(isRichText('<p>x</p>')).toBe(true);
    expect(richTextBlocks('<p>a</p><ul><li>b</li></ul><p></p><h3>c</h3>')).toEqual(['<p>a</p>', '<ul><li>b</li></ul>', '<h3>c</h3>']);
  });
});
