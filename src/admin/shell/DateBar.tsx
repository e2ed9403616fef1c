/**
 * The top bar's 'Today' date picker (SPEC §2: dd-MM-yyyy), shown on screens whose route handle sets datePicker
 * (the appointments screen drives its day from it). The day is kept in the URL as `date=yyyy-MM-dd`, so a reload,
 * back and a shared link keep it; no `date` means today in the admin's market zone. The field takes dd-MM-yyyy
 * typed by hand; the arrows step a day; 'Today' goes back.
 */
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LOCALE_CONFIG } from '../../../i18n/locales';
import { addDays, todayInZone } from '../../lib/hospital-time';
import { isDay } from '../../lib/admin-appointments';
import { useT } from '../i18n';

export const DATE_PARAM = 'date';

const toDisplay = (day: string) => `${day.slice(8, 10)}-${day.slice(5, 7)}-${day.slice(0, 4)}`;
function fromDisplay(text: string): string | null {
  const m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text.trim());
  if (!m) return null;
  const day = `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  return isDay(day) ? day : null;
}

/** The top bar's day: the URL's, else today in the admin's market. */
export function useTopBarDate(): [string, (day: string | null) => void] {
  const { locale } = useT();
  const [params, setParams] = useSearchParams();
  const raw = params.get(DATE_PARAM);
  const today = todayInZone(Date.now(), LOCALE_CONFIG[locale].timeZones[0]!);
  const day = raw && isDay(raw) ? raw : today;
  const set = (next: string | null) =>
    setParams((p) => {
      const n = new URLSearchParams(p);
      if (!next || next === today) n.delete(DATE_PARAM);
      else n.set(DATE_PARAM, next);
      // A new day starts the list over (its own range and page).
      for (const k of ['page', 'from', 'to', 'view_day']) n.delete(k);
      return n;
    });
  return [day, set];
}

export function DateBar() {
  const { t } = useT();
  const [day, setDay] = useTopBarDate();
  const id = useId();
  const [text, setText] = useState(toDisplay(day));
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    setText(toDisplay(day));
    setInvalid(false);
  }, [day]);
  const commit = () => {
    const next = fromDisplay(text);
    if (next) setDay(next);
    setInvalid(!next);
  };
  return (
    <div className="date-bar" role="group" aria-label={t('admin.dateBar.label')}>
      <button type="button" className="icon-btn" aria-label={t('admin.dateBar.previous')} onClick={() => setDay(addDays(day, -1))}>
        ‹
      </button>
      <label htmlFor={id} className="sr-only">
        {t('admin.dateBar.field')}
      </label>
      <input
        id={id}
        className="input date-bar-input"
        value={text}
        inputMode="numeric"
        placeholder="dd-MM-yyyy"
        aria-invalid={invalid || undefined}
        title={invalid ? t('admin.dateBar.invalid') : undefined}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => e.key === 'Enter' && commit()}
      />
      <button type="button" className="icon-btn" aria-label={t('admin.dateBar.next')} onClick={() => setDay(addDays(day, 1))}>
        ›
      </button>
      <button type="button" className="btn btn-small" onClick={() => setDay(null)}>
        {t('admin.dateBar.today')}
      </button>
    </div>
  );
}
