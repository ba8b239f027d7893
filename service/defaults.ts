import type { ErrorCode } from '../protocol/error-codes';

/** The service's defaults and its start-up error, light to load: the CLI names them before it loads the service. */
export const DEFAULT_PORT = 8080;
export const DEFAULT_TEST_PORT = 8081;
export const DEFAULT_DEMO_PARTS = 100_000;
export const DEFAULT_DATA_DIR = '.partsheet/data';

/** A problem the operator can fix before the service starts (port, data folder); the CLI reports it as a usage error. */
export class StartupError extends Error {
  override readonly name = 'StartupError';
  readonly errorCode: ErrorCode = 'PS_SERVICE_STARTUP';
}
