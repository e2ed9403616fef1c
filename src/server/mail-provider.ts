/**
 * Mail-provider seam of the outbox (src/server/outbox.ts). Production: an HTTP e-mail API configured by
 * environment (MAIL_API_URL, MAIL_API_KEY, MAIL_FROM; the body is the common `{from, to, subject, text, html,
 * attachments: [{filename, content (base64), content_type}]}` shape of Resend-style APIs). Locally: the development
 * mailbox (`/dev/mailbox` of the local server, MAILBOX_URL), where nothing leaves the machine.
 */
import { isProduction } from './env';

/** A file attached to a mail; content in base64. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments: MailAttachment[];
  /** Provider-side labels (kind, locale, outbox id): never personal data. */
  tags?: Record<string, string>;
}

export interface MailProvider {
  readonly name: string;
  /** Resolves once the provider accepted the mail; throws (with a short reason) otherwise. */
  send(mail: OutgoingMail): Promise<void>;
}

const TIMEOUT_MS = 10_000;

async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<void> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!res.ok) {
    const detail = (await res.text().catch(() => '')).slice(0, 200);
    throw new Error(`mail provider answered ${res.status}${detail ? `: ${detail}` : ''}`);
  }
}

/** An HTTP e-mail API (production). */
export function httpMailProvider(config: { url: string; apiKey: string; from: string }): MailProvider {
  return {
    name: 'http',
    async send(mail) {
      await postJson(
        config.url,
        {
          from: config.from,
          to: [mail.to],
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          attachments: mail.attachments.map((a) => ({ filename: a.filename, content: a.content, content_type: a.contentType })),
          tags: Object.entries(mail.tags ?? {}).map(([name, value]) => ({ name, value: value.replace(/[^A-Za-z0-9_-]/g, '_') })),
        },
        { authorization: `Bearer ${config.apiKey}` },
      );
    },
  };
}

/** The local server's development mailbox (scripts/stand-ins/mailbox.ts). */
export function mailboxProvider(mailboxUrl: string): MailProvider {
  return {
    name: 'mailbox',
    async send(mail) {
      await postJson(mailboxUrl, { to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, attachments: mail.attachments });
    },
  };
}

/**
 * The provider the environment names. MAIL_API_URL set: the HTTP provider (MAIL_API_KEY and MAIL_FROM required).
 * Otherwise, outside production, the local mailbox at MAILBOX_URL or `<siteUrl>/dev/mailbox`.
 */
export function mailProviderFromEnv(siteUrl?: string, env: NodeJS.ProcessEnv = process.env): MailProvider {
  if (env.MAIL_API_URL) {
    if (!env.MAIL_API_KEY || !env.MAIL_FROM) throw new Error('MAIL_API_KEY and MAIL_FROM must be set with MAIL_API_URL');
    return httpMailProvider({ url: env.MAIL_API_URL, apiKey: env.MAIL_API_KEY, from: env.MAIL_FROM });
  }
  if (isProduction()) throw new Error('MAIL_API_URL, MAIL_API_KEY and MAIL_FROM must be set in production');
  const url = env.MAILBOX_URL ?? (siteUrl ? new URL('/dev/mailbox', siteUrl).href : undefined);
  if (!url) throw new Error('MAILBOX_URL (or the site URL) is needed for the local mailbox');
  return mailboxProvider(url);
}
