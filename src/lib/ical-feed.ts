/**
 * Calendar feeds (issue #40 item 4): the RFC 5545 calendar a branch's or a doctor's subscription address answers
 * (functions/ical-feed.ts), and the call shapes of the feeds on /admin/integrations. Pure: no I/O.
 *
 * What an event shows: the booking code, the kind (outpatient, telemedicine, service), the doctor or service, the
 * status and the branch — never the patient's name, phone or e-mail. The address is a bearer secret that ends up
 * in calendar applications and their sync servers, so it carries what a front desk needs to plan the day and
 * nothing that identifies a patient; the code finds the booking in /admin/appointments.
 * Times are UTC (…Z), which every client reads, with the branch's zone as X-WR-TIMEZONE for display. Cancelled
 * bookings stay in the feed with STATUS:CANCELLED so subscribed calendars drop them; the UID is the booking's, as
 * in the confirmation e-mail's .ics.
 */
import { z } from 'zod';
import { foldLine, icsText, utcStamp } from './calendar-event';

/** The window a feed covers around now: what a calendar needs, without the whole history. */
export const FEED_PAST_DAYS = 30;
export const FEED_FUTURE_DAYS = 60;
/** Booking statuses a feed lists (holds, expired and unpaid pending bookings are not appointments yet). */
export const FEED_STATUSES = ['confirmed', 'completed', 'no_show', 'cancelled'] as const;
/** A feed address: /api/ical/<43 base64url characters>.ics (32 random bytes). */
export const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;
export const feedPath = (token: string) => `/api/ical/${token}.ics`;

export interface FeedBooking {
  uid: string;
  code: string;
  /** Kind and status as the hospital's market says them, and the doctor or service. */
  kindLabel: string;
  statusLabel: string;
  who: string | null;
  cancelled: boolean;
  startsAt: Date;
  endsAt: Date;
  updatedAt: Date;
}

export interface FeedCalendar {
  name: string;
  timeZone: string;
  location: string;
  stamp: Date;
  events: FeedBooking[];
}

export function icsFeed(c: FeedCalendar): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Care directory//Calendar feed//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${icsText(c.name)}`,
    `X-WR-TIMEZONE:${c.timeZone}`,
    // Clients that honour it poll hourly (Google Calendar decides for itself).
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
  ];
  for (const e of c.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${icsText(e.uid)}`,
      `DTSTAMP:${utcStamp(c.stamp)}`,
      `LAST-MODIFIED:${utcStamp(e.updatedAt)}`,
      `DTSTART:${utcStamp(e.startsAt)}`,
      `DTEND:${utcStamp(e.endsAt)}`,
      `SUMMARY:${icsText([e.code, e.kindLabel, e.who].filter(Boolean).join(' · '))}`,
      `DESCRIPTION:${icsText(`${e.code} · ${e.statusLabel}`)}`,
      `LOCATION:${icsText(c.location)}`,
      e.cancelled ? 'STATUS:CANCELLED' : 'STATUS:CONFIRMED',
      'TRANSP:OPAQUE',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

// ---- call shapes ------------------------------------------------------------------------------------------

export const icalFeedSchema = z.object({
  id: z.number().int(),
  hospital: z.object({ id: z.number().int(), name: z.string() }),
  doctor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The address's last 4 characters: the whole address is answered once, by create and rotate. */
  tokenHint: z.string(),
  createdAt: z.iso.datetime(),
  rotatedAt: z.iso.datetime().nullable(),
  /** Only in the answer of create and rotate. */
  url: z.string().optional(),
});
export type IcalFeed = z.infer<typeof icalFeedSchema>;
export const icalFeedListSchema = z.object({ items: z.array(icalFeedSchema) });
export const icalFeedInputSchema = z.object({ hospitalId: z.number().int().positive(), doctorId: z.number().int().positive().nullable().optional() });
