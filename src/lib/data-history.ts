/**
 * Data history (issue #40 item 3, SPEC §2 /admin/data-history): the call shapes shared by
 * functions/admin-data-history.ts and the admin screen, and the pure rules: which fields a change touched,
 * how the rows of one save become one entry, the link other screens use, and the retention.
 */
import { z } from 'zod';

/** Actions the triggers write; anything else (a patient-record reveal, written as 'read' or 'reveal') is a read. */
export const CHANGE_ACTIONS = ['INSERT', 'UPDATE', 'DELETE'] as const;
export type ChangeAction = (typeof CHANGE_ACTIONS)[number];
/** The screen's action filter: the three changes, or reads. */
export const ACTION_FILTERS = ['INSERT', 'UPDATE', 'DELETE', 'read'] as const;
export type ActionFilter = (typeof ACTION_FILTERS)[number];
export type EntryKind = ChangeAction | 'read';

export function actionKind(action: string): EntryKind {
  return (CHANGE_ACTIONS as readonly string[]).includes(action) ? (action as ChangeAction) : 'read';
}

/** Fields never shown as changed: bookkeeping every update moves. */
const IGNORED_FIELDS = new Set(['updated_at']);

/** Rows per page. One save is never split across pages: a page ends at the last whole save. */
export const HISTORY_PAGE_ROWS = 100;

/**
 * Retention: changes and reads older than 400 days are deleted by the daily clean-up
 * (functions/data-history-retention.ts). Why 400: a full year plus a month, so a yearly audit (or a patient's
 * "who looked at my record this year") always finds the whole year, and the table stops growing after 13 months.
 * The records themselves hold their current state; what goes is only how they got there.
 * The database refuses a shorter keep than a year (public.purge_data_history).
 */
export const DATA_HISTORY_RETENTION_DAYS = 400;
/** Rows deleted per statement, and statements per run: short locks, bounded work per run. */
export const RETENTION_BATCH_ROWS = 5000;
export const RETENTION_MAX_BATCHES = 40;

export function retentionCutoff(now: Date, days = DATA_HISTORY_RETENTION_DAYS): Date {
  return new Date(now.getTime() - days * 86_400_000);
}

/** Table names are identifiers of the schema (letters, digits, underscore). */
const tableName = z.string().regex(/^[a-z][a-z0-9_]{0,62}$/);

/** Keyset cursor: the (occurred_at, id) of the last row of the previous page. */
export const historyCursorSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z_\d+$/);

export const historyQuerySchema = z.object({
  table: tableName.optional(),
  record: z.string().trim().min(1).max(64).optional(),
  actor: z.uuid().optional(),
  action: z.enum(ACTION_FILTERS).optional(),
  /** Days as yyyy-mm-dd, read in UTC (the history spans every market). */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  before: historyCursorSchema.optional(),
});
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

export const fieldChangeSchema = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });
export type FieldChange = z.infer<typeof fieldChangeSchema>;

export const historyRowSchema = z.object({
  id: z.number().int(),
  table: z.string(),
  recordId: z.string(),
  action: z.string(),
  kind: z.enum(['INSERT', 'UPDATE', 'DELETE', 'read']),
  /** Only the fields that changed (for a read: the fields read, as recorded). */
  changes: z.array(fieldChangeSchema),
});
export type HistoryRow = z.infer<typeof historyRowSchema>;

export const historyActorSchema = z.object({
  id: z.string().nullable(),
  /** Staff name; null for a patient or the system (a patient's name is not repeated here). */
  name: z.string().nullable(),
  role: z.string().nullable(),
});

