/**
 * The server the platform's tests and benches drive: the shared local server (scripts/lib/server.ts) with the
 * functions and the Supabase stand-ins, no static site.
 */
import path from 'node:path';
import { standInMounts, startServer } from '../../scripts/lib/server';

const root = path.resolve(import.meta.dirname, '../..');

export interface TestServer {
  url: string;
  close(): Promise<void>;
}

export async function startTestServer(): Promise<TestServer> {
  const server = await startServer({ root, distDir: '.no-static-site', port: 0, mounts: await standInMounts(root) });
  return { url: server.url, close: server.close };
}
