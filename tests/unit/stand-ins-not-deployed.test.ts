/**
 * The Supabase stand-ins (the dev mailbox of one-time codes, the code log line, the local auth and storage) are
 * development tools: no deployed function bundles them, and a production run of the local server mounts none
 * (issue 24, finding 12).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { afterEach, describe, expect, it } from 'vitest';
import { standInMounts } from '../../scripts/lib/server';

const root = path.resolve(import.meta.dirname, '../..');

describe('stand-ins never in production', () => {
  const saved = process.env.NODE_ENV;
  afterEach(() => {
    process.env.NODE_ENV = saved;
  });

  it('no deployed function bundles a stand-in', async () => {
    const entries = readdirSync(path.join(root, 'functions')).filter((f) => /\.(ts|mts|js|mjs)$/.test(f) && !f.startsWith('_')).map((f) => path.join(root, 'functions', f));
    expect(entries.length).toBeGreaterThan(5);
    const result = await build({ entryPoints: entries, bundle: true, platform: 'node', format: 'esm', packages: 'external', write: false, metafile: true, outdir: '/tmp/never-written', logLevel: 'silent' });
    const inputs = Object.keys(result.metafile!.inputs);
    expect(inputs.some((i) => i.startsWith('functions/'))).toBe(true);
    expect(inputs.filter((i) => i.includes('stand-ins'))).toEqual([]);
  });

  it('a production run mounts no stand-in (no /dev/mailbox, no /auth/v1), a development run does', async () => {
    process.env.NODE_ENV = 'production';
    expect(await standInMounts(root)).toEqual([]);
    process.env.NODE_ENV = 'development';
    expect((await standInMounts(root)).map((m) => m.prefix)).toEqual(['/auth/v1', '/storage/v1', '/dev/mailbox', '/dev/wallet']);
  });
});
