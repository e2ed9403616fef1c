/**
 * Arrow keys in the day and week views (issue 35, keyboard first): the grid's buttons (bookings and free slots) as
 * cells of a column and a start minute. Up and down go to the previous or next cell of the same column; left and
 * right to the nearest column that has cells on that side, at the cell nearest in time. Null: nowhere to go.
 */
export interface GridCell {
  col: number;
  min: number;
}
export type GridKey = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight';

export function gridStep(cells: readonly GridCell[], from: number, key: GridKey): number | null {
  const here = cells[from];
  if (!here) return null;
  const order = (a: number, b: number) => cells[a]!.min - cells[b]!.min || a - b;
  if (key === 'ArrowUp' || key === 'ArrowDown') {
    const column = cells.map((_, i) => i).filter((i) => cells[i]!.col === here.col).sort(order);
    const at = column.indexOf(from) + (key === 'ArrowDown' ? 1 : -1);
    return column[at] ?? null;
  }
  const side = key === 'ArrowRight' ? 1 : -1;
  const cols = [...new Set(cells.map((c) => c.col))].filter((c) => (c - here.col) * side > 0).sort((a, b) => (a - b) * side);
  const next = cols[0];
  if (next === undefined) return null;
  let best: number | null = null;
  cells.forEach((c, i) => {
    if (c.col !== next) return;
    if (best === null || Math.abs(c.min - here.min) < Math.abs(cells[best]!.min - here.min)) best = i;
  });
  return best;
}
