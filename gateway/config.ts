/**
 * The gateway's settings, from three places in this order of precedence: command-line flags, environment variables,
 * a JSON config file (`--config FILE` or PARTSHEET_GATEWAY_CONFIG); then the defaults. One table names every setting
 * in all three places, so they cannot drift apart. Secrets (the team's key and checkout password digests) are read
 * from the environment or the file only: a flag would show in the process list.
 */
import { join } from 'node:path';
import { ConfigError, readJsonObject } from './config-file';
import { requireNamespace } from './deployment';
import { readProxies } from './proxies';
import { CONNECTION_DEFAULTS, CONNECTION_SETTINGS } from './config-connections';
import type { GatewayConfig, Setting } from './config-types';

export { ConfigError };
export type { GatewayConfig, Setting } from './config-types';

const ROOT = join(__dirname, '..', '..');

export const SETTINGS: Setting[] = [
  { key: 'port', kind: 'port', flag: 'port', env: 'PARTSHEET_GATEWAY_PORT', help: 'port to listen on (default 8443)' },
  {
    key: 'host',
    kind: 'text',
    flag: 'host',
    env: 'PARTSHEET_GATEWAY_HOST',
    help: 'address to listen on (default 127.0.0.1)',
  },
  {
    key: 'cert',
    kind: 'text',
    flag: 'cert',
    env: 'PARTSHEET_GATEWAY_CERT',
    help: 'TLS certificate chain (PEM); with key, the gateway speaks HTTPS',
  },
  { key: 'key', kind: 'text', flag: 'key', env: 'PARTSHEET_GATEWAY_KEY', help: 'TLS private key (PEM)' },
  {
    key: 'addinDir',
    kind: 'text',
    flag: 'addin',
    env: 'PARTSHEET_GATEWAY_ADDIN',
    help: 'the built add-in to serve (default dist/addin)',
  },
  {
    key: 'itemUpstream',
    kind: 'url',
    flag: 'item-upstream',
    env: 'PARTSHEET_GATEWAY_ITEM_UPSTREAM',
    help: 'item service, for /itemservice/*',
  },
  {
    key: 'checkoutUpstream',
    kind: 'url',
    flag: 'checkout-upstream',
    env: 'PARTSHEET_GATEWAY_CHECKOUT_UPSTREAM',
    help: 'production checkout, for /server-webapp/*',
  },
  {
    key: 'testCheckoutUpstream',
    kind: 'url',
    flag: 'test-checkout-upstream',
    env: 'PARTSHEET_GATEWAY_TEST_CHECKOUT_UPSTREAM',
    help: 'test checkout, for /test-env/server-webapp/*',
  },
  {
    key: 'itemRate',
    kind: 'rate',
    flag: 'item-rate',
    env: 'PARTSHEET_GATEWAY_ITEM_RATE',
    help: 'requests a second to the item service (default 4)',
  },
  {
    key: 'checkoutRate',
    kind: 'rate',
    flag: 'checkout-rate',
    env: 'PARTSHEET_GATEWAY_CHECKOUT_RATE',
    help: 'requests a second to the checkout (default 2)',
  },
  {
    key: 'testCheckoutRate',
    kind: 'rate',
    flag: 'test-checkout-rate',
    env: 'PARTSHEET_GATEWAY_TEST_CHECKOUT_RATE',
    help: 'requests a second to the test checkout (default 2)',
  },
  {
    key: 'corsOrigins',
    kind: 'list',
    flag: 'cors-origin',
    env: 'PARTSHEET_GATEWAY_CORS_ORIGINS',
    help: 'origins allowed by CORS (repeat the flag, or commas); none by default',
  },
  {
    key: 'cacheTtlSeconds',
    kind: 'whole',
    flag: 'cache-ttl',
    env: 'PARTSHEET_GATEWAY_CACHE_TTL',
    help: 'seconds an item-service answer is served from the cache (default 60; 0: no cache)',
  },
  {
    key: 'cacheMaxParts',
    kind: 'whole',
    flag: 'cache-max-parts',
    env: 'PARTSHEET_GATEWAY_CACHE_MAX_PARTS',
    help: 'parts cached at most per credential group (default 200000)',
  },
  {
    key: 'sendTimeoutSeconds',
    kind: 'whole',
    flag: 'send-timeout',
    env: 'PARTSHEET_GATEWAY_SEND_TIMEOUT',
    help: 'seconds an answer may wait for its client to read before the connection is dropped (default 30; 0: never)',
  },
  {
    key: 'tokensFile',
    kind: 'text',
    flag: 'tokens',
    env: 'PARTSHEET_GATEWAY_TOKENS',
    help: 'the token file (default .partsheet/gateway-tokens.json)',
  },
  {
    key: 'requireTokens',
    kind: 'bool',
    flag: 'require-tokens',
    env: 'PARTSHEET_GATEWAY_REQUIRE_TOKENS',
    help: 'refuse requests without a valid X-Partsheet-Token (always on with a team key)',
  },
  {
    key: 'tokenRatePerMinute',
    kind: 'whole',
    flag: 'token-rate',
    env: 'PARTSHEET_GATEWAY_TOKEN_RATE',
    help: 'requests a minute per gateway token (default 600; 0: no limit)',
  },
  {
    key: 'trustProxy',
    kind: 'proxies',
    flag: 'trust-proxy',
    env: 'PARTSHEET_GATEWAY_TRUST_PROXY',
    help: "the proxies' addresses or CIDRs (repeat, or commas) whose X-Forwarded-For names the client; alone or true: 127.0.0.1 and ::1 only",
  },
  {
    key: 'shutdownTimeoutSeconds',
    kind: 'whole',
    flag: 'shutdown-timeout',
    env: 'PARTSHEET_GATEWAY_SHUTDOWN_TIMEOUT',
    help: 'seconds in-flight requests get on SIGTERM (default 30)',
  },
  {
    key: 'serveSourceMaps',
    kind: 'bool',
    flag: 'serve-source-maps',
    env: 'PARTSHEET_GATEWAY_SERVE_SOURCE_MAPS',
    help: "serve the add-in's source maps (.map, its whole source); off by default",
  },
  {
    key: 'maxRetryAfterSeconds',
    kind: 'count',
    flag: 'max-retry-after',
    env: 'PARTSHEET_GATEWAY_MAX_RETRY_AFTER',
    help: "longest seconds an upstream's busy answer closes its gate, whatever Retry-After it names (default 60)",
  },
  {
    key: 'clientQueue',
    kind: 'count',
    flag: 'client-queue',
    env: 'PARTSHEET_GATEWAY_CLIENT_QUEUE',
    help: 'requests one client may have waiting for each upstream (default 32)',
  },
  {
    key: 'upstreamQueue',
    kind: 'count',
    flag: 'upstream-queue',
    env: 'PARTSHEET_GATEWAY_UPSTREAM_QUEUE',
    help: 'requests all clients may have waiting for each upstream (default 512)',
  },
  {
    key: 'redisUrl',
    kind: 'redis',
    flag: 'redis',
    env: 'PARTSHEET_GATEWAY_REDIS_URL',
    help: 'redis://host:port (rediss:// for TLS) shared by several instances: cache, gates, limits and tokens; none by default',
  },
  {
    key: 'redisPassword',
    kind: 'text',
    env: 'PARTSHEET_GATEWAY_REDIS_PASSWORD',
    help: 'the Redis password, when the server asks for one',
    secret: true,
  },
  {
    key: 'instances',
    kind: 'count',
    flag: 'instances',
    env: 'PARTSHEET_GATEWAY_INSTANCES',
    help: 'instances sharing the Redis; while it is unreachable each sends 1/instances of every rate (default 1)',
  },
  {
    key: 'redisNamespace',
    kind: 'name',
    flag: 'redis-namespace',
    env: 'PARTSHEET_GATEWAY_REDIS_NAMESPACE',
    help: "this deployment's keys in Redis; needed with --redis without a team key (default: derived from the team key and upstreams)",
  },
  {
    key: 'redisBudgetMs',
    kind: 'count',
    flag: 'redis-budget',
    env: 'PARTSHEET_GATEWAY_REDIS_BUDGET',
    help: 'milliseconds a Redis reply may take; when 3 in 4 recent replies are slower, the instance works alone (default 100)',
  },
  {
    key: 'teamLogin',
    kind: 'text',
    env: 'PARTSHEET_GATEWAY_TEAM_LOGIN',
    help: "the team's item-service login",
    secret: true,
  },
  {
    key: 'teamApikey',
    kind: 'text',
    env: 'PARTSHEET_GATEWAY_TEAM_APIKEY',
    help: "the team's item-service API key",
    secret: true,
  },
  {
    key: 'teamCheckoutUsername',
    kind: 'text',
    env: 'PARTSHEET_GATEWAY_TEAM_CHECKOUT_USERNAME',
    help: "the team's checkout username",
    secret: true,
  },
  {
    key: 'teamCheckoutPasswordSha256',
    kind: 'sha256',
    env: 'PARTSHEET_GATEWAY_TEAM_CHECKOUT_PASSWORD_SHA256',
    help: "the SHA-256 (hex) of the team's checkout password",
    secret: true,
  },
  {
    key: 'teamTestCheckoutUsername',
    kind: 'text',
    env: 'PARTSHEET_GATEWAY_TEAM_TEST_CHECKOUT_USERNAME',
    help: "the team's test-checkout username",
    secret: true,
  },
  {
    key: 'teamTestCheckoutPasswordSha256',
    kind: 'sha256',
    env: 'PARTSHEET_GATEWAY_TEAM_TEST_CHECKOUT_PASSWORD_SHA256',
    help: "the SHA-256 (hex) of the team's test-checkout password",
    secret: true,
  },
  ...CONNECTION_SETTINGS,
];

