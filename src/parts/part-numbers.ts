/**
 * A part's parameters from everything that states them: its texts (a BOM line's Value, Footprint and Description
 * cells, or a catalog's description) and its part numbers, read in the makers' ordering codes.
 */
import { type PartParameters, readParameters } from './parameters';
import { readPassivePartNumber } from './passive-part-numbers';
import { readTimingPartNumber } from './timing-part-numbers';

/** The parameters a part number states in a maker's ordering code; null when it follows none known here. */
export function readPartNumber(partNumber: string): PartParameters | null {
  if (partNumber.trim() === '') return null;
  return readPassivePartNumber(partNumber) ?? readTimingPartNumber(partNumber);
}

const FIELDS = ['kind', 'value', 'unit', 'package', 'voltage', 'tolerance', 'dielectric', 'frequency'] as const;

function fill<K extends keyof PartParameters>(out: PartParameters, from: PartParameters, field: K): void {
  if (out[field] === null) out[field] = from[field];
}

/**
 * The parameters the texts state, each completed by what the part numbers state where the texts are silent. A part
 * number of another kind than the texts name is not read (the texts name the part the buyer means).
 */
export function readPartParameters(
  partNumbers: ReadonlyArray<string | null | undefined>,
  texts: ReadonlyArray<string | null | undefined>,
): PartParameters {
  const out = readParameters(...texts);
  for (const pn of partNumbers) {
    const coded = pn ? readPartNumber(pn) : null;
    if (!coded || (out.kind !== null && coded.kind !== null && coded.kind !== out.kind)) continue;
    // A value in another unit (a capacitance read where the code says ohms) is not the code's part.
    if (out.unit !== null && coded.unit !== null && out.unit !== coded.unit) continue;
    for (const f of FIELDS) fill(out, coded, f);
  }
  return out;
}
