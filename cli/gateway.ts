/**
 * `partsheet gateway`: runs the gateway (gateway/), and `partsheet gateway tokens add|list|revoke` manages its
 * token file. Settings come from flags, PARTSHEET_GATEWAY_* variables or a JSON config file (docs/gateway.md).
 */
import { parseArgs } from 'node:util';
import { ConfigError, readConfigFile, resolveConfig, SETTINGS, DEFAULTS, type GatewayConfig } from '../gateway/config';
import { GatewayLog } from '../gateway/log';
import { addToken, listTokens, revokeToken, TokenError } from '../gateway/tokens';
import { UsageError } from './usage';
import { escaped } from './terminal';
import type { Io } from './io';
import { load } from './load';
import { errorLine } from './error-line';

type SharedTokens = typeof import('../gateway/redis-tokens');
type Deployment = typeof import('../gateway/deployment');
type GatewayServer = typeof import('../gateway/server');

const FLAG_OPTIONS = Object.fromEntries(
  SETTINGS.filter((s) => s.flag !== undefined).map((s) => [
    s.flag!,
    s.kind === 'bool'
      ? { type: 'boolean' as const }
      : { type: 'string' as const, multiple: s.kind === 'list' || s.kind === 'proxies' },
  ]),
);

/** `--trust-proxy` given alone (last, or followed by another option) means `--trust-proxy=true`: loopback only. */
function withBareTrustProxy(argv: string[]): string[] {
  return argv.map((arg, i) =>
    arg === '--trust-proxy' && (i === argv.length - 1 || argv[i + 1].startsWith('-')) ? '--trust-proxy=true' : arg,
  );
}

export const GATEWAY_USAGE = `Usage: partsheet gateway [--config FILE] [options]
       partsheet gateway tokens add NAME|list|revoke NAME [--tokens FILE | --redis URL [--redis-namespace NAME]]
                                [--config FILE]

Serves the built add-in and forwards, by GET only, the item service's operations (/itemservice/v3|v4/en/search/
token|list, /itemservice/v3/en/lookup/manufacturer, /itemservice/v2/en/detail) and the automated checkout
(/server-webapp/api/automatedCheckout, and under /test-env for the test checkout) to the upstreams, caching
item-service answers; any other path is answered by the gateway and goes nowhere. Each option is also a
PARTSHEET_GATEWAY_* variable and a key of the JSON config file (flags win over variables, variables over the
file). See docs/gateway.md.

${SETTINGS.map((s) => `  ${(s.flag ? `--${s.flag}` : '(no flag)').padEnd(26)} ${s.env.padEnd(48)} ${s.key}: ${s.help}`).join('\n')}`;

function configOf(values: Record<string, unknown>, env: NodeJS.ProcessEnv) {
  const path = (values.config as string | undefined) ?? env.PARTSHEET_GATEWAY_CONFIG;
  const file = path ? { path, values: readConfigFile(path) } : undefined;
  const flags: Record<string, string | boolean | string[] | undefined> = {};
  for (const s of SETTINGS) if (s.flag) flags[s.flag] = values[s.flag] as string | boolean | string[] | undefined;
  return resolveConfig(flags, env, file);
}

async function tokensCommand(argv: string[], io: Io, env: NodeJS.ProcessEnv): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      tokens: { type: 'string' },
      config: { type: 'string' },
      redis: { type: 'string' },
      'redis-namespace': { type: 'string' },
    },
    strict: true,
    allowPositionals: true,
  });
  const config = configOf(
    { config: values.config, redis: values.redis, 'redis-namespace': values['redis-namespace'] },
    env,
  );
  const path = values.tokens ?? config.tokensFile ?? DEFAULTS.tokensFile;
  const [sub, name, ...extra] = positionals;
  const needName = (what: string) => {
    if (!name || extra.length > 0) throw new UsageError(`gateway tokens ${what} needs exactly one NAME`);
    return name;
  };
  // Instances sharing a Redis keep their tokens there (a token file given explicitly still means the file).
  if (config.redisUrl && values.tokens === undefined) return sharedTokensCommand(config, sub, name, needName, io);
  switch (sub) {
    case 'add': {
      const token = addToken(path, needName('add'));
      io.out(
        `Gateway token for ${name} (shown once; give it to ${name}, who enters it as the gateway token in the add-in settings):`,
      );
      io.out(token);
      io.err(`Stored its digest in ${path}.`);
      return 0;
    }
    case 'list': {
      if (name) throw new UsageError('gateway tokens list takes no NAME');
      const all = listTokens(path);
      if (all.length === 0) io.out(`No gateway tokens in ${path}.`);
      for (const t of all) io.out(`${escaped(t.name)}\tcreated ${escaped(t.created)}`);
      return 0;
    }
    case 'revoke':
      revokeToken(path, needName('revoke'));
      io.out(`Revoked the gateway token of ${name}; every gateway reading ${path} refuses it within a second.`);
      return 0;
    default:
      throw new UsageError(`unknown gateway tokens command '${sub ?? ''}'; use add NAME, list or revoke NAME`);
  }
}

