/**
 * GET /api/admin/me: the signed-in staff member's profile and the menu entries of their role (SPEC §2);
 * PUT /api/admin/me: their own name and avatar (settings, issue #27 item 7).
 */
import { adminMenu } from '../src/lib/admin-menu';
import { adminMeSchema, type AdminMe } from '../src/lib/admin-me';
import { adminProfileInputSchema } from '../src/lib/admin-profile-input';
import { forbidden } from '../src/lib/errors';
import type { StaffProfile } from '../src/server/auth';
import { defineEndpoint, serve } from '../src/server/endpoint';
import { objectStorage, UPLOAD_KINDS } from '../src/server/storage';

export const adminMe = defineEndpoint({
  method: 'GET',
  path: '/api/admin/me',
  summary: "The signed-in staff member's profile, hospital, branches and menu",
  tags: ['admin'],
  auth: 'staff',
  response: adminMeSchema,
  async handler({ auth }) {
    return meOf(auth.staff);
  },
});

/** The answer of both calls, from the session's staff profile. */
function meOf(s: StaffProfile): AdminMe {
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
    countryId: s.countryId,
    menu: adminMenu(s.role),
  };
}

/** The public address of the caller's own avatar upload; another member's upload is refused. */
function avatarUrl(path: string, userId: string): string {
  if (!path.startsWith(`${userId}/`)) throw forbidden('You can only use an avatar you uploaded.');
  return objectStorage().publicUrl(UPLOAD_KINDS.avatar.bucket, path);
}

export const updateAdminMe = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/me',
  summary: "Change the signed-in staff member's own name and avatar (settings)",
  tags: ['admin'],
  auth: 'staff',
  body: { json: adminProfileInputSchema },
  response: adminMeSchema,
  async handler({ body, auth, db, messages }) {
    const avatar = body.avatarPath === undefined ? undefined : body.avatarPath === null ? null : avatarUrl(body.avatarPath, auth.userId);
    // Row-level security: "Staff update their own account"; role, organization and status stay guarded.
    await db.query(
      `update public.admin_users set name = $2, avatar = case when $3::boolean then $4::text else avatar end, updated_at = now() where user_id = $1`,
      [auth.userId, body.name, avatar !== undefined, avatar ?? null],
    );
    messages.push('Your profile was saved.');
    return meOf({ ...auth.staff, name: body.name, avatar: avatar === undefined ? auth.staff.avatar : avatar });
  },
});

export default serve(adminMe, updateAdminMe);
export const config = { path: '/api/admin/me' };
