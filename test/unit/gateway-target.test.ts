/**
 * Reading a request target before the gateway routes it: origin-form only, a path of decoded segments in which
 * nothing can climb out of its prefix, and the allow-list of operations that path is compared with.
 */
import { checkoutOperation, itemOperation } from '../../gateway/operations';
import { readRequestTarget } from '../../gateway/target';

const pathOf = (target: string) => {
  const reading = readRequestTarget(target);
  if (!reading.ok) throw new Error(`refused: ${reading.reason}`);
  return reading.path;
};
const reasonOf = (target: string) => {
  const reading = readRequestTarget(target);
  return reading.ok ? undefined : reading.reason;
};

describe('readRequestTarget', () => {
  test('a plain path is read as decoded segments, the query kept exactly as sent', () => {
    expect(readRequestTarget('/itemservice/v4/en/search/token?search_token=NE%35%35%35&login=a')).toEqual({
      ok: true,
      path: '/itemservice/v4/en/search/token',
      query: 'search_token=NE%35%35%35&login=a',
    });
    expect(pathOf('/')).toBe('/');
    expect(pathOf('/%74askpane.html')).toBe('/taskpane.html');
    expect(pathOf('/a%20b/%C3%A9')).toBe('/a b/é');
  });

  test('repeated and trailing slashes are normalised away (they name the same resource)', () => {
    expect(pathOf('//itemservice//v4/en/search/list/')).toBe('/itemservice/v4/en/search/list');
    expect(pathOf('/server-webapp///api/automatedCheckout//?x=1')).toBe('/server-webapp/api/automatedCheckout');
  });

  test.each([
    ['an absolute URL', 'http://user@x/test-env/server-webapp/api/automatedCheckout', /path starting with \//],
    ['an absolute URL with a port', 'http://x:28999/itemservice/v4/en/search/token', /path starting with \//],
    ['the asterisk form', '*', /path starting with \//],
    ['an empty target', '', /path starting with \//],
    ['a dot-dot segment', '/itemservice/../admin', /\. or \.\. segment/],
    ['a dot segment', '/itemservice/./v4', /\. or \.\. segment/],
    ['an encoded dot-dot, upper case', '/itemservice/%2E%2E/admin', /\. or \.\. segment/],
    ['an encoded dot-dot, lower case', '/itemservice/%2e%2e/admin', /\. or \.\. segment/],
    ['a half-encoded dot-dot', '/itemservice/.%2E/admin', /\. or \.\. segment/],
    ['a final dot-dot', '/itemservice/..', /\. or \.\. segment/],
    ['a backslash', '/itemservice/..\\admin', /backslash/],
    ['an encoded backslash', '/itemservice/..%5Cadmin', /encoded backslash/],
    ['an encoded slash', '/itemservice/v4%2fen/search/token', /encoded slash/],
    ['an encoded NUL', '/taskpane.html%00.js', /control character/],
    ['an encoded line break', '/a%0d%0aSet-Cookie:x', /control character/],
    ['a raw control character', '/a\u0007b', /control character/],
    ['a control character in the query', '/a?b=\u0000', /control character/],
    ['a fragment', '/taskpane.html#x', /fragment/],
    ['a lone percent sign', '/a%zz', /does not start a percent-encoded byte/],
    ['bytes that are not UTF-8', '/a%ff', /not UTF-8/],
  ])('%s is refused, in words that do not repeat it', (_what, target, reason) => {
    const why = reasonOf(target);
    expect(why).toMatch(reason);
    expect(why).not.toContain('admin');
    expect(why).not.toContain('28999');
  });
});

describe('the operations the gateway forwards', () => {
  test('the item service: token and list searches in v3 and v4, the manufacturer lookup (v3), part details (v2)', () => {
    for (const path of [
      '/itemservice/v3/en/search/token',
      '/itemservice/v4/en/search/token',
      '/itemservice/v3/en/search/list',
      '/itemservice/v4/en/search/list',
      '/itemservice/v3/en/lookup/manufacturer',
      '/itemservice/v2/en/detail',
    ]) {
      expect(itemOperation(path)).toBe(path);
    }
    for (const path of [
      '/itemservice',
      '/itemservice/v4/en/lookup/manufacturer',
      '/itemservice/V4/en/search/token',
      '/itemservice/v4/en/search/token/x',
      '/admin/keys',
    ]) {
      expect(itemOperation(path)).toBeUndefined();
    }
  });

  test('the checkout: the one operation, each environment under its own path only', () => {
    expect(checkoutOperation('/server-webapp/api/automatedCheckout', 'production')).toBe(
      '/server-webapp/api/automatedCheckout',
    );
    expect(checkoutOperation('/test-env/server-webapp/api/automatedCheckout', 'test')).toBe(
      '/server-webapp/api/automatedCheckout',
    );
    expect(checkoutOperation('/test-env/server-webapp/api/automatedCheckout', 'production')).toBeUndefined();
    expect(checkoutOperation('/server-webapp/api/automatedCheckout', 'test')).toBeUndefined();
    expect(checkoutOperation('/server-webapp/api/other', 'production')).toBeUndefined();
  });
});
