/**
 * What the booking card and the quick-booking widget share in the browser: the strings they are given, the
 * schedule and search calls, and date formatting in the hospital's calendar. No zod and no string tables here:
 * pages pass the locale's strings in, so an island carries only what it shows.
 */
import { interpolate, pluralFromTable, type Params } from '../../../i18n/interpolate';
import type { ScheduleDay } from '../../lib/slots';
import { formatDateLabel, type CalendarLabels } from '../../lib/calendar-labels';
import { pageLanguageHeader } from '../../scripts/page-locale';

export type Strings = Record<string, string>;

/** `strings['plural.table']` (island-props.ts) carries the locale's plural categories: no Intl.PluralRules here. */
export function translatorOf(strings: Strings) {
  const plural = pluralFromTable(strings['plural.table']);
  return (key: string, params?: Params) => interpolate(strings[key] ?? key, params, plural);
}

export type ScheduleSource = { kind: 'outpatient' | 'telemedicine'; doctorId: number } | { kind: 'service'; serviceId: number };

export interface ScheduleAnswer {
  schedules: ScheduleDay[];
  timeZone: string;
  bufferTime: number;
  nearest: string | null;
}

interface Envelope<T> {
  _status: number;
  _messages: string[];
  _data: T;
}

export class CallError extends Error {
  /** The HTTP status (401: the session is no longer accepted). */
  constructor(
    message: string,
    readonly status = 0,
  ) {
    super(message);
  }
}

export async function call<T>(url: string, init: RequestInit = {}, signal?: AbortSignal): Promise<T> {
  const res = await fetch(url, { ...init, signal, headers: { accept: 'application/json', ...pageLanguageHeader(), ...(init.headers ?? {}) } });
  let body: Envelope<T> | null = null;
  try {
    body = (await res.json()) as Envelope<T>;
  } catch {
    /* not JSON */
  }
  if (!res.ok || !body || body._status !== 1) throw new CallError(body?._messages?.[0] ?? `HTTP ${res.status}`, res.status);
  return body._data;
}

/** accept version 2.0.0 of the quick-booking searches (SPEC §7). */
export const SEARCH_ACCEPT = { accept: 'application/json; version=2.0.0' };

export function scheduleUrl(source: ScheduleSource, startDate: string, endDate?: string): string {
  const q = new URLSearchParams({ startDate });
  if (endDate) q.set('endDate', endDate);
  if (source.kind === 'service') {
    q.set('serviceId', String(source.serviceId));
    return `/api/services/schedules?${q}`;
  }
  const path = source.kind === 'telemedicine' ? 'telemedicine-schedules' : 'schedules';
  return `/api/doctors/${source.doctorId}/${path}?${q}`;
}

/** Merges a later answer into the loaded days (the nearest-day jump adds a week further on). */
export function mergeDays(a: readonly ScheduleDay[], b: readonly ScheduleDay[]): ScheduleDay[] {
  const byDay = new Map(a.map((d) => [d.workingDay, d]));
  for (const d of b) byDay.set(d.workingDay, d);
  return [...byDay.values()].sort((x, y) => (x.workingDay < y.workingDay ? -1 : 1));
}

/** A date in full (weekday, day, month, year): what dates and slots announce to screen readers. */
export const fullDate = (labels: CalendarLabels, date: string) => formatDateLabel(labels, 'full', date);
