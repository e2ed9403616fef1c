/**
 * Admin appointments and patients (issue 35), every call as the caller (row-level security scopes the reads; each
 * change is a security definer function of migration 20261128110000 that re-checks the caller's scope and the
 * rule, and the bookings' history trigger records it):
 * - GET /api/admin/appointments: the list (filters of src/lib/admin-appointments.ts), pages of 20
 * - GET /api/admin/appointments.csv: exactly the filtered list as CSV, read and sent in batches
 * - GET /api/admin/appointments/:id: the detail panel (note, price lines, voucher, payments, history)
 * - POST /api/admin/appointments/:id/actions: confirm, check in, complete, no-show, cancel (e-mail to the patient)
 * - POST /api/admin/appointments/:id/phone: the contact phone, the read recorded in the data history
 * - GET /api/admin/appointments/:id/slots, POST /api/admin/appointments/:id/reschedule: move it to a free slot
 * - GET /api/admin/patients, GET /api/admin/patients/:id, POST /api/admin/patients/:id/contact (read recorded)
 */
import Papa from 'papaparse';
import type pg from 'pg';
import { z } from 'zod';
import { translate, type MessageKey } from '../i18n/strings';
import { asCaller } from '../src/data/db';
import { appointmentDetail, appointmentIds, appointmentPage, appointmentRows, appointmentsUpTo, patientDetail, patientPage } from '../src/data/admin-appointments';
import {
  APPOINTMENT_MESSAGES,
  EXPORT_MAX_ROWS,
  appointmentCalendarData,
  appointmentCalendarQuery,
  CALENDAR_MAX_ITEMS,
  APPOINTMENTS_PAGE_SIZE,
  appointmentActionBody,
  appointmentDetail as appointmentDetailSchema,
  appointmentFilterQuery,
  appointmentListData,
  appointmentListQuery,
  appointmentRescheduleBody,
  PATIENTS_PAGE_SIZE,
  patientContact,
  patientDetail as patientDetailSchema,
  patientListData,
  patientListQuery,
  rescheduleSlotsData,
  rescheduleSlotsQuery,
  validReason,
  type AppointmentListItem,
} from '../src/lib/admin-appointments';
import { FORMULA } from '../src/lib/csv-import';
import { ApiError, badRequest, notFound, validationFailed } from '../src/lib/errors';
import { todayInZone } from '../src/lib/hospital-time';
import { enqueueBookingChange } from '../src/server/booking-change-mail';
import { enqueueConfirmation } from '../src/server/booking-mail';
import { refundMarkedPayment } from '../src/server/booking-refund';
import { paymentProviderFromEnv } from '../src/server/payment-provider';
import { asServerRole } from '../src/server/server-role';
import { callerLocale } from '../src/server/caller-locale';
import { binaryAnswer, defineEndpoint, serve } from '../src/server/endpoint';
import { serverDatabase } from '../src/server/runtime';

const bookingId = z.object({ id: z.coerce.number().int().positive() });
const userId = z.object({ id: z.uuid() });

export const adminAppointmentList = defineEndpoint({
  method: 'GET',
  path: '/api/admin/appointments',
  summary: 'Appointments in the caller’s scope: date range (hospital days), status, kind, doctor, service, payment, keyword (code, patient name or phone), sort, page',
  tags: ['admin', 'appointments'],
  auth: 'staff',
  query: appointmentListQuery,
  response: appointmentListData,
  async handler({ query, db }) {
    const page = await appointmentPage(db, query);
    return { appointments: page.items, pagination: { current: Math.min(query.page, page.last), last: page.last, total_items: page.total, per_page: APPOINTMENTS_PAGE_SIZE } };
  },
});

/** Rows read per transaction while the export is sent. */
const EXPORT_BATCH = 1000;
const CSV_COLUMNS = ['code', 'date', 'start', 'end', 'timeZone', 'patient', 'familyMember', 'relation', 'phone', 'doctorOrService', 'branch', 'kind', 'status', 'paymentMethod', 'paymentState', 'price', 'currency', 'bookedAt'] as const;

function csvCells(a: AppointmentListItem, t: (k: MessageKey) => string): string[] {
  return [
    a.code,
    a.date,
    a.start,
    a.end,
    a.timeZone,
    a.patient.name,
    a.familyMember?.name ?? '',
    a.familyMember?.relation ?? '',
    a.patient.phoneMasked ?? '',
    a.doctor?.name ?? a.service?.name ?? '',
    a.hospital.name,
    t(`appointments.kind.${a.kind}` as MessageKey),
    t(`appointments.status.${a.status}` as MessageKey),
    a.paymentMethod ?? '',
    t(`appointments.payment.${a.paymentState}` as MessageKey),
    a.price == null ? '' : String(a.price),
    a.currency,
    a.bookedAt,
  ];
}

