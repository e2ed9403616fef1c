/**
 * Booking routes of SPEC §2, exactly: /booking/doctor/?doctorId=&date=&scheduleId=&telemedicine= and
 * /booking/service/?serviceId=&date=&scheduleId=, under the locale prefix; plus the care onboarding route.
 */
import { z } from 'zod';
import { localePath, type Locale } from '../../i18n/locales';
import { isIsoDate } from './hospital-time';

const id = z.number().int().positive();
const date = z.string().refine(isIsoDate, 'Expected yyyy-MM-dd');

export const doctorBookingSchema = z.object({ doctorId: id, date, scheduleId: id, telemedicine: z.boolean() });
export type DoctorBooking = z.infer<typeof doctorBookingSchema>;

export const serviceBookingSchema = z.object({ serviceId: id, date, scheduleId: id });
export type ServiceBooking = z.infer<typeof serviceBookingSchema>;

export const DOCTOR_BOOKING_PATH = '/booking/doctor/';
export const SERVICE_BOOKING_PATH = '/booking/service/';
/** The care onboarding (e-mail and phone verification); the spec does not name its path. */
export const ONBOARDING_PATH = '/onboarding/';
export const RETURN_URL_PARAM = 'returnUrl';

/** The telemedicine flag is written 'true' or 'false'; parsing also accepts '1' and '0'. */
export function doctorBookingPath(locale: Locale, booking: DoctorBooking): string {
  const b = doctorBookingSchema.parse(booking);
  return `${localePath(locale, DOCTOR_BOOKING_PATH)}?doctorId=${b.doctorId}&date=${b.date}&scheduleId=${b.scheduleId}&telemedicine=${b.telemedicine}`;
}

export function serviceBookingPath(locale: Locale, booking: ServiceBooking): string {
  const b = serviceBookingSchema.parse(booking);
  return `${localePath(locale, SERVICE_BOOKING_PATH)}?serviceId=${b.serviceId}&date=${b.date}&scheduleId=${b.scheduleId}`;
}

const queryId = z.coerce.number().pipe(id);
const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Reads the booking page's query back (for the booking pages of a later issue); null when malformed. */
export function parseDoctorBookingQuery(search: string | URLSearchParams): DoctorBooking | null {
  const q = new URLSearchParams(search);
  const r = z
    .object({ doctorId: queryId, date, scheduleId: queryId, telemedicine: flag })
    .safeParse({ doctorId: q.get('doctorId'), date: q.get('date'), scheduleId: q.get('scheduleId'), telemedicine: q.get('telemedicine') });
  return r.success ? r.data : null;
}

export function parseServiceBookingQuery(search: string | URLSearchParams): ServiceBooking | null {
  const q = new URLSearchParams(search);
  const r = z
    .object({ serviceId: queryId, date, scheduleId: queryId })
    .safeParse({ serviceId: q.get('serviceId'), date: q.get('date'), scheduleId: q.get('scheduleId') });
  return r.success ? r.data : null;
}

/**
 * A return URL must be a path on this site: '/…' but not '//…' or '/\…' (protocol-relative URLs would send the
 * patient to another host after verification). Anything else is refused.
 */
export function isSafeReturnUrl(url: string): boolean {
  return /^\/(?![/\\])/.test(url) && !/[\u0000-\u001f]/.test(url);
}

/** The onboarding route with the page to come back to; an unsafe return URL falls back to the locale's home. */
export function onboardingPath(locale: Locale, returnUrl: string): string {
  const back = isSafeReturnUrl(returnUrl) ? returnUrl : localePath(locale, '/');
  return `${localePath(locale, ONBOARDING_PATH)}?${RETURN_URL_PARAM}=${encodeURIComponent(back)}`;
}
