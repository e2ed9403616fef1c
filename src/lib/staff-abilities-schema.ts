/** The shape of a staff ability as /api/session answers it (src/lib/staff-abilities.ts has the table and the check). */
import { z } from 'zod';

export const AbilitySchema = z.object({
  action: z.enum(['read', 'manage']),
  subject: z.enum(['booking-block', 'all']),
  /** The hospitals it applies to; null: every hospital. */
  hospitalIds: z.array(z.number().int()).nullable(),
});
export type Ability = z.infer<typeof AbilitySchema>;
