/**
 * Item-service return codes. `0` is success; every failure answers with `success: false`, one of these
 * codes and a message that names the parameter at fault. The README lists them.
 */
import { ANSWER_TOO_LARGE_CODE } from '../../protocol/list-answer';

export const RETURN_CODES = {
  INTERNAL: { code: '1', status: 500 },
  MISSING_CREDENTIALS: { code: '10', status: 200 },
  INVALID_CREDENTIALS: { code: '11', status: 401 },
  MISSING_TOKEN: { code: '20', status: 200 },
  INVALID_TOKEN: { code: '21', status: 200 },
  MISSING_REQ: { code: '30', status: 200 },
  REQ_NOT_JSON: { code: '31', status: 200 },
  REQ_INVALID: { code: '32', status: 200 },
  TOO_MANY_PARTS: { code: '33', status: 200 },
  INVALID_ROWS: { code: '40', status: 200 },
  INVALID_START: { code: '41', status: 200 },
  INVALID_FMT: { code: '42', status: 200 },
  INVALID_CURRENCY: { code: '43', status: 200 },
  INVALID_CALLBACK: { code: '44', status: 200 },
  UNKNOWN_MANUFACTURER: { code: '45', status: 200 },
  INVALID_DETAIL_QUERY: { code: '46', status: 200 },
  PART_NOT_FOUND: { code: '47', status: 200 },
  REPEATED_PARAMETER: { code: '48', status: 200 },
  INVALID_PARAMETER: { code: '49', status: 200 },
  UNKNOWN_PATH: { code: '50', status: 404 },
  METHOD_NOT_ALLOWED: { code: '51', status: 405 },
  URL_TOO_LONG: { code: '52', status: 414 },
  RATE_LIMITED: { code: '53', status: 503 },
  ANSWER_TOO_LARGE: { code: ANSWER_TOO_LARGE_CODE, status: 200 },
} as const;

export type ReturnCodeName = keyof typeof RETURN_CODES;

/** A failure the item service reports in its envelope. */
export class ItemServiceError extends Error {
  constructor(
    readonly kind: ReturnCodeName,
    message: string,
  ) {
    super(message);
  }
  get code(): string {
    return RETURN_CODES[this.kind].code;
  }
  get status(): number {
    return RETURN_CODES[this.kind].status;
  }
}

/** Measured phases of one request, reported in `responseSequence`. */
export class Timings {
  private readonly start = process.hrtime.bigint();
  private queryNs = 0n;
  private dbNs = 0n;

  /** Time spent understanding the request (parsing, validation). */
  query<T>(fn: () => T): T {
    const t0 = process.hrtime.bigint();
    try {
      return fn();
    } finally {
      this.queryNs += process.hrtime.bigint() - t0;
    }
  }

  db<T>(fn: () => T): T {
    const t0 = process.hrtime.bigint();
    try {
      return fn();
    } finally {
      this.dbNs += process.hrtime.bigint() - t0;
    }
  }

  totals() {
    return {
      transactionTime: formatMs(process.hrtime.bigint() - this.start),
      queryTime: formatMs(this.queryNs),
      dbTime: formatMs(this.dbNs),
    };
  }
}

/** `52.252 ms`, and `0 ms` when nothing measurable was spent. */
export function formatMs(ns: bigint): string {
  const ms = Number(ns) / 1e6;
  const rounded = Math.round(ms * 1000) / 1000;
  return `${rounded === 0 ? 0 : rounded} ms`;
}

export function envelope(
  version: string,
  timings: Timings,
  totalItems: number,
  data: unknown[],
  error?: ItemServiceError,
): Record<string, unknown> {
  return {
    itemserviceresult: {
      serviceMetaData: [{ version }],
      transactionArea: [
        {
          response: error
            ? { returnCode: error.code, returnMsg: error.message, success: false }
            : { returnCode: '0', returnMsg: '', success: true },
          responseSequence: { ...timings.totals(), totalItems, resources: [], qq: 150 },
        },
      ],
      data,
    },
  };
}

/** A JSONP callback must be a plain identifier path such as `cb` or `app.handlers.parts`. */
const CALLBACK = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/;

export function isValidCallback(name: string): boolean {
  return name.length <= 128 && CALLBACK.test(name);
}

export type OutputFormat = 'json' | 'xml';
