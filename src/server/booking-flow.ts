/**
 * The booking page's server side (issue #26): hold a slot, read what the page shows, confirm with every rule
 * re-checked, release. Runs inside the request's transaction as the caller; the locking work is done by the
 * security-definer functions of migrations 20261122000400 and 20261126200100 (book_slot, private.confirm_hold,
 * release_hold). Rules come from src/lib (payments, booking quote, vouchers, campaign).
 */
import type pg from 'pg';
import { z } from 'zod';
import { ApiError } from '../lib/errors';
import { LOCALES, LOCALE_CONFIG, type Locale } from '../../i18n/locales';
import { paymentOptions, CASH_ON_DELIVERY, type PaymentMethod } from '../lib/payments';
import { quote, voucherAllowed, bookingCode, holdMinutes, PAYMENT_MINUTES_DEFAULT, type BookingVoucher, type Quote } from '../lib/booking';
import { normalizeEndTime, normalizeTime } from '../lib/hospital-time';
import { earliestStartTime } from '../lib/slots';
import { zoneCityName } from '../lib/hospital-time';
import { doctorPath, servicePath } from '../lib/directory-routes';
import { localePath } from '../../i18n/locales';
import { PAYMENT_STATUSES } from '../lib/payment-state';
import { paymentRecords } from './booking-mail';

/** Why a booking call failed, for the page to show its translated message (the English one is in _messages). */
export type BookingFailure = 'slot-mismatch' | 'slot-gone' | 'slot-full' | 'too-soon' | 'not-onboarded' | 'hold-expired' | 'payment-not-allowed' | 'voucher-not-allowed' | 'family-unknown' | 'campaign' | 'not-found';

export function bookingError(status: 404 | 409 | 422 | 403, reason: BookingFailure, message: string, extra: Record<string, unknown> = {}): ApiError {
  return new ApiError(status, message, { data: { reason, ...extra } });
}

/** The configured hold length (BOOKING_HOLD_MINUTES, default 10, at most 60). */
export const configuredHoldMinutes = () => holdMinutes(process.env.BOOKING_HOLD_MINUTES);
export const configuredPaymentMinutes = () => holdMinutes(process.env.BOOKING_PAYMENT_MINUTES, PAYMENT_MINUTES_DEFAULT);

export const HoldRequest = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('doctor'),
    doctorId: z.number().int().positive(),
    date: z.iso.date(),
    scheduleId: z.number().int().positive(),
    telemedicine: z.boolean(),
    idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{16,100}$/, 'Invalid format'),
  }),
  z.object({
    kind: z.literal('service'),
    serviceId: z.number().int().positive(),
    date: z.iso.date(),
    scheduleId: z.number().int().positive(),
    idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{16,100}$/, 'Invalid format'),
  }),
]);
export type HoldRequest = z.infer<typeof HoldRequest>;

const SlotRow = z.object({
  slot_id: z.number(),
  kind: z.enum(['outpatient', 'telemedicine', 'service']),
  doctor_id: z.number().nullable(),
  service_id: z.number().nullable(),
  working_day: z.string(),
});

/** The page of the doctor or service the query names (where another slot is picked), or null when there is none. */
async function subjectPage(db: pg.PoolClient, req: HoldRequest): Promise<string | null> {
  const { rows } =
    req.kind === 'doctor'
      ? await db.query(`select d.slug, null as hospital_slug, c.locale from public.doctors d join public.countries c on c.id = d.country_id where d.id = $1`, [req.doctorId])
      : await db.query(
          `select sv.slug, h.slug as hospital_slug, c.locale from public.hospital_services sv join public.hospitals h on h.id = sv.hospital_id
             join public.countries c on c.id = h.country_id where sv.id = $1`,
          [req.serviceId],
        );
  const r = rows[0];
  if (!r) return null;
  return localePath(r.locale as Locale, req.kind === 'doctor' ? doctorPath(r.slug) : servicePath(r.hospital_slug, r.slug));
}

