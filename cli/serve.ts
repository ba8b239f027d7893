/** `partsheet serve`: the parts service (production and test listeners) with its demo data. */
import { parseArgs } from 'node:util';
import { DEFAULT_DATA_DIR, DEFAULT_DEMO_PARTS, DEFAULT_PORT, DEFAULT_TEST_PORT, startService } from '../service/server';
import { DEFAULT_RATE_LIMIT_PER_MINUTE } from '../serving/rate-limit';
import {
  DEFAULT_LATENCY_MS,
  DEFAULT_LOGIN_RATE_PER_SECOND,
  type ProductionLikeOptions,
} from '../service/production-like';
import { demoSignInLine } from '../service/demo/credentials';
import { parseFault, type FaultSwitch } from '../service/checkout/faults';
import { UsageError } from './usage';
import type { Io } from './io';

function port(value: string | undefined, flag: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535)
    throw new UsageError(`${flag} must be a port number from 0 to 65535; got '${value}'`);
  return Number(value);
}

function rateLimit(value: string | undefined): number {
  if (value === undefined) return DEFAULT_RATE_LIMIT_PER_MINUTE;
  if (!/^\d{1,9}$/.test(value))
    throw new UsageError(
      `--rate-limit must be a whole number of requests per minute (0 turns limiting off); got '${value}'`,
    );
  return Number(value);
}

function wholeNumber(value: string | undefined, flag: string, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  if (!/^\d{1,8}$/.test(value) || Number(value) < min)
    throw new UsageError(`${flag} must be a whole number of ${min} or more; got '${value}'`);
  return Number(value);
}

/** The production-like settings of `serve`, or undefined when --production-like is absent (its own flags then refused). */
function productionLikeOf(values: {
  'production-like'?: boolean;
  latency?: string;
  'login-rate'?: string;
  'rate-limit'?: string;
}): ProductionLikeOptions | undefined {
  if (!values['production-like']) {
    const stray = (['latency', 'login-rate'] as const).find((flag) => values[flag] !== undefined);
    if (stray) throw new UsageError(`--${stray} applies only with --production-like`);
    return undefined;
  }
  if (values['rate-limit'] !== undefined)
    throw new UsageError(
      '--rate-limit does not apply with --production-like; its per-login limit is --login-rate (requests a second)',
    );
  return {
    latencyMs: wholeNumber(values.latency, '--latency', DEFAULT_LATENCY_MS, 0),
    perLoginPerSecond: wholeNumber(values['login-rate'], '--login-rate', DEFAULT_LOGIN_RATE_PER_SECOND, 1),
  };
}

function positive(value: string | undefined, flag: string, fallback: number): number {
  return wholeNumber(value, flag, fallback, 1);
}

export async function serveCommand(argv: string[], io: Io): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      'test-port': { type: 'string' },
      host: { type: 'string' },
      data: { type: 'string' },
      parts: { type: 'string' },
      fault: { type: 'string' },
      'cors-origin': { type: 'string', multiple: true },
      'rate-limit': { type: 'string' },
      'no-demo': { type: 'boolean' },
      'production-like': { type: 'boolean' },
      latency: { type: 'string' },
      'login-rate': { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  let faults: FaultSwitch | undefined;
  const faultText = values.fault ?? process.env.PARTSHEET_FAULT;
  if (faultText) {
    try {
      faults = parseFault(faultText);
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
  }
  const productionLike = productionLikeOf(values);
  const service = await startService({
    port: port(values.port, '--port', DEFAULT_PORT),
    testPort: port(values['test-port'], '--test-port', DEFAULT_TEST_PORT),
    host: values.host ?? '127.0.0.1',
    dataDir: values.data ?? DEFAULT_DATA_DIR,
    parts: positive(values.parts, '--parts', DEFAULT_DEMO_PARTS),
    faults,
    corsOrigins: values['cors-origin'],
    rateLimitPerMinute: rateLimit(values['rate-limit']),
    demo: values['no-demo'] !== true,
    productionLike,
    log: io.out,
  });
  io.out(`Parts service (production) listening on ${service.productionUrl}`);
  if (productionLike) {
    io.out(
      `Production-like: no CORS headers, ${productionLike.latencyMs} ms latency, at most ${productionLike.perLoginPerSecond} requests a second per login (503 beyond).`,
    );
  }
  io.out(
    `Parts service (test environment) listening on ${service.testUrl}${faults ? ` with back-office fault ${faults}` : ''}`,
  );
  const signIn = demoSignInLine(service.demoCredentials.production);
  if (signIn) io.out(signIn);
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await service.close();
  return 0;
}
