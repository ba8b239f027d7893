/**
 * Which connections' `X-Forwarded-For` the gateway believes: the configured proxies' addresses and networks only,
 * an IPv4 peer of a dual-stack listener read as its IPv4 address, and bad entries named.
 */
import { badProxyEntry, proxyTrust } from '../../gateway/proxies';

describe('trusted proxies', () => {
  test('an address or a network trusts those peers only, IPv4 peers seen through IPv6 included', () => {
    const trust = proxyTrust(['10.0.0.5', '10.0.1.0/24', 'fd00::/8'])!;
    expect(trust('10.0.0.5')).toBe(true);
    expect(trust('::ffff:10.0.1.77')).toBe(true);
    expect(trust('fd00::1')).toBe(true);
    expect(trust('10.0.0.6')).toBe(false);
    expect(trust('127.0.0.1')).toBe(false);
    expect(trust('not an address')).toBe(false);
  });

  test('no proxies: no X-Forwarded-For is read at all', () => {
    expect(proxyTrust([])).toBeUndefined();
  });

  test('entries that are not addresses or CIDRs, or that trust everyone, are named', () => {
    expect(badProxyEntry('10.0.0.5')).toBeUndefined();
    expect(badProxyEntry('::1')).toBeUndefined();
    expect(badProxyEntry('lb.example.com')).toMatch(/is not an IP address or CIDR/);
    expect(badProxyEntry('10.0.0.0/8/1')).toMatch(/is not an IP address or CIDR/);
    expect(badProxyEntry('10.0.0.0/40')).toMatch(/prefix length outside 1 to 32/);
    expect(badProxyEntry('::/0')).toMatch(/would trust every address/);
  });
});
