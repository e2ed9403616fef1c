/**
 * One kind's availability form (outpatient or telemedicine): slot length, patients per slot and buffer time; a
 * week of days with their time ranges (added and removed per day); date exceptions (a day off, extra hours). It is
 * react-hook-form over `kindAvailabilityInput`, the schema the function reads the save with; the rules across
 * rows (overlaps, a range shorter than a slot) show the rule's own message in the admin's language.
 */
import { useEffect, useMemo, useState } from 'react';
import { useFieldArray, useForm, useWatch, type FieldError, type Resolver } from 'react-hook-form';
import { toNestErrors } from '@hookform/resolvers';
import { Link } from 'react-router';
import {
  availabilityRule,
  exceptionWindowIssues,
  AVAILABILITY_LIMITS,
  kindAvailabilityInput,
  kindFormValues,
  slotsInRange,
  WEEKDAYS,
  type KindAvailability,
  type KindAvailabilityState,
  type KindAvailabilityInput,
} from '../../../../lib/doctor-availability';
import { addDays } from '../../../../lib/hospital-time';
import { formIssueMessage } from '../../../../lib/form-issues';
import { isBlockedNumberKey } from '../../../../lib/form-rules';
import { useSaveAvailability, type AvailabilityOwner, type OwnerKind } from '../../../data/availability/queries';
import { useT, type AdminKey } from '../../../i18n';
import { describedBy, Field } from '../../../kit/form';
import { useNotify } from '../../../kit/Notifications';
import { dayLabel, weekdayName } from './ScheduleSummary';
import { useErrorText } from '../../../kit/LoadFailure';

type Values = KindAvailabilityInput;

/** The zod resolver with the availability rules' own messages (other issues: the SPEC §5 messages of the form kit). */
function useAvailabilityResolver(today: string, windowDays: number): Resolver<Values, unknown, KindAvailability> {
  const { t, tm } = useT();
  return async (values, _context, options) => {
    const r = await kindAvailabilityInput.safeParseAsync(values, { reportInput: true });
    const issues = r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join('.'), code: i.code, rule: typeof i.message === 'string' ? availabilityRule(i.message) : null, issue: i }));
    // The window is the server's too (the hospital's today comes with the answer).
    for (const w of exceptionWindowIssues(values.exceptions ?? [], today, windowDays)) issues.push({ path: w.path.join('.'), code: 'custom', rule: w.rule, issue: null as never });
    if (r.success && issues.length === 0) return { values: r.data, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const i of issues) errors[i.path] ??= { type: i.code, message: i.rule ? t(`admin.availability.rule.${i.rule}` as AdminKey) : tm(formIssueMessage(i.issue)) };
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}

const numberKeys = (e: React.KeyboardEvent<HTMLInputElement>) => {
  if (isBlockedNumberKey(e.key)) e.preventDefault();
};

/**
 * The form of one owner's kind: a doctor's outpatient or telemedicine hours, or a service's (the same rules and
 * generation, owner kind 'service'); `label` names the form for assistive technology.
 */
