/**
 * Every admin endpoint (FUNCTIONS of functions/openapi.ts, paths under /api/admin/) has at least one row in the
 * authorization matrix (tests/support/admin-matrix.ts), so a new endpoint cannot skip the role checks of
 * tests/db/admin-authorization.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { allEndpoints } from '../../functions/openapi';
import { ADMIN_MATRIX } from '../support/admin-matrix';

/** Endpoints whose rows are still to come (none today); remove an entry as soon as its row is here. */
const PENDING = new Set<string>();

/** '/api/admin/users/:id' -> a pattern any concrete row path ('/api/admin/users/{missingId}') matches. */
const pattern = (path: string) => new RegExp(`^${path.replace(/:\w+/g, '[^/]+')}$`);
const rowPath = (path: string) => path.split('?')[0]!;

describe('admin authorization matrix coverage', () => {
  const admin = allEndpoints().filter((e) => e.path.startsWith('/api/admin/'));

  it('finds the admin endpoints', () => {
    expect(admin.length).toBeGreaterThan(10);
  });

  it('has a row for every admin endpoint', () => {
    const missing = admin
      .map((e) => `${e.method} ${e.path}`)
      .filter((id) => !PENDING.has(id))
      .filter((id) => {
        const [method, path] = id.split(' ') as [string, string];
        const re = pattern(path);
        // A literal segment wins over a parameter: '/read-all' is not '/:id/read'.
        return !ADMIN_MATRIX.some((r) => r.method === method && re.test(rowPath(r.path)) && !admin.some((o) => o.method === method && o.path !== path && o.path === rowPath(r.path)));
      });
    expect(missing).toEqual([]);
  });

  it('names no pending endpoint that already has a row', () => {
    for (const id of PENDING) {
      const [method, path] = id.split(' ') as [string, string];
      const exists = admin.some((e) => e.method === method && e.path === path);
      const covered = ADMIN_MATRIX.some((r) => r.method === method && pattern(path).test(rowPath(r.path)));
      expect(exists && covered, `${id} has its row now: remove it from PENDING`).toBe(false);
    }
  });
});
