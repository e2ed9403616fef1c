/**
 * The booking page's calls (issue #26): hold the slot when the page opens, read the booking, confirm it with
 * every rule re-checked (cash on delivery confirms; an online option creates a payment on the provider's hosted
 * page and the webhook confirms), release the hold when the patient leaves, and the Google calendar client URL
 * of SPEC §7. Personal answers: no-store (the wrapper), nothing personal in a URL.
 */
import { z } from 'zod';
import { defineEndpoint, serve } from '../src/server/endpoint';
import { ApiError } from '../src/lib/errors';
import { LOCALES, LOCALE_CONFIG, localePath } from '../i18n/locales';
import { campaignAnswer, campaignEligibilitySchema } from '../src/lib/campaign';
import { googleCalendarEventUrl } from '../src/lib/calendar-event';
import { BookingView, ConfirmRequest, HoldRequest, bookingError, bookingView, confirmHold, holdSlot, releaseHold } from '../src/server/booking-flow';
import { calendarEventOf, confirmationFacts, enqueueConfirmation } from '../src/server/booking-mail';
import { paymentProviderFromEnv } from '../src/server/payment-provider';
import { asServerRole } from '../src/server/server-role';
import { ensureVideoRoom } from '../src/server/video-rooms';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const siteOrigin = (req: Request) => process.env.URL ?? new URL(req.url).origin;

export const createHold = defineEndpoint({
  method: 'POST',
  path: '/api/bookings/holds',
  summary: 'Hold the slot of the booking page for the signed-in patient (idempotent per key: the same key answers the same booking)',
  tags: ['booking'],
  auth: 'patient',
  body: { json: HoldRequest },
  response: BookingView,
  rateLimit: { bucket: 'booking_create', key: 'user' },
  async handler({ db, body }) {
    const id = await holdSlot(db, body);
    return bookingView(db, id);
  },
});

export const getBooking = defineEndpoint({
  method: 'GET',
  path: '/api/bookings/:id',
  summary: "One of the caller's bookings, as the booking page and the confirmed screen show it",
  tags: ['booking'],
  auth: 'patient',
  params: idParams,
  response: BookingView,
  async handler({ db, params }) {
    return bookingView(db, params.id);
  },
});

export const confirmBooking = defineEndpoint({
  method: 'POST',
  path: '/api/bookings/:id/confirm',
  summary: 'Confirm the held booking: 409 when the hold is gone, 422 for a broken rule, the same booking when repeated',
  tags: ['booking'],
  auth: 'patient',
  params: idParams,
  body: { json: ConfirmRequest },
  response: BookingView,
  async handler({ db, params, body, request, messages }) {
    const result = await confirmHold(db, params.id, body, {
      async campaign(doctorId) {
        const { rows } = await db.query(`select d.country_id, public.baby_formula_eligibility(d.id) as result from public.doctors d where d.id = $1`, [doctorId]);
        const eligibility = campaignEligibilitySchema.parse(rows[0].result);
        if (eligibility.valid) return;
        const market = marketOfCountry(rows[0].country_id);
        // The validation call's words (campaignAnswer), so the refusal says what the popup said.
        throw bookingError(422, 'campaign', campaignAnswer(eligibility, { locale: market, market }).message);
      },
    });
    if (result.repeated) return result.view;
    if (!result.awaitingPayment) {
      // A telemedicine visit gets its room now, so the confirmation mail carries the link.
      await ensureVideoRoom(db, params.id);
      await enqueueConfirmation(db, params.id);
      messages.push('Booking confirmed');
      return bookingView(db, params.id);
    }
    // An online option: a payment on the provider's hosted page; its webhook confirms the booking.
    const origin = siteOrigin(request);
    const provider = paymentProviderFromEnv(origin);
    if (!provider) throw new ApiError(422, 'Online payment is not available at the moment. Please choose another payment option.', { data: { reason: 'payment-not-allowed' } });
    const view = result.view;
    const expiresAt = new Date(view.holdExpiresAt!);
    const reference = `bk${view.id}-${crypto.randomUUID().slice(0, 8)}`;
    const created = await provider.createPayment({
      reference,
      amount: result.pricing.final_price,
      currency: view.currency,
      method: body.paymentMethod,
      description: view.code,
      returnUrl: new URL(`${localePath(view.marketLocale, `/booking/${view.kind}/`)}?bookingId=${view.id}`, origin).href,
      webhookUrl: new URL(`/api/payments/webhook/${provider.name}`, origin).href,
      expiresAt,
    });
    await asServerRole(db, () =>
      db.query(
        `insert into public.payments (booking_id, provider, method, provider_ref, amount, currency, checkout_url, expires_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [view.id, provider.name, body.paymentMethod, created.providerRef, result.pricing.final_price, view.currency, created.checkoutUrl, expiresAt.toISOString()],
      ),
    );
    return bookingView(db, view.id);
  },
});

/** The market of a doctor, for the campaign message's language and hotline. */
function marketOfCountry(countryId: number) {
  return LOCALES.find((l) => LOCALE_CONFIG[l].countryId === countryId) ?? 'vi-VN';
}

export const releaseBooking = defineEndpoint({
  method: 'POST',
  path: '/api/bookings/:id/release',
  summary: "Release the caller's hold (the patient left the booking page); an online payment in progress keeps it",
  tags: ['booking'],
  auth: 'patient',
  params: idParams,
  response: z.object({ released: z.boolean() }),
  async handler({ db, params }) {
    return { released: await releaseHold(db, params.id) };
  },
});

/**
 * SPEC §7 Google calendar client URL: `_data.url`, opened in a new tab. It passes through the site's
 * `returnUri` (the calendar-callback page, which sets the "added" flag) and goes on to Google Calendar's event
 * page in the hospital's zone. The booking id is the caller's own (RLS); the address carries no patient data.
 */
export const googleCalendarUrl = defineEndpoint({
  method: 'GET',
  path: '/api/calendar/google-url',
  summary: 'Google calendar client URL of a booking (SPEC §7): bookingId, type, returnUri → url',
  tags: ['booking'],
  auth: 'patient',
  query: z.object({
    bookingId: z.coerce.number().int().positive(),
    type: z.enum(['doctor', 'service']),
    returnUri: z.string().max(500).refine((v) => /^\/(?![/\\])[A-Za-z0-9/_-]*calendar-callback\/?$/.test(v), 'Invalid format'),
  }),
  response: z.object({ url: z.string() }),
  async handler({ db, query }) {
    const view = await bookingView(db, query.bookingId);
    if (view.kind !== query.type) throw bookingError(404, 'not-found', 'This booking was not found.');
    if (view.status !== 'confirmed' && view.status !== 'completed') throw bookingError(409, 'hold-expired', 'Only a confirmed appointment can be added to a calendar.');
    const facts = await confirmationFacts(db, view.id);
    const google = googleCalendarEventUrl(calendarEventOf(facts, view.marketLocale, new Date()));
    const q = new URLSearchParams({ bookingId: String(view.id), next: google });
    return { url: `${query.returnUri}?${q}` };
  },
});

export default serve(createHold, getBooking, confirmBooking, releaseBooking, googleCalendarUrl);
export const config = { path: ['/api/bookings/holds', '/api/bookings/:id', '/api/bookings/:id/confirm', '/api/bookings/:id/release', '/api/calendar/google-url'] };
