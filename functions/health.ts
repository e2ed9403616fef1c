/**
 * GET /api/health: the database answers a real query. Anyone gets the bare liveness answer; a staff member's
 * token adds the engine, its version, the migration count and row counts (issue 24, finding 12: those told an
 * attacker what runs and how far it is migrated).
 */
import { z } from 'zod';
import { defineEndpoint, serve } from '../src/server/endpoint';
import { loadStaffProfile } from '../src/server/auth';
import { serverDatabase } from '../src/server/runtime';

export const health = defineEndpoint({
  method: 'GET',
  path: '/api/health',
  summary: 'Service health: the database answers a real query (details for staff)',
  tags: ['platform'],
  auth: 'public',
  // Reads the migration history, which the API roles cannot see: one query as the server, no caller transaction.
  database: 'none',
  response: z.object({
    database: z.literal('ok'),
    time: z.string(),
    details: z
      .object({
        engine: z.enum(['pglite', 'postgres']),
        serverVersion: z.string(),
        migrations: z.number().int(),
        hospitals: z.number().int(),
      })
      .optional(),
  }),
  async handler({ auth }) {
    const db = await serverDatabase();
    const staff = auth ? await loadStaffProfile(db.pool, auth.userId) : null;
    if (!staff) {
      const { rows } = await db.pool.query('select now() as time');
      return { database: 'ok' as const, time: new Date(rows[0].time).toISOString() };
    }
    const { rows } = await db.pool.query(
      `select current_setting('server_version') as version, now() as time,
              (select count(*)::int from supabase_migrations.schema_migrations) as migrations,
              (select count(*)::int from public.hospitals) as hospitals`,
    );
    return {
      database: 'ok' as const,
      time: new Date(rows[0].time).toISOString(),
      details: { engine: db.engine, serverVersion: String(rows[0].version), migrations: rows[0].migrations, hospitals: rows[0].hospitals },
    };
  },
});

export default serve(health);
export const config = { path: '/api/health' };
