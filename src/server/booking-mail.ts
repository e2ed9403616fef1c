/**
 * The booking confirmation e-mail (issue #26): written to the outbox in the transaction that confirms the
 * booking, in the patient's locale, with the date in the hospital's zone and the .ics attached, to whom the
 * family member's notify choice says (SPEC §3: MASTER only me, BOTH, PATIENT).
 */
import type pg from 'pg';
import { LOCALES, LOCALE_CONFIG, type Locale } from '../../i18n/locales';
import { translate, type MessageKey } from '../../i18n/strings';
import { bookingCode } from '../lib/booking';
import { icsCalendar, icsFileName, type CalendarEvent } from '../lib/calendar-event';
import { formatMoney } from '../lib/format';
import { isPlaceholderEmail } from '../lib/onboarding';
import { PAYMENT_METHOD_KEYS, type PaymentMethod } from '../lib/payments';
import { PAYMENT_STATE_KEYS, patientPaymentState, type BookingLifecycle, type PaymentRecord } from '../lib/payment-state';
import { enqueueMail } from './outbox';
import { videoRoomOf } from './video-rooms';

export interface ConfirmationFacts {
  bookingId: number;
  date: string;
  start: string;
  end: string;
  timeZone: string;
  marketLocale: Locale;
  who: string;
  hospitalName: string;
  address: string;
  finalPrice: number;
  currency: string;
  priceVisible: boolean;
  paymentMethod: string | null;
  appointmentType: 'outpatient' | 'telemedicine' | 'service';
  bookingStatus: BookingLifecycle;
  payments: PaymentRecord[];
  /** A telemedicine visit's video room (no address is given for one). */
  videoUrl: string | null;
  patientName: string;
  patientEmail: string | null;
  patientLocale: Locale | null;
  familyName: string | null;
  familyEmail: string | null;
  notifyTo: 'MASTER' | 'BOTH' | 'PATIENT' | null;
}

/** Who receives the confirmation: the account owner, the family member, or both (placeholder addresses skipped). */
export function confirmationRecipients(f: Pick<ConfirmationFacts, 'patientEmail' | 'familyEmail' | 'notifyTo'>): string[] {
  const owner = f.patientEmail && !isPlaceholderEmail(f.patientEmail) ? [f.patientEmail] : [];
  const member = f.familyEmail && !isPlaceholderEmail(f.familyEmail) ? [f.familyEmail] : [];
  switch (f.notifyTo) {
    case 'PATIENT':
      return member.length ? member : owner;
    case 'BOTH':
      return [...new Set([...owner, ...member])];
    default:
      return owner;
  }
}

export function calendarEventOf(
  f: Pick<ConfirmationFacts, 'bookingId' | 'date' | 'start' | 'end' | 'timeZone' | 'who' | 'hospitalName' | 'address' | 'marketLocale'> & Partial<Pick<ConfirmationFacts, 'appointmentType' | 'videoUrl'>>,
  locale: Locale,
  stamp: Date,
): CalendarEvent {
  const code = bookingCode(f.bookingId);
  const cfg = LOCALE_CONFIG[f.marketLocale];
  // A video visit happens at its room, not at the hospital's address.
  const video = f.appointmentType === 'telemedicine';
  return {
    uid: `${code}@${cfg.domain}`,
    title: translate(locale, 'booking.mail.eventTitle', { who: f.who }),
    description: video
      ? `${translate(locale, 'booking.flow.bookingCode')}: ${code}\n${f.hospitalName}\n${f.videoUrl ? `${translate(locale, 'booking.video.link')}: ${f.videoUrl}\n` : ''}${translate(locale, 'booking.video.instructions')}`
      : `${translate(locale, 'booking.flow.bookingCode')}: ${code}\n${f.hospitalName}\n${f.address}`,
    location: video ? (f.videoUrl ?? translate(locale, 'booking.video.title')) : [f.hospitalName, f.address].filter(Boolean).join(', '),
    url: video ? f.videoUrl ?? null : null,
    date: f.date,
    start: f.start,
    end: f.end,
    timeZone: f.timeZone,
    reminderMinutes: 60,
    stamp,
  };
}

