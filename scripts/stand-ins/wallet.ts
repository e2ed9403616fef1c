/**
 * Sandbox wallet (development and tests only, never deployed): behaves as the wallets of these markets do. The
 * functions create a payment (POST /dev/wallet/payments, Bearer secret) and send the patient to its hosted page
 * (/dev/wallet/pay/:ref); paying or cancelling there sends a signed webhook (HMAC-SHA256 of the body,
 * x-sandbox-signature) to the site and returns the patient to the return URL; a payment left open past its
 * expiry sends an 'expired' webhook. Refunds (POST /dev/wallet/refunds, one per reference) are recorded, shown on
 * the payment's page and confirmed by a signed 'refunded' webhook a moment later, as a wallet's refund API does.
 * Kept in memory.
 */
import { DEV_SANDBOX_SECRET, SIGNATURE_HEADER, sandboxSignature } from '../../src/server/payment-provider';

interface SandboxPayment {
  ref: string;
  reference: string;
  amount: number;
  currency: string;
  method: string;
  description: string;
  returnUrl: string;
  webhookUrl: string;
  expiresAt: string;
  status: 'open' | 'paid' | 'failed' | 'expired';
  refunded: number;
  refunds: { reference: string; amount: number; at: string }[];
}

const payments = new Map<string, SandboxPayment>();
const secret = () => process.env.PAYMENT_WEBHOOK_SECRET ?? DEV_SANDBOX_SECRET;
const headers = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', 'X-Robots-Tag': 'noindex' };
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Sends the signed webhook; the site's answer decides nothing here (a real wallet retries on failure). */
export async function sendWebhook(p: SandboxPayment, status: 'paid' | 'failed' | 'expired' | 'refunded', eventId: string = crypto.randomUUID()): Promise<number> {
  const body = JSON.stringify({ id: eventId, ref: p.ref, status, amount: p.amount, currency: p.currency });
  const res = await fetch(p.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: sandboxSignature(body, secret()) }, body }).catch(() => null);
  return res?.status ?? 0;
}

function authorized(req: Request): boolean {
  return req.headers.get('authorization') === `Bearer ${secret()}`;
}

function expireLater(p: SandboxPayment) {
  const ms = new Date(p.expiresAt).getTime() - Date.now();
  setTimeout(() => {
    if (p.status !== 'open') return;
    p.status = 'expired';
    void sendWebhook(p, 'expired');
  }, Math.max(0, Math.min(ms, 2 ** 31 - 1))).unref();
}

function page(p: SandboxPayment): string {
  const expired = p.status === 'expired' || new Date(p.expiresAt).getTime() <= Date.now();
  const amount = new Intl.NumberFormat('en', { style: 'currency', currency: p.currency }).format(p.amount);
  const refunds = p.refunds.length
    ? `<ul class="refunds">${p.refunds.map((r) => `<li>Refunded ${esc(new Intl.NumberFormat('en', { style: 'currency', currency: p.currency }).format(r.amount))} <time datetime="${esc(r.at)}">${esc(r.at.slice(0, 16).replace('T', ' '))} UTC</time></li>`).join('')}</ul>`
    : '';
  const body = p.refunds.length
    ? `<p class="state">This payment was refunded.</p>${refunds}<p><a href="${esc(p.returnUrl)}">Return to the merchant</a></p>`
    : expired
    ? `<p class="state">This payment has expired.</p><p><a href="${esc(p.returnUrl)}">Return to the merchant</a></p>`
    : p.status !== 'open'
      ? `<p class="state">This payment is ${esc(p.status)}.</p><p><a href="${esc(p.returnUrl)}">Return to the merchant</a></p>`
      : `<form method="post"><button name="action" value="pay" class="pay">Pay ${esc(amount)}</button><button name="action" value="cancel" class="cancel">Cancel payment</button></form>
<p class="exp">Expires at <time datetime="${esc(p.expiresAt)}">${esc(new Date(p.expiresAt).toISOString().slice(11, 16))} UTC</time></p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Sandbox wallet</title>
<style>body{font:16px system-ui,sans-serif;margin:0;background:#f3f4f6;color:#111}main{max-width:420px;margin:2rem auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 1px 4px #0002}
h1{font-size:1.2rem;margin:0 0 .25rem}.badge{display:inline-block;background:#fde68a;border-radius:4px;padding:0 .4rem;font-size:.8rem}.amount{font-size:2rem;font-weight:700;margin:1rem 0}
button{display:block;width:100%;padding:.8rem;border-radius:8px;border:0;font-size:1rem;margin:.5rem 0;cursor:pointer}.pay{background:#0e7490;color:#fff}.cancel{background:#e5e7eb}.exp,.state{color:#4b5563}.refunds{color:#047857;padding-left:1.2rem}</style></head>
<body><main><h1>Sandbox wallet <span class="badge">test mode</span></h1><p>${esc(p.description)} · ${esc(p.method)}</p><p class="amount">${esc(amount)}</p>${body}</main></body></html>`;
}

