/**
 * The webhook sender (issue #40 item 4), run by functions/webhook-deliveries.ts every minute and by a manager's
 * "Redeliver" (functions/admin-integrations.ts): booking changes recorded by the bookings trigger become one
 * delivery per matching hook (src/lib/webhooks.ts decides the events), and due deliveries are signed and POSTed.
 * Each attempt is recorded with its answer and time; a failure is retried after the back-off; a hook whose attempts
 * fail PAUSE_AFTER_FAILURES times in a row is paused with a bell entry for its hospital's managers.
 * Runs as the server's login role (the tables grant API roles no write of these columns).
 */
import { transaction, type Database, type Queryable } from '../data/db';
import { postWebhook } from './webhook-post';
import { openSecret, sealSecret, secretHint } from './webhook-secret';
import { ATTEMPT_TIMEOUT_MS, backoffMs, bookingEvents, MAX_ATTEMPTS, shouldPause, signWebhook, SIGNATURE_HEADER, webhookPayload, type WebhookEvent } from '../lib/webhooks';

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** Booking changes not yet fanned out become deliveries (at most `limit` changes per call). */
export async function fanOutEvents(db: Database, limit = 200): Promise<number> {
  return transaction(db, async (c) => {
    const { rows: events } = await c.query(
      `select e.id, e.booking_id, e.hospital_id, e.old_status, e.new_status, e.rescheduled_from_id, e.occurred_at,
              b.doctor_id, b.service_id, b.status, b.starts_at, b.appointment_type
         from public.webhook_events e join public.bookings b on b.id = e.booking_id
        where e.processed_at is null order by e.id limit $1 for update of e skip locked`,
      [limit],
    );
    let made = 0;
    for (const e of events) {
      const kinds = bookingEvents({ oldStatus: e.old_status, newStatus: e.new_status, rescheduledFromId: e.rescheduled_from_id === null ? null : Number(e.rescheduled_from_id) });
      const booking = {
        id: Number(e.booking_id),
        hospitalId: Number(e.hospital_id),
        doctorId: e.doctor_id === null ? null : Number(e.doctor_id),
        serviceId: e.service_id === null ? null : Number(e.service_id),
        status: e.new_status,
        startsAt: iso(e.starts_at)!,
        appointmentType: e.appointment_type,
        rescheduledFromId: e.rescheduled_from_id === null ? null : Number(e.rescheduled_from_id),
      };
      for (const kind of kinds) {
        const payload = webhookPayload(Number(e.id), kind, iso(e.occurred_at)!, booking);
        const r = await c.query(
          `insert into public.webhook_deliveries (webhook_id, event, booking_id, payload)
           select w.id, $2, $3, $4 from public.webhooks w where w.hospital_id = $1 and w.is_active and $2 = any (w.events)`,
          [e.hospital_id, kind, e.booking_id, JSON.stringify(payload)],
        );
        made += r.rowCount ?? 0;
      }
    }
    if (events.length) await c.query('update public.webhook_events set processed_at = now() where id = any($1::bigint[])', [events.map((e) => e.id)]);
    return made;
  });
}

interface DueDelivery {
  id: string;
  status: string;
  webhook_id: string;
  payload: unknown;
  attempts: number;
  url: string;
  /** A legacy plain secret (before sealLegacySecrets ran) or null. */
  secret: string | null;
  secret_sealed: string | null;
  hospital_id: string;
  booking_id: string;
}

