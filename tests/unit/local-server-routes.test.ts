import { describe, expect, it } from 'vitest';
import net from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { acceptedEncoding, LISTENING_SOCKETS, startServer } from '../../scripts/lib/server';
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

/** The listening sockets on a loopback port and their accept queues (connections not yet accepted), from /proc. */
function listening(port: number): number[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  return readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((f) => f[1] === `0100007F:${hexPort}` && f[3] === '0A')
    .map((f) => parseInt(f[4].split(':')[1], 16));
}

/**
 * Opens `count` connections to `port` from a worker thread (its own event loop, so they are made while this thread
 * is busy) and blocks this thread until all are established: they wait in the kernel's accept queues meanwhile.
 * Returns a function asking `/api/none` once on each of them: the answers' first lines.
 */
function burstFromWorker(port: number, count: number): () => Promise<string[]> {
  const connected = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(
    `const net = require('node:net');
     const { workerData, parentPort } = require('node:worker_threads');
     const { port, count, connected } = workerData;
     const sockets = [];
     for (let i = 0; i < count; i++) {
       const s = net.connect(port, '127.0.0.1', () => { Atomics.add(connected, 0, 1); Atomics.notify(connected, 0); });
       sockets.push(s);
     }
     parentPort.once('message', async () => {
       const answers = await Promise.all(sockets.map((s) => new Promise((resolve, reject) => {
         s.once('data', (b) => { resolve(b.toString().split('\\r\\n')[0]); s.destroy(); });
         s.once('error', reject);
         s.write('GET /api/none HTTP/1.1\\r\\nHost: localhost\\r\\n\\r\\n');
       })));
       parentPort.postMessage(answers);
     });`,
    { eval: true, workerData: { port, count, connected } },
  );
  const deadline = performance.now() + 10_000;
  for (let n = Atomics.load(connected, 0); n < count; n = Atomics.load(connected, 0)) {
    if (performance.now() > deadline) throw new Error(`only ${n} of ${count} connections were established`);
    Atomics.wait(connected, 0, n, 1000);
  }
  return () =>
    new Promise<string[]>((resolve, reject) => {
      worker.once('message', (answers: string[]) => {
        void worker.terminate();
        resolve(answers);
      });
      worker.once('error', reject);
      worker.postMessage('ask');
    });
}

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

describe.runIf(process.platform === 'linux')('local server listening sockets (Linux: SO_REUSEPORT)', () => {
  it('accepts a burst of connections in one event-loop turn, answers on all of them, and frees its port on close', async () => {
    const { server, dispose } = await emptyServer();
    try {
      expect(listening(server.port)).toHaveLength(LISTENING_SOCKETS);
      // Connections opened while this loop is blocked wait in the kernel's accept queues (the handshake needs no turn).
      const burst = 40;
      const ask = burstFromWorker(server.port, burst);
      expect(listening(server.port).reduce((a, b) => a + b, 0)).toBe(burst);
      // A turn accepts one connection per listening socket (libuv): after at most two (the first check phase may
      // come before any poll), one socket would leave 38 waiting.
      for (let turn = 0; turn < 2; turn++) await new Promise<void>((resolve) => setImmediate(resolve));
      expect(listening(server.port).reduce((a, b) => a + b, 0)).toBeLessThan(burst - 10);
      // Every connection, whichever socket took it, is answered by the one server (an unknown call: 404 envelope).
      expect(await ask()).toEqual(Array(burst).fill('HTTP/1.1 404 Not Found'));
    } finally {
      await dispose();
    }
    expect(listening(server.port)).toEqual([]);
    // A server without SO_REUSEPORT can take the port again.
    const again = net.createServer();
    await new Promise<void>((resolve, reject) => again.once('error', reject).listen(server.port, '127.0.0.1', () => resolve()));
    await new Promise<void>((resolve) => again.close(() => resolve()));
  });

  it('refuses a port another local server already listens on, as a single socket would', async () => {
    const { server: first, dispose } = await emptyServer();
    try {
      await expect(emptyServer(first.port)).rejects.toMatchObject({ code: 'EADDRINUSE' });
      expect(listening(first.port)).toHaveLength(LISTENING_SOCKETS);
    } finally {
      await dispose();
    }
  });

  it('closes while clients keep their connections alive, on whichever socket they were accepted', async () => {
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
      expect(listening(server.port)).toEqual([]);
    } finally {
      for (const s of sockets) s.destroy();
    }
  });
});
