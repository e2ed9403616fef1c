/**
 * The price rules themselves (SPEC §5, §9): price types, visibility, promotion percent. No string tables, so islands
 * that only compute prices (the booking page) stay small; src/lib/prices.ts formats them and re-exports these.
 */
import type { Currency } from '../../i18n/locales';

export const PRICE_TYPES = ['fixed', 'starting', 'range'] as const;
export type PriceType = (typeof PRICE_TYPES)[number];

/** Service availability enum (SPEC §3). */
export const SERVICE_AVAILABILITY = { available: 1, out_of_stock: 0, limit: 2 } as const;

export const DEFAULT_CURRENCY: Currency = 'VND';

export function isPriceType(value: unknown): value is PriceType {
  return typeof value === 'string' && (PRICE_TYPES as readonly string[]).includes(value);
}

/** Anything that is not a recognised price type is shown as a fixed price. */
export function toPriceType(value: unknown): PriceType {
  return isPriceType(value) ? value : 'fixed';
}

/** SPEC §5: shown only if not partner-group and price above 0, unless the override flag is set. */
export function isPriceVisible(input: { price?: number | null; partnerGroup?: boolean; showPriceOverride?: boolean }): boolean {
  if (input.showPriceOverride) return true;
  return !input.partnerGroup && (input.price ?? 0) > 0;
}

/** Discount percent as shown: rounded to an integer, kept within 0..100. */
export function discountPercent(percent: number | null | undefined): number {
  if (percent == null || !Number.isFinite(percent)) return 0;
  return Math.min(100, Math.max(0, Math.round(percent)));
}

/** The promotion percent reduces the price by that percent (cents kept; whole currencies are rounded by Intl). */
export function applyPromotion(price: number, percent: number | null | undefined): number {
  const p = discountPercent(percent);
  return Math.round(price * (100 - p)) / 100;
}
