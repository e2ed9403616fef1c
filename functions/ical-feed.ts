/**
 * GET /api/ical/<token>.ics (issue #40 item 4): the calendar feed a branch's or doctor's subscription address
 * answers, for calendar applications (no sign-in: the address is the secret). The token is hashed (SHA-256) and
 * looked up by its hash — the table holds no token, and an unknown or rotated one is a 404 like any other, the
 * lookup an index probe whatever the token. Read as the server (the anon role reads no booking); the answer is
 * never cacheable (private, no-store) and the calls are rate-limited per address. What an event shows, and why:
 * src/lib/ical-feed.ts.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { localeForCountryId } from '../i18n/locales';
import { translate, type MessageKey } from '../i18n/strings';
import { bookingCode } from '../src/lib/booking';
import { FEED_FILE, FEED_FUTURE_DAYS, FEED_PAST_DAYS, FEED_STATUSES, icsFeed } from '../src/lib/ical-feed';
import { notFound } from '../src/lib/errors';
import { binaryAnswer, defineEndpoint, serve } from '../src/server/endpoint';
import { asServerRole } from '../src/server/server-role';
import { LOCALE_CONFIG } from '../i18n/locales';

export const FEED_HEADERS = {
  'Cache-Control': 'private, no-store',
  'X-Robots-Tag': 'noindex, nofollow',
  'Referrer-Policy': 'no-referrer',
  'Content-Disposition': 'inline; filename="calendar.ics"',
} as const;

export const icalFeed = defineEndpoint({
  method: 'GET',
  path: '/api/ical/:file',
  summary: 'Calendar (iCal, RFC 5545) feed of a branch or doctor: bookings of the past 30 and next 60 days, by code and kind',
  description: 'The address is the secret (made on /admin/integrations, rotated or revoked there); 404 for an unknown, rotated or revoked one.',
  tags: ['integrations'],
  auth: 'public',
  produces: 'text/calendar; charset=utf-8',
  params: z.object({ file: z.string().regex(FEED_FILE) }),
  response: binaryAnswer,
  // Per address, not per IP: Google's and Apple's calendar servers fetch every subscriber's feed from a few shared
  // addresses. Guessing an address (256 random bits) is hopeless, so the limit is about load, not secrecy.
  // Keyed by a hash of the address: the rate-limit table must not hold a usable feed token either.
  rateLimit: { bucket: 'ical_feed', key: (input) => createHash('sha256').update(String((input.params as { file: string }).file)).digest('hex') },
  async handler({ params, db }) {
    const token = FEED_FILE.exec(params.file)![1];
    const hash = createHash('sha256').update(token, 'utf8').digest('hex');
    return asServerRole(db, async () => {
      const { rows } = await db.query(
        `select f.hospital_id, f.doctor_id, h.name as hospital_name, h.address, h.time_zone, h.country_id, d.name as doctor_name
           from public.ical_feeds f join public.hospitals h on h.id = f.hospital_id left join public.doctors d on d.id = f.doctor_id
          where f.token_hash = $1`,
        [hash],
      );
      const feed = rows[0];
      if (!feed) throw notFound('This calendar feed does not exist.');
      const locale = localeForCountryId(Number(feed.country_id)) ?? 'en-PH';
      const { rows: bookings } = await db.query(
        `select b.id, b.status, b.appointment_type, b.starts_at, b.starts_at + (ts.ended - ts.started) as ends_at, b.updated_at,
                coalesce(doc.name, svc.name) as who
           from public.bookings b join public.time_slots ts on ts.id = b.slot_id
           left join public.doctors doc on doc.id = b.doctor_id left join public.hospital_services svc on svc.id = b.service_id
          where b.hospital_id = $1 and ($2::bigint is null or b.doctor_id = $2) and b.status = any ($3::text[])
            and b.starts_at >= now() - make_interval(days => $4) and b.starts_at < now() + make_interval(days => $5)
          order by b.starts_at, b.id limit 3000`,
        [feed.hospital_id, feed.doctor_id, FEED_STATUSES, FEED_PAST_DAYS, FEED_FUTURE_DAYS],
      );
      const t = (k: string) => translate(locale, k as MessageKey);
      const text = icsFeed({
        name: feed.doctor_name ? `${feed.doctor_name} · ${feed.hospital_name}` : feed.hospital_name,
        timeZone: feed.time_zone,
        location: [feed.hospital_name, feed.address].filter(Boolean).join(', '),
        stamp: new Date(),
        events: bookings.map((b) => {
          const code = bookingCode(Number(b.id));
          return {
            uid: `${code}@${LOCALE_CONFIG[locale].domain}`,
            code,
            kindLabel: t(`appointments.kind.${b.appointment_type}`),
            statusLabel: t(`appointments.status.${b.status}`),
            // A doctor's own feed needs no name on each event.
            who: feed.doctor_id ? null : (b.who ?? null),
            cancelled: b.status === 'cancelled',
            startsAt: new Date(b.starts_at),
            endsAt: new Date(b.ends_at),
            updatedAt: new Date(b.updated_at),
          };
        }),
      });
      return { body: new TextEncoder().encode(text), headers: { ...FEED_HEADERS } };
    });
  },
});

export default serve(icalFeed);
export const config = { path: '/api/ical/:file' };
