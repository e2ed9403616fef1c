/**
 * Server-only work inside a request's transaction. The transaction may run as an API role (`anon`,
 * `authenticated`, RLS deciding) while the server must also write a table or call a function no API role may
 * touch (the outbox, payments, public.public_owner_slots): `fn` runs as the connection's login role and the
 * transaction's role is put back afterwards, whatever happens.
 */
import { isCallerStatements, type Queryable } from '../data/db';

// One round trip reads the transaction's role and leaves it (the materialized CTE is read before the
// set_config of the select list runs).
const LEAVE_ROLE = `with r as materialized (select current_setting('role') as role)
  select r.role, set_config('role', 'none', true) from r`;

export async function asServerRole<T>(client: Queryable, fn: () => Promise<T>): Promise<T> {
  // A call sent one statement at a time switches role inside each of fn's statements: no round trip of its own.
  if (isCallerStatements(client)) return client.asServer(fn);
  const { rows } = await client.query<{ role: string }>(LEAVE_ROLE);
  const role = rows[0]?.role ?? 'none';
  if (role === 'none') return fn();
  const restore = () => client.query(`select set_config('role', $1, true)`, [role]);
  let result: T;
  try {
    result = await fn();
  } catch (err) {
    // After a failed statement the transaction is aborted and refuses the restore (and anything else): the
    // original error is the one to report.
    await restore().catch(() => undefined);
    throw err;
  }
  await restore();
  return result;
}
