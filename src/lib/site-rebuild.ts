/**
 * When the static site is rebuilt after directory data changed (issue #25; pure rules, no I/O). The scheduled
 * function (functions/site-rebuild.ts) runs every minute (REBUILD_SCHEDULE) and starts a build when
 * `shouldRebuild` says so:
 * - at most one build per REBUILD_SPACING_MS (10 minutes), counted between builds the hook accepted;
 * - a burst is coalesced: it waits until nothing changed for REBUILD_QUIET_MS, or its first change has waited
 *   REBUILD_PATIENCE_MS;
 * - so a change is in a started build within 15 minutes: with the last build at s and a change at c, the next one
 *   starts by max(s + 10, min(quiet, c + 5)) + 1 minute of schedule, which is at most c + 11 when s > c − 10 (the
 *   spacing decides) and c + 6 otherwise.
 */
import { z } from 'zod';

export const REBUILD_SCHEDULE = '* * * * *';
export const REBUILD_SPACING_MS = 10 * 60_000;
export const REBUILD_QUIET_MS = 2 * 60_000;
export const REBUILD_PATIENCE_MS = 5 * 60_000;
/** The promise the rules above keep (tests check it). */
export const REBUILD_LATENCY_MS = 15 * 60_000;

/** Directory changes no started build covers yet. */
export interface PendingChanges {
  count: number;
  /** The newest change id: a build started now covers every change up to it. */
  throughId: number;
  /** Epoch ms of the oldest and the newest of them. */
  oldestAt: number;
  newestAt: number;
  /** Changes per entity (table name; 'all' for a reseed), for the build's title. */
  entities: Record<string, number>;
}

/** Whether to start a build now, given what waits and when the hook last accepted one (epoch ms, or null). */
export function shouldRebuild(pending: PendingChanges | null, lastStartedAt: number | null, now: number): boolean {
  if (!pending || pending.count === 0) return false;
  if (lastStartedAt !== null && now - lastStartedAt < REBUILD_SPACING_MS) return false;
  return now - pending.newestAt >= REBUILD_QUIET_MS || now - pending.oldestAt >= REBUILD_PATIENCE_MS;
}

const ENTITY_NAMES: Record<string, [string, string]> = {
  all: ['reseed', 'reseeds'],
  organizations: ['organization', 'organizations'],
  hospitals: ['hospital', 'hospitals'],
  specialties: ['specialty', 'specialties'],
  doctors: ['doctor', 'doctors'],
  doctor_services: ['doctor service', 'doctor services'],
  hospital_services: ['service', 'services'],
  vaccines: ['vaccine', 'vaccines'],
  vaccine_details: ['vaccine detail', 'vaccine details'],
  reviews: ['review', 'reviews'],
  service_categories: ['service category', 'service categories'],
  homepage_blocks: ['homepage block', 'homepage blocks'],
  website_nav: ['menu entry', 'menu entries'],
  popular_search_keys: ['popular search', 'popular searches'],
  articles: ['article', 'articles'],
  vouchers: ['voucher', 'vouchers'],
};

/** The build's title as Netlify lists it: what changed, most changed first ("Directory changed: 998 doctors, 2 hospitals"). */
export function buildTitle(pending: PendingChanges): string {
  const parts = Object.entries(pending.entities)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([entity, n]) => {
      const [one, many] = ENTITY_NAMES[entity] ?? [entity.replace(/_/g, ' '), entity.replace(/_/g, ' ')];
      return `${n} ${n === 1 ? one : many}`;
    });
  const title = `Directory changed: ${parts.join(', ')}`;
  return title.length <= 200 ? title : `${title.slice(0, 199)}…`;
}

/**
 * The local rebuild (`npm start`, issue 37: scripts/lib/local-rebuild.ts). No build minutes to save here, so it
 * starts as soon as a burst of edits is over: nothing changed for LOCAL_REBUILD_QUIET_MS, or the burst's first
 * change waited LOCAL_REBUILD_PATIENCE_MS (a steady trickle of edits cannot hold the site back). One build at a
 * time: changes made while one runs wait for the next, which takes them all.
 */
export const LOCAL_REBUILD_TICK_MS = 1_000;
export const LOCAL_REBUILD_QUIET_MS = 2_000;
export const LOCAL_REBUILD_PATIENCE_MS = 20_000;
/** After a failed local build, the next try waits this long (a broken page would otherwise rebuild in a loop). */
export const LOCAL_REBUILD_RETRY_MS = 60_000;

/** Whether the local server should start a build now (`building`: one is running; `failedAt`: the last one failed then). */
export function shouldRebuildLocally(pending: PendingChanges | null, now: number, state: { building: boolean; failedAt: number | null }): boolean {
  if (!pending || pending.count === 0 || state.building) return false;
  if (state.failedAt !== null && now - state.failedAt < LOCAL_REBUILD_RETRY_MS) return false;
  return now - pending.newestAt >= LOCAL_REBUILD_QUIET_MS || now - pending.oldestAt >= LOCAL_REBUILD_PATIENCE_MS;
}

/** GET /api/admin/site-build: the last rebuild the scheduler started (or failed to) and the changes waiting. */
export const siteBuildStatusSchema = z.object({
  lastBuild: z
    .object({
      startedAt: z.iso.datetime(),
      title: z.string(),
      // 'building' and 'published': the local rebuild of `npm start` (issue 37).
      status: z.enum(['started', 'failed', 'building', 'published']),
      finishedAt: z.iso.datetime().nullable().optional(),
    })
    .nullable(),
  pendingChanges: z.number().int().nonnegative(),
  oldestPendingAt: z.iso.datetime().nullable(),
});
export type SiteBuildStatus = z.infer<typeof siteBuildStatusSchema>;
