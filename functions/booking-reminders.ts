/**
 * Scheduled function: queues the reminder e-mails due now (24 and 2 hours before an appointment by default;
 * REMINDER_LEAD_HOURS, e.g. "24,2") in the outbox, which functions/outbox-sender.ts sends. Every 10 minutes on
 * Netlify, every few seconds on the local server (scripts/lib/scheduled.ts); running twice queues nothing twice.
 * Not routed: Netlify invokes it on its schedule only.
 */
import { parseLeadHours, REMINDER_SCHEDULE } from '../src/lib/booking-reminders';
import { queueBookingReminders } from '../src/server/booking-reminders';
import { serverDatabase } from '../src/server/runtime';

export default async (req: Request): Promise<Response> => {
  const report = await queueBookingReminders(await serverDatabase(), {
    now: new Date(),
    leadHours: parseLeadHours(process.env.REMINDER_LEAD_HOURS),
    siteOrigin: process.env.URL ?? new URL(req.url).origin,
  });
  if (report.queued || report.failed) console.log(JSON.stringify({ level: report.failed ? 'error' : 'info', fn: 'booking-reminders', ...report }));
  return Response.json(report, { status: report.failed ? 500 : 200, headers: { 'cache-control': 'no-store' } });
};

export const config = { schedule: REMINDER_SCHEDULE };
