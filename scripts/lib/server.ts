/**
 * Local HTTP server: the built static site (dist/) and the Netlify Functions on one origin, with netlify.toml's
 * redirects and headers. A development and test tool standing in for Netlify's CDN and functions runtime — the
 * same handler modules run here and in production. Fast enough for the load benchmarks (no per-call emulation).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, renameSync } from 'node:fs';
import { open, readFile, rename, rm, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { randomUUID } from 'node:crypto';
import { conditionsMatch, fillTarget, matchNetlifyPath, readNetlifyConfig, type NetlifyConfig } from './netlify-config';
import { HEADERS_FILE, siteHeaderRules } from '../../src/integrations/page-headers';
import { CdnCache, type CdnHit, type OutgoingHeaders } from './cdn-cache';
import { loadFunctions, readAnswer, type Answer, type FunctionContext, type FunctionRoute } from './functions';
import { answerClientError, drainUnreadBody, requestBodyStream, MAX_HEADER_BYTES } from './request-body';
import { clientAddress } from './client-address';
import { isProduction } from '../../src/server/env';

export interface Mount { prefix: string; handler: (req: Request) => Response | Promise<Response> }

export interface ServerOptions {
  root?: string;
  distDir?: string;
  functionsDir?: string;
  port?: number;
  host?: string;
  /** Extra handlers by path prefix (local Supabase stand-ins, the dev mailbox). */
  mounts?: Mount[];
  log?: (line: string) => void;
  /**
   * Answer repeated function calls from a cache as Netlify's CDN does (scripts/lib/cdn-cache.ts). On unless
   * false here or LOCAL_CDN_CACHE=off.
   */
  cdnCache?: boolean;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

/** Content types sent compressed when the client accepts it. */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;

/** The encoding to answer with: Brotli, else gzip, when the request accepts it (q=0 refuses). */
export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    (header ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
      .map(([name]) => name.trim().toLowerCase()),
  );
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Compressed copies of served files, kept while the file is unchanged; bounded, oldest out first. */
class CompressedFiles {
  private readonly entries = new Map<string, Promise<Buffer>>();
  private bytes = 0;

  constructor(private readonly maxBytes = 128 * 1024 * 1024) {}

  get(file: string, s: { mtimeMs: number; size: number }, encoding: 'br' | 'gzip'): Promise<Buffer> {
    const key = `${encoding} ${s.mtimeMs} ${s.size} ${file}`;
    let body = this.entries.get(key);
    if (!body) {
      body = readFile(file).then((raw) =>
        encoding === 'br' ? brotli(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.byteLength } }) : gzipAsync(raw, { level: 6 }),
      );
      this.entries.set(key, body);
      body.then(
        (b) => {
          this.bytes += b.byteLength;
          for (const [k, v] of this.entries) {
            if (this.bytes <= this.maxBytes) break;
            this.entries.delete(k);
            v.then((old) => (this.bytes -= old.byteLength), () => undefined);
          }
        },
        () => this.entries.delete(key),
      );
    }
    return body;
  }
}

const CLIENT_IP_HEADER = 'x-nf-client-connection-ip';
const isLoopback = (address: string | undefined) => !!address && (address === '::1' || /^(::ffff:)?127\./.test(address));

/** Methods the Fetch standard forbids in a Request (https://fetch.spec.whatwg.org/#forbidden-method). */
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

