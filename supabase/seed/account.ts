/**
 * Patient-account seed (issue 28): the demo family members' relations as the codes the family popup offers
 * (src/lib/family-profile.ts RELATIONS) instead of the words the first seed wrote.
 */
import type { Database } from '../../src/data/db';

const RELATION_CODES: Record<string, string> = { con: 'child', 'bố': 'parent', 'mẹ': 'parent' };

export async function seedAccount(db: Database): Promise<void> {
  for (const [word, code] of Object.entries(RELATION_CODES)) {
    await db.pool.query(`update public.family_members set relation = $2 where relation = $1`, [word, code]);
  }
}
