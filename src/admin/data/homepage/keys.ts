/** Query keys of the homepage blocks and popular search keys (TanStack Query key factory, DESIGN §11). */
export const homepageKeys = {
  all: ['homepage'] as const,
  blocks: (countryId: number, kind: string) => [...homepageKeys.all, 'blocks', countryId, kind] as const,
  block: (id: number) => [...homepageKeys.all, 'block', id] as const,
  keys: (countryId: number) => [...homepageKeys.all, 'keys', countryId] as const,
  picker: (countryId: number, kind: string, keyword: string) => [...homepageKeys.all, 'picker', countryId, kind, keyword] as const,
  articles: (countryId: number, keyword: string, page: number) => [...homepageKeys.all, 'articles', countryId, keyword, page] as const,
};
