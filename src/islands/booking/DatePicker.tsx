/**
 * The quick-booking date picker (SPEC §5): a month grid in the hospital's calendar where days before today, after
 * the last schedule day and days without slots are disabled (src/lib/slots datePickerRules). Focus opens on the
 * chosen (or first selectable) day; arrow keys move by day and week, Home/End to the first and last selectable
 * day, and land only on selectable days; Enter picks, Escape closes.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { addDays, isoWeekday } from '../../lib/hospital-time';
import { isDateSelectable, stepSelectableDate, type DatePickerRules } from '../../lib/slots';
import { fullDate } from './shared';
import { formatDateLabel, pickerWeekdays, type CalendarLabels } from '../../lib/calendar-labels';

interface Props {
  labels: CalendarLabels;
  rules: DatePickerRules;
  value: string | null;
  onChange(date: string): void;
  disabled?: boolean;
  t(key: string, params?: Record<string, string | number>): string;
}

const monthOf = (date: string) => `${date.slice(0, 7)}-01`;
const addMonths = (month: string, n: number) => {
  const [y, m] = month.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return d.toISOString().slice(0, 10);
};

export function DatePicker({ labels, rules, value, onChange, disabled, t }: Props) {
  const [open, setOpen] = useState(false);
  const [focus, setFocus] = useState(value ?? rules.minDate);
  const [month, setMonth] = useState(monthOf(value ?? rules.minDate));
  const root = useRef<HTMLDivElement>(null);
  const grid = useRef<HTMLDivElement>(null);
  const id = useId().replace(/:/g, '');

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  useEffect(() => {
    if (open) grid.current?.querySelector<HTMLElement>(`[data-date="${focus}"]`)?.focus();
  }, [open, focus, month]);

  const openPicker = () => {
    const start = value && isDateSelectable(value, rules) ? value : stepSelectableDate(rules.minDate, 0, rules);
    setFocus(start);
    setMonth(monthOf(start));
    setOpen(true);
  };

  const move = (date: string) => {
    setFocus(date);
    if (monthOf(date) !== month) setMonth(monthOf(date));
  };

  const onKey = (e: KeyboardEvent) => {
    const step: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
    if (e.key in step) {
      // Days in that direction first (a week up/down), else the nearest selectable day that way.
      const next = stepSelectableDate(focus, step[e.key], rules);
      move(next !== focus || Math.abs(step[e.key]) === 1 ? next : stepSelectableDate(focus, Math.sign(step[e.key]), rules));
    } else if (e.key === 'Home') move(stepSelectableDate(rules.minDate, 0, rules));
    else if (e.key === 'End' && rules.maxDate) move(isDateSelectable(rules.maxDate, rules) ? rules.maxDate : stepSelectableDate(rules.maxDate, -1, rules));
    else if (e.key === 'Escape') {
      // Close only this popup, not the slide-in panel around the widget.
      e.stopPropagation();
      setOpen(false);
      root.current?.querySelector<HTMLButtonElement>('.bk-dd-button')?.focus();
    } else return;
    e.preventDefault();
  };

  const first = month;
  const lead = isoWeekday(first) - 1;
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let d = first; d.slice(0, 7) === first.slice(0, 7); d = addDays(d, 1)) cells.push(d);
  const weekdays = pickerWeekdays(labels);

  return (
    <div className="bk-field bk-dd" ref={root}>
      <span className="bk-label" id={`${id}-label`}>{t('booking.date')}</span>
      <button type="button" className="bk-dd-button" aria-haspopup="dialog" aria-expanded={open} aria-labelledby={`${id}-label ${id}-value`} disabled={disabled} onClick={() => (open ? setOpen(false) : openPicker())} data-testid="date-picker">
        <span id={`${id}-value`} className={value ? '' : 'bk-placeholder'}>{value ? fullDate(labels, value) : t('booking.chooseDate')}</span>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><rect x="3" y="5" width="18" height="16" rx="2" fill="none" stroke="currentColor" strokeWidth="2" /><path d="M3 10h18M8 3v4M16 3v4" stroke="currentColor" strokeWidth="2" /></svg>
      </button>
      {open && (
        <div className="bk-dd-popup bk-calendar" role="dialog" aria-label={t('booking.chooseDate')} onKeyDown={onKey}>
          <div className="bk-cal-head">
            <button type="button" className="bk-strip-arrow" aria-label={t('booking.previousMonth')} disabled={addMonths(month, -1) < monthOf(rules.minDate)} onClick={() => setMonth(addMonths(month, -1))}>
              ‹
            </button>
            <span className="bk-cal-month" aria-live="polite">{formatDateLabel(labels, 'pickerMonth', month)}</span>
            <button type="button" className="bk-strip-arrow" aria-label={t('booking.nextMonth')} disabled={!rules.maxDate || addMonths(month, 1) > rules.maxDate} onClick={() => setMonth(addMonths(month, 1))}>
              ›
            </button>
          </div>
          <div className="bk-cal-grid" role="group" aria-label={formatDateLabel(labels, 'pickerMonth', month)} ref={grid}>
            {weekdays.map((w, i) => (
              <span key={`h${i}`} className="bk-cal-weekday" aria-hidden="true">{w}</span>
            ))}
            {cells.map((d, i) =>
              d === null ? (
                <span key={`e${i}`} />
              ) : (
                <button
                  key={d}
                  type="button"
                  className={`bk-cal-day${d === value ? ' is-selected' : ''}`}
                  data-date={d}
                  tabIndex={d === focus ? 0 : -1}
                  disabled={!isDateSelectable(d, rules)}
                  aria-pressed={d === value}
                  aria-label={fullDate(labels, d)}
                  onClick={() => {
                    onChange(d);
                    setOpen(false);
                  }}
                >
                  {Number(d.slice(8))}
                </button>
              ),
            )}
          </div>
        </div>
      )}
    </div>
  );
}
