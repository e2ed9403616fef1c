/**
 * The video room of a telemedicine booking (issue 36 item 1), made when the booking is confirmed: by the confirm
 * call (nothing to pay), by the payment webhook, or by a reschedule (the new booking gets its own room). Runs in
 * the transaction that confirms, before the confirmation mail is written, so the mail carries the link.
 */
import type pg from 'pg';
import { bookingCode } from '../lib/booking';
import { asServerRole } from './server-role';
import { videoProviderFromEnv, type VideoProvider } from './video-provider';

/** Attaches a room when the booking is a confirmed telemedicine one without a room; its address or null. */
export async function ensureVideoRoom(db: pg.PoolClient, bookingId: number, provider: VideoProvider = videoProviderFromEnv()): Promise<string | null> {
  return asServerRole(db, async () => {
    const { rows } = await db.query(
      `select b.appointment_type, b.status, b.starts_at, ts.started, ts.ended, r.room_url
         from public.bookings b join public.time_slots ts on ts.id = b.slot_id
         left join public.booking_video_rooms r on r.booking_id = b.id
        where b.id = $1`,
      [bookingId],
    );
    const b = rows[0];
    if (!b || b.appointment_type !== 'telemedicine' || b.status !== 'confirmed') return null;
    if (b.room_url) return String(b.room_url);
    const startsAt = new Date(b.starts_at);
    const room = await provider.createRoom({ reference: bookingCode(bookingId), startsAt, endsAt: new Date(startsAt.getTime() + 60 * 60_000) });
    await db.query(`select private.attach_video_room($1, $2, $3)`, [bookingId, room.provider, room.url]);
    return room.url;
  });
}

/** The room as the server reads it (for the mails written on the server's connection). */
export async function videoRoomOf(db: pg.PoolClient, bookingId: number): Promise<string | null> {
  return asServerRole(db, async () => {
    const { rows } = await db.query(`select room_url from public.booking_video_rooms where booking_id = $1`, [bookingId]);
    return rows[0]?.room_url ?? null;
  });
}
