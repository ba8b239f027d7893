/**
 * The base of the core's error types (one per boundary: catalog, checkout, BOM, pricing, settings, Excel, transport).
 * Each says what went wrong in words for the buyer; the failure underneath, when there is one, is the native
 * `cause` (for logs and debuggers, never shown). Engines older than ES2022 ignore Error's options, so the cause is
 * also set here.
 */
import type { ErrorCode } from '../protocol/error-codes';

export class PartsheetError extends Error {
  /** The error's stable code (protocol/error-codes.ts): each kind of failure its own. */
  get errorCode(): ErrorCode {
    return 'PS_INTERNAL';
  }

  constructor(message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    if (cause !== undefined && this.cause !== cause)
      Object.defineProperty(this, 'cause', { value: cause, writable: true, configurable: true });
  }
}

/**
 * A boundary's error told apart by its kind ('timeout', 'bad-option'), each kind with its stable code: a subclass
 * names itself and gives its table of codes.
 */
export abstract class KindError<K extends string> extends PartsheetError {
  /** Each kind's stable code (protocol/error-codes.ts); a getter, so no error carries the table as its own field. */
  protected abstract get codes(): Readonly<Record<K, ErrorCode>>;

  override get errorCode(): ErrorCode {
    return this.codes[this.kind];
  }

  constructor(
    readonly kind: K,
    message: string,
    cause?: unknown,
  ) {
    super(message, cause);
  }
}
