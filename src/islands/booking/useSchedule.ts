/**
 * Loads a schedule for the date strip: the schedule window of today (week from Monday, SCHEDULE_DAYS_BEFORE days
 * before) plus the following weeks; when none of it has a slot, the nearest-day variant finds the next week that
 * has one; a date chosen earlier (`reach`) past those weeks is loaded too. The buffer is applied again on the
 * browser's clock in the hospital's zone (the page may stay open).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { addDays, todayInZone } from '../../lib/hospital-time';
import { applyBuffer, reachWindows, stripRange, type ScheduleDay } from '../../lib/slots';
import { call, mergeDays, scheduleUrl, type ScheduleAnswer, type ScheduleSource } from './shared';

export interface ScheduleState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  days: ScheduleDay[];
  zone: string;
  bufferTime: number;
  /** Last day the strip covers (inclusive). */
  until: string;
}

/** `reach`: a date the patient chose before (back from a lost slot race or a sign-in) that the strip must hold. */
export function useSchedule(source: ScheduleSource | null, zone: string, bufferTime: number, reach: string | null = null) {
  const [state, setState] = useState<ScheduleState>(() => ({ status: source ? 'loading' : 'idle', days: [], zone, bufferTime, until: todayInZone(Date.now(), zone) }));
  const [attempt, setAttempt] = useState(0);
  const key = source ? JSON.stringify(source) : '';
  const stateRef = useRef(state);
  stateRef.current = state;

  useEffect(() => {
    if (!source) {
      setState((s) => ({ ...s, status: 'idle', days: [] }));
      return;
    }
    const ac = new AbortController();
    const today = todayInZone(Date.now(), zone);
    const { start, end, nearestFrom } = stripRange(today);
    setState((s) => ({ ...s, status: 'loading', days: [] }));
    (async () => {
      let a = await call<ScheduleAnswer>(scheduleUrl(source, start, end), {}, ac.signal);
      let days = a.schedules;
      let until = end;
      if (!a.nearest) {
        // Nothing in these weeks: look further for "See nearest availabilities".
        const later = await call<ScheduleAnswer>(scheduleUrl(source, nearestFrom), {}, ac.signal);
        if (later.nearest) {
          days = mergeDays(days, later.schedules);
          until = later.schedules[later.schedules.length - 1]?.workingDay ?? end;
          a = later;
        }
      }
      // The chosen date lies past the loaded weeks: carry the strip on to its week.
      for (const w of reach ? reachWindows(today, until, reach) : []) {
        days = mergeDays(days, (await call<ScheduleAnswer>(scheduleUrl(source, w.start, w.end), {}, ac.signal)).schedules);
        until = w.end;
      }
      days = applyBuffer(days, { zone: a.timeZone, now: Date.now(), bufferMinutes: a.bufferTime });
      setState({ status: 'ready', days, zone: a.timeZone, bufferTime: a.bufferTime, until });
    })().catch((e) => {
      if (!ac.signal.aborted) setState((s) => ({ ...s, status: 'error' }));
      void e;
    });
    return () => ac.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, zone, attempt, reach]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}

/** Every date of the strip, from today in the hospital's zone to the last loaded day; missing days have no slots. */
export function stripDates(days: readonly ScheduleDay[], zone: string, until: string): ScheduleDay[] {
  const today = todayInZone(Date.now(), zone);
  const byDay = new Map(days.map((d) => [d.workingDay, d]));
  const last = days.length && days[days.length - 1].workingDay > until ? days[days.length - 1].workingDay : until;
  const out: ScheduleDay[] = [];
  for (let d = today; d <= last; d = addDays(d, 1)) {
    out.push(byDay.get(d) ?? { workingDay: d, workingTimes: { morning: [], afternoon: [], evening: [] }, slots: 0 });
  }
  return out;
}
