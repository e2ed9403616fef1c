/**
 * Baby-formula campaign validation (SPEC §7): booking_type doctor and doctor_id; answers _data {valid, message}
 * for the signed-in patient's phone, with the message of SPEC §8 in the doctor's market language.
 */
import { z } from 'zod';
import { defineEndpoint, serve } from '../src/server/endpoint';
import { notFound } from '../src/lib/errors';
import { campaignEligibilitySchema, campaignMessage } from '../src/lib/campaign';
import { render } from '../src/lib/message';
import { formatCalendarDate } from '../src/lib/format';
import { LOCALE_CONFIG, localeForCountryId } from '../i18n/locales';

export const babyFormulaValidation = defineEndpoint({
  method: 'GET',
  path: '/api/campaigns/baby-formula/validation',
  summary: "Whether the signed-in patient's phone number may book this campaign doctor, with the message to show",
  tags: ['booking'],
  auth: 'patient',
  query: z.object({ booking_type: z.literal('doctor'), doctor_id: z.coerce.number().int().positive() }),
  response: z.object({ valid: z.boolean(), message: z.string() }),
  rateLimit: { bucket: 'campaign_check', key: 'user' },
  async handler({ db, query }) {
    const { rows } = await db.query(
      `select d.country_id, public.baby_formula_eligibility(d.id) as result from public.doctors d where d.id = $1`,
      [query.doctor_id],
    );
    if (rows.length === 0) throw notFound('There is no such doctor.');
    const locale = localeForCountryId(rows[0].country_id) ?? 'vi-VN';
    const cfg = LOCALE_CONFIG[locale];
    const result = campaignEligibilitySchema.parse(rows[0].result);
    const dateTime = new Intl.DateTimeFormat(cfg.htmlLang, { dateStyle: 'medium', timeStyle: 'short', timeZone: cfg.timeZones[0] });
    const m = campaignMessage(result, {
      hotline: cfg.hotline,
      formatDate: (v) => formatCalendarDate(locale, v.slice(0, 10)),
      formatDateTime: (v) => dateTime.format(new Date(v)),
    });
    return { valid: result.valid, message: render(locale, m) };
  },
});

export default serve(babyFormulaValidation);
export const config = { path: '/api/campaigns/baby-formula/validation' };
