import type { ErrorCode } from '../protocol/error-codes';

/** A file that cannot be read as a BOM: the message is one line that names the file and the problem. */
export class BomFileError extends Error {
  override readonly name = 'BomFileError';
  readonly errorCode: ErrorCode = 'PS_CLI_BOM_FILE';
}
