/**
 * The cancellation rule as the patient reads it (issue 36 item 5): until when an appointment can be cancelled or
 * moved online, in hospital time. One wording, used before confirming (the booking page: a slot already inside
 * the window says so plainly) and after (my appointments). The deadline itself is the database's
 * (public.booking_cancel_deadline: the start minus the doctor's or service's window, 240 minutes by default);
 * this module only words it. Pure: the caller passes `now` and the hospital-time formatter.
 */
import type { MessageKey } from '../../i18n/strings';

export interface CancellationWording {
  /** Whether cancelling or moving online is still possible at `now`. */
  open: boolean;
  key: MessageKey;
  params: { time: string };
}

/**
 * `phase` 'before': the booking page, before Confirm; 'after': a booked appointment.
 * `formatInstant` writes an instant in the hospital's zone (day, month, hour and minute).
 */
export function cancellationWording(cancelUntil: string, now: number, phase: 'before' | 'after', formatInstant: (iso: string) => string): CancellationWording {
  const open = now <= Date.parse(cancelUntil);
  const time = formatInstant(cancelUntil);
  const key: MessageKey =
    phase === 'before'
      ? open ? 'booking.cancelRule.until' : 'booking.cancelRule.inside'
      : open ? 'account.bookings.changeUntil' : 'account.bookings.windowPassed';
  return { open, key, params: { time } };
}

/** The formatter of an instant in a hospital's zone, as the wording shows it (24-hour clock). */
export function hospitalInstantFormat(lang: string, timeZone: string): (iso: string) => string {
  const f = new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone });
  return (iso) => f.format(new Date(iso));
}
