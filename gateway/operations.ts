/**
 * What the gateway forwards: an allow-list of the upstream operations, by path, and the one method they take.
 * The item service's documented operations (search by token and by list in v3 and v4, the manufacturer lookup,
 * the part detail its results link to) and the automated checkout, once per environment. Everything else under
 * the forwarded prefixes is answered by the gateway itself and never reaches an upstream, so the team's
 * credentials can only travel with the operations they were given for.
 */
import { CHECKOUT_PATH } from '../protocol/checkout';

/** Every operation is a GET with its inputs in the query; the add-in's clients send nothing else. */
export const FORWARDED_METHOD = 'GET';

/** The item service's operations, each in the one spelling sent upstream. */
export const ITEM_OPERATIONS: ReadonlySet<string> = new Set([
  '/itemservice/v3/en/search/token',
  '/itemservice/v4/en/search/token',
  '/itemservice/v3/en/search/list',
  '/itemservice/v4/en/search/list',
  '/itemservice/v3/en/lookup/manufacturer',
  '/itemservice/v2/en/detail',
]);

/** Where the test checkout is reached on the gateway: its path under this prefix. */
export const TEST_ENV_PREFIX = '/test-env';

export type CheckoutEnvironment = 'production' | 'test';

/** The item-service operation a normalised request path names, if it is one the gateway forwards. */
export function itemOperation(path: string): string | undefined {
  return ITEM_OPERATIONS.has(path) ? path : undefined;
}

/** The checkout operation a normalised request path names for `environment`, if it names it. */
export function checkoutOperation(path: string, environment: CheckoutEnvironment): string | undefined {
  const expected = environment === 'test' ? TEST_ENV_PREFIX + CHECKOUT_PATH : CHECKOUT_PATH;
  return path === expected ? CHECKOUT_PATH : undefined;
}

/** The forwarded prefixes take every common method, so that the others are answered 405 rather than passed on. */
export const ROUTED_METHODS: ('GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE' | 'PATCH')[] = [
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'DELETE',
  'PATCH',
];
