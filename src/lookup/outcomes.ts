/**
 * The small values the lookup scheduler and its machinery (batching.ts) share: empty figures, a checked setting,
 * seconds in words, and the catalog errors a lookup settles with (the port's failure, a cancelled lookup, an
 * unreadable result).
 */
import { CatalogError, isCatalogError } from '../catalog/errors';
import type { ListResult } from '../catalog/model';
import type { LookupStats } from './types';

export function emptyStats(): LookupStats {
  return {
    lookups: 0,
    cacheHits: 0,
    shared: 0,
    requests: 0,
    partsSent: 0,
    retries: 0,
    failedRequests: 0,
    cancelled: 0,
    timedOut: 0,
    unmatchedResults: 0,
    missingResults: 0,
  };
}

export function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < 0)
    throw new RangeError(`${name} must be a number of zero or more, not ${value}`);
  return value;
}

export function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

/** Any failure of the port as the one catalog error type; an unknown throw is not retried. */
export function asCatalogError(e: unknown): CatalogError {
  if (isCatalogError(e)) return e;
  const message = e instanceof Error ? e.message : String(e);
  return new CatalogError('malformed', `The parts service answer could not be used: ${message}`, { cause: e });
}

/** A result that found parts but could read none of them. */
export function unreadable(result: ListResult): boolean {
  return result.parts.length === 0 && (result.warnings?.length ?? 0) > 0;
}

export function cancelledError(): CatalogError {
  return new CatalogError('cancelled', 'The lookup was cancelled.');
}
