/**
 * "Doctor unavailable" (issue 35): a manager (never the doctor role, SPEC §6) marks a doctor unavailable for a day or
 * a span, scoped as the other manager actions (admin and super all, facility its hospital, senior branch its
 * branches, branch its branch: checked inside the SQL functions of migration 20261128200000).
 * - GET  /api/admin/doctors/:id/unavailable?from&to: the preview (bookings affected, patients to tell, slots to close,
 *   free slots after the span where a booking may be moved), nothing written
 * - POST /api/admin/doctors/:id/unavailable: the step, in the request's one transaction (src/server/doctor-unavailable.ts)
 */
import { z } from 'zod';
import { unavailableBody, unavailablePreviewData, unavailablePreviewQuery, unavailableResult, UNAVAILABLE_MESSAGES, UNAVAILABLE_ROLES } from '../src/lib/doctor-unavailable';
import { markDoctorUnavailable, unavailablePreview } from '../src/server/doctor-unavailable';
import { defineEndpoint, serve } from '../src/server/endpoint';
import { paymentProviderFromEnv } from '../src/server/payment-provider';

const doctorId = z.object({ id: z.coerce.number().int().positive() });

export const adminDoctorUnavailablePreview = defineEndpoint({
  method: 'GET',
  path: '/api/admin/doctors/:id/unavailable',
  summary: 'What marking the doctor unavailable from one hospital day to another would do: the bookings to cancel, the patients to tell, the slots to close (nothing written)',
  tags: ['admin', 'appointments'],
  auth: 'staff',
  roles: UNAVAILABLE_ROLES,
  params: doctorId,
  query: unavailablePreviewQuery,
  response: unavailablePreviewData,
  async handler({ params, query, db }) {
    return unavailablePreview(db, params.id, query.from, query.to);
  },
});

export const adminDoctorUnavailable = defineEndpoint({
  method: 'POST',
  path: '/api/admin/doctors/:id/unavailable',
  summary: 'Mark the doctor unavailable for a span in one transaction: bookings cancelled (or moved where picked), paid ones refunded, slots closed, each patient e-mailed with one-tap rebooking links',
  tags: ['admin', 'appointments'],
  auth: 'staff',
  roles: UNAVAILABLE_ROLES,
  params: doctorId,
  body: { json: unavailableBody },
  response: unavailableResult,
  async handler({ params, body, db, request, messages }) {
    const origin = process.env.URL ?? new URL(request.url).origin;
    const result = await markDoctorUnavailable(db, params.id, body, { origin, provider: paymentProviderFromEnv(origin) });
    messages.push(UNAVAILABLE_MESSAGES.done);
    return result;
  },
});

export default serve(adminDoctorUnavailablePreview, adminDoctorUnavailable);
export const config = { path: ['/api/admin/doctors/:id/unavailable'] };
