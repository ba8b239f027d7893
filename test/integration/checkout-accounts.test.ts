import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accountsCli as run, get, startTestService, type TestService } from '../helpers/service';
import { CHECKOUT_FIXTURES as F } from '../../service/demo/generate';
import { CHECKOUT_PATH } from '../../service/checkout/routes';

jest.setTimeout(60_000);

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

let svc: TestService;

beforeAll(async () => {
  svc = await startTestService({ parts: 400 });
});

afterAll(async () => {
  await svc?.close();
});

function order(base: string, over: Record<string, string> = {}) {
  return get(base, CHECKOUT_PATH, {
    username: 'maker@acme.test',
    password: sha256('long secret'),
    customerPONumber: 'PO-CLI',
    shipToAddressId: 'DOCK-1',
    itemIds: F.stock50,
    quantities: '1',
    fmt: 'json',
    ...over,
  });
}

describe('partsheet accounts', () => {
  it('adds a customer and a terms address to both stores of a running service', async () => {
    const user = await run([
      'add-user',
      '--data',
      svc.dataDir,
      '--email',
      'maker@acme.test',
      '--password',
      'long secret',
      '--role',
      'customer',
    ]);
    expect(user).toEqual({
      code: 0,
      out: ['Added customer maker@acme.test with terms to production and test.'],
      err: [],
    });
    const address = await run([
      'add-address',
      '--data',
      svc.dataDir,
      '--user',
      'maker@acme.test',
      '--id',
      'DOCK-1',
      '--type',
      'commercial',
      '--country',
      'us',
      '--terms',
      '--name',
      'Receiving',
      '--street1',
      '1 Main St',
      '--city',
      'Austin',
      '--state',
      'TX',
      '--postal',
      '78701',
    ]);
    expect(address.code).toBe(0);
    expect(address.out[0]).toMatch(/ship-to address DOCK-1 \(terms\) to maker@acme.test/);

    for (const base of [svc.productionUrl, svc.testUrl]) {
      const res = await order(base);
      expect(res.status).toBe(200);
      expect(res.json.OrderPlaced.serverErrors).toBe('');
      expect(res.json.OrderPlaced.stAddressId).toBe('DOCK-1');
    }
    const wrong = await order(svc.productionUrl, { password: sha256('other secret') });
    expect(wrong.json.OrderPlaced.serverErrors).toBe('checkout.invalid.password');
  });

  it('adds addresses that are not terms, bill-to, and excluded carriers', async () => {
    const base = [
      'add-address',
      '--data',
      svc.dataDir,
      '--user',
      'maker@acme.test',
      '--country',
      'US',
      '--state',
      'NY',
      '--type',
      'Commercial',
    ];
    expect((await run([...base, '--id', 'LAB'])).code).toBe(0);
    expect((await run([...base, '--id', 'BILL', '--bill-to'])).code).toBe(0);
    expect((await run([...base, '--id', 'PO-BOX', '--terms', '--exclude-carriers', 'a,b'])).code).toBe(0);
    expect((await order(svc.productionUrl, { shipToAddressId: 'LAB' })).json.OrderPlaced.serverErrors).toBe(
      'checkout.address.not.terms',
    );
    expect((await order(svc.productionUrl, { billToAddressId: 'BILL' })).json.OrderPlaced.serverErrors).toBe('');
    expect((await order(svc.productionUrl, { shipToAddressId: 'PO-BOX' })).json.OrderPlaced.serverErrors).toBe(
      'checkout.shipping.domestic.not.found',
    );
  });

  it('adds a customer-service account, and a customer without terms, to one store only', async () => {
    expect(
      (
        await run([
          'add-user',
          '--data',
          svc.dataDir,
          '--env',
          'test',
          '--email',
          'desk@acme.test',
          '--password',
          'long secret',
          '--role',
          'csr',
        ])
      ).code,
    ).toBe(0);
    const params = { username: 'desk@acme.test', customerUsername: 'maker@acme.test' };
    expect((await order(svc.testUrl, params)).json.OrderPlaced.serverErrors).toBe('');
    expect((await order(svc.productionUrl, params)).json.OrderPlaced.serverErrors).toBe('checkout.user.not.found');

    const noTerms = await run([
      'add-user',
      '--data',
      svc.dataDir,
      '--email',
      'cash@acme.test',
      '--password',
      'long secret',
      '--role',
      'customer',
      '--no-terms',
    ]);
    expect(noTerms.out).toEqual(['Added customer cash@acme.test without terms to production and test.']);
    expect((await order(svc.productionUrl, { username: 'cash@acme.test' })).json.OrderPlaced.serverErrors).toBe(
      'checkout.user.no.terms',
    );
  });

  it('refuses what cannot be added, changing nothing', async () => {
    let r = await run([
      'add-user',
      '--data',
      svc.dataDir,
      '--email',
      'maker@acme.test',
      '--password',
      'long secret',
      '--role',
      'customer',
    ]);
    expect(r.code).toBe(1);
    expect(r.err).toEqual(['partsheet accounts: user maker@acme.test already exists [PS_SERVICE_ACCOUNT]']);
    // Exists in test only: neither store changes.
    r = await run([
      'add-user',
      '--data',
      svc.dataDir,
      '--email',
      'desk@acme.test',
      '--password',
      'long secret',
      '--role',
      'csr',
    ]);
    expect(r.code).toBe(1);
    expect(
      (await order(svc.productionUrl, { username: 'desk@acme.test', customerUsername: 'maker@acme.test' })).json
        .OrderPlaced.serverErrors,
    ).toBe('checkout.user.not.found');

    r = await run([
      'add-address',
      '--data',
      svc.dataDir,
      '--user',
      'nobody@acme.test',
      '--id',
      'X',
      '--type',
      'Commercial',
      '--country',
      'DE',
    ]);
    expect(r).toMatchObject({ code: 1, err: ['partsheet accounts: no user nobody@acme.test [PS_SERVICE_ACCOUNT]'] });
    r = await run([
      'add-address',
      '--data',
      svc.dataDir,
      '--user',
      'maker@acme.test',
      '--id',
      'X',
      '--type',
      'Castle',
      '--country',
      'DE',
    ]);
    expect(r.code).toBe(1);
    expect(r.err[0]).toMatch(/address type must be one of Commercial/);
    r = await run([
      'add-address',
      '--data',
      svc.dataDir,
      '--user',
      'maker@acme.test',
      '--id',
      'X',
      '--type',
      'Commercial',
      '--country',
      'US',
    ]);
    expect(r.err[0]).toMatch(/need a state or province/);
    r = await run([
      'add-address',
      '--data',
      svc.dataDir,
      '--user',
      'maker@acme.test',
      '--id',
      'DOCK-1',
      '--type',
      'Commercial',
      '--country',
      'DE',
    ]);
    expect(r.err[0]).toMatch(/already has address DOCK-1/);
    r = await run([
      'add-user',
      '--data',
      svc.dataDir,
      '--email',
      'short@acme.test',
      '--password',
      'short',
      '--role',
      'customer',
    ]);
    expect(r.err[0]).toMatch(/at least 8 characters/);
  });

  it.each([
    [['frobnicate'], /unknown accounts command 'frobnicate'/],
    [[], /give a command/],
    [['add-user', '--email', 'a@b.c', '--password', 'long secret'], /--role is required/],
    [
      ['add-user', '--email', 'a@b.c', '--password', 'long secret', '--role', 'admin'],
      /--role must be customer or csr/,
    ],
    [['add-user', '--bogus'], /Unknown option '--bogus'/],
    [['add-address', '--user', 'a@b.c', '--id', '1', '--type', 'Commercial'], /--country is required/],
    [
      ['add-user', '--env', 'staging', '--email', 'a@b.c', '--password', 'long secret', '--role', 'csr'],
      /--env must be production, test or both/,
    ],
  ])('refuses bad flags %p with one line and exit code 2', async (argv, message) => {
    const r = await run([...argv, ...(argv.length ? ['--data', svc.dataDir] : [])]);
    expect(r.code).toBe(2);
    expect(r.err).toHaveLength(1);
    expect(r.err[0]).toMatch(message);
  });

  it('asks to run partsheet serve when there is no store yet', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'partsheet-empty-'));
    try {
      const r = await run([
        'add-user',
        '--data',
        dir,
        '--email',
        'a@b.c',
        '--password',
        'long secret',
        '--role',
        'csr',
      ]);
      expect(r.code).toBe(2);
      expect(r.err).toHaveLength(1);
      expect(r.err[0]).toMatch(/run partsheet serve once to create the data folder/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('prints its usage on --help', async () => {
    const r = await run(['--help']);
    expect(r.code).toBe(0);
    expect(r.out[0]).toMatch(/add-user --email EMAIL --password PASSWORD --role customer\|csr/);
  });
});