/** Request headers as pairs, validated once by Request (a Headers object built first was validated, then copied again). */
function headerPairs(req: http.IncomingMessage): [string, string][] {
  // The client's address as Netlify hands it on, worked out here: a client-sent one is never passed through.
  const headers: [string, string][] = [[CLIENT_IP_HEADER, clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'])]];
  for (const [k, v] of Object.entries(req.headers)) {
    if (k === CLIENT_IP_HEADER) continue;
    if (Array.isArray(v)) for (const x of v) headers.push([k, x]);
    else if (v !== undefined) headers.push([k, v]);
  }
  return headers;
}

const hasBody = (req: http.IncomingMessage) => req.method !== 'GET' && req.method !== 'HEAD';

/** The method a function is asked with: HEAD is answered as GET, the server then sends the headers alone. */
const functionMethod = (req: http.IncomingMessage) => (req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET'));

/** The web Request of `req`; `method` replaces its own (HEAD is asked of a function as GET). */
function toRequest(req: http.IncomingMessage, url: URL, method = req.method): Request {
  const body = hasBody(req);
  return new Request(url, {
    method,
    headers: headerPairs(req),
    body: body ? requestBodyStream(req) : undefined,
    // Node streams the incoming body; fetch's Request needs to be told it is half-duplex.
    duplex: body ? 'half' : undefined,
  } as RequestInit);
}

/** An answer in the API's envelope that no function gave: the server's own refusals. */
function envelopeAnswer(status: number, message: string): Answer {
  const body = Buffer.from(JSON.stringify({ _status: -1, _messages: [message], _data: null }));
  return { status, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'content-length': String(body.byteLength) }, body };
}

/**
 * Writes an answer. `finish` sees the headers and body about to be sent and returns the headers to send instead
 * (the CDN cache keeps the answer and drops its CDN-only headers there).
 */
function send(res: http.ServerResponse, answer: Answer, finish?: (status: number, headers: OutgoingHeaders, body: Buffer) => OutgoingHeaders) {
  if (res.req.method === 'HEAD') {
    // The GET answer's status and headers (its Content-Length included), without the body.
    res.writeHead(answer.status, answer.headers);
    return res.end();
  }
  if (!answer.body) {
    res.writeHead(answer.status, answer.headers);
    return res.end();
  }
  res.writeHead(answer.status, finish ? finish(answer.status, answer.headers, answer.body) : answer.headers);
  res.end(answer.body);
}

/** The local Supabase stand-ins (development and test tools, never deployed), mounted on the site's origin. */
export async function standInMounts(root = process.cwd()): Promise<Mount[]> {
  const mounts: Mount[] = [];
  // Never in a production run: /dev/mailbox and the one-time code log line exist only with the stand-ins.
  if (isProduction()) return mounts;
  for (const [prefix, file, name] of [
    ['/auth/v1', 'scripts/stand-ins/auth.ts', 'handleAuth'],
    ['/storage/v1', 'scripts/stand-ins/storage.ts', 'handleStorage'],
    ['/dev/mailbox', 'scripts/stand-ins/mailbox.ts', 'handleMailbox'],
    ['/dev/wallet', 'scripts/stand-ins/wallet.ts', 'handleWallet'],
  ] as const) {
    const full = path.join(root, file);
    if (existsSync(full)) mounts.push({ prefix, handler: (await import(pathToFileURL(full).href))[name] });
  }
  return mounts;
}

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
  functions: string[];
  /**
   * Publishes a site built into `builtDir` (a sibling of the served folder): it is served at once, then moved in
   * place of the served folder, whose old copy is deleted; kept function answers are dropped as a deploy does.
   */
  publishSite(builtDir: string): Promise<void>;
}

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const root = options.root ?? process.cwd();
  const home = path.resolve(root, options.distDir ?? 'dist');
  // The folder served: `home`, or for an instant a freshly built one while it is moved into place (publishSite).
  let distDir = home;
  const functionsDir = path.resolve(root, options.functionsDir ?? 'functions');
  const functions = await loadFunctions(functionsDir);
  const netlify: NetlifyConfig = readNetlifyConfig(root);
  // The built site's own headers file (the pages' Content-Security-Policy), as Netlify serves it.
  let siteHeaders = siteHeaderRules(distDir);
  const mounts = options.mounts ?? [];
  const log = options.log ?? (() => undefined);

  function headersFor(pathname: string): Record<string, string> {
    const out: Record<string, string> = {};
    for (const rule of [...siteHeaders(), ...netlify.headers]) if (matchNetlifyPath(rule.for, pathname)) Object.assign(out, rule.values);
    // Locally the site is plain http: HSTS would pin localhost to https in the browser.
    delete out['Strict-Transport-Security'];
    return out;
  }

  async function resolveFile(pathname: string): Promise<string | null> {
    let rel: string;
    try {
      rel = decodeURIComponent(pathname);
    } catch {
      return null;
    }
    const candidate = path.join(distDir, rel);
    // Netlify reads _headers and never serves it.
    if (!candidate.startsWith(distDir) || candidate === path.join(distDir, HEADERS_FILE)) return null;
    for (const file of [candidate, path.join(candidate, 'index.html'), `${candidate}.html`]) {
      try {
        const s = await stat(file);
        if (s.isFile()) return file;
      } catch {
        /* next */
      }
    }
    return null;
  }

  const compressed = new CompressedFiles();
  const cdn = options.cdnCache === false || process.env.LOCAL_CDN_CACHE === 'off' ? null : new CdnCache();

  async function serveStatic(req: http.IncomingMessage, res: http.ServerResponse, method: string, file: string, status = 200) {
    const type = CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    const pathname = '/' + path.relative(distDir, file).split(path.sep).join('/');
    const s = await stat(file);
    const encoding = COMPRESSIBLE.test(type) ? acceptedEncoding(req.headers['accept-encoding']) : null;
    if (encoding) {
      // As Netlify's CDN does: text assets compressed for clients that accept it (Lighthouse's simulated network
      // counts transferred bytes, so an uncompressed local server made every page look slower than it is).
      const body = await compressed.get(file, s, encoding);
      res.writeHead(status, { 'content-type': type, 'content-encoding': encoding, vary: 'Accept-Encoding', 'content-length': body.byteLength, ...headersFor(pathname) });
      return res.end(method === 'HEAD' ? undefined : body);
    }
    if (method === 'HEAD') {
      res.writeHead(status, { 'content-type': type, 'content-length': s.size, ...headersFor(pathname) });
      return res.end();
    }
    // Opened before the head is sent: a local rebuild may move the folder away between the stat and the read
    // (publishSite), and an open file keeps its bytes; a file already gone is the caller's error, never a crash.
    const handle = await open(file, 'r');
    res.writeHead(status, { 'content-type': type, 'content-length': s.size, ...headersFor(pathname) });
    pipeline(handle.createReadStream(), res)
      .catch(() => res.destroy())
      .finally(() => handle.close().catch(() => undefined));
  }

  /** The built site's file for the address, its 404 page, or a plain 404. */
  async function serveFromSite(req: http.IncomingMessage, res: http.ServerResponse, method: string, url: URL) {
    const file = await resolveFile(url.pathname);
    if (file) {
      // Directory URLs get their trailing slash, as on Netlify, so relative links resolve the same way.
      if (file.endsWith('index.html') && !url.pathname.endsWith('/') && !url.pathname.endsWith('.html')) {
        res.writeHead(301, { location: `${url.pathname}/${url.search}` });
        return res.end();
      }
      return await serveStatic(req, res, method, file);
    }
    const notFound = await resolveFile('/404.html');
    if (notFound) return await serveStatic(req, res, method, notFound, 404);
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Not Found');
  }

  /** The function route answering this path and method, with its path parameters. */
  function functionFor(pathname: string, method: string): { route: FunctionRoute; params: Record<string, string> } | null {
    for (const route of functions) {
      if (!pathname.startsWith(route.prefix)) continue;
      const params = route.match(pathname);
      if (!params) continue;
      if (route.methods && !route.methods.includes(method)) continue;
      return { route, params };
    }
    return null;
  }

  /** The function's answer to `req` (asked for `url`). */
  async function invoke(req: http.IncomingMessage, url: URL, found: { route: FunctionRoute; params: Record<string, string> }): Promise<Answer> {
    const context: FunctionContext = { params: found.params, requestId: randomUUID(), ip: clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for']), site: { url: url.origin } };
    return readAnswer(await found.route.handler(toRequest(req, url, functionMethod(req)), context));
  }

  /** Writes a kept answer; a stale one is then asked of the function again, in the background (stale-while-revalidate). */
  function answerKept(req: http.IncomingMessage, res: http.ServerResponse, key: string, hit: CdnHit): void {
    res.writeHead(hit.status, hit.headers);
    res.end(hit.body);
    if (hit.revalidate) void revalidate(req, key);
  }

  /** Asks the function for `key` again as `req` asked it, and keeps the new answer (a failure drops the stale copy). */
  async function revalidate(req: http.IncomingMessage, key: string): Promise<void> {
    try {
      const url = new URL(key, `http://${req.headers.host ?? 'localhost'}`);
      const found = functionFor(url.pathname, 'GET');
      if (!found) return cdn!.forget(key, req.headers);
      const answer = await invoke(req, url, found);
      if (answer.body) cdn!.admit(key, req.headers, answer.status, answer.headers, answer.body);
      else cdn!.forget(key, req.headers);
    } catch (err) {
      cdn!.forget(key, req.headers);
      log(`[server] revalidating ${key} failed: ${(err as Error).stack ?? err}`);
    }
  }

  /**
   * A repeated call the CDN keeps, answered before the request is parsed any further (most of a busy server's
   * calls; measured: a third of a kept answer's cost went to the general path): true if it was. Keys are
   * normalised paths and queries (pathname + search), and normalising one gives itself, so a request target equal
   * to a key is that resource; one starting '//' would parse as a host, so it takes the general path.
   */
  function answerFromCdn(req: http.IncomingMessage, res: http.ServerResponse): boolean {
    const target = req.url ?? '/';
    if (!cdn || !target.startsWith('/') || target.startsWith('//') || !CdnCache.applies(req.method ?? 'GET', req.headers)) return false;
    const hit = cdn.lookup(target, req.headers);
    if (!hit) return false;
    answerKept(req, res, target, hit);
    return true;
  }

  const server = http.createServer({ maxHeaderSize: MAX_HEADER_BYTES }, async (req, res) => {
    // A body the answer left unread is discarded, so a client sending it whole first still reads the answer.
    res.once('finish', () => drainUnreadBody(req));
    if (answerFromCdn(req, res)) return;
    const origin = `http://${req.headers.host ?? 'localhost'}`;
    const url = new URL(req.url ?? '/', origin);
    const method = req.method ?? 'GET';
    // fetch's Request refuses these methods (a TypeError was a 500 on every path); Netlify answers them 405 too.
    if (FORBIDDEN_METHODS.has(method.toUpperCase())) return send(res, envelopeAnswer(405, `This call does not accept ${method}.`));
    try {
      for (const m of mounts) {
        if (url.pathname === m.prefix || url.pathname.startsWith(m.prefix.endsWith('/') ? m.prefix : `${m.prefix}/`)) {
          // The development tools (mailbox: one-time codes and every e-mail; sandbox wallet) answer only this machine,
          // even when the server listens on another address (HOST) for a phone on the same network.
          if (m.prefix.startsWith('/dev/') && !isLoopback(req.socket.remoteAddress)) return send(res, envelopeAnswer(403, 'The development tools answer only on this machine.'));
          return send(res, await readAnswer(await m.handler(toRequest(req, url)), { 'cache-control': 'no-store' }));
        }
      }
      const cdnKey = cdn && CdnCache.applies(method, req.headers) ? url.pathname + url.search : null;
      // answerFromCdn already looked up a target that was its own normalised form.
      if (cdnKey && cdnKey !== req.url) {
        const hit = cdn!.lookup(cdnKey, req.headers);
        if (hit) return answerKept(req, res, cdnKey, hit);
      }
      const found = functionFor(url.pathname, method === 'HEAD' ? 'GET' : method);
      if (found) {
        return send(res, await invoke(req, url, found), cdnKey ? (status, headers, body) => cdn!.admit(cdnKey, req.headers, status, headers, body) : undefined);
      }
      if (url.pathname === '/api' || url.pathname.startsWith('/api/')) {
        // Calls answer the envelope even when there is no such call (or not with this method).
        const pathKnown = functions.some((r) => r.match(url.pathname) !== null);
        return send(res, envelopeAnswer(pathKnown ? 405 : 404, pathKnown ? `This call does not accept ${method}.` : 'There is no such call.'));
      }
      if (method !== 'GET' && method !== 'HEAD') {
        res.writeHead(405, { 'content-type': 'text/plain; charset=utf-8', allow: 'GET, HEAD' });
        return res.end('Method Not Allowed');
      }
      // netlify.toml redirects on this origin (domain rules apply only on their own hosts).
      for (const rule of netlify.redirects) {
        if (/^https?:\/\//.test(rule.from)) continue;
        if (rule.query && !Object.keys(rule.query).every((k) => url.searchParams.has(k))) continue;
        if (!conditionsMatch(rule.conditions, { cookie: req.headers.cookie, acceptLanguage: req.headers['accept-language'] })) continue;
        const values = matchNetlifyPath(rule.from, url.pathname);
        if (!values) continue;
        for (const [k, v] of Object.entries(rule.query ?? {})) values[v.replace(/^:/, '')] = url.searchParams.get(k) ?? '';
        // Rewrites (200) and not-found pages (404) are shadowed by an existing file unless forced.
        const shown = rule.status === 200 || rule.status === 404;
        if (!rule.force && shown && (await resolveFile(url.pathname))) break;
        const target = fillTarget(rule.to, values);
        if (shown) {
          const file = await resolveFile(new URL(target, origin).pathname);
          if (file) return await serveStatic(req, res, method, file, rule.status);
          continue;
        }
        res.writeHead(rule.status, { location: target });
        return res.end();
      }
      // Once more when the file went away between finding and opening it: a local rebuild switched the site.
      try {
        return await serveFromSite(req, res, method, url);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || res.headersSent) throw err;
        return await serveFromSite(req, res, method, url);
      }
    } catch (err) {
      const id = randomUUID();
      log(`[server] ${id} ${method} ${url.pathname} failed: ${(err as Error).stack ?? err}`);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      res.end(JSON.stringify({ _status: -1, _messages: ['An error occurred!'], _data: null }));
    }
  });
  // Longer than clients keep an idle socket (Playwright's request context reused one the server had just closed
  // at 5 s: ECONNRESET), as load balancers do.
  // Requests the HTTP parser refuses (headers or address too long, malformed) get the envelope, not a reset.
  server.on('clientError', answerClientError);
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`,
    port,
    functions: functions.map((f) => `${f.path} (${f.name})`),
    async publishSite(builtDir: string) {
      const serve = (dir: string) => {
        distDir = dir;
        siteHeaders = siteHeaderRules(dir);
        cdn?.clear();
      };
      // Each switch happens between two requests (one synchronous step): no request sees a half-copied site.
      serve(path.resolve(builtDir));
      const old = `${home}.old-${process.pid}-${Date.now()}`;
      if (existsSync(home)) await rename(home, old);
      renameSync(builtDir, home);
      serve(home);
      await rm(old, { recursive: true, force: true });
    },
    close: () =>
      new Promise<void>((resolve) => {
        // Keep-alive connections would hold the server open.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