export const DEFAULTS: GatewayConfig = {
  port: 8443,
  host: '127.0.0.1',
  addinDir: join(ROOT, 'dist', 'addin'),
  itemUpstream: 'http://127.0.0.1:8080',
  checkoutUpstream: 'http://127.0.0.1:8080',
  testCheckoutUpstream: 'http://127.0.0.1:8081',
  itemRate: 4,
  checkoutRate: 2,
  testCheckoutRate: 2,
  corsOrigins: [],
  cacheTtlSeconds: 60,
  cacheMaxParts: 200_000,
  sendTimeoutSeconds: 30,
  tokensFile: join('.partsheet', 'gateway-tokens.json'),
  requireTokens: false,
  tokenRatePerMinute: 600,
  trustProxy: [],
  shutdownTimeoutSeconds: 30,
  serveSourceMaps: false,
  maxRetryAfterSeconds: 60,
  clientQueue: 32,
  upstreamQueue: 512,
  instances: 1,
  ...CONNECTION_DEFAULTS,
  redisBudgetMs: 100,
};

type Raw = string | number | boolean | string[];

function urlOf(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

function parseValue(setting: Setting, raw: Raw, where: string): GatewayConfig[keyof GatewayConfig] {
  const text = Array.isArray(raw) ? raw.join(',') : String(raw);
  // A secret's wrong value is often the secret itself (a password where its digest belongs): say only its length.
  const got = setting.secret
    ? `the value given (${text.length} characters) is not shown`
    : `got '${text.slice(0, 80)}'`;
  const bad = (what: string) => new ConfigError(`${where} must be ${what}; ${got}`);
  switch (setting.kind) {
    case 'port':
      if (!/^\d{1,5}$/.test(text) || Number(text) > 65535) throw bad('a port number from 0 to 65535');
      return Number(text);
    case 'whole':
      if (!/^\d{1,9}$/.test(text)) throw bad('a whole number of 0 or more');
      return Number(text);
    case 'count':
      if (!/^\d{1,9}$/.test(text) || Number(text) < 1) throw bad('a whole number of 1 or more');
      if (setting.max !== undefined && Number(text) > setting.max.value)
        throw bad(`a whole number from 1 to ${setting.max.value} (${setting.max.why})`);
      return Number(text);
    case 'rate':
      if (!/^\d{1,6}(\.\d+)?$/.test(text) || Number(text) <= 0)
        throw bad('a number of requests a second greater than 0');
      return Number(text);
    case 'bool':
      if (typeof raw === 'boolean') return raw;
      if (!/^(true|false|1|0|yes|no)$/i.test(text)) throw bad('true or false');
      return /^(true|1|yes)$/i.test(text);
    case 'list': {
      const items = (Array.isArray(raw) ? raw : text.split(',')).map((s) => String(s).trim()).filter(Boolean);
      for (const origin of items) {
        const url = urlOf(origin);
        if (!url || url.origin !== origin.replace(/\/$/, ''))
          throw bad('origins such as https://excel.example.com (scheme, host and port only)');
      }
      return items.map((o) => o.replace(/\/$/, ''));
    }
    case 'url': {
      const url = urlOf(text);
      if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
        throw bad('an http or https address such as https://api.example.com');
      if (url.search || url.hash || url.username || url.password)
        throw bad('a plain address without query, fragment, user name or password');
      return text.replace(/\/+$/, '');
    }
    case 'redis': {
      const url = urlOf(text);
      // The address may carry a password: it is never repeated in the message.
      if (!url || (url.protocol !== 'redis:' && url.protocol !== 'rediss:')) {
        throw new ConfigError(
          `${where} must be a Redis address such as redis://127.0.0.1:6379 (rediss:// for TLS); the value given is not shown`,
        );
      }
      if (where.startsWith('--') && url.password) {
        throw new ConfigError(
          `${where} must not carry a password (it would show in the process list): give it in PARTSHEET_GATEWAY_REDIS_PASSWORD`,
        );
      }
      return text;
    }
    case 'proxies': {
      const proxies = readProxies(raw, text);
      if (typeof proxies === 'string')
        throw bad(`the proxies' addresses or CIDRs (or true: this machine) — ${proxies}`);
      return proxies;
    }
    case 'name':
      if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(text))
        throw bad('1 to 64 letters, digits, or . _ - (starting with a letter or digit)');
      return text;
    case 'sha256':
      if (!/^[0-9a-fA-F]{64}$/.test(text))
        throw bad(
          "the 64 hexadecimal digits of a SHA-256 digest, not the password itself (printf %s 'the password' | sha256sum)",
        );
      return text.toLowerCase();
    case 'text':
      if (text.trim() === '') throw bad('a non-empty value');
      return text;
  }
}

