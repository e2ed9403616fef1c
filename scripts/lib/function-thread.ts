/**
 * The functions in a thread of their own, for the local server (./server.ts, option `functionsThread`).
 *
 * On Netlify the CDN's edge answers kept copies and the function instances run elsewhere. The local server's CDN
 * stand-in (./cdn-cache.ts) and the functions shared one thread, so every kept copy the stand-in sent took time
 * from the function instance behind it: under the booking benchmark's load nine calls in ten are kept copies,
 * and the functions' share of the thread was a third. With a functions thread, the server's thread parses
 * requests and answers kept copies and files; the functions, their database connection and their instance caches
 * live in a worker thread that is handed each call (method, URL, headers, body) and hands back the answer read
 * whole, its body moved rather than copied.
 *
 * Only for a database the thread opens by itself (a PostgreSQL URL, or a PGlite directory nobody else has open):
 * the Supabase stand-ins and the tests work on the database of the server's own thread, so `npm start` and the
 * test servers keep the functions there.
 */
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { OpenOptions } from '../../src/data/db';
import type { OutgoingHeaders } from './cdn-cache';
import type { Answer, FunctionContext } from './functions';

/** One call as the thread is handed it; `route` indexes loadFunctions' routes, which both threads load alike. */
export interface FunctionCall {
  route: number;
  method: string;
  url: string;
  headers: [string, string][];
  body: Uint8Array | null;
  context: FunctionContext;
}

export type ThreadRequest = FunctionCall & { id: number };
export type ThreadReply = { id: number; status: number; headers: OutgoingHeaders; body: Uint8Array | null } | { id: number; error: string };
export interface ThreadSetup { functionsDir: string; database: OpenOptions }
/** What the thread is handed: the setup and the port its answers go back on. */
export type ThreadData = ThreadSetup & { replies: MessagePort };

export class FunctionThread {
  private readonly pending = new Map<number, { resolve: (a: Answer) => void; reject: (e: Error) => void }>();
  private nextId = 1;
  private failure: Error | null = null;

  private constructor(
    private readonly worker: Worker,
    private readonly replies: MessagePort,
  ) {
    replies.on('message', (m: ThreadReply) => this.settle(m));
    // A thread that died takes its calls with it; later calls fail at once rather than wait forever.
    const fail = (err: Error) => {
      this.failure = err;
      for (const call of this.pending.values()) call.reject(err);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`function thread exited (${code})`)));
  }

  /** Starts the thread: it opens the database, loads the functions of `functionsDir`, then takes calls. */
  static start(setup: ThreadSetup): Promise<FunctionThread> {
    const { port1, port2 } = new MessageChannel();
    // The thread loads TypeScript as this process does: through tsx, which it inherits when the process runs under
    // tsx, and is given otherwise (a test runner's worker, say).
    const execArgv = process.execArgv.some((a) => a.includes('tsx')) ? undefined : ['--import', 'tsx'];
    const worker = new Worker(new URL('./function-thread-worker.ts', import.meta.url), { workerData: { ...setup, replies: port2 }, transferList: [port2], execArgv });
    return new Promise((resolve, reject) => {
      const failed = (err: Error) => reject(err);
      const exited = (code: number) => reject(new Error(`function thread exited (${code}) while starting`));
      worker.once('error', failed);
      worker.once('exit', exited);
      worker.once('message', () => {
        worker.off('error', failed);
        worker.off('exit', exited);
        resolve(new FunctionThread(worker, port1));
      });
    });
  }

  private settle(m: ThreadReply): void {
    const call = this.pending.get(m.id);
    if (!call) return;
    this.pending.delete(m.id);
    if ('error' in m) call.reject(new Error(`function thread: ${m.error}`));
    else call.resolve({ status: m.status, headers: m.headers, body: m.body ? Buffer.from(m.body.buffer, m.body.byteOffset, m.body.byteLength) : null });
  }

  /**
   * Settles the calls whose answers have arrived, now. A busy server's event-loop turn handles every request that
   * arrived during the last one, and a message arriving meanwhile waited for the next turn: the server calls this
   * for each request it takes, so an answer waits for one request rather than a turn of a few hundred
   * (measured at 200 connections: an answer's way back from the thread took 5–6 ms at the median, 0.06 ms so).
   */
  poll(): void {
    if (this.pending.size === 0) return;
    for (let m = receiveMessageOnPort(this.replies); m; m = receiveMessageOnPort(this.replies)) this.settle(m.message as ThreadReply);
  }

  call(call: FunctionCall): Promise<Answer> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<Answer>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      const message: ThreadRequest = { ...call, id };
      this.worker.postMessage(message, call.body ? [call.body.buffer as ArrayBuffer] : []);
    });
  }

  /** Asks the thread to close its database and end (by force after five seconds), and closes the answers' port. */
  async close(): Promise<void> {
    if (!this.failure) {
      const ended = new Promise<void>((resolve) => this.worker.once('exit', () => resolve()));
      this.worker.postMessage('close');
      const force = setTimeout(() => void this.worker.terminate(), 5_000);
      await ended;
      clearTimeout(force);
    }
    this.replies.close();
  }
}
