/**
 * Scheduled function (Netlify: `config.schedule`, every minute): booking webhooks (issue #40 item 4). Booking
 * changes become deliveries for the hooks that asked for their event, and due deliveries are signed and sent, with
 * retries after 1, 2, 4 … 60 minutes (src/lib/webhooks.ts), each attempt recorded (src/server/webhooks.ts).
 * Not routed.
 */
import { serverDatabase } from '../src/server/runtime';
import { runWebhooks } from '../src/server/webhooks';

export const WEBHOOK_SCHEDULE = '* * * * *';

export default async function webhookDeliveries(): Promise<Response> {
  const r = await runWebhooks(await serverDatabase());
  if (r.deliveries || r.sent || r.failed) console.log(JSON.stringify({ level: r.failed ? 'warn' : 'info', what: 'webhook deliveries', ...r }));
  return Response.json(r, { headers: { 'cache-control': 'no-store' } });
}

export const config = { schedule: WEBHOOK_SCHEDULE };
