/**
 * How a payment ends (issue #26), on the server's own connection: a webhook (paid, failed, expired) or the
 * expiry sweep of a payment whose time ran out. One transaction per settlement: the payment and the booking are
 * settled by private.settle_payment under their row locks, the confirmation e-mail is written to the outbox in
 * the same transaction, and a late payment is refunded through the provider.
 */
import { transaction, type Database } from '../data/db';
import { enqueueConfirmation } from './booking-mail';
import { ensureVideoRoom } from './video-rooms';
import type { PaymentProvider, WebhookEvent } from './payment-provider';

export type Outcome = 'confirmed' | 'refund' | 'released' | 'refunded' | 'ignored';

export async function settleWebhook(db: Database, provider: PaymentProvider, event: WebhookEvent): Promise<Outcome> {
  const settled = await transaction(db, async (c) => {
    const seen = await c.query(`insert into public.payment_events (provider, event_id, kind) values ($1, $2, $3) on conflict do nothing returning event_id`, [provider.name, event.eventId, event.outcome]);
    if (seen.rowCount === 0) return { outcome: 'ignored' as Outcome, payment: null, short: false };
    const { rows } = await c.query(`select id, booking_id, provider_ref, amount, currency from public.payments where provider = $1 and provider_ref = $2`, [provider.name, event.providerRef]);
    const payment = rows[0];
    if (!payment) return { outcome: 'ignored' as Outcome, payment: null, short: false };
    await c.query(`update public.payment_events set payment_id = $3 where provider = $1 and event_id = $2`, [provider.name, event.eventId, payment.id]);
    // A refund asked when the patient cancelled (issue 36): the provider confirms it went through.
    if (event.outcome === 'refunded') {
      const { rows: done } = await c.query(`select private.settle_refund($1) as outcome`, [payment.id]);
      return { outcome: done[0].outcome as Outcome, payment: null, short: false };
    }
    // A 'paid' event for another amount or currency than the booking's is not a payment of it: the booking is
    // released and what was taken goes back (issue 34, finding 10).
    const short = event.outcome === 'paid' && !paidInFull(event, payment);
    const { rows: r } = await c.query(`select private.settle_payment($1, $2) as outcome`, [payment.id, event.outcome === 'paid' && !short]);
    const outcome = short ? 'refund' : (r[0].outcome as Outcome);
    if (outcome === 'confirmed') {
      await ensureVideoRoom(c, payment.booking_id);
      await enqueueConfirmation(c, payment.booking_id);
    }
    return { outcome, payment, short };
  });
  // Money taken for a hold that had already ended (or paid short) goes back (after the commit: the refund is recorded first).
  if (settled.outcome === 'refund' && settled.payment) {
    const p = settled.payment;
    await provider.refund(settled.short
      ? { providerRef: p.provider_ref, amount: event.amount!, currency: event.currency!, reference: `short-${p.id}` }
      : { providerRef: p.provider_ref, amount: Number(p.amount), currency: String(p.currency).trim(), reference: `late-${p.id}` });
  }
  return settled.outcome;
}

/** Whether a 'paid' event reports exactly the payment's amount and currency. */
export function paidInFull(event: Pick<WebhookEvent, 'amount' | 'currency'>, payment: { amount: unknown; currency: unknown }): boolean {
  return event.amount === Number(payment.amount) && event.currency?.trim().toUpperCase() === String(payment.currency).trim().toUpperCase();
}

/** Payments still open past their expiry end as expired and release their hold (the provider never answered). */
export async function expireStalePayments(db: Database): Promise<number> {
  return transaction(db, async (c) => {
    const { rows } = await c.query(`select id from public.payments where status = 'created' and expires_at <= now() for update skip locked limit 100`);
    for (const p of rows) await c.query(`select private.settle_payment($1, false)`, [p.id]);
    await c.query(`select public.expire_holds()`);
    return rows.length;
  });
}
