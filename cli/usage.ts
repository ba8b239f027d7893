import type { ErrorCode } from '../protocol/error-codes';

/** A wrong command, flag or value the user can fix: reported in one line, exit code 2. The one usage error of the CLI. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
  readonly errorCode: ErrorCode = 'PS_CLI_USAGE';
}
