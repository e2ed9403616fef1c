/**
 * Payment-provider seam (issue #26): create a payment (a hosted payment page the patient is sent to), verify a
 * webhook, refund. Cash on delivery needs no provider. Locally the sandbox wallet of the local server
 * (scripts/stand-ins/wallet.ts) behaves as the wallets of these markets do: hosted page, return URL, signed
 * webhook (HMAC-SHA256 of the raw body), expiry. A real adapter implements the same interface (README: Payments).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isProduction } from './env';

export interface CreatePaymentInput {
  /** Our payment id: the provider echoes it back (merchant reference). */
  reference: string;
  amount: number;
  currency: string;
  method: string;
  /** Shown on the hosted page: no personal data. */
  description: string;
  returnUrl: string;
  webhookUrl: string;
  expiresAt: Date;
}

export interface CreatedPayment {
  providerRef: string;
  checkoutUrl: string;
}

export interface WebhookEvent {
  eventId: string;
  providerRef: string;
  /** How a payment ended, or 'refunded': a refund asked through `refund` went through (issue 36). */
  outcome: 'paid' | 'failed' | 'expired' | 'refunded';
  /** What the provider says was paid (required with 'paid'): settlement compares it with the payment's own (issue 34). */
  amount?: number;
  currency?: string;
}

export interface RefundInput {
  providerRef: string;
  amount: number;
  currency: string;
  /** Our refund id: the same id twice is one refund at the provider (a retried request). */
  reference: string;
}

export interface PaymentProvider {
  readonly name: string;
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /**
   * The event of a webhook delivery; throws WebhookRejected for a bad signature or body. It gets the body as the
   * endpoint wrapper parsed it: the sandbox signs the compact JSON text, which parsing and serialising again
   * reproduces exactly (a provider signing other bytes needs the raw body: see the README).
   */
  verifyWebhook(delivery: { headers: Headers; body: unknown }): Promise<WebhookEvent>;
  /** Asks the provider to give the money back; the provider confirms through its webhook ('refunded'). */
  refund(input: RefundInput): Promise<void>;
}

export class WebhookRejected extends Error {}

export const SIGNATURE_HEADER = 'x-sandbox-signature';
/** Development secret of the sandbox wallet; production adapters read their own from the environment. */
export const DEV_SANDBOX_SECRET = 'local-sandbox-wallet-secret-not-for-production';

export function sandboxSignature(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The sandbox wallet of the local server (`/dev/wallet`). */
export function sandboxWallet(config: { baseUrl: string; secret: string }): PaymentProvider {
  const call = async (path: string, body: unknown) => {
    const res = await fetch(new URL(path, config.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${config.secret}` },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`sandbox wallet answered ${res.status}`);
    return (await res.json()) as Record<string, string>;
  };
  return {
    name: 'sandbox',
    async createPayment(input) {
      const out = await call('/dev/wallet/payments', { ...input, expiresAt: input.expiresAt.toISOString() });
      return { providerRef: out.ref, checkoutUrl: out.checkoutUrl };
    },
    async verifyWebhook(delivery) {
      const raw = JSON.stringify(delivery.body);
      const sig = delivery.headers.get(SIGNATURE_HEADER) ?? '';
      if (!safeEqual(sig, sandboxSignature(raw, config.secret))) throw new WebhookRejected('bad signature');
      const body = (delivery.body ?? {}) as { id?: unknown; ref?: unknown; status?: unknown; amount?: unknown; currency?: unknown };
      if (typeof body.id !== 'string' || typeof body.ref !== 'string' || !['paid', 'failed', 'expired', 'refunded'].includes(String(body.status))) throw new WebhookRejected('bad body');
      if (body.status === 'paid' && (typeof body.amount !== 'number' || typeof body.currency !== 'string')) throw new WebhookRejected('a paid event names its amount and currency');
      return {
        eventId: body.id,
        providerRef: body.ref,
        outcome: body.status as WebhookEvent['outcome'],
        amount: typeof body.amount === 'number' ? body.amount : undefined,
        currency: typeof body.currency === 'string' ? body.currency : undefined,
      };
    },
    async refund(input) {
      await call('/dev/wallet/refunds', input);
    },
  };
}

/**
 * The provider of the online options. PAYMENT_PROVIDER=sandbox (the default outside production) uses the local
 * server's sandbox wallet at PAYMENT_SANDBOX_URL (default: the site's own origin) with PAYMENT_WEBHOOK_SECRET.
 * Production has no adapter in this repository yet: online options then answer that payment is unavailable.
 */
export function paymentProviderFromEnv(siteUrl: string, env: NodeJS.ProcessEnv = process.env): PaymentProvider | null {
  const name = env.PAYMENT_PROVIDER ?? (isProduction() ? '' : 'sandbox');
  if (name === 'sandbox') {
    if (isProduction()) return null;
    return sandboxWallet({ baseUrl: env.PAYMENT_SANDBOX_URL ?? siteUrl, secret: env.PAYMENT_WEBHOOK_SECRET ?? DEV_SANDBOX_SECRET });
  }
  return null;
}
