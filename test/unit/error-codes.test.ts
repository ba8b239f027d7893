/**
 * One catalog of stable error codes (protocol/error-codes.ts): each kind of failure of the core, the command line,
 * the service and the gateway has its own, the list only grows, docs/errors.md lists every one, and each place that
 * reports an error shows it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_CODES, type ErrorCode, errorCodeOf, isErrorCode } from '../../protocol/error-codes';
import { BomError, type BomErrorKind } from '../../src/bom/errors';
import { CatalogError, type CatalogErrorKind } from '../../src/catalog/errors';
import { CheckoutError, type CheckoutErrorKind } from '../../src/checkout/errors';
import { PricingError } from '../../src/pricing/errors';
import { PlanError } from '../../src/plan/errors';
import { WorkbookError, type WorkbookErrorKind } from '../../src/excel/port-types';
import { SettingsError } from '../../src/settings';
import { ScenarioError } from '../../src/purchase/scenarios';
import { StockReadError } from '../../src/purchase/stock';
import { SnapshotError, type SnapshotErrorKind } from '../../src/changes/errors';
import { UsageError } from '../../cli/usage';
import { BomFileError } from '../../cli/bom-file-error';
import { OutputError } from '../../cli/output-error';
import { cliErrorCode, errorLine } from '../../cli/error-line';
import { StartupError } from '../../service/defaults';
import { AccountError } from '../../service/checkout/accounts';
import { ConfigError } from '../../gateway/config-file';
import { TokenError } from '../../gateway/tokens';
import { REFUSAL_CODES, refusal } from '../../gateway/refusals';
import { describeProblem } from '../../taskpane/errors';

/** The codes as shipped, in order. A code is never renamed or removed: a new one is added at the end of its group. */
const SHIPPED = [
  'PS_BOM_NO_PART_NUMBER_COLUMN',
  'PS_BOM_EMPTY',
  'PS_BOM_BAD_OPTION',
  'PS_CATALOG_UNREACHABLE',
  'PS_CATALOG_BLOCKED',
  'PS_CATALOG_TIMEOUT',
  'PS_CATALOG_RATE_LIMITED',
  'PS_CATALOG_UNAVAILABLE',
  'PS_CATALOG_AUTH',
  'PS_CATALOG_REJECTED',
  'PS_CATALOG_MALFORMED',
  'PS_CATALOG_CANCELLED',
  'PS_CHECKOUT_INVALID',
  'PS_CHECKOUT_REFUSED',
  'PS_CHECKOUT_ORDER_MAY_EXIST',
  'PS_CHECKOUT_UNREACHABLE',
  'PS_CHECKOUT_AUTH',
  'PS_CHECKOUT_MALFORMED',
  'PS_CHECKOUT_CANCELLED',
  'PS_PRICING_INVALID_QUANTITY',
  'PS_PRICING_INVALID_PRICE',
  'PS_PLAN_BAD_OPTION',
  'PS_SETTINGS_INVALID',
  'PS_WORKBOOK_EMPTY',
  'PS_WORKBOOK_NO_SHEET',
  'PS_WORKBOOK_TOO_LARGE',
  'PS_WORKBOOK_BAD_BLOCK',
  'PS_WORKBOOK_EXCEL',
  'PS_PURCHASE_SCENARIO',
  'PS_PURCHASE_STOCK_FILE',
  'PS_INTERNAL',
  'PS_CLI_USAGE',
  'PS_CLI_BOM_FILE',
  'PS_CLI_OUTPUT',
  'PS_SERVICE_STARTUP',
  'PS_SERVICE_ACCOUNT',
  'PS_SERVICE_CATALOG_IMPORT',
  'PS_GATEWAY_CONFIG',
  'PS_GATEWAY_TOKENS',
  'PS_GATEWAY_NOT_FOUND',
  'PS_GATEWAY_METHOD_NOT_ALLOWED',
  'PS_GATEWAY_BAD_REQUEST',
  'PS_GATEWAY_TOKEN_REFUSED',
  'PS_GATEWAY_TOKEN_RATE_LIMITED',
  'PS_GATEWAY_CONNECTION_BUSY',
  'PS_GATEWAY_UPSTREAM_BUSY',
  'PS_GATEWAY_CLIENT_GONE',
  'PS_GATEWAY_UPSTREAM_UNREACHABLE',
  'PS_GATEWAY_UPSTREAM_TOO_LARGE',
  'PS_GATEWAY_INTERNAL',
  'PS_SNAPSHOT_DAMAGED',
  'PS_SNAPSHOT_VERSION',
  'PS_SNAPSHOT_MISSING',
  'PS_PLAN_BAD_DATE',
  'PS_PURCHASE_SETUP',
  'PS_PURCHASE_TOO_LARGE',
];

