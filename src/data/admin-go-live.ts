/** The go-live facts of an organization (issue 37 item 6): one call of public.organization_go_live, as the caller. */
import type { Queryable } from './db';
import { goLiveFacts, type GoLiveFacts } from '../lib/admin-go-live';

/** Null when the organization does not exist or is not the caller's (the function refuses with 42501). */
export async function organizationGoLive(db: Queryable, organizationId: number): Promise<GoLiveFacts | null> {
  await db.query('savepoint go_live');
  try {
    const { rows } = await db.query('select public.organization_go_live($1) as facts', [organizationId]);
    await db.query('release savepoint go_live');
    return goLiveFacts.parse(rows[0].facts);
  } catch (e) {
    if ((e as { code?: string }).code !== '42501') throw e;
    await db.query('rollback to savepoint go_live');
    return null;
  }
}
