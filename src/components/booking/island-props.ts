/**
 * Props the booking islands get from a static page: the locale's strings they show (not the six string tables),
 * prices rendered by src/lib/prices and the vouchers left after the code-31 rule for each mode's payment options.
 */
import { LOCALE_CONFIG, type Locale } from '../../../i18n/locales';
import { MESSAGES, translate } from '../../../i18n/strings';
import { pluralTable } from '../../../i18n/interpolate';
import { paymentOptions, visibleVouchers, voucherBadgeLabel, voucherBadges, voucherNotice } from '../../lib/payments';
import { priceView } from '../../lib/prices';
import { userProfileUrl } from '../../lib/continue-booking';
import { calendarLabels } from '../../lib/calendar-labels';
import { DAY_MS, zoneOffsets, type ZoneOffsets } from '../../lib/hospital-time';
import type { DoctorPageView, PageVoucher, ServicePageView } from '../../data/booking-pages';
import type { BookingCardProps, PriceLine, Voucher } from '../../islands/booking/BookingCard';

/** The keys the islands read: every booking.* string plus the dialog's OK, and the locale's plural table. */
export function islandStrings(locale: Locale): Record<string, string> {
  const all = MESSAGES[locale] as Record<string, string>;
  const keys = Object.entries(all).filter(([k]) => (k.startsWith('booking.') && !k.startsWith('booking.page.') && !k.startsWith('booking.payment.')) || k === 'campaign.ok' || k === 'campaign.changePhone');
  return { ...Object.fromEntries(keys), 'plural.table': pluralTable(locale) };
}

/**
 * `client:visible` options of the booking card: it hydrates (and loads its schedule) once it is within 200 px
 * below the viewport, in it, or already scrolled past (the root box reaches far above the viewport, so a jump
 * past the card counts too). On desktop the card is in view at load; on mobile it sits below the profile, so a
 * visitor who reads the profile does not pay for the island while the page loads (Lighthouse mobile: the blocking
 * time of doctor and service pages was the UI runtime's evaluation and the card's first render).
 */
export const BOOKING_CARD_HYDRATION = { rootMargin: '100000px 0px 200px 0px' } as const;

/** The identity site's profile page of the social-login warning (SPEC §2: path user/profile). */
export const profileUrl = (locale: Locale) => userProfileUrl(`https://id.${LOCALE_CONFIG[locale].domain}`);

/** How far around the build the islands' zone offset tables reach; a page served later than that falls back to Intl. */
const OFFSETS_BEFORE_DAYS = 7;
const OFFSETS_AFTER_DAYS = 400;
const offsetTables = new Map<string, ZoneOffsets>();

/** The hospital zone's UTC offsets around the day of the build, worked out once per zone and build. */
export function islandZoneOffsets(zone: string): ZoneOffsets {
  let table = offsetTables.get(zone);
  if (!table) {
    const day = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    offsetTables.set(zone, (table = zoneOffsets(zone, day - OFFSETS_BEFORE_DAYS * DAY_MS, day + OFFSETS_AFTER_DAYS * DAY_MS)));
  }
  return table;
}

function line(locale: Locale, input: Parameters<typeof priceView>[1]): PriceLine | undefined {
  const v = priceView(locale, input);
  return v.visible ? { text: v.text, originalText: v.originalText } : undefined;
}

function badges(vouchers: readonly PageVoucher[], allowed: ReturnType<typeof paymentOptions>): Voucher[] {
  return voucherBadges(visibleVouchers(vouchers, allowed));
}

const common = (locale: Locale) => {
  const cfg = LOCALE_CONFIG[locale];
  const notice = voucherNotice({ hotline: cfg.hotline, email: cfg.email });
  return {
    locale,
    labels: calendarLabels(cfg.htmlLang),
    strings: islandStrings(locale),
    voucherNotice: translate(locale, notice.key, notice.params),
    ads: cfg.features.ads,
    profileUrl: profileUrl(locale),
  };
};

export function doctorCardProps(locale: Locale, d: DoctorPageView): BookingCardProps {
  const currency = LOCALE_CONFIG[locale].currency;
  const modes = [...(d.validOutpatient ? (['outpatient'] as const) : []), ...(d.validTelemedicine ? (['telemedicine'] as const) : [])];
  const base = { priceType: d.priceType, priceTo: d.priceTo, promotion: d.promotion, currency, partnerGroup: d.partnerGroup, showPriceOverride: d.priceOverride };
  return {
    ...common(locale),
    kind: 'doctor',
    id: d.id,
    zone: d.hospital.timeZone,
    zoneOffsets: islandZoneOffsets(d.hospital.timeZone),
    modes,
    buffers: { outpatient: d.bufferTimeOutpatient, telemedicine: d.bufferTimeTelemedicine },
    prices: {
      outpatient: line(locale, { ...base, price: d.price }),
      telemedicine: line(locale, { ...base, priceType: 'fixed', priceTo: null, price: d.telemedicineFee ?? d.price }),
    },
    vouchers: {
      outpatient: badges(d.vouchers, paymentOptions({ kind: 'doctor', telemedicine: false, locale })),
      telemedicine: badges(d.vouchers, paymentOptions({ kind: 'doctor', telemedicine: true, locale })),
    },
    babyFormulaCampaign: d.babyFormulaCampaign,
  };
}

export function serviceCardProps(locale: Locale, s: ServicePageView): BookingCardProps {
  const currency = LOCALE_CONFIG[locale].currency;
  const allowed = paymentOptions({ kind: 'service', package: s.isPackage, locale, onlinePaymentEnabled: s.onlinePayment, reservation: s.requiresReservation });
  return {
    ...common(locale),
    kind: 'service',
    id: s.id,
    zone: s.hospital.timeZone,
    zoneOffsets: islandZoneOffsets(s.hospital.timeZone),
    modes: ['service'],
    buffers: { service: s.bufferTime },
    prices: { service: line(locale, { price: s.price, priceTo: s.priceTo, priceType: s.priceType, originalPrice: s.originalPrice, promotion: s.promotion, currency }) },
    vouchers: { service: badges(s.vouchers, allowed) },
    babyFormulaCampaign: false,
  };
}

/**
 * The doctor or service page's voucher section: the vouchers shown in at least one booking mode (code 31 only
 * where the first online payment method is offered), each with its badge label ('Voucher applicable' by
 * default), and the voucher notice of SPEC §8 (e-mail only when the locale has no hotline).
 */
export function pageVouchers(locale: Locale, props: BookingCardProps, all: readonly PageVoucher[]): { vouchers: { code: string; name: string; label: string }[]; notice: string } {
  const shown = new Set(props.modes.flatMap((mode) => (props.vouchers[mode] ?? []).map((v) => v.code)));
  const vouchers = all
    .filter((v) => shown.has(v.code))
    .map((v) => {
      const label = voucherBadgeLabel(null);
      return { code: v.code, name: v.name, label: 'text' in label ? label.text : translate(locale, label.key) };
    });
  return { vouchers, notice: props.voucherNotice };
}
