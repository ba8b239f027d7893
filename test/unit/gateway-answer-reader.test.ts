/**
 * Upstream list answers read off the gateway's thread (gateway/answer-reader.ts, the built worker
 * dist/gateway/answer-worker.js: the test command builds before the tests run): the same reading as on the gateway's
 * own thread, for an answer, a refusal and a broken body; and a worker that fails leaves no read unanswered, every
 * later answer read on the gateway's thread.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AnswerReader } from '../../gateway/answer-reader';
import { readListAnswer } from '../../gateway/answer-reading';
import { keptEntry } from '../../gateway/list-entries';

const BUILT_WORKER = join(__dirname, '..', '..', 'dist', 'gateway', 'answer-worker.js');

function answerBody(entries: unknown[], response: Record<string, unknown> = { success: true, returnCode: '0' }) {
  return Buffer.from(
    JSON.stringify({
      itemserviceresult: {
        serviceMetaData: [{ version: '4.0.0' }],
        transactionArea: [{ response, responseSequence: { totalItems: 2 } }],
        data: [{ partsRequested: entries.length, partsFound: 1, partsNotFound: 1, partsError: 0, resultList: entries }],
      },
    }),
  );
}

const found = {
  requestedPartNum: 'NE555P|TI',
  numberFound: 1,
  PartList: [{ itemId: 42, partNum: 'NE555P', desc: 'timer "dual" ] } 抵抗' }],
};
const missing = { requestedPartNum: 'NOSUCH', numberFound: 0, PartList: [] };
// Spaces in the part list: this entry is written out from its parsed form, not copied from the bytes.
const spaced = Buffer.from(answerBody([found]).toString().replace('"PartList":[{', '"PartList": [ {'));

const bodies: Record<string, Buffer> = {
  answer: answerBody([found, missing]),
  'answer written out': spaced,
  refusal: answerBody([], { success: false, returnCode: '54', returnMsg: 'too many parts in the answer' }),
  'broken body': Buffer.from('{"itemserviceresult": {"data": ['),
  'no resultList': Buffer.from(answerBody([]).toString().replace('"resultList":[]', '"other":[]')),
};

let reader: AnswerReader | undefined;
afterEach(() => reader?.close());

test.each(Object.keys(bodies))('the worker reads %s as the gateway thread does', async (name) => {
  reader = new AnswerReader({ script: BUILT_WORKER });
  expect(reader.threaded).toBe(true);
  const body = bodies[name];
  const inWorker = await reader.read(body, 200);
  expect(inWorker).toEqual(readListAnswer(body, 200));
  expect(inWorker.ok).toBe(name.startsWith('answer'));
});

test('entries read in the worker are kept as the same text, part numbers and counts', async () => {
  reader = new AnswerReader({ script: BUILT_WORKER });
  const body = bodies.answer;
  const reading = await reader.read(body, 200);
  if (!reading.ok) throw new Error('expected an answer');
  expect(reading.counts).toEqual({ partsRequested: 2, partsFound: 1, partsNotFound: 1, partsError: 0 });
  expect(reading.entries.map((e) => [e.requestedPartNum, e.kind, e.numberFound, e.partIds])).toEqual([
    ['NE555P|TI', 'found', 1, [42]],
    ['NOSUCH', 'notFound', 0, []],
  ]);
  const kept = reading.entries.map((e) => keptEntry(e, reading.frame, body));
  expect(kept.map((k) => JSON.parse(k.text.toString('utf8')))).toEqual([found, missing]);
  expect(kept[0].spelled).toBe('"NE555P|TI"');
  expect(reading.entries[0].sent).toBeDefined();
  const written = await reader.read(spaced, 200);
  if (!written.ok) throw new Error('expected an answer');
  expect(written.entries[0].sent).toBeUndefined();
  expect(JSON.parse(keptEntry(written.entries[0], written.frame).text.toString('utf8'))).toEqual(found);
});

test('a worker that fails is told once; the reads it held and every later one are answered on this thread', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'partsheet-reader-'));
  try {
    // A worker that takes one request, then dies without answering.
    const script = join(dir, 'dies.js');
    writeFileSync(
      script,
      "require('node:worker_threads').parentPort.on('message', () => { throw new Error('worker broke'); });",
    );
    const failures: string[] = [];
    reader = new AnswerReader({ script, onFailure: (why) => failures.push(why) });
    const held = await Promise.all([reader.read(bodies.answer, 200), reader.read(bodies.refusal, 200)]);
    expect(held).toEqual([readListAnswer(bodies.answer, 200), readListAnswer(bodies.refusal, 200)]);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(/worker broke/);
    expect(reader.threaded).toBe(false);
    expect(await reader.read(bodies['broken body'], 200)).toEqual({ ok: false, unreadable: expect.any(String) });
    expect(failures).toHaveLength(1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('without a built worker (the sources run as they are) answers are read on this thread', async () => {
  reader = new AnswerReader({ script: null });
  expect(reader.threaded).toBe(false);
  expect(await reader.read(bodies.answer, 200)).toEqual(readListAnswer(bodies.answer, 200));
});
