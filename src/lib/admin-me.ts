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
  menu: z.array(menuEntry),
});
export type AdminMe = z.infer<typeof adminMeSchema>;
