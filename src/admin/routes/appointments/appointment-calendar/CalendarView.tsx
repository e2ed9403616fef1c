/**
 * Day and week views of the appointments screen (issue 35): react-big-calendar's resource columns (MIT), one per
 * doctor of the chosen branch, with the day's bookings and the slots still free at their hospital times (the wall
 * clock of the hospital is given to the calendar as a local time, so a browser in another zone shows the hospital's
 * hours), as a front desk works. Bookings and free slots are buttons: Tab reaches the grid, the arrow keys move up
 * and down a column and across columns, Enter opens a booking's panel or a slot's details, and on a booking I, C
 * and N check in, complete and mark a no-show, U undoes (the list's keys). A phone shows one doctor at a time,
 * picked above the grid. This module and the calendar's stylesheet load only with these views (their own chunk).
 */
import * as Dialog from '@radix-ui/react-dialog';
import dayjs from 'dayjs';
import { createContext, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { Calendar, dayjsLocalizer, type EventProps } from 'react-big-calendar';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import { SHORTCUT_KEYS, UNDO_KEY, type AppointmentListItem, type CalendarFreeSlot } from '../../../../lib/admin-appointments';
import { addDays, isoWeekday } from '../../../../lib/hospital-time';
import { useAppointmentCalendar } from '../../../data/appointments/queries';
import { useT } from '../../../i18n';
import { Dropdown } from '../../../kit/form';
import { useErrorText } from '../../../kit/LoadFailure';
import { EmptyData, Spinner } from '../../../kit/Spinner';
import { kindText, patientLine, STATUS_COLOUR, statusText, whenText } from '../appointment-list/labels';
import { gridStep } from './grid-keys';
import './calendar.css';

const localizer = dayjsLocalizer(dayjs);

type Event = { id: string; title: string; start: Date; end: Date; resourceId: number } & ({ a: AppointmentListItem; slot?: undefined } | { slot: CalendarFreeSlot; a?: undefined });
export type StepAction = (typeof SHORTCUT_KEYS)[keyof typeof SHORTCUT_KEYS];

/** A hospital-local day and time as a Date on the browser's clock (what the calendar draws). */
function wall(day: string, time: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return new Date(y, m - 1, d, hh, mm);
}
const toDay = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/**
 * What the event buttons need from the view. Given through a context so that the button component stays one type
 * across renders: react-big-calendar would otherwise remount every event on each render and drop the focus.
 */
const GridContext = createContext<{ columnOf: (e: Event) => number; doctorName: (id: number) => string; onOpen: (id: number) => void; openSlot: (s: CalendarFreeSlot) => void } | null>(null);

function EventButton({ event }: EventProps<Event>) {
  const tr = useT();
  const { t } = tr;
  const g = useContext(GridContext)!;
  const nav = { 'data-col': g.columnOf(event), 'data-min': event.start.getHours() * 60 + event.start.getMinutes(), 'data-id': event.id };
  if (event.slot) {
    const s = event.slot;
    return (
      <button type="button" className="rbc-event-btn slot-free" {...nav} onClick={() => g.openSlot(s)} aria-label={t('admin.appointments.calendar.freeSlot', { time: `${s.start}–${s.end}`, doctor: g.doctorName(s.doctorId), count: s.free })}>
        {s.start} · {t('admin.appointments.calendar.free', { count: s.free })}
      </button>
    );
  }
  const a = event.a;
  return (
    <button type="button" className={`rbc-event-btn status-${a.status}`} {...nav} data-code={a.code} onClick={() => g.onOpen(a.id)} aria-label={t('admin.appointments.calendar.event', { time: `${a.start}–${a.end}`, patient: patientLine(tr, a).name, status: statusText(tr, a.status) })} aria-describedby="calendar-keys">
      <span className={`badge badge-${STATUS_COLOUR[a.status]}`}>{a.start}</span> {patientLine(tr, a).name}
    </button>
  );
}
const COMPONENTS = { event: EventButton };

const NARROW = '(max-width: 640px)';
function useNarrow(): boolean {
  return useSyncExternalStore(
    (on) => {
      const mq = window.matchMedia(NARROW);
      mq.addEventListener('change', on);
      return () => mq.removeEventListener('change', on);
    },
    () => window.matchMedia(NARROW).matches,
  );
}

export default function CalendarView({
  view,
  day,
  branchId,
  ownColumn,
  onOpen,
  onDay,
  onStep,
  onUndo,
}: {
  view: 'day' | 'week';
  day: string;
  branchId: number | undefined;
  ownColumn: boolean;
  onOpen: (id: number) => void;
  onDay: (day: string) => void;
  /** A key's step on a booking (I, C, N), and U: the screen's own, so the undo bar serves both views. */
  onStep: (a: AppointmentListItem, act: StepAction) => void;
  onUndo: () => void;
}) {
  const tr = useT();
  const { t } = tr;
  const errorText = useErrorText();
  const narrow = useNarrow();
  // The week starts on Monday (SPEC §9 schedule window).
  const from = view === 'week' ? addDays(day, 1 - isoWeekday(day)) : day;
  const to = view === 'week' ? addDays(from, 6) : day;
  // A doctor's own column needs no branch: the server takes the doctor's.
  const q = useAppointmentCalendar({ from, to, branchId }, branchId != null || ownColumn);
  const [picked, setPicked] = useState<number | null>(null);
  const [slot, setSlot] = useState<CalendarFreeSlot | null>(null);
  const grid = useRef<HTMLDivElement>(null);
  // The button last focused in the grid: focus returns to it (found again by its id) after the slot's popup, or when
  // a refetch redrew the grid under it (the element gone, the focus fallen to the page).
  const focused = useRef<HTMLElement | null>(null);
  const refocus = () => {
    const id = focused.current?.dataset.id;
    if (id) grid.current?.querySelector<HTMLButtonElement>(`button[data-id="${id}"]`)?.focus();
  };
  useEffect(() => {
    if (focused.current && !focused.current.isConnected && document.activeElement === document.body) refocus();
  });

  const doctors = q.data?.doctors ?? [];
  const column = narrow ? (doctors.find((d) => d.id === picked) ?? doctors[0]) : undefined;
  const resources = narrow ? (column ? [column] : []) : doctors;
  const events: Event[] = useMemo(() => {
    const end = (date: string, t: string) => wall(date, t === '24:00' ? '23:59' : t);
    const booked: Event[] = (q.data?.appointments ?? [])
      .filter((a) => a.doctor && a.status !== 'cancelled' && a.status !== 'expired' && (!column || a.doctor.id === column.id))
      .map((a) => ({ id: `b${a.id}`, title: `${a.start} ${patientLine(tr, a).name}`, start: wall(a.date, a.start), end: end(a.date, a.end), resourceId: a.doctor!.id, a }));
    const free: Event[] = (q.data?.slots ?? [])
      .filter((s) => !column || s.doctorId === column.id)
      .map((s) => ({ id: `s${s.id}`, title: s.start, start: wall(s.date, s.start), end: end(s.date, s.end), resourceId: s.doctorId, slot: s }));
    return [...booked, ...free];
  }, [q.data, column, tr]);
  const columnOf = (e: Event) => {
    const dayIndex = view === 'week' ? Math.round((wall(toDay(e.start), '00:00').getTime() - wall(from, '00:00').getTime()) / 86_400_000) : 0;
    return dayIndex * resources.length + resources.findIndex((r) => r.id === e.resourceId);
  };

  if (branchId == null && !ownColumn) return <p className="alert alert-warning">{t('admin.appointments.calendar.pickBranch')}</p>;
  if (q.isError) return <p className="alert alert-danger" role="alert">{errorText(q.error)}</p>;
  if (!q.data) return <Spinner />;
  if (doctors.length === 0) return <EmptyData text={t('admin.appointments.calendar.noDoctors')} />;

  const doctorName = (id: number) => doctors.find((d) => d.id === id)?.name ?? '';
  const grid_ = { columnOf, doctorName, onOpen, openSlot: setSlot };
  // The grid's keys: arrows move between the buttons (src gridStep), the list's letters act on a booking.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const buttons = [...(grid.current?.querySelectorAll<HTMLButtonElement>('button[data-id]') ?? [])];
    const here = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (here < 0) return;
    const cells = buttons.map((b) => ({ col: Number(b.dataset.col), min: Number(b.dataset.min) }));
    if (e.key.startsWith('Arrow')) {
      const to = gridStep(cells, here, e.key as 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight');
      e.preventDefault();
      if (to != null) {
        buttons[to]!.focus();
        buttons[to]!.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      }
      return;
    }
    const key = e.key.toLowerCase();
    if (key === UNDO_KEY) {
      e.preventDefault();
      onUndo();
      return;
    }
    const act = SHORTCUT_KEYS[key as keyof typeof SHORTCUT_KEYS];
    const a = events.find((ev) => ev.id === buttons[here]!.dataset.id)?.a;
    if (!act || !a) return;
    e.preventDefault();
    onStep(a, act);
  };

  return (
    <div className="calendar-view">
      {narrow ? (
        <Dropdown label={t('admin.appointments.calendar.doctor')} placeholder={t('admin.appointments.calendar.doctor')} value={column ? String(column.id) : null} options={doctors.map((d) => ({ value: String(d.id), label: d.name }))} onChange={(v) => setPicked(Number(v))} />
      ) : null}
      <p className="cell-caption keys-hint" id="calendar-keys">
        {t('admin.appointments.calendar.keys')}
      </p>
      <div ref={grid} className="calendar-grid" onKeyDown={onKeyDown} onFocus={(e) => {
          if ((e.target as HTMLElement).dataset.id) focused.current = e.target as HTMLElement;
        }}>
      <GridContext.Provider value={grid_}>
      <Calendar<Event, { id: number; name: string }>
        localizer={localizer}
        culture={tr.locale}
        events={events}
        resources={resources}
        resourceIdAccessor="id"
        resourceTitleAccessor="name"
        view={view}
        views={['day', 'week']}
        onView={() => undefined}
        date={wall(day, '00:00')}
        onNavigate={(d) => onDay(toDay(d))}
        toolbar={false}
        step={15}
        timeslots={4}
        min={wall(day, '06:00')}
        max={wall(day, '22:00')}
        scrollToTime={wall(day, '07:30')}
        // The hospital's 24-hour clock (as the rest of the screen), not the localizer's default AM/PM.
        formats={{ timeGutterFormat: 'HH:mm', dayFormat: 'ddd DD/MM' }}
        components={COMPONENTS}
        onSelectEvent={(e) => (e.a ? onOpen(e.a.id) : setSlot(e.slot))}
        eventPropGetter={(e) => ({ className: e.slot ? 'rbc-slot-free' : undefined })}
        // Many doctors scroll sideways inside the card (a readable column each) rather than past the page's edge.
        style={{ height: narrow ? 640 : 720, minWidth: narrow ? undefined : 64 + resources.length * (view === 'week' ? 7 * 72 : 120) }}
      />
      </GridContext.Provider>
      </div>
      <Dialog.Root open={slot != null} onOpenChange={(o) => !o && setSlot(null)}>
        <Dialog.Portal>
          <Dialog.Overlay className="dialog-overlay" />
          <Dialog.Content className="dialog" data-testid="free-slot" onCloseAutoFocus={(e) => { e.preventDefault(); refocus(); }}>
            <Dialog.Title className="dialog-title">{t('admin.appointments.calendar.slotTitle')}</Dialog.Title>
            {slot ? (
              <Dialog.Description asChild>
                <dl className="facts">
                  <dt>{t('admin.appointments.calendar.doctor')}</dt>
                  <dd>{doctorName(slot.doctorId)}</dd>
                  <dt>{t('admin.appointments.col.when')}</dt>
                  <dd>
                    {whenText(tr, slot).day} · {whenText(tr, slot).time}
                  </dd>
                  <dt>{t('admin.appointments.col.kind')}</dt>
                  <dd>{kindText(tr, slot.kind)}</dd>
                  <dt>{t('admin.appointments.calendar.places')}</dt>
                  <dd>{t('admin.appointments.calendar.free', { count: slot.free })}</dd>
                </dl>
              </Dialog.Description>
            ) : null}
            <div className="dialog-actions">
              <Dialog.Close asChild>
                <button type="button" className="btn">
                  {t('admin.appointments.calendar.close')}
                </button>
              </Dialog.Close>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </div>
  );
}
