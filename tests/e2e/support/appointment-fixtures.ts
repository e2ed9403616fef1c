/**
 * Appointment fixtures of the e2e server (issue 35; GET /__e2e/appointment-fixtures?...):
 * - `?demoDoctor=1`: the demo doctor's id (doctor@demo.test's profile), so a spec books where every role looks;
 * - `?started=<bookingId>`: time passes for one booking: its start moves to an hour ago (its slot and everything
 *   else stay), so the front desk can check it in and complete it. Test support only, never deployed.
 */
import { getDatabase } from '../../../src/data/db';
import { ACCOUNTS } from '../../../supabase/seed/accounts';

export async function handleAppointmentFixtures(req: Request): Promise<Response> {
  const q = new URL(req.url).searchParams;
  const db = await getDatabase();
  if (q.get('demoDoctor')) {
    const { rows } = await db.pool.query('select id::int as id from public.doctors where user_id = $1', [ACCOUNTS.doctor.id]);
    return Response.json({ doctorId: rows[0]?.id ?? null });
  }
  const id = Number(q.get('started'));
  if (!Number.isSafeInteger(id) || id <= 0) return Response.json({ error: 'started=<bookingId> is required' }, { status: 400 });
  const { rowCount } = await db.pool.query(`update public.bookings set starts_at = date_trunc('minute', now()) - interval '1 hour' where id = $1`, [id]);
  return Response.json({ moved: rowCount });
}
