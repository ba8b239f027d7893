/**
 * Upstream list answers read off the gateway's own thread. A 1,000-part answer is megabytes of JSON, and reading it
 * (answer-reading.ts) held the event loop for 70–170 ms: meanwhile the gate could not let the next request go when
 * its turn came, and no client's request was read. One worker thread reads the answers in turn and hands back plain
 * data; where it is not there (the sources run without a build, as in the unit tests) or after it failed, an answer
 * is read on this thread, the same way.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { readListAnswer, type AnswerReading } from './answer-reading';
import type { ReadRequest } from './answer-worker';

interface Pending {
  body: Buffer;
  status: number;
  resolve: (reading: AnswerReading) => void;
  reject: (error: Error) => void;
}

/** What the thread answers: the reading, or the words of what went wrong reading it. */
type ReadReply = { id: number; reading: AnswerReading } | { id: number; error: string };

export interface AnswerReaderOptions {
  /** The worker's script; null: read on this thread. Default: answer-worker.js beside this module, when built. */
  script?: string | null;
  /** Told once when the thread fails (it is not started again; answers are then read on this thread). */
  onFailure?: (why: string) => void;
}

export class AnswerReader {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private next = 0;

  constructor(private readonly options: AnswerReaderOptions = {}) {
    const script = options.script === undefined ? builtScript() : options.script;
    if (script) this.start(script);
  }

  /** Whether answers are read off this thread. */
  get threaded(): boolean {
    return this.worker !== null;
  }

  /** Reads `body`, an upstream list answer with a 2xx `status`. */
  read(body: Buffer, status: number): Promise<AnswerReading> {
    const worker = this.worker;
    if (!worker) return new Promise((resolve, reject) => readHere({ body, status, resolve, reject }));
    const id = ++this.next;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { body, status, resolve, reject });
      // The thread keeps the process alive only while it has work.
      if (this.pending.size === 1) worker.ref();
      const request: ReadRequest = { id, body, status };
      worker.postMessage(request);
    });
  }

  /** Stops the thread; answers it was reading are read here. */
  close(): void {
    const worker = this.worker;
    this.worker = null;
    this.readPendingHere();
    void worker?.terminate();
  }

  private start(script: string): void {
    const worker = new Worker(script);
    worker.unref();
    worker.on('message', (reply: ReadReply) => {
      const pending = this.pending.get(reply.id);
      if (!pending) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      if ('reading' in reply) pending.resolve(reply.reading);
      else pending.reject(new Error(`the upstream's answer could not be read: ${reply.error}`));
    });
    const lost = (why: string) => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.options.onFailure?.(why);
      this.readPendingHere();
    };
    worker.on('error', (e) => lost(e.message));
    worker.on('exit', (code) => lost(`it exited with code ${code}`));
    this.worker = worker;
  }

  private readPendingHere(): void {
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const p of pending) readHere(p);
  }
}

function readHere(p: Pick<Pending, 'body' | 'status' | 'resolve' | 'reject'>): void {
  try {
    p.resolve(readListAnswer(p.body, p.status));
  } catch (e) {
    p.reject(e as Error);
  }
}

/** The worker's built script beside this module, when there is one (not when the sources run without a build). */
function builtScript(): string | null {
  const path = join(__dirname, 'answer-worker.js');
  return existsSync(path) ? path : null;
}
