/**
 * The one shape of an error line on stderr: `partsheet price: <what went wrong, and where> [PS_CODE]`. The code is
 * the error's stable code (protocol/error-codes.ts, listed in docs/errors.md): the words may change, the code does not.
 */
import { type ErrorCode, errorCodeOf } from '../protocol/error-codes';

/**
 * The code of an error the command line reports: the error's own; Node's argument parser's errors are usage errors;
 * an error of no code of its own takes `otherwise` (a file the command could not read or write) or PS_INTERNAL.
 */
export function cliErrorCode(e: unknown, otherwise?: ErrorCode): ErrorCode {
  const own = errorCodeOf(e);
  if (own !== 'PS_INTERNAL') return own;
  const nodeCode = typeof e === 'object' && e !== null ? (e as { code?: unknown }).code : undefined;
  if (typeof nodeCode === 'string' && nodeCode.startsWith('ERR_PARSE_ARGS')) return 'PS_CLI_USAGE';
  return otherwise ?? own;
}

/** `<who>: <message> [<code>]`: `who` is "partsheet" or "partsheet <command>". */
export function errorLine(who: string, message: string, e: unknown, otherwise?: ErrorCode): string {
  return `${who}: ${message} [${cliErrorCode(e, otherwise)}]`;
}
