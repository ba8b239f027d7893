/** The key a connection is counted under, and the connection settings as the other settings are read. */
import { addressKey } from '../../gateway/connections';
import { ConfigError, DEFAULTS, resolveConfig } from '../../gateway/config';

test('an address is its own key; IPv4 written as IPv6 is IPv4; IPv6 counts by its /64', () => {
  expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
  expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
  expect(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
  expect(addressKey('2001:db8::5')).toBe('2001:db8:0:0::/64');
  expect(addressKey('::1')).toBe('0:0:0:0::/64');
  expect(addressKey(undefined)).toBe('?');
});

test('the connection settings have defaults, a flag, a variable and a file key, and a bad value names its place', () => {
  expect(DEFAULTS).toMatchObject({
    headerTimeoutSeconds: 10,
    maxConnectionsPerAddress: 256,
    maxConnections: 1000,
    publicHealthDetails: false,
  });
  const config = resolveConfig(
    { 'header-timeout': '5', 'public-health-details': true },
    { PARTSHEET_GATEWAY_MAX_CONNECTIONS: '200' },
    { path: 'gw.json', values: { maxConnectionsPerAddress: 8 } },
  );
  expect(config).toMatchObject({
    headerTimeoutSeconds: 5,
    maxConnections: 200,
    maxConnectionsPerAddress: 8,
    publicHealthDetails: true,
  });
  expect(() => resolveConfig({ 'max-connections': '0' }, {})).toThrow(
    new ConfigError("--max-connections must be a whole number of 1 or more; got '0'"),
  );
  // Longer than a request may take in all, Node refuses it: said here, before the gateway starts.
  expect(() => resolveConfig({ 'header-timeout': '300' }, {})).toThrow(
    new ConfigError(
      "--header-timeout must be a whole number from 1 to 180 (no longer than a request's whole time); got '300'",
    ),
  );
  expect(resolveConfig({ 'header-timeout': '180' }, {}).headerTimeoutSeconds).toBe(180);
  expect(() => resolveConfig({}, { PARTSHEET_GATEWAY_HEADER_TIMEOUT: 'soon' })).toThrow(
    new ConfigError("PARTSHEET_GATEWAY_HEADER_TIMEOUT must be a whole number of 1 or more; got 'soon'"),
  );
});
