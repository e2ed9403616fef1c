/**
 * Family (sub-patient) profiles of the signed-in patient (SPEC §3–5, §7, §8):
 * GET /api/family lists them; POST /api/family creates one (multipart); POST /api/family/:id with the
 * method-override field _method=PUT updates one; DELETE /api/family/:id deletes one. Create and update answer
 * `_data.contact`. The rules are src/lib/family-profile.ts (the popup checks the same); the photo goes to storage
 * (JPEG, PNG or WebP up to 2 MB, its real type read from its bytes). Every statement runs as the patient: RLS
 * makes another patient's profile invisible, so its id answers 404.
 */
import { z } from 'zod';
import { translate } from '../i18n/strings';
import {
  GENDERS,
  NOTIFY_TO_OF_PAYLOAD,
  familyProfileRecord,
  validateFamilyProfile,
  type FamilyProfileValues,
  type NotifyToPayload,
} from '../src/lib/family-profile';
import { forbidden, notFound, validationFailed } from '../src/lib/errors';
import type { Queryable } from '../src/data/db';
import { defineEndpoint, serve } from '../src/server/endpoint';
import { checkUpload, objectStorage, storeUpload, UPLOAD_KINDS, type StoredObject } from '../src/server/storage';
import { latestMarketToday } from './me-profile';

export const contact = z.object({
  id: z.number().int(),
  name: z.string(),
  birthday: z.string(),
  gender: z.enum(GENDERS),
  relation: z.string(),
  notifyTo: z.enum(['MASTER', 'BOTH', 'PATIENT']),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
});
type Contact = z.infer<typeof contact>;

/** The multipart fields of SPEC §3 (notify_to MASTER, BOTH or PATIENT); the rules are checked after parsing. */
const profileBody = z.object({
  name: z.string().max(1000).default(''),
  birthday: z.string().max(20).default(''),
  gender: z.string().max(10).default('male'),
  relation: z.string().max(40).default(''),
  notify_to: z.enum(['MASTER', 'BOTH', 'PATIENT']).default('MASTER'),
  email: z.string().max(320).optional(),
  phone: z.string().max(40).optional(),
  avatar: z.file().optional(),
});
type ProfileBody = z.infer<typeof profileBody>;

const CONTACT_COLUMNS = `id, name, to_char(birthday, 'YYYY-MM-DD') as birthday, gender, relation, notify_to, email, phone, avatar`;

function toContact(r: Record<string, unknown>): Contact {
  return {
    id: Number(r.id),
    name: String(r.name),
    birthday: String(r.birthday),
    gender: r.gender as Contact['gender'],
    relation: String(r.relation),
    notifyTo: r.notify_to as Contact['notifyTo'],
    email: (r.email as string | null) ?? null,
    phone: (r.phone as string | null) ?? null,
    avatar: (r.avatar as string | null) ?? null,
  };
}

function valuesOf(b: ProfileBody): FamilyProfileValues {
  return {
    name: b.name,
    birthday: b.birthday,
    gender: b.gender as FamilyProfileValues['gender'],
    relation: b.relation,
    notifyTo: NOTIFY_TO_OF_PAYLOAD[b.notify_to as NotifyToPayload],
    email: b.email ?? '',
    phone: b.phone ?? '',
  };
}

/** The SPEC §5 rules, re-checked here; a 422 naming each field with the popup's own (English) messages. */
function checkProfile(b: ProfileBody, hasPreview: boolean): void {
  const errors = validateFamilyProfile(valuesOf(b), latestMarketToday(), { file: b.avatar ? { size: b.avatar.size, type: b.avatar.type } : null, hasPreview });
  const entries = Object.entries(errors);
  if (entries.length) throw validationFailed(Object.fromEntries(entries.map(([f, e]) => [f, [translate('en-PH', e.key, e.params)]])));
}

/** Checks and stores the photo under the patient's folder; its public URL. */
async function storeAvatar(file: File, userId: string): Promise<StoredObject> {
  // The bytes say what the file is (a renamed file is refused), with the popup's field name.
  await checkUpload('avatar', file, 'avatar');
  return storeUpload('avatar', file, userId);
}

/** Runs the write; a stored photo the write did not keep is removed again (nothing left half-done). */
async function withAvatar<T>(file: File | undefined, userId: string, write: (url: string | null) => Promise<T>): Promise<T> {
  const stored = file ? await storeAvatar(file, userId) : null;
  try {
    return await write(stored?.publicUrl ?? null);
  } catch (e) {
    if (stored) await objectStorage().remove(UPLOAD_KINDS.avatar.bucket, stored.path).catch(() => undefined);
    throw e;
  }
}