export const adminAppointmentExport = defineEndpoint({
  method: 'GET',
  path: '/api/admin/appointments.csv',
  summary: 'CSV of exactly the filtered appointments list (same filters and order), streamed in batches; formula-looking cells written as text',
  tags: ['admin', 'appointments'],
  auth: 'staff',
  database: 'none',
  query: appointmentFilterQuery,
  produces: 'text/csv; charset=utf-8',
  response: binaryAnswer,
  async handler({ query, auth, request }) {
    const db = await serverDatabase();
    const locale = callerLocale(request);
    const t = (k: MessageKey) => translate(locale, k);
    const encoder = new TextEncoder();
    const caller = { role: 'authenticated' as const, claims: auth.claims };
    // The ids of the whole filtered list first (one pass; refused before any byte is sent when the list is longer
    // than an answer may be), then each batch's rows by id, each read in its own transaction as the caller: memory
    // stays the ids and one batch.
    const { ids, tooMany } = await asCaller(db, caller, (client) => appointmentIds(client, query, EXPORT_MAX_ROWS));
    if (tooMany) throw badRequest(APPOINTMENT_MESSAGES.exportTooLarge);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const slice = ids.slice(sent, sent + EXPORT_BATCH);
        const items = slice.length ? await asCaller(db, caller, (client) => appointmentRows(client, slice)) : [];
        const data = items.map((a) => csvCells(a, t));
        const text =
          sent === 0
            ? '\uFEFF' + Papa.unparse({ fields: CSV_COLUMNS.map((c) => t(`appointments.csv.${c}` as MessageKey)), data }, { newline: '\r\n', escapeFormulae: FORMULA })
            : '\r\n' + Papa.unparse(data, { newline: '\r\n', escapeFormulae: FORMULA });
        if (sent === 0 || data.length) controller.enqueue(encoder.encode(text));
        sent += EXPORT_BATCH;
        if (sent >= ids.length) controller.close();
      },
    });
    return { stream, headers: { 'Content-Disposition': `attachment; filename="appointments-${query.from}-${query.to}.csv"` } };
  },
});

export const adminAppointmentCalendar = defineEndpoint({
  method: 'GET',
  path: '/api/admin/appointments-calendar',
  summary: 'Day and week views: a branch’s appointments of at most 7 days and its doctors (the columns); a doctor sees their own column',
  tags: ['admin', 'appointments'],
  auth: 'staff',
  query: appointmentCalendarQuery,
  response: appointmentCalendarData,
  async handler({ query, db, auth }) {
    // A doctor's column is at their own branch; managers name the branch (the top bar's).
    const own = auth.staff.role === 'doctor' ? (auth.staff.doctorId ?? 0) : null;
    const branchId = query.branchId ?? (own ? ((await db.query('select hospital_id::int as id from public.doctors where id = $1', [own])).rows[0]?.id as number | undefined) : undefined);
    if (!branchId) throw validationFailed({ branchId: ['This field is required'] });
    const doctors = await db.query(
      `select d.id::int as id, d.name from public.doctors d
        where d.hospital_id = $1 and d.status = 1 and ($2::bigint is null or d.id = $2) order by d.name, d.id`,
      [branchId, own],
    );
    const appointments = await appointmentsUpTo(db, { from: query.from, to: query.to, branchId, sort: 'starts_at', dir: 'asc' }, CALENDAR_MAX_ITEMS);
    // The columns' free slots still ahead (schedules and slots are public reads; the branch's active doctors only).
    const slots = await db.query(
      `select ts.id::int as id, sc.doctor_id::int as "doctorId", sc.working_day::text as date, to_char(ts.started, 'HH24:MI') as start,
              to_char(ts.ended, 'HH24:MI') as "end", sc.kind, (ts.capacity - ts.booked)::int as free
         from public.schedules sc
         join public.hospitals h on h.id = sc.hospital_id
         join public.doctors d on d.id = sc.doctor_id and d.status = 1
         join public.time_slots ts on ts.schedule_id = sc.id
        where sc.hospital_id = $1 and sc.working_day between $2::date and $3::date and ($4::bigint is null or sc.doctor_id = $4)
          and sc.kind in ('outpatient', 'telemedicine') and ts.withdrawn_at is null and ts.booked < ts.capacity
          and (sc.working_day + ts.started) at time zone h.time_zone > now()
        order by sc.working_day, ts.started, sc.doctor_id limit ${CALENDAR_MAX_ITEMS}`,
      [branchId, query.from, query.to, own],
    );
    return { doctors: doctors.rows, appointments, slots: slots.rows };
  },
});

