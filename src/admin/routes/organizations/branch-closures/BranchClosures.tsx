/**
 * The Closures tab of a branch (issue #37 item 1): dated closures (first and last day, a reason) and, per year, the
 * country's public holidays applied in one step. A closed day offers no slot for any doctor or service of the
 * branch; bookings already on those days are counted with a link to the appointments screen (nothing is
 * cancelled here). It sits inside the branch form, so it is a group of fields with its own buttons, not a form.
 */
import { useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { CLOSURE_MESSAGES, closureInput, type ClosureItem } from '../../../../lib/hospital-closures';
import { addDays } from '../../../../lib/hospital-time';
import { formIssueMessage } from '../../../../lib/form-issues';
import { useChangeClosures, useClosures } from '../../../data/closures/queries';
import { useT } from '../../../i18n';
import { describedBy, Field } from '../../../kit/form';
import { LoadFailure, useErrorText } from '../../../kit/LoadFailure';
import { useNotify } from '../../../kit/Notifications';
import { Spinner } from '../../../kit/Spinner';
import { dayLabel } from '../../doctors/doctor-availability/ScheduleSummary';

type Draft = { starts: string; ends: string; reason: string };

export function BranchClosures({ branchId }: { branchId: number }) {
  const { t, tm, locale } = useT();
  const notify = useNotify();
  const errorText = useErrorText();
  const q = useClosures(branchId);
  const change = useChangeClosures(branchId);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  if (q.isPending) return <Spinner />;
  if (q.isError) return <LoadFailure error={q.error} />;
  const data = q.data;
  const value = draft ?? { starts: addDays(data.today, 1), ends: addDays(data.today, 1), reason: '' };
  const set = (k: keyof Draft) => (e: React.ChangeEvent<HTMLInputElement>) => setDraft({ ...value, [k]: e.currentTarget.value });
  const fail = (e: unknown) => notify('danger', errorText(e));

  const add = () => {
    const r = closureInput.safeParse(value, { reportInput: true });
    if (!r.success) {
      const next: typeof errors = {};
      for (const i of r.error.issues)
        next[i.path[0] as keyof Draft] ??= i.message === CLOSURE_MESSAGES.order ? t('admin.closures.rule.order') : i.message === CLOSURE_MESSAGES.tooLong ? t('admin.closures.rule.tooLong') : tm(formIssueMessage(i));
      setErrors(next);
      return;
    }
    setErrors({});
    change.mutate(
      { type: 'add', ...r.data },
      {
        onSuccess: ({ messages }) => {
          notify('success', messages[0] ?? t('admin.closures.add'));
          setDraft(null);
        },
        onError: fail,
      },
    );
  };
  // Enter in a field adds the closure instead of submitting the branch form around it.
  const onEnter = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      add();
    }
  };
  const days = (c: ClosureItem) => (c.starts === c.ends ? dayLabel(locale, c.starts, true) : `${dayLabel(locale, c.starts, true)} – ${dayLabel(locale, c.ends, true)}`);
  const appointments = (c: ClosureItem) => `/admin/appointments?from=${c.starts}&to=${c.ends}&branchId=${branchId}`;

  return (
    <div className="closures">
      <h3 id="closures-heading">{t('admin.closures.heading')}</h3>
      <p className="field-hint">{t('admin.closures.hint')}</p>
      <div className="form-grid" role="group" aria-labelledby="closures-heading" onKeyDown={onEnter}>
        <Field id="closure-starts" label={t('admin.closures.starts')} error={errors.starts} required>
          <input type="date" className="input" value={value.starts} min={data.today} onChange={set('starts')} {...describedBy('closure-starts', errors.starts)} />
        </Field>
        <Field id="closure-ends" label={t('admin.closures.ends')} error={errors.ends} required>
          <input type="date" className="input" value={value.ends} min={value.starts || data.today} onChange={set('ends')} {...describedBy('closure-ends', errors.ends)} />
        </Field>
        <Field id="closure-reason" label={t('admin.closures.reason')} error={errors.reason} hint={t('admin.closures.reasonHint')} required>
          <input className="input" value={value.reason} maxLength={120} onChange={set('reason')} {...describedBy('closure-reason', errors.reason, t('admin.closures.reasonHint'))} />
        </Field>
      </div>
      <p>
        <button type="button" className="btn btn-primary" onClick={add} disabled={change.isPending}>
          {change.isPending ? t('admin.closures.saving') : t('admin.closures.add')}
        </button>
      </p>

      {data.closures.length === 0 ? (
        <p className="empty-state">{t('admin.closures.empty')}</p>
      ) : (
        <div className="table-wrap" tabIndex={0} role="group" aria-labelledby="closures-heading">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('admin.closures.days')}</th>
                <th scope="col">{t('admin.closures.reason')}</th>
                <th scope="col">{t('admin.closures.bookings')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('admin.closures.remove')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.closures.map((c) => (
                <tr key={c.id} data-closure-day={c.starts}>
                  <td>{days(c)}</td>
                  <td>
                    {c.reason}
                    {c.holiday ? <span className="badge"> {t('admin.closures.holiday')}</span> : null}
                  </td>
                  <td>
                    {c.bookings > 0 ? (
                      <Link to={appointments(c)} className="text-danger">
                        {t('admin.closures.bookingsCount', { count: c.bookings })} · {t('admin.closures.openAppointments')}
                      </Link>
                    ) : (
                      t('admin.closures.bookingsCount', { count: 0 })
                    )}
                  </td>
                  <td>
                    <button type="button" className="btn btn-small" aria-label={t('admin.closures.removeLabel', { reason: c.reason })} disabled={change.isPending} onClick={() => change.mutate({ type: 'remove', id: c.id }, { onSuccess: ({ messages }) => notify('success', messages[0] ?? t('admin.closures.remove')), onError: fail })}>
                      {t('admin.closures.remove')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h3 id="holidays-heading">{t('admin.closures.holidaysHeading')}</h3>
      {data.holidayYears.length === 0 ? (
        <p className="field-hint">{t('admin.closures.noHolidays')}</p>
      ) : (
        <ul className="closure-years" aria-labelledby="holidays-heading">
          {data.holidayYears.map((y) => (
            <li key={y.year}>
              <button
                type="button"
                className="btn"
                disabled={change.isPending}
                onClick={() => change.mutate({ type: 'holidays', year: y.year }, { onSuccess: ({ data: d }) => notify('success', t('admin.closures.applied', { count: d.added ?? 0 })), onError: fail })}
              >
                {t('admin.closures.applyYear', { year: y.year })}
              </button>{' '}
              <span className="field-hint">{t('admin.closures.yearState', { applied: y.applied, holidays: y.holidays })}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
