/**
 * The home page of a locale (issue #7 item 6): which homepage content blocks show (active, inside their
 * starts_at / ends_at window at build time, in sort order, banners limited to the 5 banner slots of SPEC §9),
 * where each block and popular search key links (through directory-routes, only to pages that are built in the
 * locale: doctor and service pages exist only with the locale's listing flags), and the lite video embed.
 */
import { LOCALE_CONFIG, canonicalUrl, localePath, type Locale } from '../../i18n/locales';
import { doctorLink, hospitalLink, type EntityLink } from './doctor-card';
import { doctorPath, hospitalPath, searchPath, servicePath } from './directory-routes';
import { tabHref } from './hospital-page';

export const HOMEPAGE_BLOCK_KINDS = ['banner', 'promotion', 'top_hospital', 'top_service_category', 'top_service', 'top_doctor', 'presence', 'top_video'] as const;
export type HomepageBlockKind = (typeof HOMEPAGE_BLOCK_KINDS)[number];

/** SPEC §9: banner slots 5 (the admin's banner image picker has five). */
export const BANNER_SLOTS = 5;
/** How many blocks of a kind the page shows at most (the rest wait for a slot). */
export const BLOCK_LIMITS: Record<HomepageBlockKind, number> = {
  banner: BANNER_SLOTS,
  promotion: 6,
  top_hospital: 12,
  top_service_category: 12,
  top_service: 12,
  top_doctor: 12,
  presence: 12,
  top_video: 1,
};

export interface BlockSchedule {
  id: number;
  kind: HomepageBlockKind;
  sortOrder: number;
  isActive: boolean;
  startsAt: string | Date | null;
  endsAt: string | Date | null;
}

const time = (v: string | Date | null): number | null => (v == null ? null : new Date(v).getTime());

/** Shown when active and `now` is inside [starts_at, ends_at): an open end means no limit. */
export function isBlockLive(b: Pick<BlockSchedule, 'isActive' | 'startsAt' | 'endsAt'>, now: Date): boolean {
  if (!b.isActive) return false;
  const start = time(b.startsAt);
  const end = time(b.endsAt);
  const t = now.getTime();
  return (start == null || start <= t) && (end == null || t < end);
}

/** The live blocks of each kind, in sort order (then id), each kind cut to its limit. Kinds without blocks are absent. */
export function selectBlocks<T extends BlockSchedule>(blocks: readonly T[], now: Date, limits: Record<HomepageBlockKind, number> = BLOCK_LIMITS): Partial<Record<HomepageBlockKind, T[]>> {
  const out: Partial<Record<HomepageBlockKind, T[]>> = {};
  const live = blocks.filter((b) => HOMEPAGE_BLOCK_KINDS.includes(b.kind) && isBlockLive(b, now)).sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
  for (const b of live) {
    const list = (out[b.kind] ??= []);
    if (list.length < limits[b.kind]) list.push(b);
  }
  return out;
}

/**
 * A link stored in the database (block link_url, popular key url): an absolute http(s) URL is used as it is
 * (external); a path that already carries a locale prefix stays; any other path is inside the locale.
 * Anything else (javascript:, mailto:, empty) is no link.
 */
