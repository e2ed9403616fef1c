/**
 * Table from column definitions (SPEC §3 "Table column definition": text, sort flag, sort key, alignment; the cell
 * kinds id, info, string, number, element, two_line, options, key), headless TanStack Table with server sorting:
 * a sort change gives sort_by and sort asc/desc. Rows may open on click and on Enter.
 */
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef as TanColumnDef, type SortingState } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { useT } from '../i18n';
import { EmptyData, Spinner } from './Spinner';
import { useErrorText } from './LoadFailure';

export type CellValue =
  | { kind: 'id'; value: string | number }
  | { kind: 'info'; image?: string | null; title: string; caption?: string | null }
  | { kind: 'string'; value: string | null | undefined }
  | { kind: 'number'; value: number | null | undefined }
  | { kind: 'element'; value: ReactNode }
  | { kind: 'two_line'; first: string; second?: string | null }
  | { kind: 'options'; value: ReactNode }
  | { kind: 'key'; label: string; colour: string };

export interface ColumnDef<T> {
  id: string;
  text: string;
  sortable?: boolean;
  /** sort_by sent for this column (default: its id). */
  sortKey?: string;
  align?: 'left' | 'center' | 'right';
  cell: (row: T) => CellValue;
}

export interface SortValue {
  sort_by?: string;
  sort?: 'asc' | 'desc';
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

export function Cell({ value, locale }: { value: CellValue; locale: string }) {
  switch (value.kind) {
    case 'id':
      return <span className="cell-id">#{value.value}</span>;
    case 'info':
      return (
        <span className="cell-info">
          {value.image ? <img src={value.image} alt="" width={40} height={40} className="avatar" /> : <span className="avatar avatar-initials" aria-hidden="true">{initials(value.title)}</span>}
          <span>
            <span className="cell-title">{value.title}</span>
            {value.caption ? <span className="cell-caption">{value.caption}</span> : null}
          </span>
        </span>
      );
    case 'string':
      return <>{value.value || '—'}</>;
    case 'number':
      return <>{value.value == null ? '—' : new Intl.NumberFormat(locale).format(value.value)}</>;
    case 'two_line':
      return (
        <span className="cell-two-line">
          <span>{value.first || '—'}</span>
          {value.second ? <span className="cell-caption">{value.second}</span> : null}
        </span>
      );
    case 'key':
      return <span className={`badge badge-${value.colour}`}>{value.label}</span>;
    default:
      return <>{value.value}</>;
  }
}

export interface DataTableProps<T> {
  columns: ColumnDef<T>[];
  rows: T[] | undefined;
  rowId: (row: T) => string;
  loading?: boolean;
  sort: SortValue;
  onSortChange: (sort: SortValue) => void;
  onRowClick?: (row: T) => void;
  /** Accessible name of the table. */
  label: string;
  /** The list's failed call: shown with a retry instead of 'Empty data' (issue #38 item 11). */
  error?: unknown;
  onRetry?: () => void;
}

export function DataTable<T>(p: DataTableProps<T>) {
  const { locale, t } = useT();
  const errorText = useErrorText();
  const columns: TanColumnDef<T>[] = p.columns.map((c) => ({
    id: c.sortKey ?? c.id,
    header: c.text,
    enableSorting: !!c.sortable,
    cell: (ctx) => <Cell value={c.cell(ctx.row.original)} locale={locale} />,
  }));
  const sorting: SortingState = p.sort.sort_by ? [{ id: p.sort.sort_by, desc: p.sort.sort === 'desc' }] : [];
  const table = useReactTable({
    data: p.rows ?? [],
    columns,
    state: { sorting },
    manualSorting: true,
    enableSortingRemoval: false,
    getRowId: p.rowId,
    getCoreRowModel: getCoreRowModel(),
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      p.onSortChange(first ? { sort_by: first.id, sort: first.desc ? 'desc' : 'asc' } : {});
    },
  });
  const byId = new Map(p.columns.map((c) => [c.sortKey ?? c.id, c]));
  const align = (id: string) => byId.get(id)?.align ?? 'left';

  // The row actions column stays in view at the right edge while a wide table scrolls sideways.
  const cellClass = (id: string) => `align-${align(id)}${id === 'actions' ? ' col-actions' : ''}`;
  return (
    // Scrolls sideways on a phone: focusable, so a keyboard user can scroll it too (axe scrollable-region-focusable).
    <div className="table-wrap" tabIndex={0} role="group" aria-label={p.label}>
      <table className="table" aria-label={p.label} aria-busy={p.loading}>
        <thead>
          {table.getHeaderGroups().map((g) => (
            <tr key={g.id}>
              {g.headers.map((h) => {
                const sorted = h.column.getIsSorted();
                return (
                  <th key={h.id} scope="col" className={cellClass(h.column.id)} aria-sort={sorted ? (sorted === 'desc' ? 'descending' : 'ascending') : undefined}>
                    {h.column.getCanSort() ? (
                      <button type="button" className="sort-btn" onClick={h.column.getToggleSortingHandler()}>
                        {flexRender(h.column.columnDef.header, h.getContext())}
                        <span aria-hidden="true" className="sort-icon">{sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}</span>
                        <span className="sr-only">{t('admin.table.sort')}</span>
                      </button>
                    ) : (
                      flexRender(h.column.columnDef.header, h.getContext())
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {p.error && !p.loading ? (
            <tr>
              <td colSpan={columns.length}>
                <div className="load-failure" role="alert">
                  <p>{t('admin.edges.loadFailed')} {errorText(p.error)}</p>
                  {p.onRetry ? (
                    <button type="button" className="btn btn-primary" onClick={p.onRetry}>
                      {t('admin.edges.retry')}
                    </button>
                  ) : null}
                </div>
              </td>
            </tr>
          ) : p.loading && !p.rows ? (
            <tr>
              <td colSpan={columns.length}>
                <Spinner />
              </td>
            </tr>
          ) : table.getRowModel().rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length}>
                <EmptyData />
              </td>
            </tr>
          ) : (
            table.getRowModel().rows.map((r) => (
              <tr
                key={r.id}
                className={p.onRowClick ? 'row-link' : undefined}
                // A row that opens is a stop in the tab order and opens on Enter, like the click (issue #38 item 11).
                tabIndex={p.onRowClick ? 0 : undefined}
                onKeyDown={p.onRowClick ? (e) => e.key === 'Enter' && e.target === e.currentTarget && p.onRowClick!(r.original) : undefined}
                onClick={p.onRowClick ? (e) => !(e.target as HTMLElement).closest('button, a, [role="menu"]') && p.onRowClick!(r.original) : undefined}
              >
                {r.getVisibleCells().map((c) => (
                  <td key={c.id} className={cellClass(c.column.id)}>
                    {/* Rendered as an element, not through flexRender: the screens build their column definitions on
                        every render, and flexRender takes a new cell function for a new component type, so every
                        cell was mounted again on each render (a focused switch lost focus when its popup closed). */}
                    <Cell value={byId.get(c.column.id)!.cell(r.original)} locale={locale} />
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
