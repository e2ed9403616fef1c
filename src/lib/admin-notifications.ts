/**
 * The admin bell (issue #27 item 4, SPEC §2 top bar "notification bell with numeric badge"): call shapes shared by
 * functions/admin-notifications.ts and the admin app, and the badge rule. zod/mini: the shell's bell parses them on
 * first load (see src/lib/admin-me.ts); the list call's query schema is in src/lib/admin-notifications-query.ts.
 */
import { z } from 'zod/mini';

export const NOTIFICATION_KINDS = ['booking_new', 'booking_cancelled', 'import_finished', /* issue 40 */ 'webhook_paused'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATIONS_PAGE_SIZE = 20;
/** The unread count is counted up to this many: the badge shows '99+' above 99, so more is never needed. */
export const UNREAD_COUNT_CAP = 100;
/** The bell refreshes every 30 s while the tab is visible. */
export const NOTIFICATIONS_POLL_MS = 30_000;


/** Unread notifications, counted up to UNREAD_COUNT_CAP. */
const unreadCount = z.int().check(z.gte(0), z.lte(UNREAD_COUNT_CAP));

export const notificationSchema = z.object({
  id: z.int(),
  kind: z.enum(NOTIFICATION_KINDS),
  createdAt: z.iso.datetime(),
  read: z.boolean(),
  /** The booking's appointment, to be shown in its hospital's time zone. */
  booking: z.nullable(z.object({ id: z.int(), startsAt: z.iso.datetime(), timeZone: z.string(), hospitalName: z.string() })),
  import: z.nullable(z.object({ id: z.int(), fileName: z.string(), status: z.string() })),
});
export type AdminNotification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  unread: unreadCount,
  page: z.int(),
  hasMore: z.boolean(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const markReadSchema = z.object({ unread: unreadCount });

/** The badge text: nothing at 0, the number up to 99, '99+' above. */
export function badgeText(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > 99 ? '99+' : String(unread);
}
