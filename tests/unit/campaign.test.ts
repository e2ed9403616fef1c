import { describe, expect, it } from 'vitest';
import { CAMPAIGN_MESSAGE_KEYS, campaignEligibilitySchema, campaignMessage } from '../../src/lib/campaign';
import { LOCALES, LOCALE_CONFIG } from '../../i18n/locales';
import { translate } from '../../i18n/strings';

const hotline = '1900 6868';
const loyalty = { expired_date: '2026-12-31', completed: false, booking_datetime: '2026-11-30 09:00' };

describe('campaign eligibility message (SPEC §4, §8)', () => {
  it('valid: eligible with the expiry date', () => {
    expect(campaignMessage({ valid: true, loyalty }, { hotline })).toEqual({ key: 'campaign.eligible', params: { hotline, expiredDate: '2026-12-31' } });
  });

  it('reason 1 is split by loyalty.completed', () => {
    expect(campaignMessage({ valid: false, invalidreason: 1, loyalty }, { hotline })).toEqual({ key: 'campaign.expired', params: { hotline, expiredDate: '2026-12-31' } });
    expect(campaignMessage({ valid: false, invalidreason: 1, loyalty: { ...loyalty, completed: true } }, { hotline })).toEqual({
      key: 'campaign.expiredCompleted',
      params: { hotline, expiredDate: '2026-12-31', bookingDatetime: '2026-11-30 09:00' },
    });
  });

  it('reasons 2 to 5', () => {
    expect(campaignMessage({ valid: false, invalidreason: 2, loyalty }, { hotline })).toEqual({ key: 'campaign.cancelledThreeTimes', params: { hotline } });
    expect(campaignMessage({ valid: false, invalidreason: 3, loyalty }, { hotline })).toEqual({ key: 'campaign.upcomingBooking', params: { hotline, bookingDatetime: '2026-11-30 09:00' } });
    expect(campaignMessage({ valid: false, invalidreason: 4, loyalty }, { hotline })).toEqual({ key: 'campaign.completedBooking', params: { hotline, bookingDatetime: '2026-11-30 09:00' } });
    expect(campaignMessage({ valid: false, invalidreason: 5 }, { hotline })).toEqual({ key: 'campaign.notEligible', params: { hotline } });
  });

  it('an invalid result without a known reason reads as not eligible', () => {
    expect(campaignMessage({ valid: false }, { hotline }).key).toBe('campaign.notEligible');
    expect(campaignMessage({ valid: false, invalidreason: null, loyalty: null }, { hotline }).key).toBe('campaign.notEligible');
  });

  it('formats dates with the caller’s formatters and tolerates missing loyalty data', () => {
    const fmt = { hotline, formatDate: (v: string) => `D(${v})`, formatDateTime: (v: string) => `DT(${v})` };
    expect(campaignMessage({ valid: false, invalidreason: 1, loyalty: { ...loyalty, completed: true } }, fmt).params).toEqual({ hotline, expiredDate: 'D(2026-12-31)', bookingDatetime: 'DT(2026-11-30 09:00)' });
    expect(campaignMessage({ valid: true }, fmt).params).toEqual({ hotline, expiredDate: '' });
  });

  it('parses the eligibility result of the API, coercing a string reason', () => {
    expect(campaignEligibilitySchema.parse({ valid: false, invalidreason: '3', loyalty })).toEqual({ valid: false, invalidreason: 3, loyalty });
    expect(campaignEligibilitySchema.safeParse({ valid: false, invalidreason: 6 }).success).toBe(false);
    expect(campaignEligibilitySchema.safeParse({ invalidreason: 1 }).success).toBe(false);
  });

  it('every message exists in every locale and names the hotline', () => {
    for (const locale of LOCALES) {
      for (const key of CAMPAIGN_MESSAGE_KEYS) {
        const text = translate(locale, key, { hotline: LOCALE_CONFIG[locale].hotline, expiredDate: 'X1', bookingDatetime: 'X2' });
        expect(text).toContain(LOCALE_CONFIG[locale].hotline);
        expect(text).not.toMatch(/\{\w+\}/);
      }
      const expired = translate(locale, 'campaign.expiredCompleted', { hotline, expiredDate: 'X1', bookingDatetime: 'X2' });
      expect(expired).toContain('X1');
      expect(expired).toContain('X2');
    }
  });
});
