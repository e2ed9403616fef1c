/**
 * Day and week views of the appointments screen (issue 35): react-big-calendar's resource columns (MIT), one per
 * doctor of the chosen branch, with the day's bookings at their hospital times (the wall clock of the hospital is
 * given to the calendar as a local time, so a browser in another zone shows the hospital's hours). Each booking is
 * a button (Tab reaches it, Enter opens the detail panel). A phone shows one doctor at a time, picked above the
 * grid. This module and the calendar's stylesheet load only with these views (their own chunk).
 */
import dayjs from 'dayjs';
import { useMemo, useState, useSyncExternalStore } from 'react';
import { Calendar, dayjsLocalizer, type EventProps } from 'react-big-calendar';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import type { AppointmentListItem } from '../../../../lib/admin-appointments';
import { addDays, isoWeekday } from '../../../../lib/hospital-time';
import { useAppointmentCalendar } from '../../../data/appointments/queries';
import { useT } from '../../../i18n';
import { Dropdown } from '../../../kit/form';
import { useErrorText } from '../../../kit/LoadFailure';
import { EmptyData, Spinner } from '../../../kit/Spinner';
import { patientLine, STATUS_COLOUR, statusText } from '../appointment-list/labels';
import './calendar.css';

const localizer = dayjsLocalizer(dayjs);

interface Event {
  id: number;
  title: string;
  start: Date;
  end: Date;
  resourceId: number;
  a: AppointmentListItem;
}

/** A hospital-local day and time as a Date on the browser's clock (what the calendar draws). */
function wall(day: string, time: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return new Date(y, m - 1, d, hh, mm);
}
const toDay = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

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

export default function CalendarView({ view, day, branchId, ownColumn, onOpen, onDay }: { view: 'day' | 'week'; day: string; branchId: number | undefined; ownColumn: boolean; onOpen: (id: number) => void; onDay: (day: string) => void }) {
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

  const doctors = q.data?.doctors ?? [];
  const column = narrow ? (doctors.find((d) => d.id === picked) ?? doctors[0]) : undefined;
  const resources = narrow ? (column ? [column] : []) : doctors;
  const events: Event[] = useMemo(
    () =>
      (q.data?.appointments ?? [])
        .filter((a) => a.doctor && a.status !== 'cancelled' && a.status !== 'expired' && (!column || a.doctor.id === column.id))
        .map((a) => ({ id: a.id, title: `${a.start} ${patientLine(tr, a).name}`, start: wall(a.date, a.start), end: wall(a.date, a.end === '24:00' ? '23:59' : a.end), resourceId: a.doctor!.id, a })),
    [q.data, column, tr],
  );

  if (branchId == null && !ownColumn) return <p className="alert alert-warning">{t('admin.appointments.calendar.pickBranch')}</p>;
  if (q.isError) return <p className="alert alert-danger" role="alert">{errorText(q.error)}</p>;
  if (!q.data) return <Spinner />;
  if (doctors.length === 0) return <EmptyData text={t('admin.appointments.calendar.noDoctors')} />;

  const EventButton = ({ event }: EventProps<Event>) => (
    <button type="button" className={`rbc-event-btn status-${event.a.status}`} onClick={() => onOpen(event.id)} aria-label={t('admin.appointments.calendar.event', { time: `${event.a.start}–${event.a.end}`, patient: patientLine(tr, event.a).name, status: statusText(tr, event.a.status) })}>
      <span className={`badge badge-${STATUS_COLOUR[event.a.status]}`}>{event.a.start}</span> {patientLine(tr, event.a).name}
    </button>
  );

  return (
    <div className="calendar-view">
      {narrow ? (
        <Dropdown label={t('admin.appointments.calendar.doctor')} placeholder={t('admin.appointments.calendar.doctor')} value={column ? String(column.id) : null} options={doctors.map((d) => ({ value: String(d.id), label: d.name }))} onChange={(v) => setPicked(Number(v))} />
      ) : null}
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
        components={{ event: EventButton }}
        onSelectEvent={(e) => onOpen(e.id)}
        style={{ height: narrow ? 640 : 720 }}
      />
    </div>
  );
}
