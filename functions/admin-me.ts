/** GET /api/admin/me: the signed-in staff member's profile and the menu entries of their role (SPEC §2). */
import { adminMenu } from '../src/lib/admin-menu';
import { adminMeSchema } from '../src/lib/admin-me';
import { defineEndpoint, serve } from '../src/server/endpoint';

export const adminMe = defineEndpoint({
  method: 'GET',
  path: '/api/admin/me',
  summary: "The signed-in staff member's profile, hospital, branches and menu",
  tags: ['admin'],
  auth: 'staff',
  response: adminMeSchema,
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
