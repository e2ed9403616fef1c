/**
 * /admin/appointments (issue 35; SPEC §2, §4, §6): every staff role's bookings in its scope, the top bar's hospital
 * and branch and its 'Today' day (a range of days when from/to are set). Filters, sort and page in the URL
 * (useListState); the code opens the detail panel (the `booking` parameter, which the bell's entries set); the
 * row's kebab has the actions the booking allows now; the kebab of the toolbar exports exactly the filtered list.
 * Keyboard: arrow keys move between the rows' codes; Enter opens the panel.
 */
import { lazy, Suspense, useRef, useState, type KeyboardEvent } from 'react';
import { z } from 'zod';
import { LOCALE_CONFIG } from '../../../../../i18n/locales';
import {
  APPOINTMENT_KEYWORD_MIN_CHARS,
  APPOINTMENT_KINDS,
  APPOINTMENT_STATUSES,
  PAYMENT_FILTERS,
  SHORTCUT_KEYS,
  UNDO_KEY,
  isDay,
  type AppointmentFilters,
  type AppointmentListItem,
} from '../../../../lib/admin-appointments';
import { isPlatformAdmin } from '../../../../lib/roles';
import { downloadAppointmentsCsv, useAppointmentAction, useAppointmentList } from '../../../data/appointments/queries';
import { useMe } from '../../../data/me/queries';
import { useT, type AdminKey } from '../../../i18n';
import { DataTable, type ColumnDef } from '../../../kit/DataTable';
import { Dropdown } from '../../../kit/form';
import { baseListSchema, useListState } from '../../../kit/list-state';
import { Kebab, ListToolbar } from '../../../kit/ListToolbar';
import { useErrorText } from '../../../kit/LoadFailure';
import { useNotify } from '../../../kit/Notifications';
import { Pagination } from '../../../kit/Pagination';
import { Spinner } from '../../../kit/Spinner';
import { useTopBarDate } from '../../../shell/DateBar';
import { ACTION_LABEL, AppointmentPanel } from './AppointmentPanel';
import { DoctorUnavailableButton } from '../doctor-unavailable/DoctorUnavailableButton';
import { instantText, kindText, moneyText, patientLine, paymentText, STATUS_COLOUR, statusText, whenText } from './labels';
import '../appointments.css';

// The day and week views and react-big-calendar's stylesheet: their own chunk, loaded when a view asks for them.
const CalendarView = lazy(() => import('../appointment-calendar/CalendarView'));
const VIEWS = ['list', 'day', 'week'] as const;

const id = z.coerce.number().int().positive().optional().catch(undefined);
const day = z.string().refine(isDay).optional().catch(undefined);
export const appointmentListState = baseListSchema.extend({
  from: day,
  to: day,
  status: z.enum(APPOINTMENT_STATUSES).optional().catch(undefined),
  kind: z.enum(APPOINTMENT_KINDS).optional().catch(undefined),
  payment: z.enum(PAYMENT_FILTERS).optional().catch(undefined),
  doctor_id: id,
  service_id: id,
  hospital_id: id,
  branch_id: id,
  booking: id,
  view: z.enum(VIEWS).optional().catch(undefined),
});

const ALL = 'all';

