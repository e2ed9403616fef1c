/**
 * The e-mail outbox (migration 20261126200000_outbox). A mail is enqueued inside the transaction of what it
 * announces, so it exists exactly when that commits and never when it rolls back; `sendDueMail` (run by the
 * scheduled function functions/outbox-sender.ts) hands due rows to the mail provider with retries and backoff.
 *
 * Sending is at-least-once: a row is claimed by moving its `send_after` a lease ahead (no transaction is held
 * while the provider is called, as the transaction-mode pooler wants), marked sent after the provider accepted
 * it, and offered again when the lease runs out without an answer (a sender killed mid-send).
 */
import type pg from 'pg';
import { z } from 'zod';
import type { Database } from '../data/db';
import type { MailProvider } from './mail-provider';
import { asServerRole } from './server-role';

export const OutboxAttachment = z.object({
  filename: z.string().min(1).max(200),
  contentType: z.string().min(1).max(200),
  /** base64 */
  content: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64'),
});
export type OutboxAttachment = z.infer<typeof OutboxAttachment>;

export const OutboxMail = z.object({
  kind: z.string().min(1).max(60),
  locale: z.string().min(2).max(20),
  to: z.email(),
  subject: z.string().min(1).max(300),
  text: z.string().min(1),
  html: z.string().optional(),
  attachments: z.array(OutboxAttachment).default([]),
  /** One mail per key: a second enqueue with the same key (a retried request) is dropped. */
  dedupeKey: z.string().min(1).max(300).optional(),
  /** Not before this time (a reminder); default now. */
  sendAfter: z.date().optional(),
});
export type OutboxMail = z.input<typeof OutboxMail>;

/**
 * Writes a mail to the outbox inside the caller's transaction. The transaction may run as an API role
 * (`authenticated`), which has no right on the outbox: this one insert runs as the server's login role and the
 * transaction's role is put back afterwards. Returns the new row's id, or null when the dedupe key existed.
 */
export async function enqueueMail(client: pg.PoolClient, mail: OutboxMail): Promise<number | null> {
  const m = OutboxMail.parse(mail);
  return asServerRole(client, async () => {
    const { rows } = await client.query<{ id: number }>(
      `insert into public.outbox (kind, locale, to_email, subject, body_text, body_html, attachments, send_after, dedupe_key)
       values ($1, $2, $3, $4, $5, $6, $7::jsonb, coalesce($8::timestamptz, now()), $9)
       on conflict (dedupe_key) do nothing
       returning id`,
      [m.kind, m.locale, m.to, m.subject, m.text, m.html ?? null, JSON.stringify(m.attachments), m.sendAfter?.toISOString() ?? null, m.dedupeKey ?? null],
    );
    return rows[0]?.id ?? null;
  });
}

/** After this many failed attempts a mail is left with its last error (visible to staff tooling), not retried. */
export const MAX_ATTEMPTS = 8;
/** How long a claimed row is someone's: a sender that dies mid-send leaves it due again after this. */
export const CLAIM_LEASE_MS = 5 * 60_000;
/** Rows handled per run. */
export const BATCH = 50;

/** Wait before attempt n+1 after n failures: 1, 2, 4, … minutes, at most an hour. */
export function backoffMs(failures: number): number {
  return Math.min(60 * 60_000, 60_000 * 2 ** Math.max(0, failures - 1));
}

export interface SendReport {
  sent: number;
  failed: number;
}

interface OutboxRow {
  id: number;
  kind: string;
  locale: string;
  to_email: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  attachments: OutboxAttachment[];
  attempts: number;
}

/** Sends every due mail (at most BATCH) through `provider`. Safe to run from several instances at once. */
export async function sendDueMail(db: Database, provider: MailProvider, now: Date = new Date()): Promise<SendReport> {
  const { rows } = await db.pool.query<OutboxRow>(
    `with due as (
       select id from public.outbox
        where sent_at is null and attempts < $3 and send_after <= $1
        order by send_after, id
        limit $4
        for update skip locked
     )
     update public.outbox o
        set send_after = $1::timestamptz + make_interval(secs => $2::double precision / 1000), attempts = o.attempts + 1
       from due where o.id = due.id
     returning o.id, o.kind, o.locale, o.to_email, o.subject, o.body_text, o.body_html, o.attachments, o.attempts`,
    [now.toISOString(), CLAIM_LEASE_MS, MAX_ATTEMPTS, BATCH],
  );
  const report: SendReport = { sent: 0, failed: 0 };
  for (const row of rows) {
    try {
      await provider.send({
        to: row.to_email,
        subject: row.subject,
        text: row.body_text,
        html: row.body_html ?? undefined,
        attachments: row.attachments,
        tags: { kind: row.kind, locale: row.locale, outboxId: String(row.id) },
      });
      await db.pool.query(`update public.outbox set sent_at = $2, last_error = null where id = $1`, [row.id, now.toISOString()]);
      report.sent++;
    } catch (err) {
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
      await db.pool.query(`update public.outbox set last_error = $2, send_after = $3 where id = $1`, [
        row.id,
        message,
        new Date(now.getTime() + backoffMs(row.attempts)).toISOString(),
      ]);
      report.failed++;
    }
  }
  return report;
}
