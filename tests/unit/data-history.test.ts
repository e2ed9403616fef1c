import { describe, expect, it } from 'vitest';
import { actionKind, changedFields, cursorOf, dataHistoryHref, groupHistory, historyEntrySchema, parseCursor, retentionCutoff, showValue, type RawHistoryRow } from '../../src/lib/data-history';

const row = (id: number, txId: string | null, extra: Partial<RawHistoryRow> = {}): RawHistoryRow => ({
  id,
  occurredAt: `2026-11-28T10:00:00.${String(id).padStart(6, '0')}Z`,
  txId,
  actorId: 'a0000000-0000-4000-8000-000000000001',
  actorName: 'Admin',
  actorRole: 'admin',
  table: 'doctors',
  recordId: String(id),
  action: 'UPDATE',
  before: { id, name: 'A', updated_at: 'x' },
  after: { id, name: 'B', updated_at: 'y' },
  ...extra,
});

describe('changedFields', () => {
  it('lists only the fields an update changed, never updated_at', () => {
    expect(changedFields('UPDATE', { id: 1, name: 'A', price: 10, updated_at: '1' }, { id: 1, name: 'B', price: 10, updated_at: '2' })).toEqual([{ field: 'name', before: 'A', after: 'B' }]);
  });
  it('compares objects and arrays by value', () => {
    expect(changedFields('UPDATE', { tags: ['a'], o: { x: 1 } }, { tags: ['a'], o: { x: 2 } })).toEqual([{ field: 'o', before: { x: 1 }, after: { x: 2 } }]);
  });
  it('shows an insert as its non-empty fields after, a delete as its fields before', () => {
    expect(changedFields('INSERT', null, { id: 3, name: 'N', note: null })).toEqual([
      { field: 'id', before: null, after: 3 },
      { field: 'name', before: null, after: 'N' },
    ]);
    expect(changedFields('DELETE', { id: 3, name: 'N' }, null)).toEqual([
      { field: 'id', before: 3, after: null },
      { field: 'name', before: 'N', after: null },
    ]);
  });
  it('treats any other action (a patient-record reveal) as a read listing what was read', () => {
    expect(actionKind('reveal')).toBe('read');
    expect(actionKind('read')).toBe('read');
    expect(actionKind('UPDATE')).toBe('UPDATE');
    expect(changedFields('reveal', null, { field: 'phone' })).toEqual([{ field: 'field', before: null, after: 'phone' }]);
  });
});

describe('groupHistory', () => {
  it('makes one entry of the rows of one save, and keeps other saves apart', () => {
    const { entries, next } = groupHistory([row(5, '100'), row(4, '100', { table: 'doctor_services' }), row(3, '99'), row(2, null), row(1, null)], 10);
    expect(entries.map((e) => e.rows.map((r) => r.id))).toEqual([[5, 4], [3], [2], [1]]);
    expect(next).toBeNull();
    for (const e of entries) expect(historyEntrySchema.parse(e)).toBeTruthy();
  });
  it('does not merge two people in the same transaction id', () => {
    const { entries } = groupHistory([row(2, '7'), row(1, '7', { actorId: null, actorRole: null, actorName: null })], 10);
    expect(entries).toHaveLength(2);
  });
  it('leaves a save that may continue on the next page for that page, and says where to continue', () => {
    const rows = [row(6, '3'), row(5, '2'), row(4, '2'), row(3, '2')];
    const { entries, next } = groupHistory(rows, 3);
    expect(entries.map((e) => e.rows.map((r) => r.id))).toEqual([[6]]);
    expect(next).toBe(cursorOf(rows[0]));
    expect(parseCursor(next!)).toEqual({ occurredAt: rows[0].occurredAt, id: 6 });
  });
  it('shows a save larger than a page in parts rather than never', () => {
    const { entries, next } = groupHistory([row(3, '2'), row(2, '2'), row(1, '2')], 2);
    expect(entries.map((e) => e.rows.length)).toEqual([2]);
    expect(next).toBe(cursorOf(row(2, '2')));
  });
  it('keeps the last save whole when the next row belongs to another', () => {
    const { entries, next } = groupHistory([row(3, '5'), row(2, '4'), row(1, '3')], 2);
    expect(entries.map((e) => e.rows[0].id)).toEqual([3, 2]);
    expect(next).toBe(cursorOf(row(2, '4')));
  });
});

describe('links, values and retention', () => {
  it('links a record to its history', () => {
    expect(dataHistoryHref('doctors', 42)).toBe('/admin/data-history?table=doctors&record=42');
    expect(dataHistoryHref('website_nav')).toBe('/admin/data-history?table=website_nav');
  });
  it('shows values as one line, cut when long', () => {
    expect(showValue(null)).toBe('');
    expect(showValue({ a: 1 })).toBe('{"a":1}');
    expect(showValue('x'.repeat(400), 10)).toHaveLength(10);
  });
  it('keeps 400 days', () => {
    expect(retentionCutoff(new Date('2026-11-28T00:00:00Z')).toISOString()).toBe('2025-10-24T00:00:00.000Z');
  });
});
