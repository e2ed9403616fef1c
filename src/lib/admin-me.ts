/** GET /api/admin/me: the `_data` schema, shared by the function and the admin app. */
import { z } from 'zod';
import { STAFF_ROLES, type MenuEntry } from './admin-menu';

const menuEntry: z.ZodType<MenuEntry> = z.lazy(() =>
  z.object({ key: z.string(), label: z.string(), path: z.string().optional(), section: z.enum(['main', 'bottom']), children: z.array(menuEntry).optional() }),
);
const ref = z.object({ id: z.number().int(), name: z.string() });

export const adminMeSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
  role: z.enum(STAFF_ROLES),
  hospital: ref.nullable(),
  /** The branch of a branch manager (SPEC §3 "branch {name}"); the first branch otherwise. */
  branch: ref.nullable(),
  branches: z.array(ref),
  doctorId: z.number().int().nullable(),
  /** The organization's market (countries.id): its currency, phone prefix and import files. Null for platform staff. */
  countryId: z.number().int().nullable().default(null),
  menu: z.array(menuEntry),
});
export type AdminMe = z.infer<typeof adminMeSchema>;

/**
 * PUT /api/admin/me (issue #27 item 7, settings): the member's own name and avatar. The avatar is the `path` an
 * upload of kind 'avatar' answered (POST /api/admin/uploads stores it under `<userId>/<random>.<ext>`): the server
 * accepts only the caller's own uploads, so nobody points their avatar at an address of their choosing.
 * `null` removes the avatar; leaving it out keeps it.
 */
export const AVATAR_PATH_RE = /^[0-9a-f-]{36}\/[0-9a-f-]{36}\.(jpg|png|webp)$/;
export const adminProfileInputSchema = z.object({
  name: z.string().trim().min(2).max(100),
  avatarPath: z.string().regex(AVATAR_PATH_RE).nullable().optional(),
});
export type AdminProfileInput = z.infer<typeof adminProfileInputSchema>;
