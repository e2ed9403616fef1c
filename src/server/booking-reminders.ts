/**
 * Reminder e-mails, the data step (issue 28 item 6): reads the bookings that may be due at `now`, resolves their
 * recipients with the confirmation mail's notify rule (confirmationRecipients) and their language (the patient's
 * preferred language, else the booking's market), lets the pure planner (src/lib/booking-reminders.ts) pick and
 * group, and queues one outbox mail per recipient, hospital day and lead time. The dedupe key makes a second run,
 * or two instances at once, queue nothing more.
 */
import { LOCALES, type Locale } from '../../i18n/locales';
import type { Database } from '../data/db';
import { planReminders, reminderMail, type ReminderBooking } from '../lib/booking-reminders';
import { confirmationRecipients } from './booking-mail';
import { enqueueMail } from './outbox';

const HOUR_MS = 3_600_000;

export interface ReminderRun {
  now: Date;
  leadHours: readonly number[];
  /** Origin of the links in the mail (the site's URL). */
  siteOrigin: string;
}

export interface ReminderReport {
  planned: number;
  queued: number;
  /** Mails the outbox refused (an address it cannot take); the others are queued all the same. */
  failed: number;
}

const asLocale = (value: unknown): Locale | null => ((LOCALES as readonly string[]).includes(value as string) ? (value as Locale) : null);

/** Bookings starting after `now` and within the largest lead plus a day (a day's later bookings join its message). */
export async function reminderCandidates(db: Database, now: Date, leadHours: readonly number[]): Promise<ReminderBooking[]> {
  const horizon = new Date(now.getTime() + (Math.max(...leadHours) + 24) * HOUR_MS);
  const { rows } = await db.pool.query(
    `select b.id, b.status, b.starts_at, b.created_at, sc.working_day::text as date,
            to_char(ts.started, 'HH24:MI') as start, to_char(ts.ended, 'HH24:MI') as "end", h.time_zone,
            c.locale as market_locale, coalesce(d.name, sv.name) as who, h.name as hospital_name, h.address,
            (select vr.room_url from public.booking_video_rooms vr where vr.booking_id = b.id and b.appointment_type = 'telemedicine') as video_url,
            p.email as patient_email, p.preferred_locale, b.family_member_id, f.name as family_name, f.email as family_email, f.notify_to
       from public.bookings b
       join public.time_slots ts on ts.id = b.slot_id
       join public.schedules sc on sc.id = ts.schedule_id
       join public.hospitals h on h.id = b.hospital_id
       join public.countries c on c.id = h.country_id
       join public.patients p on p.user_id = b.patient_user_id
       left join public.doctors d on d.id = b.doctor_id
       left join public.hospital_services sv on sv.id = b.service_id
       left join public.family_members f on f.id = b.family_member_id
      where b.status in ('pending', 'confirmed') and b.starts_at > $1 and b.starts_at <= $2
      order by b.starts_at, b.id`,
    [now.toISOString(), horizon.toISOString()],
  );
  return rows.map((r): ReminderBooking => {
    const locale = asLocale(r.preferred_locale) ?? asLocale(r.market_locale) ?? 'vi-VN';
    const emails = confirmationRecipients({ patientEmail: r.patient_email, familyEmail: r.family_email, notifyTo: r.family_member_id ? r.notify_to : null });
    return {
      bookingId: Number(r.id),
      status: r.status,
      startsAt: new Date(r.starts_at).getTime(),
      createdAt: new Date(r.created_at).getTime(),
      date: r.date,
      start: r.start,
      end: r.end === '00:00' ? '24:00' : r.end,
      timeZone: r.time_zone,
      who: r.who ?? '',
      hospitalName: r.hospital_name,
      address: r.address ?? '',
      videoUrl: r.video_url ?? null,
      forName: r.family_member_id ? r.family_name : null,
      recipients: emails.map((email) => ({ email, locale })),
    };
  });
}

/** Queues the reminders due at `run.now`, each on its own, so that one refused address does not hold back the rest. */
export async function queueBookingReminders(db: Database, run: ReminderRun): Promise<ReminderReport> {
  const plan = planReminders(await reminderCandidates(db, run.now, run.leadHours), run.leadHours, run.now.getTime());
  const report: ReminderReport = { planned: plan.length, queued: 0, failed: 0 };
  if (!plan.length) return report;
  const client = await db.pool.connect();
  try {
    for (const item of plan) {
      const mail = reminderMail(item, run.siteOrigin);
      try {
        const id = await enqueueMail(client, { kind: 'booking-reminder', locale: item.locale, to: item.to, ...mail, dedupeKey: item.dedupeKey, sendAfter: run.now });
        if (id !== null) report.queued++;
      } catch {
        report.failed++;
      }
    }
  } finally {
    client.release();
  }
  return report;
}
