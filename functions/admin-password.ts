/**
 * Staff passwords (SPEC §7 forgot password, §8; the users screen's Reset password): a one-hour, single-use link
 * e-mailed through the outbox (only the token's SHA-256 is stored), and the call that sets the new password.
 * Forgot password answers the same whether or not the e-mail has a staff account, so it tells nobody who is staff.
 */
import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { z } from 'zod';
import { LOCALE_CONFIG, LOCALES, type Locale } from '../i18n/locales';
import { forgotPasswordSchema, resetPasswordSchema } from '../src/lib/admin-auth';
import { ApiError, notFound } from '../src/lib/errors';
import { defineEndpoint, serve } from '../src/server/endpoint';
import { enqueueMail } from '../src/server/outbox';
import { asServerRole } from '../src/server/server-role';

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The locale of the request's domain (the link goes back to it), vi-VN by default. */
function requestLocale(req: Request): Locale {
  const host = new URL(req.url).hostname.replace(/^www\./, '');
  return LOCALES.find((l) => LOCALE_CONFIG[l].domain === host) ?? 'vi-VN';
}

async function sendReset(db: pg.PoolClient, req: Request, target: { email?: string; userId?: string }): Promise<string | null> {
  const token = randomBytes(32).toString('base64url');
  // Server-only function (no API role may call it); the caller's claims stay set, so a manager's reset is still
  // checked against who the caller is.
  const { rows } = await asServerRole(db, () =>
    db.query<{ email: string | null }>('select public.admin_issue_password_reset($1, $2, $3) as email', [hash(token), target.email ?? null, target.userId ?? null]),
  );
  const email = rows[0]?.email;
  if (!email) return null;
  const locale = requestLocale(req);
  const site = LOCALE_CONFIG[locale];
  const link = `${new URL(req.url).origin}/admin/login?reset=${token}`;
  await enqueueMail(db, {
    kind: 'staff-password-reset',
    locale,
    to: email,
    subject: `${site.siteName} Care Admin: set your password`,
    text: [`Open this link within an hour to set your password for ${site.siteName} Care Admin:`, link, '', 'If you did not ask for it, ignore this e-mail.'].join('\n'),
  });
  return email;
}

export const forgotPassword = defineEndpoint({
  method: 'POST',
  path: '/api/admin/forgot-password',
  summary: 'E-mail a staff member a link to set a new password',
  tags: ['admin'],
  auth: 'public',
  rateLimit: { bucket: 'otp_send', key: (input) => String((input as { body?: { email?: string } }).body?.email ?? '').toLowerCase() },
  body: { json: forgotPasswordSchema },
  response: z.null(),
  async handler({ body, db, request: req, messages }) {
    await sendReset(db, req, { email: body.email });
    messages.push('If this e-mail belongs to a staff account, a link to set a new password is on its way.');
    return null;
  },
});

export const resetUserPassword = defineEndpoint({
  method: 'POST',
  path: '/api/admin/users/:id/reset-password',
  summary: 'E-mail a staff member the caller manages a link to set a new password',
  tags: ['admin'],
  auth: 'staff',
  roles: ['admin', 'super', 'facility'],
  params: z.object({ id: z.uuid() }),
  response: z.null(),
  async handler({ params, db, request: req, messages }) {
    const email = await sendReset(db, req, { userId: params.id });
    if (!email) throw notFound('This user does not exist or is not yours to manage.');
    messages.push(`A password reset link was sent to ${email}.`);
    return null;
  },
});

export const setPassword = defineEndpoint({
  method: 'POST',
  path: '/api/admin/reset-password',
  summary: 'Set a new password with the link of a reset e-mail',
  tags: ['admin'],
  auth: 'public',
  rateLimit: { bucket: 'sign_in_ip', key: 'ip' },
  body: { json: resetPasswordSchema },
  response: z.null(),
  async handler({ body, db, messages }) {
    const { rows } = await asServerRole(db, () => db.query<{ ok: boolean }>('select public.admin_consume_password_reset($1, $2) as ok', [hash(body.token), body.password]));
    if (!rows[0]?.ok) throw new ApiError(422, 'This link has expired or was already used. Ask for a new one.');
    messages.push('Your password was set. You can sign in now.');
    return null;
  },
});

export default serve(forgotPassword, resetUserPassword, setPassword);
export const config = { path: ['/api/admin/forgot-password', '/api/admin/users/:id/reset-password', '/api/admin/reset-password'] };
