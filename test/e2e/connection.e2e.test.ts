/** "Test connection" against the running service: what it says when everything works and when one thing does not. */
import { DEFAULT_SETTINGS, type PartsheetSettings } from '../../src/settings';
import { testConnection } from '../../taskpane/connection';
import { startTestService, type TestService } from '../helpers/service';

let service: TestService;

beforeAll(async () => {
  service = await startTestService();
}, 120_000);

afterAll(async () => {
  await service?.close();
});

function settings(patch: Partial<PartsheetSettings> = {}): PartsheetSettings {
  return { ...DEFAULT_SETTINGS, sources: [], itemBaseUrl: service.productionUrl, ...patch };
}

const states = (steps: Awaited<ReturnType<typeof testConnection>>) => steps.map((s) => `${s.id}: ${s.state}`);

test('every step works with the demo credentials, in a currency and from named sources', async () => {
  const steps = await testConnection(settings({ currency: 'EUR', sources: ['MARKETPLACE'] }));
  expect(states(steps)).toEqual([
    'address: ok',
    'credentials: ok',
    'reach: ok',
    'login: ok',
    'search: ok',
    'currency: ok',
    'sources: ok',
  ]);
  expect(steps.find((s) => s.id === 'search')?.detail).toMatch(/^List search \(v4\) works: BAV99\S* found/);
  expect(steps.find((s) => s.id === 'currency')?.detail).toContain('Prices come in EUR');
});

test('a wrong API key: the service answers, the login is refused, the rest is not checked', async () => {
  const steps = await testConnection(settings({ apiKey: 'not-the-key' }));
  expect(states(steps)).toEqual([
    'address: ok',
    'credentials: ok',
    'reach: ok',
    'login: failed',
    'search: skipped',
    'currency: skipped',
    'sources: skipped',
  ]);
  expect(steps[3].detail).toMatch(/API key rejected/);
});

test('nothing listening at the address: it says the service cannot be reached', async () => {
  const steps = await testConnection(settings({ itemBaseUrl: 'http://127.0.0.1:9' }), { timeoutMs: 5000 });
  expect(states(steps).slice(0, 4)).toEqual(['address: ok', 'credentials: ok', 'reach: failed', 'login: skipped']);
  expect(steps[2].detail).not.toBe('');
});

test('an unusable address or a missing key stops at the first step that fails', async () => {
  expect(states(await testConnection(settings({ itemBaseUrl: 'http://parts.example.com' })))[0]).toBe(
    'address: failed',
  );
  expect(states(await testConnection(settings({ apiKey: '' })))[1]).toBe('credentials: failed');
  expect(states(await testConnection(settings({ currency: 'XYZ' })))).toContain('currency: failed');
  expect(states(await testConnection(settings({ sources: ['NOSUCHSOURCE'] })))).toContain('sources: warning');
});
