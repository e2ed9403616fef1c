/**
 * PUT /api/me/profile: the care onboarding's profile step. Saves the signed-in patient's name, birthday and
 * gender (SPEC §5 rules, src/lib/onboarding-profile.ts) into their own public.patients row, creating it when
 * there is none. The phone and e-mail are not taken from the body: the database copies the auth user's
 * confirmed ones into the row (trigger patients_verified_contact), so a verified phone cannot be made up.
 * Answers the saved profile and the onboarding state, as GET /api/me does.
 */
import { z } from 'zod';
import { LOCALES, LOCALE_CONFIG } from '../i18n/locales';
import { translate } from '../i18n/strings';
import { todayInZone } from '../src/lib/hospital-time';
import { isOnboarded, missingOnboardingFields } from '../src/lib/onboarding';
import { EARLIEST_BIRTHDAY, PROFILE_NAME_MAX, validateOnboardingProfile } from '../src/lib/onboarding-profile';
import { loadPatientProfile } from '../src/server/auth';
import { defineEndpoint, serve } from '../src/server/endpoint';

const COUNTRY_IDS = LOCALES.map((l) => LOCALE_CONFIG[l].countryId);

/** The latest calendar date among the markets' zones: no patient is refused a birthday that is today for them. */
export function latestMarketToday(now = Date.now()): string {
  return LOCALES.flatMap((l) => LOCALE_CONFIG[l].timeZones)
    .map((z) => todayInZone(now, z))
    .reduce((a, b) => (b > a ? b : a));
}

const body = z
  .object({
    name: z.string({ error: 'Name is required' }).max(PROFILE_NAME_MAX * 4),
    birthday: z.string({ error: 'Birthday is required' }).max(10),
    gender: z.number({ error: 'This field is required' }).int(),
    /** The market the patient onboarded in (public.patients.country_id); kept when absent. */
    countryId: z
      .number()
      .int()
      .refine((c) => COUNTRY_IDS.includes(c), { message: `must be one of: ${COUNTRY_IDS.join(', ')}` })
      .optional(),
    /** The language of the patient's e-mails (profile page); kept when absent. */
    preferredLocale: z.enum(LOCALES).optional(),
  })
  .superRefine((v, ctx) => {
    const errors = validateOnboardingProfile(v, latestMarketToday());
    for (const [field, error] of Object.entries(errors)) {
      ctx.addIssue({ code: 'custom', path: [field], message: translate('en-PH', error.key, error.params) });
    }
  });

const profile = z.object({
  name: z.string().nullable(),
  phone: z.string().nullable(),
  phone_verified_at: z.string().nullable(),
  email: z.string().nullable(),
  email_verified_at: z.string().nullable(),
  birthday: z.string().nullable(),
  gender: z.number().int().nullable(),
});

export const updateProfile = defineEndpoint({
  method: 'PUT',
  path: '/api/me/profile',
  summary: "Saves the signed-in patient's name, birthday and gender (care onboarding); phone and e-mail come from the confirmed auth user",
  description: `gender: 1 male, 2 female, 0 other. birthday: yyyy-MM-dd, from ${EARLIEST_BIRTHDAY}, not in the future.`,
  tags: ['patients'],
  auth: 'patient',
  body: { json: body, maxBytes: 4 * 1024 },
  response: z.object({ profile, onboarding: z.object({ onboarded: z.boolean(), missing: z.array(z.string()) }) }),
  async handler({ auth, body: b, db, messages }) {
    // As the patient: RLS lets a patient create and update only their own row.
    await db.query(
      `insert into public.patients (user_id, name, birthday, gender, country_id, preferred_locale) values (auth.uid(), $1, $2::date, $3, $4, $5)
       on conflict (user_id) do update
         set name = excluded.name, birthday = excluded.birthday, gender = excluded.gender,
             country_id = coalesce(excluded.country_id, public.patients.country_id),
             preferred_locale = coalesce(excluded.preferred_locale, public.patients.preferred_locale), updated_at = now()`,
      [b.name.trim(), b.birthday, b.gender, b.countryId ?? null, b.preferredLocale ?? null],
    );
    const saved = (await loadPatientProfile(db, auth.userId))!;
    messages.push(auth.patient ? 'Update successfully' : 'Create successfully');
    return { profile: saved, onboarding: { onboarded: isOnboarded(saved), missing: missingOnboardingFields(saved) } };
  },
});

export default serve(updateProfile);
export const config = { path: '/api/me/profile' };
