/**
 * The phone number of a hospital or a service for a signed-in visitor (SPEC §4 phone button). Static pages carry
 * only the masked number in locales that hide it from visitors, so the full number is fetched here after login.
 * No API role reads the phone columns (migration 20261128100000: one select gave every number at once): the
 * number is read as the server, for a published hospital or an active service of one, one per call.
 */
import { z } from 'zod';
import { defineEndpoint, serve } from '../src/server/endpoint';
import { notFound } from '../src/lib/errors';
import { asServerRole } from '../src/server/server-role';

const id = z.coerce.number().int().positive();

export const hospitalPhone = defineEndpoint({
  method: 'GET',
  path: '/api/hospitals/:id/phone',
  summary: "A hospital's phone number, for a signed-in visitor",
  tags: ['directory'],
  auth: 'patient',
  params: z.object({ id }),
  response: z.object({ phone: z.string() }),
  rateLimit: { bucket: 'phone_reveal', key: 'user' },
  async handler({ db, params }) {
    const { rows } = await asServerRole(db, () =>
      db.query(`select phone from public.hospitals where id = $1 and public.is_hospital_published(id) and nullif(btrim(phone), '') is not null`, [params.id]),
    );
    if (rows.length === 0) throw notFound('This hospital has no phone number.');
    return { phone: rows[0].phone as string };
  },
});

export const servicePhone = defineEndpoint({
  method: 'GET',
  path: '/api/services/:id/phone',
  summary: "A service's phone number (its own, else its hospital's), for a signed-in visitor",
  tags: ['directory'],
  auth: 'patient',
  params: z.object({ id }),
  response: z.object({ phone: z.string() }),
  rateLimit: { bucket: 'phone_reveal', key: 'user' },
  async handler({ db, params }) {
    const { rows } = await asServerRole(db, () =>
      db.query(
        `select coalesce(nullif(btrim(s.phone), ''), nullif(btrim(h.phone), '')) as phone
           from public.hospital_services s join public.hospitals h on h.id = s.hospital_id
          where s.id = $1 and s.status = 1 and public.is_hospital_published(h.id)`,
        [params.id],
      ),
    );
    if (!rows[0]?.phone) throw notFound('This service has no phone number.');
    return { phone: rows[0].phone as string };
  },
});

export default serve(hospitalPhone, servicePhone);
export const config = { path: ['/api/hospitals/:id/phone', '/api/services/:id/phone'] };
