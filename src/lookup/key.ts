import type { ApiVersion, ListResult } from '../catalog/model';
import { partNumberKey } from '../../protocol/part-number';
import type { LookupRequest } from './types';

/** Part numbers compare as the service compares them (protocol/part-number.ts): one key for the pane and the cells. */
export const normalizePartNumber = partNumberKey;

/**
 * Manufacturer codes compare case-insensitively; blank means no filter. A bar would be read as the separator of
 * the service's `MPN|MFR` echo, so it becomes a space (no code carries one).
 */
export function normalizeManufacturer(text: string | null | undefined): string {
  if (!text) return '';
  return text.replace(/\|/g, ' ').trim().toUpperCase();
}

/** Currency codes are letters: `eur`, ` EUR ` and `E.U.R` are one currency. */
export function normalizeCurrency(text: string | null | undefined): string {
  if (!text) return '';
  return text.toUpperCase().replace(/[^A-Z]/g, '');
}

/**
 * The part number as sent: trimmed, with any bar turned into a space so the service's `MPN|MFR` echo splits
 * in one place only. The service ignores punctuation and spaces, so the search is the same.
 */
export function wirePartNumber(text: string): string {
  return text.replace(/\|/g, ' ').trim();
}

/** The (currency, version) pair of a list search: lookups that differ in it cannot share a request. */
export function groupKey(currency: string | null | undefined, version: ApiVersion | null | undefined): string {
  // The lines of a BOM or a sheet share one pair: the last pair's key is kept.
  if (currency === lastGroup.currency && version === lastGroup.version) return lastGroup.key;
  const key = `${normalizeCurrency(currency)}|${version ?? ''}`;
  lastGroup = { currency, version, key };
  return key;
}

let lastGroup: { currency: string | null | undefined; version: ApiVersion | null | undefined; key: string } = {
  currency: undefined,
  version: undefined,
  key: '|',
};

function joinKey(partNumber: string, manufacturer: string | null | undefined, group: string): string {
  return keyOf(normalizePartNumber(partNumber), manufacturer, group);
}

function keyOf(partKey: string, manufacturer: string | null | undefined, group: string): string {
  return `${partKey}|${normalizeManufacturer(manufacturer)}|${group}`;
}

/**
 * The key a lookup is de-duplicated, cached and matched under:
 * `NORMALISEDPART|MFR|CURRENCY|version`, with empty fields for what was not given.
 */
export function lookupKey(request: LookupRequest): string {
  return lookupKeyWithPart(normalizePartNumber(request.partNumber), request);
}

/** lookupKey of `request` given its part number's key (partNumberKey of `request.partNumber`), already made. */
export function lookupKeyWithPart(partKey: string, request: LookupRequest): string {
  return keyOf(partKey, request.manufacturer, groupKey(request.currency, request.version));
}

/**
 * The key of the lookup a list-search result answers, from the part number and filter it names. Sent part
 * numbers and filters carry no bar, so a bar left in the part number (a port that did not split the
 * `MPN|MFR` echo) separates the filter.
 */
export function resultKey(
  result: Pick<ListResult, 'requestedPartNumber' | 'manufacturerFilter'>,
  group: string,
): string {
  const requested = typeof result.requestedPartNumber === 'string' ? result.requestedPartNumber : '';
  const filter = typeof result.manufacturerFilter === 'string' ? result.manufacturerFilter : null;
  const bar = requested.lastIndexOf('|');
  if ((filter === null || filter.trim() === '') && bar >= 0)
    return joinKey(requested.slice(0, bar), requested.slice(bar + 1), group);
  return joinKey(requested, filter, group);
}