/** One POST of a delivery, recorded; the delivery and its hook updated. Answers the attempt's outcome. */
export async function attemptDelivery(c: Queryable, d: DueDelivery, opts: { manual?: boolean; now?: () => number } = {}): Promise<{ ok: boolean; httpStatus: number | null; durationMs: number; error: string | null }> {
  const now = opts.now ?? Date.now;
  const body = JSON.stringify(d.payload);
  const timestamp = Math.floor(now() / 1000);
  const started = performance.now();
  let httpStatus: number | null = null;
  let error: string | null = null;
  try {
    const secret = d.secret_sealed ? openSecret(d.secret_sealed) : d.secret!;
    const headers = { 'content-type': 'application/json', 'user-agent': 'Care-Webhooks/1', [SIGNATURE_HEADER]: await signWebhook(secret, timestamp, body) };
    // The address is checked again here, on what the connection resolves to (src/server/public-address.ts).
    ({ httpStatus, error } = await postWebhook(d.url, body, headers, ATTEMPT_TIMEOUT_MS));
  } catch (err) {
    error = (err instanceof Error ? err.message : String(err)).slice(0, 300);
  }
  const durationMs = Math.round(performance.now() - started);
  const ok = error === null;
  const attempts = d.attempts + 1;
  await c.query('insert into public.webhook_attempts (delivery_id, http_status, duration_ms, error, manual) values ($1, $2, $3, $4, $5)', [d.id, httpStatus, durationMs, error, !!opts.manual]);
  if (ok) {
    await c.query(`update public.webhook_deliveries set status = 'delivered', attempts = $2, delivered_at = now() where id = $1`, [d.id, attempts]);
    await c.query('update public.webhooks set consecutive_failures = 0 where id = $1', [d.webhook_id]);
  } else {
    // A delivery still being retried keeps its retries after a failed attempt by hand; one already delivered or
    // given up is failed (a redeliver does not start a new series of retries).
    const giveUp = d.status !== 'pending' || attempts >= MAX_ATTEMPTS;
    await c.query(`update public.webhook_deliveries set status = $2, attempts = $3, next_attempt_at = $4 where id = $1`, [
      d.id,
      giveUp ? 'failed' : 'pending',
      attempts,
      new Date(now() + backoffMs(attempts)),
    ]);
    const { rows } = await c.query<{ consecutive_failures: number; is_active: boolean }>(
      'update public.webhooks set consecutive_failures = consecutive_failures + 1 where id = $1 returning consecutive_failures, is_active',
      [d.webhook_id],
    );
    if (rows[0]?.is_active && shouldPause(rows[0].consecutive_failures)) {
      await c.query('update public.webhooks set is_active = false, paused_at = now() where id = $1', [d.webhook_id]);
      await c.query(
        `insert into public.notifications (kind, organization_id, hospital_id, booking_id, webhook_id)
         select 'webhook_paused', h.organization_id, h.id, $2, $3 from public.hospitals h where h.id = $1`,
        [d.hospital_id, d.booking_id, d.webhook_id],
      );
    }
  }
  return { ok, httpStatus, durationMs, error };
}

const DUE = `select d.id, d.status, d.webhook_id, d.payload, d.attempts, d.booking_id, w.url, w.secret, w.secret_sealed, w.hospital_id
  from public.webhook_deliveries d join public.webhooks w on w.id = d.webhook_id`;

/** Due deliveries of active hooks, claimed (skip locked: two runs never send one twice), sent one by one; 5 a run at 5 s each fits the 30 s a scheduled function has. */
export async function sendDue(db: Database, limit = 5): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  await transaction(db, async (c) => {
    const { rows } = await c.query<DueDelivery>(`${DUE} where d.status = 'pending' and d.next_attempt_at <= now() and w.is_active order by d.next_attempt_at limit $1 for update of d skip locked`, [limit]);
    for (const d of rows) {
      const r = await attemptDelivery(c, d);
      if (r.ok) sent++;
      else failed++;
    }
  });
  return { sent, failed };
}

/** A manager's redeliver: one attempt now, whatever the delivery's state (the hook may be paused: a test of it). */
export async function redeliver(c: Queryable, deliveryId: number) {
  const { rows } = await c.query<DueDelivery>(`${DUE} where d.id = $1 for update of d`, [deliveryId]);
  if (!rows[0]) return null;
  return attemptDelivery(c, rows[0], { manual: true });
}

/**
 * Hooks made before secrets were sealed (migration 20261128202000) still hold a plain secret: sealed here, on the
 * sender's first run after the deploy, and the plain one cleared (the migration has no key to do it).
 */
export async function sealLegacySecrets(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ id: string; secret: string }>('select id, secret from public.webhooks where secret is not null limit 500');
  for (const r of rows) {
    await db.query('update public.webhooks set secret_sealed = $2, secret_hint = $3, secret = null where id = $1 and secret = $4', [r.id, sealSecret(r.secret), secretHint(r.secret), r.secret]);
  }
  return rows.length;
}

export async function runWebhooks(db: Database): Promise<{ deliveries: number; sent: number; failed: number }> {
  await sealLegacySecrets(db.pool);
  const deliveries = await fanOutEvents(db);
  const { sent, failed } = await sendDue(db);
  return { deliveries, sent, failed };
}

export type { WebhookEvent };
