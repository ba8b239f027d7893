/**
 * The gateway's settings (flags over environment over config file over defaults, each error naming where the bad
 * value came from), its token commands and the log's redaction.
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, DEFAULTS, readConfigFile, resolveConfig } from '../../gateway/config';
import { redact } from '../../gateway/log';
import { digestOf } from '../../gateway/tokens';
import { GATEWAY_USAGE, gatewayCommand } from '../../cli/gateway';
import { tempFolder } from '../helpers/temp-folder';

const dir = () => tempFolder('gwcfg');

describe('gateway settings', () => {
  test('a flag wins over its variable, a variable over the config file, the file over the default', () => {
    const file = {
      path: 'gw.json',
      values: { port: 9000, itemRate: 3, itemUpstream: 'https://file.example.com', cacheTtlSeconds: 30 },
    };
    const env = { PARTSHEET_GATEWAY_ITEM_RATE: '2', PARTSHEET_GATEWAY_ITEM_UPSTREAM: 'https://env.example.com/' };
    const config = resolveConfig({ 'item-rate': '1.5' }, env, file);
    expect(config.itemRate).toBe(1.5);
    expect(config.itemUpstream).toBe('https://env.example.com');
    expect(config.port).toBe(9000);
    expect(config.cacheTtlSeconds).toBe(30);
    expect(config.checkoutRate).toBe(DEFAULTS.checkoutRate);
  });

  test('lists from repeated flags or commas; booleans', () => {
    expect(
      resolveConfig({ 'cors-origin': ['https://a.example.com', 'https://b.example.com:8443'] }, {}).corsOrigins,
    ).toEqual(['https://a.example.com', 'https://b.example.com:8443']);
    expect(
      resolveConfig({}, { PARTSHEET_GATEWAY_CORS_ORIGINS: 'https://a.example.com, https://b.example.com' }).corsOrigins,
    ).toHaveLength(2);
    expect(resolveConfig({}, { PARTSHEET_GATEWAY_TRUST_PROXY: 'yes' }).trustProxy).toEqual(['127.0.0.1', '::1']);
  });

  test('trusted proxies: alone or true a proxy on this machine only, else named addresses and CIDRs', () => {
    expect(resolveConfig({}, {}).trustProxy).toEqual([]);
    expect(resolveConfig({ 'trust-proxy': ['true'] }, {}).trustProxy).toEqual(['127.0.0.1', '::1']);
    expect(resolveConfig({}, {}, { path: 'gw.json', values: { trustProxy: true } }).trustProxy).toEqual([
      '127.0.0.1',
      '::1',
    ]);
    expect(resolveConfig({}, { PARTSHEET_GATEWAY_TRUST_PROXY: 'false' }).trustProxy).toEqual([]);
    expect(resolveConfig({ 'trust-proxy': ['10.0.0.5', 'fd00::/8'] }, {}).trustProxy).toEqual(['10.0.0.5', 'fd00::/8']);
    expect(resolveConfig({}, { PARTSHEET_GATEWAY_TRUST_PROXY: '10.0.0.5, 10.0.1.0/24' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.0.1.0/24',
    ]);
    expect(() => resolveConfig({}, { PARTSHEET_GATEWAY_TRUST_PROXY: 'lb.example.com' })).toThrow(
      /PARTSHEET_GATEWAY_TRUST_PROXY must be the proxies' addresses or CIDRs.*'lb.example.com' is not an IP address/,
    );
    expect(() => resolveConfig({}, {}, { path: 'gw.json', values: { trustProxy: ['0.0.0.0/0'] } })).toThrow(
      /"trustProxy" in gw.json must be .*would trust every address/,
    );
    expect(() => resolveConfig({ 'trust-proxy': ['10.0.0.0/33'] }, {})).toThrow(
      /--trust-proxy must be .*prefix length/,
    );
  });

  test('--trust-proxy alone on the command line is read as true (the next option is not taken for its value)', async () => {
    const err: string[] = [];
    const io = { out: () => undefined, err: (l: string) => err.push(l) };
    expect(await gatewayCommand(['--trust-proxy', '--port', 'x'], io, {})).toBe(2);
    expect(err.join('\n')).toMatch(/--port must be a port number/);
    err.length = 0;
    expect(await gatewayCommand(['--trust-proxy', 'lb.example.com'], io, {})).toBe(2);
    expect(err.join('\n')).toMatch(/--trust-proxy must be the proxies' addresses or CIDRs/);
  });

  test('a team key turns tokens on; secrets come from the environment or the file only', () => {
    const config = resolveConfig({}, { PARTSHEET_GATEWAY_TEAM_LOGIN: 'team', PARTSHEET_GATEWAY_TEAM_APIKEY: 'k' });
    expect(config.requireTokens).toBe(true);
    expect(() => resolveConfig({}, { PARTSHEET_GATEWAY_TEAM_LOGIN: 'team' })).toThrow(
      'PARTSHEET_GATEWAY_TEAM_LOGIN and PARTSHEET_GATEWAY_TEAM_APIKEY go together',
    );
  });

  test('bad values are refused, naming the flag, variable or file key', () => {
    expect(() => resolveConfig({ 'item-rate': '0' }, {})).toThrow(
      "--item-rate must be a number of requests a second greater than 0; got '0'",
    );
    expect(() => resolveConfig({}, { PARTSHEET_GATEWAY_PORT: '70000' })).toThrow(
      "PARTSHEET_GATEWAY_PORT must be a port number from 0 to 65535; got '70000'",
    );
    expect(() => resolveConfig({}, {}, { path: 'gw.json', values: { itemUpstream: 'ftp://x' } })).toThrow(
      '"itemUpstream" in gw.json must be an http or https address',
    );
    expect(() => resolveConfig({ 'cors-origin': ['https://a.example.com/path'] }, {})).toThrow(
      /--cors-origin must be origins/,
    );
    expect(() => resolveConfig({ cert: 'c.pem' }, {})).toThrow(ConfigError);
    expect(() =>
      resolveConfig(
        {},
        { PARTSHEET_GATEWAY_TEAM_CHECKOUT_USERNAME: 'u', PARTSHEET_GATEWAY_TEAM_CHECKOUT_PASSWORD_SHA256: 'plain' },
      ),
    ).toThrow(/SHA-256 digest/);
  });

  test("a wrong secret is named, never printed: not in the error, not on the command's standard error, not from a broken config file", async () => {
    const plain = 'Hunter2-plain-password';
    const env = {
      PARTSHEET_GATEWAY_TEAM_CHECKOUT_USERNAME: 'buyer@team.example.com',
      PARTSHEET_GATEWAY_TEAM_CHECKOUT_PASSWORD_SHA256: plain,
    };
    let message = '';
    try {
      resolveConfig({}, env);
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(
      /^PARTSHEET_GATEWAY_TEAM_CHECKOUT_PASSWORD_SHA256 must be the 64 hexadecimal digits of a SHA-256 digest, not the password itself/,
    );
    expect(message).toContain('the value given (22 characters) is not shown');
    expect(message).not.toContain(plain);

    const err: string[] = [];
    expect(await gatewayCommand([], { out: () => undefined, err: (l) => err.push(l) }, env)).toBe(2);
    expect(err.join('\n')).toMatch(/PARTSHEET_GATEWAY_TEAM_CHECKOUT_PASSWORD_SHA256 must be/);
    expect(err.join('\n')).not.toContain(plain);

    const d = dir();
    writeFileSync(join(d, 'team.json'), `{"teamApikey": ${plain}}`);
    expect(() => readConfigFile(join(d, 'team.json'))).toThrow(/team\.json is not JSON/);
    expect(() => readConfigFile(join(d, 'team.json'))).not.toThrow(new RegExp(plain));
    writeFileSync(join(d, 'comma.json'), `{"teamApikey": "${plain}",}`);
    expect(() => readConfigFile(join(d, 'comma.json'))).toThrow(
      /comma\.json is not JSON \(the error is at character \d+\)/,
    );
  });

  test('source maps: off by default, on with --serve-source-maps or its variable', () => {
    expect(resolveConfig({}, {}).serveSourceMaps).toBe(false);
    expect(resolveConfig({ 'serve-source-maps': true }, {}).serveSourceMaps).toBe(true);
    expect(resolveConfig({}, { PARTSHEET_GATEWAY_SERVE_SOURCE_MAPS: 'true' }).serveSourceMaps).toBe(true);
  });

  test('the gate settings: the longest pause and the two queue bounds, each 1 or more', () => {
    expect(resolveConfig({}, {})).toMatchObject({ maxRetryAfterSeconds: 60, clientQueue: 32, upstreamQueue: 512 });
    const config = resolveConfig(
      { 'max-retry-after': '5' },
      { PARTSHEET_GATEWAY_CLIENT_QUEUE: '4' },
      { path: 'gw.json', values: { upstreamQueue: 100 } },
    );
    expect(config).toMatchObject({ maxRetryAfterSeconds: 5, clientQueue: 4, upstreamQueue: 100 });
    expect(() => resolveConfig({ 'max-retry-after': '0' }, {})).toThrow(
      "--max-retry-after must be a whole number of 1 or more; got '0'",
    );
    expect(() => resolveConfig({}, { PARTSHEET_GATEWAY_CLIENT_QUEUE: '-3' })).toThrow(
      "PARTSHEET_GATEWAY_CLIENT_QUEUE must be a whole number of 1 or more; got '-3'",
    );
    expect(GATEWAY_USAGE).toContain('--max-retry-after');
  });

  test('the config file: unknown keys and broken JSON named with the file', () => {
    const d = dir();
    writeFileSync(join(d, 'a.json'), '{"itemUpstrem": "https://x"}');
    expect(() => readConfigFile(join(d, 'a.json'))).toThrow(/unknown setting "itemUpstrem"/);
    writeFileSync(join(d, 'b.json'), '{');
    expect(() => readConfigFile(join(d, 'b.json'))).toThrow(/b\.json is not JSON/);
    expect(() => readConfigFile(join(d, 'none.json'))).toThrow(/none\.json does not exist/);
  });
});

describe('partsheet gateway tokens', () => {
  async function run(argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await gatewayCommand(['tokens', ...argv], { out: (l) => out.push(l), err: (l) => err.push(l) }, {});
    return { code, out, err };
  }

  test('add shows the token once and stores its digest in a 0600 file; list names; revoke removes', async () => {
    const file = join(dir(), 'sub', 'tokens.json');
    const added = await run(['add', 'alice', '--tokens', file]);
    expect(added.code).toBe(0);
    const token = added.out[1];
    expect(token).toMatch(/^pst_[A-Za-z0-9_-]{43}$/);
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(token);
    expect(text).toContain(digestOf(token));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect((await run(['add', 'alice', '--tokens', file])).err).toEqual([
      'partsheet gateway: a token named alice exists already; revoke it first to issue a new one [PS_GATEWAY_TOKENS]',
    ]);
    await run(['add', 'bob', '--tokens', file]);
    const listed = await run(['list', '--tokens', file]);
    expect(listed.out.map((l) => l.split('\t')[0])).toEqual(['alice', 'bob']);
    expect(listed.out.join('\n')).not.toContain('pst_');
    expect((await run(['revoke', 'alice', '--tokens', file])).code).toBe(0);
    expect((await run(['list', '--tokens', file])).out.map((l) => l.split('\t')[0])).toEqual(['bob']);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const missing = await run(['revoke', 'alice', '--tokens', file]);
    expect(missing.code).toBe(2);
    expect(missing.err[0]).toMatch(/no token named alice/);
  });

  test('bad names and commands are refused in words', async () => {
    const file = join(dir(), 'tokens.json');
    expect((await run(['add', 'no spaces', '--tokens', file])).err[0]).toMatch(/token name 'no spaces' must be/);
    expect((await run(['add', '--tokens', file])).err[0]).toMatch(/needs exactly one NAME/);
    expect((await run(['rotate', 'x', '--tokens', file])).err[0]).toMatch(/unknown gateway tokens command 'rotate'/);
    writeFileSync(file, 'not json');
    expect((await run(['list', '--tokens', file])).err[0]).toMatch(/is not JSON/);
  });
});

describe('log redaction', () => {
  test('credential parameters, JSON fields and tokens are blanked', () => {
    const text = redact(
      '/x?login=me&apikey=k1&password=abc&username=u@example.com&req={"request":{"login":"me","apikey":"k2"}} "apiKey":"k3" pst_abcDEF123_-x',
    );
    for (const secret of ['me', 'k1', 'abc', 'u@example.com', 'k2', 'k3', 'abcDEF123'])
      expect(text).not.toMatch(new RegExp(`\\b${secret}\\b`));
    expect(text).toContain('pst_[redacted]');
  });
});
