/**
 * Demo doors only when asked: a store without the demo catalog has no demo login or accounts, and
 * `partsheet accounts` can list, remove and re-key what a store has.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accountsCli as accounts, get, startTestService, DEMO_AUTH, type TestService } from '../helpers/service';
import { startService, demoCredentialWarning, type RunningService } from '../../service/server';
import { demoSignInLine, isLoopback, liveDemoCredentials } from '../../service/demo/credentials';
import { CatalogStore, openDatabase } from '../../service/store/db';
import { CHECKOUT_FIXTURES as F } from '../../service/demo/generate';
import { CHECKOUT_PATH } from '../../service/checkout/routes';

jest.setTimeout(90_000);

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const token = (base: string, login: string, apikey: string) =>
  get(base, '/itemservice/v4/en/search/token', { login, apikey, search_token: 'BAV99' });
const returnCode = (r: { json: any }) => r.json.itemserviceresult.transactionArea[0].response.returnCode;

function order(base: string, username: string, password: string, over: Record<string, string> = {}) {
  return get(base, CHECKOUT_PATH, {
    username,
    password: sha256(password),
    customerPONumber: 'PO-DEMO',
    shipToAddressId: '1001',
    itemIds: F.stock50,
    quantities: '1',
    fmt: 'json',
    ...over,
  });
}

describe('--no-demo: a new data folder without demo credentials', () => {
  let dataDir: string;
  let running: RunningService;
  const lines: string[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'partsheet-nodemo-'));
    running = await startService({
      dataDir,
      port: 0,
      testPort: 0,
      host: '127.0.0.1',
      parts: 500,
      demo: false,
      log: (l) => lines.push(l),
    });
  });
  afterAll(async () => {
    await running?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('no demo login, no demo accounts, no parts; the start says how to add them', async () => {
    expect(running.demoCredentials).toEqual({ production: [], test: [] });
    expect(lines.join('\n')).toMatch(/Created empty stores .*partsheet catalog import.*partsheet accounts/);
    for (const base of [running.productionUrl, running.testUrl]) {
      const r = await token(base, DEMO_AUTH.login, DEMO_AUTH.apikey);
      expect(r.status).toBe(401);
      expect(returnCode(r)).toBe('11');
      const o = await order(base, 'csr@example.com', 'demo-password');
      expect(o.json.OrderPlaced.serverErrors).toMatch(/checkout\.user\.not\.found/);
    }
    const listed = await accounts(['list', '--data', dataDir]);
    expect(listed.out).toEqual([
      'production:',
      '  item-service logins: (none)',
      '  checkout accounts: (none)',
      'test:',
      '  item-service logins: (none)',
      '  checkout accounts: (none)',
    ]);
  });

  test('rotate-key gives a login a key, printed once, that the running service accepts at once', async () => {
    const r = await accounts(['rotate-key', '--data', dataDir, '--login', 'ops']);
    expect(r.code).toBe(0);
    const key = /New key \(shown once\): (\S+)/.exec(r.out.join('\n'))![1];
    expect(key.length).toBeGreaterThanOrEqual(32);
    const ok = await token(running.productionUrl, 'ops', key);
    expect(ok.status).toBe(200);
    expect(ok.json.itemserviceresult.data[0].PartList).toEqual([]);
    expect((await accounts(['list', '--data', dataDir, '--env', 'production'])).out[1]).toBe(
      '  item-service logins: ops',
    );
  });
});

describe('partsheet accounts on a demo store', () => {
  let svc: TestService;

  beforeAll(async () => {
    svc = await startTestService({ parts: 400 });
  });
  afterAll(async () => {
    await svc?.close();
  });

  test('a new demo store opens with every published demo credential, and serve names the login and the buyer', () => {
    const accountsLive = ['buyer', 'csr', 'noterms', 'other'].map((name) => `checkout account ${name}@example.com`);
    for (const env of ['production', 'test'] as const) {
      expect([...svc.demoCredentials[env]].sort()).toEqual(['item-service login demo', ...accountsLive].sort());
    }
    expect(demoSignInLine(svc.demoCredentials.production)).toBe(
      'Item service login: demo, apikey: demo-key. Checkout: buyer@example.com / demo-password.',
    );
  });

  test('list shows every account and address, and no secret', async () => {
    const r = await accounts(['list', '--data', svc.dataDir, '--env', 'production']);
    expect(r.code).toBe(0);
    const text = r.out.join('\n');
    expect(text).toMatch(/item-service logins: demo/);
    expect(text).toMatch(/csr@example\.com \(csr; 0 orders\)/);
    expect(text).toMatch(/buyer@example\.com \(customer, terms; 0 orders\)\n {4}ship-to 1001: /);
    expect(text).not.toMatch(/demo-key|demo-password|[0-9a-f]{64}/);
  });

  test('the demo CSR removed can no longer order for a customer; a user with orders keeps a closed record', async () => {
    // Before: the demo CSR can place an order for a customer added later.
    const before = await order(svc.productionUrl, 'csr@example.com', 'demo-password', {
      customerUsername: 'buyer@example.com',
      submitOrder: 'true',
    });
    expect(before.json.OrderPlaced.serverErrors).toBe('');
    const removed = await accounts(['remove-user', '--data', svc.dataDir, '--email', 'csr@example.com']);
    expect(removed).toEqual({
      code: 0,
      out: ['Removed csr@example.com from production and test; a closed record stays for its 1 order.'],
      err: [],
    });
    for (const base of [svc.productionUrl, svc.testUrl]) {
      const after = await order(base, 'csr@example.com', 'demo-password', { customerUsername: 'buyer@example.com' });
      expect(after.json.OrderPlaced.serverErrors).toMatch(/checkout\.user\.not\.found/);
    }
    const text = (await accounts(['list', '--data', svc.dataDir, '--env', 'production'])).out.join('\n');
    expect(text).toMatch(/removed:\d+:csr@example\.com \(csr; 1 order\)/);
    // The address is free for a new account of that name.
    expect(
      (
        await accounts([
          'add-user',
          '--data',
          svc.dataDir,
          '--email',
          'csr@example.com',
          '--password',
          'a new long secret',
          '--role',
          'csr',
        ])
      ).code,
    ).toBe(0);
    expect(
      (await order(svc.productionUrl, 'csr@example.com', 'demo-password', { customerUsername: 'buyer@example.com' }))
        .json.OrderPlaced.serverErrors,
    ).toMatch(/checkout\.invalid\.password/);
  });

  test('remove-address, and a user without orders is removed outright', async () => {
    expect(
      (await accounts(['remove-address', '--data', svc.dataDir, '--user', 'other@example.com', '--id', '4001'])).code,
    ).toBe(0);
    const missing = await accounts([
      'remove-address',
      '--data',
      svc.dataDir,
      '--user',
      'other@example.com',
      '--id',
      '4001',
    ]);
    expect(missing).toEqual({
      code: 1,
      out: [],
      err: ['partsheet accounts: user other@example.com has no address 4001 [PS_SERVICE_ACCOUNT]'],
    });
    expect((await accounts(['remove-user', '--data', svc.dataDir, '--email', 'noterms@example.com'])).out).toEqual([
      'Removed noterms@example.com from production and test.',
    ]);
    const text = (await accounts(['list', '--data', svc.dataDir])).out.join('\n');
    expect(text).not.toMatch(/noterms@example\.com/);
    expect((await accounts(['remove-user', '--data', svc.dataDir, '--email', 'noterms@example.com'])).err).toEqual([
      'partsheet accounts: no user noterms@example.com [PS_SERVICE_ACCOUNT]',
    ]);
  });

  test('rotate-key with --key replaces the demo key at once; remove-key closes the login', async () => {
    const r = await accounts(['rotate-key', '--data', svc.dataDir, '--login', 'demo', '--key', 'a-private-key-1234']);
    expect(r.out).toEqual([
      'Item-service login demo now has a new key in production and test; the old one no longer works.',
    ]);
    expect((await token(svc.productionUrl, 'demo', 'demo-key')).status).toBe(401);
    expect((await token(svc.testUrl, 'demo', 'a-private-key-1234')).status).toBe(200);
    expect((await accounts(['rotate-key', '--data', svc.dataDir, '--login', 'demo', '--key', 'short'])).code).toBe(2);
    expect((await accounts(['remove-key', '--data', svc.dataDir, '--login', 'demo'])).code).toBe(0);
    expect((await token(svc.productionUrl, 'demo', 'a-private-key-1234')).status).toBe(401);
    // remove-key takes no --key.
    expect(
      (await accounts(['remove-key', '--data', svc.dataDir, '--login', 'demo', '--key', 'a-private-key-1234'])).code,
    ).toBe(2);
    // The next start no longer counts the demo login as live, and names only the demo buyer, whose password still works.
    const store = new CatalogStore(openDatabase(join(svc.dataDir, 'production.db')));
    try {
      const live = liveDemoCredentials(store);
      expect(live).not.toContain('item-service login demo');
      expect(live).toContain('checkout account buyer@example.com');
      expect(demoSignInLine(live)).toBe('Checkout: buyer@example.com / demo-password.');
      expect(demoSignInLine(live.filter((c) => !c.includes('buyer')))).toBeUndefined();
    } finally {
      store.db.close();
    }
  });
});

describe('the start-up warning', () => {
  test('demo credentials live on an address other machines reach are warned about; loopback or none are not', () => {
    const live = { production: ['item-service login demo', 'checkout account csr@example.com'], test: [] };
    const warning = demoCredentialWarning('0.0.0.0', live);
    expect(warning).toMatch(
      /^Warning: listening on 0\.0\.0\.0, reachable from other machines, while the published demo credentials still work \(production: item-service login demo, checkout account csr@example\.com\)\. .*--no-demo/,
    );
    expect(demoCredentialWarning('192.168.1.20', live)).toBeDefined();
    expect(demoCredentialWarning('::', live)).toBeDefined();
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]']) {
      expect(isLoopback(host)).toBe(true);
      expect(demoCredentialWarning(host, live)).toBeUndefined();
    }
    expect(demoCredentialWarning('0.0.0.0', { production: [], test: [] })).toBeUndefined();
  });
});
