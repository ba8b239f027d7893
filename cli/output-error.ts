import type { ErrorCode } from '../protocol/error-codes';

/** An output file (a priced BOM, a snapshot) that cannot be written: one line naming the file and the problem. */
export class OutputError extends Error {
  readonly errorCode: ErrorCode = 'PS_CLI_OUTPUT';
}
