import { defineConfig, devices } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

// One free port per run, asked of the OS in the main process; workers inherit it through the environment.
process.env.E2E_PORT ??= execFileSync(process.execPath, [
  '-e',
  "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
]).toString();
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

// Debian's Chromium headless shell, the build Playwright itself runs headless tests on: the full browser's new
// headless mode also starts its window UI and took about twice as long per test here (booking card spec: 96 s of
// tests against 45 s). Playwright never downloads a browser here. Lighthouse (npm run audit) keeps the full browser.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run', '--disable-component-update', '--disable-sync', '--disable-quic'],
};

// The link crawl, the share images and the page policy read nothing the width changes; the front desk's keyboard
// walk is a desk's (a phone has no keyboard to work a queue with).
const DESKTOP_ONLY = ['**/links.spec.ts', '**/share-image.spec.ts', '**/page-policy.spec.ts', '**/admin-appointments-keyboard.spec.ts'];

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // Three on the 2-core machine: the specs mostly wait (the server, e-mails, rebuilds), the CPU was about 30% busy
  // with two, and the run took 40 minutes. E2E_WORKERS sets another number.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  timeout: 30_000,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: { baseURL, trace: 'retain-on-failure', launchOptions },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions } },
    // Phones run every spec but DESKTOP_ONLY's.
    { name: 'mobile', use: { ...devices['Pixel 7'], launchOptions }, testIgnore: DESKTOP_ONLY },
  ],
  webServer: {
    command: 'npx tsx scripts/e2e-server.ts',
    // A static page: readiness must not depend on a database round trip (the health call can stall under load).
    url: `${baseURL}/vi-vn/`,
    timeout: 300_000,
    // E2E_REUSE_SERVER=1 with E2E_PORT runs the specs against an e2e server already started (npx tsx scripts/e2e-server.ts).
    reuseExistingServer: process.env.E2E_REUSE_SERVER === '1',
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
