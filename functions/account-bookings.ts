/**
 * My appointments (issue 28 item 3), as the signed-in patient:
 * GET /api/account/bookings lists their bookings (hospital-time day and time, doctor or service, hospital,
 * for whom, price, payment, until when they may be changed, their review);
 * POST /api/account/bookings/:id/cancel cancels one; POST /api/account/bookings/:id/reschedule moves one to
 * another free slot of the same doctor or service (new slot taken before the old is released, linked);
 * POST /api/account/bookings/:id/review reviews a completed one once. Cancel and reschedule lock the booking
 * in the database (public.lock_my_active_booking), so two tabs acting at once get one outcome; another patient's
 * booking id answers 404.
 */
import { z } from 'zod';
import { translate } from '../i18n/strings';
import { ApiError, conflict, notFound, validationFailed } from '../src/lib/errors';
import { REVIEW_FEEDBACK_MAX, validateReview, type MyBooking } from '../src/lib/my-bookings';
import type { Queryable } from '../src/data/db';
import { defineEndpoint, serve } from '../src/server/endpoint';
import { API_LOCALE } from '../src/server/caller-locale';
import { paymentRecords } from '../src/server/booking-mail';
import { enqueueBookingChange } from '../src/server/booking-change-mail';
import { refundMarkedPayment } from '../src/server/booking-refund';
import { paymentProviderFromEnv } from '../src/server/payment-provider';
import { PAYMENT_STATUSES } from '../src/lib/payment-state';
import { ensureVideoRoom } from '../src/server/video-rooms';
import { bookingCode } from '../src/lib/booking';

const booking = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(['outpatient', 'telemedicine', 'service']),
  status: z.enum(['pending', 'confirmed', 'completed', 'cancelled', 'no_show']),
  startsAt: z.string(),
  day: z.string(),
  time: z.string(),
  endTime: z.string().nullable(),
  timeZone: z.string(),
  doctorId: z.number().int().nullable(),
  doctorName: z.string().nullable(),
  serviceId: z.number().int().nullable(),
  serviceName: z.string().nullable(),
  hospitalId: z.number().int(),
  hospitalName: z.string(),
  hospitalAddress: z.string(),
  forName: z.string().nullable(),
  price: z.number().nullable(),
  currency: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  cancelUntil: z.string(),
  bufferMinutes: z.number().int(),
  rescheduledFromId: z.number().int().nullable(),
  /** A confirmed telemedicine visit's video room (public.booking_video_room: the patient's own only). */
  videoUrl: z.string().nullable(),
  payments: z.array(
    z.object({ status: z.enum(PAYMENT_STATUSES), amount: z.number(), currency: z.string(), checkoutUrl: z.string().nullable(), expiresAt: z.string(), refundAmount: z.number().nullable().optional() }),
  ),
  review: z.object({ rate: z.number().int(), feedback: z.string().nullable() }).nullable(),
}) satisfies z.ZodType<MyBooking>;

const SELECT = `
  select b.id, b.appointment_type as kind, case when b.status = 'hold' then 'pending' else b.status end as status, b.starts_at, b.doctor_id, b.service_id, b.hospital_id, b.payment_method,
         coalesce(b.final_price, b.price) as price, b.currency, b.rescheduled_from_id,
         to_char(b.starts_at at time zone h.time_zone, 'YYYY-MM-DD') as day, to_char(b.starts_at at time zone h.time_zone, 'HH24:MI') as time,
         (select to_char(ts.ended, 'HH24:MI') from public.time_slots ts where ts.id = b.slot_id) as end_time,
         h.time_zone, h.name as hospital_name, h.address as hospital_address, d.name as doctor_name, sv.name as service_name,
         f.name as for_name, public.booking_cancel_deadline(b) as cancel_until,
         coalesce(case b.appointment_type when 'outpatient' then d.buffer_time_outpatient when 'telemedicine' then d.buffer_time_telemedicine else sv.buffer_time end, 0) as buffer,
         r.rate, r.feedback, r.id as review_id, public.booking_video_room(b.id) as video_url,
         (select coalesce(json_agg(json_build_object('status', pm.status, 'amount', pm.amount, 'currency', pm.currency, 'checkoutUrl', pm.checkout_url,
                  'expiresAt', pm.expires_at, 'refundAmount', pm.refund_amount) order by pm.id), '[]'::json)
            from public.payments pm where pm.booking_id = b.id) as payments
    from public.bookings b
    join public.hospitals h on h.id = b.hospital_id
    left join public.doctors d on d.id = b.doctor_id
    left join public.hospital_services sv on sv.id = b.service_id
    left join public.family_members f on f.id = b.family_member_id
    left join public.reviews r on r.booking_id = b.id
   where b.patient_user_id = auth.uid()
     and (b.status in ('pending', 'confirmed', 'completed', 'cancelled', 'no_show')
          -- a hold whose online payment is open: awaiting payment, with Pay now (issue 36)
          or (b.status = 'hold' and b.hold_expires_at > now() and exists (select 1 from public.payments op where op.booking_id = b.id and op.status = 'created')))`;

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

