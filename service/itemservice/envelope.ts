/**
 * The item service's answer envelope, its timings and its output formats. Its return codes and error type are the
 * wire's (protocol/item-service-errors.ts), shared with the gateway, which reads list searches the same way.
 */
import { ItemServiceError } from '../../protocol/item-service-errors';

/** Measured phases of one request, reported in `responseSequence`. */
export class Timings {
  private readonly start = process.hrtime.bigint();
  private queryNs = 0n;
  private dbNs = 0n;

  /** Time spent understanding the request (parsing, validation). */
  query<T>(fn: () => T): T {
    const t0 = process.hrtime.bigint();
    try {
      return fn();
    } finally {
      this.queryNs += process.hrtime.bigint() - t0;
    }
  }

  db<T>(fn: () => T): T {
    const t0 = process.hrtime.bigint();
    try {
      return fn();
    } finally {
      this.dbNs += process.hrtime.bigint() - t0;
    }
  }

  totals() {
    return {
      transactionTime: formatMs(process.hrtime.bigint() - this.start),
      queryTime: formatMs(this.queryNs),
      dbTime: formatMs(this.dbNs),
    };
  }
}

/** `52.252 ms`, and `0 ms` when nothing measurable was spent. */
export function formatMs(ns: bigint): string {
  const ms = Number(ns) / 1e6;
  const rounded = Math.round(ms * 1000) / 1000;
  return `${rounded === 0 ? 0 : rounded} ms`;
}

export function envelope(
  version: string,
  timings: Timings,
  totalItems: number,
  data: unknown[],
  error?: ItemServiceError,
): Record<string, unknown> {
  return {
    itemserviceresult: {
      serviceMetaData: [{ version }],
      transactionArea: [
        {
          response: error
            ? { returnCode: error.code, returnMsg: error.message, success: false }
            : { returnCode: '0', returnMsg: '', success: true },
          responseSequence: { ...timings.totals(), totalItems, resources: [], qq: 150 },
        },
      ],
      data,
    },
  };
}

/** A JSONP callback must be a plain identifier path such as `cb` or `app.handlers.parts`. */
const CALLBACK = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/;

export function isValidCallback(name: string): boolean {
  return name.length <= 128 && CALLBACK.test(name);
}

export type OutputFormat = 'json' | 'xml';
