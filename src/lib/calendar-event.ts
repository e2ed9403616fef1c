/**
 * An appointment as a calendar event: an RFC 5545 iCalendar file (the booking-confirmed screen's download and
 * the confirmation e-mail's attachment) and a Google Calendar event address. Times are written in the
 * hospital's time zone (TZID with its VTIMEZONE), whatever the visitor's browser zone is. Pure: no I/O.
 */
import { offsetMinutesAt, zonedInstant } from './hospital-time';

export interface CalendarEvent {
  /** Stable id of the booking (UID). */
  uid: string;
  title: string;
  description: string;
  /** Hospital name and address. */
  location: string;
  /** yyyy-MM-dd and HH:mm in the hospital's zone. */
  date: string;
  start: string;
  end: string;
  timeZone: string;
  /** Minutes before the start the reminder rings. */
  reminderMinutes: number;
  /** When the file is made (DTSTAMP). */
  stamp: Date;
  /** A cancellation of the event of the same uid (METHOD:CANCEL, STATUS:CANCELLED, issue 36). */
  cancelled?: boolean;
  /** The event's revision: a change or cancellation has a higher one than the confirmation (0). */
  sequence?: number;
  /** An address to join (a telemedicine visit's video room), as the event's URL. */
  url?: string | null;
}

/** TEXT escaping of RFC 5545 §3.3.11. */
export function icsText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Folds a content line at 75 octets (RFC 5545 §3.1), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const bytes = new TextEncoder();
  const out: string[] = [];
  let current = '';
  let size = 0;
  for (const ch of line) {
    const n = bytes.encode(ch).length;
    const limit = out.length === 0 ? 75 : 74; // continuation lines start with a space
    if (size + n > limit) {
      out.push(current);
      current = '';
      size = 0;
    }
    current += ch;
    size += n;
  }
  out.push(current);
  return out.join('\r\n ');
}

const compact = (date: string, time: string) => `${date.replace(/-/g, '')}T${time.replace(':', '')}00`;

export function utcStamp(d: Date): string {
  return d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const m = Math.abs(minutes);
  return `${sign}${String(Math.floor(m / 60)).padStart(2, '0')}${String(m % 60).padStart(2, '0')}`;
}

/** The end's date: a slot ending at 24:00 ends at 00:00 the next day. */
function endOf(e: CalendarEvent): { date: string; time: string } {
  if (e.end !== '24:00') return { date: e.date, time: e.end };
  const next = new Date(`${e.date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return { date: next.toISOString().slice(0, 10), time: '00:00' };
}

/**
 * The .ics text. The VTIMEZONE gives the zone's offset at the appointment (the markets' zones keep one offset all
 * year; a zone with daylight saving time would need its rules, which no market here has).
 */
export function icsCalendar(e: CalendarEvent): string {
  const startMs = zonedInstant(e.date, e.start, e.timeZone);
  const offset = offsetText(offsetMinutesAt(startMs, e.timeZone));
  const end = endOf(e);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Care directory//Booking//EN',
    'CALSCALE:GREGORIAN',
    e.cancelled ? 'METHOD:CANCEL' : 'METHOD:PUBLISH',
    'BEGIN:VTIMEZONE',
    `TZID:${e.timeZone}`,
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    `TZOFFSETFROM:${offset}`,
    `TZOFFSETTO:${offset}`,
    'END:STANDARD',
    'END:VTIMEZONE',
    'BEGIN:VEVENT',
    `UID:${icsText(e.uid)}`,
    `DTSTAMP:${utcStamp(e.stamp)}`,
    `DTSTART;TZID=${e.timeZone}:${compact(e.date, e.start)}`,
    `DTEND;TZID=${e.timeZone}:${compact(end.date, end.time)}`,
    `SUMMARY:${icsText(e.title)}`,
    `DESCRIPTION:${icsText(e.description)}`,
    `LOCATION:${icsText(e.location)}`,
    ...(e.url ? [`URL:${e.url}`] : []),
    ...(e.sequence ? [`SEQUENCE:${Math.round(e.sequence)}`] : []),
    e.cancelled ? 'STATUS:CANCELLED' : 'STATUS:CONFIRMED',
    ...(e.cancelled
      ? []
      : ['BEGIN:VALARM', 'ACTION:DISPLAY', `DESCRIPTION:${icsText(e.title)}`, `TRIGGER:-PT${Math.max(0, Math.round(e.reminderMinutes))}M`, 'END:VALARM']),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

/** A Google Calendar "add event" address for the appointment, in the hospital's zone (ctz). */
export function googleCalendarEventUrl(e: CalendarEvent): string {
  const end = endOf(e);
  const q = new URLSearchParams({
    action: 'TEMPLATE',
    text: e.title,
    dates: `${compact(e.date, e.start)}/${compact(end.date, end.time)}`,
    ctz: e.timeZone,
    details: e.description,
    location: e.location,
  });
  return `https://calendar.google.com/calendar/render?${q}`;
}

/** A safe file name for the download. */
export function icsFileName(code: string): string {
  return `appointment-${code.replace(/[^A-Za-z0-9-]/g, '')}.ics`;
}
