/**
 * Scheduled function (Netlify: `config.schedule`, every minute): a homepage block's publishing window changes the
 * home page when its start or end passes, with no row changing. public.record_homepage_window_edges logs each edge
 * that passed as a directory change (once), and the scheduled rebuild (functions/site-rebuild.ts) builds the
 * market's page from it within its usual delay. Not routed.
 */
import { serverDatabase } from '../src/server/runtime';

export const HOMEPAGE_WINDOW_SCHEDULE = '* * * * *';

export default async function homepageWindow(): Promise<Response> {
  const db = await serverDatabase();
  const { rows } = await db.pool.query<{ n: number }>('select public.record_homepage_window_edges() as n');
  const edges = rows[0]?.n ?? 0;
  if (edges) console.log(JSON.stringify({ level: 'info', what: 'homepage window edges', edges }));
  return Response.json({ edges }, { headers: { 'cache-control': 'no-store' } });
}

export const config = { schedule: HOMEPAGE_WINDOW_SCHEDULE };
