/**
 * Hospital and service phone numbers are closed to anon (migration 20261127200100): a visitor gets one through
 * the signed-in, rate-limited phone reveal (functions/hospital-phone.ts). The build still prints them, masked for
 * visitors where the market says so (src/lib/phone.ts), so it reads them as the server's own role, only for the
 * rows it has already read as anon (row-level security decided which).
 */
import type { Queryable } from './db';
import { asServerRole } from '../server/server-role';

export async function phonesOf(c: Queryable, table: 'hospitals' | 'hospital_services', ids: readonly number[]): Promise<Map<number, string | null>> {
  if (ids.length === 0) return new Map();
  const { rows } = await asServerRole(c, () =>
    c.query<{ id: string; phone: string | null }>(`select id::text as id, phone from public.${table} where id = any($1::bigint[])`, [ids]),
  );
  return new Map(rows.map((r) => [Number(r.id), r.phone]));
}
