/**
 * Baby-formula campaign validation (SPEC §7): booking_type doctor and doctor_id; answers _data {valid, message}
 * for the signed-in patient's phone, with the message of SPEC §8 in the doctor's market language.
 */
import { z } from 'zod';
import { defineEndpoint, serve } from '../src/server/endpoint';
import { notFound } from '../src/lib/errors';
import { campaignAnswer, campaignEligibilitySchema } from '../src/lib/campaign';
import { localeForCountryId } from '../i18n/locales';

export const babyFormulaValidation = defineEndpoint({
  method: 'GET',
  path: '/api/campaigns/baby-formula/validation',
  summary: "Whether the signed-in patient's phone number may book this campaign doctor, with the message to show",
  tags: ['booking'],
  auth: 'patient',
  query: z.object({ booking_type: z.literal('doctor'), doctor_id: z.coerce.number().int().positive() }),
  response: z.object({ valid: z.boolean(), message: z.string(), reason: z.number().int().nullable() }),
  rateLimit: { bucket: 'campaign_check', key: 'user' },
  async handler({ db, query }) {
    const { rows } = await db.query(
      `select d.country_id, public.baby_formula_eligibility(d.id) as result from public.doctors d where d.id = $1`,
      [query.doctor_id],
    );
    if (rows.length === 0) throw notFound('There is no such doctor.');
    const market = localeForCountryId(rows[0].country_id) ?? 'vi-VN';
    // The same words as the admin "check a number" tool (campaignAnswer), in the doctor's market language.
    const answer = campaignAnswer(campaignEligibilitySchema.parse(rows[0].result), { locale: market, market });
    return { valid: answer.valid, message: answer.message, reason: answer.reason };
  },
});

export default serve(babyFormulaValidation);
export const config = { path: '/api/campaigns/baby-formula/validation' };
