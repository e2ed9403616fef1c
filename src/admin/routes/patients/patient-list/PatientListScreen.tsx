/**
 * /admin/patients (issue 35): the people who booked within the caller's scope (a doctor: their own patients), the
 * top bar's hospital and branch and a keyword (name, phone, e-mail, booking code) in the URL; counts of upcoming,
 * completed and no-show visits. The detail panel (row or name, `patient` in the URL: an opaque id, nothing
 * personal) shows the profile with phone and e-mail masked ('Show contact' reveals them and the server records
 * who read them), the family members with the child badge, and the patient's appointments in the caller's scope.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { LOCALE_CONFIG } from '../../../../../i18n/locales';
import { APPOINTMENT_KEYWORD_MIN_CHARS, type PatientContact, type PatientListItem } from '../../../../lib/admin-appointments';
import { formatCalendarDate } from '../../../../lib/format';
import { addDays, todayInZone } from '../../../../lib/hospital-time';
import { isPlatformAdmin } from '../../../../lib/roles';
import { revealPatientContact, useAppointmentList, usePatient, usePatientList } from '../../../data/appointments/queries';
import { useMe } from '../../../data/me/queries';
import { useT } from '../../../i18n';
import { DataTable, type ColumnDef } from '../../../kit/DataTable';
import { baseListSchema, useListState } from '../../../kit/list-state';
import { ListToolbar } from '../../../kit/ListToolbar';
import { useErrorText } from '../../../kit/LoadFailure';
import { useNotify } from '../../../kit/Notifications';
import { Pagination } from '../../../kit/Pagination';
import { Spinner } from '../../../kit/Spinner';
import { instantText, relationText, STATUS_COLOUR, statusText, whenText } from '../../appointments/appointment-list/labels';
import '../../appointments/appointments.css';

export const patientListState = baseListSchema.extend({
  hospital_id: z.coerce.number().int().positive().optional().catch(undefined),
  branch_id: z.coerce.number().int().positive().optional().catch(undefined),
  patient: z.uuid().optional().catch(undefined),
});

export default function PatientListScreen() {
  const tr = useT();
  const { t, locale } = tr;
  const me = useMe().data!;
  const [state, update] = useListState(patientListState);
  const errorText = useErrorText();
  const keyword = [...state.keyword].length >= APPOINTMENT_KEYWORD_MIN_CHARS ? state.keyword : undefined;
  const countryId = isPlatformAdmin(me.role) ? LOCALE_CONFIG[locale].countryId : undefined;
  const list = usePatientList({ page: state.page, keyword, hospitalId: state.hospital_id, branchId: state.branch_id, countryId });
  const data = list.data;
  const open = (p: PatientListItem) => update({ patient: p.id, page: state.page });

  const columns: ColumnDef<PatientListItem>[] = [
    {
      id: 'name',
      text: t('admin.patients.col.patient'),
      cell: (p) => ({
        kind: 'element',
        value: (
          <button type="button" className="link-btn" onClick={() => open(p)}>
            {p.name || '—'}
          </button>
        ),
      }),
    },
    { id: 'contact', text: t('admin.patients.col.contact'), cell: (p) => ({ kind: 'two_line', first: p.phoneMasked ?? '—', second: p.emailMasked }) },
    { id: 'family', text: t('admin.patients.col.family'), align: 'center', cell: (p) => ({ kind: 'number', value: p.familyCount }) },
    { id: 'upcoming', text: t('admin.patients.col.upcoming'), align: 'center', cell: (p) => ({ kind: 'number', value: p.upcoming }) },
    { id: 'completed', text: t('admin.patients.col.completed'), align: 'center', cell: (p) => ({ kind: 'number', value: p.completed }) },
    { id: 'no_show', text: t('admin.patients.col.noShow'), align: 'center', cell: (p) => ({ kind: 'number', value: p.noShow }) },
    { id: 'last', text: t('admin.patients.col.lastVisit'), cell: (p) => ({ kind: 'string', value: p.lastVisit ? new Intl.DateTimeFormat(LOCALE_CONFIG[locale].htmlLang, { dateStyle: 'medium' }).format(new Date(p.lastVisit)) : null }) },
  ];

  return (
    <section aria-labelledby="patients-heading" className="screen">
      <h2 id="patients-heading" className="sr-only">
        {t('admin.menu.patients')}
      </h2>
      <ListToolbar keyword={state.keyword} onKeyword={(k) => update({ keyword: k })} searchLabel={t('admin.patients.search')} />
      {list.isError ? (
        <p className="alert alert-danger" role="alert">
          {errorText(list.error)}
        </p>
      ) : null}
      <DataTable label={t('admin.menu.patients')} columns={columns} rows={data?.patients} rowId={(p) => p.id} loading={list.isFetching} sort={{}} onSortChange={() => undefined} onRowClick={open} />
      {data ? <Pagination page={state.page} last={data.pagination.last} total={data.pagination.total_items} onPage={(page) => update({ page })} /> : null}
      <PatientPanel id={state.patient ?? null} countryId={countryId} onClose={() => update({ patient: null, page: state.page })} />
    </section>
  );
}

function PatientPanel({ id, countryId, onClose }: { id: string | null; countryId: number | undefined; onClose: () => void }) {
  const tr = useT();
  const { t, locale } = tr;
  const q = usePatient(id);
  const notify = useNotify();
  const errorText = useErrorText();
  const [contact, setContact] = useState<(PatientContact & { id: string }) | null>(null);
  // The patient's appointments in the caller's scope: a year back and a year ahead, newest first.
  const today = todayInZone(Date.now(), LOCALE_CONFIG[locale].timeZones[0]!);
  const bookings = useAppointmentList({ from: addDays(today, -365), to: addDays(today, 365), patientId: id ?? undefined, countryId, sort: 'starts_at', dir: 'desc', page: 1 }, !!id);
  const p = q.data;
  const shown = contact && contact.id === id ? contact : null;
  const reveal = async () => {
    if (!id) return;
    try {
      setContact({ id, ...(await revealPatientContact(id)) });
    } catch (e) {
      notify('danger', errorText(e));
    }
  };
  return (
    <Dialog.Root open={id != null} onOpenChange={(o) => !o && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="panel" aria-describedby={undefined}>
          <div className="panel-head">
            <Dialog.Title className="dialog-title">{p ? p.name : t('admin.appointments.detail.loading')}</Dialog.Title>
            <Dialog.Close asChild>
              <button type="button" className="icon-btn" aria-label={t('admin.appointments.detail.close')}>
                ×
              </button>
            </Dialog.Close>
          </div>
          {q.isPending ? (
            <Spinner />
          ) : q.isError ? (
            <p className="alert alert-danger" role="alert">
              {errorText(q.error)}
            </p>
          ) : p ? (
            <div className="panel-body" data-testid="patient-panel">
              <dl className="facts">
                <dt>{t('admin.patients.phone')}</dt>
                <dd data-testid="patient-phone">{shown ? shown.phone ?? '—' : p.phoneMasked ?? '—'}</dd>
                <dt>{t('admin.patients.email')}</dt>
                <dd>{shown ? shown.email ?? '—' : p.emailMasked ?? '—'}</dd>
                <dt>{t('admin.patients.birthday')}</dt>
                <dd>{p.birthday ? formatCalendarDate(locale, p.birthday) : '—'}</dd>
              </dl>
              {shown ? null : (
                <p>
                  <button type="button" className="btn btn-small" onClick={reveal}>
                    {t('admin.patients.reveal')}
                  </button>{' '}
                  <span className="cell-caption">{t('admin.appointments.detail.revealHint')}</span>
                </p>
              )}
              <p className="counts">
                <span className="badge badge-blue">{t('admin.patients.upcoming', { count: p.counts.upcoming })}</span>
                <span className="badge badge-green">{t('admin.patients.completed', { count: p.counts.completed })}</span>
                <span className="badge badge-red">{t('admin.patients.noShow', { count: p.counts.noShow })}</span>
              </p>
              <h3>{t('admin.patients.family')}</h3>
              {p.family.length === 0 ? (
                <p className="cell-caption">{t('admin.patients.noFamily')}</p>
              ) : (
                <ul className="plain-list family-list">
                  {p.family.map((f) => {
                    const c = shown?.family.find((x) => x.id === f.id);
                    return (
                      <li key={f.id}>
                        <strong>{f.name}</strong> <span>{relationText(tr, f.relation)}</span>
                        {f.child ? <span className="badge badge-yellow">{t('admin.patients.child')}</span> : null}
                        <span className="cell-caption">{c ? [c.phone, c.email].filter(Boolean).join(' · ') || '—' : [f.phoneMasked, f.emailMasked].filter(Boolean).join(' · ')}</span>
                      </li>
                    );
                  })}
                </ul>
              )}
              <h3>{t('admin.patients.bookings')}</h3>
              {bookings.isPending ? (
                <Spinner />
              ) : bookings.isError ? (
                <p className="alert alert-danger">{errorText(bookings.error)}</p>
              ) : bookings.data.appointments.length === 0 ? (
                <p className="cell-caption">{t('admin.patients.noBookings')}</p>
              ) : (
                <ul className="plain-list">
                  {bookings.data.appointments.map((a) => (
                    <li key={a.id}>
                      <Link to={`/admin/appointments?date=${a.date}&booking=${a.id}`}>{a.code}</Link> {whenText(tr, a).day} {whenText(tr, a).time} · {a.doctor?.name ?? a.service?.name} ·{' '}
                      <span className={`badge badge-${STATUS_COLOUR[a.status]}`}>{statusText(tr, a.status)}</span>
                      <span className="cell-caption">{instantText(tr, a.bookedAt, a.timeZone)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
