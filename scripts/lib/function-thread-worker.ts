/**
 * The functions thread of the local server (./function-thread.ts): opens its database, loads the functions and
 * answers each call it is handed with the answer read whole. Says it is ready with one message.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../../src/data/db';
import { useDatabase } from '../../src/server/runtime';
import { loadFunctions, readAnswer } from './functions';
import type { ThreadData, ThreadReply, ThreadRequest } from './function-thread';

const port = parentPort!;
const { functionsDir, database, replies } = workerData as ThreadData;
const db = await openDatabase(database);
useDatabase(db);
const routes = await loadFunctions(functionsDir);

async function answer(m: ThreadRequest): Promise<void> {
  try {
    const request = new Request(m.url, { method: m.method, headers: m.headers, body: (m.body as Uint8Array<ArrayBuffer> | null) ?? undefined });
    const { status, headers, body } = await readAnswer(await routes[m.route].handler(request, m.context));
    // The body is moved to the server's thread: a view of a whole buffer of its own, else a copy that is.
    const moved = body && (body.byteOffset !== 0 || body.byteLength !== body.buffer.byteLength) ? new Uint8Array(body) : body;
    replies.postMessage({ id: m.id, status, headers, body: moved } satisfies ThreadReply, moved ? [moved.buffer as ArrayBuffer] : []);
  } catch (err) {
    replies.postMessage({ id: m.id, error: (err as Error).stack ?? String(err) } satisfies ThreadReply);
  }
}

port.on('message', (m: ThreadRequest | 'close') => {
  if (m !== 'close') return void answer(m);
  void db.close().finally(() => {
    replies.close();
    port.close();
  });
});
port.postMessage('ready');
