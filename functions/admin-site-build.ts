/**
 * GET /api/admin/site-build: when the public site was last rebuilt (the scheduled rebuild's last attempt) and how
 * many directory changes wait for the next build, for the admin app. Every staff role; personal (no-store).
 */
import { siteBuildStatusSchema, type SiteBuildStatus } from '../src/lib/site-rebuild';
import { defineEndpoint, serve } from '../src/server/endpoint';

const isoInstant = (v: string | null) => (v === null ? null : new Date(v).toISOString());

export const siteBuild = defineEndpoint({
  method: 'GET',
  path: '/api/admin/site-build',
  summary: 'When the public site was last rebuilt, and the directory changes waiting for the next build',
  tags: ['admin'],
  auth: 'staff',
  response: siteBuildStatusSchema,
  async handler({ db }) {
    const { rows } = await db.query<{ s: SiteBuildStatus }>(
      'select public.site_build_status() as s',
    );
    const { lastBuild, pendingChanges, oldestPendingAt } = rows[0].s;
    return {
      lastBuild: lastBuild && { ...lastBuild, startedAt: isoInstant(lastBuild.startedAt)!, finishedAt: isoInstant(lastBuild.finishedAt ?? null) },
      pendingChanges,
      oldestPendingAt: isoInstant(oldestPendingAt),
    };
  },
});

export default serve(siteBuild);
export const config = { path: '/api/admin/site-build' };
