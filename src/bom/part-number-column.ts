/**
 * Phase 2b of reading a table: the part-number column among its candidates (evidence.ts), where a column's header
 * and its values disagree: a column named for the part holding what the part is, one named for the footprint
 * holding makers' numbers.
 */
import { BomError } from './errors';
import { looksBetter, partNumberCandidates, type PartNumberCandidate } from './evidence';
import { BOM_FIELDS, headerTokens, neverPartNumberColumns, symbolNameColumn, valueColumn } from './header';
import { libraryNameReason } from './library-names';
import { CHIP_SIZE } from './sizes';
import { type BomWarning, NOT_A_NUMBER } from './read-result';
import { isComponentValue, isKindName, isSymbolName } from './row-kinds';
import { type ColumnChoice } from './read-columns';
import { type Cell, type CellGrid, cellText, isRuleRow } from '../text/normalize';

/** One column's evidence as a part-number candidate, whatever its header says (partNumberCandidates). */
function candidateAt(
  headerCells: readonly Cell[],
  sample: CellGrid,
  width: number,
  column: number,
): PartNumberCandidate | undefined {
  const others = new Set<number>();
  for (let c = 0; c < width; c++) if (c !== column) others.add(c);
  return partNumberCandidates(headerCells, sample, width, column, others)[0];
}

/**
 * The column taken for the description when it, rather than the part-number column, holds the part numbers: most of
 * its values are shaped like them (more than half, none a shop's code or a library's name) and hardly any of the
 * part-number column's are (one in five), that column's values being words saying what the part is and the column
 * not named as the manufacturer's part number. Null otherwise.
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
  // What the part is, in words (four in five; a Markdown rule's dashes aside): not placeholders ("TBD", "-"), and
  // never a number of a shape looksLikePartNumber misses ("5001", "3002").
  const said = sample
    .filter((r) => !isRuleRow(r))
    .map((r) => cellText(r?.[current.column]).trim())
    .filter((t) => t !== '');
  if (said.some((t) => /^\S*\d\S*$/.test(t))) return null;
  const words = said.filter((t) => !NOT_A_NUMBER.test(t) && /\p{L}{2}/u.test(t)).length;
  if (words < 3 || words * 5 < said.length * 4) return null;
  const described = candidateAt(headerCells, sample, width, column);
  if (described === undefined || described.internalCodes || described.sampled < 3) return null;
  // A shop's numbers ("311-10.0KHRCT-ND", "C25804") or a library's names ("RES-0603-10K") are no makers' numbers.
  if ((described.shopCodes ?? 0) > 0) return null;
  const texts = sample.map((r) => cellText(r?.[column]).trim()).filter((t) => t !== '');
  if (texts.some((t) => isKindName(t) || isSymbolName(t) || libraryNameReason(t) !== null)) return null;
  return described.lookLike * 2 > described.sampled ? described : null;
}

/**
 * Whether cells of a column are packages several parts share: one of them stands on rows of two different component
 * values ("SMR0603" under "0" and "100"). Rows whose value is no component value (left blank on a part's second row,
 * or a label: an LED's "USBLED1" and "VCCLED") say nothing either way.
 */
function sharedByValues(sample: CellGrid, cells: readonly string[], value: number): boolean {
  const valuesOf = new Map<string, Set<string>>();
  sample.forEach((r, i) => {
    const v = cellText(r?.[value]).trim();
    // A value left blank on a part's second row, or a label ("USBLED1"), says nothing of what the cell is.
    if (cells[i] === '' || !isComponentValue(v)) return;
    const values = valuesOf.get(cells[i]) ?? new Set<string>();
    values.add(v);
    valuesOf.set(cells[i], values);
  });
  // One cell under two component values ("0603-RES" under "10k" and "1k") is a package: a maker's number has one value.
  return [...valuesOf.values()].some((v) => v.size > 1);
}

/** An IPC-7351 land pattern's name: "RESC1608X55N", "CAPC2012X135N", "DIOM5226X230N", "INDM4040X210N". */
const IPC_FOOTPRINT = /^(?:RES|CAP|IND|DIO|LED|FUS|OSC|XTAL|BEAD)[A-Z]{0,3}\d{3,}X\d+/i;

/**
 * Where no column is named for the part number but one for the maker, a column named for the package or footprint
 * whose values are nearly all makers' numbers ("Footprint": "ERJ-3GEYJ101V" beside "Manufacturer": "Panasonic"): a
 * hand-kept list's misnamed column; never one holding land patterns' or libraries' names, or a package several parts
 * share (sharedByValues). Null otherwise.
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
    const found = candidateAt(headerCells, sample, width, column);
    if (found === undefined || found.internalCodes || found.sampled < 5) continue;
    // A footprint's name (IPC-7351's "RESC1608X55N", a library's "CAP_0603", "R_0603_1608Metric") is no part number,
    // nor is a cell the same on rows of different values: a package several parts share.
    const cells = sample.map((r) => cellText(r?.[column]).trim());
    if (
      cells.some(
        (t) =>
          IPC_FOOTPRINT.test(t) ||
          // A library's package named by its chip size first ("0603-RES", "1206-FUSE").
          (/^\d{4}[-_]/.test(t) && CHIP_SIZE.test(t.slice(0, 4))) ||
          libraryNameReason(t) !== null ||
          isKindName(t) ||
          isSymbolName(t),
      )
    )
      continue;
    const value = valueColumn(headerCells) ?? choice.mapping.description;
    if (value !== undefined && sharedByValues(sample, cells, value)) continue;
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
