/**
 * One run of the scheduled rebuild (functions/site-rebuild.ts): under a lock (two runs never both build), read
 * the directory changes no started build covers, decide (src/lib/site-rebuild.ts), POST the Netlify build hook
 * with a title naming what changed, and record the attempt. A refused or unanswered hook is retried within the run,
 * then recorded as failed: the changes stay pending, so the next run (a minute later) tries again; nothing is lost.
 */
import { transaction, type Database } from '../data/db';
import { lastStartedAt, pendingChanges, recordBuild } from '../data/site-builds';
import { buildTitle, shouldRebuild } from '../lib/site-rebuild';

/** pg_try_advisory_xact_lock key of the rebuild run. */
const LOCK_KEY = 2026_1126;

export interface RebuildOptions {
  db: Database;
  /** NETLIFY_BUILD_HOOK. */
  hookUrl: string;
  now?: () => number;
  /** POSTs to the hook per run before the attempt is recorded as failed. */
  attempts?: number;
  /** Wait before the second attempt (doubled each time). */
  backoffMs?: number;
  /** Per POST: a scheduled function has 30 s in all. */
  timeoutMs?: number;
}

export type RebuildOutcome =
  | { action: 'busy' | 'nothing' }
  | { action: 'waiting'; pending: number }
  | { action: 'started' | 'failed'; title: string; changes: number; error?: string };

export async function runSiteRebuild(options: RebuildOptions): Promise<RebuildOutcome> {
  const now = options.now ?? Date.now;
  return transaction(options.db, async (c) => {
    const { rows } = await c.query<{ locked: boolean }>('select pg_try_advisory_xact_lock($1) as locked', [LOCK_KEY]);
    if (!rows[0].locked) return { action: 'busy' };
    const pending = await pendingChanges(c);
    if (!pending) return { action: 'nothing' };
    if (!shouldRebuild(pending, await lastStartedAt(c), now())) return { action: 'waiting', pending: pending.count };
    const title = buildTitle(pending);
    const startedAt = new Date(now());
    const error = await postHook(options.hookUrl, title, options);
    await recordBuild(c, { startedAt, status: error ? 'failed' : 'started', title, throughChangeId: pending.throughId, changes: pending.count, error: error ?? undefined });
    return error ? { action: 'failed', title, changes: pending.count, error } : { action: 'started', title, changes: pending.count };
  });
}

/** POSTs the hook (Netlify takes the build's title as `trigger_title`); the last error, or null once one succeeded. */
async function postHook(hookUrl: string, title: string, options: RebuildOptions): Promise<string | null> {
  const url = new URL(hookUrl);
  url.searchParams.set('trigger_title', title);
  const attempts = options.attempts ?? 3;
  let error = 'not attempted';
  for (let i = 0; i < attempts; i++) {
    if (i > 0) await new Promise((r) => setTimeout(r, (options.backoffMs ?? 1000) * 2 ** (i - 1)));
    try {
      const res = await fetch(url, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' }, signal: AbortSignal.timeout(options.timeoutMs ?? 5000) });
      await res.arrayBuffer();
      if (res.ok) return null;
      error = `build hook answered ${res.status}`;
    } catch (err) {
      error = `build hook did not answer: ${err instanceof Error ? err.message : String(err)}`;
    }
  }
  return error;
}
