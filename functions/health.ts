/** GET /api/health: the database answers a real query. */
import { z } from 'zod';
import { defineEndpoint, serve } from '../src/server/endpoint';
import { serverDatabase } from '../src/server/runtime';

export const health = defineEndpoint({
  method: 'GET',
  path: '/api/health',
  summary: 'Service health: the database answers a real query',
  tags: ['platform'],
  auth: 'public',
  response: z.object({
    database: z.literal('ok'),
    engine: z.enum(['pglite', 'postgres']),
    serverVersion: z.string(),
    migrations: z.number().int(),
    time: z.string(),
  }),
  async handler({ db }) {
    const { rows } = await db.query(
      `select current_setting('server_version') as version, now() as time,
              (select count(*)::int from public.countries) as countries`,
    );
    const migrations = await (await serverDatabase()).pool.query('select count(*)::int as n from supabase_migrations.schema_migrations');
    return {
      database: 'ok' as const,
      engine: (await serverDatabase()).engine,
      serverVersion: String(rows[0].version),
      migrations: migrations.rows[0].n,
      time: new Date(rows[0].time).toISOString(),
    };
  },
});

export default serve(health);
export const config = { path: '/api/health' };
