/** GET /api/session: the signed-in user's token, verified (no database work). */
import { z } from 'zod';
import { defineEndpoint, serve } from '../src/server/endpoint';

export const session = defineEndpoint({
  method: 'GET',
  path: '/api/session',
  summary: 'The verified session of the caller (user id, e-mail, phone, assurance level, expiry)',
  tags: ['auth'],
  auth: 'user',
  database: 'none',
  response: z.object({
    userId: z.uuid(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    aal: z.string(),
    expiresAt: z.string(),
  }),
  async handler({ auth }) {
    return {
      userId: auth.userId,
      email: auth.claims.email || null,
      phone: auth.claims.phone || null,
      aal: auth.claims.aal ?? 'aal1',
      expiresAt: new Date((auth.claims.exp ?? 0) * 1000).toISOString(),
    };
  },
});

export default serve(session);
export const config = { path: '/api/session' };
