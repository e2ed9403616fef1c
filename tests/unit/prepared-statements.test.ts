import { describe, expect, it } from 'vitest';
import { preparedStatementsFor } from '../../src/data/db';

describe('preparedStatementsFor', () => {
  it('keeps named statements on direct connections and session-mode poolers', () => {
    expect(preparedStatementsFor('postgres://postgres@127.0.0.1:5432/care')).toBe(true);
    expect(preparedStatementsFor('postgres://postgres.ref:pw@aws-0-ap-southeast-1.pooler.supabase.com:5432/postgres')).toBe(true);
  });

  it("sends them unnamed through Supabase's transaction-mode pooler (port 6543, or marked pgbouncer=true)", () => {
    expect(preparedStatementsFor('postgres://postgres.ref:pw@aws-0-ap-southeast-1.pooler.supabase.com:6543/postgres')).toBe(false);
    expect(preparedStatementsFor('postgres://u:pw@db.internal:5433/postgres?pgbouncer=true')).toBe(false);
  });

  it('lets DATABASE_PREPARED_STATEMENTS decide when set to on or off', () => {
    expect(preparedStatementsFor('postgres://x@h:6543/db', 'on')).toBe(true);
    expect(preparedStatementsFor('postgres://x@h:5432/db', 'off')).toBe(false);
    expect(preparedStatementsFor('postgres://x@h:6543/db', 'maybe')).toBe(false);
  });
});
