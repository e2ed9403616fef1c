/**
 * Booking webhooks (issue #40 item 4, SPEC §2 /admin/integrations): the call shapes shared by
 * functions/admin-integrations.ts and the admin screen, and the pure rules of the sender
 * (functions/webhook-deliveries.ts): which events a booking change is, the payload (ids and times, never a
 * patient's name or phone), the signature, the back-off and when a hook is paused.
 */
import { z } from 'zod';

export const WEBHOOK_EVENTS = ['created', 'confirmed', 'cancelled', 'rescheduled', 'completed', 'no_show'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** What happened to a booking, from its status before (null: new) and after, and whether it replaced another. */
export function bookingEvents(change: { oldStatus: string | null; newStatus: string; rescheduledFromId: number | null }): WebhookEvent[] {
  const { oldStatus, newStatus } = change;
  const was = oldStatus === null || oldStatus === 'hold' ? null : oldStatus;
  const out: WebhookEvent[] = [];
  // A hold that ends (released, cancelled, expired) was never a booking a receiver heard of.
  if (was === null && !['pending', 'confirmed', 'completed'].includes(newStatus)) return out;
  if (was === null && ['pending', 'confirmed'].includes(newStatus)) out.push(change.rescheduledFromId ? 'rescheduled' : 'created');
  if (newStatus === 'confirmed' && was !== 'confirmed') out.push('confirmed');
  if (newStatus === 'cancelled' && was !== 'cancelled') out.push('cancelled');
  if (newStatus === 'completed' && was !== 'completed') out.push('completed');
  if ((newStatus === 'no_show' || newStatus === 'no-show') && was !== newStatus) out.push('no_show');
  // A time change of a live booking (staff reschedule on the same booking) is a reschedule too.
  if (was !== null && was === newStatus && ['pending', 'confirmed'].includes(newStatus)) out.push('rescheduled');
  return out;
}

export interface BookingRef {
  id: number;
  hospitalId: number;
  doctorId: number | null;
  serviceId: number | null;
  status: string;
  startsAt: string;
  appointmentType: string;
  rescheduledFromId: number | null;
}

/** The body a hook receives: the event, when, and the booking by ids and times only. */
export function webhookPayload(eventId: number, event: WebhookEvent, occurredAt: string, b: BookingRef) {
  return {
    /** The same for every hook and every attempt of one booking change: receivers dedupe on it. */
    id: `evt_${eventId}_${event}`,
    event: `booking.${event}`,
    occurred_at: occurredAt,
    booking: {
      id: b.id,
      hospital_id: b.hospitalId,
      doctor_id: b.doctorId,
      service_id: b.serviceId,
      status: b.status,
      starts_at: b.startsAt,
      appointment_type: b.appointmentType,
      rescheduled_from_id: b.rescheduledFromId,
    },
  };
}

/** The signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body" with the hook's secret>`. */
export const SIGNATURE_HEADER = 'X-Care-Signature';
/** A receiver should refuse a signature older than this (replays). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

async function hmacHex(secret: string, text: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(text)));
  return Array.from(mac, (x) => x.toString(16).padStart(2, '0')).join('');
}

export async function signWebhook(secret: string, timestamp: number, body: string): Promise<string> {
  return `t=${timestamp},v1=${await hmacHex(secret, `${timestamp}.${body}`)}`;
}

/** What a receiver does (and the tests): the signature matches the body and is recent. */
export async function verifyWebhook(secret: string, header: string | null, body: string, nowSeconds: number, tolerance = SIGNATURE_TOLERANCE_SECONDS): Promise<boolean> {
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header ?? '');
  if (!m) return false;
  const t = Number(m[1]);
  if (Math.abs(nowSeconds - t) > tolerance) return false;
  const expected = await hmacHex(secret, `${t}.${body}`);
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ m[2].charCodeAt(i);
  return diff === 0;
}

/** Attempts per delivery before it is given up, and the wait after the n-th failed attempt: 1, 2, 4 … 60 minutes. */
export const MAX_ATTEMPTS = 6;
export function backoffMs(failedAttempts: number): number {
  return Math.min(60, 2 ** Math.max(0, failedAttempts - 1)) * 60_000;
}
/** A hook is paused after this many failed attempts in a row (any of its deliveries), with a bell entry. */
export const PAUSE_AFTER_FAILURES = 5;
export const shouldPause = (consecutiveFailures: number) => consecutiveFailures >= PAUSE_AFTER_FAILURES;
/** Per attempt: the receiver has this long to answer (a scheduled function has 30 s in all). */
export const ATTEMPT_TIMEOUT_MS = 5000;

// ---- call shapes ------------------------------------------------------------------------------------------

export const webhookSchema = z.object({
  id: z.number().int(),
  hospital: z.object({ id: z.number().int(), name: z.string() }),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  /** The signing secret: answered once, by the call that made it (create, new secret); sealed at rest. */
  secret: z.string().optional(),
  /** Its last 4 characters, what the screen shows afterwards. */
  secretHint: z.string().nullable(),
  isActive: z.boolean(),
  pausedAt: z.iso.datetime().nullable(),
  consecutiveFailures: z.number().int(),
});
export type Webhook = z.infer<typeof webhookSchema>;
export const webhookListSchema = z.object({ items: z.array(webhookSchema) });

const hookUrl = z
  .string()
  .trim()
  .max(500, '*500 characters limit')
  .refine((u) => /^https?:\/\/\S+$/.test(u), 'Invalid format');
export const webhookInputSchema = z.object({
  hospitalId: z.number().int().positive(),
  url: hookUrl,
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1, 'Please select a minimum of 1 items').max(6),
});
export const webhookUpdateSchema = z.object({ url: hookUrl.optional(), events: webhookInputSchema.shape.events.optional(), isActive: z.boolean().optional() });

export const attemptSchema = z.object({ at: z.iso.datetime(), httpStatus: z.number().int().nullable(), durationMs: z.number().int(), error: z.string().nullable(), manual: z.boolean() });
export const deliverySchema = z.object({
  id: z.number().int(),
  event: z.string(),
  bookingId: z.number().int(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  nextAttemptAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  attemptsList: z.array(attemptSchema),
});
export type Delivery = z.infer<typeof deliverySchema>;
export const deliveryListSchema = z.object({ items: z.array(deliverySchema) });
