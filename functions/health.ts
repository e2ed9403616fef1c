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
  // Reads the migration history, which the API roles cannot see: one query as the server, no caller transaction.
  database: 'none',
  response: z.object({
    database: z.literal('ok'),
    engine: z.enum(['pglite', 'postgres']),
    serverVersion: z.string(),
    migrations: z.number().int(),
    time: z.string(),
    hospitals: z.number().int(),
  }),
  async handler() {
    const db = await serverDatabase();
    const { rows } = await db.pool.query(
      `select current_setting('server_version') as version, now() as time,
              (select count(*)::int from supabase_migrations.schema_migrations) as migrations,
              (select count(*)::int from public.hospitals) as hospitals`,
    );
    return {
      database: 'ok' as const,
      engine: db.engine,
      serverVersion: String(rows[0].version),
      migrations: rows[0].migrations,
      time: new Date(rows[0].time).toISOString(),
      hospitals: rows[0].hospitals,
    };
  },
});

export default serve(health);
export const config = { path: '/api/health' };
