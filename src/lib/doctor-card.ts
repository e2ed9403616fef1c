/** Doctor card rules (SPEC §3, §4): availability tags, price visibility, provide-for labels and zh-TW links. */
import { message, type Message } from './message-key';
import { isPriceVisible } from './prices';

export const PROVIDE_CARE = ['adults', 'children', 'both'] as const;
export type ProvideCare = (typeof PROVIDE_CARE)[number];

export type AvailabilityTag = 'notAvailable' | 'booking' | 'telemedicine';

export const AVAILABILITY_TAG_LABELS: Record<AvailabilityTag, Message> = {
  notAvailable: message('directory.doctor.notAvailable'),
  booking: message('directory.doctor.booking'),
  telemedicine: message('directory.doctor.telemedicine'),
};

export interface DoctorAvailabilityInput {
  status?: string | number | null;
  validOutpatient?: boolean | null;
  validTelemedicine?: boolean | null;
}

export interface DoctorAvailability {
  available: boolean;
  tags: AvailabilityTag[];
  /** No appointment button on an unavailable doctor. */
  showAppointmentButton: boolean;
}

export function isInactive(status: string | number | null | undefined): boolean {
  return status === 'inactive' || status === 'INACTIVE' || status === 0;
}

export function doctorAvailability(d: DoctorAvailabilityInput): DoctorAvailability {
  const outpatient = !!d.validOutpatient;
  const tele = !!d.validTelemedicine;
  if (isInactive(d.status) || (!outpatient && !tele)) return { available: false, tags: ['notAvailable'], showAppointmentButton: false };
  const tags: AvailabilityTag[] = [];
  if (outpatient) tags.push('booking');
  if (tele) tags.push('telemedicine');
  return { available: true, tags, showAppointmentButton: true };
}

/** Card price: hidden for partner-group doctors and zero prices unless the override flag is set. */
export function doctorPriceVisible(d: { price?: number | null; partnerGroup?: boolean; showPriceOverride?: boolean }): boolean {
  return isPriceVisible(d);
}

export function isProvideCare(value: unknown): value is ProvideCare {
  return typeof value === 'string' && (PROVIDE_CARE as readonly string[]).includes(value);
}

/** Labels for 'Provide for': Adults, Children, or both of them. Unknown values show nothing. */
export function provideCareLabels(value: unknown): Message[] {
  if (!isProvideCare(value)) return [];
  const adults = message('directory.provideCare.adults');
  const children = message('directory.provideCare.children');
  return value === 'adults' ? [adults] : value === 'children' ? [children] : [adults, children];
}

/** The zh-TW link rule lives in entity-links.ts; re-exported for the card modules that import it from here. */
export { doctorLink, hospitalLink, type EntityLink } from './entity-links';
