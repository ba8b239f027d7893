import type { ErrorCode } from '../protocol/error-codes';

/** A wrong command, flag or value the user can fix: reported in one line, exit code 2. The one usage error of the CLI. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
  constructor(
    message: string,
    /** PS_CLI_USAGE, or the code of the core's own check of the value (a need-by date: PS_PLAN_BAD_DATE). */
    readonly errorCode: ErrorCode = 'PS_CLI_USAGE',
  ) {
    super(message);
  }
}
