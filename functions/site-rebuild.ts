/**
 * Scheduled function (Netlify: `config.schedule`, every minute): rebuilds the static site when directory data
 * changed, at most once per 10 minutes, each change in a started build within 15 (src/lib/site-rebuild.ts,
 * src/server/site-rebuild.ts). Not routed: Netlify invokes it on its schedule only.
 */
import { REBUILD_SCHEDULE } from '../src/lib/site-rebuild';
import { rebuildConfig } from '../src/server/config';
import { serverDatabase } from '../src/server/runtime';
import { runSiteRebuild } from '../src/server/site-rebuild';

export default async function siteRebuild(): Promise<Response> {
  const { hookUrl } = rebuildConfig();
  const outcome = await runSiteRebuild({ db: await serverDatabase(), hookUrl });
  console.log(JSON.stringify({ level: outcome.action === 'failed' ? 'error' : 'info', what: 'site rebuild', ...outcome }));
  return new Response(null, { status: outcome.action === 'failed' ? 502 : 204 });
}

export const config = { schedule: REBUILD_SCHEDULE };
