/**
 * "Doctor unavailable" (issue 35), the server's part of the one step: public.admin_doctor_unavailable does the
 * database work as the caller (scope inside), then, in the same transaction, each online payment it marked is asked
 * of the provider (a provider that refuses rolls the whole step back, as the single cancellation does), and each
 * patient's e-mail goes to the outbox: the cancellation in their language with the calendar cancellation and the
 * one-tap rebooking links, or the move's new time. The outbox commits with the step, so a crash loses no mail.
 */
import type pg from 'pg';
import { type Locale } from '../../i18n/locales';
import { bookingCode } from '../lib/booking';
import { rebookingUrl, type UnavailableBody, type UnavailablePreview, type UnavailableResult } from '../lib/doctor-unavailable';
import { enqueueBookingChange } from './booking-change-mail';
import { refundMarkedPayment } from './booking-refund';
import type { PaymentProvider } from './payment-provider';
import { asServerRole } from './server-role';

interface StepAnswer {
  id: number;
  cancelled: { bookingId: number; kind: string; offers: { token: string; date: string; start: string; end: string }[] }[];
  moved: { bookingId: number; newBookingId: number }[];
  holdsEnded: number;
  slotsClosed: number;
}

/** What the step would do (nothing written). */
export async function unavailablePreview(db: pg.PoolClient, doctorId: number, from: string, to: string): Promise<UnavailablePreview> {
  const { rows } = await db.query('select public.admin_doctor_unavailable_preview($1, $2::date, $3::date) as p', [doctorId, from, to]);
  const p = rows[0].p as Omit<UnavailablePreview, 'bookings'> & { bookings: Omit<UnavailablePreview['bookings'][number], 'code'>[] };
  return { ...p, bookings: p.bookings.map((b) => ({ ...b, code: bookingCode(b.id) })) };
}

/** The patient's language for the link's page (their preferred one, else the hospital's market). */
async function linkLocales(db: pg.PoolClient, bookingIds: number[]): Promise<Map<number, Locale>> {
  if (!bookingIds.length) return new Map();
  const { rows } = await asServerRole(db, () =>
    db.query(
      `select b.id, coalesce(p.preferred_locale, c.locale) as locale from public.bookings b
         join public.hospitals h on h.id = b.hospital_id join public.countries c on c.id = h.country_id
         left join public.patients p on p.user_id = b.patient_user_id
        where b.id = any ($1::bigint[])`,
      [bookingIds],
    ),
  );
  return new Map(rows.map((r) => [Number(r.id), r.locale as Locale]));
}

export async function markDoctorUnavailable(db: pg.PoolClient, doctorId: number, body: UnavailableBody, opts: { origin: string; provider: PaymentProvider | null }): Promise<UnavailableResult> {
  const moves = Object.fromEntries((body.moves ?? []).map((m) => [String(m.bookingId), m.slotId]));
  const { rows } = await db.query('select public.admin_doctor_unavailable($1, $2::date, $3::date, $4, $5::jsonb) as r', [doctorId, body.from, body.to, body.reason.trim(), JSON.stringify(moves)]);
  const step = rows[0].r as StepAnswer;
  let refunds = 0;
  let mails = 0;
  const told = new Set<string>();
  const locales = await linkLocales(db, step.cancelled.map((c) => c.bookingId));
  for (const c of step.cancelled) {
    if (await refundMarkedPayment(db, c.bookingId, opts.provider)) refunds++;
    const locale = locales.get(c.bookingId) ?? 'vi-VN';
    const offers = c.offers.map((o) => ({ date: o.date, start: o.start, end: o.end === '00:00' ? '24:00' : o.end, url: rebookingUrl(opts.origin, locale, o.token) }));
    const n = await enqueueBookingChange(db, c.bookingId, { kind: 'cancelled', by: 'hospital', reason: body.reason.trim(), offers });
    mails += n;
    if (n) told.add(`b${c.bookingId}`);
  }
  for (const m of step.moved) {
    const n = await enqueueBookingChange(db, m.newBookingId, { kind: 'rescheduled', by: 'hospital', reason: body.reason.trim() });
    mails += n;
    if (n) told.add(`b${m.bookingId}`);
  }
  // Patients told: distinct people, not bookings (one patient may have had two visits that day).
  const { rows: people } = told.size
    ? await asServerRole(db, () => db.query('select count(distinct patient_user_id)::int as n from public.bookings where id = any ($1::bigint[])', [[...told].map((k) => Number(k.slice(1)))]))
    : { rows: [{ n: 0 }] };
  return {
    id: step.id,
    cancelled: step.cancelled.length,
    moved: step.moved.length,
    patientsTold: people[0].n,
    mails,
    refunds,
    holdsEnded: step.holdsEnded,
    slotsClosed: step.slotsClosed,
  };
}
