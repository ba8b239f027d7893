/**
 * Partsheet's own error codes: one stable code per kind of failure, in one place, for the pane, the command line, the
 * reference service's start-up and accounts, and the gateway. A code never changes once shipped, whatever the words
 * of its message become: a user can quote it, a log can be searched for it, a script can branch on it. The words
 * (`means`) say what the code is for; each error's own message says what went wrong this time and where.
 *
 * The codes of the distributor's services themselves (the item service's and the checkout's, as its documentation
 * lists them) are theirs and live beside their wire rules (item-service-errors.ts, checkout.ts); a
 * Partsheet error that carries one shows it in its message.
 */
export interface ErrorCodeEntry {
  /** What the code stands for, as docs/errors.md lists it. */
  means: string;
  /** Who raises it. */
  where: 'core' | 'cli' | 'service' | 'gateway';
}

export const ERROR_CODES = {
  // Reading a BOM (src/bom).
  PS_BOM_NO_PART_NUMBER_COLUMN: {
    where: 'core',
    means: 'No column of the BOM holds part numbers, by header or by content.',
  },
  PS_BOM_EMPTY: { where: 'core', means: 'The BOM (file, sheet or selection) holds nothing.' },
  PS_BOM_BAD_OPTION: {
    where: 'core',
    means: 'A reading option is out of range: boards, header row or a mapped column.',
  },
  // The item service, as a client (src/catalog).
  PS_CATALOG_UNREACHABLE: { where: 'core', means: 'The parts service could not be reached.' },
  PS_CATALOG_BLOCKED: {
    where: 'core',
    means: 'The browser blocked the parts service’s answer (no CORS for this origin).',
  },
  PS_CATALOG_TIMEOUT: { where: 'core', means: 'The parts service did not answer in time.' },
  PS_CATALOG_RATE_LIMITED: {
    where: 'core',
    means: 'The parts service asked for fewer requests; retry after the time it named.',
  },
  PS_CATALOG_UNAVAILABLE: { where: 'core', means: 'The parts service answered with a server failure.' },
  PS_CATALOG_AUTH: { where: 'core', means: 'The parts service refused the login or API key.' },
  PS_CATALOG_REJECTED: { where: 'core', means: 'The parts service refused the request (its code is in the message).' },
  PS_CATALOG_MALFORMED: { where: 'core', means: 'The parts service’s answer could not be read.' },
  PS_CATALOG_CANCELLED: { where: 'core', means: 'The lookup was cancelled.' },
  // The checkout, as a client (src/checkout).
  PS_CHECKOUT_INVALID: { where: 'core', means: 'The order would be refused; found before sending, nothing was sent.' },
  PS_CHECKOUT_REFUSED: {
    where: 'core',
    means: 'The checkout refused the order (its codes are in the message); no order was placed.',
  },
  PS_CHECKOUT_ORDER_MAY_EXIST: {
    where: 'core',
    means: 'An order may exist although no confirmation came: check before sending again.',
  },
  PS_CHECKOUT_UNREACHABLE: { where: 'core', means: 'The checkout could not be reached; nothing was sent.' },
  PS_CHECKOUT_AUTH: { where: 'core', means: 'The checkout did not accept the username or password.' },
  PS_CHECKOUT_MALFORMED: { where: 'core', means: 'The checkout’s answer could not be read.' },
  PS_CHECKOUT_CANCELLED: { where: 'core', means: 'The order was cancelled before it was sent.' },
  // Prices and plans (src/pricing, src/plan), settings (src/settings), the workbook (src/excel), purchase lists.
  PS_PRICING_INVALID_QUANTITY: { where: 'core', means: 'A quantity is not a whole number in range.' },
  PS_PRICING_INVALID_PRICE: { where: 'core', means: 'A price or amount is not a finite number of 0 or more.' },
  PS_PLAN_BAD_OPTION: {
    where: 'core',
    means: 'A buying option (overage, overbuy threshold, split saving…) cannot be used.',
  },
  PS_SETTINGS_INVALID: { where: 'core', means: 'A setting cannot be used (the message names it).' },
  PS_WORKBOOK_EMPTY: { where: 'core', means: 'The selection or range holds nothing.' },
  PS_WORKBOOK_NO_SHEET: { where: 'core', means: 'A sheet named is not in the workbook.' },
  PS_WORKBOOK_TOO_LARGE: { where: 'core', means: 'One row is larger than a request to Excel may be.' },
  PS_WORKBOOK_BAD_BLOCK: { where: 'core', means: 'The cells given are not a rectangle, or lie outside the sheet.' },
  PS_WORKBOOK_EXCEL: { where: 'core', means: 'Excel refused the change (a protected sheet, merged cells…).' },
  PS_PURCHASE_SCENARIO: { where: 'core', means: 'A build quantity or scenario of a purchase list cannot be used.' },
  PS_PURCHASE_STOCK_FILE: { where: 'core', means: 'A stock-on-hand or on-order table cannot be read.' },
  PS_INTERNAL: {
    where: 'core',
    means: 'An unexpected failure: a fault in Partsheet; please report it with the message.',
  },
  // The command line (cli/).
  PS_CLI_USAGE: { where: 'cli', means: 'A command, flag or value the command line does not take.' },
  PS_CLI_BOM_FILE: {
    where: 'cli',
    means: 'A BOM file cannot be read (missing, unreadable, too large, a format it does not know).',
  },
  PS_CLI_OUTPUT: { where: 'cli', means: 'The output file cannot be written.' },
  // The reference service (service/).
  PS_SERVICE_STARTUP: { where: 'service', means: 'The parts service cannot start (port, data folder, options).' },
  PS_SERVICE_ACCOUNT: {
    where: 'service',
    means: 'A checkout account command cannot be done (unknown user, bad address…).',
  },
  PS_SERVICE_CATALOG_IMPORT: { where: 'service', means: 'A catalog import file cannot be read.' },
  // The gateway (gateway/): its start-up, its tokens, and the answers it words itself (the `code` of its JSON errors).
  PS_GATEWAY_CONFIG: {
    where: 'gateway',
    means: 'A gateway setting cannot be used (the message names it and where it came from).',
  },
  PS_GATEWAY_TOKENS: { where: 'gateway', means: 'A gateway token command cannot be done.' },
  PS_GATEWAY_NOT_FOUND: { where: 'gateway', means: 'The gateway has nothing at this address.' },
  PS_GATEWAY_METHOD_NOT_ALLOWED: { where: 'gateway', means: 'The gateway forwards only the method it names here.' },
  PS_GATEWAY_BAD_REQUEST: {
    where: 'gateway',
    means: 'The request (its target, headers or body) could not be read or is too large.',
  },
  PS_GATEWAY_TOKEN_REFUSED: { where: 'gateway', means: 'The gateway token is missing or unknown.' },
  PS_GATEWAY_TOKEN_RATE_LIMITED: {
    where: 'gateway',
    means: 'The gateway token sent more requests than its limit; retry after the time named.',
  },
  PS_GATEWAY_CONNECTION_BUSY: {
    where: 'gateway',
    means: 'This connection already has as many requests under way as it may.',
  },
  PS_GATEWAY_UPSTREAM_BUSY: {
    where: 'gateway',
    means: 'The gateway did not send the request: the upstream’s gate is closed or full; retry after the time named.',
  },
  PS_GATEWAY_CLIENT_GONE: { where: 'gateway', means: 'The client went away before the request was sent.' },
  PS_GATEWAY_UPSTREAM_UNREACHABLE: {
    where: 'gateway',
    means: 'The distributor’s service could not be reached or did not answer in time.',
  },
  PS_GATEWAY_UPSTREAM_TOO_LARGE: {
    where: 'gateway',
    means: 'The distributor’s answer was larger than the gateway passes on.',
  },
  PS_GATEWAY_INTERNAL: {
    where: 'gateway',
    means: 'An unexpected failure in the gateway: please report it with the time.',
  },
  // Snapshots of earlier runs, which the changes since are found against (src/changes).
  PS_SNAPSHOT_DAMAGED: { where: 'core', means: 'A snapshot of an earlier run is damaged or is no snapshot.' },
  PS_SNAPSHOT_VERSION: {
    where: 'core',
    means: 'A snapshot of an earlier run is of a format version this build does not read.',
  },
  PS_SNAPSHOT_MISSING: {
    where: 'core',
    means: 'No snapshot of an earlier run where one was named (no such file, or a workbook that holds none).',
  },
  // Added later, each at the end (the list only grows).
  PS_PLAN_BAD_DATE: {
    where: 'core',
    means: 'A need-by date is not a calendar day written yyyy-mm-dd, or lies before today.',
  },
  PS_PURCHASE_SETUP: {
    where: 'core',
    means: "A purchase list's set-up is not complete: a BOM with no name, or no BOM range added.",
  },
  PS_PURCHASE_TOO_LARGE: {
    where: 'core',
    means: 'A purchase list is over its bounds: too many BOMs, or too many lines × scenarios, for one list.',
  },
} as const satisfies Record<string, ErrorCodeEntry>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** Whether a text is one of the codes (for readers of logs and answers). */
export function isErrorCode(text: unknown): text is ErrorCode {
  return typeof text === 'string' && Object.prototype.hasOwnProperty.call(ERROR_CODES, text);
}

/** The stable code of any error: its own `errorCode`, else PS_INTERNAL (a failure Partsheet did not foresee). */
export function errorCodeOf(e: unknown): ErrorCode {
  const code = typeof e === 'object' && e !== null ? (e as { errorCode?: unknown }).errorCode : undefined;
  return isErrorCode(code) ? code : 'PS_INTERNAL';
}
