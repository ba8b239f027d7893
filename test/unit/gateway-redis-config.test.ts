/**
 * The settings of instances sharing a Redis: its address from a flag, a variable or the file, TLS by `rediss://`,
 * its password never from a flag and never printed, the instance count the fallback divides the rates by, and the
 * latency budget past which an instance works alone.
 */
import { DEFAULTS, resolveConfig } from '../../gateway/config';
import { redisAddress, redisOptions } from '../../gateway/redis';

describe('Redis settings', () => {
  test('absent by default: one instance, sharing nothing', () => {
    const config = resolveConfig({}, {});
    expect(config.redisUrl).toBeUndefined();
    expect(config.instances).toBe(1);
    expect(DEFAULTS.instances).toBe(1);
  });

  test('the address from a flag, a variable or the file; the password from the variable or the file only', () => {
    const named = { 'redis-namespace': 'team-a' };
    expect(resolveConfig({ redis: 'redis://10.0.0.5:6379/2', ...named }, {}).redisUrl).toBe('redis://10.0.0.5:6379/2');
    const fromEnv = resolveConfig(
      {},
      {
        PARTSHEET_GATEWAY_REDIS_URL: 'rediss://cache.example.com:6380',
        PARTSHEET_GATEWAY_REDIS_PASSWORD: 's3cret',
        PARTSHEET_GATEWAY_INSTANCES: '4',
        PARTSHEET_GATEWAY_REDIS_NAMESPACE: 'team-a',
      },
    );
    expect(fromEnv).toMatchObject({
      redisUrl: 'rediss://cache.example.com:6380',
      redisPassword: 's3cret',
      instances: 4,
    });
    const fromFile = resolveConfig(
      {},
      {},
      { path: 'gw.json', values: { redisUrl: 'redis://:pw@127.0.0.1:6379', instances: 3, redisNamespace: 'team-a' } },
    );
    expect(fromFile).toMatchObject({ redisUrl: 'redis://:pw@127.0.0.1:6379', instances: 3 });
  });

  test('without a team key a Redis needs a namespace, named in the refusal; with one it is derived', () => {
    expect(() => resolveConfig({ redis: 'redis://10.0.0.5:6379' }, {})).toThrow(
      /--redis needs --redis-namespace \(PARTSHEET_GATEWAY_REDIS_NAMESPACE\) when there is no team key/,
    );
    const team = { PARTSHEET_GATEWAY_TEAM_LOGIN: 'team', PARTSHEET_GATEWAY_TEAM_APIKEY: 'key' };
    expect(resolveConfig({ redis: 'redis://10.0.0.5:6379' }, team).redisNamespace).toBeUndefined();
  });

  test('a password in the flag is refused (it would show in the process list), and never repeated', () => {
    let message = '';
    try {
      resolveConfig({ redis: 'redis://:hunter22@127.0.0.1:6379' }, {});
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toContain('--redis must not carry a password');
    expect(message).toContain('PARTSHEET_GATEWAY_REDIS_PASSWORD');
    expect(message).not.toContain('hunter22');
  });

  test('only redis:// and rediss:// addresses; a bad one is not repeated; instances at least 1', () => {
    expect(() => resolveConfig({}, { PARTSHEET_GATEWAY_REDIS_URL: 'http://user:hunter22@host' })).toThrow(
      /PARTSHEET_GATEWAY_REDIS_URL must be a Redis address.*not shown/,
    );
    expect(() => resolveConfig({}, { PARTSHEET_GATEWAY_REDIS_URL: 'http://user:hunter22@host' })).not.toThrow(
      /hunter22/,
    );
    expect(() => resolveConfig({ instances: '0' }, {})).toThrow(
      "--instances must be a whole number of 1 or more; got '0'",
    );
  });

  test('the latency budget: 100 ms by default, from a flag, a variable or the file, a whole number of 1 or more', () => {
    expect(resolveConfig({}, {}).redisBudgetMs).toBe(100);
    expect(resolveConfig({ 'redis-budget': '250' }, {}).redisBudgetMs).toBe(250);
    expect(resolveConfig({}, { PARTSHEET_GATEWAY_REDIS_BUDGET: '40' }).redisBudgetMs).toBe(40);
    expect(resolveConfig({}, {}, { path: 'gw.json', values: { redisBudgetMs: 75 } }).redisBudgetMs).toBe(75);
    expect(() => resolveConfig({ 'redis-budget': '0' }, {})).toThrow(
      "--redis-budget must be a whole number of 1 or more; got '0'",
    );
    expect(() => resolveConfig({}, { PARTSHEET_GATEWAY_REDIS_BUDGET: '0.5s' })).toThrow(
      "PARTSHEET_GATEWAY_REDIS_BUDGET must be a whole number of 1 or more; got '0.5s'",
    );
  });

  test('TLS for rediss://, the password passed to the client, and the address shown without it', () => {
    expect(redisOptions('rediss://cache.example.com:6380', 'pw', 1000)).toMatchObject({
      tls: {},
      password: 'pw',
      enableOfflineQueue: false,
    });
    expect(redisOptions('redis://127.0.0.1:6379', undefined, 1000)).not.toHaveProperty('tls');
    expect(redisOptions('redis://127.0.0.1:6379', undefined, 1000)).not.toHaveProperty('password');
    expect(redisAddress('rediss://user:hunter22@cache.example.com:6380/1')).toBe('rediss://cache.example.com:6380/1');
  });
});
