/**
 * A telemedicine visit as the patient sees it (issue 36 item 1): when Join is active (from 15 minutes before the
 * start until the end), and the time in the patient's own zone beside hospital time when the two differ. Pure:
 * the caller passes `now` (an injectable clock) and the patient's zone.
 */
import { offsetMinutesAt } from './hospital-time';

export const JOIN_OPENS_MINUTES_BEFORE = 15;

export type JoinState = { state: 'early'; opensAt: number } | { state: 'open' } | { state: 'ended' };

/** `endsAt` null: the start plus 30 minutes. */
export function joinState(startsAt: string, endsAt: string | null, now: number): JoinState {
  const start = Date.parse(startsAt);
  const end = endsAt ? Date.parse(endsAt) : start + 30 * 60_000;
  const opensAt = start - JOIN_OPENS_MINUTES_BEFORE * 60_000;
  if (now < opensAt) return { state: 'early', opensAt };
  if (now <= end) return { state: 'open' };
  return { state: 'ended' };
}

/** Whether the patient's zone shows another wall-clock time than the hospital's at that instant. */
export function zonesDiffer(instant: string, hospitalZone: string, patientZone: string | null | undefined): boolean {
  if (!patientZone || patientZone === hospitalZone) return false;
  const ms = Date.parse(instant);
  try {
    return offsetMinutesAt(ms, hospitalZone) !== offsetMinutesAt(ms, patientZone);
  } catch {
    return false;
  }
}

/** The browser's zone (islands), or null when it cannot tell. */
export function browserZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/** Day and time of an instant in a zone, e.g. "Sat, Dec 5, 06:00" (24-hour clock). */
export function zonedText(lang: string, instant: string, zone: string): string {
  return new Intl.DateTimeFormat(lang, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: zone }).format(new Date(instant));
}
