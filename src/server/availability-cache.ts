/**
 * How long public availability answers (schedule calls, quick-booking searches) may be kept: Netlify's CDN keeps
 * each answer (per address) `cacheSeconds`, then answers it `staleSeconds` more while one call to the function,
 * in the background, replaces it (stale-while-revalidate: a visitor of an owner asked every few seconds never
 * waits at expiry). The function itself keeps nothing: each call that reaches it reads the database as the
 * caller. A slot booked or held disappears from every answer within AVAILABILITY_LAG_MS; booking re-checks in the
 * database (book_slot) whatever a kept answer said.
 */
export const AVAILABILITY_CDN = { cacheSeconds: 3, staleSeconds: 1 } as const;

/** The longest a public availability answer can lag the database: the CDN's fresh and stale seconds. */
export const AVAILABILITY_LAG_MS = (AVAILABILITY_CDN.cacheSeconds + AVAILABILITY_CDN.staleSeconds) * 1000;
