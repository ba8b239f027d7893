/**
 * The gateway's waiting line and the gate in front of each upstream: clients served in turn, lanes and the line
 * bounded, requests of clients that left never sent, the upstream's pause capped, a stop that refuses what waits.
 */
import { FairQueue, QueueFull } from '../../gateway/fair-queue';
import { ClientGone, GateRefused, Upstream } from '../../gateway/upstream';
import { runningNow } from '../helpers/held-time';

describe('FairQueue', () => {
  test('serves clients in turn: a client arriving behind a backlog of another is served second, not after it', () => {
    const queue = new FairQueue<string>({ perClient: 100, total: 1000 });
    for (let i = 0; i < 50; i++) queue.push('mallory', `m${i}`);
    queue.push('alice', 'a0');
    queue.push('bob', 'b0');
    queue.push('alice', 'a1');
    const order = Array.from({ length: 6 }, () => queue.shift());
    expect(order).toEqual(['m0', 'a0', 'b0', 'm1', 'a1', 'm2']);
    expect(queue.length).toBe(47);
    expect(queue.lengthOf('mallory')).toBe(47);
    expect(queue.lengthOf('alice')).toBe(0);
  });

  test("a client's lane is bounded without stopping others; the whole line is bounded too", () => {
    const queue = new FairQueue<number>({ perClient: 2, total: 3 });
    queue.push('a', 1);
    queue.push('a', 2);
    expect(() => queue.push('a', 3)).toThrow(new QueueFull('client', 2));
    queue.push('b', 4);
    let error: unknown;
    try {
      queue.push('c', 5);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(QueueFull);
    expect((error as QueueFull).scope).toBe('line');
    expect(queue.length).toBe(3);
  });

  test('a removed request is never served, and its emptied lane takes no turn', () => {
    const queue = new FairQueue<string>({ perClient: 10, total: 10 });
    queue.push('a', 'a0');
    queue.push('b', 'b0');
    queue.push('a', 'a1');
    expect(queue.remove('b', 'b0')).toBe(true);
    expect(queue.remove('b', 'b0')).toBe(false);
    expect([queue.shift(), queue.shift(), queue.shift()]).toEqual(['a0', 'a1', undefined]);
  });

  test('drain empties the line and gives back what waited', () => {
    const queue = new FairQueue<string>({ perClient: 10, total: 10 });
    queue.push('a', 'a0');
    queue.push('b', 'b0');
    expect(queue.drain().sort()).toEqual(['a0', 'b0']);
    expect(queue.length).toBe(0);
    expect(queue.shift()).toBeUndefined();
  });

  test('limits must be whole numbers of 1 or more', () => {
    expect(() => new FairQueue({ perClient: 0, total: 10 })).toThrow(
      "the queue's perClient limit must be a whole number of 1 or more, not 0",
    );
  });
});

describe('Upstream gate', () => {
  /** A fetch that records each URL sent and answers what `reply` gives. */
  const recording = (reply: () => Response = () => new Response('{}', { status: 200 })) => {
    const sent: string[] = [];
    const fetchImpl = (async (input: string | URL | Request) => {
      sent.push(String(input));
      return reply();
    }) as typeof fetch;
    return { sent, fetchImpl };
  };
  const busy = () => new Response('{}', { status: 503, headers: { 'retry-after': '3600' } });
  /** The item service's gate at 4 requests a second (a turn each 250 ms). */
  const itemGate = (fetchImpl: typeof fetch, now?: () => number) =>
    new Upstream({
      name: 'item service',
      baseUrl: 'http://upstream.test',
      perSecond: 4,
      fetch: fetchImpl,
      ...(now ? { now } : {}),
    });

  test('a request whose client leaves while it waits its turn is dropped, never sent', async () => {
    const { sent, fetchImpl } = recording();
    const gate = new Upstream({ name: 'checkout', baseUrl: 'http://upstream.test', perSecond: 0.5, fetch: fetchImpl });
    await gate.send('/first', { client: 'a' });
    const controller = new AbortController();
    const second = gate.send('/second', { client: 'b', signal: controller.signal });
    controller.abort();
    await expect(second).rejects.toBeInstanceOf(ClientGone);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sent).toEqual(['http://upstream.test/first']);
    expect(gate.stats()).toMatchObject({ dropped: 1, queued: 0 });
  });

  test("a client's request reads pending input once before it is sent; a scheduler's search, holding many clients' lookups, goes at once", async () => {
    // Whether an I/O turn of the event loop came between the hand-over and the sending, for each URL sent.
    const turnFirst = new Map<string, boolean>();
    let turned = false;
    const fetchImpl = (async (input: string | URL | Request) => {
      turnFirst.set(new URL(String(input)).pathname, turned);
      return new Response('{}', { status: 200 });
    }) as typeof fetch;
    const gate = new Upstream({
      name: 'item service',
      baseUrl: 'http://upstream.test',
      perSecond: 0,
      fetch: fetchImpl,
    });
    const watch = () => {
      turned = false;
      setImmediate(() => (turned = true));
    };
    watch();
    await gate.send('/client', { client: 'a', signal: new AbortController().signal });
    watch();
    // A sender that kept its search for a turn it claimed (a lookup scheduler): it drops the search itself once every
    // client of its lookups has gone, and while a burst of requests is read a turn of the loop can take 100 ms and more.
    const scheduler = {};
    await gate.send('/merged', { client: 'team', signal: new AbortController().signal, claimant: scheduler });
    expect(Object.fromEntries(turnFirst)).toEqual({ '/client': true, '/merged': false });
  });

  test('heavy work after an answer waits for a turn of the gate that is due within the limit, and for no other', async () => {
    const { sent, fetchImpl } = recording();
    const gate = itemGate(fetchImpl);
    // Nothing waits at the gate: at once.
    await gate.send('/a', { client: 'a' });
    await gate.afterNextTurn(1000);
    expect(sent).toHaveLength(1);
    // /b waits its turn, 250 ms after /a: a limit below that does not wait for it ...
    const b = gate.send('/b', { client: 'b' });
    await gate.afterNextTurn(50);
    expect(sent).toHaveLength(1);
    // ... a limit beyond it resolves only once /b has left.
    await gate.afterNextTurn(1000);
    expect(sent).toEqual(['http://upstream.test/a', 'http://upstream.test/b']);
    await b;
  });

  test("turnIn: the gate's spacing and pause, a turn more for each request on its way into the line, 0 while requests wait in it", async () => {
    const { fetchImpl } = recording();
    let t = 1_000_000;
    const gate = itemGate(fetchImpl, () => t);
    expect(gate.turnIn()).toBe(0);
    await gate.send('/a', { client: 'a' });
    expect(gate.turnIn()).toBe(250);
    t += 100;
    expect(gate.turnIn()).toBe(150);
    // /b on its way to the line (its I/O turn first): the next turn is its.
    const b = gate.send('/b', { client: 'b', signal: new AbortController().signal });
    expect(gate.turnIn()).toBe(400);
    await new Promise((resolve) => setImmediate(() => setImmediate(() => setImmediate(resolve))));
    // Waiting in the line now: a request handed over joins it, where clients are served in turn.
    expect(gate.stats().queued).toBe(1);
    expect(gate.turnIn()).toBe(0);
    gate.close();
    await expect(b).rejects.toBeInstanceOf(GateRefused);
    expect(gate.turnIn()).toBe(0);
  });

  test('heavy work held for the next turn waits for a turn a sender claimed, and goes on as soon as its request has gone', async () => {
    let released = false;
    const seen: { path: string; released: boolean; releasedJustAfter?: boolean }[] = [];
    const fetchImpl = (async (input: string | URL | Request) => {
      const note: (typeof seen)[number] = { path: new URL(String(input)).pathname, released };
      seen.push(note);
      // Within the same turn of the event loop: before the hold's own fallback (a timer) could run.
      setImmediate(() => (note.releasedJustAfter = released));
      return new Response('{}', { status: 200 });
    }) as typeof fetch;
    // One request a second: the claimed turn is a second away, which a loaded machine's pauses between two
    // statements do not reach (at four a second, a 250 ms stall let /b go straight through).
    const gate = new Upstream({
      name: 'item service',
      baseUrl: 'http://upstream.test',
      perSecond: 1,
      fetch: fetchImpl,
    });
    const sent = Date.now();
    await gate.send('/a', { client: 'a' });
    // A scheduler keeps its next request until the turn it claims; nothing waits at the gate itself.
    const scheduler = {};
    const wait = gate.claimTurn(scheduler);
    // The turn is a second after the send, less the time the machine took to get here (a loaded one took 240 ms).
    expect(wait).toBeGreaterThan(Math.min(800, 1000 - (Date.now() - sent) - 50));
    expect(wait).toBeGreaterThan(500);
    expect(gate.stats().queued).toBe(0);
    // Not within the limit: at once.
    await gate.afterNextTurn(50);
    expect(seen).toHaveLength(1);
    // Within it: held. The claimant hands its request over before the turn; it waits at the gate for it.
    const held = gate.afterNextTurn(5000).then(() => (released = true));
    const b = gate.send('/b', { client: 'b', claimant: scheduler });
    await new Promise((resolve) => setImmediate(() => setImmediate(() => setImmediate(resolve))));
    expect(gate.stats().queued).toBe(1);
    expect(released).toBe(false);
    await held;
    await b;
    await new Promise((resolve) => setImmediate(resolve));
    // Released by /b going through, not by the hold's fallback after the turn.
    expect(seen.map((s) => s.path)).toEqual(['/a', '/b']);
    expect(seen[1]).toMatchObject({ released: false, releasedJustAfter: true });
    // A claimed turn for which no request comes holds the work only until a moment after it.
    gate.claimTurn(scheduler);
    await new Promise((resolve) => setTimeout(resolve, gate.turnIn() + 5));
    await gate.afterNextTurn(5000);
    expect(seen).toHaveLength(2);
  });

  test('Retry-After: 3600 closes the gate for the maximum pause only, is passed on as that maximum, and new requests are refused meanwhile', async () => {
    let answer = busy;
    const { sent, fetchImpl } = recording(() => answer());
    const gate = new Upstream({
      name: 'item service',
      baseUrl: 'http://upstream.test',
      perSecond: 100,
      maxPauseMs: 300,
      fetch: fetchImpl,
    });
    const first = await gate.send('/a');
    expect(first.status).toBe(503);
    expect(first.pauseCapped).toBe(true);
    expect(first.headers['retry-after']).toBe('1');
    expect(gate.stats().pausedForMs).toBeLessThanOrEqual(300);
    const refused = await gate.send('/b').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(GateRefused);
    expect((refused as GateRefused).reason).toBe('paused');
    expect((refused as GateRefused).retryAfterMs).toBeLessThanOrEqual(300);
    // A retry waits for the gate instead, and goes once it opens.
    answer = () => new Response('{}', { status: 200 });
    const retried = await gate.send('/c', { whilePaused: 'wait' });
    expect(retried.status).toBe(200);
    expect(sent).toEqual(['http://upstream.test/a', 'http://upstream.test/c']);
  });

  test('a request waiting when the gate closes past its deadline is refused at once, not held', async () => {
    const { sent, fetchImpl } = recording(busy);
    const gate = new Upstream({
      name: 'item service',
      baseUrl: 'http://upstream.test',
      perSecond: 2,
      maxPauseMs: 60_000,
      fetch: fetchImpl,
    });
    const first = gate.send('/a', { client: 'a' });
    const waiting = gate.send('/b', { client: 'b', deadline: Date.now() + 5000 }).catch((e: unknown) => e);
    await first;
    // On the time this process could run: a loaded machine holding it does not make the refusal late.
    const started = runningNow();
    const refusal = await waiting;
    expect(refusal).toBeInstanceOf(GateRefused);
    expect(runningNow() - started).toBeLessThan(200);
    expect(sent).toEqual(['http://upstream.test/a']);
  });

  test('a client with its lane full is refused at once while another client still gets in', async () => {
    const { fetchImpl } = recording();
    const gate = new Upstream({
      name: 'item service',
      baseUrl: 'http://upstream.test',
      perSecond: 1,
      clientQueue: 2,
      fetch: fetchImpl,
    });
    const sends = ['/1', '/2', '/3', '/4'].map((p) =>
      gate.send(p, { client: 'mallory' }).then(
        () => 'sent',
        (e: GateRefused) => e.reason,
      ),
    );
    const other = gate.send('/alice', { client: 'alice' }).then(() => 'sent');
    // The first went at once, two wait, the fourth is refused without waiting.
    expect(await sends[3]).toBe('client-queue-full');
    gate.close();
    expect(await Promise.all([...sends.slice(0, 3), other.catch((e: GateRefused) => e.reason)])).toEqual([
      'sent',
      'stopping',
      'stopping',
      'stopping',
    ]);
  });

  test('close refuses what waits and what comes, so a stop is not held by the gate', async () => {
    const { sent, fetchImpl } = recording();
    const gate = new Upstream({ name: 'checkout', baseUrl: 'http://upstream.test', perSecond: 0.1, fetch: fetchImpl });
    await gate.send('/first');
    const waiting = gate.send('/waiting').catch((e: unknown) => e);
    gate.close();
    const refusal = await waiting;
    expect(refusal).toBeInstanceOf(GateRefused);
    expect((refusal as GateRefused).reason).toBe('stopping');
    await expect(gate.send('/late')).rejects.toThrow('the gateway is stopping');
    expect(sent).toEqual(['http://upstream.test/first']);
  });
});
