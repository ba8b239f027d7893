/**
 * A deployment's place in a shared Redis. Every key a gateway (or a `gateway tokens` command) writes lives under
 * its namespace: the `redisNamespace` setting, or one derived from what defines the deployment (a digest of its
 * team credentials and its upstream addresses). So two teams given one Redis share nothing: not their tokens, not
 * their cached answers, not their gates.
 *
 * The namespace also holds its identity (the credentials' digest and the upstream addresses, never a secret), written
 * by the first gateway or command to use it. One whose configuration does not match it is refused, naming both:
 * at start the gateway does not start; a gateway that meets a mismatching identity later (Redis was down at its
 * start) does not share, and works alone.
 */
import { createHash } from 'node:crypto';
import type Redis from 'ioredis';
import type { GatewayConfig } from './config-types';
import { ConfigError } from './config-file';

/** The prefix of every namespace, so one Redis can serve other things too. */
export const KEY_ROOT = 'partsheet:gw:';

/** What defines a deployment: whose credentials it sends, and where to. */
export interface DeploymentIdentity {
  /** A digest of the team credentials (login and key, checkout accounts); 'none' without a team key. */
  credentials: string;
  itemUpstream: string;
  checkoutUpstream: string;
  testCheckoutUpstream: string;
}

export interface Deployment {
  /** The prefix of every key: `partsheet:gw:NAME:`. */
  namespace: string;
  identity: DeploymentIdentity;
}

/** The key prefix of the namespace called `name`. */
export const namespaceFor = (name: string): string => `${KEY_ROOT}${name}:`;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A digest of the team's credentials (every one of them), never reversible to a secret; 'none' without any. */
export function credentialsDigest(config: GatewayConfig): string {
  const secrets = [
    config.teamLogin,
    config.teamApikey,
    config.teamCheckoutUsername,
    config.teamCheckoutPasswordSha256,
    config.teamTestCheckoutUsername,
    config.teamTestCheckoutPasswordSha256,
  ];
  if (secrets.every((s) => s === undefined)) return 'none';
  return sha256(`partsheet gateway team\u0000${secrets.map((s) => s ?? '').join('\u0000')}`).slice(0, 32);
}

/**
 * Refuses a Redis without a namespace to a gateway without a team key: nothing else sets its deployment apart from
 * another on the same upstreams, so two teams would share one namespace, and so their tokens.
 */
export function requireNamespace(config: GatewayConfig): void {
  if (config.redisUrl === undefined || config.redisNamespace !== undefined) return;
  throw new ConfigError(
    '--redis needs --redis-namespace (PARTSHEET_GATEWAY_REDIS_NAMESPACE) when there is no team key: name this ' +
      "deployment's keys in Redis, so that another team's gateways on the same Redis never share its tokens",
  );
}

/** The deployment of a configuration: its namespace (named, or derived from its identity) and its identity. */
export function deploymentOf(config: GatewayConfig): Deployment {
  const identity: DeploymentIdentity = {
    credentials: credentialsDigest(config),
    itemUpstream: config.itemUpstream,
    checkoutUpstream: config.checkoutUpstream,
    testCheckoutUpstream: config.testCheckoutUpstream,
  };
  const name = config.redisNamespace ?? `auto-${sha256(JSON.stringify(identity)).slice(0, 16)}`;
  return { namespace: namespaceFor(name), identity };
}

function describe(identity: Partial<DeploymentIdentity>): string {
  const credentials = identity.credentials === 'none' ? 'no team key' : `team credentials ${identity.credentials}`;
  return (
    `${credentials}, item service ${identity.itemUpstream}, checkout ${identity.checkoutUpstream}, ` +
    `test checkout ${identity.testCheckoutUpstream}`
  );
}

/** Stores the identity unless one is there (atomically); answers the one stored. */
const CLAIM = `
redis.call('SET', KEYS[1], ARGV[1], 'NX')
return redis.call('GET', KEYS[1])
`;

/**
 * Claims the namespace for `deployment` in Redis, or finds it claimed by the same identity: answers null. When it
 * belongs to another deployment, answers why, naming both identities (digests and addresses, no secret). With
 * `claim` false (a tokens command) a namespace no gateway has claimed is refused too: tokens written there would be
 * read by no gateway (the command was likely given other settings than the gateways run with).
 */
export async function claimNamespace(client: Redis, deployment: Deployment, claim = true): Promise<string | null> {
  const mine = JSON.stringify(deployment.identity);
  const key = `${deployment.namespace}identity`;
  const found = claim ? await client.eval(CLAIM, 1, key, mine) : await client.get(key);
  if (found === null)
    return (
      `no gateway uses the Redis namespace ${deployment.namespace} (${describe(deployment.identity)}): start the ` +
      'gateways first, or give this command the settings they run with (team key, upstreams, redisNamespace)'
    );
  const stored = String(found);
  if (stored === mine) return null;
  let theirs: Partial<DeploymentIdentity>;
  try {
    theirs = JSON.parse(stored) as Partial<DeploymentIdentity>;
  } catch {
    theirs = {};
  }
  const same = (Object.keys(deployment.identity) as (keyof DeploymentIdentity)[]).every(
    (k) => theirs[k] === deployment.identity[k],
  );
  if (same) return null;
  return (
    `the Redis namespace ${deployment.namespace} belongs to another deployment (${describe(theirs)}); ` +
    `this one has ${describe(deployment.identity)}. Give this deployment a --redis-namespace of its own, ` +
    `or the same team credentials and upstreams as the gateways already using it`
  );
}
