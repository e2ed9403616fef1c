/**
 * Server-only writes inside a request's transaction. The transaction may run as an API role (`authenticated`,
 * RLS deciding) while the server must also write a table no API role may touch (the outbox, payments): `fn` runs
 * as the connection's login role and the transaction's role is put back afterwards, whatever happens.
 */
import type pg from 'pg';

export async function asServerRole<T>(client: pg.PoolClient, fn: () => Promise<T>): Promise<T> {
  const { rows } = await client.query<{ role: string }>(`select current_setting('role') as role`);
  const role = rows[0]?.role ?? 'none';
  if (role === 'none') return fn();
  await client.query(`set local role none`);
  try {
    return await fn();
  } finally {
    await client.query(`select set_config('role', $1, true)`, [role]);
  }
}
