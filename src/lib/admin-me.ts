/**
 * GET /api/admin/me: the `_data` schema, shared by the function and the admin app. Written with zod/mini: the
 * admin shell parses it on first load, and zod/mini tree-shakes to what is used (classic zod is ~16 KB gzip more).
 */
import { z } from 'zod/mini';
import { STAFF_ROLES, type MenuEntry } from './admin-menu';

const menuEntry: z.ZodMiniType<MenuEntry> = z.lazy(() =>
  z.object({ key: z.string(), label: z.string(), path: z.optional(z.string()), section: z.enum(['main', 'bottom']), children: z.optional(z.array(menuEntry)) }),
);
const ref = z.object({ id: z.int(), name: z.string() });

export const adminMeSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  avatar: z.nullable(z.string()),
  role: z.enum(STAFF_ROLES),
  hospital: z.nullable(ref),
  /** The branch of a branch manager (SPEC §3 "branch {name}"); the first branch otherwise. */
  branch: z.nullable(ref),
  branches: z.array(ref),
  doctorId: z.nullable(z.int()),
  /** The organization's market (countries.id): its currency, phone prefix and import files. Null for platform staff. */
  countryId: z._default(z.nullable(z.int()), null),
  menu: z.array(menuEntry),
});
export type AdminMe = z.infer<typeof adminMeSchema>;