describe('the error codes', () => {
  test('the list only grows: every shipped code is there, in its place', () => {
    expect(Object.keys(ERROR_CODES).slice(0, SHIPPED.length)).toEqual(SHIPPED);
    for (const code of Object.keys(ERROR_CODES)) expect(code).toMatch(/^PS_[A-Z]+(?:_[A-Z]+)*$/);
  });

  test('docs/errors.md lists every code with what it means', () => {
    const doc = readFileSync(join(__dirname, '..', '..', 'docs', 'errors.md'), 'utf8');
    for (const [code, entry] of Object.entries(ERROR_CODES)) expect(doc).toContain(`| \`${code}\` | ${entry.means} |`);
  });

  test('every kind of every core error has a code of its own', () => {
    const kinds: Array<[string, ErrorCode]> = [
      ...(['no-part-number-column', 'empty', 'bad-option'] satisfies BomErrorKind[]).map(
        (k) => [`bom ${k}`, new BomError(k, 'x').errorCode] as [string, ErrorCode],
      ),
      ...(
        [
          'unreachable',
          'blocked',
          'timeout',
          'rate-limited',
          'unavailable',
          'auth',
          'rejected',
          'malformed',
          'cancelled',
        ] satisfies CatalogErrorKind[]
      ).map((k) => [`catalog ${k}`, new CatalogError(k, 'x').errorCode] as [string, ErrorCode]),
      ...(
        [
          'invalid',
          'refused',
          'order-may-exist',
          'unreachable',
          'auth',
          'malformed',
          'cancelled',
        ] satisfies CheckoutErrorKind[]
      ).map((k) => [`checkout ${k}`, new CheckoutError(k, 'x').errorCode] as [string, ErrorCode]),
      ...(['empty', 'no-sheet', 'too-large', 'bad-block', 'excel'] satisfies WorkbookErrorKind[]).map(
        (k) => [`workbook ${k}`, new WorkbookError(k, 'x').errorCode] as [string, ErrorCode],
      ),
      ['pricing quantity', new PricingError('invalid-quantity', 'x').errorCode],
      ['pricing price', new PricingError('invalid-price', 'x').errorCode],
      ['plan', new PlanError('bad-option', 'x').errorCode],
      ['plan date', new PlanError('bad-date', 'x').errorCode],
      ['settings', new SettingsError('currency', 'x').errorCode],
      ...(['damaged', 'version', 'missing'] satisfies SnapshotErrorKind[]).map(
        (k) => [`snapshot ${k}`, new SnapshotError(k, 'x').errorCode] as [string, ErrorCode],
      ),
    ];
    const codes = kinds.map(([, code]) => code);
    expect(codes.every(isErrorCode)).toBe(true);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).not.toContain('PS_INTERNAL');
    expect(new CatalogError('rate-limited', 'x').errorCode).toBe('PS_CATALOG_RATE_LIMITED');
  });

  test('the errors of the command line, the service, the gateway and purchase lists carry theirs', () => {
    expect(
      [
        new UsageError('x'),
        new BomFileError('x'),
        new OutputError('x'),
        new StartupError('x'),
        new AccountError('x'),
        new ConfigError('x'),
        new TokenError('x'),
        new ScenarioError('x'),
        new ScenarioError('x', 'PS_PURCHASE_TOO_LARGE'),
        new StockReadError('x'),
      ].map(errorCodeOf),
    ).toEqual([
      'PS_CLI_USAGE',
      'PS_CLI_BOM_FILE',
      'PS_CLI_OUTPUT',
      'PS_SERVICE_STARTUP',
      'PS_SERVICE_ACCOUNT',
      'PS_GATEWAY_CONFIG',
      'PS_GATEWAY_TOKENS',
      'PS_PURCHASE_SCENARIO',
      'PS_PURCHASE_TOO_LARGE',
      'PS_PURCHASE_STOCK_FILE',
    ]);
    // What nobody foresaw is an internal failure, never a code made up from its message.
    expect(errorCodeOf(new TypeError('x is undefined'))).toBe('PS_INTERNAL');
    expect(errorCodeOf({ errorCode: 'PS_NOT_A_CODE' })).toBe('PS_INTERNAL');
    expect(errorCodeOf('text')).toBe('PS_INTERNAL');
  });

  test('the gateway words each refusal with its code', () => {
    for (const [word, code] of Object.entries(REFUSAL_CODES)) {
      expect(isErrorCode(code)).toBe(true);
      expect(refusal(400, word as keyof typeof REFUSAL_CODES, 'x').errorCode).toBe(code);
    }
  });

  test('the command line ends each error line with the code; Node’s argument errors are usage errors', () => {
    expect(errorLine('partsheet price', 'bom.csv: no such file', new BomFileError('x'))).toBe(
      'partsheet price: bom.csv: no such file [PS_CLI_BOM_FILE]',
    );
    const parse = Object.assign(new TypeError("Unknown option '--x'"), { code: 'ERR_PARSE_ARGS_UNKNOWN_OPTION' });
    expect(cliErrorCode(parse)).toBe('PS_CLI_USAGE');
    // A file error of Node's own: the command says which file it was.
    const enoent = Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
    expect(cliErrorCode(enoent, 'PS_CLI_OUTPUT')).toBe('PS_CLI_OUTPUT');
    expect(cliErrorCode(enoent)).toBe('PS_INTERNAL');
  });

  test('the pane describes each failure with its code', () => {
    expect(describeProblem(new CatalogError('auth', 'API key rejected'))).toMatchObject({
      title: 'The parts service refused the login',
      code: 'PS_CATALOG_AUTH',
    });
    expect(describeProblem(new Error('boom')).code).toBe('PS_INTERNAL');
  });
});