export async function handleWallet(req: Request): Promise<Response> {
  const url = new URL(req.url);
  const parts = url.pathname.replace(/^\/dev\/wallet\/?/, '').split('/').filter(Boolean);
  if (parts[0] === 'payments' && req.method === 'POST') {
    if (!authorized(req)) return Response.json({ error: 'unauthorized' }, { status: 401, headers });
    const b = (await req.json()) as Omit<SandboxPayment, 'ref' | 'status' | 'refunded'>;
    const p: SandboxPayment = { ...b, ref: `sbx_${crypto.randomUUID().replace(/-/g, '')}`, status: 'open', refunded: 0, refunds: [] };
    payments.set(p.ref, p);
    expireLater(p);
    return Response.json({ ref: p.ref, checkoutUrl: new URL(`/dev/wallet/pay/${p.ref}`, url.origin).href }, { status: 201, headers });
  }
  if (parts[0] === 'payments' && req.method === 'GET') {
    // The list names every sandbox payment (amounts, return addresses): only for the server's secret, like creating one.
    if (!authorized(req)) return Response.json({ error: 'unauthorized' }, { status: 401, headers });
    return Response.json({ payments: [...payments.values()] }, { headers });
  }
  if (parts[0] === 'refunds' && req.method === 'POST') {
    if (!authorized(req)) return Response.json({ error: 'unauthorized' }, { status: 401, headers });
    const b = (await req.json()) as { providerRef: string; amount: number; reference?: string };
    const p = payments.get(b.providerRef);
    if (!p) return Response.json({ error: 'unknown payment' }, { status: 404, headers });
    const reference = b.reference ?? crypto.randomUUID();
    if (!p.refunds.some((r) => r.reference === reference)) {
      if (p.refunded + b.amount > p.amount) return Response.json({ error: 'more than paid' }, { status: 422, headers });
      p.refunded += b.amount;
      p.refunds.push({ reference, amount: b.amount, at: new Date().toISOString() });
      // Confirmed a moment later, after the site's cancelling transaction has committed (a wallet's refund is asynchronous).
      setTimeout(() => void sendWebhook(p, 'refunded', `refund-${reference}`), 500).unref();
    }
    return Response.json({ refunded: p.refunded }, { status: 202, headers });
  }
  if (parts[0] === 'pay' && parts[1]) {
    const p = payments.get(parts[1]);
    if (!p) return new Response('Unknown payment', { status: 404, headers });
    if (req.method === 'GET') return new Response(page(p), { headers: { ...headers, 'Content-Type': 'text/html; charset=utf-8' } });
    if (req.method === 'POST') {
      const action = String((await req.formData()).get('action') ?? '');
      if (p.status === 'open') {
        const expired = new Date(p.expiresAt).getTime() <= Date.now();
        p.status = expired ? 'expired' : action === 'pay' ? 'paid' : 'failed';
        await sendWebhook(p, p.status as 'paid' | 'failed' | 'expired');
      }
      return new Response(null, { status: 303, headers: { ...headers, Location: p.returnUrl } });
    }
  }
  return new Response('Not found', { status: 404, headers });
}
