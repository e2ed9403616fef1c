/** Doctor card rules (SPEC §3, §4): availability tags, price visibility, provide-for labels and zh-TW links. */
import { LOCALE_CONFIG, type Locale } from '../../i18n/locales';
import { message, type Message } from './message';
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

export interface EntityLink {
  href: string;
  /** Opens the hospital's own site in a new tab. */
  external: boolean;
}

function nonEmpty(url: string | null | undefined): string | null {
  const u = url?.trim();
  return u ? u : null;
}

/**
 * zh-TW: a doctor link goes to the doctor's booking URL, else the hospital's website; a hospital link goes to
 * the hospital's website, else its booking URL. Elsewhere (or with neither URL) the internal page is used.
 */
export function doctorLink(locale: Locale, internalPath: string, d: { bookingUrl?: string | null; hospital?: { websiteUrl?: string | null } | null }): EntityLink {
  if (!LOCALE_CONFIG[locale].features.externalLinks) return { href: internalPath, external: false };
  const url = nonEmpty(d.bookingUrl) ?? nonEmpty(d.hospital?.websiteUrl);
  return url ? { href: url, external: true } : { href: internalPath, external: false };
}

export function hospitalLink(locale: Locale, internalPath: string, h: { websiteUrl?: string | null; bookingUrl?: string | null }): EntityLink {
  if (!LOCALE_CONFIG[locale].features.externalLinks) return { href: internalPath, external: false };
  const url = nonEmpty(h.websiteUrl) ?? nonEmpty(h.bookingUrl);
  return url ? { href: url, external: true } : { href: internalPath, external: false };
}