export default function AppointmentListScreen() {
  const tr = useT();
  const { t, locale } = tr;
  const me = useMe().data!;
  const notify = useNotify();
  const errorText = useErrorText();
  const [state, update] = useListState(appointmentListState);
  const [topDay, setTopDay] = useTopBarDate();
  const view = state.view ?? 'list';
  const action = useAppointmentAction();
  const table = useRef<HTMLDivElement>(null);

  // The top bar's day, unless a range is chosen; platform admins work in the market of their language.
  const from = state.from ?? topDay;
  const to = state.to && state.to >= from ? state.to : state.from ? from : topDay;
  const keyword = [...state.keyword].length >= APPOINTMENT_KEYWORD_MIN_CHARS ? state.keyword : undefined;
  const filters: AppointmentFilters = {
    from,
    to,
    keyword,
    status: state.status ? [state.status] : undefined,
    kind: state.kind ? [state.kind] : undefined,
    payment: state.payment,
    doctorId: state.doctor_id,
    serviceId: state.service_id,
    hospitalId: state.hospital_id,
    branchId: state.branch_id,
    countryId: isPlatformAdmin(me.role) ? LOCALE_CONFIG[locale].countryId : undefined,
    sort: state.sort_by === 'created_at' ? 'created_at' : 'starts_at',
    dir: state.sort === 'desc' ? 'desc' : 'asc',
  };
  const list = useAppointmentList({ ...filters, page: state.page });
  const data = list.data;

  const open = (a: AppointmentListItem) => update({ booking: a.id, page: state.page });
  const quick = (a: AppointmentListItem, act: 'confirm' | 'check_in' | 'complete') =>
    action.mutate({ id: a.id, action: act }, { onSuccess: (r) => notify('success', r.messages[0] ?? t(ACTION_LABEL[act])), onError: (e) => notify('danger', errorText(e)) });

  // An export of a long list takes seconds: say so, and do not start it twice.
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadAppointmentsCsv(filters);
    } catch (e) {
      notify('danger', errorText(e));
    } finally {
      setExporting(false);
    }
  };

  // The last keyboard step, offered for undo (U, or the bar's button).
  const [last, setLast] = useState<{ id: number; code: string; action: 'check_in' | 'complete' | 'no_show' } | null>(null);
  const step = (a: AppointmentListItem, act: 'check_in' | 'complete' | 'no_show') => {
    if (!a.actions.includes(act)) return notify('danger', t('admin.appointments.keys.notNow', { action: t(ACTION_LABEL[act]), code: a.code }));
    action.mutate(
      { id: a.id, action: act, excused: act === 'no_show' ? false : undefined },
      { onSuccess: () => setLast({ id: a.id, code: a.code, action: act }), onError: (e) => notify('danger', errorText(e)) },
    );
  };
  const undo = () =>
    last &&
    action.mutate(
      { id: last.id, action: 'undo' },
      { onSuccess: (r) => { notify('success', r.messages[0] ?? t('admin.appointments.keys.undo')); setLast(null); }, onError: (e) => notify('danger', errorText(e)) },
    );

  // The front desk works the day without the mouse: up and down move between the rows' codes, Enter opens one,
  // I checks in, C completes, N marks a no-show (each only where the booking allows it), U undoes the last.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const codes = [...(table.current?.querySelectorAll<HTMLButtonElement>('button.code-btn') ?? [])];
    const at = codes.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      codes[Math.max(0, Math.min(codes.length - 1, at + (e.key === 'ArrowDown' ? 1 : -1)))]?.focus();
      return;
    }
    const key = e.key.toLowerCase();
    if (key === UNDO_KEY) {
      e.preventDefault();
      undo();
      return;
    }
    const act = SHORTCUT_KEYS[key as keyof typeof SHORTCUT_KEYS];
    const row = data?.appointments[at];
    if (!act || !row) return;
    e.preventDefault();
    step(row, act);
  };

  const columns: ColumnDef<AppointmentListItem>[] = [
    {
      id: 'code',
      text: t('admin.appointments.col.code'),
      cell: (a) => ({
        kind: 'element',
        value: (
          <button type="button" className="link-btn code-btn" onClick={() => open(a)} aria-label={t('admin.appointments.openDetail', { code: a.code })} aria-describedby="appointments-keys">
            {a.code}
          </button>
        ),
      }),
    },
    { id: 'starts_at', text: t('admin.appointments.col.when'), sortable: true, cell: (a) => ({ kind: 'two_line', first: whenText(tr, a).time, second: whenText(tr, a, true).day }) },
    {
      id: 'patient',
      text: t('admin.appointments.col.patient'),
      cell: (a) => {
        const p = patientLine(tr, a);
        return { kind: 'two_line', first: p.name, second: [p.caption, a.patient.phoneMasked].filter(Boolean).join(' · ') };
      },
    },
    { id: 'doctor', text: t('admin.appointments.col.doctorService'), cell: (a) => ({ kind: 'two_line', first: a.doctor?.name ?? a.service?.name ?? '—', second: a.hospital.name }) },
    { id: 'kind', text: t('admin.appointments.col.kind'), cell: (a) => ({ kind: 'string', value: kindText(tr, a.kind) }) },
    {
      id: 'status',
      text: t('admin.appointments.col.status'),
      cell: (a) => ({
        kind: 'element',
        value: (
          <span className="badges">
            <span className={`badge badge-${STATUS_COLOUR[a.status]}`}>{statusText(tr, a.status)}</span>
            {a.checkedIn && a.status === 'confirmed' ? <span className="badge badge-green">{t('admin.appointments.checkedIn')}</span> : null}
          </span>
        ),
      }),
    },
    { id: 'payment', text: t('admin.appointments.col.payment'), cell: (a) => ({ kind: 'two_line', first: paymentText(tr, a).method, second: paymentText(tr, a).state }) },
    { id: 'price', text: t('admin.appointments.col.price'), align: 'right', cell: (a) => ({ kind: 'string', value: moneyText(tr, a.price, a.currency) }) },
    { id: 'created_at', text: t('admin.appointments.col.bookedAt'), sortable: true, cell: (a) => ({ kind: 'string', value: instantText(tr, a.bookedAt, a.timeZone, 'short') }) },
    {
      id: 'actions',
      text: t('admin.table.actions'),
      align: 'right',
      cell: (a) => ({
        kind: 'options',
        value: (
          <span className="row-actions">
            {a.actions.includes('check_in') ? (
              <button type="button" className="btn btn-small" disabled={action.isPending} onClick={() => quick(a, 'check_in')}>
                {t('admin.appointments.action.checkIn')}
              </button>
            ) : null}
            <Kebab
              label={t('admin.appointments.actionsFor', { code: a.code })}
              items={[
                { key: 'open', label: t('admin.appointments.openDetail', { code: a.code }), onSelect: () => open(a) },
                ...a.actions
                  .filter((act) => act === 'confirm' || act === 'complete')
                  .map((act) => ({ key: act, label: t(ACTION_LABEL[act]), onSelect: () => quick(a, act as 'confirm' | 'complete') })),
                ...a.actions.filter((act) => act === 'cancel' || act === 'no_show' || act === 'reschedule').map((act) => ({ key: act, label: t(ACTION_LABEL[act]), onSelect: () => open(a) })),
              ]}
            />
          </span>
        ),
      }),
    },
  ];

  return (
    <section aria-labelledby="appointments-heading" className="screen">
      <h2 id="appointments-heading" className="sr-only">
        {t('admin.menu.appointments')}
      </h2>
      <ListToolbar
        keyword={state.keyword}
        onKeyword={(k) => update({ keyword: k })}
        searchLabel={t('admin.appointments.search')}
        searchShortcut
        onSearchArrowDown={() => table.current?.querySelector<HTMLButtonElement>('button.code-btn')?.focus()}
        filter={
          <div className="filters">
            <Dropdown
              label={t('admin.appointments.filter.status')}
              placeholder={t('admin.appointments.filter.allStatuses')}
              value={state.status ?? ALL}
              options={[{ value: ALL, label: t('admin.appointments.filter.allStatuses') }, ...APPOINTMENT_STATUSES.map((s) => ({ value: s, label: statusText(tr, s) }))]}
              onChange={(v) => update({ status: v === ALL ? null : v })}
            />
            <Dropdown
              label={t('admin.appointments.filter.kind')}
              placeholder={t('admin.appointments.filter.allKinds')}
              value={state.kind ?? ALL}
              options={[{ value: ALL, label: t('admin.appointments.filter.allKinds') }, ...APPOINTMENT_KINDS.map((k) => ({ value: k, label: kindText(tr, k) }))]}
              onChange={(v) => update({ kind: v === ALL ? null : v })}
            />
            <Dropdown
              label={t('admin.appointments.filter.payment')}
              placeholder={t('admin.appointments.filter.allPayments')}
              value={state.payment ?? ALL}
              options={[{ value: ALL, label: t('admin.appointments.filter.allPayments') }, ...PAYMENT_FILTERS.map((p) => ({ value: p, label: t(`admin.appointments.filter.payment.${p}` as AdminKey) }))]}
              onChange={(v) => update({ payment: v === ALL ? null : v })}
            />
            <div className="range" role="group" aria-label={t('admin.appointments.filter.range')}>
              <label className="field-label" htmlFor="appt-from">
                {t('admin.appointments.filter.from')}
              </label>
              <input id="appt-from" type="date" className="input" value={from} onChange={(e) => e.target.value && update({ from: e.target.value, to: to < e.target.value ? e.target.value : to })} />
              <label className="field-label" htmlFor="appt-to">
                {t('admin.appointments.filter.to')}
              </label>
              <input id="appt-to" type="date" className="input" value={to} min={from} onChange={(e) => e.target.value && update({ from, to: e.target.value })} />
            </div>
          </div>
        }
        kebab={[{ key: 'export', label: t(exporting ? 'admin.appointments.exporting' : 'admin.appointments.export'), disabled: exporting, onSelect: () => void exportCsv() }]}
      />
      {exporting && (
        <p className="export-progress" role="status" data-testid="export-progress">
          <span className="spinner" aria-hidden="true" /> {t('admin.appointments.exporting')}
        </p>
      )}
      <div className="view-switch" role="group" aria-label={t('admin.appointments.view.label')}>
        {VIEWS.map((v) => (
          <button key={v} type="button" className={view === v ? 'btn btn-small btn-primary' : 'btn btn-small'} aria-pressed={view === v} onClick={() => update({ view: v === 'list' ? null : v, page: state.page })}>
            {t(`admin.appointments.view.${v}` as AdminKey)}
          </button>
        ))}
        {/* issue 35: a doctor chosen, managers mark them unavailable for a day or a span */}
        {state.doctor_id ? <DoctorUnavailableButton doctorId={state.doctor_id} doctorName={data?.appointments.find((a) => a.doctor?.id === state.doctor_id)?.doctor?.name} /> : null}
      </div>
      {/* The last keyboard step of either view, with its undo. */}
      <div className="undo-bar" aria-live="polite">
        {last ? (
          <>
            <span>{t('admin.appointments.keys.done', { action: t(ACTION_LABEL[last.action]), code: last.code })}</span>{' '}
            <button type="button" className="btn btn-small" onClick={undo} disabled={action.isPending}>
              {t('admin.appointments.keys.undo')}
            </button>
          </>
        ) : null}
      </div>
      {view !== 'list' ? (
        <Suspense fallback={<Spinner />}>
          <CalendarView view={view} day={topDay} branchId={state.branch_id ?? (me.role === 'branch' ? (me.branch?.id ?? undefined) : undefined)} ownColumn={me.role === 'doctor'} onOpen={(b) => update({ booking: b, page: state.page })} onDay={(d) => setTopDay(d)} onStep={step} onUndo={undo} />
        </Suspense>
      ) : null}
      {view === 'list' && (state.doctor_id || state.service_id) ? (
        <p className="chips">
          <button type="button" className="chip" onClick={() => update({ doctor_id: null, service_id: null })}>
            {t('admin.appointments.filter.oneOwner')} <span aria-hidden="true">×</span>
          </button>
        </p>
      ) : null}
      {list.isError ? (
        <p className="alert alert-danger" role="alert">
          {errorText(list.error)}
        </p>
      ) : null}
      {view === 'list' ? (
      <>
      <p className="cell-caption keys-hint" id="appointments-keys">
        {t('admin.appointments.keys.hint')}
      </p>
      <div ref={table} className="appointments-list" onKeyDown={onKeyDown}>
        <DataTable
          label={t('admin.menu.appointments')}
          columns={columns}
          rows={data?.appointments}
          rowId={(a) => String(a.id)}
          loading={list.isFetching}
          sort={{ sort_by: state.sort_by ?? 'starts_at', sort: state.sort ?? 'asc' }}
          onSortChange={(s) => update({ sort_by: s.sort_by, sort: s.sort })}
          onRowClick={open}
        />
      </div>
      {data ? <Pagination page={data.pagination.current} last={data.pagination.last} total={data.pagination.total_items} onPage={(page) => update({ page })} /> : null}
      </>
      ) : null}
      <AppointmentPanel id={state.booking ?? null} onClose={() => update({ booking: null, page: state.page })} onFilterDoctor={(d) => update({ doctor_id: d, booking: null })} />
    </section>
  );
}
