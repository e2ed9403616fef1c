/**
 * The e-mail outbox: written inside the caller's transaction (also one running as `authenticated`, which has no
 * right on the table), one row per dedupe key, sent through the mail-provider seam, retried with backoff, and
 * closed to the API roles.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { asCaller, transaction } from '../../src/data/db';
import { enqueueMail, sendDueMail, backoffMs, MAX_ATTEMPTS } from '../../src/server/outbox';
import { mailboxProvider, type MailProvider, type OutgoingMail } from '../../src/server/mail-provider';
import { describeEachEngine } from './support/engines';

const ics = Buffer.from('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n').toString('base64');

function collecting(fail = 0): MailProvider & { sent: OutgoingMail[] } {
  let failures = fail;
  const sent: OutgoingMail[] = [];
  return {
    name: 'test',
    sent,
    async send(mail) {
      if (failures > 0) {
        failures--;
        throw new Error('provider down');
      }
      sent.push(mail);
    },
  };
}

describeEachEngine('outbox', {}, (ctx) => {
  const uid = '00000000-0000-4000-8000-00000000a001';

  it('enqueues inside an authenticated transaction, keeps that role, and a dedupe key writes once', async () => {
    const key = `t1-${Date.now()}`;
    const ids = await asCaller(ctx.db, { role: 'authenticated', claims: { sub: uid, role: 'authenticated' } }, async (client) => {
      const a = await enqueueMail(client, { kind: 'test', locale: 'vi-VN', to: 'a@example.com', subject: 'S', text: 'T', attachments: [{ filename: 'x.ics', contentType: 'text/calendar', content: ics }], dedupeKey: key });
      const b = await enqueueMail(client, { kind: 'test', locale: 'vi-VN', to: 'a@example.com', subject: 'S2', text: 'T2', dedupeKey: key });
      const { rows } = await client.query(`select current_user as u`);
      return { a, b, role: rows[0].u };
    });
    expect(ids.a).toBeGreaterThan(0);
    expect(ids.b).toBeNull();
    expect(ids.role).toBe('authenticated');
    const { rows } = await ctx.db.pool.query(`select subject, attachments from public.outbox where dedupe_key = $1`, [key]);
    expect(rows).toEqual([{ subject: 'S', attachments: [{ filename: 'x.ics', contentType: 'text/calendar', content: ics }] }]);
  });

  it('a rolled-back transaction leaves no mail', async () => {
    const key = `t2-${Date.now()}`;
    await expect(
      transaction(ctx.db, async (client) => {
        await enqueueMail(client, { kind: 'test', locale: 'th-TH', to: 'b@example.com', subject: 'S', text: 'T', dedupeKey: key });
        throw new Error('the booking failed');
      }),
    ).rejects.toThrow('the booking failed');
    const { rowCount } = await ctx.db.pool.query(`select 1 from public.outbox where dedupe_key = $1`, [key]);
    expect(rowCount).toBe(0);
  });

  it('refuses a malformed mail (zod)', async () => {
    await expect(transaction(ctx.db, (c) => enqueueMail(c, { kind: 'test', locale: 'vi-VN', to: 'not-an-address', subject: 'S', text: 'T' }))).rejects.toThrow();
  });

  it('sends due mail once, retries a failure after its backoff, and gives up after MAX_ATTEMPTS', async () => {
    await ctx.db.pool.query(`update public.outbox set sent_at = now() where sent_at is null`);
    const now = new Date('2030-01-01T00:00:00Z');
    await transaction(ctx.db, (c) => enqueueMail(c, { kind: 'test', locale: 'id-ID', to: 'c@example.com', subject: 'Retry', text: 'T', sendAfter: now }));
    const provider = collecting(1);
    expect(await sendDueMail(ctx.db, provider, now)).toEqual({ sent: 0, failed: 1 });
    const { rows: failed } = await ctx.db.pool.query(`select attempts, last_error, send_after from public.outbox where subject = 'Retry'`);
    expect(failed[0]).toMatchObject({ attempts: 1, last_error: 'provider down' });
    expect(new Date(failed[0].send_after).getTime()).toBe(now.getTime() + backoffMs(1));
    // Not due before the backoff has passed.
    expect(await sendDueMail(ctx.db, provider, new Date(now.getTime() + 1000))).toEqual({ sent: 0, failed: 0 });
    const later = new Date(now.getTime() + backoffMs(1));
    expect(await sendDueMail(ctx.db, provider, later)).toEqual({ sent: 1, failed: 0 });
    expect(provider.sent.map((m) => m.subject)).toEqual(['Retry']);
    expect(await sendDueMail(ctx.db, provider, new Date(later.getTime() + 3600_000))).toEqual({ sent: 0, failed: 0 });

    await transaction(ctx.db, (c) => enqueueMail(c, { kind: 'test', locale: 'id-ID', to: 'd@example.com', subject: 'Never', text: 'T', sendAfter: now }));
    const down = collecting(Infinity);
    let t = now.getTime();
    for (let i = 0; i < MAX_ATTEMPTS + 2; i++, t += 2 * 3600_000) await sendDueMail(ctx.db, down, new Date(t));
    const { rows } = await ctx.db.pool.query(`select attempts, sent_at from public.outbox where subject = 'Never'`);
    expect(rows[0]).toEqual({ attempts: MAX_ATTEMPTS, sent_at: null });
  });

  it('a sender that died mid-send leaves the row due again after the lease', async () => {
    const now = new Date('2031-01-01T00:00:00Z');
    await transaction(ctx.db, (c) => enqueueMail(c, { kind: 'test', locale: 'vi-VN', to: 'e@example.com', subject: 'Lease', text: 'T', sendAfter: now }));
    const hang: MailProvider = { name: 'hang', send: () => new Promise(() => undefined) };
    void sendDueMail(ctx.db, hang, now);
    await new Promise((r) => setTimeout(r, 300));
    const provider = collecting();
    expect(await sendDueMail(ctx.db, provider, new Date(now.getTime() + 1000))).toEqual({ sent: 0, failed: 0 });
    expect(await sendDueMail(ctx.db, provider, new Date(now.getTime() + 5 * 60_000))).toEqual({ sent: 1, failed: 0 });
  });

  it('the mailbox provider posts the mail with its attachments', async () => {
    const got: unknown[] = [];
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        got.push(JSON.parse(body));
        res.writeHead(201).end('{}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/dev/mailbox`;
    await mailboxProvider(url).send({ to: 'f@example.com', subject: 'S', text: 'T', attachments: [{ filename: 'a.ics', contentType: 'text/calendar', content: ics }] });
    server.close();
    expect(got).toEqual([{ to: 'f@example.com', subject: 'S', text: 'T', attachments: [{ filename: 'a.ics', contentType: 'text/calendar', content: ics }] }]);
  });

  it('the API roles can neither read nor write the outbox', async () => {
    for (const role of ['anon', 'authenticated'] as const) {
      await expect(asCaller(ctx.db, { role, claims: { sub: uid } }, (c) => c.query(`select * from public.outbox`))).rejects.toThrow(/permission denied/);
      await expect(
        asCaller(ctx.db, { role, claims: { sub: uid } }, (c) => c.query(`insert into public.outbox (kind, locale, to_email, subject, body_text) values ('x','vi-VN','a@b.c','s','t')`)),
      ).rejects.toThrow(/permission denied/);
    }
  });
});
