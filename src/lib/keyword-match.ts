/** Keyword match of the listing pages' in-page filter (src/scripts/listings.ts); no imports on purpose. */

/** Lower case without diacritics (Vietnamese đ as d), so 'benh vien' finds 'Bệnh viện'. */
export function searchText(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/g, 'd').replace(/Đ/g, 'D').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Every word of the keyword occurs in the text (any order); an empty keyword matches everything. */
export function matchesKeyword(text: string, keyword: string): boolean {
  const words = searchText(keyword).split(' ').filter(Boolean);
  if (words.length === 0) return true;
  const hay = searchText(text);
  return words.every((w) => hay.includes(w));
}
