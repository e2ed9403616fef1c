/**
 * The one-tap rebooking link of a "doctor unavailable" e-mail (issue 35): the booking page opened with `?offer=<token>`
 * asks this call, as the signed-in patient, to hold the offered slot (public.hold_rebooking_offer: the token must be
 * the caller's, unused and unexpired; the hold itself is book_slot's, with its rules and price). The page then
 * confirms through the normal confirm call, which uses the link up. Personal answer: no-store.
 */
import { UNAVAILABLE_MESSAGES, rebookingHoldBody } from '../src/lib/doctor-unavailable';
import { ApiError } from '../src/lib/errors';
import { BookingView, bookingError, bookingView } from '../src/server/booking-flow';
import { defineEndpoint, serve } from '../src/server/endpoint';

/** A refused link, with the reason the booking page words in the patient's language. */
const offerError = (status: 404 | 409, reason: 'offer-invalid' | 'offer-used' | 'offer-expired', message: string) => new ApiError(status, message, { data: { reason } });

export const holdRebookingOffer = defineEndpoint({
  method: 'POST',
  path: '/api/rebooking-offers/hold',
  summary: 'Hold the slot of a rebooking link for the signed-in patient it was sent to (single use, expiring); the same link again answers the same booking',
  tags: ['booking'],
  auth: 'patient',
  body: { json: rebookingHoldBody },
  response: BookingView,
  rateLimit: { bucket: 'booking_create', key: 'user' },
  async handler({ db, body }) {
    let id: number;
    try {
      const { rows } = await db.query('select (public.hold_rebooking_offer($1)).id::int as id', [body.token]);
      id = rows[0].id;
    } catch (err) {
      const e = err as { code?: string; message?: string };
      const msg = e.message ?? '';
      if (e.code === 'PT404') throw offerError(404, 'offer-invalid', UNAVAILABLE_MESSAGES.offerInvalid);
      if (e.code === 'PT409' && msg === UNAVAILABLE_MESSAGES.offerUsed) throw offerError(409, 'offer-used', UNAVAILABLE_MESSAGES.offerUsed);
      if (e.code === 'PT409' && msg === UNAVAILABLE_MESSAGES.offerExpired) throw offerError(409, 'offer-expired', UNAVAILABLE_MESSAGES.offerExpired);
      if (e.code === 'PT409') throw bookingError(409, 'slot-full', 'This slot has just been taken. Please pick another slot.');
      if (e.code === 'PT403') throw bookingError(403, 'not-onboarded', 'Please complete your profile before booking.');
      if (e.code === 'PT422' && /greater than (\d+)/.test(msg)) throw bookingError(422, 'too-soon', msg, { bufferTime: Number(/greater than (\d+)/.exec(msg)![1]) });
      throw err;
    }
    return bookingView(db, id);
  },
});

export default serve(holdRebookingOffer);
export const config = { path: ['/api/rebooking-offers/hold'] };