export function AvailabilityForm({ kind, label, state, today, windowDays, owner, cancelTo }: { kind: OwnerKind; label: string; state: KindAvailabilityState; today: string; windowDays: number; owner: AvailabilityOwner; cancelTo: string }) {
  const { t, locale } = useT();
  const notify = useNotify();
  const errorText = useErrorText();
  const initial = useMemo(() => kindFormValues(state), [state]);
  const resolver = useAvailabilityResolver(today, windowDays);
  const form = useForm<Values, unknown, KindAvailability>({ defaultValues: initial, resolver, mode: 'onTouched' });
  const weekly = useFieldArray({ control: form.control, name: 'weekly' });
  const exceptions = useFieldArray({ control: form.control, name: 'exceptions' });
  const save = useSaveAvailability(owner);
  const [failure, setFailure] = useState<string | null>(null);
  const [changes, setChanges] = useState<string | null>(null);
  const slotMinutes = Number(useWatch({ control: form.control, name: 'slotMinutes' }));
  const watchedWeekly = useWatch({ control: form.control, name: 'weekly' }) ?? [];
  const watchedExceptions = useWatch({ control: form.control, name: 'exceptions' }) ?? [];
  const { errors } = form.formState;
  const id = (name: string) => `${kind}-${name}`;
  const lastDay = addDays(today, windowDays - 1);

  // A save answers the new state: the form starts again from it.
  useEffect(() => form.reset(initial), [initial, form]);

  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    setChanges(null);
    save.mutate(
      { kind, values },
      {
        onSuccess: ({ changes: c, messages }) => {
          notify('success', messages[0] ?? t('admin.availability.updated'));
          if (c) setChanges(t('admin.availability.changes', { added: c.added, removed: c.removed }));
        },
        onError: (e) => {
          const text = errorText(e);
          setFailure(text);
          notify('danger', text);
        },
      },
    );
  });

  const fieldError = (path: string): string | undefined => {
    let node: unknown = errors;
    for (const p of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[p];
    return (node as { message?: string } | undefined)?.message;
  };

  const settings: { name: 'slotMinutes' | 'capacity' | 'bufferTime'; label: AdminKey; hint: AdminKey; min: number; max: number }[] = [
    { name: 'slotMinutes', label: 'admin.availability.slotMinutes', hint: 'admin.availability.slotHint', ...AVAILABILITY_LIMITS.slotMinutes },
    { name: 'capacity', label: 'admin.availability.capacity', hint: 'admin.availability.capacityHint', ...AVAILABILITY_LIMITS.capacity },
    { name: 'bufferTime', label: 'admin.availability.bufferTime', hint: 'admin.availability.bufferHint', ...AVAILABILITY_LIMITS.bufferTime },
  ];

  return (
    <form className="availability-form" onSubmit={onSubmit} noValidate aria-label={label}>
      {!state.managed ? (
        <p className="alert alert-info" role="note">
          {state.days.length ? t('admin.availability.notManagedKept', { count: state.days.reduce((n, d) => n + d.slots, 0) }) : t('admin.availability.notManagedEmpty', { days: windowDays })}
        </p>
      ) : null}
      {failure ? (
        <p className="alert alert-danger" role="alert">
          {failure}
        </p>
      ) : null}
      {changes ? (
        <p className="alert alert-success" role="status">
          {changes}
        </p>
      ) : null}

      <div className="card availability-card">
        <h3 id={id('settings-heading')}>{t('admin.availability.settings')}</h3>
        <div className="availability-settings">
          {settings.map((s) => {
            const fid = id(s.name);
            const err = fieldError(s.name);
            return (
              <Field key={s.name} id={fid} label={t(s.label)} error={err} hint={t(s.hint)} required>
                <input {...form.register(s.name)} {...describedBy(fid, err, 'hint')} className="input" type="number" inputMode="numeric" min={s.min} max={s.max} step={1} onKeyDown={numberKeys} />
              </Field>
            );
          })}
        </div>
      </div>

      <div className="card availability-card">
        <h3 id={id('weekly-heading')}>{t('admin.availability.weekly')}</h3>
        <ul className="week-grid">
          {WEEKDAYS.map((wd) => {
            const day = weekdayName(locale, wd);
            const rows = weekly.fields.map((f, index) => ({ f, index })).filter(({ index }) => Number(watchedWeekly[index]?.weekday) === wd);
            return (
              <li key={wd} className="week-day">
                <span className="week-day-name" id={id(`day-${wd}`)}>
                  {day}
                </span>
                <div className="week-day-ranges">
                  {rows.length === 0 ? <span className="muted">{t('admin.availability.closed')}</span> : null}
                  {rows.map(({ f, index }, n) => {
                    const startErr = fieldError(`weekly.${index}.starts`);
                    const endErr = fieldError(`weekly.${index}.ends`);
                    const err = startErr ?? endErr;
                    const w = watchedWeekly[index];
                    const count = w ? slotsInRange(w.starts, w.ends, slotMinutes) : 0;
                    return (
                      <div key={f.id} className={err ? 'time-range field-error' : 'time-range'}>
                        <input
                          {...form.register(`weekly.${index}.starts`)}
                          type="time"
                          step={300}
                          className="input input-time"
                          aria-label={t('admin.availability.fromOn', { day, index: n + 1 })}
                          aria-invalid={startErr ? true : undefined}
                          aria-describedby={err ? id(`weekly-${index}-error`) : undefined}
                        />
                        <span aria-hidden="true">–</span>
                        <input
                          {...form.register(`weekly.${index}.ends`)}
                          type="time"
                          step={300}
                          className="input input-time"
                          aria-label={t('admin.availability.toOn', { day, index: n + 1 })}
                          aria-invalid={endErr ? true : undefined}
                          aria-describedby={err ? id(`weekly-${index}-error`) : undefined}
                        />
                        <span className="slot-count">{t('admin.availability.slotCount', { count })}</span>
                        <button
                          type="button"
                          className="btn btn-small range-remove"
                          aria-label={t('admin.availability.removeRange', { day, starts: w?.starts ?? '', ends: w?.ends ?? '' })}
                          onClick={() => weekly.remove(index)}
                        >
                          ×
                        </button>
                        {err ? (
                          <p className="field-message" id={id(`weekly-${index}-error`)} role="alert">
                            {err}
                          </p>
                        ) : null}
                      </div>
                    );
                  })}
                </div>
                <button
                  type="button"
                  className="btn btn-small week-day-add"
                  aria-label={t('admin.availability.addHoursFor', { day })}
                  disabled={rows.length >= AVAILABILITY_LIMITS.rangesPerDay}
                  onClick={() => {
                    const last = rows.length ? watchedWeekly[rows[rows.length - 1].index] : null;
                    // After the day's last range, else the morning.
                    const starts = last?.ends && last.ends < '20:00' ? (last.ends < '13:00' ? '13:00' : last.ends) : '08:00';
                    const ends = starts === '08:00' ? '12:00' : starts < '17:00' ? '17:00' : '21:00';
                    weekly.append({ weekday: wd, starts, ends }, { shouldFocus: true });
                  }}
                >
                  + {t('admin.availability.addHours')}
                </button>
              </li>
            );
          })}
        </ul>
      </div>

      <div className="card availability-card">
        <h3 id={id('exceptions-heading')}>{t('admin.availability.exceptions')}</h3>
        <p className="field-hint">{t('admin.availability.exceptionsHint', { days: windowDays })}</p>
        {exceptions.fields.length === 0 ? <p className="empty-note">{t('admin.availability.noExceptions')}</p> : null}
        <ul className="exception-list">
          {exceptions.fields.map((f, index) => {
            const e = watchedExceptions[index];
            const extra = e?.type === 'extra';
            const dayErr = fieldError(`exceptions.${index}.day`);
            const timeErr = fieldError(`exceptions.${index}.starts`) ?? fieldError(`exceptions.${index}.ends`);
            const noteErr = fieldError(`exceptions.${index}.note`);
            const fid = id(`exception-${index}`);
            return (
              <li key={f.id} className="exception-row">
                <span className={`badge ${extra ? 'badge-green' : 'badge-yellow'}`}>{t(extra ? 'admin.availability.extra' : 'admin.availability.dayOff')}</span>
                <Field id={`${fid}-day`} label={t('admin.availability.date')} error={dayErr} required>
                  <input {...form.register(`exceptions.${index}.day`)} {...describedBy(`${fid}-day`, dayErr)} type="date" min={today} max={lastDay} className="input" />
                </Field>
                {extra ? (
                  <Field id={`${fid}-starts`} label={`${t('admin.availability.from')} – ${t('admin.availability.to')}`} error={timeErr} required>
                    <span className="time-range">
                      <input {...form.register(`exceptions.${index}.starts`)} {...describedBy(`${fid}-starts`, timeErr)} type="time" step={300} className="input input-time" />
                      <span aria-hidden="true">–</span>
                      <input {...form.register(`exceptions.${index}.ends`)} type="time" step={300} className="input input-time" aria-label={t('admin.availability.to')} />
                    </span>
                  </Field>
                ) : (
                  <span className="exception-no-times" aria-hidden="true" />
                )}
                <Field id={`${fid}-note`} label={t('admin.availability.note')} error={noteErr}>
                  <input {...form.register(`exceptions.${index}.note`)} {...describedBy(`${fid}-note`, noteErr)} className="input" maxLength={AVAILABILITY_LIMITS.note} autoComplete="off" />
                </Field>
                <button
                  type="button"
                  className="btn btn-small exception-remove"
                  aria-label={t('admin.availability.removeException', { day: e?.day ? dayLabel(locale, e.day) : '' })}
                  onClick={() => exceptions.remove(index)}
                >
                  ×
                </button>
              </li>
            );
          })}
        </ul>
        <div className="exception-actions">
          <button type="button" className="btn" onClick={() => exceptions.append({ day: addDays(today, 1), type: 'off', starts: '', ends: '', note: '' }, { shouldFocus: true })}>
            + {t('admin.availability.addDayOff')}
          </button>
          <button type="button" className="btn" onClick={() => exceptions.append({ day: addDays(today, 1), type: 'extra', starts: '18:00', ends: '20:00', note: '' }, { shouldFocus: true })}>
            + {t('admin.availability.addExtra')}
          </button>
        </div>
      </div>

      <div className="form-actions form-actions-sticky">
        <Link className="btn" to={cancelTo}>
          {t('admin.availability.cancel')}
        </Link>
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? t('admin.availability.saving') : t('admin.availability.save')}
        </button>
      </div>
    </form>
  );
}

