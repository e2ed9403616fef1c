/**
 * The admin bell (issue #27 item 4): the signed-in staff member's notifications, latest first, with the unread
 * count; mark one or all read. Rows come from the database's triggers (migration 20261127400000) and row-level
 * security decides which a caller sees, as it does for the bookings and imports they are about. Every staff role;
 * personal answers (no-store).
 */
import { z } from 'zod';
import {
  markReadSchema,
  NOTIFICATIONS_PAGE_SIZE,
  notificationListSchema,
  UNREAD_COUNT_CAP,
  type AdminNotification,
} from '../src/lib/admin-notifications';
import { notificationListQuerySchema } from '../src/lib/admin-notifications-query';
import { notFound } from '../src/lib/errors';
import type { Queryable } from '../src/data/db';
import { defineEndpoint, serve } from '../src/server/endpoint';

interface Row {
  id: string;
  kind: AdminNotification['kind'];
  created_at: Date;
  read: boolean;
  booking_id: string | null;
  starts_at: Date | null;
  time_zone: string | null;
  hospital_name: string | null;
  import_id: string | null;
  file_name: string | null;
  import_status: string | null;
}

/** Everything up to the caller's watermark is read ("mark all read"); above it, the single reads. */
const WATERMARK = `coalesce((select m.read_through from public.notification_read_marks m where m.user_id = $1), 0)`;

/** Unread notifications the caller sees, counted up to the cap (the badge needs no more). */
async function unreadCount(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from (
       select 1 from public.notifications n
        where n.id > ${WATERMARK}
          and not exists (select 1 from public.notification_reads r where r.user_id = $1 and r.notification_id = n.id)
        limit $2) s`,
    [userId, UNREAD_COUNT_CAP],
  );
  return rows[0].n;
}

function toItem(r: Row): AdminNotification {
  return {
    id: Number(r.id),
    kind: r.kind,
    createdAt: r.created_at.toISOString(),
    read: r.read,
    booking: r.booking_id && r.starts_at ? { id: Number(r.booking_id), startsAt: r.starts_at.toISOString(), timeZone: r.time_zone ?? 'UTC', hospitalName: r.hospital_name ?? '' } : null,
    import: r.import_id ? { id: Number(r.import_id), fileName: r.file_name ?? '', status: r.import_status ?? '' } : null,
  };
}

export const listNotifications = defineEndpoint({
  method: 'GET',
  path: '/api/admin/notifications',
  summary: "The caller's notifications (new and cancelled bookings, finished imports), latest first, 20 a page, with the unread count",
  tags: ['admin'],
  auth: 'staff',
  query: notificationListQuerySchema,
  response: notificationListSchema,
  async handler({ query, auth, db }) {
    const offset = (query.page - 1) * NOTIFICATIONS_PAGE_SIZE;
    // One more than a page tells whether another page follows, without counting every row.
    const { rows } = await db.query<Row>(
      `select n.id, n.kind, n.created_at,
              (n.id <= ${WATERMARK} or exists (select 1 from public.notification_reads r where r.user_id = $1 and r.notification_id = n.id)) as read,
              b.id as booking_id, b.starts_at, h.time_zone, h.name as hospital_name,
              i.id as import_id, i.file_name, i.status as import_status
         from public.notifications n
         left join public.bookings b on b.id = n.booking_id
         left join public.hospitals h on h.id = n.hospital_id
         left join public.imports i on i.id = n.import_id
        order by n.id desc
        limit $2 offset $3`,
      [auth.userId, NOTIFICATIONS_PAGE_SIZE + 1, offset],
    );
    return {
      items: rows.slice(0, NOTIFICATIONS_PAGE_SIZE).map(toItem),
      unread: await unreadCount(db, auth.userId),
      page: query.page,
      hasMore: rows.length > NOTIFICATIONS_PAGE_SIZE,
    };
  },
});

export const markNotificationRead = defineEndpoint({
  method: 'POST',
  path: '/api/admin/notifications/:id/read',
  summary: 'Mark one notification read',
  tags: ['admin'],
  auth: 'staff',
  params: z.object({ id: z.coerce.number().int().positive() }),
  response: markReadSchema,
  async handler({ params, auth, db }) {
    const seen = await db.query('select 1 from public.notifications where id = $1', [params.id]);
    if (!seen.rowCount) throw notFound('This notification does not exist.');
    await db.query('insert into public.notification_reads (user_id, notification_id) values ($1, $2) on conflict do nothing', [auth.userId, params.id]);
    return { unread: await unreadCount(db, auth.userId) };
  },
});

export const markAllNotificationsRead = defineEndpoint({
  method: 'POST',
  path: '/api/admin/notifications/read-all',
  summary: 'Mark every notification read (moves the caller’s watermark to the latest one they see)',
  tags: ['admin'],
  auth: 'staff',
  response: markReadSchema,
  async handler({ auth, db }) {
    const { rows } = await db.query<{ through: string }>(
      `insert into public.notification_read_marks as m (user_id, read_through)
       select $1, coalesce(max(id), 0) from public.notifications
       on conflict (user_id) do update set read_through = greatest(m.read_through, excluded.read_through), updated_at = now()
       returning m.read_through as through`,
      [auth.userId],
    );
    // Single reads under the watermark say nothing more: dropping them keeps the table small.
    await db.query('delete from public.notification_reads where user_id = $1 and notification_id <= $2', [auth.userId, rows[0].through]);
    return { unread: await unreadCount(db, auth.userId) };
  },
});

export default serve(listNotifications, markNotificationRead, markAllNotificationsRead);
export const config = { path: ['/api/admin/notifications', '/api/admin/notifications/read-all', '/api/admin/notifications/:id/read'] };
