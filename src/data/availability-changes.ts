/**
 * The availability journal (migration 20261125000100_availability_journal): which owners' public availability may
 * have changed since a cursor. Read as anon through public.availability_changes_since.
 */
import { prepared, type Queryable } from './db';
import type { ScheduleKind } from './schedules';

/** What a journal row names: a schedule owner, or a branch (its bookable doctors and services). */
export type JournalKind = ScheduleKind | 'branch';

/** One journal row: owner (kind, ownerId) may have changed; both null: any owner may have. */
export interface AvailabilityChange {
  id: number;
  kind: JournalKind | null;
  ownerId: number | null;
}

export interface AvailabilityChanges {
  /** What to ask with next time (the oldest transaction still running when this was read). */
  cursor: string;
  /** Rows of transactions that were running at, or began after, the read that returned the cursor asked with. */
  changes: AvailabilityChange[];
}

const SINCE_SQL = prepared('availability_changes_since', 'select public.availability_changes_since($1::xid8)::text as j');

/** The changes since `cursor`; null: none, only the cursor to start from. */
export async function readAvailabilityChanges(c: Queryable, cursor: string | null): Promise<AvailabilityChanges> {
  const { rows } = await c.query<{ j: string }>({ ...SINCE_SQL, values: [cursor] });
  const read = JSON.parse(rows[0].j) as { cursor: string; changes: [number, JournalKind | null, number | null][] };
  return { cursor: read.cursor, changes: read.changes.map(([id, kind, ownerId]) => ({ id: Number(id), kind, ownerId: ownerId === null ? null : Number(ownerId) })) };
}
