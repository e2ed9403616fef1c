/** GET /api/admin/me: the signed-in staff member's profile and the menu entries of their role (SPEC §2). */
import { z } from 'zod';
import { adminMenu, STAFF_ROLES, type MenuEntry } from '../src/lib/admin-menu';
import { defineEndpoint, serve } from '../src/server/endpoint';

const menuEntry: z.ZodType<MenuEntry> = z.lazy(() =>
  z.object({ key: z.string(), label: z.string(), path: z.string().optional(), section: z.enum(['main', 'bottom']), children: z.array(menuEntry).optional() }),
);
const ref = z.object({ id: z.number().int(), name: z.string() });

export const adminMe = defineEndpoint({
  method: 'GET',
  path: '/api/admin/me',
  summary: "The signed-in staff member's profile, hospital, branches and menu",
  tags: ['admin'],
  auth: 'staff',
  response: z.object({
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
  }),
  async handler({ auth }) {
    const s = auth.staff;
    return {
      id: s.userId,
      name: s.name,
      email: s.email,
      phone: s.phone,
      avatar: s.avatar,
      role: s.role,
      hospital: s.hospital,
      branch: s.branches[0] ?? null,
      branches: s.branches,
      doctorId: s.doctorId,
      menu: adminMenu(s.role),
    };
  },
});

export default serve(adminMe);
export const config = { path: '/api/admin/me' };
