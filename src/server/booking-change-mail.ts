/**
 * Every change told (issue 36 item 4): the e-mail of a cancellation, a reschedule or another change of an
 * appointment, by the patient or by the hospital (with its reason), in the patient's language, to the
 * confirmation mail's recipients, with the calendar file (a cancellation cancels the event of the confirmation;
 * a reschedule cancels the old event and adds the new one). Written to the outbox inside the transaction of the
 * change, so it exists exactly when the change commits.
 *
 * A hospital-side cancel or change calls `enqueueBookingChange(db, bookingId, { kind, by: 'hospital', reason })`
 * in its own transaction, after its security definer function changed the booking.
 */
import type pg from 'pg';
import { LOCALE_CONFIG, type Locale } from '../../i18n/locales';
import { translate, type MessageKey } from '../../i18n/strings';
import { bookingCode } from '../lib/booking';
import { REBOOKING_OFFER_DAYS } from '../lib/doctor-unavailable';
import { icsCalendar, icsFileName } from '../lib/calendar-event';
import { calendarEventOf, cell, confirmationFacts, confirmationRecipients, esc, hospitalRows, paymentRows, whenText, type ConfirmationFacts } from './booking-mail';
import { enqueueMail } from './outbox';
import { asServerRole } from './server-role';

export interface BookingChange {
  kind: 'cancelled' | 'rescheduled' | 'changed';
  by: 'patient' | 'hospital';
  /** The hospital's reason (shown as given). */
  reason?: string | null;
  /** Rebooking offers ("doctor unavailable", issue 35): the doctor's next free times, each a one-tap link. */
  offers?: RebookingOffer[];
}

/** One offered time: day and times in the hospital's zone, and its link (a single-use token, nothing personal). */
export interface RebookingOffer {
  date: string;
  start: string;
  end: string;
  url: string;
}

/** The appointment before a reschedule: its booking id, day and times in the hospital's zone. */
export interface PreviousTime {
  bookingId: number;
  date: string;
  start: string;
  end: string;
}

export interface ChangeMail {
  locale: Locale;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; ics: string }[];
}

const LEADS: Record<BookingChange['kind'], Record<BookingChange['by'], MessageKey>> = {
  cancelled: { patient: 'booking.change.lead.cancelledByPatient', hospital: 'booking.change.lead.cancelledByHospital' },
  rescheduled: { patient: 'booking.change.lead.rescheduledByPatient', hospital: 'booking.change.lead.rescheduledByHospital' },
  changed: { patient: 'booking.change.lead.changedByPatient', hospital: 'booking.change.lead.changedByHospital' },
};
const SUBJECTS: Record<BookingChange['kind'], MessageKey> = {
  cancelled: 'booking.change.subject.cancelled',
  rescheduled: 'booking.change.subject.rescheduled',
  changed: 'booking.change.subject.changed',
};

