/**
 * An upstream's gate when it is shared by several instances (the shared side replaced by a scripted stand-in, so
 * no Redis is needed): a request goes only when the shared gate says so, a pause the shared gate reports holds
 * this instance too, a busy answer is told to the shared gate, and while the shared gate cannot be reached the
 * instance goes by its own share of the rate.
 */
import type { SharedGate } from '../../gateway/redis';
import { GateRefused, Upstream } from '../../gateway/upstream';

function recording(status = 200, headers: Record<string, string> = {}) {
  const sent: string[] = [];
  const fetchImpl: typeof fetch = async (input) => {
    sent.push(String(input));
    return new Response('{}', { status, headers: { 'content-type': 'application/json', ...headers } });
  };
  return { sent, fetchImpl };
}

/** A shared gate answering from a script, one answer per question (the last one repeated). */
function scripted(answers: ({ waitMs: number; paused: boolean } | null)[]) {
  const asked: number[] = [];
  const pauses: number[] = [];
  const gate: SharedGate = {
    async take() {
      asked.push(asked.length);
      return answers.length > 1 ? answers.shift()! : answers[0];
    },
    pause(ms) {
      pauses.push(ms);
    },
  };
  return { gate, asked, pauses };
}

describe('an upstream gate shared through Redis', () => {
  test('a request waits while the shared gate says wait, and goes when it says go', async () => {
    const { sent, fetchImpl } = recording();
    const shared = scripted([
      { waitMs: 30, paused: false },
      { waitMs: 30, paused: false },
      { waitMs: 0, paused: false },
    ]);
    const gate = new Upstream({
      name: 'item service',
      baseUrl: 'http://upstream.test',
      perSecond: 1000,
      fetch: fetchImpl,
      shared: { gate: shared.gate, fallbackPerSecond: 1 },
    });
    const answer = await gate.send('/a');
    expect(answer.status).toBe(200);
    expect(shared.asked).toHaveLength(3);
    expect(sent).toEqual(['http://upstream.test/a']);
  });

  test('a pause another instance was told holds this one: a request whose deadline comes first is refused, unsent', async () => {
    const { sent, fetchImpl } = recording();
    const shared = scripted([{ waitMs: 60_000, paused: true }]);
    const gate = new Upstream({
      name: 'item service',
      baseUrl: 'http://upstream.test',
      perSecond: 1000,
      fetch: fetchImpl,
      shared: { gate: shared.gate, fallbackPerSecond: 1 },
    });
    const refusal = await gate.send('/a', { deadline: Date.now() + 5000 }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(GateRefused);
    expect((refusal as GateRefused).reason).toBe('paused');
    expect(sent).toEqual([]);
    expect(gate.stats().pausedForMs).toBeGreaterThan(5000);
    gate.close();
  });

  test('a busy answer is told to the shared gate, for every instance to hold', async () => {
    const { fetchImpl } = recording(503, { 'retry-after': '7' });
    const shared = scripted([{ waitMs: 0, paused: false }]);
    const gate = new Upstream({
      name: 'item service',
      baseUrl: 'http://upstream.test',
      perSecond: 1000,
      fetch: fetchImpl,
      shared: { gate: shared.gate, fallbackPerSecond: 1 },
    });
    const answer = await gate.send('/a');
    expect(answer.status).toBe(503);
    expect(shared.pauses).toEqual([7000]);
    gate.close();
  });

  test("while the shared gate cannot be reached, requests go by this instance's share of the rate", async () => {
    const { sent, fetchImpl } = recording();
    const shared = scripted([null]);
    // A share of 1 a second: the first goes at once, the second not within the time the third is given.
    const gate = new Upstream({
      name: 'item service',
      baseUrl: 'http://upstream.test',
      perSecond: 1000,
      fetch: fetchImpl,
      shared: { gate: shared.gate, fallbackPerSecond: 1 },
    });
    await gate.send('/a');
    const second = gate.send('/b', { client: 'b' });
    const third = gate.send('/c', { client: 'c', deadline: Date.now() + 50 }).catch((e: unknown) => e);
    expect(await third).toBeInstanceOf(GateRefused);
    expect(sent).toEqual(['http://upstream.test/a']);
    await second;
    expect(sent).toEqual(['http://upstream.test/a', 'http://upstream.test/b']);
    gate.close();
  });
});