export function whenText(locale: Locale, f: Pick<ConfirmationFacts, 'date' | 'start' | 'end' | 'timeZone'>): string {
  const day = new Intl.DateTimeFormat(LOCALE_CONFIG[locale].htmlLang, { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${f.date}T00:00:00Z`));
  return `${day}, ${f.start}–${f.end} (${f.timeZone})`;
}

export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The payment option and what the patient reads of the money (src/lib/payment-state), amounts in the market's currency. */
export function paymentRows(locale: Locale, f: Pick<ConfirmationFacts, 'paymentMethod' | 'bookingStatus' | 'finalPrice' | 'currency' | 'payments'>, now: number): [string, string][] {
  const t = (k: MessageKey, p?: Record<string, string | number>) => translate(locale, k, p);
  const rows: [string, string][] = [];
  if (f.paymentMethod && f.paymentMethod in PAYMENT_METHOD_KEYS) rows.push([t('booking.flow.paymentMethod'), t(PAYMENT_METHOD_KEYS[f.paymentMethod as PaymentMethod])]);
  const state = patientPaymentState({ method: f.paymentMethod, bookingStatus: f.bookingStatus, finalPrice: f.finalPrice, currency: f.currency, payments: f.payments }, now);
  const amount = 'amount' in state ? formatMoney(locale, state.amount, (state.currency || f.currency) as never) : '';
  rows.push([t('booking.payment.state.label'), t(PAYMENT_STATE_KEYS[state.state], { amount })]);
  return rows;
}

/** The hospital row, and for a video visit the room instead of the address. */
export function hospitalRows(locale: Locale, f: Pick<ConfirmationFacts, 'hospitalName' | 'address' | 'appointmentType' | 'videoUrl'>): [string, string][] {
  const t = (k: MessageKey) => translate(locale, k);
  if (f.appointmentType !== 'telemedicine') return [[t('booking.flow.hospital'), `${f.hospitalName}, ${f.address}`]];
  return [[t('booking.flow.hospital'), `${f.hospitalName} (${t('booking.telemedicine')})`], ...(f.videoUrl ? [[t('booking.video.link'), f.videoUrl] as [string, string]] : [])];
}

/** A table cell: an https address becomes a link. */
export function cell(v: string): string {
  return /^https:\/\/\S+$/.test(v) ? `<a href="${esc(v)}">${esc(v)}</a>` : esc(v);
}

export function confirmationMail(f: ConfirmationFacts, stamp: Date): { locale: Locale; subject: string; text: string; html: string; ics: string; filename: string } {
  const locale = f.patientLocale ?? f.marketLocale;
  const t = (k: MessageKey, p?: Record<string, string | number>) => translate(locale, k, p);
  const cfg = LOCALE_CONFIG[f.marketLocale];
  const code = bookingCode(f.bookingId);
  const rows: [string, string][] = [
    [t('booking.flow.bookingCode'), code],
    [t('booking.flow.when'), whenText(locale, f)],
    [t('booking.mail.with'), f.who],
    ...hospitalRows(locale, f),
    [t('booking.flow.patient'), f.familyName ?? f.patientName],
  ];
  if (f.priceVisible) rows.push([t('booking.flow.total'), formatMoney(locale, f.finalPrice, f.currency as never)]);
  rows.push(...paymentRows(locale, f, stamp.getTime()));
  const greeting = t('booking.mail.greeting', { name: f.patientName });
  const footer = t('booking.mail.footer', { hotline: cfg.hotline, email: cfg.email });
  const howTo = f.appointmentType === 'telemedicine' ? t('booking.video.instructions') : null;
  const text = [greeting, '', t('booking.mail.lead'), '', ...rows.map(([k, v]) => `${k}: ${v}`), '', ...(howTo ? [howTo, ''] : []), footer].join('\n');
  const html = `<!doctype html><html lang="${esc(LOCALE_CONFIG[locale].htmlLang)}"><body style="font-family:system-ui,sans-serif;color:#1f2937">
<p>${esc(greeting)}</p><p>${esc(t('booking.mail.lead'))}</p>
<table style="border-collapse:collapse">${rows.map(([k, v]) => `<tr><th style="text-align:left;padding:4px 12px 4px 0">${esc(k)}</th><td style="padding:4px 0">${cell(v)}</td></tr>`).join('')}</table>
${howTo ? `<p>${esc(howTo)}</p>` : ''}<p>${esc(footer)}</p></body></html>`;
  const ics = icsCalendar(calendarEventOf(f, locale, stamp));
  return { locale, subject: t('booking.mail.subject', { code }), text, html, ics, filename: icsFileName(code) };
}

/** Reads what the mail needs (as the caller: the patient sees their own rows; the server sees all). */
export async function confirmationFacts(db: pg.PoolClient, bookingId: number): Promise<ConfirmationFacts> {
  const { rows } = await db.query(
    `select b.id, sc.working_day::text as date, to_char(ts.started, 'HH24:MI') as start, to_char(ts.ended, 'HH24:MI') as "end",
            h.time_zone, c.locale as market_locale, coalesce(d.name, sv.name) as who, h.name as hospital_name, h.address,
            b.final_price, b.currency, b.payment_method, b.appointment_type, b.status,
            (select coalesce(json_agg(json_build_object('status', pm.status, 'amount', pm.amount, 'currency', pm.currency, 'checkoutUrl', pm.checkout_url,
                     'expiresAt', pm.expires_at, 'refundAmount', pm.refund_amount) order by pm.id), '[]'::json)
               from public.payments pm where pm.booking_id = b.id) as payments,
            coalesce(d.partner_group, false) as partner_group, coalesce(d.price_override, false) as price_override,
            p.name as patient_name, p.email as patient_email, p.preferred_locale as patient_locale,
            f.name as family_name, f.email as family_email, f.notify_to
       from public.bookings b
       join public.time_slots ts on ts.id = b.slot_id
       join public.schedules sc on sc.id = ts.schedule_id
       join public.hospitals h on h.id = b.hospital_id
       join public.countries c on c.id = h.country_id
       join public.patients p on p.user_id = b.patient_user_id
       left join public.doctors d on d.id = b.doctor_id
       left join public.hospital_services sv on sv.id = b.service_id
       left join public.family_members f on f.id = b.family_member_id
      where b.id = $1`,
    [bookingId],
  );
  const r = rows[0];
  if (!r) throw new Error(`booking ${bookingId} not readable for its confirmation mail`);
  const finalPrice = Number(r.final_price ?? 0);
  return {
    bookingId: r.id,
    date: r.date,
    start: r.start,
    end: r.end === '00:00' ? '24:00' : r.end,
    timeZone: r.time_zone,
    marketLocale: r.market_locale,
    who: r.who,
    hospitalName: r.hospital_name,
    address: r.address,
    finalPrice,
    currency: String(r.currency ?? '').trim() || LOCALE_CONFIG[r.market_locale as Locale].currency,
    priceVisible: r.price_override || (!r.partner_group && finalPrice > 0),
    paymentMethod: r.payment_method,
    appointmentType: r.appointment_type,
    bookingStatus: r.status,
    payments: paymentRecords(r.payments),
    videoUrl: r.appointment_type === 'telemedicine' ? await videoRoomOf(db, bookingId) : null,
    patientName: r.patient_name ?? '',
    patientEmail: r.patient_email,
    patientLocale: (LOCALES as readonly string[]).includes(r.patient_locale) ? r.patient_locale : null,
    familyName: r.family_name,
    familyEmail: r.family_email,
    notifyTo: r.family_name ? r.notify_to : null,
  };
}

/** The payments of a booking as the json_agg of the facts' query gives them. */
export function paymentRecords(value: unknown): PaymentRecord[] {
  return ((value ?? []) as Record<string, unknown>[]).map((p) => ({
    status: p.status as PaymentRecord['status'],
    amount: Number(p.amount),
    currency: String(p.currency ?? '').trim(),
    checkoutUrl: (p.checkoutUrl as string | null) ?? null,
    expiresAt: new Date(String(p.expiresAt)).toISOString(),
    refundAmount: p.refundAmount == null ? null : Number(p.refundAmount),
  }));
}

/** Writes the confirmation to the outbox, once per booking and address, in the caller's transaction. */
export async function enqueueConfirmation(db: pg.PoolClient, bookingId: number, now = new Date()): Promise<number> {
  const facts = await confirmationFacts(db, bookingId);
  const mail = confirmationMail(facts, now);
  const recipients = confirmationRecipients(facts);
  for (const to of recipients) {
    await enqueueMail(db, {
      kind: 'booking-confirmed',
      locale: mail.locale,
      to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: [{ filename: mail.filename, contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: Buffer.from(mail.ics, 'utf8').toString('base64') }],
      dedupeKey: `booking-confirmed:${bookingId}:${to.toLowerCase()}`,
    });
  }
  return recipients.length;
}
