/**
 * The records of the scheduled rebuilds (migration 20261126100100_site_builds): ops.site_builds, read and written
 * by the scheduled function only (as the database's own login), and what it reads of public.directory_changes.
 */
import type { Queryable } from './db';
import type { PendingChanges } from '../lib/site-rebuild';

/** The newest change id a started (hook), running or published (local) build covers (0: none yet). */
const MARK = `(select coalesce(max(through_change_id), 0) from ops.site_builds where status in ('started', 'building', 'published'))`;

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
  status: 'started' | 'failed' | 'published';
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

/**
 * The local rebuild (issue 37) claims the pending changes: a 'building' row covering them (one at a time: a unique
 * index refuses a second). Null when another build is running.
 */
export async function claimLocalBuild(c: Queryable, b: { startedAt: Date; title: string; throughChangeId: number; changes: number }): Promise<number | null> {
  const { rows } = await c.query<{ id: number }>(
    `insert into ops.site_builds (started_at, status, title, through_change_id, changes) values ($1, 'building', $2, $3, $4)
     on conflict do nothing returning id`,
    [b.startedAt, b.title, b.throughChangeId, b.changes],
  );
  return rows[0]?.id ?? null;
}

/** A local build ended: 'published' (served now) or 'failed' (its changes wait again). */
export async function finishLocalBuild(c: Queryable, id: number, status: 'published' | 'failed', error?: string): Promise<void> {
  await c.query(`update ops.site_builds set status = $2, finished_at = now(), error = $3 where id = $1 and status = 'building'`, [id, status, error ?? null]);
}

/** Local builds a stopped server left 'building' (it died mid-build): failed, so their changes wait again. */
export async function abandonLocalBuilds(c: Queryable): Promise<number> {
  const { rowCount } = await c.query(`update ops.site_builds set status = 'failed', finished_at = now(), error = 'interrupted' where status = 'building'`);
  return rowCount ?? 0;
}

/** The newest directory change now (0: none): a build started after this reads every change up to it. */
export async function newestChangeId(c: Queryable): Promise<number> {
  const { rows } = await c.query<{ id: string }>('select coalesce(max(id), 0)::text as id from public.directory_changes');
  return Number(rows[0].id);
}