/** The slot named by the query, checked against the doctor or service, kind and day it claims. */
async function checkSlot(db: pg.PoolClient, req: HoldRequest, pickAnother: string | null): Promise<string> {
  const { rows } = await db.query(
    `select ts.id as slot_id, sc.kind, sc.doctor_id, sc.service_id, sc.working_day::text as working_day,
            (select h.time_zone from public.hospitals h where h.id = sc.hospital_id) as time_zone
       from public.time_slots ts join public.schedules sc on sc.id = ts.schedule_id where ts.id = $1 and ts.withdrawn_at is null`,
    [req.scheduleId],
  );
  // A slot the doctor's hours withdrew is gone for a new booking, like a deleted one.
  if (!rows[0]) throw bookingError(404, 'slot-gone', 'This time slot no longer exists. Please pick another slot.', { pickAnother });
  const s = SlotRow.parse(rows[0]);
  const matches =
    req.kind === 'doctor'
      ? s.doctor_id === req.doctorId && s.kind === (req.telemedicine ? 'telemedicine' : 'outpatient')
      : s.service_id === req.serviceId && s.kind === 'service';
  if (!matches || s.working_day !== req.date) {
    throw bookingError(422, 'slot-mismatch', 'This booking link does not match an appointment slot. Please pick the slot again.', { pickAnother });
  }
  return String(rows[0].time_zone);
}

/**
 * Maps the SQL errors of book_slot / confirm_hold to answers the page can act on. `zone` is the hospital's time
 * zone, read before the statement (a failed statement ends the transaction's reads): the too-soon message gives
 * the earliest start on the hospital's clock, as the card does, not the buffer in minutes.
 */
function mapSqlError(err: unknown, pickAnother: string | null = null, zone: string | null = null): never {
  const e = err as { code?: string; message?: string };
  const msg = e?.message ?? '';
  if (e?.code === 'PT409' && /fully booked|not available/.test(msg)) throw bookingError(409, 'slot-full', 'This slot has just been taken. Please pick another slot.', { pickAnother });
  if (e?.code === 'PT409' && /expired/.test(msg)) throw bookingError(409, 'hold-expired', 'The hold on this slot has expired. Please pick the slot again.', { pickAnother });
  if (e?.code === 'PT422' && /greater than (\d+)/.test(msg)) {
    const buffer = Number(/greater than (\d+)/.exec(msg)![1]);
    const text = zone ? `The slot is not available. Please select the time greater than ${earliestStartTime({ zone, now: Date.now(), bufferMinutes: buffer })}.` : msg;
    throw bookingError(422, 'too-soon', text, { bufferTime: buffer, pickAnother });
  }
  if (e?.code === 'PT403') throw bookingError(403, 'not-onboarded', 'Please complete your profile before booking.');
  if (e?.code === 'PT422' && /family/.test(msg)) throw bookingError(422, 'family-unknown', 'Please choose who the appointment is for again.');
  throw err;
}

/** Holds the slot (or returns the booking this key already made). */
export async function holdSlot(db: pg.PoolClient, req: HoldRequest): Promise<number> {
  const pickAnother = await subjectPage(db, req);
  const zone = await checkSlot(db, req, pickAnother);
  try {
    const { rows } = await db.query(`select (public.book_slot($1, $2, null, null, null, $3)).id`, [req.scheduleId, req.idempotencyKey, configuredHoldMinutes()]);
    return rows[0].id as number;
  } catch (err) {
    mapSqlError(err, pickAnother, zone);
  }
}

// ---- what the page shows ------------------------------------------------------------------------------

