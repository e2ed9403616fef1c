/**
 * Price display (SPEC §3 price display, §4, §5, §9): fixed, starting from and range prices, promotion percent,
 * original price struck through, visibility rules, vaccination prices and promotion badges.
 */
import type { Currency, Locale } from '../../i18n/locales';
import { formatMoney } from './format';
import { message, render, type Message } from './message';

export {
  PRICE_TYPES,
  SERVICE_AVAILABILITY,
  DEFAULT_CURRENCY,
  isPriceType,
  toPriceType,
  isPriceVisible,
  discountPercent,
  applyPromotion,
  type PriceType,
} from './price-rules';
import { DEFAULT_CURRENCY, SERVICE_AVAILABILITY, applyPromotion, discountPercent, isPriceVisible, toPriceType, type PriceType } from './price-rules';

export interface PriceInput {
  price?: number | null;
  priceTo?: number | null;
  priceType?: PriceType | string | null;
  originalPrice?: number | null;
  /** promotion or promoPercent of the read models. */
  promotion?: number | null;
  currency?: Currency | null;
  partnerGroup?: boolean;
  showPriceOverride?: boolean;
  /** Service availability enum value (1 available, 0 out of stock, 2 limit). */
  availability?: number | null;
}

export interface PriceView {
  visible: boolean;
  type: PriceType;
  /** Price after promotion; priceTo only for a range. */
  amount: number;
  amountTo: number | null;
  /** Localised price line: '100.000 ₫', 'From …', '… - …'. Empty when not visible. */
  text: string;
  /** Struck-through special price (before promotion, or the original price), or null. */
  originalText: string | null;
  /** Integer promotion percent, 0 when none. */
  discountPercent: number;
  /** 'Out of stock' label when the availability says so, else null. */
  statusText: string | null;
}

function priceLine(locale: Locale, type: PriceType, from: number, to: number | null, currency: Currency): string {
  const a = formatMoney(locale, from, currency);
  if (type === 'range' && to != null && to > from) {
    return render(locale, message('directory.price.range', { from: a, to: formatMoney(locale, to, currency) }));
  }
  if (type === 'starting') return render(locale, message('directory.price.startingFrom', { price: a }));
  return a;
}

export function priceView(locale: Locale, input: PriceInput): PriceView {
  const type = toPriceType(input.priceType);
  const currency = input.currency ?? DEFAULT_CURRENCY;
  const base = input.price ?? 0;
  const baseTo = type === 'range' && input.priceTo != null && input.priceTo > base ? input.priceTo : null;
  const percent = discountPercent(input.promotion);
  const amount = applyPromotion(base, percent);
  const amountTo = baseTo == null ? null : applyPromotion(baseTo, percent);
  const visible = isPriceVisible({ price: base, partnerGroup: input.partnerGroup, showPriceOverride: input.showPriceOverride });
  const statusText = isOutOfStock(input.availability) ? render(locale, message('directory.price.outOfStock')) : null;
  if (!visible) return { visible, type, amount, amountTo, text: '', originalText: null, discountPercent: percent, statusText };
  let originalText: string | null = null;
  // The struck price is the bare amount of a "From" price: "From ₱2,000 From ₱1,400" said "From" twice (issue 38 item 25).
  if (percent > 0) originalText = type === 'starting' ? formatMoney(locale, base, currency) : priceLine(locale, type, base, baseTo, currency);
  else if (input.originalPrice != null && input.originalPrice > base) originalText = formatMoney(locale, input.originalPrice, currency);
  return { visible, type, amount, amountTo, text: priceLine(locale, type, amount, amountTo, currency), originalText, discountPercent: percent, statusText };
}

export interface AdminDoctorFees {
  bookingFee?: { status?: boolean | number | null; price?: number | null; priceTo?: number | null; priceType?: string | null } | null;
  telemedicineFee?: { status?: boolean | number | null; price?: number | null } | null;
}

/** Admin doctors table Price column: booking fee (a range when the price type is range) and the telemedicine fee; null when off. */
export function adminDoctorFees(locale: Locale, d: AdminDoctorFees, currency: Currency = DEFAULT_CURRENCY): { bookingFee: string | null; telemedicineFee: string | null } {
  const b = d.bookingFee;
  const tf = d.telemedicineFee;
  const bookingFee = b && b.status && b.price != null ? priceLine(locale, b.priceType === 'range' ? 'range' : 'fixed', b.price, b.priceTo ?? null, currency) : null;
  const telemedicineFee = tf && tf.status && tf.price != null ? formatMoney(locale, tf.price, currency) : null;
  return { bookingFee, telemedicineFee };
}

