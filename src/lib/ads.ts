/** Advertising (SPEC §1, §7, §9): Vietnamese locale only; unit path per locale; sizes and sticky-ad timings. */
import { LOCALE_CONFIG, type Locale } from '../../i18n/locales';

export type AdSize = [number, number];

/** The ad service's tag, loaded only on pages of a locale with ads. */
export const AD_SCRIPT_URL = 'https://securepubads.g.doubleclick.net/tag/js/gpt.js';
/** Network code of the ad account (configuration, PUBLIC_AD_NETWORK_CODE). Without it no slot is rendered and no tag loads, so no empty box is reserved (issue #30 item 8). */
export const AD_NETWORK_CODE: string = ((import.meta as unknown as { env?: Record<string, string | undefined> }).env?.PUBLIC_AD_NETWORK_CODE) ?? '';
export const STICKY_AD_REFRESH_MS = 30_000;
export const AD_VISIBILITY_POLL_MS = 2_000;
/** Slots are created 1 to 2 s after load so they never compete with the page's own content. */
export const AD_SLOT_DELAY_MS = { min: 1_000, max: 2_000 } as const;
export const AD_SIZES = {
  stickyDesktop: [728, 90] as AdSize,
  stickyMobile: [[320, 50], [320, 100]] as AdSize[],
  besideBookingCard: [[300, 250], [300, 600]] as AdSize[],
};
/** A chat widget's container: on mobile the sticky ad gives it the bottom of the screen. */
export const CHATBOT_CONTAINER_SELECTOR = '#chatbot-container, [data-chatbot-container]';

export function adsEnabled(locale: Locale): boolean {
  return LOCALE_CONFIG[locale].features.ads;
}

/** '/21800000000/suckhoeviet.vn/vi-vn/hospital_sticky': network, site, locale, page and position. */
export function adUnitPath(locale: Locale, position: string, page = 'hospital', network = AD_NETWORK_CODE): string | null {
  if (!network) return null;
  const cfg = LOCALE_CONFIG[locale];
  return `/${network}/${cfg.domain}/${cfg.prefix}/${page}_${position}`;
}

/** The sticky ad shows unless the visitor closed it, or, on mobile, a chatbot container is on the page. */
export function stickyAdVisible(input: { closed: boolean; mobile: boolean; chatbotPresent: boolean }): boolean {
  return !input.closed && !(input.mobile && input.chatbotPresent);
}

/** What the ad script reads from an ad slot element (data attributes), for Astro pages and islands alike. */
export interface AdSlotSpec {
  unit: string | null;
  position: string;
  sizes: AdSize[];
  mobileSizes: AdSize[];
  targeting: Record<string, string>;
}

/**
 * The slot of `position` on a page of `locale`, or null where ads do not run: every locale but vi-VN, and any
 * build without a configured ad account (local, tests: issue #30 item 8), where a reserved box would stay an
 * empty grey rectangle. No slot is rendered then, so no space is reserved and nothing shifts.
 */
export function adSlotSpec(
  locale: Locale,
  input: { position: string; sizes: AdSize[]; mobileSizes?: AdSize[]; page?: string; targeting?: Record<string, string> },
  network = AD_NETWORK_CODE,
): AdSlotSpec | null {
  if (!adsEnabled(locale) || !network) return null;
  const page = input.page ?? 'hospital';
  return {
    unit: adUnitPath(locale, input.position, page, network),
    position: input.position,
    sizes: input.sizes,
    mobileSizes: input.mobileSizes ?? input.sizes,
    targeting: { page, locale: LOCALE_CONFIG[locale].code, ...input.targeting },
  };
}

/** The data attributes of an ad slot element. */
export function adSlotAttributes(spec: AdSlotSpec): Record<string, string | undefined> {
  return {
    'data-ad-slot': '',
    'data-ad-unit': spec.unit ?? undefined,
    'data-ad-position': spec.position,
    'data-ad-sizes': JSON.stringify(spec.sizes),
    'data-ad-mobile-sizes': JSON.stringify(spec.mobileSizes),
    'data-ad-targeting': JSON.stringify(spec.targeting),
  };
}
