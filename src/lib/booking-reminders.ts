/**
 * Reminder e-mails (issue 28 item 6): which upcoming bookings are due for a reminder at `now`, for which lead
 * time, grouped into one message per recipient, hospital day and lead time; and that message's text in the
 * recipient's language with the day and times in the hospital's zone. Pure: the clock and the recipients (the
 * confirmation mail's notify rule, src/server/booking-mail.ts) come from the caller (src/server/booking-reminders.ts).
 */
import { LOCALE_CONFIG, type Locale } from '../../i18n/locales';
import { translate, type MessageKey } from '../../i18n/strings';
import { bookingCode } from './booking';

/** Hours before the start at which reminders go out unless REMINDER_LEAD_HOURS says otherwise. */
export const DEFAULT_REMINDER_LEAD_HOURS: readonly number[] = [24, 2];
/** Netlify schedule of functions/booking-reminders.ts: a reminder leaves at most this late. */
export const REMINDER_SCHEDULE = '*/10 * * * *';

const HOUR_MS = 3_600_000;
/** Bookings that still take place; holds, expired, cancelled and completed ones get no reminder. */
const REMINDED_STATUSES: ReadonlySet<string> = new Set(['pending', 'confirmed']);

/** 'REMINDER_LEAD_HOURS=24,2' → [24, 2] (distinct, largest first); empty or unset → the default; junk throws. */
export function parseLeadHours(value: string | undefined): number[] {
  if (!value || !value.trim()) return [...DEFAULT_REMINDER_LEAD_HOURS];
  const hours = value.split(',').map((part) => Number(part.trim()));
  if (hours.some((h) => !Number.isFinite(h) || h <= 0 || h > 24 * 14)) {
    throw new RangeError(`REMINDER_LEAD_HOURS must be hours between 0 and 336 separated by commas, not "${value}"`);
  }
  return [...new Set(hours)].sort((a, b) => b - a);
}

export interface ReminderRecipient {
  email: string;
  locale: Locale;
}

export interface ReminderBooking {
  bookingId: number;
  status: string;
  /** Epoch ms of the start, and of the booking's creation (a booking made after a reminder's moment skips it). */
  startsAt: number;
  createdAt: number;
  /** Hospital day and times (yyyy-MM-dd, HH:mm) in `timeZone`. */
  date: string;
  start: string;
  end: string;
  timeZone: string;
  who: string;
  hospitalName: string;
  address: string;
  /** A telemedicine visit's video room (issue 36): the reminder gives the link and no address. */
  videoUrl?: string | null;
  /** The family member it is for, or null for the account owner. */
  forName: string | null;
  recipients: ReminderRecipient[];
}

export interface PlannedReminder {
  to: string;
  locale: Locale;
  date: string;
  leadHours: number;
  /** The recipient's bookings of that day still ahead, earliest first. */
  bookings: ReminderBooking[];
  dedupeKey: string;
}

/**
 * Lead `leads[i]` is due for a booking from `start − lead` until the next smaller lead's moment (or the start),
 * so a late run never sends a stale 24-hour reminder beside the 2-hour one, and only when the booking existed at
 * `start − lead` (a booking made 20 hours ahead gets its confirmation and the 2-hour reminder, not a "24 hours").
 */
export function dueLead(b: Pick<ReminderBooking, 'status' | 'startsAt' | 'createdAt'>, leads: readonly number[], now: number): number | null {
  if (!REMINDED_STATUSES.has(b.status) || now >= b.startsAt) return null;
  const sorted = [...leads].sort((x, y) => y - x);
  for (let i = 0; i < sorted.length; i++) {
    const at = b.startsAt - sorted[i] * HOUR_MS;
    const until = i + 1 < sorted.length ? b.startsAt - sorted[i + 1] * HOUR_MS : b.startsAt;
    if (now >= at && now < until && b.createdAt <= at) return sorted[i];
  }
  return null;
}

export const reminderDedupeKey = (to: string, date: string, leadHours: number) => `booking-reminder:${to.toLowerCase()}:${date}:${leadHours}h`;

/**
 * The reminders to queue at `now`: for every recipient and day with a booking due, one message for the closest
 * lead time due, covering all of that recipient's bookings of that day still ahead. The dedupe key (recipient, day, lead)
 * makes a second run, or a later booking of the same day, add nothing.
 */
