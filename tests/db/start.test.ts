/**
 * `npm start` on a fresh machine builds the embedded database; a second start reuses it without re-seeding.
 * Runs the real start script (site build skipped: the e2e layer covers the built site).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'care-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Starts `npm start --no-build` on a free port and resolves with its output once it says Ready. */
function start(): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/start.ts', '--no-build'], {
      cwd: root,
      env: { ...process.env, PGLITE_DIR: dataDir, PORT: '0', DATABASE_URL: '' },
    });
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`start did not get ready:\n${out}`));
    }, 90_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      if (/Ready in [\d.]+ s/.test(out) && /Stop with Ctrl\+C/.test(out)) {
        clearTimeout(timer);
        child.once('exit', () => resolve(out));
        child.kill('SIGTERM');
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('error', reject);
  });
}

it('builds the embedded database on the first start and reuses it on the second', async () => {
  const first = await start();
  expect(first).toContain('first run: building the embedded PGlite');
  expect(first).toMatch(/\[seed\] seeded/);
  expect(first).toMatch(/http:\/\/localhost:\d+/);

  const second = await start();
  expect(second).toContain('reusing the embedded PGlite');
  expect(second).not.toMatch(/\[seed\]/);
}, 200_000);
