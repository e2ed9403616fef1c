/**
 * The scheduled rebuild (functions/site-rebuild.ts, src/server/site-rebuild.ts) against a real build hook receiver
 * on loopback, and the admin's view of it (GET /api/admin/site-build) over HTTP.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runSiteRebuild } from '../../src/server/site-rebuild';
import { useDatabase } from '../../src/server/runtime';
import { STAFF_ROLES } from '../../src/lib/admin-menu';
import { REBUILD_QUIET_MS, REBUILD_SPACING_MS } from '../../src/lib/site-rebuild';
import { createPatient, createStaff } from '../support/accounts';
import { signAccessToken } from '../support/tokens';
import { startTestServer, type TestServer } from '../support/test-server';
import { describeEachEngine } from './support/engines';

const MINUTE = 60_000;

/** A stand-in for Netlify's build hook: records each POST (its title); answers 500 while `failing`. */
async function hookReceiver() {
  const calls: { method: string; title: string | null }[] = [];
  const state = { failing: false };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://hook');
    calls.push({ method: req.method ?? '', title: url.searchParams.get('trigger_title') });
    req.resume();
    res.writeHead(state.failing ? 500 : 200).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/build_hooks/test`, calls, state, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describeEachEngine('scheduled site rebuild', { seed: true }, (ctx) => {
  let hook: Awaited<ReturnType<typeof hookReceiver>>;
  let server: TestServer;
  /** The clock of the runs: real time plus what the test lets pass. */
  let skew = 0;
  const run = () => runSiteRebuild({ db: ctx.db, hookUrl: hook.url, now: () => Date.now() + skew, attempts: 2, backoffMs: 10, timeoutMs: 2000 });
  const status = async (token?: string) => {
    const res = await fetch(`${server.url}/api/admin/site-build`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    return { status: res.status, cache: res.headers.get('cache-control'), body: await res.json() };
  };
  let staffToken: string;

  beforeAll(async () => {
    hook = await hookReceiver();
    useDatabase(ctx.db);
    server = await startTestServer();
    staffToken = await signAccessToken(await createStaff(ctx.db, { email: `site-build-admin-${ctx.engine}@platform.test`, role: 'admin' }));
  });
  afterAll(async () => {
    await server?.close();
    await hook?.close();
    useDatabase(undefined);
  });

  it('answers the admin: anon 401, a patient 403, every staff role 200 (no-store), nothing built yet', async () => {
    expect((await status()).status).toBe(401);
    const patient = await signAccessToken(await createPatient(ctx.db, { email: `site-build-patient-${ctx.engine}@platform.test`, onboarded: true }));
    expect((await status(patient)).status).toBe(403);
    for (const role of STAFF_ROLES) {
      const token = role === 'admin' ? staffToken : await signAccessToken(await createStaff(ctx.db, { email: `site-build-${role}-${ctx.engine}@platform.test`, role, organizationId: role === 'super' ? null : 1 }));
      const res = await status(token);
      expect(res.status, role).toBe(200);
      expect(res.cache).toBe('no-store');
      expect(res.body._data).toMatchObject({ lastBuild: null });
    }
  });

  it('coalesces a burst of 1,000 directory changes into one build, titled with what changed', async () => {
    // The seed's own changes are in the first full build; the run's seeded database can be minutes old, and its
    // changes would have waited past the patience rule: only the burst is pending here.
    await ctx.db.pool.query('delete from public.directory_changes');
    await ctx.db.pool.query(`insert into public.specialties (country_id, name, slug) select 1, 'Burst ' || g, 'burst-${ctx.engine}-' || g from generate_series(1, 1000) g`);
    const waiting = await status(staffToken);
    expect(waiting.body._data.pendingChanges).toBeGreaterThanOrEqual(1000);
    expect(Date.parse(waiting.body._data.oldestPendingAt)).toBeLessThanOrEqual(Date.now());
    // Still being written: no build yet.
    expect(await run()).toMatchObject({ action: 'waiting' });
    expect(hook.calls).toHaveLength(0);
    // Quiet for two minutes: one build, then nothing more to do.
    skew = REBUILD_QUIET_MS;
    expect(await run()).toMatchObject({ action: 'started' });
    expect(await run()).toMatchObject({ action: 'nothing' });
    expect(hook.calls).toHaveLength(1);
    expect(hook.calls[0].method).toBe('POST');
    expect(hook.calls[0].title).toMatch(/^Directory changed: \d+ specialties/);
    const after = (await status(staffToken)).body._data;
    expect(after).toMatchObject({ pendingChanges: 0, oldestPendingAt: null, lastBuild: { status: 'started', title: hook.calls[0].title } });
    expect(new Date(after.lastBuild.startedAt).toISOString()).toBe(after.lastBuild.startedAt);
  });

  it('starts no second build within 10 minutes of the last', async () => {
    await ctx.db.pool.query(`update public.specialties set name = name || '!' where slug = 'burst-${ctx.engine}-1'`);
    skew += 5 * MINUTE;
    expect(await run()).toMatchObject({ action: 'waiting', pending: 1 });
    expect(hook.calls).toHaveLength(1);
    skew = REBUILD_QUIET_MS + REBUILD_SPACING_MS;
    expect(await run()).toMatchObject({ action: 'started', changes: 1 });
    expect(hook.calls).toHaveLength(2);
  });

  it('retries a failing hook and loses nothing: the changes wait until a build is started', async () => {
    await ctx.db.pool.query(`update public.specialties set name = name || '?' where slug like 'burst-${ctx.engine}-%' and slug < 'burst-${ctx.engine}-2'`);
    const pending = (await status(staffToken)).body._data.pendingChanges;
    expect(pending).toBeGreaterThan(0);
    hook.state.failing = true;
    skew += REBUILD_SPACING_MS + REBUILD_QUIET_MS;
    const calls = hook.calls.length;
    expect(await run()).toMatchObject({ action: 'failed', changes: pending, error: 'build hook answered 500' });
    expect(hook.calls.length - calls).toBe(2); // retried within the run
    expect((await status(staffToken)).body._data).toMatchObject({ pendingChanges: pending, lastBuild: { status: 'failed' } });
    // The next run (a minute later) tries again; the hook works again: every waiting change is in that build.
    hook.state.failing = false;
    skew += MINUTE;
    expect(await run()).toMatchObject({ action: 'started', changes: pending });
    expect((await status(staffToken)).body._data).toMatchObject({ pendingChanges: 0, lastBuild: { status: 'started' } });
  });
});
