/**
 * PUT /api/admin/me (issue #27 item 7, settings): the member's own name and avatar. The avatar is the `path` an
 * upload of kind 'avatar' answered (POST /api/admin/uploads stores it under `<userId>/<random>.<ext>`): the server
 * accepts only the caller's own uploads, so nobody points their avatar at an address of their choosing.
 * `null` removes the avatar; leaving it out keeps it.
 * Apart from src/lib/admin-me.ts: only the settings screen and the function read it, so the shell's first load
 * does not carry it (nor classic zod).
 */
import { z } from 'zod';

export const AVATAR_PATH_RE = /^[0-9a-f-]{36}\/[0-9a-f-]{36}\.(jpg|png|webp)$/;
export const adminProfileInputSchema = z.object({
  name: z.string().trim().min(2).max(100),
  avatarPath: z.string().regex(AVATAR_PATH_RE).nullable().optional(),
});
export type AdminProfileInput = z.infer<typeof adminProfileInputSchema>;
