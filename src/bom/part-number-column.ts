/**
 * Phase 2b of reading a table: the part-number column among its candidates (evidence.ts), where a column's header
 * and its values disagree: a column named for the part holding what the part is, one named for the footprint
 * holding makers' numbers.
 */
import { BomError } from './errors';
import { looksBetter, partNumberCandidates, type PartNumberCandidate } from './evidence';
import { BOM_FIELDS, headerTokens, neverPartNumberColumns, symbolNameColumn } from './header';
import { type ColumnChoice } from './read-columns';
import { type BomWarning } from './read-result';
import { type Cell, type CellGrid, cellText } from '../text/normalize';

/**
 * The column taken for the description when it, rather than the part-number column, holds the part numbers: most of
 * its values are shaped like them (more than half) and hardly any of the part-number column's are (one in five), that
 * column being named no more than "part". Null otherwise.
 */
function describedPartNumbers(
  choice: ColumnChoice,
  headerCells: readonly Cell[],
  sample: CellGrid,
  width: number,
  current: PartNumberCandidate,
): PartNumberCandidate | null {
  const column = choice.mapping.description;
  if (column === undefined || current.named === 3 || current.internalCodes) return null;
  if (current.sampled < 3 || current.lookLike * 5 >= current.sampled) return null;
  const others = new Set<number>();
  for (let c = 0; c < width; c++) if (c !== column) others.add(c);
  const [described] = partNumberCandidates(headerCells, sample, width, column, others);
  if (described === undefined || described.internalCodes || described.sampled < 3) return null;
  return described.lookLike * 2 > described.sampled ? described : null;
}

/**
 * Where no column is named for the part number but one for the maker, a column named for the package or footprint
 * whose values are nearly all makers' numbers ("Footprint": "ERJ-3GEYJ101V" beside "Manufacturer": "Panasonic"): a
 * hand-kept list's misnamed column. Packages themselves ("0603", "SOT-23", "R_0603_1608Metric") never look like part
 * numbers. Null otherwise.
 */
function partNumbersUnderPackage(
  choice: ColumnChoice,
  headerCells: readonly Cell[],
  sample: CellGrid,
  width: number,
): PartNumberCandidate | null {
  const { mapping } = choice;
  if (mapping.manufacturer === undefined) return null;
  const taken = new Set(Object.values(mapping) as number[]);
  for (let column = 0; column < width; column++) {
    const words = headerTokens(cellText(headerCells[column]));
    if (taken.has(column) || !(words.includes('footprint') || words.includes('package'))) continue;
    const others = new Set<number>();
    for (let c = 0; c < width; c++) if (c !== column) others.add(c);
    const [found] = partNumberCandidates(headerCells, sample, width, column, others);
    if (found === undefined || found.internalCodes || found.sampled < 5) continue;
    if (found.lookLike * 10 >= found.sampled * 9) return found;
  }
  return null;
}

/**
 * Phase 2b: the part-number column among its candidates. A judge's choice (options.partNumberColumn) wins;
 * otherwise the reader's own choice stands unless its values are in-house codes or hardly look like part
 * numbers while another candidate's mostly do. Returns the candidates, for the evidence.
 */
export function choosePartNumber(
  choice: ColumnChoice,
  headerCells: readonly Cell[],
  sample: CellGrid,
  width: number,
  judged: number | undefined,
  warnings: BomWarning[],
): PartNumberCandidate[] {
  const { mapping } = choice;
  const others = new Set<number>([...neverPartNumberColumns(headerCells)]);
  const symbol = symbolNameColumn(headerCells);
  if (symbol !== undefined) others.add(symbol);
  for (const f of BOM_FIELDS) if (f !== 'partNumber' && mapping[f] !== undefined) others.add(mapping[f] as number);
  const candidates = partNumberCandidates(headerCells, sample, width, mapping.partNumber, others);
  if (judged !== undefined) {
    if (!Number.isInteger(judged) || judged < 0 || judged >= width) {
      throw new BomError(
        'bad-option',
        `The part number column (${String(judged)}) is outside the ${width} columns read.`,
      );
    }
    mapping.partNumber = judged;
    return candidates;
  }
  const current = candidates.find((c) => c.column === mapping.partNumber);
  if (current === undefined) {
    const misnamed =
      mapping.partNumber === undefined ? partNumbersUnderPackage(choice, headerCells, sample, width) : null;
    if (misnamed === null) return candidates;
    mapping.partNumber = misnamed.column;
    warnings.push({
      row: null,
      code: 'part-number-column',
      message: `No column is named for the part number; it is read from '${misnamed.header}', whose values are makers' numbers beside their maker (${misnamed.lookLike} of ${misnamed.sampled} look like part numbers).`,
    });
    return [...candidates, misnamed];
  }
  const described = describedPartNumbers(choice, headerCells, sample, width, current);
  if (described !== null) {
    // "Part": "Relay" beside "Component": "ADW1203HLW": the column named for the part holds what it is, the one
    // taken for its description holds the part numbers. The two change places.
    mapping.description = current.column;
    mapping.partNumber = described.column;
    warnings.push({
      row: null,
      code: 'part-number-column',
      message: `The part number is read from '${described.header}' rather than '${current.header}', whose values say what the part is (${described.lookLike} of ${described.sampled} in '${described.header}' look like part numbers, none or hardly any in '${current.header}').`,
    });
    return [...candidates, described];
  }
  const better = candidates
    .filter((c) => c !== current && looksBetter(current, c))
    .sort((a, b) => b.named - a.named || b.lookLike - a.lookLike)[0];
  if (better !== undefined) {
    mapping.partNumber = better.column;
    warnings.push({
      row: null,
      code: 'part-number-column',
      message: `The part number is read from '${better.header}' rather than '${current.header}', whose values ${current.internalCodes ? 'are in-house codes' : 'do not look like part numbers'}.`,
    });
  }
  return candidates;
}
