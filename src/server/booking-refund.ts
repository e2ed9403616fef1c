/**
 * The refund of a cancelled booking paid online (issue 36 item 3). The cancelling security definer function has
 * marked the paid payment 'refund-pending' in the request's transaction (private.request_booking_refund); this
 * asks the payment provider for it before the transaction commits, so a provider that refuses leaves the
 * booking as it was (the patient is told to try again, nothing was promised). The provider confirms through its
 * webhook ('refunded', src/server/payment-settlement.ts). Callable by any cancelling path (patient or hospital).
 */
import type pg from 'pg';
import { ApiError } from '../lib/errors';
import type { PaymentProvider } from './payment-provider';
import { asServerRole } from './server-role';

export interface RefundAsked {
  paymentId: number;
  amount: number;
  currency: string;
}

const refundFailed = () => new ApiError(503, 'The refund could not be started, so the appointment is not cancelled. Please try again later.', { data: { reason: 'refund-failed' } });

/** Asks the provider for the refund marked in this transaction; null when nothing was paid online. */
export async function refundMarkedPayment(db: pg.PoolClient, bookingId: number, provider: PaymentProvider | null): Promise<RefundAsked | null> {
  // The provider's reference is server-only: read as the server's role inside the caller's transaction.
  const { rows } = await asServerRole(db, () =>
    db.query(
      `select id, provider, provider_ref, refund_amount, currency from public.payments
        where booking_id = $1 and status = 'refund-pending' and refund_requested_at = now()
        order by id desc limit 1`,
      [bookingId],
    ),
  );
  const p = rows[0];
  if (!p) return null;
  const asked = { paymentId: Number(p.id), amount: Number(p.refund_amount), currency: String(p.currency).trim() };
  if (!provider || provider.name !== p.provider) throw refundFailed();
  try {
    await provider.refund({ providerRef: p.provider_ref, amount: asked.amount, currency: asked.currency, reference: `refund-${asked.paymentId}` });
  } catch {
    throw refundFailed();
  }
  return asked;
}
