/**
 * Scheduled function (issue 35): visits still confirmed AUTO_COMPLETE_AFTER_MINUTES after their slot ends become
 * completed (public.complete_past_bookings, server only), so the patient can review them. Visits the front desk
 * marked otherwise (no-show, cancelled) are left alone. Every 10 minutes on Netlify; locally with the other
 * scheduled functions (scripts/lib/scheduled.ts). Running twice completes nothing twice.
 */
import { AUTO_COMPLETE_AFTER_MINUTES } from '../src/lib/admin-appointments';
import { serverDatabase } from '../src/server/runtime';

export default async (): Promise<Response> => {
  const db = await serverDatabase();
  const { rows } = await db.pool.query(`select public.complete_past_bookings(make_interval(mins => $1)) as n`, [AUTO_COMPLETE_AFTER_MINUTES]);
  const completed = Number(rows[0]?.n ?? 0);
  if (completed) console.log(JSON.stringify({ fn: 'booking-completion', completed }));
  return Response.json({ completed }, { headers: { 'cache-control': 'no-store' } });
};

export const config = { schedule: '*/10 * * * *' };
