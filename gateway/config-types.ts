/**
 * The shape of the gateway's settings: every setting's value (GatewayConfig, its connection block in
 * ConnectionConfig) and the table row that names a setting in all three places (Setting). config.ts reads them;
 * config-connections.ts and deployment.ts use the shape alone.
 */

export interface ConnectionConfig {
  /** Seconds a connection has to send its request's headers; then it is closed. */
  headerTimeoutSeconds: number;
  /** Connections open at once from one address (an IPv6 client's /64 counts as one). */
  maxConnectionsPerAddress: number;
  /** Connections open at once in all. */
  maxConnections: number;
  /** Show /healthz's figures (the Redis address, tokens, traffic) to anyone, not only to a valid gateway token. */
  publicHealthDetails: boolean;
}

export interface GatewayConfig extends ConnectionConfig {
  port: number;
  host: string;
  /** PEM files; both or neither. Neither: plain HTTP, for running behind a TLS proxy. */
  cert?: string;
  key?: string;
  addinDir: string;
  itemUpstream: string;
  checkoutUpstream: string;
  testCheckoutUpstream: string;
  /** Requests a second sent to each upstream at most. */
  itemRate: number;
  checkoutRate: number;
  testCheckoutRate: number;
  corsOrigins: string[];
  cacheTtlSeconds: number;
  cacheMaxParts: number;
  /** Seconds an answer may sit with nothing moving (its client not reading) before its connection is dropped. */
  sendTimeoutSeconds: number;
  tokensFile: string;
  requireTokens: boolean;
  /** Requests a minute per gateway token. */
  tokenRatePerMinute: number;
  /** The proxies (addresses, CIDRs) whose `X-Forwarded-For` names the client; empty: none (proxies.ts). */
  trustProxy: string[];
  shutdownTimeoutSeconds: number;
  /** Serve the add-in's source maps (`.map`): they hold its whole source, so only for debugging a deployment. */
  serveSourceMaps: boolean;
  /** Longest an upstream's busy answer closes its gate, whatever `Retry-After` it named. */
  maxRetryAfterSeconds: number;
  /** Requests one client (token owner, else address) may have waiting at each upstream's gate. */
  clientQueue: number;
  /** Requests all clients together may have waiting at each upstream's gate. */
  upstreamQueue: number;
  /**
   * The Redis (or protocol-compatible) server several instances share their cache, gates, limits and tokens through
   * (`redis://host:port/db` or `rediss://` for TLS); absent: this instance shares nothing.
   */
  redisUrl?: string;
  /** The Redis password (or ACL user's password), when not in the URL; never from a flag. */
  redisPassword?: string;
  /** Instances sharing one Redis: while it cannot be reached, each sends at most 1/instances of every rate. */
  instances: number;
  /** The deployment's namespace in Redis; absent: one derived from its team credentials and upstreams. */
  redisNamespace?: string;
  /** Milliseconds a Redis step may take: a request waits no longer, and most replies over it mean working alone. */
  redisBudgetMs: number;
  teamLogin?: string;
  teamApikey?: string;
  teamCheckoutUsername?: string;
  teamCheckoutPasswordSha256?: string;
  teamTestCheckoutUsername?: string;
  teamTestCheckoutPasswordSha256?: string;
}

export type Kind =
  'port' | 'text' | 'url' | 'redis' | 'name' | 'rate' | 'whole' | 'count' | 'list' | 'bool' | 'sha256' | 'proxies';

export interface Setting {
  key: keyof GatewayConfig;
  kind: Kind;
  /** Absent for secrets: they are not taken from the command line. */
  flag?: string;
  env: string;
  /** What the setting means, for the usage text and docs. */
  help: string;
  /** A value never to be printed, not even a wrong one (a plain password given where its digest belongs). */
  secret?: true;
  /** A count's largest value, and why ("a request's whole time"). */
  max?: { value: number; why: string };
}
