/**
 * Scheduled function (Netlify: `config.schedule`, daily at 03:17 UTC): the data history's retention (issue #40
 * item 3). Rows older than DATA_HISTORY_RETENTION_DAYS (400 days; src/lib/data-history.ts says why) are deleted in
 * batches by public.purge_data_history, so the table stops growing after 13 months instead of without bound.
 * Server-only: runs as the login role (no API role may call the function). Not routed.
 */
import { DATA_HISTORY_RETENTION_DAYS, RETENTION_BATCH_ROWS, RETENTION_MAX_BATCHES } from '../src/lib/data-history';
import { serverDatabase } from '../src/server/runtime';

export const DATA_HISTORY_RETENTION_SCHEDULE = '17 3 * * *';

export default async function dataHistoryRetention(): Promise<Response> {
  const db = await serverDatabase();
  const { rows } = await db.pool.query<{ n: string }>('select public.purge_data_history($1, $2, $3) as n', [DATA_HISTORY_RETENTION_DAYS, RETENTION_BATCH_ROWS, RETENTION_MAX_BATCHES]);
  const deleted = Number(rows[0]?.n ?? 0);
  if (deleted) console.log(JSON.stringify({ level: 'info', what: 'data history retention', deleted, keepDays: DATA_HISTORY_RETENTION_DAYS }));
  return Response.json({ deleted }, { headers: { 'cache-control': 'no-store' } });
}

export const config = { schedule: DATA_HISTORY_RETENTION_SCHEDULE };