export const BookingView = z.object({
  id: z.number(),
  code: z.string(),
  status: z.enum(['hold', 'awaiting-payment', 'pending', 'confirmed', 'completed', 'cancelled', 'expired']),
  kind: z.enum(['doctor', 'service']),
  appointmentType: z.enum(['outpatient', 'telemedicine', 'service']),
  holdExpiresAt: z.string().nullable(),
  serverNow: z.string(),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  startsAt: z.string(),
  timeZone: z.string(),
  /** What patients read for the zone (issue #38 item 24): the hospital's city, never an id like 'Asia/Ho_Chi_Minh'. */
  timeZoneCity: z.string(),
  marketLocale: z.enum(LOCALES),
  currency: z.string(),
  doctor: z.object({ id: z.number(), name: z.string(), avatar: z.string().nullable(), specialties: z.array(z.string()), babyFormulaCampaign: z.boolean() }).nullable(),
  service: z.object({ id: z.number(), name: z.string(), logo: z.string().nullable() }).nullable(),
  hospital: z.object({ id: z.number(), name: z.string(), address: z.string() }),
  /** Who the appointment is for: null = the patient. */
  familyMemberId: z.number().nullable(),
  contactPhone: z.string().nullable(),
  note: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  voucherId: z.number().nullable(),
  paymentOptions: z.array(z.string()),
  vouchers: z.array(z.object({ id: z.number(), code: z.string(), name: z.string(), sponsor: z.string().nullable(), communicationType: z.string(), discountAmount: z.number().nullable(), discountPercentage: z.number().nullable() })),
  /** The quote without a voucher, and the amounts the booking was confirmed with. */
  quote: z.object({
    visible: z.boolean(),
    priceType: z.enum(['fixed', 'starting', 'range']),
    promotionPercent: z.number(),
    original_price: z.number(),
    promoted_price: z.number(),
    promoted_price_to: z.number().nullable(),
    voucher_discount_value: z.number(),
    referral_discount_value: z.number(),
    tax_amount: z.number(),
    tax_unit: z.literal('%'),
    tax_computed: z.number(),
    final_price: z.number(),
  }),
  checkoutUrl: z.string().nullable(),
  /** A confirmed telemedicine visit's video room, for its patient (public.booking_video_room). */
  videoUrl: z.string().nullable(),
  /** The booking's online payment attempts, oldest first: what the patient reads of the money (src/lib/payment-state). */
  payments: z.array(z.object({ status: z.enum(PAYMENT_STATUSES), amount: z.number(), currency: z.string(), checkoutUrl: z.string().nullable(), expiresAt: z.string(), refundAmount: z.number().nullable().optional() })),
  /** Until when it can be cancelled or moved online (public.booking_cancel_deadline), and the window in minutes (issue 36). */
  cancelUntil: z.string(),
  cancelWindowMinutes: z.number(),
  /** The slot is already inside the cancellation window: once confirmed it cannot be cancelled or moved online. */
  insideCancelWindow: z.boolean(),
  /** What the quote is computed from (src/lib/booking quote), so the page re-quotes a chosen voucher the same way. */
  priceInput: z.object({
    price: z.number(),
    priceTo: z.number().nullable(),
    priceType: z.string(),
    promotionPercent: z.number().nullable(),
    originalPrice: z.number().nullable(),
    partnerGroup: z.boolean(),
    priceOverride: z.boolean(),
  }),
  /** The doctor's or service's page, where another day or slot is picked. */
  pagePath: z.string(),
});
export type BookingView = z.infer<typeof BookingView>;

