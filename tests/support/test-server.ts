/**
 * A tiny local HTTP server for the platform's tests and bench: /api/* to the functions (by their config.path),
 * /auth/v1/*, /storage/v1/* and /dev/mailbox to the stand-ins. The shared local server (scripts/lib/server.ts)
 * replaces it when the branches meet.
 */
import http from 'node:http';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { AddressInfo } from 'node:net';
import { handleAuth } from '../../scripts/stand-ins/auth';
import { handleMailbox } from '../../scripts/stand-ins/mailbox';
import { handleStorage } from '../../scripts/stand-ins/storage';

type Handler = (req: Request, context?: { params?: Record<string, string>; ip?: string }) => Promise<Response>;
interface Route { re: RegExp; handler: Handler }

const FUNCTIONS_DIR = path.resolve(import.meta.dirname, '../../functions');

export async function loadFunctionRoutes(): Promise<Route[]> {
  const routes: Route[] = [];
  for (const f of (await readdir(FUNCTIONS_DIR)).filter((f) => f.endsWith('.ts')).sort()) {
    const mod = await import(pathToFileURL(path.join(FUNCTIONS_DIR, f)).href);
    const paths: string[] = [mod.config?.path].flat().filter(Boolean);
    for (const p of paths) {
      const src = p.split('/').map((s: string) => (s.startsWith(':') ? `(?<${s.slice(1)}>[^/]+)` : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/');
      routes.push({ re: new RegExp(`^${src}/?$`), handler: mod.default });
    }
  }
  return routes;
}

export interface TestServer {
  url: string;
  close(): Promise<void>;
}

export async function startTestServer(): Promise<TestServer> {
  const routes = await loadFunctionRoutes();
  const dispatch = async (req: Request, ip: string): Promise<Response> => {
    const { pathname } = new URL(req.url);
    if (pathname.startsWith('/auth/v1/')) return handleAuth(req);
    if (pathname.startsWith('/storage/v1/')) return handleStorage(req);
    if (pathname === '/dev/mailbox') return handleMailbox(req);
    for (const r of routes) {
      const m = r.re.exec(pathname);
      if (m) return r.handler(req, { params: { ...(m.groups ?? {}) }, ip });
    }
    return Response.json({ _status: -1, _messages: ['There is no such call.'], _data: null }, { status: 404 });
  };
  const server = http.createServer(async (req, res) => {
    try {
      const headers = new Headers();
      for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
      const ip = req.socket.remoteAddress ?? 'unknown';
      headers.set('x-nf-client-connection-ip', ip);
      const method = req.method ?? 'GET';
      const request = new Request(`http://${req.headers.host}${req.url}`, {
        method,
        headers,
        body: method === 'GET' || method === 'HEAD' ? undefined : (Readable.toWeb(req) as ReadableStream),
        duplex: 'half',
      } as RequestInit);
      const response = await dispatch(request, ip);
      const body = response.body && method !== 'HEAD' ? Buffer.from(await response.arrayBuffer()) : undefined;
      res.writeHead(response.status, [...response.headers.entries()].flat());
      res.end(body);
    } catch (e) {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(e));
    }
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