export const historyEntrySchema = z.object({
  /** The save's transaction id (null for rows written before transactions were recorded). */
  txId: z.string().nullable(),
  occurredAt: z.iso.datetime(),
  actor: historyActorSchema,
  rows: z.array(historyRowSchema),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const historyPageSchema = z.object({
  entries: z.array(historyEntrySchema),
  /** Cursor of the next (older) page, null at the end. */
  next: historyCursorSchema.nullable(),
  /** The record kinds the filter offers (tables with history). */
  tables: z.array(z.string()),
});
export type HistoryPage = z.infer<typeof historyPageSchema>;

type Json = Record<string, unknown> | null | undefined;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields one row's change touched, in the row's column order: an insert lists its non-empty fields, a delete
 * what was removed, an update only what differs. A read lists what the recorder wrote in `after` (the fields
 * revealed), never comparing.
 */
export function changedFields(action: string, before: Json, after: Json): FieldChange[] {
  const kind = actionKind(action);
  const out: FieldChange[] = [];
  if (kind === 'read') {
    for (const [field, value] of Object.entries(after ?? before ?? {})) out.push({ field, before: null, after: value });
    return out;
  }
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  for (const field of keys) {
    if (IGNORED_FIELDS.has(field)) continue;
    const b = before?.[field] ?? null;
    const a = after?.[field] ?? null;
    if (kind === 'UPDATE' && same(a, b)) continue;
    if (kind !== 'UPDATE' && a === null && b === null) continue;
    out.push({ field, before: kind === 'INSERT' ? null : b, after: kind === 'DELETE' ? null : a });
  }
  return out;
}

export interface RawHistoryRow {
  id: number;
  occurredAt: string;
  txId: string | null;
  actorId: string | null;
  actorName: string | null;
  actorRole: string | null;
  table: string;
  recordId: string;
  action: string;
  before: Json;
  after: Json;
}

/** Rows of one save: same transaction and same person (rows without a transaction id stand alone). */
const sameSave = (a: RawHistoryRow, b: RawHistoryRow) => a.txId !== null && a.txId === b.txId && a.actorId === b.actorId;

export const cursorOf = (r: { occurredAt: string; id: number }) => `${r.occurredAt}_${r.id}`;
export function parseCursor(cursor: string): { occurredAt: string; id: number } {
  const i = cursor.lastIndexOf('_');
  return { occurredAt: cursor.slice(0, i), id: Number(cursor.slice(i + 1)) };
}

/**
 * Rows (newest first, at most `limit + 1` read) into entries, one per save. When more rows than `limit` came back,
 * the last save may continue on the next page, so it is left for that page (unless it is the only one: a save
 * larger than a page is then shown in parts). `next` is the cursor after the last row kept.
 */
export function groupHistory(rows: readonly RawHistoryRow[], limit = HISTORY_PAGE_ROWS): { entries: HistoryEntry[]; next: string | null } {
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  const groups: RawHistoryRow[][] = [];
  for (const r of page) {
    const last = groups.at(-1);
    if (last && sameSave(last[0], r)) last.push(r);
    else groups.push([r]);
  }
  if (more && groups.length > 1 && sameSave(groups.at(-1)![0], rows[limit])) groups.pop();
  const entries = groups.map((g) => ({
    txId: g[0].txId,
    occurredAt: g[0].occurredAt,
    actor: { id: g[0].actorId, name: g[0].actorName, role: g[0].actorRole },
    rows: g.map((r) => ({ id: r.id, table: r.table, recordId: r.recordId, action: r.action, kind: actionKind(r.action), changes: changedFields(r.action, r.before, r.after) })),
  }));
  const lastRow = groups.at(-1)?.at(-1);
  return { entries, next: more && lastRow ? cursorOf(lastRow) : null };
}

/** The link a record's admin page gives to its history (e.g. the doctor detail page). */
export function dataHistoryHref(table: string, record?: string | number): string {
  const q = new URLSearchParams({ table });
  if (record !== undefined) q.set('record', String(record));
  return `/admin/data-history?${q}`;
}

/** A value as one line of text for the side-by-side view: objects as compact JSON, long text cut. */
export function showValue(v: unknown, max = 300): string {
  if (v === null || v === undefined) return '';
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}
