/**
 * The records of the scheduled rebuilds (migration 20261126100100_site_builds): ops.site_builds, read and written
 * by the scheduled function only (as the database's own login), and what it reads of public.directory_changes.
 */
import type { Queryable } from './db';
import type { PendingChanges } from '../lib/site-rebuild';

/** The newest change id a started build covers (0: none yet). */
const MARK = `(select coalesce(max(through_change_id), 0) from ops.site_builds where status = 'started')`;

/** The directory changes no started build covers, or null when there are none. */
export async function pendingChanges(c: Queryable): Promise<PendingChanges | null> {
  const { rows } = await c.query<{ entity: string; n: number; through_id: string; oldest: Date; newest: Date }>(
    `select entity, count(*)::int as n, max(id)::text as through_id, min(changed_at) as oldest, max(changed_at) as newest
       from public.directory_changes where id > ${MARK} group by entity`,
  );
  if (!rows.length) return null;
  return {
    count: rows.reduce((n, r) => n + r.n, 0),
    throughId: Math.max(...rows.map((r) => Number(r.through_id))),
    oldestAt: Math.min(...rows.map((r) => new Date(r.oldest).getTime())),
    newestAt: Math.max(...rows.map((r) => new Date(r.newest).getTime())),
    entities: Object.fromEntries(rows.map((r) => [r.entity, r.n])),
  };
}

/** When the hook last accepted a build (epoch ms), or null. */
export async function lastStartedAt(c: Queryable): Promise<number | null> {
  const { rows } = await c.query<{ at: Date | null }>(`select max(started_at) as at from ops.site_builds where status = 'started'`);
  return rows[0].at ? new Date(rows[0].at).getTime() : null;
}

export interface BuildRecord {
  startedAt: Date;
  status: 'started' | 'failed';
  title: string;
  throughChangeId: number;
  changes: number;
  error?: string;
}

export async function recordBuild(c: Queryable, b: BuildRecord): Promise<void> {
  await c.query(`insert into ops.site_builds (started_at, status, title, through_change_id, changes, error) values ($1, $2, $3, $4, $5, $6)`, [
    b.startedAt,
    b.status,
    b.title,
    b.throughChangeId,
    b.changes,
    b.error ?? null,
  ]);
}
