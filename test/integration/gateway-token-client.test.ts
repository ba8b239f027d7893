/**
 * The add-in's clients behind a real gateway holding a team key, in front of the service in production-like mode:
 * the gateway token setting is carried as X-Partsheet-Token, and a refused token reads "gateway token rejected" in
 * the client, the cells and Test connection, never "API key rejected" and never with the token in it.
 */
import { CatalogClient, type CatalogError } from '../../src/catalog';
import { DEFAULT_SETTINGS } from '../../src/settings';
import { lookupFailureMessage } from '../../functions/parts-functions';
import { testConnection } from '../../taskpane/connection';
import { addToken } from '../../gateway/tokens';
import { startProductionLike, DEMO_AUTH, type TestService } from '../helpers/service';
import { startTestGateway, type TestGateway } from '../helpers/gateway';

let upstream: TestService;
let gw: TestGateway;
let token: string;

beforeAll(async () => {
  upstream = await startProductionLike({ latencyMs: 5, perLoginPerSecond: 100 });
  gw = await startTestGateway(upstream, {
    teamLogin: DEMO_AUTH.login,
    teamApikey: DEMO_AUTH.apikey,
    requireTokens: true,
  });
  token = addToken(gw.tokensFile, 'buyer');
  // The gateway reads its token file again within a second.
  await new Promise((resolve) => setTimeout(resolve, 1100));
}, 120_000);

afterAll(async () => {
  await gw?.close();
  await upstream?.close();
});

const client = (gatewayToken?: string) =>
  new CatalogClient({ itemBaseUrl: gw.url, login: 'buyer', apikey: 'not-needed-behind-a-team-key', gatewayToken });

test('with the token the search answers (the team key is used); the token went as X-Partsheet-Token', async () => {
  const answer = await client(token).searchList([{ partNumber: 'BAV99-7-F' }, { partNumber: 'NOPE-0000' }]);
  expect(answer.results.map((r) => r.requestedPartNumber)).toEqual(['BAV99-7-F', 'NOPE-0000']);
  expect(answer.results[0].numberFound).toBeGreaterThan(0);
  expect(answer.warnings).toBeUndefined();
});

test('a wrong or missing token: "gateway token rejected", in the client and in a cell, without the token', async () => {
  for (const given of ['pst_not-the-token-at-all', undefined]) {
    const error = (await client(given)
      .searchList([{ partNumber: 'BAV99-7-F' }])
      .catch((e) => e)) as CatalogError;
    expect(error.kind).toBe('auth');
    expect(error.message).toMatch(/gateway token rejected/);
    expect(error.message).not.toMatch(/API key rejected/);
    if (given) expect(error.message).not.toContain(given);
    expect(lookupFailureMessage(error)).toBe(
      'Quota or login refused: gateway token rejected — open Partsheet settings',
    );
  }
});

test('Test connection names the gateway token as what failed', async () => {
  const steps = await testConnection({
    ...DEFAULT_SETTINGS,
    sources: [],
    itemBaseUrl: gw.url,
    login: 'buyer',
    apiKey: 'x',
    gatewayToken: 'pst_revoked',
  });
  const login = steps.find((s) => s.id === 'login')!;
  expect(login.state).toBe('failed');
  expect(login.detail).toMatch(/gateway token rejected/);
  const ok = await testConnection({
    ...DEFAULT_SETTINGS,
    sources: [],
    itemBaseUrl: gw.url,
    login: 'buyer',
    apiKey: 'x',
    gatewayToken: token,
  });
  expect(ok.map((s) => s.state).slice(0, 5)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
});
