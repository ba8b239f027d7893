/**
 * A deployment's namespace in Redis: the setting (flag, variable, file key, each bad value named where it came from),
 * the namespace derived from the team credentials and upstreams when it is not set (never holding a secret), and
 * names read from Redis printed escaped.
 */
import { DEFAULTS, resolveConfig, type GatewayConfig } from '../../gateway/config';
import { credentialsDigest, deploymentOf } from '../../gateway/deployment';
import { escaped } from '../../cli/terminal';

const TEAM = { teamLogin: 'team-a', teamApikey: 'a-very-secret-key' };
const config = (settings: Partial<GatewayConfig>): GatewayConfig => ({ ...DEFAULTS, ...settings });

describe('the Redis namespace', () => {
  test('from the flag, the variable or the file key; a bad one named where it came from', () => {
    expect(resolveConfig({ 'redis-namespace': 'team-a' }, {}).redisNamespace).toBe('team-a');
    expect(resolveConfig({}, { PARTSHEET_GATEWAY_REDIS_NAMESPACE: 'b.2' }).redisNamespace).toBe('b.2');
    expect(resolveConfig({}, {}, { path: 'gw.json', values: { redisNamespace: 'c_3' } }).redisNamespace).toBe('c_3');
    expect(resolveConfig({}, {}).redisNamespace).toBeUndefined();
    expect(() => resolveConfig({ 'redis-namespace': 'a:b' }, {})).toThrow(
      "--redis-namespace must be 1 to 64 letters, digits, or . _ - (starting with a letter or digit); got 'a:b'",
    );
    expect(() => resolveConfig({}, { PARTSHEET_GATEWAY_REDIS_NAMESPACE: '-x' })).toThrow(
      /^PARTSHEET_GATEWAY_REDIS_NAMESPACE must be/,
    );
    expect(() => resolveConfig({}, {}, { path: 'gw.json', values: { redisNamespace: 'x'.repeat(65) } })).toThrow(
      /^"redisNamespace" in gw.json must be/,
    );
  });

  test('the one set is used; else one derived from the team credentials and the upstreams', () => {
    expect(deploymentOf(config({ ...TEAM, redisNamespace: 'ours' })).namespace).toBe('partsheet:gw:ours:');
    const a = deploymentOf(config(TEAM));
    expect(a.namespace).toMatch(/^partsheet:gw:auto-[0-9a-f]{16}:$/);
    expect(deploymentOf(config(TEAM)).namespace).toBe(a.namespace);
    expect(deploymentOf(config({ ...TEAM, teamApikey: 'another-key' })).namespace).not.toBe(a.namespace);
    expect(deploymentOf(config({ ...TEAM, itemUpstream: 'https://other.example.com' })).namespace).not.toBe(
      a.namespace,
    );
    expect(deploymentOf(config({ ...TEAM, teamCheckoutUsername: 'buyer' })).namespace).not.toBe(a.namespace);
    expect(deploymentOf(config({})).identity.credentials).toBe('none');
  });

  test('the identity holds digests and addresses, never a secret', () => {
    const settings = config({ ...TEAM, teamCheckoutUsername: 'buyer', teamCheckoutPasswordSha256: 'ab'.repeat(32) });
    const { identity } = deploymentOf(settings);
    const text = JSON.stringify(identity);
    for (const secret of [TEAM.teamApikey, TEAM.teamLogin, 'buyer', 'ab'.repeat(32)])
      expect(text).not.toContain(secret);
    expect(identity.credentials).toBe(credentialsDigest(settings));
    expect(identity.credentials).toMatch(/^[0-9a-f]{32}$/);
    expect(identity.itemUpstream).toBe(DEFAULTS.itemUpstream);
  });
});

describe('names printed from Redis', () => {
  test('escape sequences, line breaks, bidirectional overrides and backslashes are written out', () => {
    expect(escaped('alice')).toBe('alice');
    expect(escaped('\u001b]0;owned\u0007bob')).toBe('\\x1b]0;owned\\x07bob');
    expect(escaped('a\nb\r\u009b')).toBe('a\\x0ab\\x0d\\x9b');
    expect(escaped('x\u202ey')).toBe('x\\u{202e}y');
    expect(escaped('a\\x1b')).toBe('a\\\\x1b');
  });
});
