/**
 * The request body of the local server as a web stream, and what happens to a body nobody read.
 *
 * `Readable.toWeb(req)` enqueued chunks that arrived after its reader cancelled (an endpoint refusing a chunked
 * body over its limit): `ERR_INVALID_STATE: Controller is already closed`, thrown outside any request, ended the
 * whole process (issue 24, finding 1). This stream ignores everything after it closed, was cancelled or failed,
 * and a cancelled body is drained and discarded so the connection can carry the answer.
 */
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type http from 'node:http';

/** Bytes of a body the server keeps reading (and discarding) after answering, before it closes the connection. */
export const DRAIN_LIMIT = 16 * 1024 * 1024;
/** Time the client has to finish sending a body nobody read, once answered. */
export const DRAIN_TIMEOUT_MS = 10_000;

export function requestBodyStream(req: http.IncomingMessage): ReadableStream<Uint8Array> {
  let finished = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        req.on('data', (chunk: Buffer) => {
          if (finished) return;
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          // Back-pressure: the socket stops being read until the consumer pulls.
          if ((controller.desiredSize ?? 1) <= 0) req.pause();
        });
        req.once('end', () => {
          if (finished) return;
          finished = true;
          controller.close();
        });
        req.once('error', (err) => {
          if (finished) return;
          finished = true;
          controller.error(err);
        });
        req.once('close', () => {
          if (finished) return;
          finished = true;
          controller.error(new Error('The client closed the connection before the body ended.'));
        });
      },
      pull() {
        req.resume();
      },
      cancel() {
        finished = true;
        req.resume();
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: 64 * 1024 }),
  );
}

/**
 * Called once an answer is sent: a request body not read to its end (refused as too large, or not wanted) is
 * read and discarded, so that a client that sends its whole body before reading the answer gets it (it waited
 * for a reset or a timeout before, issue 24 finding 10). Past DRAIN_LIMIT bytes or DRAIN_TIMEOUT_MS the
 * connection is closed.
 */
export function drainUnreadBody(req: http.IncomingMessage): void {
  if (req.complete || req.destroyed) return;
  // The body stream's own listener would keep queueing what nobody reads any more.
  req.removeAllListeners('data');
  let drained = 0;
  const stop = () => req.socket?.destroy();
  req.on('data', (chunk: Buffer) => {
    drained += chunk.byteLength;
    if (drained > DRAIN_LIMIT) stop();
  });
  const timer = setTimeout(stop, DRAIN_TIMEOUT_MS);
  timer.unref();
  req.once('end', () => clearTimeout(timer));
  req.once('close', () => clearTimeout(timer));
  req.resume();
}

/**
 * Largest request head (request line and headers) the server parses: past Node's 16 KB default a long address
 * reset the connection; up to this the function answers it (414 in the envelope, src/server/endpoint.ts).
 */
export const MAX_HEADER_BYTES = 256 * 1024;

const PARSER_STATUS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'The request headers or address are too long.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive.'],
  HPE_INVALID_METHOD: [405, 'This method is not accepted.'],
};

/** `clientError`: a request the HTTP parser refused is answered in the API's envelope, then the connection closes. */
export function answerClientError(err: Error & { code?: string }, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, message] = PARSER_STATUS[err.code ?? ''] ?? [400, 'The request is malformed.'];
  const body = JSON.stringify({ _status: -1, _messages: [message], _data: null });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