export function storedHref(locale: Locale, url: string | null | undefined): EntityLink | null {
  const u = url?.trim();
  if (!u) return null;
  if (/^https?:\/\//i.test(u)) return { href: u, external: true };
  if (!u.startsWith('/') || u.startsWith('//')) return null;
  const prefixed = Object.values(LOCALE_CONFIG).some((c) => u === `/${c.prefix}` || u.startsWith(`/${c.prefix}/`));
  return { href: prefixed ? u : localePath(locale, u), external: false };
}

/** A popular search key links to its own URL when it has one, otherwise to the directory search for the keyword. */
export function popularKeyHref(locale: Locale, key: { keyword: string; url?: string | null }): EntityLink {
  return storedHref(locale, key.url) ?? { href: localePath(locale, searchPath(key.keyword.trim())), external: false };
}

export interface HospitalRef { slug: string; websiteUrl?: string | null; bookingUrl?: string | null }

/** A hospital card: its page (zh-TW: the hospital's website or booking URL, SPEC §2). */
export function hospitalHref(locale: Locale, h: HospitalRef): EntityLink {
  return hospitalLink(locale, localePath(locale, hospitalPath(h.slug)), h);
}

/** A doctor: the doctor page where the locale has doctor pages, otherwise the doctor's hospital (zh-TW: external). */
export function doctorHref(locale: Locale, d: { slug: string; bookingUrl?: string | null }, hospital: HospitalRef): EntityLink {
  const internal = LOCALE_CONFIG[locale].features.doctorListings ? doctorPath(d.slug) : hospitalPath(hospital.slug);
  return doctorLink(locale, localePath(locale, internal), { bookingUrl: d.bookingUrl, hospital: { websiteUrl: hospital.websiteUrl ?? hospital.bookingUrl } });
}

/** A service: the service page (hospital path + service path) where the locale has service pages, otherwise the hospital. */
export function serviceHref(locale: Locale, s: { slug: string }, hospital: HospitalRef): EntityLink {
  if (!LOCALE_CONFIG[locale].features.serviceListings) return hospitalHref(locale, hospital);
  return { href: localePath(locale, servicePath(hospital.slug, s.slug)), external: false };
}

/** A service category of a hospital: the hospital's Services tab where the locale offers it, otherwise the hospital. */
export function serviceCategoryHref(locale: Locale, hospital: HospitalRef): EntityLink {
  const h = hospitalHref(locale, hospital);
  if (h.external || !LOCALE_CONFIG[locale].features.serviceListings) return h;
  return { href: tabHref(h.href, 'services'), external: false };
}

/** The YouTube video id of a watch, short, embed or youtu.be URL; null for anything else. */
export function youtubeVideoId(url: string | null | undefined): string | null {
  const u = url?.trim();
  if (!u) return null;
  let parsed: URL;
  try {
    parsed = new URL(u);
  } catch {
    return null;
  }
  const host = parsed.hostname.replace(/^(www\.|m\.)/, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = parsed.pathname.slice(1).split('/')[0];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const m = /^\/(?:embed|shorts|live)\/([^/]+)/.exec(parsed.pathname);
    id = m ? m[1] : parsed.pathname === '/watch' ? parsed.searchParams.get('v') : null;
  }
  return id && /^[A-Za-z0-9_-]{6,20}$/.test(id) ? id : null;
}

/** The iframe the lite embed creates on click (privacy-enhanced host, allowed by the page policy's frame-src). */
export function videoEmbedSrc(videoId: string): string {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?autoplay=1&rel=0`;
}

/**
 * Structured data of the home page: the WebSite with its SearchAction (the directory search page) and the
 * Organization behind the locale's site (name, logo, the locale's hotline and e-mail as its contact point).
 */
export function homeJsonLd(locale: Locale, input: { logoPath: string; searchPath: string }): object[] {
  const cfg = LOCALE_CONFIG[locale];
  const home = canonicalUrl(locale, '/');
  const organization = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${home}#organization`,
    name: cfg.siteName,
    url: home,
    logo: new URL(input.logoPath, home).href,
    email: cfg.email,
    telephone: cfg.hotline,
    areaServed: cfg.countryCode,
    contactPoint: [{ '@type': 'ContactPoint', contactType: 'customer service', telephone: cfg.hotline, email: cfg.email, areaServed: cfg.countryCode, availableLanguage: cfg.htmlLang }],
  };
  const website = {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    '@id': `${home}#website`,
    url: home,
    name: cfg.siteName,
    inLanguage: cfg.htmlLang,
    publisher: { '@id': organization['@id'] },
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${canonicalUrl(locale, input.searchPath)}?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
  return [website, organization];
}
