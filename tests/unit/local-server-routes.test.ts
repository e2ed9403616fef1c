import { describe, expect, it } from 'vitest';
import net from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { acceptedEncoding, startServer } from '../../scripts/lib/server';
import { literalPrefix, pathMatcher } from '../../scripts/lib/functions';

/** URLPattern's own answer, the reference the compiled matcher must agree with. */
function reference(pattern: string, pathname: string) {
  const m = new URLPattern({ pathname: pattern }).exec({ pathname });
  return m ? Object.fromEntries(Object.entries(m.pathname.groups).filter(([, v]) => v !== undefined)) : null;
}

describe('local server path matching', () => {
  const patterns = ['/api/doctors/:id/schedules', '/api/doctors/:id/telemedicine-schedules', '/api/services/schedules', '/api/og-images/:type/', '/api/openapi.json', '/api/hospitals/:id/phone', '/api/files/*'];
  const paths = [
    '/api/doctors/12/schedules', '/api/doctors/12/schedules/', '/api/doctors//schedules', '/api/doctors/a%20b/schedules', '/api/doctors/12/telemedicine-schedules',
    '/api/services/schedules', '/api/servicesXschedules', '/api/og-images/doctor/', '/api/og-images/doctor', '/api/openapi.json', '/api/openapiXjson',
    '/api/hospitals/7/phone', '/api/hospitals/7/8/phone', '/api/files/a/b.png', '/other',
  ];

  it('answers as URLPattern does for every declared path shape', () => {
    for (const pattern of patterns) for (const p of paths) expect([pattern, p, pathMatcher(pattern)(p)]).toEqual([pattern, p, reference(pattern, p)]);
  });

  it('starts every match with the literal prefix of its pattern', () => {
    expect(literalPrefix('/api/doctors/:id/schedules')).toBe('/api/doctors/');
    expect(literalPrefix('/api/health')).toBe('/api/health');
  });
});

describe('local server compression', () => {
  it('answers Brotli, else gzip, as the client accepts, and nothing it refuses', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
  });
});

/** A local server with no functions and no site, in a directory of its own; `dispose` closes it and removes it. */
async function emptyServer(port = 0) {
  const dir = mkdtempSync(path.join(tmpdir(), 'care-listen-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  const server = await startServer({ root: process.cwd(), functionsDir: dir, distDir: dir, port }).catch((err: unknown) => {
    remove();
    throw err;
  });
  return { server, dispose: async () => { await server.close(); remove(); } };
}

describe('local server listening socket', () => {
  it('refuses a port another local server already listens on, as a single socket would', async () => {
    const { server: first, dispose } = await emptyServer();
    try {
      await expect(emptyServer(first.port)).rejects.toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      await dispose();
    }
  });

  it('closes while clients keep their connections alive, and frees its port', async () => {
    const { server, dispose } = await emptyServer();
    const sockets = await Promise.all(
      Array.from({ length: 16 }, () => new Promise<net.Socket>((resolve, reject) => {
        const s = net.connect(server.port, '127.0.0.1', () => resolve(s));
        s.once('error', reject);
      })),
    );
    try {
      // Kept-alive HTTP/1.1 connections that have answered a request each (then idle).
      for (const s of sockets) s.on('error', () => undefined);
      const answers = await Promise.all(sockets.map((s) => new Promise<string>((resolve) => {
        s.once('data', (b) => resolve(b.toString().split('\r\n')[0]));
        s.write('GET /api/none HTTP/1.1\r\nHost: localhost\r\n\r\n');
      })));
      expect(answers).toEqual(Array(16).fill('HTTP/1.1 404 Not Found'));
      await dispose();
      // The port is free again: a plain listener takes it.
      const again = net.createServer();
      await new Promise<void>((resolve, reject) => again.once('error', reject).listen(server.port, '127.0.0.1', () => resolve()));
      await new Promise<void>((resolve) => again.close(() => resolve()));
    } finally {
      for (const s of sockets) s.destroy();
    }
  });
});

/** A served site (`home`) and a built one to switch to (`next`), each written by its callback; `dispose` cleans up. */
async function siteToSwitch(fill: { home(dir: string): void; next(dir: string): void }) {
  const work = mkdtempSync(path.join(tmpdir(), 'care-publish-'));
  const home = path.join(work, 'dist');
  const next = path.join(work, 'next');
  mkdirSync(home);
  mkdirSync(next);
  fill.home(home);
  fill.next(next);
  const server = await startServer({ root: process.cwd(), functionsDir: next, distDir: home, port: 0, cdnCache: false });
  return { server, next, dispose: async () => { await server.close(); rmSync(work, { recursive: true, force: true }); } };
}

describe('local server and a rebuild switching the site', () => {
  it('answers every request made while the site is switched: the old file whole, or the new site\'s answer', async () => {
    const size = 64 * 1024;
    const { server, next, dispose } = await siteToSwitch({
      home: (dir) => { for (let i = 0; i < 300; i++) writeFileSync(path.join(dir, `f${i}.bin`), Buffer.alloc(size, 1)); },
      next: () => undefined,
    });
    try {
      const answers = Array.from({ length: 300 }, (_, i) =>
        fetch(`${server.url}/f${i}.bin`).then(async (r) => ({ status: r.status, bytes: (await r.arrayBuffer()).byteLength })),
      );
      await server.publishSite(next);
      for (const a of await Promise.all(answers)) expect(a.status === 200 ? a.bytes : a.status).toBe(a.status === 200 ? size : 404);
      expect((await fetch(`${server.url}/f0.bin`)).status).toBe(404);
    } finally {
      await dispose();
    }
  });

  it('sends a file whole when the site is switched under it, then answers from the new site without crashing', async () => {
    const size = 8 * 1024 * 1024;
    const { server, next, dispose } = await siteToSwitch({
      home: (dir) => writeFileSync(path.join(dir, 'big.bin'), Buffer.alloc(size, 7)),
      next: (dir) => writeFileSync(path.join(dir, 'page.html'), '<!doctype html><title>new</title>'),
    });
    try {
      const res = await fetch(`${server.url}/big.bin`);
      const reader = res.body!.getReader();
      let received = (await reader.read()).value!.byteLength;
      // The old folder is moved away and deleted while the answer is still being read.
      await server.publishSite(next);
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) received += chunk.value.byteLength;
      expect(received).toBe(size);
      expect((await fetch(`${server.url}/big.bin`)).status).toBe(404);
      expect(await (await fetch(`${server.url}/page.html`)).text()).toContain('<title>new</title>');
    } finally {
      await dispose();
    }
  });
});