export function planReminders(bookings: readonly ReminderBooking[], leads: readonly number[], now: number): PlannedReminder[] {
  const ahead = bookings.filter((b) => REMINDED_STATUSES.has(b.status) && b.startsAt > now);
  const byRecipientDay = new Map<string, { recipient: ReminderRecipient; date: string; bookings: ReminderBooking[] }>();
  for (const b of ahead) {
    for (const r of b.recipients) {
      const key = `${r.email.toLowerCase()}\n${b.date}`;
      const group = byRecipientDay.get(key) ?? { recipient: r, date: b.date, bookings: [] };
      group.bookings.push(b);
      byRecipientDay.set(key, group);
    }
  }
  const plan: PlannedReminder[] = [];
  for (const { recipient, date, bookings: day } of byRecipientDay.values()) {
    day.sort((a, b) => a.startsAt - b.startsAt || a.bookingId - b.bookingId);
    // The closest lead due wins: at 07:00 the 2-hour message for 09:00 also covers 15:00, whose 24-hour one is moot.
    const leadsDue = day.map((b) => dueLead(b, leads, now)).filter((l): l is number => l !== null);
    if (!leadsDue.length) continue;
    const leadHours = Math.min(...leadsDue);
    plan.push({ to: recipient.email, locale: recipient.locale, date, leadHours, bookings: day, dedupeKey: reminderDedupeKey(recipient.email, date, leadHours) });
  }
  return plan.sort((a, b) => a.bookings[0].startsAt - b.bookings[0].startsAt || a.to.localeCompare(b.to));
}

/** The hospital day as the recipient's language writes it in full ('Thursday, 26 November 2026'). */
export function reminderDay(locale: Locale, date: string): string {
  return new Intl.DateTimeFormat(LOCALE_CONFIG[locale].htmlLang, { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

/** The page where the patient (signed in) manages their bookings: no booking id or personal data in the URL. */
export const manageBookingsUrl = (siteOrigin: string, locale: Locale) => `${siteOrigin.replace(/\/+$/, '')}/${locale}/account/bookings/`;

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A line with an https address at its end gets that address as a link. */
const linked = (line: string) => {
  const m = /^(.*?)(https:\/\/\S+)$/.exec(line);
  return m ? `${esc(m[1])}<a href="${esc(m[2])}">${esc(m[2])}</a>` : esc(line);
};

export function reminderMail(r: PlannedReminder, siteOrigin: string): { subject: string; text: string; html: string } {
  const t = (k: MessageKey, p?: Record<string, string | number>) => translate(r.locale, k, p);
  const day = reminderDay(r.locale, r.date);
  const url = manageBookingsUrl(siteOrigin, r.locale);
  const cfg = LOCALE_CONFIG[r.locale];
  const items = r.bookings.map((b) => ({
    when: `${b.start}–${b.end} (${b.timeZone})`,
    lines: [
      `${t('account.reminder.code')}: ${bookingCode(b.bookingId)}`,
      `${t('account.reminder.with')}: ${b.who}`,
      b.videoUrl ? `${t('account.reminder.where')}: ${b.hospitalName} – ${t('booking.video.join')}: ${b.videoUrl}` : `${t('account.reminder.where')}: ${[b.hospitalName, b.address].filter(Boolean).join(', ')}`,
      ...(b.forName ? [`${t('account.reminder.for')}: ${b.forName}`] : []),
    ],
  }));
  const subject = t('account.reminder.subject', { count: r.bookings.length, day });
  const lead = t('account.reminder.lead', { count: r.bookings.length, day });
  const manage = t('account.reminder.manage');
  // Arriving early is for a visit at the hospital; a video visit's reminder says how to join instead.
  const video = r.bookings.some((b) => b.videoUrl);
  const footer = t(video ? 'account.reminder.footerVideo' : 'account.reminder.footer', { hotline: cfg.hotline, email: cfg.email });
  const text = [lead, '', ...items.flatMap((i) => [i.when, ...i.lines.map((l) => `  ${l}`), '']), `${manage}: ${url}`, '', footer].join('\n');
  const html = `<!doctype html><html lang="${esc(cfg.htmlLang)}"><body style="font-family:system-ui,sans-serif;color:#1f2937">
<p>${esc(lead)}</p>
${items.map((i) => `<h3 style="margin:16px 0 4px">${esc(i.when)}</h3><ul style="margin:0;padding-left:18px">${i.lines.map((l) => `<li>${linked(l)}</li>`).join('')}</ul>`).join('\n')}
<p><a href="${esc(url)}">${esc(manage)}</a></p><p>${esc(footer)}</p></body></html>`;
  return { subject, text, html };
}
