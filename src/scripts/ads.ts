/**
 * Ads through the ad service's tag (SPEC §7, §9), vi-VN pages only (only they render [data-ad-slot]):
 * slots are defined 1 to 2 s after load with the locale's unit path, position tag and key-values; the sticky
 * slot refreshes every 30 s while visible, is polled every 2 s, hides when closed or, on mobile, when a chatbot
 * container exists. Space is reserved by CSS, so nothing shifts when an ad arrives.
 */
import { AD_SCRIPT_URL, AD_SLOT_DELAY_MS, AD_VISIBILITY_POLL_MS, CHATBOT_CONTAINER_SELECTOR, STICKY_AD_REFRESH_MS, stickyAdVisible, type AdSize } from '../lib/ads';

interface Gpt {
  cmd: { push(fn: () => void): void };
  defineSlot(path: string, sizes: AdSize[], id: string): { addService(s: unknown): unknown; setTargeting(k: string, v: string): unknown } | null;
  pubads(): { enableSingleRequest(): void; refresh(slots?: unknown[]): void; setTargeting(k: string, v: string): void };
  enableServices(): void;
  display(id: string): void;
}
declare global {
  interface Window { googletag?: Gpt }
}

let tagRequested = false;
let servicesEnabled = false;

/** The ad service's tag, requested once per page. */
function adService(): Gpt {
  if (!tagRequested) {
    tagRequested = true;
    const s = document.createElement('script');
    s.src = AD_SCRIPT_URL;
    s.async = true;
    document.head.append(s);
  }
  return (window.googletag ??= { cmd: [] } as unknown as Gpt);
}

/**
 * A slot that appears after the page loaded (the ad beside the sticky booking card, rendered by the booking
 * island when the visitor scrolls past the card): defined 1 to 2 s later with its unit path, position tag,
 * key-values and sizes, then displayed. Does nothing without a configured ad account or when hidden.
 */
export function showAdSlot(el: HTMLElement): void {
  if (!el.dataset.adUnit || el.dataset.adDefined) return;
  el.dataset.adDefined = 'pending';
  const delay = AD_SLOT_DELAY_MS.min + Math.random() * (AD_SLOT_DELAY_MS.max - AD_SLOT_DELAY_MS.min);
  setTimeout(() => {
    const box = el.querySelector<HTMLElement>('.ad-box');
    if (!box || !el.isConnected || getComputedStyle(el).display === 'none') {
      delete el.dataset.adDefined;
      return;
    }
    const g = adService();
    g.cmd.push(() => {
      const mobile = matchMedia('(max-width: 767px)').matches;
      const sizes = JSON.parse((mobile ? el.dataset.adMobileSizes : el.dataset.adSizes) ?? '[]') as AdSize[];
      const slot = g.defineSlot(el.dataset.adUnit!, sizes, box.id);
      if (!slot) return;
      slot.setTargeting('pos', el.dataset.adPosition ?? '');
      for (const [k, v] of Object.entries(JSON.parse(el.dataset.adTargeting ?? '{}') as Record<string, string>)) slot.setTargeting(k, v);
      slot.addService(g.pubads());
      if (!servicesEnabled) {
        servicesEnabled = true;
        g.enableServices();
      }
      g.display(box.id);
      el.dataset.adDefined = 'true';
    });
  }, delay);
}

export function startAds(): void {
  const slots = [...document.querySelectorAll<HTMLElement>('[data-ad-slot]')];
  if (!slots.length) return;
  const mobile = matchMedia('(max-width: 767px)').matches;
  // Without a configured ad account there is nothing to load; the sticky rules below still apply.
  const configured = slots.some((el) => el.dataset.adUnit);
  const delay = AD_SLOT_DELAY_MS.min + Math.random() * (AD_SLOT_DELAY_MS.max - AD_SLOT_DELAY_MS.min);
  if (configured) setTimeout(() => {
    const g = adService();
    g.cmd.push(() => {
      const defined: { el: HTMLElement; slot: unknown }[] = [];
      for (const el of slots) {
        if (getComputedStyle(el).display === 'none') continue;
        const box = el.querySelector<HTMLElement>('.ad-box');
        if (!box) continue;
        const sizes = JSON.parse((mobile ? el.dataset.adMobileSizes : el.dataset.adSizes) ?? '[]') as AdSize[];
        const slot = g.defineSlot(el.dataset.adUnit ?? '', sizes, box.id);
        if (!slot || !el.dataset.adUnit) continue;
        slot.setTargeting('pos', el.dataset.adPosition ?? '');
        for (const [k, v] of Object.entries(JSON.parse(el.dataset.adTargeting ?? '{}') as Record<string, string>)) slot.setTargeting(k, v);
        slot.addService(g.pubads());
        defined.push({ el, slot });
      }
      g.pubads().enableSingleRequest();
      servicesEnabled = true;
      g.enableServices();
      for (const d of defined) g.display(d.el.querySelector<HTMLElement>('.ad-box')!.id);
      const sticky = defined.find((d) => d.el.dataset.adSticky === 'true');
      if (sticky) setInterval(() => sticky.el.dataset.visible === 'true' && g.pubads().refresh([sticky.slot]), STICKY_AD_REFRESH_MS);
    });
  }, delay);

  const sticky = slots.find((el) => el.dataset.adSticky === 'true');
  if (sticky) {
    let closed = false;
    const update = () => {
      const visible = configured && stickyAdVisible({ closed, mobile: matchMedia('(max-width: 767px)').matches, chatbotPresent: !!document.querySelector(CHATBOT_CONTAINER_SELECTOR) });
      sticky.hidden = !visible;
      sticky.dataset.visible = String(visible);
    };
    sticky.querySelector('[data-ad-close]')?.addEventListener('click', () => {
      closed = true;
      update();
    });
    update();
    setInterval(update, AD_VISIBILITY_POLL_MS);
  }
}
