/**
 * Morning / afternoon / evening tabs and the slot grid (3 columns, SPEC §9), or the empty text of SPEC §8 the
 * slot engine chose. Slots announce their full date and time; 6 skeletons while loading.
 */
import { forwardRef, type KeyboardEvent } from 'react';
import { PARTS_OF_DAY, PART_OF_DAY_KEYS, type PartOfDay, type ScheduleDay, type TimeSlot } from '../../lib/slots';
import type { SlotPanel } from '../../lib/slot-selection';
import { fullDate } from './shared';
import type { CalendarLabels } from '../../lib/calendar-labels';

export const SLOT_SKELETONS = 6;

interface Props {
  idPrefix: string;
  labels: CalendarLabels;
  day: ScheduleDay | undefined;
  panel: SlotPanel;
  partOfDay: PartOfDay | null;
  selected: TimeSlot | null;
  loading: boolean;
  onPart(part: PartOfDay): void;
  onPick(slot: TimeSlot): void;
  t(key: string, params?: Record<string, string | number>): string;
}

export const SlotPicker = forwardRef<HTMLDivElement, Props>(function SlotPicker({ idPrefix, labels, day, panel, partOfDay, selected, loading, onPart, onPick, t }, ref) {
  const active = panel.kind === 'slots' ? panel.partOfDay : partOfDay;
  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>, i: number) => {
    const next = e.key === 'ArrowRight' ? (i + 1) % 3 : e.key === 'ArrowLeft' ? (i + 2) % 3 : -1;
    if (next < 0) return;
    e.preventDefault();
    onPart(PARTS_OF_DAY[next]);
    document.getElementById(`${idPrefix}-tab-${PARTS_OF_DAY[next]}`)?.focus();
  };
  const date = day ? fullDate(labels, day.workingDay) : '';
  return (
    <div className="bk-slots" ref={ref} tabIndex={-1} aria-label={date ? `${t('booking.selectTime')} – ${date}` : t('booking.selectTime')} data-testid="slot-picker">
      {!loading && day && day.slots > 0 && (
        <div className="bk-tabs" role="tablist" aria-label={t('booking.partOfDay')}>
          {PARTS_OF_DAY.map((p, i) => (
            <button
              key={p}
              id={`${idPrefix}-tab-${p}`}
              type="button"
              role="tab"
              aria-selected={active === p}
              aria-controls={`${idPrefix}-panel`}
              tabIndex={active === p ? 0 : -1}
              className={`bk-tab${active === p ? ' is-active' : ''}`}
              onClick={() => onPart(p)}
              onKeyDown={(e) => onTabKey(e, i)}
            >
              {t(PART_OF_DAY_KEYS[p])}
              <span className="bk-tab-count">{day.workingTimes[p].length}</span>
            </button>
          ))}
        </div>
      )}
      <div id={`${idPrefix}-panel`} role={day && day.slots > 0 ? 'tabpanel' : undefined} className="bk-slot-panel">
        {loading ? (
          <div className="bk-slot-grid" role="status" aria-busy="true" aria-label={t('booking.loading')}>
            {Array.from({ length: SLOT_SKELETONS }, (_, i) => (
              <span key={i} className="bk-skeleton bk-slot-skeleton" data-testid="slot-skeleton" aria-hidden="true" />
            ))}
          </div>
        ) : panel.kind === 'slots' ? (
          <div className="bk-slot-grid" data-testid="slot-grid">
            {panel.slots.map((s) => {
              const isSelected = selected?.schedule_id === s.schedule_id && selected.started === s.started;
              return (
                <button
                  key={`${s.schedule_id}-${s.started}`}
                  type="button"
                  className={`bk-slot${isSelected ? ' is-selected' : ''}`}
                  aria-pressed={isSelected}
                  aria-label={t('booking.slotLabel', { date, start: s.started, end: s.ended })}
                  data-slot={s.started}
                  onClick={() => onPick(s)}
                >
                  {s.started}
                </button>
              );
            })}
          </div>
        ) : (
          <div className="bk-empty" data-testid="slot-empty">
            <svg viewBox="0 0 48 48" width="40" height="40" aria-hidden="true">
              <rect x="8" y="12" width="32" height="28" rx="4" fill="none" stroke="currentColor" strokeWidth="2.5" />
              <path d="M8 20h32M16 8v8M32 8v8" stroke="currentColor" strokeWidth="2.5" />
            </svg>
            <p>{t(panel.messageKey)}</p>
          </div>
        )}
      </div>
    </div>
  );
});
