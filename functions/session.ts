/**
 * GET /api/session: the signed-in user's token, verified, and what their staff role may do on the public site
 * (src/lib/staff-abilities.ts; none for a patient). The public hospital page asks it once to decide the
 * 'Book an appointment' maps button (SPEC §2). Personal, never cached.
 */
import { z } from 'zod';
import type { Queryable } from '../src/data/db';
import { abilitiesOf, type Ability } from '../src/lib/staff-abilities';
import { AbilitySchema } from '../src/lib/staff-abilities-schema';
import { loadStaffProfile } from '../src/server/auth';
import { defineEndpoint, serve } from '../src/server/endpoint';
import { serverDatabase } from '../src/server/runtime';

/** The staff role's abilities with its hospitals (read as the server: the role is the verified user's own). */
async function staffAbilities(db: Queryable, userId: string): Promise<Ability[]> {
  const staff = await loadStaffProfile(db, userId);
  if (!staff) return [];
  const organization = staff.hospital
    ? (await db.query(`select id from public.hospitals where organization_id = $1`, [staff.hospital.id])).rows.map((r) => Number(r.id))
    : [];
  return abilitiesOf(staff.role, { organization, branches: staff.branches.map((b) => b.id) });
}

export const session = defineEndpoint({
  method: 'GET',
  path: '/api/session',
  summary: 'The verified session of the caller (user id, e-mail, phone, assurance level, expiry) and its staff abilities',
  tags: ['auth'],
  auth: 'user',
  database: 'none',
  response: z.object({
    userId: z.uuid(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    aal: z.string(),
    expiresAt: z.string(),
    abilities: z.array(AbilitySchema),
  }),
  async handler({ auth }) {
    return {
      userId: auth.userId,
      email: auth.claims.email || null,
      phone: auth.claims.phone || null,
      aal: auth.claims.aal ?? 'aal1',
      expiresAt: new Date((auth.claims.exp ?? 0) * 1000).toISOString(),
      abilities: await staffAbilities((await serverDatabase()).pool, auth.userId),
    };
  },
});

export default serve(session);
export const config = { path: '/api/session' };
