/**
 * The query schema of GET /api/admin/notifications: classic zod, as the endpoint layer makes query objects strict;
 * apart from the answers' schemas (src/lib/admin-notifications.ts), which the admin shell loads.
 */
import { z } from 'zod';

export const notificationListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1000).default(1),
});
