/**
 * /admin/data-history (SPEC §2, admin only; issue #40 item 3): every change as who, when and what record, with
 * only the fields that changed, before and after side by side; one save that touched several rows is one entry;
 * patient-record reveals are shown as reads. Filters live in the URL (record kind, record id, person, action,
 * days), so other screens link to a record's history with dataHistoryHref (src/lib/data-history.ts). Older entries
 * come page by page (keyset cursor `before`).
 */
import { useEffect, useId, useState } from 'react';
import { z } from 'zod';
import { LOCALE_CONFIG } from '../../../../i18n/locales';
import { ACTION_FILTERS, historyCursorSchema, showValue, type EntryKind, type HistoryEntry } from '../../../lib/data-history';
import { isStaffRole } from '../../../lib/admin-menu';
import { useDataHistory } from '../../data/data-history/queries';
import { useT, type AdminKey, type Translator } from '../../i18n';
import { Dropdown } from '../../kit/Dropdown';
import { useListState } from '../../kit/list-state';
import { LoadFailure } from '../../kit/LoadFailure';
import { EmptyData, Spinner } from '../../kit/Spinner';
import { roleLabel } from '../users/user-list/columns';
import './data-history.css';

const opt = <T extends z.ZodType>(s: T) => s.optional().catch(undefined);
export const historyUrlState = z.object({
  table: opt(z.string().regex(/^[a-z][a-z0-9_]{0,62}$/)),
  record: opt(z.string().trim().min(1).max(64)),
  actor: opt(z.uuid()),
  action: opt(z.enum(ACTION_FILTERS)),
  from: opt(z.iso.date()),
  to: opt(z.iso.date()),
  before: opt(historyCursorSchema),
});

const ALL = 'all';
const KIND_KEY: Record<EntryKind, AdminKey> = {
  INSERT: 'admin.history.action.insert',
  UPDATE: 'admin.history.action.update',
  DELETE: 'admin.history.action.delete',
  read: 'admin.history.action.read',
};
const KIND_BADGE: Record<EntryKind, string> = { INSERT: 'badge-green', UPDATE: 'badge-blue', DELETE: 'badge-red', read: 'badge-purple' };

function actorText(tr: Translator, actor: HistoryEntry['actor']): string {
  if (actor.role && isStaffRole(actor.role)) return `${actor.name ?? ''} · ${roleLabel(tr, actor.role)}`;
  if (actor.id) return tr.t('admin.history.actor.patient');
  return tr.t('admin.history.actor.system');
}