function toBooking(r: Record<string, unknown>): MyBooking {
  return {
    id: Number(r.id),
    code: bookingCode(Number(r.id)),
    kind: r.kind as MyBooking['kind'],
    status: r.status as MyBooking['status'],
    startsAt: iso(r.starts_at),
    day: String(r.day),
    time: String(r.time),
    endTime: (r.end_time as string | null) ?? null,
    timeZone: String(r.time_zone),
    doctorId: r.doctor_id == null ? null : Number(r.doctor_id),
    doctorName: (r.doctor_name as string | null) ?? null,
    serviceId: r.service_id == null ? null : Number(r.service_id),
    serviceName: (r.service_name as string | null) ?? null,
    hospitalId: Number(r.hospital_id),
    hospitalName: String(r.hospital_name),
    hospitalAddress: String(r.hospital_address ?? ''),
    forName: (r.for_name as string | null) ?? null,
    price: r.price == null ? null : Number(r.price),
    currency: (r.currency as string | null)?.trim() ?? null,
    paymentMethod: (r.payment_method as string | null) ?? null,
    cancelUntil: iso(r.cancel_until),
    bufferMinutes: Number(r.buffer ?? 0),
    rescheduledFromId: r.rescheduled_from_id == null ? null : Number(r.rescheduled_from_id),
    videoUrl: (r.video_url as string | null) ?? null,
    payments: paymentRecords(r.payments),
    review: r.review_id == null ? null : { rate: Number(r.rate), feedback: (r.feedback as string | null) ?? null },
  };
}

async function loadBooking(db: Queryable, id: number): Promise<MyBooking> {
  const { rows } = await db.query(`${SELECT} and b.id = $1`, [id]);
  if (!rows[0]) throw notFound('Booking not found');
  return toBooking(rows[0]);
}

/**
 * The SQL refusals of cancel and reschedule with a reason beside the message (the message is translated for the
 * caller, so the page decides by the reason, not by the English words).
 */
async function changeOrRefuse<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (err) {
    const e = err as { code?: string; message?: string };
    const reason = e.code === 'PT422' && / until /.test(e.message ?? '') ? 'window-passed' : e.code === 'PT409' && /already been cancelled/.test(e.message ?? '') ? 'already-cancelled' : null;
    if (reason) throw new ApiError(e.code === 'PT422' ? 422 : 409, e.message!, { data: { reason } });
    throw err;
  }
}

const idParams = z.object({ id: z.coerce.number().int().positive() });

export const listMyBookings = defineEndpoint({
  method: 'GET',
  path: '/api/account/bookings',
  summary: "The signed-in patient's appointments (not unfinished holds)",
  tags: ['patients'],
  auth: 'patient',
  response: z.object({ bookings: z.array(booking) }),
  async handler({ db }) {
    const { rows } = await db.query(`${SELECT} order by b.starts_at desc limit 500`);
    return { bookings: rows.map(toBooking) };
  },
});

