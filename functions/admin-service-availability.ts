/**
 * Service availability calls (issue #37 item 2): a service's weekly hours, date exceptions, generated days and kept
 * conflicts over the booking window, and the save that regenerates its slots. The doctors' rules, schema and
 * generation (public.generate_owner_slots, owner kind 'service'); managers in scope only (no doctor role).
 * Row-level security scopes every read and write; public.regenerate_owner_schedule re-checks the caller's scope.
 */
import { z } from 'zod';
import { defineEndpoint, serve } from '../src/server/endpoint';
import { notFound, validationFailed } from '../src/lib/errors';
import { SERVICE_MESSAGES } from '../src/lib/admin-services';
import { AVAILABILITY_MESSAGES, exceptionWindowIssues, serviceAvailabilityData, serviceAvailabilitySaveBody } from '../src/lib/doctor-availability';
import { availabilityService, readServiceAvailability, saveKind } from '../src/data/admin-availability';
import { fieldPath } from '../src/server/validation';

const MANAGERS = ['admin', 'super', 'facility', 'senior_branch', 'branch'] as const;
const serviceId = z.object({ id: z.coerce.number().int().positive() });

export const adminServiceAvailabilityRead = defineEndpoint({
  method: 'GET',
  path: '/api/admin/services/:id/availability',
  summary: "A service's weekly hours, date exceptions, generated days and kept conflicts over the booking window (branch time)",
  tags: ['admin', 'services'],
  auth: 'staff',
  roles: MANAGERS,
  params: serviceId,
  response: serviceAvailabilityData,
  async handler({ params, db }) {
    const s = await availabilityService(db, params.id);
    if (!s) throw notFound(SERVICE_MESSAGES.notFound);
    return readServiceAvailability(db, s);
  },
});

export const adminServiceAvailabilitySave = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/services/:id/availability',
  summary: "Save a service's weekly hours, exceptions, slot length, capacity and buffer time, and regenerate its slots; booked slots are kept and listed as conflicts",
  tags: ['admin', 'services'],
  auth: 'staff',
  roles: MANAGERS,
  params: serviceId,
  body: { json: serviceAvailabilitySaveBody },
  response: serviceAvailabilityData,
  async handler({ params, body, db, messages }) {
    const s = await availabilityService(db, params.id);
    if (!s) throw notFound(SERVICE_MESSAGES.notFound);
    const errors: Record<string, string[]> = {};
    for (const i of exceptionWindowIssues(body.exceptions, s.today, s.windowDays)) (errors[fieldPath(i.path)] ??= []).push(AVAILABILITY_MESSAGES[i.rule]);
    if (Object.keys(errors).length) throw validationFailed(errors);
    const changes = await saveKind(db, s.id, 'service', body);
    messages.push(SERVICE_MESSAGES.updated);
    return { ...(await readServiceAvailability(db, { ...s, bufferTime: body.bufferTime })), changes };
  },
});

export default serve(adminServiceAvailabilityRead, adminServiceAvailabilitySave);
export const config = { path: ['/api/admin/services/:id/availability'] };
