/**
 * List answers written one after another (gateway/write-turns.ts): each answer's pieces only once the one before it
 * is written, so the first client has its whole answer first; a client that stops reading passes the turn on, no
 * answer waits for its turn beyond the bound, and an answer whose client left gives its place up.
 */
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { WriteTurns } from '../../gateway/write-turns';

/** An answer of `count` pieces that notes in `log` each piece as it is produced. */
function* answer(name: string, count: number, log: string[]): Iterable<Buffer> {
  for (let i = 0; i < count; i++) {
    log.push(`${name}${i}`);
    yield Buffer.alloc(64 * 1024, name);
  }
}

/** A client reading everything as it comes; resolves with the bytes it read. */
function reader(): { sink: Writable; bytes: () => number } {
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      setImmediate(done);
    },
  });
  return { sink, bytes: () => bytes };
}

describe('WriteTurns', () => {
  test('answers ready together are produced one after another, each whole before the next begins', async () => {
    const turns = new WriteTurns({ stallMs: 600_000, maxWaitMs: 600_000, maxHoldMs: 600_000 });
    const log: string[] = [];
    const readers = ['a', 'b', 'c'].map(() => reader());
    await Promise.all(
      ['a', 'b', 'c'].map((name, i) =>
        pipeline(Readable.from(turns.inTurn(answer(name, 4, log)), { objectMode: false }), readers[i].sink),
      ),
    );
    expect(log).toEqual(['a0', 'a1', 'a2', 'a3', 'b0', 'b1', 'b2', 'b3', 'c0', 'c1', 'c2', 'c3']);
    expect(readers.map((r) => r.bytes())).toEqual([4, 4, 4].map((n) => n * 64 * 1024));
    expect(turns.waiting).toBe(0);
  });

  test('an answer whose client stops reading passes the turn on, and is still written once it reads again', async () => {
    // Waiting for the turn is not bounded here (beyond the test's own time): only passing it on lets the fast one go.
    const turns = new WriteTurns({ stallMs: 20, maxWaitMs: 600_000, maxHoldMs: 600_000 });
    const log: string[] = [];
    // A client that takes one piece and then nothing until released.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let slowBytes = 0;
    const slow = new Writable({
      highWaterMark: 1,
      write(chunk: Buffer, _enc, done) {
        slowBytes += chunk.length;
        if (slowBytes === chunk.length) void released.then(() => done());
        else done();
      },
    });
    const stalled = pipeline(Readable.from(turns.inTurn(answer('s', 6, log)), { objectMode: false }), slow);
    const fast = reader();
    await pipeline(Readable.from(turns.inTurn(answer('f', 3, log)), { objectMode: false }), fast.sink);
    expect(fast.bytes()).toBe(3 * 64 * 1024);
    expect(log.filter((p) => p.startsWith('s')).length).toBeLessThan(6);
    release();
    await stalled;
    expect(slowBytes).toBe(6 * 64 * 1024);
  });

  test("a stall is the client's, not the gateway's: a timer that comes late after the gateway's own work does not pass on the turn of a client that reads", async () => {
    const turns = new WriteTurns({ stallMs: 20, maxWaitMs: 600_000, maxHoldMs: 600_000 });
    const log: string[] = [];
    let chunks = 0;
    const sink = new Writable({
      write(_chunk: Buffer, _enc, done) {
        // While the second piece is taken, the gateway's thread is busy with other work (assembling other answers)
        // for longer than the stall time: the client's reading is read only after it.
        if (++chunks === 2) {
          const until = Date.now() + 60;
          while (Date.now() < until);
        }
        setImmediate(done);
      },
    });
    const other = reader();
    await Promise.all([
      pipeline(Readable.from(turns.inTurn(answer('a', 4, log)), { objectMode: false }), sink),
      pipeline(Readable.from(turns.inTurn(answer('b', 2, log)), { objectMode: false }), other.sink),
    ]);
    expect(log).toEqual(['a0', 'a1', 'a2', 'a3', 'b0', 'b1']);
  });

  /** Behind an answer whose client took one piece and no more, a second answer is still written whole. */
  async function writtenBehindAHolder(turns: WriteTurns): Promise<void> {
    const log: string[] = [];
    const held = new Writable({ highWaterMark: 1, write: () => undefined });
    const holding = Readable.from(turns.inTurn(answer('h', 6, log)), { objectMode: false });
    holding.pipe(held);
    const other = reader();
    await pipeline(Readable.from(turns.inTurn(answer('o', 2, log)), { objectMode: false }), other.sink);
    expect(other.bytes()).toBe(2 * 64 * 1024);
    holding.destroy();
    held.destroy();
  }

  test('no answer waits for its turn beyond the bound, even behind one that holds it', async () => {
    // The turn is never passed for stalling or holding long here: only the bound on waiting lets the second go.
    await writtenBehindAHolder(new WriteTurns({ stallMs: 600_000, maxWaitMs: 30, maxHoldMs: 600_000 }));
  });

  test('an answer holds the turn for a bounded time, even while its client takes a piece now and then', async () => {
    await writtenBehindAHolder(new WriteTurns({ stallMs: 600_000, maxWaitMs: 600_000, maxHoldMs: 30 }));
  });

  test('an answer whose client leaves gives up its turn, or its place in the line at once, producing nothing', async () => {
    const turns = new WriteTurns({ stallMs: 600_000, maxWaitMs: 600_000, maxHoldMs: 600_000 });
    const log: string[] = [];
    const never = () => new Writable({ highWaterMark: 1, write: () => undefined });
    // The first holds the turn and stalls; the second waits in line; its client leaves, then the first's.
    const first = Readable.from(turns.inTurn(answer('x', 6, log)), { objectMode: false });
    first.pipe(never());
    await new Promise((resolve) => setImmediate(resolve));
    const gone = new AbortController();
    const second = Readable.from(turns.inTurn(answer('y', 6, log), gone.signal), { objectMode: false });
    second.pipe(never());
    await new Promise((resolve) => setImmediate(resolve));
    expect(turns.waiting).toBe(1);
    gone.abort();
    second.destroy();
    expect(turns.waiting).toBe(0);
    first.destroy();
    // A third answer now has the turn at once and is written whole.
    const third = reader();
    await pipeline(Readable.from(turns.inTurn(answer('z', 2, log)), { objectMode: false }), third.sink);
    expect(third.bytes()).toBe(2 * 64 * 1024);
    expect(turns.waiting).toBe(0);
    expect(log.filter((p) => p.startsWith('y'))).toEqual([]);
  });
});
