/**
 * GET /api/admin/data-history (issue #40 item 3): the data history for the platform admin, newest first, one
 * entry per save, with only the fields each row's change touched (src/lib/data-history.ts). Read as the caller:
 * the table's select policy lets platform admins only. Keyset pages over the indexes of migration
 * 20261128160000; the query is built with only the filters given so each one reaches its index.
 */
import { groupHistory, historyPageSchema, historyQuerySchema, HISTORY_PAGE_ROWS, parseCursor, type RawHistoryRow } from '../src/lib/data-history';
import { defineEndpoint, serve } from '../src/server/endpoint';

interface Row {
  id: string;
  occurred_at: string;
  tx_id: string | null;
  actor_id: string | null;
  actor_name: string | null;
  actor_role: string | null;
  table_name: string;
  row_id: string;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** The audited tables (those with a record_data_history trigger): the record kinds the filter offers. */
const AUDITED_TABLES = `select distinct c.relname as name
  from pg_catalog.pg_trigger t
  join pg_catalog.pg_class c on c.oid = t.tgrelid
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
  join pg_catalog.pg_proc p on p.oid = t.tgfoid and p.proname = 'record_data_history'
 order by 1`;

export const listDataHistory = defineEndpoint({
  method: 'GET',
  path: '/api/admin/data-history',
  summary: 'The data history: who changed (or read) which record when, only the changed fields, one entry per save',
  tags: ['admin'],
  auth: 'staff',
  roles: ['admin', 'super'],
  query: historyQuerySchema,
  response: historyPageSchema,
  async handler({ query, db }) {
    const where: string[] = [];
    const args: unknown[] = [];
    const arg = (v: unknown) => `$${args.push(v)}`;
    if (query.table) where.push(`h.table_name = ${arg(query.table)}`);
    if (query.record) where.push(`h.row_id = ${arg(query.record)}`);
    if (query.actor) where.push(`h.actor_id = ${arg(query.actor)}::uuid`);
    if (query.action === 'read') where.push(`h.action not in ('INSERT', 'UPDATE', 'DELETE')`);
    else if (query.action) where.push(`h.action = ${arg(query.action)}`);
    if (query.from) where.push(`h.occurred_at >= ${arg(query.from)}::date::timestamp at time zone 'UTC'`);
    if (query.to) where.push(`h.occurred_at < (${arg(query.to)}::date + 1)::timestamp at time zone 'UTC'`);
    if (query.before) {
      const c = parseCursor(query.before);
      where.push(`(h.occurred_at, h.id) < (${arg(c.occurredAt)}::timestamptz, ${arg(c.id)}::bigint)`);
    }
    const { rows } = await db.query<Row>(
      `select h.id, to_char(h.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as occurred_at, h.tx_id::text as tx_id,
              h.actor_id, a.name as actor_name, h.actor_role, h.table_name, h.row_id, h.action, h.before, h.after
         from (select * from public.data_history h
                ${where.length ? `where ${where.join(' and ')}` : ''}
                order by h.occurred_at desc, h.id desc
                limit ${arg(HISTORY_PAGE_ROWS + 1)}) h
         left join public.admin_users a on a.user_id = h.actor_id
        order by h.occurred_at desc, h.id desc`,
      args,
    );
    const raw: RawHistoryRow[] = rows.map((r) => ({
      id: Number(r.id),
      occurredAt: r.occurred_at,
      txId: r.tx_id,
      actorId: r.actor_id,
      actorName: r.actor_name,
      actorRole: r.actor_role,
      table: r.table_name,
      recordId: r.row_id,
      action: r.action,
      before: r.before,
      after: r.after,
    }));
    const tables = (await db.query<{ name: string }>(AUDITED_TABLES)).rows.map((t) => t.name);
    return { ...groupHistory(raw), tables };
  },
});

export default serve(listDataHistory);
export const config = { path: '/api/admin/data-history' };
