/**
 * Local mailbox (development only): the one-time codes the auth stand-in "sent" by e-mail or SMS, and the e-mails
 * the outbox sender posts here (src/server/mail-provider.ts, `POST /dev/mailbox` with JSON {to, subject, text,
 * html, attachments}), shown at /dev/mailbox (HTML; ?format=json for tests and scripts). Kept in memory for the
 * life of the server.
 */
export interface MailboxMessage {
  id: string;
  at: string;
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  /** The one-time code; '' for an e-mail from the outbox. */
  code: string;
  text?: string;
  html?: string;
  attachments?: { filename: string; contentType: string; content: string }[];
}

const messages: MailboxMessage[] = [];
const MAX = 200;

export function recordMessage(m: Omit<MailboxMessage, 'id' | 'at'>): MailboxMessage {
  const msg = { ...m, id: crypto.randomUUID(), at: new Date().toISOString() };
  messages.unshift(msg);
  if (messages.length > MAX) messages.length = MAX;
  return msg;
}

/** Newest first; optionally only those sent to `to`. */
export function mailboxMessages(to?: string): MailboxMessage[] {
  if (!to) return [...messages];
  const norm = (s: string) => (s.includes('@') ? s.trim().toLowerCase() : s.replace(/\D/g, ''));
  return messages.filter((m) => norm(m.to) === norm(to));
}

export function clearMailbox(): void {
  messages.length = 0;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export async function handleMailbox(req: Request): Promise<Response> {
  const url = new URL(req.url);
  const headers = {
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    'X-Robots-Tag': 'noindex',
  };
  if (req.method === 'POST') return receiveMail(req, headers);
  if (req.method === 'DELETE') {
    clearMailbox();
    return new Response(null, { status: 204, headers });
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') return new Response('Method not allowed', { status: 405, headers: { ...headers, Allow: 'GET, POST, DELETE' } });
  const list = mailboxMessages(url.searchParams.get('to') ?? undefined);
  if (url.searchParams.get('format') === 'json' || (req.headers.get('accept') ?? '').startsWith('application/json')) {
    return Response.json({ messages: list }, { headers });
  }
  const rows = list
    .map((m) => `<tr><td>${esc(m.at)}</td><td>${esc(m.channel)}</td><td>${esc(m.to)}</td><td>${esc(m.subject)}</td><td>${m.code ? `<code>${esc(m.code)}</code>` : `<details><summary>${esc(String(m.attachments?.length ?? 0))} attachment(s)</summary><pre>${esc(m.text ?? '')}</pre></details>`}</td></tr>`)
    .join('\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Local mailbox</title><style>body{font:15px system-ui,sans-serif;margin:2rem;color:#222}table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #ddd;padding:.5rem;text-align:left}code{font-size:1.3em;letter-spacing:.15em}</style></head>
<body><h1>Local mailbox</h1><p>One-time codes sent by the local auth stand-in and e-mails sent by the outbox (development only; nothing leaves this machine). Newest first.</p>
${list.length ? `<table><thead><tr><th>Sent</th><th>Channel</th><th>To</th><th>Subject</th><th>Code / message</th></tr></thead><tbody>${rows}</tbody></table>` : '<p>No messages yet.</p>'}
</body></html>`;
  return new Response(html, { headers: { ...headers, 'Content-Type': 'text/html; charset=utf-8' } });
}

/** An e-mail from the outbox sender's local provider. */
async function receiveMail(req: Request, headers: Record<string, string>): Promise<Response> {
  let body: Partial<MailboxMessage> & { to?: unknown; subject?: unknown; text?: unknown };
  try {
    body = (await req.json()) as typeof body;
  } catch {
    return Response.json({ error: 'JSON body expected' }, { status: 400, headers });
  }
  if (typeof body.to !== 'string' || typeof body.subject !== 'string' || typeof body.text !== 'string') {
    return Response.json({ error: 'to, subject and text are required' }, { status: 422, headers });
  }
  const attachments = Array.isArray(body.attachments) ? body.attachments : [];
  const msg = recordMessage({ channel: 'email', to: body.to, subject: body.subject, code: '', text: body.text, html: typeof body.html === 'string' ? body.html : undefined, attachments });
  return Response.json({ id: msg.id }, { status: 201, headers });
}
