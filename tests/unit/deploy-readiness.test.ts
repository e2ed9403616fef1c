/**
 * Deploy readiness (issue #25): the README's production section against the files it describes (netlify.toml,
 * the scheduled and background functions, the environment variables the code reads), supabase/config.toml against
 * the code, and the configuration check's one clear message.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, rebuildConfig, validateConfig } from '../../src/server/config';
import { BUCKETS, PRIVATE_BUCKETS } from '../../src/server/storage';
import { accessTokenTtl } from '../../src/server/env';

const root = path.resolve(import.meta.dirname, '../..');
const read = (f: string) => readFileSync(path.join(root, f), 'utf8');
const readme = read('README.md');
/** The README from its Production heading to the next second-level heading (or its end). */
const production = readme.slice(readme.indexOf('## Production')).split(/\n## /)[0];

describe('README production section matches the files', () => {
  const netlify = parse(read('netlify.toml')) as { build: { command: string; publish: string }; functions: { directory: string }; redirects: unknown[]; headers: unknown[] };

  it('names the build command, publish and functions directories of netlify.toml, and the command exists', () => {
    expect(production).toContain(`\`${netlify.build.command}\``);
    expect(production).toContain(`\`${netlify.build.publish}\``);
    expect(production).toContain(`\`${netlify.functions.directory}\``);
    expect(netlify.build.command).toBe('npm run build');
    expect(JSON.parse(read('package.json')).scripts.build).toBeTruthy();
    expect(netlify.redirects.length).toBeGreaterThan(0);
    expect(production).toContain('`[[redirects]]`');
  });

  it('lists every scheduled function with its schedule, and every background function', async () => {
    const dir = path.join(root, netlify.functions.directory);
    const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));
    const scheduled: string[] = [];
    for (const f of files) {
      const mod = await import(pathToFileURL(path.join(dir, f)).href);
      if (mod.config?.schedule) scheduled.push(f);
    }
    expect(scheduled.sort()).toEqual(['availability-roll.ts', 'booking-completion.ts', 'booking-expiry.ts', 'booking-reminders.ts', 'data-history-retention.ts', 'homepage-window.ts', 'outbox-sender.ts', 'site-rebuild.ts', 'webhook-deliveries.ts']);
    for (const f of scheduled) expect(production).toContain(`functions/${f}`);
    const background = files.filter((f) => /-background\.ts$/.test(f));
    expect(background).toEqual(['import-rows-background.ts']);
    for (const f of background) expect(production).toContain(`functions/${f}`);
  });

  it('names every environment variable the configuration check reads and every PUBLIC_ variable the pages read', () => {
    for (const v of Object.values(CONFIG_VARIABLES).flat()) expect(production, v).toContain(`\`${v}\``);
    const pages = sourceMatches(/import\.meta\.env\.(PUBLIC_[A-Z_]+)/g, path.join(root, 'src'));
    expect(pages.size).toBeGreaterThan(0);
    for (const v of pages) expect(production, v).toContain(`\`${v}\``);
    const server = sourceMatches(/process\.env\.((?:SUPABASE|DATABASE|NETLIFY_BUILD|STORAGE_DRIVER|DOCTOR_LIST)[A-Z_]*)/g, path.join(root, 'src'));
    for (const v of server) expect(production, v).toContain(`\`${v}\``);
  });
});

/** The first capture of `re` over every source file under `dir`. */
function sourceMatches(re: RegExp, dir: string): Set<string> {
  const found = new Set<string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(ts|tsx|astro)$/.test(entry.name)) continue;
    for (const m of readFileSync(path.join(entry.parentPath, entry.name), 'utf8').matchAll(re)) found.add(m[1]);
  }
  return found;
}

describe('supabase/config.toml', () => {
  const config = parse(read('supabase/config.toml')) as {
    api: { schemas: string[] };
    db: { major_version: number; pooler: { pool_mode: string } };
    auth: { jwt_expiry: number; additional_redirect_urls: string[] };
    storage: { buckets: Record<string, { public: boolean }> };
  };

  it('describes what the code relies on: PostgreSQL 15, only the empty api schema exposed, a transaction-mode pooler, one-hour tokens, the buckets', () => {
    expect(config.db.major_version).toBe(15);
    // Issue 34: the Data API reaches no table or function of the product (public, ops, GraphQL).
    expect(config.api.schemas).toEqual(['api']);
    expect(config.db.pooler.pool_mode).toBe('transaction');
    expect(config.auth.jwt_expiry).toBe(accessTokenTtl());
    expect(config.auth.additional_redirect_urls).toHaveLength(6);
    expect(Object.keys(config.storage.buckets).sort()).toEqual([...BUCKETS, ...PRIVATE_BUCKETS].sort());
    for (const b of PRIVATE_BUCKETS) expect(config.storage.buckets[b].public, b).toBe(false);
  });
});

describe('the Data API schema', () => {
  it('is created by a migration and holds nothing: a table, view or function there must be a decision of its own', () => {
    const dir = 'supabase/migrations';
    const sql = readdirSync(path.join(root, dir)).filter((f) => f.endsWith('.sql')).map((f) => read(`${dir}/${f}`)).join('\n');
    expect(sql).toMatch(/create schema if not exists api;/);
    expect(sql).not.toMatch(/create\s+(or\s+replace\s+)?(table|view|materialized view|function)\s+api\./i);
  });
});

describe('configuration check', () => {
  it('names every missing variable in one message', () => {
    const err = (() => {
      try {
        validateConfig('build', {});
      } catch (e) {
        return e as ConfigError;
      }
    })();
    expect(err).toBeInstanceOf(ConfigError);
    expect(err!.variables).toEqual(['DATABASE_URL', 'PUBLIC_SUPABASE_URL', 'PUBLIC_SUPABASE_ANON_KEY']);
    expect(err!.message).toMatch(/^Configuration missing or invalid .*: DATABASE_URL \(missing\); PUBLIC_SUPABASE_URL \(missing\); PUBLIC_SUPABASE_ANON_KEY \(missing\)$/);
  });

  it('asks the functions for a database and a way to verify tokens, and says what is wrong with a malformed value', () => {
    expect(() => validateConfig('functions', { DATABASE_URL: 'postgres://u:p@pooler.supabase.com:6543/postgres' })).toThrow(/SUPABASE_JWT_SECRET or SUPABASE_JWKS_URL \(one of them must be set/);
    expect(() => validateConfig('functions', { DATABASE_URL: 'mysql://x', SUPABASE_JWKS_URL: 'https://ref.supabase.co/auth/v1/.well-known/jwks.json' })).toThrow(/DATABASE_URL \(must be a postgres:\/\/ connection string\)/);
    expect(() => validateConfig('functions', { DATABASE_URL: 'postgres://u:p@h:6543/db', SUPABASE_JWT_SECRET: 'x'.repeat(40) })).not.toThrow();
    // An empty value set in the UI counts as missing.
    expect(() => rebuildConfig({ NETLIFY_BUILD_HOOK: '' })).toThrow(/NETLIFY_BUILD_HOOK \(missing\)/);
    expect(() => rebuildConfig({ NETLIFY_BUILD_HOOK: 'http://api.netlify.com/build_hooks/x' })).toThrow(/NETLIFY_BUILD_HOOK \(must be an https:\/\/ URL\)/);
    expect(rebuildConfig({ NETLIFY_BUILD_HOOK: 'https://api.netlify.com/build_hooks/abc' })).toEqual({ hookUrl: 'https://api.netlify.com/build_hooks/abc' });
  });
});
