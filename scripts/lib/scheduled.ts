/**
 * Netlify scheduled functions run locally: every module of the functions folder whose `config.schedule` is set
 * (a cron expression on Netlify, at most once a minute) is called every `intervalMs` instead, so that local use
 * and end-to-end tests need not wait a minute (the outbox sender, functions/outbox-sender.ts). A run is skipped
 * while the previous one of the same function is still going. A function whose configuration is missing here (the
 * site rebuild without NETLIFY_BUILD_HOOK) is said once and not run again.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError } from '../../src/server/config';

type Scheduled = { name: string; handler: (req: Request, context: unknown) => Response | Promise<Response> };

export async function loadScheduledFunctions(functionsDir: string): Promise<Scheduled[]> {
  const files = (await readdir(functionsDir).catch(() => [] as string[])).filter((f) => /\.(ts|mts|js|mjs)$/.test(f) && !f.startsWith('_'));
  const out: Scheduled[] = [];
  for (const f of files.sort()) {
    const mod = await import(pathToFileURL(path.join(functionsDir, f)).href);
    if (typeof mod.default === 'function' && typeof mod.config?.schedule === 'string') out.push({ name: f, handler: mod.default });
  }
  return out;
}

export interface ScheduledRunner {
  /** Runs every scheduled function once now (tests). */
  runOnce(): Promise<void>;
  stop(): void;
}

export async function startScheduledFunctions(options: { functionsDir: string; origin: string; intervalMs?: number; log?: (line: string) => void }): Promise<ScheduledRunner> {
  const fns = await loadScheduledFunctions(options.functionsDir);
  const intervalMs = options.intervalMs ?? Number(process.env.LOCAL_SCHEDULE_MS ?? 2000);
  const running = new Map<string, Promise<void>>();
  const unconfigured = new Set<string>();
  const runOne = (fn: Scheduled): Promise<void> => {
    if (unconfigured.has(fn.name)) return Promise.resolve();
    const current = running.get(fn.name);
    if (current) return current;
    const run = (async () => {
      try {
        const req = new Request(new URL('/.netlify/functions/' + fn.name.replace(/\.\w+$/, ''), options.origin), {
          method: 'POST',
          body: JSON.stringify({ next_run: new Date(Date.now() + intervalMs).toISOString() }),
        });
        const res = await fn.handler(req, { site: { url: options.origin } });
        if (!res.ok) options.log?.(`[scheduled] ${fn.name} answered ${res.status}`);
      } catch (err) {
        if (err instanceof ConfigError) {
          unconfigured.add(fn.name);
          options.log?.(`[scheduled] ${fn.name} is off here: ${err.message}`);
          return;
        }
        options.log?.(`[scheduled] ${fn.name} failed: ${err instanceof Error ? err.message : String(err)}`);
      } finally {
        running.delete(fn.name);
      }
    })();
    running.set(fn.name, run);
    return run;
  };
  const runOnce = async () => {
    await Promise.all(fns.map(runOne));
  };
  const timer = fns.length ? setInterval(() => void runOnce(), intervalMs) : undefined;
  timer?.unref();
  return { runOnce, stop: () => timer && clearInterval(timer) };
}
