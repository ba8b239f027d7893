/**
 * Reading the gateway's JSON config file, and the error every bad setting is reported with. A file that is not JSON
 * is reported with the place of the error, never the parser's message: that quotes the text around the error, and
 * the file holds the team's secrets.
 */
import { readFileSync } from 'node:fs';
import type { ErrorCode } from '../protocol/error-codes';

/** A setting that cannot be used, named where it came from (flag, variable or file key). */
export class ConfigError extends Error {
  readonly errorCode: ErrorCode = 'PS_GATEWAY_CONFIG';
}

/** Where a JSON syntax error is, without the text around it. */
function syntaxErrorPlace(error: SyntaxError): string {
  const position = /at position (\d+)/.exec(error.message)?.[1];
  return position === undefined ? ' (check its quotes, commas and braces)' : ` (the error is at character ${position})`;
}

/** The JSON object in the file at `path`; a missing, unreadable or malformed file, or one holding no object, throws. */
export function readJsonObject(path: string): object {
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    throw new ConfigError(
      err.code === 'ENOENT'
        ? `config file ${path} does not exist`
        : err instanceof SyntaxError
          ? `config file ${path} is not JSON${syntaxErrorPlace(err)}`
          : `cannot read config file ${path}: ${err.message}`,
    );
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc))
    throw new ConfigError(`config file ${path} must hold a JSON object of settings`);
  return doc;
}
