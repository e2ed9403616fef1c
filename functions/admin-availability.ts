/**
 * Doctor availability calls (issue #29 item 4, SPEC §2 /admin/doctors/{doctorId}/availability and
 * /admin/schedule): read a doctor's weekly hours, exceptions, generated days and kept conflicts over the booking
 * window; save them and regenerate the slots in the request's one transaction. Managers in scope read and save;
 * a doctor-role caller reads only their own schedule (SPEC §6: no Edit Schedule for the doctor). Row-level
 * security scopes every read and write; public.regenerate_doctor_schedule re-checks the caller manages the doctor.
 */
import { z } from 'zod';
import { defineEndpoint, serve } from '../src/server/endpoint';
import { ApiError, notFound, validationFailed } from '../src/lib/errors';
import { DOCTOR_MESSAGES } from '../src/lib/admin-doctors';
import { AVAILABILITY_KINDS, AVAILABILITY_MESSAGES, availabilityData, availabilitySaveBody, exceptionWindowIssues } from '../src/lib/doctor-availability';
import { availabilityDoctor, readAvailability, saveKind } from '../src/data/admin-availability';
import { fieldPath } from '../src/server/validation';

const MANAGERS = ['admin', 'super', 'facility', 'senior_branch', 'branch'] as const;
const doctorId = z.object({ id: z.coerce.number().int().positive() });

export const adminAvailabilityRead = defineEndpoint({
  method: 'GET',
  path: '/api/admin/doctors/:id/availability',
  summary: "A doctor's weekly hours, date exceptions, generated days and kept conflicts over the booking window (hospital time)",
  tags: ['admin', 'doctors'],
  auth: 'staff',
  params: doctorId,
  response: availabilityData,
  async handler({ params, db, auth }) {
    if (auth.staff.role === 'doctor' && auth.staff.doctorId !== params.id) throw notFound(DOCTOR_MESSAGES.notFound);
    const d = await availabilityDoctor(db, params.id);
    if (!d) throw notFound(DOCTOR_MESSAGES.notFound);
    return readAvailability(db, d);
  },
});

export const adminAvailabilitySave = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/doctors/:id/availability',
  summary: 'Save weekly hours, exceptions, slot length, capacity and buffer time per kind, and regenerate the slots; booked slots are kept and listed as conflicts',
  tags: ['admin', 'doctors'],
  auth: 'staff',
  roles: MANAGERS,
  params: doctorId,
  body: { json: availabilitySaveBody },
  response: availabilityData,
  async handler({ params, body, db, messages }) {
    const d = await availabilityDoctor(db, params.id);
    if (!d) throw notFound(DOCTOR_MESSAGES.notFound);
    const errors: Record<string, string[]> = {};
    for (const kind of AVAILABILITY_KINDS) {
      const a = body[kind];
      if (!a) continue;
      for (const i of exceptionWindowIssues(a.exceptions, d.today, d.windowDays)) (errors[fieldPath([kind, ...i.path])] ??= []).push(AVAILABILITY_MESSAGES[i.rule]);
    }
    if (Object.keys(errors).length) throw validationFailed(errors);
    if (body.telemedicine && !d.telemedicineEnabled) throw new ApiError(422, AVAILABILITY_MESSAGES.telemedicineOff);
    const changes: Partial<Record<(typeof AVAILABILITY_KINDS)[number], { added: number; removed: number }>> = {};
    for (const kind of AVAILABILITY_KINDS) {
      const a = body[kind];
      if (a) changes[kind] = await saveKind(db, d.id, kind, a);
    }
    messages.push(DOCTOR_MESSAGES.updated);
    // Read back after the save, with the buffer times just written (they are the doctor's own columns).
    const saved = { ...d, bufferOutpatient: body.outpatient?.bufferTime ?? d.bufferOutpatient, bufferTelemedicine: body.telemedicine?.bufferTime ?? d.bufferTelemedicine };
    return { ...(await readAvailability(db, saved)), changes };
  },
});

export const adminSchedule = defineEndpoint({
  method: 'GET',
  path: '/api/admin/schedule',
  summary: "The calling doctor's own schedule (SPEC §2 /admin/schedule, doctor role): hours, exceptions, generated days, read-only",
  tags: ['admin', 'doctors'],
  auth: 'staff',
  roles: ['doctor'],
  response: availabilityData,
  async handler({ db, auth }) {
    const d = auth.staff.doctorId == null ? null : await availabilityDoctor(db, auth.staff.doctorId);
    if (!d) throw notFound(DOCTOR_MESSAGES.notFound);
    return readAvailability(db, d);
  },
});

export default serve(adminAvailabilityRead, adminAvailabilitySave, adminSchedule);
export const config = { path: ['/api/admin/doctors/:id/availability', '/api/admin/schedule'] };
