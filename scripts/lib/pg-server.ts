/**
 * Finds a real PostgreSQL server for the test layers, in this order:
 * TEST_DATABASE_URL; the server on 127.0.0.1:5432 (this machine kind starts one, trust auth);
 * a throwaway cluster started on loopback in a temporary directory (initdb from Debian's postgresql-15).
 * Tests then create a database of their own on it and drop it afterwards.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import net from 'node:net';
import pg from 'pg';

export interface PgServer { url: string; throwaway: boolean; stop(): Promise<void> }

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export function pgBinDir(): string | undefined {
  for (const v of ['15', '16', '17']) {
    const dir = `/usr/lib/postgresql/${v}/bin`;
    if (existsSync(path.join(dir, 'initdb'))) return dir;
  }
  return undefined;
}

export async function ensurePgServer(): Promise<PgServer> {
  const explicit = process.env.TEST_DATABASE_URL;
  if (explicit) {
    if (!(await answers(explicit))) throw new Error(`TEST_DATABASE_URL does not answer: ${explicit}`);
    return { url: explicit, throwaway: false, stop: async () => undefined };
  }
  const local = 'postgres://postgres@127.0.0.1:5432/postgres';
  if (await answers(local)) return { url: local, throwaway: false, stop: async () => undefined };

  const bin = pgBinDir();
  if (!bin) throw new Error('No PostgreSQL server answers on 127.0.0.1:5432 and initdb is missing: install postgresql-15 (apt-get install -y postgresql-15).');
  const dir = mkdtempSync(path.join(tmpdir(), 'care-pg-'));
  chmodSync(dir, 0o777);
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  // initdb refuses to run as root: run the cluster as the postgres system user then.
  const run = (cmd: string, args: string[]) =>
    asRoot ? execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'pipe' }) : execFileSync(cmd, args, { stdio: 'pipe' });
  run(path.join(bin, 'initdb'), ['-D', path.join(dir, 'data'), '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-instructions']);
  run(path.join(bin, 'pg_ctl'), ['-D', path.join(dir, 'data'), '-l', path.join(dir, 'log'), '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, 'start']);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    throwaway: true,
    async stop() {
      const stop = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, 'pg_ctl')]] as const : [path.join(bin, 'pg_ctl'), []] as const;
      spawnSync(stop[0], [...stop[1], '-D', path.join(dir, 'data'), '-m', 'fast', 'stop'], { stdio: 'ignore' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A database name no other run uses at the same time. */
export function uniqueDatabaseName(prefix: string): string {
  return `${prefix}_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
}