/** What `tokens revoke` says each running instance will do, by what Redis held. */
const REVOKED: Record<'revoked' | 'absent' | 'no set', (name: string, where: string) => string> = {
  revoked: (name, where) =>
    `Revoked the gateway token of ${name} in ${where}; every gateway instance sharing it refuses it within a second.`,
  absent: (name, where) =>
    `No token named ${name} in ${where}: no gateway instance reaching it accepts one (each holds the set in Redis); ` +
    'an instance that cannot reach Redis keeps the set it last read, or its token file, until it can.',
  'no set': (name, where) =>
    `${where} holds no gateway tokens (Redis restarted without its data, or none was ever added): every gateway ` +
    `instance reaching it refuses every token, ${name}'s included, within a second, until tokens are added again.`,
};

/**
 * `tokens add|list|revoke` on the tokens of this deployment's namespace in Redis (deployment.ts): refused, naming
 * both, when the namespace belongs to another deployment.
 */
async function sharedTokensCommand(
  config: GatewayConfig,
  sub: string | undefined,
  name: string | undefined,
  needName: (what: string) => string,
  io: Io,
): Promise<number> {
  if (sub !== 'add' && sub !== 'list' && sub !== 'revoke')
    throw new UsageError(`unknown gateway tokens command '${sub ?? ''}'; use add NAME, list or revoke NAME`);
  if (sub === 'list' && name) throw new UsageError('gateway tokens list takes no NAME');
  const who = sub === 'list' ? '' : needName(sub);
  const { addSharedToken, connectForTokens, listSharedTokens, revokeSharedToken, tokenKeys } =
    load<SharedTokens>('../gateway/redis-tokens');
  const { claimNamespace, deploymentOf } = load<Deployment>('../gateway/deployment');
  const deployment = deploymentOf(config);
  const keys = tokenKeys(deployment.namespace);
  const where = `Redis (namespace ${deployment.namespace})`;
  const client = await connectForTokens(config.redisUrl!, config.redisPassword);
  try {
    const refusal = await claimNamespace(client, deployment, false);
    if (refusal !== null) throw new TokenError(refusal);
    if (sub === 'add') {
      const token = await addSharedToken(client, keys, who);
      io.out(
        `Gateway token for ${who} (shown once; give it to ${who}, who enters it as the gateway token in the add-in settings):`,
      );
      io.out(token);
      io.err(`Stored its digest in ${where}, for every gateway instance sharing it.`);
    } else if (sub === 'list') {
      const all = await listSharedTokens(client, keys);
      if (all.length === 0) io.out(`No gateway tokens in ${where}.`);
      else io.err(`Gateway tokens in ${where}:`);
      // Anyone who can write to the Redis can write a name: it reaches the terminal escaped.
      for (const t of all) io.out(`${escaped(t.name)}\tcreated ${escaped(t.created)}`);
    } else {
      io.out(REVOKED[await revokeSharedToken(client, keys, who)](who, where));
    }
    return 0;
  } finally {
    client.disconnect();
  }
}

/**
 * `partsheet gateway …`: returns the exit code (0 done, 1 refused, 2 usage). A gateway that was running and has
 * stopped ends the process through `exit` (process.exit by default) with code 0: a stop must end the process by
 * the shutdown timeout, whatever timer or connection some library still holds.
 */
export async function gatewayCommand(
  argv: string[],
  io: Io,
  env: NodeJS.ProcessEnv = process.env,
  exit: (code: number) => void = (code) => process.exit(code),
): Promise<number> {
  try {
    if (argv[0] === 'tokens') return await tokensCommand(argv.slice(1), io, env);
    if (argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
      io.out(GATEWAY_USAGE);
      return 0;
    }
    const { values } = parseArgs({
      args: withBareTrustProxy(argv),
      options: { ...FLAG_OPTIONS, config: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    });
    const config = configOf(values, env);
    const log = new GatewayLog((line) => io.out(line));
    const running = await load<GatewayServer>('../gateway/server').startGateway(config, { log });
    log.event('listening', {
      url: running.url,
      tls: config.cert !== undefined,
      itemUpstream: config.itemUpstream,
      checkoutUpstream: config.checkoutUpstream,
      testCheckoutUpstream: config.testCheckoutUpstream,
      cacheTtlSeconds: config.cacheTtlSeconds,
      teamKey: config.teamLogin !== undefined,
      ...(config.redisUrl
        ? { redisNamespace: load<Deployment>('../gateway/deployment').deploymentOf(config).namespace }
        : {}),
      requireTokens: config.requireTokens,
      trustProxy: config.trustProxy,
      serveSourceMaps: config.serveSourceMaps,
    });
    await new Promise<void>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    await running.close();
    exit(0);
    return 0;
  } catch (e) {
    if (
      e instanceof ConfigError ||
      e instanceof TokenError ||
      e instanceof UsageError ||
      (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
    ) {
      io.err(errorLine('partsheet gateway', (e as Error).message, e));
      return 2;
    }
    io.err(errorLine('partsheet gateway', (e as Error).message, e));
    return 1;
  }
}