export interface VaccinationPriceInput {
  price?: number | null;
  price_discount?: number | null;
  percent_discount?: number | null;
  price_unit?: Currency | null;
  status?: string | null;
}

export interface VaccinationPriceView {
  visible: boolean;
  outOfStock: boolean;
  /** The price to pay (after the discount); 0 when hidden. */
  amount: number;
  text: string;
  originalText: string | null;
  discountPercent: number;
  /** 'Out of stock' label, when the price status says so. */
  statusText: string | null;
}

export function isOutOfStock(status: string | number | null | undefined): boolean {
  return status === 'out_of_stock' || status === SERVICE_AVAILABILITY.out_of_stock;
}

/** SPEC §5: a vaccination price of 0 hides the price; a discounted price strikes the list price through. */
export function vaccinationPriceView(locale: Locale, v: VaccinationPriceInput): VaccinationPriceView {
  const currency = v.price_unit ?? DEFAULT_CURRENCY;
  const price = v.price ?? 0;
  const outOfStock = isOutOfStock(v.status);
  const statusText = outOfStock ? render(locale, message('directory.price.outOfStock')) : null;
  if (price <= 0) return { visible: false, outOfStock, amount: 0, text: '', originalText: null, discountPercent: 0, statusText };
  const percent = discountPercent(v.percent_discount);
  let final = price;
  if (v.price_discount != null && v.price_discount > 0 && v.price_discount < price) final = v.price_discount;
  else if (percent > 0) final = applyPromotion(price, percent);
  const discounted = final < price;
  return {
    visible: true,
    outOfStock,
    amount: final,
    text: formatMoney(locale, final, currency),
    originalText: discounted ? formatMoney(locale, price, currency) : null,
    discountPercent: discounted ? percent || discountPercent(((price - final) / price) * 100) : 0,
    statusText,
  };
}

export interface PromotedService {
  price?: number | null;
  priceTo?: number | null;
  priceType?: PriceType | string | null;
  promotion?: number | null;
  promoPercent?: number | null;
  currency?: Currency | null;
  partnerGroup?: boolean;
}

function servicePercent(s: PromotedService): number {
  return discountPercent(s.promotion ?? s.promoPercent);
}

/** Highest service promotion percent, 0 when none. */
export function highestPromotion(services: readonly PromotedService[]): number {
  return services.reduce((max, s) => Math.max(max, servicePercent(s)), 0);
}

/**
 * Hospital header badge 'Up to N% On selected services'; null when no service is promoted, or when the market
 * lists no services (issue 38 item 24: en-PH promised services it has no tab for).
 */
export function hospitalPromotionBadge(services: readonly PromotedService[], market: { serviceListings: boolean } = { serviceListings: true }): Message | null {
  if (!market.serviceListings) return null;
  const n = highestPromotion(services);
  return n > 0 ? message('directory.promotion.upTo', { percent: n }) : null;
}

export type PromoRibbon =
  | { kind: 'percent'; percent: number; text: string }
  | { kind: 'price'; amount: number; text: string }
  | { kind: 'range'; from: number; to: number; text: string };

/**
 * Service-category promo ribbon: the highest promotion percent when any service is promoted, otherwise the
 * category's price (one price) or price range (lowest to highest visible price); null when nothing to show.
 */
export function serviceCategoryRibbon(locale: Locale, services: readonly PromotedService[]): PromoRibbon | null {
  const percent = highestPromotion(services);
  if (percent > 0) return { kind: 'percent', percent, text: render(locale, message('directory.promotion.percentOff', { percent })) };
  const priced = services.filter((s) => isPriceVisible({ price: s.price, partnerGroup: s.partnerGroup }));
  if (priced.length === 0) return null;
  const currency = priced[0].currency ?? DEFAULT_CURRENCY;
  const lows = priced.map((s) => s.price as number);
  const highs = priced.map((s) => (toPriceType(s.priceType) === 'range' && (s.priceTo ?? 0) > (s.price as number) ? (s.priceTo as number) : (s.price as number)));
  const from = Math.min(...lows);
  const to = Math.max(...highs);
  if (from === to) return { kind: 'price', amount: from, text: formatMoney(locale, from, currency) };
  return { kind: 'range', from, to, text: render(locale, message('directory.price.range', { from: formatMoney(locale, from, currency), to: formatMoney(locale, to, currency) })) };
}
