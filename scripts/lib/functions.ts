/**
 * The Netlify Functions of a folder as the local server runs them: each module's default export (a Functions v2
 * handler, Request in, Response out) routed by its `config.path`, and a handler's Response read whole as the
 * server sends it (./server.ts).
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { OutgoingHeaders } from './cdn-cache';

export type WebHandler = (req: Request, context: FunctionContext) => Response | Promise<Response>;

export interface FunctionContext {
  params: Record<string, string>;
  requestId: string;
  ip: string;
  site: { url: string };
}

export interface FunctionRoute { name: string; path: string; match: PathMatcher; methods?: string[]; handler: WebHandler; prefix: string }

/** The literal start of a path pattern ('/api/doctors/' of '/api/doctors/:id/schedules'): a cheap test before matching. */
export function literalPrefix(pattern: string): string {
  const i = pattern.search(/[:*({?]/);
  return i < 0 ? pattern : pattern.slice(0, i);
}

/** The named parameters of a path that matches, else null. */
export type PathMatcher = (pathname: string) => Record<string, string> | null;

/**
 * A matcher for a function's `config.path` (URLPattern syntax, as Netlify routes it). Patterns made only of
 * literal text and whole-segment `:name` parameters, which is every path the functions declare, are compiled to a
 * regular expression: URLPattern.exec costs about 27 µs a match in Node 24, a measurable share of a cached answer.
 * Anything else (wildcards, groups, modifiers) goes to URLPattern itself.
 */
export function pathMatcher(pattern: string): PathMatcher {
  if (/^(\/(:[A-Za-z_][A-Za-z0-9_]*|[A-Za-z0-9._~-]*))*\/?$/.test(pattern)) {
    const names: string[] = [];
    const source = pattern.replace(/[.~-]/g, (c) => `\\${c}`).replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    const re = new RegExp(`^${source}$`);
    return (pathname) => {
      const m = re.exec(pathname);
      if (!m) return null;
      const params: Record<string, string> = {};
      names.forEach((n, i) => (params[n] = m[i + 1]));
      return params;
    };
  }
  const compiled = new URLPattern({ pathname: pattern });
  return (pathname) => {
    const m = compiled.exec({ pathname });
    if (!m) return null;
    return Object.fromEntries(Object.entries(m.pathname.groups).filter(([, v]) => v !== undefined)) as Record<string, string>;
  };
}

export async function loadFunctions(functionsDir: string): Promise<FunctionRoute[]> {
  const routes: FunctionRoute[] = [];
  let files: string[] = [];
  try {
    files = (await readdir(functionsDir)).filter((f) => /\.(ts|mts|js|mjs)$/.test(f) && !f.startsWith('_'));
  } catch {
    return routes;
  }
  for (const f of files.sort()) {
    const mod = await import(pathToFileURL(path.join(functionsDir, f)).href);
    const config = mod.config as { path?: string | string[]; method?: string | string[] } | undefined;
    if (typeof mod.default !== 'function') continue;
    const name = f.replace(/\.(ts|mts|js|mjs)$/, '');
    if (!config?.path && name.endsWith('-background')) {
      // A background function (Netlify: a name ending in -background, served at /.netlify/functions/<name>):
      // answered 202 at once while the handler runs on, as Netlify runs it (up to 15 minutes).
      const handler = mod.default as WebHandler;
      const p = `/.netlify/functions/${name}`;
      const background: WebHandler = async (req, context) => {
        // The body is read before answering: the request stream ends with the answer.
        const copy = new Request(req.url, { method: req.method, headers: req.headers, body: await req.text() });
        void Promise.resolve()
          .then(() => handler(copy, context))
          .catch((e) => console.error(`[functions] ${name} failed:`, e instanceof Error ? e.message : e));
        return new Response(null, { status: 202 });
      };
      routes.push({ name: f, path: p, match: pathMatcher(p), methods: ['POST'], handler: background, prefix: literalPrefix(p) });
      continue;
    }
    if (!config?.path) continue;
    const paths = Array.isArray(config.path) ? config.path : [config.path];
    const methods = config.method ? (Array.isArray(config.method) ? config.method : [config.method]).map((m) => m.toUpperCase()) : undefined;
    for (const p of paths) routes.push({ name: f, path: p, match: pathMatcher(p), methods, handler: mod.default, prefix: literalPrefix(p) });
  }
  return routes;
}

export interface Answer { status: number; headers: OutgoingHeaders; body: Buffer | null }

/**
 * A handler's Response as the server sends it: headers as a record (cookies apart), the body read whole.
 * Answers are read whole and sent with their length: headers and body then leave in one write, where a chunked
 * answer takes several (measured: about a quarter of the server's time under load went to writev).
 */
export async function readAnswer(response: Response, extraHeaders: Record<string, string> = {}): Promise<Answer> {
  const headers: OutgoingHeaders = { ...extraHeaders };
  response.headers.forEach((v, k) => {
    if (k === 'set-cookie') return;
    headers[k] = v;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  if (!response.body) return { status: response.status, headers, body: null };
  const body = Buffer.from(await response.arrayBuffer());
  if (!('content-length' in headers) && response.status !== 304) headers['content-length'] = String(body.byteLength);
  return { status: response.status, headers, body };
}