async function requirePatientRow(db: Queryable): Promise<void> {
  const { rows } = await db.query(`select 1 from public.patients where user_id = auth.uid()`);
  if (!rows[0]) throw forbidden('Please complete your profile before adding family profiles.');
}

const MULTIPART_LIMIT = UPLOAD_KINDS.avatar.maxBytes + 64 * 1024;

export const listFamily = defineEndpoint({
  method: 'GET',
  path: '/api/family',
  summary: "The signed-in patient's family profiles",
  tags: ['patients'],
  auth: 'patient',
  response: z.object({ contacts: z.array(contact) }),
  async handler({ db }) {
    const { rows } = await db.query(`select ${CONTACT_COLUMNS} from public.family_members where patient_user_id = auth.uid() order by id`);
    return { contacts: rows.map(toContact) };
  },
});

export const createFamily = defineEndpoint({
  method: 'POST',
  path: '/api/family',
  summary: 'Create a family profile (multipart: name, birthday yyyy-MM-dd, gender, relation, notify_to, email, phone, avatar)',
  description: 'Under 19 a child profile: notify_to is MASTER and no e-mail is kept. The e-mail is required unless notify_to is MASTER. The photo is required.',
  tags: ['patients'],
  auth: 'patient',
  body: { multipart: profileBody, maxBytes: MULTIPART_LIMIT },
  response: z.object({ contact }),
  async handler({ auth, body, db, messages }) {
    checkProfile(body, false);
    await requirePatientRow(db);
    const r = familyProfileRecord(valuesOf(body), latestMarketToday());
    const saved = await withAvatar(body.avatar, auth.userId, async (avatar) => {
      const { rows } = await db.query(
        `insert into public.family_members (patient_user_id, name, birthday, gender, relation, notify_to, email, phone, avatar)
         values (auth.uid(), $1, $2::date, $3, $4, $5, $6, $7, $8) returning ${CONTACT_COLUMNS}`,
        [r.name, r.birthday, r.gender, r.relation, r.notify_to, r.email, r.phone, avatar],
      );
      return toContact(rows[0]);
    });
    messages.push('Create successfully');
    return { contact: saved };
  },
});

const idParams = z.object({ id: z.coerce.number().int().positive() });

export const updateFamily = defineEndpoint({
  method: 'PUT',
  path: '/api/family/:id',
  summary: 'Update a family profile (POST with _method=PUT, same multipart body as create; the photo only when replaced)',
  tags: ['patients'],
  auth: 'patient',
  params: idParams,
  body: { multipart: profileBody, maxBytes: MULTIPART_LIMIT },
  response: z.object({ contact }),
  async handler({ auth, params, body, db, messages }) {
    // Locked for the update; invisible (404) when it is another patient's.
    const { rows: found } = await db.query(`select avatar from public.family_members where id = $1 and patient_user_id = auth.uid() for update`, [params.id]);
    if (!found[0]) throw notFound('Profile not found');
    checkProfile(body, !!found[0].avatar);
    const r = familyProfileRecord(valuesOf(body), latestMarketToday());
    const saved = await withAvatar(body.avatar, auth.userId, async (avatar) => {
      const { rows } = await db.query(
        `update public.family_members
            set name = $2, birthday = $3::date, gender = $4, relation = $5, notify_to = $6, email = $7, phone = $8,
                avatar = coalesce($9, avatar), updated_at = now()
          where id = $1 and patient_user_id = auth.uid() returning ${CONTACT_COLUMNS}`,
        [params.id, r.name, r.birthday, r.gender, r.relation, r.notify_to, r.email, r.phone, avatar],
      );
      return toContact(rows[0]);
    });
    messages.push('Update successfully');
    return { contact: saved };
  },
});

export const deleteFamily = defineEndpoint({
  method: 'DELETE',
  path: '/api/family/:id',
  summary: 'Delete a family profile (their past bookings stay, no longer linked to the profile)',
  tags: ['patients'],
  auth: 'patient',
  params: idParams,
  response: z.object({ id: z.number().int() }),
  async handler({ params, db, messages }) {
    const { rows } = await db.query(`delete from public.family_members where id = $1 and patient_user_id = auth.uid() returning id`, [params.id]);
    if (!rows[0]) throw notFound('Profile not found');
    messages.push('Delete successfully');
    return { id: Number(rows[0].id) };
  },
});

export default serve(listFamily, createFamily, updateFamily, deleteFamily);
export const config = { path: ['/api/family', '/api/family/:id'] };
