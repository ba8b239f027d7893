/**
 * The gateway's settings for its connections (see connections.ts) and for who sees `/healthz`'s figures: a block of
 * the settings table of config.ts, kept here so that table stays readable.
 */
import type { ConnectionConfig, Setting } from './config-types';
import { REQUEST_TIMEOUT_SECONDS } from './connections';

export const CONNECTION_SETTINGS: Setting[] = [
  {
    key: 'headerTimeoutSeconds',
    kind: 'count',
    flag: 'header-timeout',
    env: 'PARTSHEET_GATEWAY_HEADER_TIMEOUT',
    help: "seconds a connection has to send its request's headers before it is closed (default 10)",
    max: { value: REQUEST_TIMEOUT_SECONDS, why: "no longer than a request's whole time" },
  },
  {
    key: 'maxConnectionsPerAddress',
    kind: 'count',
    flag: 'max-connections-per-address',
    env: 'PARTSHEET_GATEWAY_MAX_CONNECTIONS_PER_ADDRESS',
    help: 'connections open at once from one address; an office behind NAT is one address; a proxy named in --trust-proxy is held to the total only (default 256)',
  },
  {
    key: 'maxConnections',
    kind: 'count',
    flag: 'max-connections',
    env: 'PARTSHEET_GATEWAY_MAX_CONNECTIONS',
    help: 'connections open at once in all (default 1000)',
  },
  {
    key: 'publicHealthDetails',
    kind: 'bool',
    flag: 'public-health-details',
    env: 'PARTSHEET_GATEWAY_PUBLIC_HEALTH_DETAILS',
    help: "show /healthz's figures to anyone, not only with a valid gateway token; off by default",
  },
];

export const CONNECTION_DEFAULTS: ConnectionConfig = {
  headerTimeoutSeconds: 10,
  maxConnectionsPerAddress: 256,
  maxConnections: 1000,
  publicHealthDetails: false,
};