export const adminAppointmentRead = defineEndpoint({
  method: 'GET',
  path: '/api/admin/appointments/:id',
  summary: 'One appointment with note, masked contact phone, price lines, voucher, payments and its history',
  tags: ['admin', 'appointments'],
  auth: 'staff',
  params: bookingId,
  response: z.object({ appointment: appointmentDetailSchema }),
  async handler({ params, db }) {
    const a = await appointmentDetail(db, params.id);
    if (!a) throw notFound(APPOINTMENT_MESSAGES.notFound);
    return { appointment: a };
  },
});

const ACTION_DONE = {
  confirm: APPOINTMENT_MESSAGES.confirmed,
  check_in: APPOINTMENT_MESSAGES.checkedIn,
  complete: APPOINTMENT_MESSAGES.completed,
  no_show: APPOINTMENT_MESSAGES.noShow,
  cancel: APPOINTMENT_MESSAGES.cancelled,
  undo: APPOINTMENT_MESSAGES.undone,
} as const;

/**
 * A cancellation by the hospital is refunded and told like the patient's own (issue 36): what was paid online is
 * marked for refund in this transaction (admin_booking_transition has just checked who may cancel) and asked of the
 * provider before the commit, so a provider that refuses leaves the booking as it was; then the patient gets the
 * change e-mail in their language, with the hospital's reason, the refund and the calendar cancellation.
 */
async function cancelledByHospital(db: pg.PoolClient, id: number, reason: string, request: Request): Promise<void> {
  await asServerRole(db, () => db.query('select private.request_booking_refund($1)', [id]));
  await refundMarkedPayment(db, id, paymentProviderFromEnv(process.env.URL ?? new URL(request.url).origin));
  await enqueueBookingChange(db, id, { kind: 'cancelled', by: 'hospital', reason });
}

export const adminAppointmentAction = defineEndpoint({
  method: 'POST',
  path: '/api/admin/appointments/:id/actions',
  summary: 'Confirm, check in, complete, no-show (excused or not) or cancel with a reason (the patient is told by e-mail)',
  tags: ['admin', 'appointments'],
  auth: 'staff',
  params: bookingId,
  body: { json: appointmentActionBody },
  response: z.object({ appointment: appointmentDetailSchema }),
  async handler({ params, body, db, request, messages }) {
    if (body.action === 'cancel' && !validReason(body.reason)) throw validationFailed({ reason: [APPOINTMENT_MESSAGES.reasonRequired] });
    await db.query('select public.admin_booking_transition($1, $2, $3, $4)', [params.id, body.action, body.excused ?? null, body.reason ?? null]);
    if (body.action === 'cancel') await cancelledByHospital(db, params.id, body.reason!.trim(), request);
    if (body.action === 'confirm') await enqueueConfirmation(db, params.id);
    const a = await appointmentDetail(db, params.id);
    if (!a) throw notFound(APPOINTMENT_MESSAGES.notFound);
    messages.push(ACTION_DONE[body.action]);
    return { appointment: a };
  },
});

export const adminAppointmentPhone = defineEndpoint({
  method: 'POST',
  path: '/api/admin/appointments/:id/phone',
  summary: 'The contact phone of an appointment, unmasked; the read is recorded in the data history',
  tags: ['admin', 'appointments'],
  auth: 'staff',
  params: bookingId,
  response: z.object({ phone: z.string().nullable() }),
  async handler({ params, db }) {
    const { rows } = await db.query('select public.admin_reveal_booking_phone($1) as phone', [params.id]);
    return { phone: rows[0].phone ?? null };
  },
});

