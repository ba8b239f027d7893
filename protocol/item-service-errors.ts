/**
 * Item-service return codes. `0` is success; every failure answers with `success: false`, one of these
 * codes and a message that names the parameter at fault. docs/item-service-choices.md lists them. They are wire words: the reference
 * service answers with them, and the gateway reads a client's request by the same rules (protocol/list-request.ts).
 */
import { ANSWER_TOO_LARGE_CODE } from './list-answer';

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