export const cancelMyBooking = defineEndpoint({
  method: 'POST',
  path: '/api/account/bookings/:id/cancel',
  summary: 'Cancel one of my appointments (until its cancellation window: 4 hours before the start by default); a payment made online is refunded',
  description:
    'PT422 (422) when the window has passed, saying until when; 409 when it is already cancelled; 503 (reason refund-failed) when the payment provider does not take the refund, and then nothing is cancelled. The cancellation e-mail is queued in the same transaction.',
  tags: ['patients'],
  auth: 'patient',
  params: idParams,
  response: z.object({ booking, refund: z.object({ amount: z.number(), currency: z.string() }).nullable() }),
  async handler({ params, db, messages, request }) {
    await changeOrRefuse(() => db.query(`select public.cancel_my_booking($1)`, [params.id]));
    const refund = await refundMarkedPayment(db, params.id, paymentProviderFromEnv(process.env.URL ?? new URL(request.url).origin));
    await enqueueBookingChange(db, params.id, { kind: 'cancelled', by: 'patient' });
    messages.push('Cancel successfully');
    return { booking: await loadBooking(db, params.id), refund: refund && { amount: refund.amount, currency: refund.currency } };
  },
});

export const rescheduleMyBooking = defineEndpoint({
  method: 'POST',
  path: '/api/account/bookings/:id/reschedule',
  summary: 'Move one of my appointments to another free slot of the same doctor or service',
  description: 'The slot is named as the schedule calls answer it (scheduleId: the time slot id, started HH:mm). The new booking is held before the old one is cancelled, in one transaction; the same idempotencyKey returns the same new booking.',
  tags: ['patients'],
  auth: 'patient',
  params: idParams,
  body: { json: z.object({ scheduleId: z.number().int().positive(), started: z.string().regex(/^\d{2}:\d{2}$/), idempotencyKey: z.string().min(8).max(200) }), maxBytes: 2048 },
  response: z.object({ booking }),
  async handler({ params, body, db, messages }) {
    // scheduleId is the time slot's id, as the schedule calls answer it and the booking route books it.
    const slot = await db.query(`select ts.id from public.time_slots ts where ts.id = $1 and ts.started = $2::time`, [body.scheduleId, body.started]);
    if (!slot.rows[0]) throw notFound('The slot is not available');
    const { rows } = await changeOrRefuse(() => db.query(`select (public.reschedule_my_booking($1, $2, $3)).id as id`, [params.id, slot.rows[0].id, body.idempotencyKey]));
    await ensureVideoRoom(db, Number(rows[0].id));
    await enqueueBookingChange(db, Number(rows[0].id), { kind: 'rescheduled', by: 'patient' });
    messages.push('Reschedule successfully');
    return { booking: await loadBooking(db, Number(rows[0].id)) };
  },
});

export const reviewMyBooking = defineEndpoint({
  method: 'POST',
  path: '/api/account/bookings/:id/review',
  summary: 'Review a completed appointment once (1-5 stars, feedback)',
  tags: ['patients'],
  auth: 'patient',
  params: idParams,
  body: { json: z.object({ rate: z.number(), feedback: z.string().max(REVIEW_FEEDBACK_MAX * 4).default('') }), maxBytes: 8 * 1024 },
  response: z.object({ booking }),
  async handler({ params, body, db, messages }) {
    const errors = validateReview(body);
    if (Object.keys(errors).length) throw validationFailed(Object.fromEntries(Object.entries(errors).map(([f, e]) => [f, [translate(API_LOCALE, e.key, e.params)]])));
    const b = await loadBooking(db, params.id);
    if (b.status !== 'completed') throw conflict('Only a completed appointment can be reviewed.');
    if (b.review) throw conflict('This appointment has already been reviewed.');
    // public.submit_review carries the rule in the database too (own completed booking, once, 1-5 stars, the
    // author's name and photo from the patient profile): no API role may insert a review directly.
    await db.query(`select public.submit_review($1, $2, $3)`, [b.id, body.rate, body.feedback.trim()]);
    messages.push('Thank you for your review');
    return { booking: await loadBooking(db, b.id) };
  },
});

export default serve(listMyBookings, cancelMyBooking, rescheduleMyBooking, reviewMyBooking);
export const config = { path: ['/api/account/bookings', '/api/account/bookings/:id/cancel', '/api/account/bookings/:id/reschedule', '/api/account/bookings/:id/review'] };
