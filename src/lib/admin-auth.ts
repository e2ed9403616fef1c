/** Staff sign-in and forgot password (SPEC §2 admin login, §7 forgot password): shared schemas. */
import { z } from 'zod';

export const staffSignInSchema = z.object({ email: z.email().max(254), password: z.string().min(1).max(200) });
export const forgotPasswordSchema = z.object({ email: z.email().max(254) });

export const PASSWORD_MIN = 8;
export const resetPasswordSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/), password: z.string().min(PASSWORD_MIN).max(72) });