/** Reads the config file: a JSON object whose keys are the settings' names. */
export function readConfigFile(path: string): Record<string, Raw> {
  const doc = readJsonObject(path);
  const known = new Set(SETTINGS.map((s) => s.key as string));
  for (const key of Object.keys(doc)) {
    if (!known.has(key))
      throw new ConfigError(`config file ${path}: unknown setting "${key}"; the settings are ${[...known].join(', ')}`);
  }
  return doc as Record<string, Raw>;
}

/**
 * The settings: each from its flag, else its environment variable, else the config file, else the default; every
 * value checked, and the combination too (a certificate needs its key, a team key needs tokens).
 */
export function resolveConfig(
  flags: Record<string, Raw | undefined>,
  env: NodeJS.ProcessEnv,
  file?: { path: string; values: Record<string, Raw> },
): GatewayConfig {
  const config: Record<string, unknown> = { ...DEFAULTS };
  for (const setting of SETTINGS) {
    const fromFlag = setting.flag === undefined ? undefined : flags[setting.flag];
    const fromEnv = env[setting.env];
    const fromFile = file?.values[setting.key];
    if (fromFlag !== undefined) config[setting.key] = parseValue(setting, fromFlag, `--${setting.flag}`);
    else if (fromEnv !== undefined && fromEnv !== '') config[setting.key] = parseValue(setting, fromEnv, setting.env);
    else if (fromFile !== undefined && fromFile !== null)
      config[setting.key] = parseValue(setting, fromFile, `"${setting.key}" in ${file!.path}`);
  }
  const result = config as unknown as GatewayConfig;
  if ((result.cert === undefined) !== (result.key === undefined))
    throw new ConfigError(
      '--cert and --key go together: give both for HTTPS, or neither for plain HTTP behind a TLS proxy',
    );
  const pairs: [keyof GatewayConfig, keyof GatewayConfig][] = [
    ['teamLogin', 'teamApikey'],
    ['teamCheckoutUsername', 'teamCheckoutPasswordSha256'],
    ['teamTestCheckoutUsername', 'teamTestCheckoutPasswordSha256'],
  ];
  for (const [a, b] of pairs) {
    if ((result[a] === undefined) !== (result[b] === undefined)) {
      const name = (k: keyof GatewayConfig) => SETTINGS.find((s) => s.key === k)!.env;
      throw new ConfigError(`${name(a)} and ${name(b)} go together: give both, or neither`);
    }
  }
  if (hasTeamCredentials(result)) result.requireTokens = true;
  else requireNamespace(result);
  return result;
}

export function hasTeamCredentials(config: GatewayConfig): boolean {
  return (
    config.teamLogin !== undefined ||
    config.teamCheckoutUsername !== undefined ||
    config.teamTestCheckoutUsername !== undefined
  );
}
