/**
 * POST /api/payments/webhook/:provider: the payment provider tells how a payment ended. The signature is
 * verified by the provider's adapter (src/server/payment-provider.ts); each delivery's event id is recorded, so a
 * replay changes nothing; a payment that arrives after its hold ended is refunded, never confirmed.
 */
import { z } from 'zod';
import { defineEndpoint, serve } from '../src/server/endpoint';
import { badRequest, notFound } from '../src/lib/errors';
import { serverDatabase } from '../src/server/runtime';
import { paymentProviderFromEnv, WebhookRejected } from '../src/server/payment-provider';
import { settleWebhook } from '../src/server/payment-settlement';

export const paymentWebhook = defineEndpoint({
  method: 'POST',
  path: '/api/payments/webhook/:provider',
  summary: "A payment provider's webhook (signed): confirms a paid booking whose hold is alive, refunds a late one, releases a failed one, records a refund that went through",
  tags: ['booking'],
  auth: 'public',
  // The server's own work (payments are server-only): one transaction of its own, not as a caller.
  database: 'none',
  params: z.object({ provider: z.string().regex(/^[a-z0-9-]{2,40}$/) }),
  body: { json: z.looseObject({}) },
  response: z.object({ outcome: z.enum(['confirmed', 'refund', 'released', 'refunded', 'ignored']) }),
  async handler({ params, request, body }) {
    const provider = paymentProviderFromEnv(process.env.URL ?? new URL(request.url).origin);
    if (!provider || provider.name !== params.provider) throw notFound('Unknown payment provider');
    let event;
    try {
      event = await provider.verifyWebhook({ headers: request.headers, body });
    } catch (err) {
      if (err instanceof WebhookRejected) throw badRequest('The webhook signature or body is not valid.');
      throw err;
    }
    return { outcome: await settleWebhook(await serverDatabase(), provider, event) };
  },
});

export default serve(paymentWebhook);
export const config = { path: '/api/payments/webhook/:provider' };
