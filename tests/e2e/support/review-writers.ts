/**
 * The account end-to-end test reviews the seeded completed visits of ACCOUNT_PATIENT while the run goes on, and a
 * review is published at once; the static pages were built before the run. Fixtures that compare a page's review
 * count with the database therefore leave out the doctors and hospitals of those visits.
 */
import type { Database } from '../../../src/data/db';
import { ACCOUNT_PATIENT } from '../../../supabase/seed/account';

export interface ReviewedDuringRun {
  /** SQL list of doctor ids, e.g. `(12,13)`; `(0)` when there is none, so `not in` stays valid. */
  doctors: string;
  hospitals: string;
}

const sqlList = (ids: number[]) => `(${ids.length ? ids.join(',') : '0'})`;

export async function reviewedDuringRun(db: Database): Promise<ReviewedDuringRun> {
  const { rows } = await db.pool.query<{ doctor_id: number | null; hospital_id: number }>(
    `select distinct doctor_id::int, hospital_id::int from public.bookings where patient_user_id = $1`,
    [ACCOUNT_PATIENT.id],
  );
  const ids = (pick: (r: (typeof rows)[number]) => number | null) => [...new Set(rows.map(pick).filter((v): v is number => v !== null))];
  return { doctors: sqlList(ids((r) => r.doctor_id)), hospitals: sqlList(ids((r) => r.hospital_id)) };
}
