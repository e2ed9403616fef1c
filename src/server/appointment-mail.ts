/**
 * The e-mail a patient gets when the front desk cancels their appointment (issue 35): written to the outbox in
 * the transaction of the cancellation, in the patient's language (else the hospital's market), to whom the
 * confirmation mail goes (the family member's notify choice), with the reason and, for a booking paid online,
 * what is refunded.
 */
import type pg from 'pg';
import { LOCALE_CONFIG, type Locale } from '../../i18n/locales';
import { translate, type MessageKey } from '../../i18n/strings';
import { bookingCode } from '../lib/booking';
import { formatMoney } from '../lib/format';
import { confirmationFacts, confirmationRecipients, type ConfirmationFacts } from './booking-mail';
import { enqueueMail } from './outbox';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function whenText(locale: Locale, f: Pick<ConfirmationFacts, 'date' | 'start' | 'end' | 'timeZone'>): string {
  const day = new Intl.DateTimeFormat(LOCALE_CONFIG[locale].htmlLang, { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${f.date}T00:00:00Z`));
  return `${day}, ${f.start}–${f.end} (${f.timeZone})`;
}

/** The cancellation mail's language, subject and bodies (pure given the facts). */
export function cancellationMail(f: ConfirmationFacts, reason: string, refund: number | null): { locale: Locale; subject: string; text: string; html: string } {
  const locale = f.patientLocale ?? f.marketLocale;
  const t = (k: MessageKey, p?: Record<string, string | number>) => translate(locale, k, p);
  const cfg = LOCALE_CONFIG[f.marketLocale];
  const code = bookingCode(f.bookingId);
  const rows: [string, string][] = [
    [t('booking.flow.bookingCode'), code],
    [t('booking.flow.when'), whenText(locale, f)],
    [t('booking.mail.with'), f.who],
    [t('booking.flow.hospital'), `${f.hospitalName}, ${f.address}`],
    [t('booking.flow.patient'), f.familyName ?? f.patientName],
    [t('appointments.mail.reason'), reason],
  ];
  if (refund != null) rows.push([t('appointments.mail.refundLabel'), formatMoney(locale, refund, f.currency as never)]);
  const greeting = t('booking.mail.greeting', { name: f.patientName });
  const lead = t('appointments.mail.cancelledLead', { hospital: f.hospitalName });
  const after = refund != null ? t('appointments.mail.refundNote') : t('appointments.mail.rebook');
  const footer = t('booking.mail.footer', { hotline: cfg.hotline, email: cfg.email });
  const text = [greeting, '', lead, '', ...rows.map(([k, v]) => `${k}: ${v}`), '', after, '', footer].join('\n');
  const html = `<!doctype html><html lang="${esc(LOCALE_CONFIG[locale].htmlLang)}"><body style="font-family:system-ui,sans-serif;color:#1f2937">
<p>${esc(greeting)}</p><p>${esc(lead)}</p>
<table style="border-collapse:collapse">${rows.map(([k, v]) => `<tr><th style="text-align:left;padding:4px 12px 4px 0">${esc(k)}</th><td style="padding:4px 0">${esc(v)}</td></tr>`).join('')}</table>
<p>${esc(after)}</p><p>${esc(footer)}</p></body></html>`;
  return { locale, subject: t('appointments.mail.cancelledSubject', { code }), text, html };
}

/** Writes the cancellation to the outbox for each recipient, in the caller's transaction. Answers how many. */
export async function enqueueCancellation(db: pg.PoolClient, bookingId: number, reason: string, refund: number | null): Promise<number> {
  const facts = await confirmationFacts(db, bookingId);
  const mail = cancellationMail(facts, reason, refund);
  const recipients = confirmationRecipients(facts);
  for (const to of recipients) {
    await enqueueMail(db, { kind: 'booking-cancelled', locale: mail.locale, to, subject: mail.subject, text: mail.text, html: mail.html, dedupeKey: `booking-cancelled:${bookingId}:${to.toLowerCase()}` });
  }
  return recipients.length;
}
