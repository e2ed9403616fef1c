/** GET /api/health: the database answers a real query. */
import { getDatabase } from '../src/data/db';
import { envelope } from '../src/lib/envelope';

export default async () => {
  try {
    const db = await getDatabase();
    const { rows } = await db.pool.query<{ now: string; hospitals: number }>(
      'select now()::text as now, (select count(*)::int from public.hospitals) as hospitals',
    );
    return envelope.ok({ database: 'ok', engine: db.engine, time: rows[0].now, hospitals: rows[0].hospitals }, { 'cache-control': 'no-store' });
  } catch (err) {
    console.error('[health] database check failed', err);
    return envelope.fail(['The database is not reachable.'], 503, { 'cache-control': 'no-store' });
  }
};

export const config = { path: '/api/health', method: 'GET' };
