/**
 * Which upstream failures of a collected list search are kept in Redis as answers, for whom, and that a failure read
 * back from Redis is the one the sender's client got: the same kind, retry decision, status and body.
 */
import { CatalogError } from '../../src/catalog/errors';
import { UpstreamLookupFailure } from '../../gateway/list-port';
import { classify, countsTowardsBound, failureFrom, recordOf } from '../../gateway/redis-refusals';
import { ClientGone, GateRefused } from '../../gateway/upstream-answers';

const answer = (status: number, headers: Record<string, string> = {}) => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  body: Buffer.from(`{"status":${status}}`),
});

describe('classify', () => {
  test('401, 403 and a refused login or key are refusals of the credentials', () => {
    expect(classify(new UpstreamLookupFailure('auth', 'refused', answer(401)))).toBe('credentials');
    expect(classify(new UpstreamLookupFailure('auth', 'refused', answer(403)))).toBe('credentials');
    expect(classify(new UpstreamLookupFailure('auth', 'Invalid login or apikey', answer(200)))).toBe('credentials');
  });

  test('a search refused for what it asks, or an answer that cannot be read, is final for its parts', () => {
    expect(classify(new UpstreamLookupFailure('rejected', 'bad currency', answer(200)))).toBe('answer');
    expect(classify(new UpstreamLookupFailure('malformed', 'too large'))).toBe('answer');
  });

  test('timeouts, unreachable hosts, 5xx and busy answers are transient; busy ones are the gate’s to wait out', () => {
    const busy = new UpstreamLookupFailure('rate-limited', 'busy', answer(503, { 'retry-after': '2' }));
    const down = new UpstreamLookupFailure('unavailable', 'down', answer(502));
    expect(classify(new UpstreamLookupFailure('timeout', 'slow'))).toBe('transient');
    expect(classify(new UpstreamLookupFailure('unreachable', 'refused'))).toBe('transient');
    expect(classify(down)).toBe('transient');
    expect(classify(busy)).toBe('transient');
    expect(countsTowardsBound(down)).toBe(true);
    expect(countsTowardsBound(busy)).toBe(false);
  });

  test('a client gone or a stopping instance leaves nothing to keep', () => {
    expect(classify(new ClientGone('item service'))).toBeUndefined();
    const stopping = new GateRefused('item service', 'stopping', 1000);
    expect(classify(new UpstreamLookupFailure('rate-limited', stopping.message, undefined, stopping))).toBeUndefined();
    expect(classify(new CatalogError('cancelled', 'gone'))).toBeUndefined();
    expect(classify(new Error('anything'))).toBeUndefined();
  });
});

describe('a failure kept in Redis', () => {
  test('reads back as the failure the sender got: kind, retry decision, status, headers and body', () => {
    const refused = new UpstreamLookupFailure('auth', 'refused the credentials', answer(401));
    const back = failureFrom(JSON.stringify(recordOf(refused, 'credentials')))!;
    expect(back).toBeInstanceOf(UpstreamLookupFailure);
    expect(back.kind).toBe('auth');
    expect(back.retryable).toBe(false);
    expect(back.answer?.status).toBe(401);
    expect(back.answer?.headers['content-type']).toBe('application/json');
    expect(back.answer?.body.toString()).toBe('{"status":401}');

    const down = failureFrom(JSON.stringify(recordOf(new UpstreamLookupFailure('timeout', 'slow'), 'transient')))!;
    expect(down.kind).toBe('timeout');
    expect(down.retryable).toBe(true);

    const full = new GateRefused('item service', 'queue-full', 3000);
    const gate = failureFrom(
      JSON.stringify(recordOf(new UpstreamLookupFailure('rate-limited', full.message, undefined, full), 'transient')),
    )!;
    expect(gate.refusal?.reason).toBe('queue-full');
    expect(gate.retryable).toBe(false);
  });

  test('text that is not a failure record is not read as one', () => {
    expect(failureFrom('{"r":"ABC","e":{}}')).toBeUndefined();
    expect(failureFrom('not json')).toBeUndefined();
  });
});
