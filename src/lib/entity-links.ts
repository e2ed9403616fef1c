/**
 * Where a link to a doctor or a hospital goes (SPEC §2): the one rule for every card and page.
 *
 * - Every locale but zh-TW: the internal page, `/{locale}/doctor/{slug}/` or `/{locale}/hospital/{slug}/`.
 * - zh-TW (`features.externalLinks` in i18n/locales.ts): the hospital's external website or a booking URL, opened
 *   in a new tab (`target="_blank" rel="noopener"`):
 *   - a doctor: the doctor's booking URL, else its hospital's website, else its hospital's booking URL;
 *   - a hospital: its website, else its booking URL.
 *   With none of them (or only non-http(s) values) the internal page is used, as elsewhere.
 *
 * Usage (Astro): `<a {...linkAttributes(hospitalEntityLink(locale, h))}>{h.name}</a>`;
 * In an island: `const l = doctorEntityLink(locale, d); <a href={l.href} target={l.target} rel={l.rel}>`.
 */
import { LOCALE_CONFIG, localePath, type Locale } from '../../i18n/locales';
import { doctorPath, hospitalPath } from './directory-routes';

export interface EntityLink {
  href: string;
  /** Opens the hospital's own site in a new tab. */
  external: boolean;
}

/** Attributes of an `<a>`: target and rel only on external links. */
export interface LinkAttributes {
  href: string;
  target?: '_blank';
  rel?: 'noopener';
}

export interface HospitalLinkInput {
  slug: string;
  websiteUrl?: string | null;
  bookingUrl?: string | null;
}

export interface DoctorLinkInput {
  slug: string;
  bookingUrl?: string | null;
  /** The doctor's hospital (branch): its website and booking URL are the fallbacks in zh-TW. */
  hospital?: { websiteUrl?: string | null; bookingUrl?: string | null } | null;
}

/** An absolute http(s) URL, trimmed; anything else (empty, relative, javascript:, mailto:) is not a target. */
export function externalUrl(url: string | null | undefined): string | null {
  const u = url?.trim();
  return u && /^https?:\/\/[^\s/]+/i.test(u) ? u : null;
}

export function usesExternalLinks(locale: Locale): boolean {
  return LOCALE_CONFIG[locale].features.externalLinks;
}

/** A link to a hospital, given the internal page path (already inside the locale prefix). */
export function hospitalLink(locale: Locale, internalPath: string, h: { websiteUrl?: string | null; bookingUrl?: string | null }): EntityLink {
  if (!usesExternalLinks(locale)) return { href: internalPath, external: false };
  const url = externalUrl(h.websiteUrl) ?? externalUrl(h.bookingUrl);
  return url ? { href: url, external: true } : { href: internalPath, external: false };
}

/** A link to a doctor, given the internal page path (already inside the locale prefix). */
export function doctorLink(locale: Locale, internalPath: string, d: { bookingUrl?: string | null; hospital?: { websiteUrl?: string | null; bookingUrl?: string | null } | null }): EntityLink {
  if (!usesExternalLinks(locale)) return { href: internalPath, external: false };
  const url = externalUrl(d.bookingUrl) ?? externalUrl(d.hospital?.websiteUrl) ?? externalUrl(d.hospital?.bookingUrl);
  return url ? { href: url, external: true } : { href: internalPath, external: false };
}

/** The link of a hospital card or name: `/{locale}/hospital/{slug}/`, or its external site in zh-TW. */
export function hospitalEntityLink(locale: Locale, h: HospitalLinkInput): EntityLink {
  return hospitalLink(locale, localePath(locale, hospitalPath(h.slug)), h);
}

/** The link of a doctor card or name: `/{locale}/doctor/{slug}/`, or the booking / hospital site in zh-TW. */
export function doctorEntityLink(locale: Locale, d: DoctorLinkInput): EntityLink {
  return doctorLink(locale, localePath(locale, doctorPath(d.slug)), d);
}

/** `href`, plus `target="_blank" rel="noopener"` for external links. */
export function linkAttributes(link: EntityLink): LinkAttributes {
  return link.external ? { href: link.href, target: '_blank', rel: 'noopener' } : { href: link.href };
}
