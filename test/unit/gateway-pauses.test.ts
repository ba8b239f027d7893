/**
 * An upstream's pause holds the credentials it answered only: a busy answer to one login's request pauses that
 * login's requests, while another login's go on at the gate's spacing, even when they arrive while the gate waits
 * for the paused login's turn; and the shared gate is asked about, and told, the credentials of each request.
 */
import { credentialsKey } from '../../gateway/credentials-key';
import type { SharedGate } from '../../gateway/redis';
import { GateRefused, isBusy, Upstream } from '../../gateway/upstream';
import { runningNow } from '../helpers/held-time';

const A = credentialsKey('A', 'a-key');
const B = credentialsKey('B', 'b-key');

/** An upstream answering `/a…` 503 with `Retry-After` and anything else 200, recording what it was sent. */
function busyForA(retryAfter: string) {
  const sent: string[] = [];
  const fetchImpl: typeof fetch = async (input) => {
    const path = new URL(String(input)).pathname;
    sent.push(path);
    return path.startsWith('/a')
      ? new Response('{}', { status: 503, headers: { 'retry-after': retryAfter } })
      : new Response('{}', { status: 200 });
  };
  return { sent, fetchImpl };
}

describe('pauses per credentials', () => {
  test("a capped pause of A refuses A's next request at once and lets B's through", async () => {
    const { sent, fetchImpl } = busyForA('60');
    const gate = new Upstream({ name: 'item service', baseUrl: 'http://u.test', perSecond: 100, fetch: fetchImpl });
    expect((await gate.send('/a1', { credentials: A })).status).toBe(503);
    const refused = await gate.send('/a2', { credentials: A }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(GateRefused);
    expect((await gate.send('/b1', { credentials: B })).status).toBe(200);
    expect(sent).toEqual(['/a1', '/b1']);
    expect(gate.stats().pausedCredentials).toBe(1);
    expect(gate.refusingForMs(A)).toBeGreaterThan(50_000);
    expect(gate.refusingForMs(B)).toBe(0);
    gate.close();
  });

  test("a 503 saying throttling in its envelope (code 53) without rate-limit headers pauses A's requests too", async () => {
    const refusal = JSON.stringify({
      itemserviceresult: {
        serviceMetaData: [{ version: '4.0.0' }],
        transactionArea: [{ response: { returnCode: '53', returnMsg: 'Too many requests', success: false } }],
        data: [],
      },
    });
    const sent: string[] = [];
    const fetchImpl: typeof fetch = async (input) => {
      const path = new URL(String(input)).pathname;
      sent.push(path);
      if (path === '/plain') return new Response('<html>Service Unavailable</html>', { status: 503 });
      return new Response(refusal, { status: 503, headers: { 'content-type': 'application/json' } });
    };
    const gate = new Upstream({ name: 'item service', baseUrl: 'http://u.test', perSecond: 100, fetch: fetchImpl });
    const answer = await gate.send('/a1', { credentials: A });
    expect(isBusy(answer)).toBe(true);
    expect(gate.stats().busy).toBe(1);
    expect(gate.stats().pausedCredentials).toBe(1);
    // A 503 page that says nothing of throttling is the service failing, not busy.
    const plain = await gate.send('/plain', { credentials: B });
    expect(isBusy(plain)).toBe(false);
    expect(sent).toEqual(['/a1', '/plain']);
    gate.close();
  });

  test("B's request arriving while the gate waits out A's short pause is not held by it", async () => {
    const { sent, fetchImpl } = busyForA('5');
    const gate = new Upstream({ name: 'item service', baseUrl: 'http://u.test', perSecond: 100, fetch: fetchImpl });
    expect((await gate.send('/a1', { credentials: A })).status).toBe(503);
    // A's retry waits for A's pause (5 s, below the cap): the gate's timer is set for it.
    const retry = gate.send('/a2', { credentials: A, whilePaused: 'wait' }).catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // On the time this process could run (test/helpers/held-time.ts): a loaded machine is no pause of A's.
    const started = runningNow();
    expect((await gate.send('/b1', { credentials: B })).status).toBe(200);
    expect(runningNow() - started).toBeLessThan(1000);
    expect(sent).toEqual(['/a1', '/b1']);
    gate.close();
    expect(await retry).toBeInstanceOf(GateRefused);
  });

  test('the shared gate is asked about and told the credentials of each request', async () => {
    const { fetchImpl } = busyForA('7');
    const asked: string[] = [];
    const told: [number, string][] = [];
    const shared: SharedGate = {
      async take(credentials) {
        asked.push(credentials);
        // Another instance learnt a pause for A.
        return credentials === A ? { waitMs: 60_000, paused: true } : { waitMs: 0, paused: false };
      },
      pause(ms, credentials) {
        told.push([ms, credentials]);
      },
    };
    const gate = new Upstream({
      name: 'item service',
      baseUrl: 'http://u.test',
      perSecond: 100,
      fetch: fetchImpl,
      shared: { gate: shared, fallbackPerSecond: 1 },
    });
    const a = gate.send('/a1', { credentials: A, deadline: Date.now() + 5000 }).catch((e: unknown) => e);
    expect((await gate.send('/b1', { credentials: B })).status).toBe(200);
    expect(await a).toBeInstanceOf(GateRefused);
    expect(asked).toEqual([A, B]);
    expect(told).toEqual([]);
    gate.close();
  });
});
