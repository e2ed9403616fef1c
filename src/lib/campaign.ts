/**
 * Baby-formula campaign eligibility (SPEC §3, §4, §8): which message the eligibility popup shows. Returns a
 * message key and its parameters; the caller formats dates for the locale and passes the locale's hotline.
 */
import { z } from 'zod';
import { LOCALE_CONFIG, type Locale } from '../../i18n/locales';
import { formatCalendarDate } from './format';
import { render } from './message';

export const campaignEligibilitySchema = z.object({
  valid: z.boolean(),
  /** 1 expired, 2 booked and cancelled 3 times, 3 upcoming booking, 4 completed booking, 5 not eligible. */
  invalidreason: z.coerce.number().int().min(1).max(5).nullish(),
  loyalty: z
    .object({
      expired_date: z.string().nullish(),
      completed: z.boolean().nullish(),
      booking_datetime: z.string().nullish(),
    })
    .nullish(),
});
export type CampaignEligibility = z.infer<typeof campaignEligibilitySchema>;

export const CAMPAIGN_MESSAGE_KEYS = [
  'campaign.eligible',
  'campaign.expired',
  'campaign.expiredCompleted',
  'campaign.cancelledThreeTimes',
  'campaign.upcomingBooking',
  'campaign.completedBooking',
  'campaign.notEligible',
] as const;
export type CampaignMessageKey = (typeof CAMPAIGN_MESSAGE_KEYS)[number];

export interface CampaignMessage {
  key: CampaignMessageKey;
  /** Always `hotline`; `expiredDate` and `bookingDatetime` when the message names them. */
  params: { hotline: string; expiredDate?: string; bookingDatetime?: string };
}

export interface CampaignFormat {
  hotline: string;
  /** Formats loyalty.expired_date for the locale (identity when omitted). */
  formatDate?: (value: string) => string;
  /** Formats loyalty.booking_datetime for the locale (identity when omitted). */
  formatDateTime?: (value: string) => string;
}

/**
 * valid -> eligible (with expiry); reason 1 -> expired, or expired-and-used when loyalty.completed; 2..5 as
 * listed. An unknown or missing reason on an invalid result is shown as 'not eligible' (reason 5), the message
 * that still tells the patient what to do.
 */
export function campaignMessage(result: CampaignEligibility, fmt: CampaignFormat): CampaignMessage {
  const date = fmt.formatDate ?? ((v: string) => v);
  const dateTime = fmt.formatDateTime ?? ((v: string) => v);
  const expiredDate = result.loyalty?.expired_date ? date(result.loyalty.expired_date) : '';
  const bookingDatetime = result.loyalty?.booking_datetime ? dateTime(result.loyalty.booking_datetime) : '';
  const hotline = fmt.hotline;
  if (result.valid) return { key: 'campaign.eligible', params: { hotline, expiredDate } };
  switch (result.invalidreason) {
    case 1:
      return result.loyalty?.completed
        ? { key: 'campaign.expiredCompleted', params: { hotline, expiredDate, bookingDatetime } }
        : { key: 'campaign.expired', params: { hotline, expiredDate } };
    case 2:
      return { key: 'campaign.cancelledThreeTimes', params: { hotline } };
    case 3:
      return { key: 'campaign.upcomingBooking', params: { hotline, bookingDatetime } };
    case 4:
      return { key: 'campaign.completedBooking', params: { hotline, bookingDatetime } };
    default:
      return { key: 'campaign.notEligible', params: { hotline } };
  }
}

/** The campaign the booking flow checks (public.baby_formula_eligibility): its doctors carry the baby-formula flag. */
export const BABY_FORMULA_CAMPAIGN_CODE = 'baby-formula';

export interface CampaignAnswer {
  valid: boolean;
  /** 1..5 when not valid (SPEC §3 invalidreason), null when valid. */
  reason: number | null;
  message: string;
}

/**
 * THE answer of a campaign check (issue #39 item 3): the booking flow's validation call, the booking confirmation's
 * refusal and the admin "check a number" tool all turn public.campaign_eligibility's result into words here, in
 * `locale`, with dates and times in the campaign market's zone and the market's hotline.
 */
export function campaignAnswer(result: CampaignEligibility, opts: { locale: Locale; market: Locale }): CampaignAnswer {
  const market = LOCALE_CONFIG[opts.market];
  const timeZone = market.timeZones[0];
  const lang = LOCALE_CONFIG[opts.locale].htmlLang;
  const dateTime = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  const m = campaignMessage(result, {
    hotline: market.hotline,
    formatDate: (v) => formatCalendarDate(opts.locale, v.slice(0, 10)),
    formatDateTime: (v) => dateTime.format(new Date(v)),
  });
  return { valid: result.valid, reason: result.valid ? null : (result.invalidreason ?? 5), message: render(opts.locale, m) };
}
