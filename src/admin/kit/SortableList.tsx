/**
 * A list ordered by drag and drop (@dnd-kit's sortable preset: pointer, touch and its keyboard sensor: space to
 * lift, arrows to move, space to drop) and by plain up/down buttons on each row, for those who would rather press
 * a button. Pure order rules: moveTo / moveBy of src/lib/admin-homepage.ts. The caller keeps the order (unsaved
 * until it saves) and renders each row's content.
 */
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, TouchSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ReactNode } from 'react';
import { moveBy, moveTo } from '../../lib/admin-homepage';
import { useT } from '../i18n';

export interface SortableListProps<T> {
  items: readonly T[];
  id: (item: T) => number;
  /** A short name of the item for the buttons' and handle's labels. */
  name: (item: T) => string;
  onOrder: (next: T[]) => void;
  render: (item: T, index: number) => ReactNode;
  label: string;
  disabled?: boolean;
}

export function SortableList<T>(p: SortableListProps<T>) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 5 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const ids = p.items.map(p.id);
  const onDragEnd = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    p.onOrder(moveTo(p.items, ids.indexOf(Number(e.active.id)), ids.indexOf(Number(e.over.id))));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={p.disabled}>
        <ol className="sortable-list" aria-label={p.label}>
          {p.items.map((item, i) => (
            <SortableRow key={ids[i]} id={ids[i]} index={i} count={p.items.length} name={p.name(item)} disabled={p.disabled} onMove={(delta) => p.onOrder(moveBy(p.items, i, delta))}>
              {p.render(item, i)}
            </SortableRow>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({ id, index, count, name, disabled, onMove, children }: { id: number; index: number; count: number; name: string; disabled?: boolean; onMove: (delta: -1 | 1) => void; children: ReactNode }) {
  const { t } = useT();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled });
  return (
    <li ref={setNodeRef} className={`sortable-row${isDragging ? ' is-dragging' : ''}`} style={{ transform: CSS.Transform.toString(transform), transition }} data-testid="sortable-row">
      <button type="button" ref={setActivatorNodeRef} className="icon-btn sortable-handle" aria-label={t('admin.order.drag', { name })} {...attributes} {...listeners}>
        <span aria-hidden="true">⠿</span>
      </button>
      <span className="sortable-position" aria-hidden="true">
        {index + 1}
      </span>
      <div className="sortable-content">{children}</div>
      <span className="sortable-buttons">
        <button type="button" className="btn btn-small" aria-label={t('admin.order.up', { name })} disabled={disabled || index === 0} onClick={() => onMove(-1)}>
          ↑
        </button>
        <button type="button" className="btn btn-small" aria-label={t('admin.order.down', { name })} disabled={disabled || index === count - 1} onClick={() => onMove(1)}>
          ↓
        </button>
      </span>
    </li>
  );
}
