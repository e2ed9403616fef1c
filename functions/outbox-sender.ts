/**
 * Scheduled function: sends the outbox's due e-mail (src/server/outbox.ts) through the mail provider the
 * environment names (src/server/mail-provider.ts). Every minute on Netlify; a mail that fails is retried with
 * exponential backoff (1, 2, 4, … minutes, at most an hour) up to MAX_ATTEMPTS times. The local server runs it
 * every few seconds (scripts/lib/scheduled.ts).
 */
import { mailProviderFromEnv } from '../src/server/mail-provider';
import { sendDueMail } from '../src/server/outbox';
import { serverDatabase } from '../src/server/runtime';

export default async (req: Request): Promise<Response> => {
  const db = await serverDatabase();
  const provider = mailProviderFromEnv(process.env.URL ?? new URL(req.url).origin);
  const report = await sendDueMail(db, provider, new Date());
  if (report.sent || report.failed) console.log(JSON.stringify({ fn: 'outbox-sender', provider: provider.name, ...report }));
  return Response.json(report, { headers: { 'cache-control': 'no-store' } });
};

export const config = { schedule: '* * * * *' };
