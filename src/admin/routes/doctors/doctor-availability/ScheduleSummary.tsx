/**
 * Read-only parts of a doctor's availability, shared by the availability screen (managers) and /admin/schedule
 * (the doctor role): the kept booked slots outside the hours, the generated days of the booking window, the
 * weekly hours and the exceptions. Days are hospital-local dates, formatted for the admin's locale without
 * shifting them into the browser's zone.
 */
import { useState } from 'react';
import { LOCALE_CONFIG, type Locale } from '../../../../../i18n/locales';
import { WEEKDAYS, type KindAvailabilityState } from '../../../../lib/doctor-availability';
import { useT } from '../../../i18n';

/** A yyyy-MM-dd calendar day as the locale writes it (weekday, day, month), the same day whatever the browser zone. */
export function dayLabel(locale: Locale, day: string, long = false): string {
  return new Intl.DateTimeFormat(LOCALE_CONFIG[locale].htmlLang, { timeZone: 'UTC', weekday: long ? 'long' : 'short', day: 'numeric', month: 'short', year: long ? 'numeric' : undefined }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** ISO weekday names in the locale, Monday first (2024-01-01 was a Monday). */
export function weekdayName(locale: Locale, weekday: number, width: 'long' | 'short' = 'long'): string {
  return new Intl.DateTimeFormat(LOCALE_CONFIG[locale].htmlLang, { timeZone: 'UTC', weekday: width }).format(new Date(Date.UTC(2024, 0, weekday)));
}

export function ConflictList({ conflicts, headingId }: { conflicts: KindAvailabilityState['conflicts']; headingId: string }) {
  const { t, locale } = useT();
  if (!conflicts.length) return null;
  return (
    <div className="card availability-card availability-conflicts">
      <h3 id={headingId}>{t('admin.availability.conflicts')}</h3>
      <p className="field-hint">{t('admin.availability.conflictsHint')}</p>
      {/* Focusable: on a phone the table scrolls sideways inside its card. */}
      <div className="table-wrap" tabIndex={0} role="group" aria-labelledby={headingId}>
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('admin.availability.date')}</th>
              <th scope="col">{t('admin.availability.time')}</th>
              <th scope="col">{t('admin.availability.bookings')}</th>
            </tr>
          </thead>
          <tbody>
            {conflicts.map((c) => (
              <tr key={`${c.day}-${c.started}`}>
                <td>{dayLabel(locale, c.day, true)}</td>
                <td>
                  {c.started}–{c.ended}
                </td>
                <td>{c.bookings}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

const FIRST_DAYS = 14;

export function UpcomingDays({ days, headingId }: { days: KindAvailabilityState['days']; headingId: string }) {
  const { t, locale } = useT();
  const [all, setAll] = useState(false);
  const shown = all ? days : days.slice(0, FIRST_DAYS);
  return (
    <div className="card availability-card">
      <h3 id={headingId}>{t('admin.availability.upcoming')}</h3>
      <p className="field-hint">{t('admin.availability.upcomingHint')}</p>
      {days.length === 0 ? (
        <p className="empty-note">{t('admin.availability.noDays')}</p>
      ) : (
        <>
          <div className="table-wrap" tabIndex={0} role="group" aria-labelledby={headingId}>
            <table className="table availability-days">
              <thead>
                <tr>
                  <th scope="col">{t('admin.availability.date')}</th>
                  <th scope="col">{t('admin.availability.hours')}</th>
                  <th scope="col" className="num">
                    {t('admin.availability.slots')}
                  </th>
                  <th scope="col" className="num">
                    {t('admin.availability.booked')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {shown.map((d) => (
                  <tr key={d.day}>
                    <td>{dayLabel(locale, d.day)}</td>
                    <td>
                      {d.first}–{d.last}
                    </td>
                    <td className="num">{d.slots}</td>
                    <td className="num">{d.booked > 0 ? <span className="badge badge-blue">{d.booked}</span> : 0}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {days.length > FIRST_DAYS ? (
            <button type="button" className="btn-link" aria-expanded={all} onClick={() => setAll(!all)}>
              {all ? t('admin.availability.showLess') : t('admin.availability.showAll', { count: days.length })}
            </button>
          ) : null}
        </>
      )}
    </div>
  );
}

/** The weekly hours and exceptions as text (the doctor's read-only schedule). */
export function HoursSummary({ state, headingId }: { state: KindAvailabilityState; headingId: string }) {
  const { t, locale } = useT();
  return (
    <div className="card availability-card">
      <h3 id={headingId}>{t('admin.availability.weekly')}</h3>
      <dl className="hours-summary">
        {WEEKDAYS.map((wd) => {
          const ranges = state.weekly.filter((w) => w.weekday === wd);
          return (
            <div key={wd}>
              <dt>{weekdayName(locale, wd)}</dt>
              <dd className={ranges.length ? undefined : 'muted'}>{ranges.length ? ranges.map((r) => `${r.starts}–${r.ends}`).join(', ') : t('admin.availability.closed')}</dd>
            </div>
          );
        })}
      </dl>
      <p className="field-hint">
        {t('admin.availability.slotMinutes')}: {state.slotMinutes} · {t('admin.availability.capacity')}: {state.capacity} · {t('admin.availability.bufferTime')}: {state.bufferTime}
      </p>
      {state.exceptions.length ? (
        <>
          <h4>{t('admin.availability.exceptions')}</h4>
          <ul className="exception-summary">
            {state.exceptions.map((e) => (
              <li key={`${e.day}-${e.type}-${e.starts}`}>
                <strong>{dayLabel(locale, e.day, true)}</strong>: {e.type === 'off' ? t('admin.availability.dayOff') : `${t('admin.availability.extra')} ${e.starts}–${e.ends}`}
                {e.note ? ` — ${e.note}` : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
