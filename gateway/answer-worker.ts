/**
 * The answer-reading thread (answer-reader.ts): reads each upstream list answer it is given (answer-reading.ts) and
 * hands back what the cache keeps, so the gateway's own thread goes on reading clients and opening the gate meanwhile.
 */
import { parentPort } from 'node:worker_threads';
import { readListAnswer } from './answer-reading';

/** A request to this thread: the answer's bytes and its HTTP status. */
export interface ReadRequest {
  id: number;
  body: Uint8Array;
  status: number;
}

parentPort?.on('message', (request: ReadRequest) => {
  const { id, body, status } = request;
  try {
    const reading = readListAnswer(Buffer.from(body.buffer, body.byteOffset, body.byteLength), status);
    parentPort!.postMessage({ id, reading });
  } catch (e) {
    parentPort!.postMessage({ id, error: (e as Error).message ?? String(e) });
  }
});
