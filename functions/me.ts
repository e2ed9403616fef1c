/** GET /api/me: the signed-in patient's profile, onboarding state (SPEC §5) and family members. */
import { z } from 'zod';
import { isOnboarded, missingOnboardingFields } from '../src/lib/onboarding';
import { defineEndpoint, serve } from '../src/server/endpoint';

const familyMember = z.object({
  id: z.number().int(),
  name: z.string(),
  birthday: z.string(),
  gender: z.enum(['male', 'female']),
  relation: z.string(),
  notifyTo: z.enum(['MASTER', 'BOTH', 'PATIENT']),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
});

export const me = defineEndpoint({
  method: 'GET',
  path: '/api/me',
  summary: "The signed-in patient's profile, onboarding state and family members",
  tags: ['patients'],
  auth: 'patient',
  response: z.object({
    id: z.uuid(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    profile: z
      .object({
        name: z.string().nullable(),
        phone: z.string().nullable(),
        phone_verified_at: z.string().nullable(),
        email: z.string().nullable(),
        email_verified_at: z.string().nullable(),
        birthday: z.string().nullable(),
        gender: z.number().int().nullable(),
      })
      .nullable(),
    /** The patient's photo (header avatar); null when none was saved. */
    avatar: z.string().nullable(),
    /** The language of the patient's e-mails; null: the site's locale. */
    preferredLocale: z.string().nullable(),
    onboarding: z.object({ onboarded: z.boolean(), missing: z.array(z.string()) }),
    familyMembers: z.array(familyMember),
  }),
  async handler({ auth, db }) {
    // Read as the patient: RLS returns only their own family members.
    const { rows } = await db.query(
      `select id, name, to_char(birthday, 'YYYY-MM-DD') as birthday, gender, relation, notify_to, email, phone, avatar
         from public.family_members where patient_user_id = auth.uid() order by id`,
    );
    const own = await db.query(`select avatar, preferred_locale from public.patients where user_id = auth.uid()`);
    return {
      id: auth.userId,
      avatar: own.rows[0]?.avatar ?? null,
      preferredLocale: own.rows[0]?.preferred_locale ?? null,
      email: auth.claims.email || null,
      phone: auth.claims.phone || null,
      profile: auth.patient,
      onboarding: { onboarded: isOnboarded(auth.patient), missing: missingOnboardingFields(auth.patient) },
      familyMembers: rows.map((r) => ({
        id: Number(r.id),
        name: r.name,
        birthday: r.birthday,
        gender: r.gender,
        relation: r.relation,
        notifyTo: r.notify_to,
        email: r.email,
        phone: r.phone,
        avatar: r.avatar,
      })),
    };
  },
});

export default serve(me);
export const config = { path: '/api/me' };
