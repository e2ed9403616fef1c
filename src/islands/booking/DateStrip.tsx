/**
 * The date strip (SPEC §9): arrows scroll 282 px per click, at most once per 500 ms; the strip can be dragged,
 * and a press that moved more than 50 px is a drag, not a click on a date. Each date announces its full date and
 * its number of free slots.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { ScheduleDay } from '../../lib/slots';
import { fullDate } from './shared';
import { formatDateLabel, type CalendarLabels } from '../../lib/calendar-labels';

export const STRIP_SCROLL_PX = 282;
export const DRAG_THRESHOLD_PX = 50;
export const SCROLL_THROTTLE_MS = 500;
export const DATE_SKELETONS = 3;

/** How far the strip must scroll sideways so that a date box is wholly inside it (0 when it already is). */
export function stripOffset(strip: { left: number; right: number }, date: { left: number; right: number }): number {
  if (date.left < strip.left) return date.left - strip.left;
  if (date.right > strip.right) return Math.min(date.right - strip.right, date.left - strip.left);
  return 0;
}

/**
 * Roving focus of the strip (issue 38 item 25: it took 16 Tab presses): one tab stop, the chosen date (else the
 * first); arrow keys, Home and End move among the dates. The index to focus after `key`, or null for other keys.
 */
export function stripKeyTarget(key: string, index: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return Math.min(count - 1, index + 1);
    case 'ArrowLeft':
    case 'ArrowUp':
      return Math.max(0, index - 1);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

interface Props {
  labels: CalendarLabels;
  dates: readonly ScheduleDay[];
  selected: string | null;
  loading: boolean;
  onSelect(date: string): void;
  t(key: string, params?: Record<string, string | number>): string;
}

export function DateStrip({ labels, dates, selected, loading, onSelect, t }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const lastScroll = useRef(0);
  const drag = useRef<{ x: number; left: number; moved: boolean; id: number } | null>(null);
  const suppressClick = useRef(false);
  // The date holding the strip's one tab stop: the chosen date until the arrows move it.
  const [stop, setStop] = useState<string | null>(null);
  const stopDate = dates.some((d) => d.workingDay === stop) ? stop : dates.some((d) => d.workingDay === selected) ? selected : (dates[0]?.workingDay ?? null);
  useEffect(() => setStop(null), [selected]);

  const onDateKey = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = stripKeyTarget(e.key, index, dates.length);
    if (next === null) return;
    e.preventDefault();
    const date = dates[next].workingDay;
    setStop(date);
    const box = scroller.current;
    const el = box?.querySelector<HTMLElement>(`[data-date="${date}"]`);
    if (box && el) {
      box.scrollLeft += stripOffset(box.getBoundingClientRect(), el.getBoundingClientRect());
      el.focus({ preventScroll: true });
    }
  };

  // Keep the chosen date in view (e.g. after "See nearest availabilities") by scrolling the strip alone:
  // scrollIntoView would also scroll the page, and took a mobile visitor down to the card as it loaded.
  useEffect(() => {
    const box = scroller.current;
    const el = box?.querySelector<HTMLElement>('[aria-pressed="true"]');
    if (!box || !el) return;
    box.scrollLeft += stripOffset(box.getBoundingClientRect(), el.getBoundingClientRect());
  }, [selected, dates.length]);

  const scrollBy = (dir: 1 | -1) => {
    const now = Date.now();
    if (now - lastScroll.current < SCROLL_THROTTLE_MS) return;
    lastScroll.current = now;
    scroller.current?.scrollBy({ left: dir * STRIP_SCROLL_PX, behavior: 'smooth' });
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.pointerType !== 'mouse' || !scroller.current) return; // touch scrolls natively
    drag.current = { x: e.clientX, left: scroller.current.scrollLeft, moved: false, id: e.pointerId };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || !scroller.current) return;
    const dx = e.clientX - d.x;
    if (!d.moved && Math.abs(dx) > DRAG_THRESHOLD_PX) d.moved = true;
    if (d.moved) scroller.current.scrollLeft = d.left - dx;
  };
  const onPointerUp = () => {
    suppressClick.current = Boolean(drag.current?.moved);
    drag.current = null;
  };

  return (
    <div className="bk-strip">
      <button type="button" className="bk-strip-arrow" aria-label={t('booking.previousDates')} onClick={() => scrollBy(-1)}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><path d="M15 6l-6 6 6 6" fill="none" stroke="currentColor" strokeWidth="2" /></svg>
      </button>
      <div
        className="bk-strip-dates"
        ref={scroller}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerLeave={onPointerUp}
        onClickCapture={(e) => {
          if (suppressClick.current) {
            e.stopPropagation();
            e.preventDefault();
            suppressClick.current = false;
          }
        }}
        data-testid="date-strip"
      >
        {loading
          ? Array.from({ length: DATE_SKELETONS }, (_, i) => <span key={i} className="bk-skeleton bk-date-skeleton" data-testid="date-skeleton" aria-hidden="true" />)
          : dates.map((d, i) => {
              const isSelected = d.workingDay === selected;
              return (
                <button
                  key={d.workingDay}
                  type="button"
                  className={`bk-date${isSelected ? ' is-selected' : ''}${d.slots === 0 ? ' is-empty' : ''}`}
                  aria-pressed={isSelected}
                  data-date={d.workingDay}
                  tabIndex={d.workingDay === stopDate ? 0 : -1}
                  onKeyDown={(e) => onDateKey(e, i)}
                  onClick={() => onSelect(d.workingDay)}
                >
                  {/* The full date is the button's name (as text, so the name and the visible label agree for axe). */}
                  <span className="visually-hidden">{t('booking.dateLabel', { date: fullDate(labels, d.workingDay), count: d.slots })}</span>
                  <span className="bk-date-weekday" aria-hidden="true">{formatDateLabel(labels, 'stripWeekday', d.workingDay)}</span>
                  <span className="bk-date-day" aria-hidden="true">{Number(d.workingDay.slice(8))}</span>
                  <span className="bk-date-month" aria-hidden="true">{formatDateLabel(labels, 'stripMonth', d.workingDay)}</span>
                  <span className="bk-date-count" aria-hidden="true">{d.slots > 0 ? t('booking.slotsCount', { count: d.slots }) : t('booking.noSlots')}</span>
                </button>
              );
            })}
      </div>
      <button type="button" className="bk-strip-arrow" aria-label={t('booking.nextDates')} onClick={() => scrollBy(1)}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><path d="M9 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" /></svg>
      </button>
    </div>
  );
}
