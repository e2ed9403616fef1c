/**
 * /admin/integrations calls (issue #40 item 4; SPEC §2: branch, facility, senior branch): a hospital's booking
 * webhooks (URL, events, secret), their deliveries with every attempt (status, answer time), redeliver by hand and
 * a new secret. Read and written as the caller: the policies of migration 20261128160300 scope everything to the
 * hospitals the caller manages. Sending is the server's (src/server/webhooks.ts). Shapes: src/lib/webhooks.ts.
 */
import { z } from 'zod';
import { notFound, validationFailed } from '../src/lib/errors';
import { deliveryListSchema, webhookInputSchema, webhookListSchema, webhookSchema, webhookUpdateSchema, type Webhook } from '../src/lib/webhooks';
import type { Queryable } from '../src/data/db';
import { defineEndpoint, serve } from '../src/server/endpoint';
import { asServerRole } from '../src/server/server-role';
import { checkWebhookUrl } from '../src/server/public-address';
import { redeliver } from '../src/server/webhooks';
import { newWebhookSecret, sealSecret, secretHint } from '../src/server/webhook-secret';

const MANAGERS = ['facility', 'senior_branch', 'branch', 'admin', 'super'] as const;
const idParam = z.object({ id: z.coerce.number().int().positive() });

const HOOKS = `select w.id::int as id, json_build_object('id', h.id, 'name', h.name) as hospital, w.url, w.events, w.secret_hint as "secretHint", w.is_active as "isActive",
  w.paused_at as "pausedAt", w.consecutive_failures as "consecutiveFailures"
  from public.webhooks w join public.hospitals h on h.id = w.hospital_id`;
const toHook = (r: Webhook & { pausedAt: Date | string | null }): Webhook => ({ ...r, pausedAt: r.pausedAt === null ? null : new Date(r.pausedAt).toISOString() });

/** Only public internet addresses (src/server/public-address.ts); checked again at each delivery. */
async function assertPublicUrl(url: string) {
  const refusal = await checkWebhookUrl(url);
  if (refusal) throw validationFailed({ url: [refusal] });
}

/** A new signing secret: sealed for the table, the plain one answered once. */
function freshSecret() {
  const secret = newWebhookSecret();
  return { secret, sealed: sealSecret(secret), hint: secretHint(secret) };
}

async function readHook(db: Queryable, id: number): Promise<Webhook> {
  const { rows } = await db.query(`${HOOKS} where w.id = $1`, [id]);
  if (!rows[0]) throw notFound('This webhook does not exist.');
  return toHook(rows[0]);
}

export const listHooks = defineEndpoint({
  method: 'GET',
  path: '/api/admin/integrations/webhooks',
  summary: 'The booking webhooks of the hospitals the caller manages (one hospital with hospitalId)',
  tags: ['admin', 'integrations'],
  auth: 'staff',
  roles: MANAGERS,
  query: z.object({ hospitalId: z.coerce.number().int().positive().optional() }),
  response: webhookListSchema,
  async handler({ query, db }) {
    const { rows } = await db.query(`${HOOKS} where ($1::bigint is null or w.hospital_id = $1) order by h.name, w.id`, [query.hospitalId ?? null]);
    return { items: rows.map(toHook) };
  },
});

export const createHook = defineEndpoint({
  method: 'POST',
  path: '/api/admin/integrations/webhooks',
  summary: 'Add a booking webhook to a hospital the caller manages (public https address; its secret is answered this once)',
  tags: ['admin', 'integrations'],
  auth: 'staff',
  roles: MANAGERS,
  body: { json: webhookInputSchema },
  response: webhookSchema,
  async handler({ body, db, messages }) {
    await assertPublicUrl(body.url);
    const s = freshSecret();
    const { rows } = await db.query<{ id: number }>('insert into public.webhooks (hospital_id, url, events, secret_sealed, secret_hint) values ($1, $2, $3, $4, $5) returning id::int as id', [body.hospitalId, body.url, body.events, s.sealed, s.hint]);
    messages.push('Create successfully');
    return { ...(await readHook(db, rows[0].id)), secret: s.secret };
  },
});

export const updateHook = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/integrations/webhooks/:id',
  summary: 'Change a webhook (URL, events) or switch it on or off (on again: its failure count starts over)',
  tags: ['admin', 'integrations'],
  auth: 'staff',
  roles: MANAGERS,
  params: idParam,
  body: { json: webhookUpdateSchema },
  response: webhookSchema,
  async handler({ params, body, db, messages }) {
    if (body.url !== undefined) await assertPublicUrl(body.url);
    const { rowCount } = await db.query('update public.webhooks set url = coalesce($2, url), events = coalesce($3, events), is_active = coalesce($4, is_active) where id = $1', [params.id, body.url ?? null, body.events ?? null, body.isActive ?? null]);
    if (!rowCount) throw notFound('This webhook does not exist.');
    messages.push('Update successfully');
    return readHook(db, params.id);
  },
});

