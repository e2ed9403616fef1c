/**
 * Booking routes of SPEC §2, exactly: /booking/doctor/?doctorId=&date=&scheduleId=&telemedicine= and
 * /booking/service/?serviceId=&date=&scheduleId=, under the locale prefix; plus the care onboarding route.
 */
import { localePath, type Locale } from '../../i18n/locales';
import { isIsoDate } from './hospital-time';

// Checked by hand rather than with zod: islands import this module and must stay small.
export interface DoctorBooking {
  doctorId: number;
  date: string;
  scheduleId: number;
  telemedicine: boolean;
}

export interface ServiceBooking {
  serviceId: number;
  date: string;
  scheduleId: number;
}

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

function checked<T>(ok: boolean, value: T, what: string): T {
  if (!ok) throw new RangeError(`Invalid ${what} booking: ${JSON.stringify(value)}`);
  return value;
}

export const DOCTOR_BOOKING_PATH = '/booking/doctor/';
export const SERVICE_BOOKING_PATH = '/booking/service/';
/** The care onboarding (e-mail and phone verification); the spec does not name its path. */
export const ONBOARDING_PATH = '/onboarding/';
export const RETURN_URL_PARAM = 'returnUrl';
/** A rebooking link's token (issue 35, "doctor unavailable"): 24 random bytes in base64url, the link's only parameter. */
export const OFFER_PARAM = 'offer';
export const REBOOKING_TOKEN = /^[A-Za-z0-9_-]{32}$/;

/** The rebooking token of the booking page's query, or null. */
export function parseOfferQuery(search: string | URLSearchParams): string | null {
  const v = new URLSearchParams(search).get(OFFER_PARAM);
  return v && REBOOKING_TOKEN.test(v) ? v : null;
}

/** The telemedicine flag is written 'true' or 'false'; parsing also accepts '1' and '0'. */
export function doctorBookingPath(locale: Locale, booking: DoctorBooking): string {
  const b = checked(isId(booking.doctorId) && isIsoDate(booking.date) && isId(booking.scheduleId) && typeof booking.telemedicine === 'boolean', booking, 'doctor');
  return `${localePath(locale, DOCTOR_BOOKING_PATH)}?doctorId=${b.doctorId}&date=${b.date}&scheduleId=${b.scheduleId}&telemedicine=${b.telemedicine}`;
}

export function serviceBookingPath(locale: Locale, booking: ServiceBooking): string {
  const b = checked(isId(booking.serviceId) && isIsoDate(booking.date) && isId(booking.scheduleId), booking, 'service');
  return `${localePath(locale, SERVICE_BOOKING_PATH)}?serviceId=${b.serviceId}&date=${b.date}&scheduleId=${b.scheduleId}`;
}

/** A query id: digits only, positive. */
function queryId(v: string | null): number | null {
  if (v === null || !/^\d{1,15}$/.test(v.trim())) return null;
  const n = Number(v);
  return n > 0 ? n : null;
}

const FLAGS: Record<string, boolean> = { true: true, false: false, '1': true, '0': false };

/** Reads the booking page's query back (for the booking pages of a later issue); null when malformed. */
export function parseDoctorBookingQuery(search: string | URLSearchParams): DoctorBooking | null {
  const q = new URLSearchParams(search);
  const doctorId = queryId(q.get('doctorId'));
  const scheduleId = queryId(q.get('scheduleId'));
  const date = q.get('date') ?? '';
  const flag = q.get('telemedicine') ?? '';
  const telemedicine = Object.hasOwn(FLAGS, flag) ? FLAGS[flag] : undefined;
  return doctorId && scheduleId && isIsoDate(date) && telemedicine !== undefined ? { doctorId, date, scheduleId, telemedicine } : null;
}

export function parseServiceBookingQuery(search: string | URLSearchParams): ServiceBooking | null {
  const q = new URLSearchParams(search);
  const serviceId = queryId(q.get('serviceId'));
  const scheduleId = queryId(q.get('scheduleId'));
  const date = q.get('date') ?? '';
  return serviceId && scheduleId && isIsoDate(date) ? { serviceId, date, scheduleId } : null;
}

/**
 * A return URL must be a path on this site: '/…' but not '//…' or '/\…' (protocol-relative URLs would send the
 * patient to another host after verification). Anything else is refused.
 */
export function isSafeReturnUrl(url: string): boolean {
  return /^\/(?![/\\])/.test(url) && !/[\u0000-\u001f]/.test(url);
}

/** onboarding's ?step=phone: an onboarded patient confirms another mobile number (issue 38 item 22). */
export const CHANGE_PHONE_STEP = 'phone';

/** The onboarding route with the page to come back to; an unsafe return URL falls back to the locale's home. */
export function onboardingPath(locale: Locale, returnUrl: string): string {
  const back = isSafeReturnUrl(returnUrl) ? returnUrl : localePath(locale, '/');
  return `${localePath(locale, ONBOARDING_PATH)}?${RETURN_URL_PARAM}=${encodeURIComponent(back)}`;
}

/** Onboarding's phone step for a patient told to try another number, back to the page afterwards. */
export function changePhonePath(locale: Locale, returnUrl: string): string {
  return `${onboardingPath(locale, returnUrl)}&step=${CHANGE_PHONE_STEP}`;
}

/**
 * The patient's choice carried back to the doctor's or service's page (issue 38 items 22, 23): the loser of a slot
 * race comes back on the date it chose, and a visitor who signs in on a campaign doctor comes back with the slot
 * still chosen. `slot` is the time slot id (the booking query's scheduleId); null when only the date is kept.
 */
export interface ChosenSlot {
  date: string;
  telemedicine: boolean;
  slot: number | null;
}

export function withChosenSlot(path: string, chosen: ChosenSlot): string {
  const [base, hash = ''] = path.split('#');
  const [pathname, search = ''] = base.split('?');
  const q = new URLSearchParams(search);
  for (const k of ['date', 'telemedicine', 'slot']) q.delete(k);
  if (!isIsoDate(chosen.date)) return path;
  q.set('date', chosen.date);
  if (chosen.telemedicine) q.set('telemedicine', 'true');
  if (isId(chosen.slot)) q.set('slot', String(chosen.slot));
  return `${pathname}?${q}${hash ? `#${hash}` : ''}`;
}

export function readChosenSlot(search: string | URLSearchParams): ChosenSlot | null {
  const q = new URLSearchParams(search);
  const date = q.get('date') ?? '';
  if (!isIsoDate(date)) return null;
  return { date, telemedicine: FLAGS[q.get('telemedicine') ?? ''] === true, slot: queryId(q.get('slot')) };
}

/** The booking query's choice (a booking page link), to carry back to the subject's page. */
export function chosenSlotOfBookingPath(bookingPath: string): ChosenSlot | null {
  const search = bookingPath.split('?')[1] ?? '';
  const q = parseDoctorBookingQuery(search) ?? parseServiceBookingQuery(search);
  return q ? { date: q.date, telemedicine: 'telemedicine' in q ? q.telemedicine : false, slot: q.scheduleId } : null;
}