export const adminAppointmentSlots = defineEndpoint({
  method: 'GET',
  path: '/api/admin/appointments/:id/slots',
  summary: 'Free slots of the appointment’s doctor (same consultation type) or service on a day, for a reschedule',
  tags: ['admin', 'appointments'],
  auth: 'staff',
  params: bookingId,
  query: rescheduleSlotsQuery,
  response: rescheduleSlotsData,
  async handler({ params, query, db }) {
    const a = await appointmentDetail(db, params.id);
    if (!a) throw notFound(APPOINTMENT_MESSAGES.notFound);
    const { rows } = await db.query(
      `select ts.id::int as id, to_char(ts.started, 'HH24:MI') as start, to_char(ts.ended, 'HH24:MI') as "end", (ts.capacity - ts.booked)::int as free
         from public.bookings b
         join public.schedules sc on sc.kind = b.appointment_type and sc.doctor_id is not distinct from b.doctor_id and sc.service_id is not distinct from b.service_id
         join public.hospitals h on h.id = sc.hospital_id
         join public.time_slots ts on ts.schedule_id = sc.id
        where b.id = $1 and sc.working_day = $2::date and ts.withdrawn_at is null and ts.booked < ts.capacity and ts.id <> b.slot_id
          and (sc.working_day + ts.started) at time zone h.time_zone > now()
        order by ts.started`,
      [params.id, query.date],
    );
    return { timeZone: a.timeZone, slots: rows };
  },
});

export const adminAppointmentReschedule = defineEndpoint({
  method: 'POST',
  path: '/api/admin/appointments/:id/reschedule',
  summary: 'Move an appointment to another free slot of the same doctor or service on the patient’s behalf (the patient is sent the new confirmation)',
  tags: ['admin', 'appointments'],
  auth: 'staff',
  params: bookingId,
  body: { json: appointmentRescheduleBody },
  response: z.object({ appointment: appointmentDetailSchema }),
  async handler({ params, body, db, messages }) {
    const { rows } = await db.query('select (public.admin_reschedule_booking($1, $2, $3)).id::int as id', [params.id, body.slotId, body.idempotencyKey]);
    const id = rows[0].id as number;
    await enqueueConfirmation(db, id);
    const a = await appointmentDetail(db, id);
    if (!a) throw notFound(APPOINTMENT_MESSAGES.notFound);
    messages.push(APPOINTMENT_MESSAGES.rescheduled);
    return { appointment: a };
  },
});

export const adminPatientList = defineEndpoint({
  method: 'GET',
  path: '/api/admin/patients',
  summary: 'Patients who booked within the caller’s scope (a doctor: their own patients), keyword on name, phone, e-mail or booking code',
  tags: ['admin', 'patients'],
  auth: 'staff',
  query: patientListQuery,
  response: patientListData,
  async handler({ query, db }) {
    const page = await patientPage(db, query);
    return { patients: page.items, pagination: { current: query.page, last: page.last, total_items: page.total, per_page: PATIENTS_PAGE_SIZE } };
  },
});

export const adminPatientRead = defineEndpoint({
  method: 'GET',
  path: '/api/admin/patients/:id',
  summary: 'A patient in the caller’s scope: profile (phone and e-mail masked), family members with the child badge, visit counts',
  tags: ['admin', 'patients'],
  auth: 'staff',
  params: userId,
  response: z.object({ patient: patientDetailSchema }),
  async handler({ params, db }) {
    const p = await patientDetail(db, params.id, todayInZone(Date.now(), 'UTC'));
    if (!p) throw notFound(APPOINTMENT_MESSAGES.patientNotFound);
    return { patient: p };
  },
});

export const adminPatientContact = defineEndpoint({
  method: 'POST',
  path: '/api/admin/patients/:id/contact',
  summary: 'A patient’s phone and e-mail (and their family members’), unmasked; the read is recorded in the data history',
  tags: ['admin', 'patients'],
  auth: 'staff',
  params: userId,
  response: patientContact,
  async handler({ params, db }) {
    const { rows } = await db.query('select public.admin_reveal_patient_contact($1::uuid) as c', [params.id]);
    const c = rows[0].c as z.infer<typeof patientContact> | null;
    if (!c) throw new ApiError(404, APPOINTMENT_MESSAGES.patientNotFound);
    return c;
  },
});

export default serve(
  adminAppointmentList,
  adminAppointmentExport,
  adminAppointmentCalendar,
  adminAppointmentRead,
  adminAppointmentAction,
  adminAppointmentPhone,
  adminAppointmentSlots,
  adminAppointmentReschedule,
  adminPatientList,
  adminPatientRead,
  adminPatientContact,
);
export const config = {
  path: [
    '/api/admin/appointments',
    '/api/admin/appointments.csv',
    '/api/admin/appointments-calendar',
    '/api/admin/appointments/:id',
    '/api/admin/appointments/:id/actions',
    '/api/admin/appointments/:id/phone',
    '/api/admin/appointments/:id/slots',
    '/api/admin/appointments/:id/reschedule',
    '/api/admin/patients',
    '/api/admin/patients/:id',
    '/api/admin/patients/:id/contact',
  ],
};