export default function DataHistoryScreen() {
  const tr = useT();
  const { t, locale } = tr;
  const [state, update] = useListState(historyUrlState);
  const q = useDataHistory(state);
  const market = LOCALE_CONFIG[locale];
  const when = new Intl.DateTimeFormat(market.htmlLang, { dateStyle: 'medium', timeStyle: 'medium', timeZone: market.timeZones[0] });
  // The record id is typed: sent when it settles (Enter or leaving the field), not on every key.
  const [record, setRecord] = useState(state.record ?? '');
  useEffect(() => setRecord(state.record ?? ''), [state.record]);
  const ids = { record: useId(), from: useId(), to: useId() };
  const filtered = Object.entries(state).some(([k, v]) => k !== 'before' && v !== undefined);

  const tables = q.data?.tables ?? (state.table ? [state.table] : []);
  return (
    <section aria-labelledby="history-heading" className="screen data-history">
      <h2 id="history-heading" className="sr-only">
        {t('admin.menu.data-history')}
      </h2>
      <div className="history-filters" role="group" aria-label={t('admin.history.filters')}>
        <div>
          <span className="field-label">{t('admin.history.recordKind')}</span>
          <Dropdown
            label={t('admin.history.recordKind')}
            placeholder={t('admin.history.allKinds')}
            value={state.table ?? ALL}
            options={[{ value: ALL, label: t('admin.history.allKinds') }, ...tables.map((name) => ({ value: name, label: name }))]}
            onChange={(v) => update({ table: v === ALL ? null : v, before: null })}
          />
        </div>
        <div>
          <label className="field-label" htmlFor={ids.record}>
            {t('admin.history.recordId')}
          </label>
          <input
            id={ids.record}
            className="input"
            inputMode="numeric"
            value={record}
            maxLength={64}
            onChange={(e) => setRecord(e.target.value)}
            onBlur={() => record.trim() !== (state.record ?? '') && update({ record: record.trim() || null, before: null })}
            onKeyDown={(e) => e.key === 'Enter' && update({ record: record.trim() || null, before: null })}
          />
        </div>
        <div>
          <span className="field-label">{t('admin.history.action')}</span>
          <Dropdown
            label={t('admin.history.action')}
            placeholder={t('admin.history.allActions')}
            value={state.action ?? ALL}
            options={[{ value: ALL, label: t('admin.history.allActions') }, ...ACTION_FILTERS.map((a) => ({ value: a, label: t(KIND_KEY[a]) }))]}
            onChange={(v) => update({ action: v === ALL ? null : v, before: null })}
          />
        </div>
        <div>
          <label className="field-label" htmlFor={ids.from}>
            {t('admin.history.from')}
          </label>
          <input id={ids.from} type="date" className="input" value={state.from ?? ''} max={state.to} onChange={(e) => update({ from: e.target.value || null, before: null })} />
        </div>
        <div>
          <label className="field-label" htmlFor={ids.to}>
            {t('admin.history.to')}
          </label>
          <input id={ids.to} type="date" className="input" value={state.to ?? ''} min={state.from} onChange={(e) => update({ to: e.target.value || null, before: null })} />
        </div>
        {state.actor ? (
          <p className="history-person">
            {t('admin.history.personFilter')}{' '}
            <button type="button" className="btn btn-small" onClick={() => update({ actor: null, before: null })}>
              {t('admin.history.clearPerson')}
            </button>
          </p>
        ) : null}
        {filtered ? (
          <button type="button" className="btn-link" onClick={() => update({ table: null, record: null, actor: null, action: null, from: null, to: null, before: null })}>
            {t('admin.history.clearFilters')}
          </button>
        ) : null}
      </div>
      <p className="history-zone">{t('admin.history.timesIn', { zone: market.timeZones[0] })}</p>
      {q.isError ? <LoadFailure error={q.error} /> : null}
      {q.isPending ? <Spinner /> : null}
      {q.data && q.data.entries.length === 0 ? <EmptyData /> : null}
      <ol className="history-entries" aria-busy={q.isFetching}>
        {q.data?.entries.map((e) => (
          <li key={`${e.rows[0].id}`} className="card history-entry">
            <header className="history-entry-head">
              <time dateTime={e.occurredAt}>{when.format(new Date(e.occurredAt))}</time>
              <span>
                {e.actor.id ? (
                  <button type="button" className="btn-link" title={t('admin.history.onlyThisPerson')} onClick={() => update({ actor: e.actor.id, before: null })}>
                    {actorText(tr, e.actor)}
                  </button>
                ) : (
                  actorText(tr, e.actor)
                )}
              </span>
              {e.rows.length > 1 ? <span className="badge badge-yellow">{t('admin.history.oneSave', { count: e.rows.length })}</span> : null}
            </header>
            {e.rows.map((r) => (
              <div key={r.id} className="history-row">
                <p className="history-row-head">
                  <span className={`badge ${KIND_BADGE[r.kind]}`}>{t(KIND_KEY[r.kind])}</span>{' '}
                  <button type="button" className="btn-link" onClick={() => update({ table: r.table, record: r.recordId, before: null })}>
                    <code>{r.table}</code> #{r.recordId}
                  </button>
                </p>
                {r.changes.length === 0 ? (
                  <p className="history-none">{t('admin.history.noFields')}</p>
                ) : (
                  <table className="history-diff">
                    <thead>
                      <tr>
                        <th scope="col">{t('admin.history.field')}</th>
                        {r.kind === 'read' ? null : <th scope="col">{t('admin.history.before')}</th>}
                        <th scope="col">{t(r.kind === 'read' ? 'admin.history.read' : 'admin.history.after')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {r.changes.map((c) => (
                        <tr key={c.field}>
                          <th scope="row">
                            <code>{c.field}</code>
                          </th>
                          {r.kind === 'read' ? null : <td className="history-before">{showValue(c.before)}</td>}
                          <td className="history-after">{showValue(c.after)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
              </div>
            ))}
          </li>
        ))}
      </ol>
      <div className="toolbar">
        {state.before ? (
          <button type="button" className="btn" onClick={() => update({ before: null })}>
            {t('admin.history.newest')}
          </button>
        ) : null}
        {q.data?.next ? (
          <button type="button" className="btn" onClick={() => update({ before: q.data!.next })}>
            {t('admin.history.older')}
          </button>
        ) : null}
      </div>
    </section>
  );
}