export const rotateSecret = defineEndpoint({
  method: 'POST',
  path: '/api/admin/integrations/webhooks/:id/secret',
  summary: 'A new secret for a webhook (the old one stops signing at once); answered this once, then only its last 4 characters',
  tags: ['admin', 'integrations'],
  auth: 'staff',
  roles: MANAGERS,
  params: idParam,
  response: webhookSchema,
  async handler({ params, db, messages }) {
    const s = freshSecret();
    const { rowCount } = await db.query('update public.webhooks set secret_sealed = $2, secret_hint = $3 where id = $1', [params.id, s.sealed, s.hint]);
    if (!rowCount) throw notFound('This webhook does not exist.');
    messages.push('Update successfully');
    return { ...(await readHook(db, params.id)), secret: s.secret };
  },
});

export const deleteHook = defineEndpoint({
  method: 'DELETE',
  path: '/api/admin/integrations/webhooks/:id',
  summary: 'Remove a webhook and its deliveries',
  tags: ['admin', 'integrations'],
  auth: 'staff',
  roles: MANAGERS,
  params: idParam,
  response: z.null(),
  async handler({ params, db, messages }) {
    const { rowCount } = await db.query('delete from public.webhooks where id = $1', [params.id]);
    if (!rowCount) throw notFound('This webhook does not exist.');
    messages.push('Delete successfully');
    return null;
  },
});

export const listDeliveries = defineEndpoint({
  method: 'GET',
  path: '/api/admin/integrations/webhooks/:id/deliveries',
  summary: "A webhook's latest 50 deliveries, each with its attempts (status, answer time)",
  tags: ['admin', 'integrations'],
  auth: 'staff',
  roles: MANAGERS,
  params: idParam,
  response: deliveryListSchema,
  async handler({ params, db }) {
    await readHook(db, params.id);
    const { rows } = await db.query(
      `select d.id::int as id, d.event, d.booking_id::int as "bookingId", d.status, d.attempts, d.next_attempt_at as "nextAttemptAt", d.created_at as "createdAt",
              coalesce((select json_agg(json_build_object('at', a.attempted_at, 'httpStatus', a.http_status, 'durationMs', a.duration_ms, 'error', a.error, 'manual', a.manual) order by a.id desc)
                          from public.webhook_attempts a where a.delivery_id = d.id), '[]'::json) as "attemptsList"
         from public.webhook_deliveries d where d.webhook_id = $1 order by d.id desc limit 50`,
      [params.id],
    );
    const at = (v: string | Date) => new Date(v).toISOString();
    return { items: rows.map((r) => ({ ...r, nextAttemptAt: at(r.nextAttemptAt), createdAt: at(r.createdAt), attemptsList: r.attemptsList.map((a: { at: string }) => ({ ...a, at: at(a.at) })) })) };
  },
});

export const redeliverNow = defineEndpoint({
  method: 'POST',
  path: '/api/admin/integrations/deliveries/:id/redeliver',
  summary: 'Send a delivery again now (one attempt, recorded as by hand); answers how it went',
  tags: ['admin', 'integrations'],
  auth: 'staff',
  roles: MANAGERS,
  params: idParam,
  response: z.object({ ok: z.boolean(), httpStatus: z.number().int().nullable(), durationMs: z.number().int(), error: z.string().nullable() }),
  async handler({ params, db, messages }) {
    // Seen as the caller first (RLS: a delivery of a hook of a hospital it manages), then sent as the server.
    const seen = await db.query('select 1 from public.webhook_deliveries where id = $1', [params.id]);
    if (!seen.rowCount) throw notFound('This delivery does not exist.');
    const r = await asServerRole(db, () => redeliver(db, params.id));
    if (!r) throw notFound('This delivery does not exist.');
    messages.push(r.ok ? 'Delivered' : 'The delivery failed again');
    return r;
  },
});

export default serve(listHooks, createHook, updateHook, rotateSecret, deleteHook, listDeliveries, redeliverNow);
export const config = {
  path: [
    '/api/admin/integrations/webhooks',
    '/api/admin/integrations/webhooks/:id',
    '/api/admin/integrations/webhooks/:id/secret',
    '/api/admin/integrations/webhooks/:id/deliveries',
    '/api/admin/integrations/deliveries/:id/redeliver',
  ],
};
