/**
 * Search boxes (SPEC §5): keywords are sent only from 3 characters, debounced 300 ms, and cut to the box's
 * maximum rather than refused (issue #30 item 5). A module of its own: no imports, so the search page's script
 * stays light.
 */
export const SEARCH_DEBOUNCE_MS = 300;
/** Search keywords are sent from this many characters. */
export const SEARCH_MIN_CHARS = 3;
/** The longest keyword a search box sends (its maxlength); a longer one is cut to it, never refused. */
export const KEYWORD_MAX_CHARS = 100;

/** A keyword cut to KEYWORD_MAX_CHARS characters (whole code points) and trimmed. */
export function clampKeyword(input: string): string {
  const chars = [...input.trim()];
  return chars.length > KEYWORD_MAX_CHARS ? chars.slice(0, KEYWORD_MAX_CHARS).join('').trim() : chars.join('');
}

/** The keyword sent by a search box: trimmed and cut to the maximum, and only from 3 characters; otherwise none. */
export function searchKeyword(input: string | null | undefined, minChars = SEARCH_MIN_CHARS): string | undefined {
  const k = clampKeyword(input ?? '');
  return [...k].length >= minChars ? k : undefined;
}