interface Subject {
  row: Record<string, any>;
  options: PaymentMethod[];
  vouchers: BookingVoucher[];
  quoteInput: Omit<Parameters<typeof quote>[0], 'voucher'>;
  locale: Locale;
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

async function loadSubject(db: pg.PoolClient, bookingId: number): Promise<Subject> {
  const { rows } = await db.query(
    `select b.id, b.status, b.booking_type, b.appointment_type, b.hold_expires_at, b.starts_at, b.family_member_id, b.contact_phone, b.note,
            b.payment_method, b.voucher_id, b.currency, b.created_at, b.original_price, b.final_price, b.voucher_discount_value,
            b.referral_discount_value, b.tax_amount, b.tax_computed, now() as server_now,
            to_char(ts.started, 'HH24:MI') as started, to_char(ts.ended, 'HH24:MI') as ended, sc.working_day::text as working_day,
            h.id as hospital_id, h.name as hospital_name, h.address, h.time_zone, h.city, c.locale as market_locale,
            d.id as doctor_id, d.name as doctor_name, d.avatar as doctor_avatar, d.price as d_price, d.price_to as d_price_to,
            d.price_type as d_price_type, d.promotion_percent as d_promo, d.partner_group, d.price_override, d.telemedicine_fee,
            d.baby_formula_campaign, d.slug as doctor_slug, sv.slug as service_slug, h.slug as hospital_slug,
            (select coalesce(json_agg(sp.name order by sp.name), '[]'::json) from public.doctor_specialties ds
               join public.specialties sp on sp.id = ds.specialty_id where ds.doctor_id = d.id) as specialties,
            sv.id as service_id, sv.name as service_name, sv.logo as service_logo, sv.price as s_price, sv.price_to as s_price_to,
            sv.price_type as s_price_type, sv.original_price as s_original, sv.promotion_percent as s_promo, sv.is_package,
            sv.online_payment, sv.requires_reservation,
            (select p.checkout_url from public.payments p where p.booking_id = b.id and p.status = 'created' limit 1) as checkout_url,
            (select coalesce(json_agg(json_build_object('status', pm.status, 'amount', pm.amount, 'currency', pm.currency, 'checkoutUrl', pm.checkout_url,
                     'expiresAt', pm.expires_at, 'refundAmount', pm.refund_amount) order by pm.id), '[]'::json)
               from public.payments pm where pm.booking_id = b.id) as payments,
            public.booking_cancel_deadline(b) as cancel_until, public.booking_video_room(b.id) as video_url,
            coalesce((
              select json_agg(json_build_object('id', v.id, 'code', v.code, 'name', v.name, 'sponsor', v.sponsor,
                       'communicationType', v.communication_type, 'discountAmount', v.discount_amount,
                       'discountPercentage', v.discount_percentage) order by v.code)
                from public.vouchers v
               where v.is_active and (v.starts_at is null or v.starts_at <= now()) and (v.ends_at is null or v.ends_at > now())
                 and exists (select 1 from public.voucher_targets vt where vt.voucher_id = v.id
                               and (vt.doctor_id = b.doctor_id or vt.service_id = b.service_id or vt.hospital_id = b.hospital_id))
            ), '[]'::json) as vouchers
       from public.bookings b
       join public.time_slots ts on ts.id = b.slot_id
       join public.schedules sc on sc.id = ts.schedule_id
       join public.hospitals h on h.id = b.hospital_id
       join public.countries c on c.id = h.country_id
       left join public.doctors d on d.id = b.doctor_id
       left join public.hospital_services sv on sv.id = b.service_id
      where b.id = $1`,
    [bookingId],
  );
  const row = rows[0];
  if (!row) throw bookingError(404, 'not-found', 'This booking was not found.');
  const locale = row.market_locale as Locale;
  const tele = row.appointment_type === 'telemedicine';
  const options =
    row.booking_type === 'doctor'
      ? paymentOptions({ kind: 'doctor', telemedicine: tele, locale })
      : paymentOptions({ kind: 'service', package: row.is_package, locale, onlinePaymentEnabled: row.online_payment, reservation: row.requires_reservation });
  const quoteInput =
    row.booking_type === 'doctor'
      ? {
          price: tele ? (num(row.telemedicine_fee) ?? Number(row.d_price)) : Number(row.d_price),
          priceTo: tele ? null : num(row.d_price_to),
          priceType: tele ? 'fixed' : row.d_price_type,
          promotionPercent: num(row.d_promo),
          partnerGroup: row.partner_group,
          priceOverride: row.price_override,
        }
      : {
          price: Number(row.s_price),
          priceTo: num(row.s_price_to),
          priceType: row.s_price_type,
          promotionPercent: num(row.s_promo),
          originalPrice: num(row.s_original),
          partnerGroup: false,
          priceOverride: false,
        };
  const vouchers = (row.vouchers as BookingVoucher[]).map((v) => ({ ...v, discountAmount: num(v.discountAmount), discountPercentage: num(v.discountPercentage) }));
  return { row, options, vouchers, quoteInput, locale };
}

function viewOf(s: Subject): BookingView {
  const r = s.row;
  const awaiting = r.status === 'hold' && r.checkout_url;
  return {
    id: r.id,
    code: bookingCode(r.id),
    status: awaiting ? 'awaiting-payment' : r.status,
    kind: r.booking_type,
    appointmentType: r.appointment_type,
    holdExpiresAt: r.hold_expires_at ? new Date(r.hold_expires_at).toISOString() : null,
    serverNow: new Date(r.server_now).toISOString(),
    date: r.working_day,
    start: normalizeTime(r.started),
    end: normalizeEndTime(r.ended),
    startsAt: new Date(r.starts_at).toISOString(),
    timeZone: r.time_zone,
    timeZoneCity: zoneCityName(r.time_zone, r.city),
    marketLocale: s.locale,
    currency: String(r.currency ?? LOCALE_CONFIG[s.locale].currency).trim(),
    doctor: r.doctor_id ? { id: r.doctor_id, name: r.doctor_name, avatar: r.doctor_avatar, specialties: r.specialties, babyFormulaCampaign: r.baby_formula_campaign } : null,
    service: r.service_id ? { id: r.service_id, name: r.service_name, logo: r.service_logo } : null,
    hospital: { id: r.hospital_id, name: r.hospital_name, address: r.address },
    familyMemberId: r.family_member_id,
    contactPhone: r.contact_phone,
    note: r.note,
    paymentMethod: r.payment_method,
    voucherId: r.voucher_id,
    paymentOptions: s.options,
    vouchers: s.vouchers,
    quote: r.status === 'confirmed' || r.status === 'completed' || awaiting ? storedQuote(s) : quote({ ...s.quoteInput, voucher: null }),
    checkoutUrl: r.checkout_url ?? null,
    videoUrl: r.video_url ?? null,
    payments: paymentRecords(r.payments),
    cancelUntil: new Date(r.cancel_until).toISOString(),
    cancelWindowMinutes: Math.round((new Date(r.starts_at).getTime() - new Date(r.cancel_until).getTime()) / 60_000),
    insideCancelWindow: new Date(r.server_now).getTime() > new Date(r.cancel_until).getTime(),
    priceInput: { originalPrice: null, ...s.quoteInput, priceType: String(s.quoteInput.priceType), priceTo: s.quoteInput.priceTo ?? null, promotionPercent: s.quoteInput.promotionPercent ?? null },
    pagePath: localePath(s.locale, r.doctor_id ? doctorPath(r.doctor_slug) : servicePath(r.hospital_slug, r.service_slug)),
  };
}

/** The amounts a confirmed booking keeps (what the patient agreed to), in the quote's shape. */
function storedQuote(s: Subject): Quote {
  const q = quote({ ...s.quoteInput, voucher: null });
  const r = s.row;
  return {
    ...q,
    original_price: Number(r.original_price ?? q.original_price),
    voucher_discount_value: Number(r.voucher_discount_value ?? 0),
    referral_discount_value: Number(r.referral_discount_value ?? 0),
    tax_amount: Number(r.tax_amount ?? 0),
    tax_computed: Number(r.tax_computed ?? 0),
    final_price: Number(r.final_price ?? q.final_price),
  };
}

export async function bookingView(db: pg.PoolClient, bookingId: number): Promise<BookingView> {
  return viewOf(await loadSubject(db, bookingId));
}

// ---- confirm ------------------------------------------------------------------------------------------

export const ConfirmRequest = z.object({
  familyMemberId: z.number().int().positive().nullable(),
  contactPhone: z.string().trim().regex(/^\+?[0-9 ()-]{6,20}$/, 'Invalid format'),
  note: z.string().trim().max(500, '*500 characters limit').default(''),
  paymentMethod: z.enum(['bank-app', 'wallet', 'wallet-bank-card', 'wallet-credit-card', 'local', 'cash-on-delivery']),
  voucherId: z.number().int().positive().nullable().default(null),
});
export type ConfirmRequest = z.infer<typeof ConfirmRequest>;

export interface ConfirmChecks {
  /** The baby-formula check of a campaign doctor's telemedicine booking: throws with the message when not eligible. */
  campaign(doctorId: number): Promise<void>;
}

export interface Confirmed {
  view: BookingView;
  awaitingPayment: boolean;
  pricing: Quote;
  /** True when this call only repeated an earlier confirmation. */
  repeated: boolean;
}

/** Re-checks every rule and confirms (cash on delivery) or marks the hold as awaiting an online payment. */
export async function confirmHold(db: pg.PoolClient, bookingId: number, req: ConfirmRequest, checks: ConfirmChecks): Promise<Confirmed> {
  const s = await loadSubject(db, bookingId);
  const r = s.row;
  // The same confirmation again (double click, retry): the same booking, nothing re-checked or re-sent.
  if (r.status === 'confirmed' || (r.status === 'hold' && r.checkout_url)) return { view: viewOf(s), awaitingPayment: r.status !== 'confirmed', pricing: storedQuote(s), repeated: true };
  if (r.status !== 'hold' || new Date(r.hold_expires_at).getTime() <= new Date(r.server_now).getTime()) {
    throw bookingError(409, 'hold-expired', 'The hold on this slot has expired. Please pick the slot again.');
  }
  if (!s.options.includes(req.paymentMethod)) {
    throw bookingError(422, 'payment-not-allowed', 'This payment option is not available for this appointment.');
  }
  let voucher: BookingVoucher | null = null;
  if (req.voucherId !== null) {
    voucher = s.vouchers.find((v) => v.id === req.voucherId) ?? null;
    if (!voucher || !voucherAllowed(voucher, s.options, req.paymentMethod)) {
      throw bookingError(422, 'voucher-not-allowed', 'This voucher cannot be used for this appointment or payment option.');
    }
  }
  if (r.booking_type === 'doctor' && r.appointment_type === 'telemedicine' && r.baby_formula_campaign) await checks.campaign(r.doctor_id);
  const pricing = quote({ ...s.quoteInput, voucher });
  const awaitingPayment = req.paymentMethod !== CASH_ON_DELIVERY && pricing.final_price > 0;
  try {
    await db.query(`select private.confirm_hold($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9)`, [
      bookingId,
      req.familyMemberId,
      req.contactPhone,
      req.note || null,
      req.paymentMethod,
      voucher?.id ?? null,
      JSON.stringify(pricing),
      awaitingPayment,
      configuredPaymentMinutes(),
    ]);
  } catch (err) {
    mapSqlError(err, null, r.time_zone);
  }
  return { view: viewOf(await loadSubject(db, bookingId)), awaitingPayment, pricing, repeated: false };
}


/** Ends the caller's own hold (the patient left the page); false when there was none to end. */
export async function releaseHold(db: pg.PoolClient, bookingId: number): Promise<boolean> {
  const { rows } = await db.query(`select public.release_hold($1) as released`, [bookingId]);
  return rows[0].released === true;
}

