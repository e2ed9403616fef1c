import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { ensurePgServer, type PgServer } from '../../../scripts/lib/pg-server';

let server: PgServer | undefined;
let templateDir: string | undefined;

/**
 * One PostgreSQL server for the run, and a folder for this run's built databases (engines.ts): each kind of test
 * database (seeded or not, scale) is built once per run and copied for every suite, instead of running the
 * migrations and the seed again for each of the ~60 suites.
 */
export async function setup(project: TestProject) {
  server = await ensurePgServer();
  templateDir = await mkdtemp(path.join(os.tmpdir(), 'care-db-templates-'));
  project.provide('pgServerUrl', server.url);
  project.provide('dbTemplateDir', templateDir);
  project.provide('dbTemplatePrefix', templatePrefix(templateDir));
}

export async function teardown() {
  if (server && templateDir) await dropTemplates(server.url, templateDir);
  if (templateDir) await rm(templateDir, { recursive: true, force: true });
  await server?.stop();
}

/** The run's template databases are named after its folder, so a teardown drops its own and no other run's. */
function templatePrefix(dir: string): string {
  return `care_tpl_${path.basename(dir).slice(-6).toLowerCase().replace(/[^a-z0-9]/g, 'x')}_`;
}

async function dropTemplates(serverUrl: string, dir: string) {
  const prefix = templatePrefix(dir);
  const url = new URL(serverUrl);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [prefix]);
    for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`);
  } finally {
    await admin.end();
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgServerUrl: string;
    dbTemplateDir: string;
    dbTemplatePrefix: string;
  }
}