/** The mail of one change (pure): `facts` of the booking as it is now, `previous` for a reschedule. */
export function bookingChangeMail(facts: ConfirmationFacts, change: BookingChange, stamp: Date, previous: PreviousTime | null = null): ChangeMail {
  const locale = facts.patientLocale ?? facts.marketLocale;
  const t = (k: MessageKey, p?: Record<string, string | number>) => translate(locale, k, p);
  const cfg = LOCALE_CONFIG[facts.marketLocale];
  const code = bookingCode(facts.bookingId);
  const rows: [string, string][] = [[t('booking.flow.bookingCode'), code]];
  rows.push([t(change.kind === 'cancelled' ? 'booking.change.cancelledTime' : 'booking.flow.when'), whenText(locale, facts)]);
  if (previous) rows.push([t('booking.change.previousTime'), whenText(locale, { ...previous, timeZone: facts.timeZone })]);
  rows.push([t('booking.mail.with'), facts.who]);
  rows.push(...hospitalRows(locale, change.kind === 'cancelled' ? { ...facts, videoUrl: null } : facts));
  rows.push([t('booking.flow.patient'), facts.familyName ?? facts.patientName]);
  if (change.by === 'hospital' && change.reason?.trim()) rows.push([t('booking.change.reason'), change.reason.trim()]);
  rows.push(...paymentRows(locale, facts, stamp.getTime()));
  const greeting = t('booking.mail.greeting', { name: facts.patientName });
  const lead = t(LEADS[change.kind][change.by]);
  const footer = t('booking.change.footer', { hotline: cfg.hotline, email: cfg.email });
  const offers = (change.offers ?? []).map((o) => ({ when: whenText(locale, { ...o, timeZone: facts.timeZone }), url: o.url }));
  const offerText = offers.length ? ['', t('booking.rebook.title'), ...offers.map((o) => `- ${o.when}: ${o.url}`), t('booking.rebook.note', { days: REBOOKING_OFFER_DAYS })] : [];
  const offerHtml = offers.length
    ? `<h2 style="font-size:16px">${esc(t('booking.rebook.title'))}</h2><ul>${offers.map((o) => `<li style="margin:6px 0"><a href="${esc(o.url)}" style="color:#0b63ce;font-weight:600">${esc(o.when)}</a></li>`).join('')}</ul><p style="color:#4b5563">${esc(t('booking.rebook.note', { days: REBOOKING_OFFER_DAYS }))}</p>`
    : '';
  const text = [greeting, '', lead, '', ...rows.map(([k, v]) => `${k}: ${v}`), ...offerText, '', footer].join('\n');
  const html = `<!doctype html><html lang="${esc(LOCALE_CONFIG[locale].htmlLang)}"><body style="font-family:system-ui,sans-serif;color:#1f2937">
<p>${esc(greeting)}</p><p><strong>${esc(lead)}</strong></p>
<table style="border-collapse:collapse">${rows.map(([k, v]) => `<tr><th style="text-align:left;padding:4px 12px 4px 0">${esc(k)}</th><td style="padding:4px 0">${cell(v)}</td></tr>`).join('')}</table>
${offerHtml}<p>${esc(footer)}</p></body></html>`;
  const event = calendarEventOf(facts, locale, stamp);
  const attachments: ChangeMail['attachments'] = [];
  if (change.kind === 'cancelled') {
    attachments.push({ filename: icsFileName(code), ics: icsCalendar({ ...event, cancelled: true, sequence: 1 }) });
  } else {
    attachments.push({ filename: icsFileName(code), ics: icsCalendar({ ...event, sequence: change.kind === 'changed' ? Math.floor(stamp.getTime() / 1000) : 0 }) });
    if (previous) {
      const oldCode = bookingCode(previous.bookingId);
      const old = calendarEventOf({ ...facts, ...previous }, locale, stamp);
      attachments.push({ filename: icsFileName(oldCode), ics: icsCalendar({ ...old, cancelled: true, sequence: 1 }) });
    }
  }
  return { locale, subject: t(SUBJECTS[change.kind], { code }), text, html, attachments };
}

/**
 * Writes the change's mail to the outbox, in the caller's transaction, once per booking, change and address (a
 * retried request sends nothing more; a hospital's later change of the same booking is a new mail). Reads the
 * facts as the server (a hospital's staff member does not read the patient's address under RLS).
 */
export async function enqueueBookingChange(db: pg.PoolClient, bookingId: number, change: BookingChange, now = new Date()): Promise<number> {
  const { facts, previous } = await asServerRole(db, async () => {
    const f = await confirmationFacts(db, bookingId);
    const { rows } = await db.query(
      `select o.id, to_char(o.starts_at at time zone h.time_zone, 'YYYY-MM-DD') as date, to_char(ts.started, 'HH24:MI') as start, to_char(ts.ended, 'HH24:MI') as "end"
         from public.bookings b join public.bookings o on o.id = b.rescheduled_from_id
         join public.time_slots ts on ts.id = o.slot_id join public.hospitals h on h.id = o.hospital_id
        where b.id = $1`,
      [bookingId],
    );
    const p = rows[0];
    return { facts: f, previous: change.kind === 'rescheduled' && p ? { bookingId: Number(p.id), date: p.date, start: p.start, end: p.end === '00:00' ? '24:00' : p.end } : null };
  });
  const mail = bookingChangeMail(facts, change, now, previous);
  const recipients = confirmationRecipients(facts);
  const once = change.kind === 'changed' ? `${now.getTime()}` : 'once';
  for (const to of recipients) {
    await enqueueMail(db, {
      kind: `booking-${change.kind}`,
      locale: mail.locale,
      to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: mail.attachments.map((a) => ({
        filename: a.filename,
        contentType: `text/calendar; charset=utf-8; method=${a.ics.includes('METHOD:CANCEL') ? 'CANCEL' : 'PUBLISH'}`,
        content: Buffer.from(a.ics, 'utf8').toString('base64'),
      })),
      dedupeKey: `booking-${change.kind}:${bookingId}:${once}:${to.toLowerCase()}`,
    });
  }
  return recipients.length;
}
