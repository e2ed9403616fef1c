/**
 * One webhook POST (issue #40): node:http/https rather than fetch, because the connection's DNS lookup is the
 * place to refuse a non-public address (src/server/public-address.ts guardedLookup: checked on the address
 * connected to, so DNS rebinding between the save and the delivery does not reach an internal host). An IP
 * literal in the URL is checked before connecting. Redirects are not followed (a 3xx is the answer); https only in
 * production; the receiver has `timeoutMs` to answer, and its body is read and dropped (at most 64 KiB).
 */
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { isProduction } from './env';
import { addressAllowed, guardedLookup, hostOf, loopbackAllowed } from './public-address';

export interface PostOutcome {
  httpStatus: number | null;
  error: string | null;
}

export function postWebhook(rawUrl: string, body: string, headers: Record<string, string>, timeoutMs: number): Promise<PostOutcome> {
  const allowLoopback = loopbackAllowed();
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return Promise.resolve({ httpStatus: null, error: 'invalid address' });
  }
  if (url.protocol !== 'https:' && (isProduction() || url.protocol !== 'http:')) return Promise.resolve({ httpStatus: null, error: 'refused: https only' });
  const host = hostOf(url);
  if (isIP(host) && !addressAllowed(host, allowLoopback)) return Promise.resolve({ httpStatus: null, error: 'refused: not a public internet address' });
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const done = (o: PostOutcome) => {
      if (!settled) (settled = true), resolve(o);
    };
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: guardedLookup(allowLoopback) as never,
        timeout: timeoutMs,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (res) => {
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > 64 * 1024) res.destroy();
        });
        const status = res.statusCode ?? null;
        const finish = () => done({ httpStatus: status, error: status !== null && status >= 200 && status < 300 ? null : `answered ${status}` });
        res.on('end', finish);
        res.on('close', finish);
        res.on('error', finish);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', (err) => done({ httpStatus: null, error: (err.message || String(err)).slice(0, 300) }));
    req.end(body);
  });
}
