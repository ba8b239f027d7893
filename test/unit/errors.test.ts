/**
 * One error base across the core: every boundary's error is a PartsheetError, keeps its own name and words, and
 * carries the failure underneath as the native `cause`.
 */
import { PartsheetError } from '../../src/errors';
import { BomError } from '../../src/bom/errors';
import { CatalogError } from '../../src/catalog/errors';
import { CheckoutError } from '../../src/checkout/errors';
import { WorkbookError } from '../../src/excel/workbook-port';
import { TransportFailure } from '../../src/http/transport';
import { PricingError } from '../../src/pricing/errors';
import { SettingsError } from '../../src/settings';

const underneath = new TypeError('fetch failed');

describe('the error base of the core', () => {
  const made: Array<[string, Error]> = [
    ['CatalogError', new CatalogError('unreachable', 'Parts service unreachable', { cause: underneath })],
    ['CheckoutError', new CheckoutError('unreachable', 'The checkout could not be reached', { cause: underneath })],
    ['WorkbookError', new WorkbookError('excel', 'Excel refused the write', underneath)],
    [
      'TransportFailure',
      new TransportFailure('network', 'send', { text: 'connection refused', notSent: true }, underneath),
    ],
  ];

  test.each(made)('%s is a PartsheetError with the native cause', (name, error) => {
    expect(error).toBeInstanceOf(PartsheetError);
    expect(error).toBeInstanceOf(Error);
    expect(error.cause).toBe(underneath);
    // The cause is Error's own property, as debuggers and loggers look for it.
    expect(Object.prototype.hasOwnProperty.call(error, 'cause')).toBe(true);
    if (name !== 'TransportFailure') expect(error.name).toBe(name);
  });

  test('errors without a failure underneath have no cause', () => {
    for (const error of [
      new BomError('empty', 'The BOM is empty'),
      new PricingError('invalid-quantity', 'Quantity must be a whole number'),
      new SettingsError('itemBaseUrl', 'Not an address'),
    ]) {
      expect(error).toBeInstanceOf(PartsheetError);
      expect('cause' in error).toBe(false);
    }
  });

  test("a boundary's error tells its stable code by its kind, and carries no table of codes of its own", () => {
    const cases: Array<[Error & { errorCode: string; kind: string }, string]> = [
      [new BomError('empty', 'The BOM is empty'), 'PS_BOM_EMPTY'],
      [new PricingError('invalid-price', 'Price must be a number'), 'PS_PRICING_INVALID_PRICE'],
      [new CatalogError('rate-limited', 'Slow down', { retryAfterMs: 1000 }), 'PS_CATALOG_RATE_LIMITED'],
      [new CheckoutError('order-may-exist', 'Check your orders'), 'PS_CHECKOUT_ORDER_MAY_EXIST'],
      [new WorkbookError('no-sheet', 'No such sheet'), 'PS_WORKBOOK_NO_SHEET'],
    ];
    for (const [error, code] of cases) {
      expect(error.errorCode).toBe(code);
      expect(Object.keys(error)).not.toContain('codes');
      expect(JSON.stringify(error)).not.toContain('PS_');
    }
  });
});
