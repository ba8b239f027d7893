/**
 * A module loaded when a command needs it rather than when the CLI starts: `partsheet price` runs without loading the
 * service, the gateway or the Redis client, and `gateway tokens list` without the BOM reader or the gateway server.
 * `T` is the module's type (`typeof import('./x')`), so a call stays checked.
 */
export function load<T>(path: string): T {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, on purpose (see above)
  return require(path) as T;
}
