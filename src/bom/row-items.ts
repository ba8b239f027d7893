/**
 * One item written over several rows. A sheet may give an item's cells on the rows below it: cells merged down over
 * those rows (an XLSX's merged ranges: the quantity and the name merged over a cut piece's length, width and note),
 * or rows that leave the quantity, the designators and the part number empty and only continue the item's text (a
 * description wrapped onto the next row). Such a row is no line of its own; it is accounted as part of the item.
 *
 * The evidence: a merged range, where the sheet read has them (readBom's `merged`); otherwise blank key cells and
 * text alone, right under a line. The table's extent (where a blank run and a footer end it) is read from the
 * cells alone, as Excel shows them, so that a sheet read with its merged ranges and its grid without them end at
 * the same row.
 */
import { BOM_FIELDS, type ColumnMapping } from './header';
import { countDesignators } from './designators';
import { type BomLine, type LineAbove, type MergedRange, type SkipReason, quote } from './read-result';
import { TOTAL_WORDS } from './row-quantity';
import { notFittedHeadingAlone } from './more-tables';
import { type Cell, type CellGrid, cellText, isBlankRow, partNumberText } from '../text/normalize';

/** Where a row continues an item: the item's first row, and the last row of the merged range that says so. */
export interface ItemContinuation {
  head: number;
  /** The merged range's last row; absent where the evidence is the row's cells alone. */
  mergedTo?: number;
}

/** The merged ranges of `merged` moved `by` rows (a table read from a slice of the cells), those left above dropped. */
export function shiftMerged(merged: readonly MergedRange[] | undefined, by: number): MergedRange[] | undefined {
  if (merged === undefined) return undefined;
  return merged
    .map((m) => ({ ...m, top: m.top - by, bottom: m.bottom - by }))
    .filter((m) => m.bottom >= 0)
    .map((m) => (m.top < 0 ? { ...m, top: 0 } : m));
}

/** Whether a row's own cell of a column is empty (a cell under the first of a merged range is read empty). */
function ownEmpty(row: readonly Cell[], c: number | undefined): boolean {
  return c === undefined || cellText(row[c]) === '';
}

/**
 * The rows that merged ranges make part of the item above them, and the cells as the items read: a range merged
 * down over rows of the table, in a column the reader reads (part number, quantity, designators, description…) and
 * starting on a row that holds something, joins the rows under its first to that row's item where it merges the
 * quantity, or the designators over rows without a count of their own, or where they give neither a quantity nor
 * designators of their own; their designators are added to the item's. A row with a quantity of its own, or
 * designators of its own under other merged cells, is a line of its own, the merged cells' values (a part number
 * merged over two lines, the designators a header and its mating housing share) its own too.
 */
export function mergedItems(
  cells: CellGrid,
  merged: readonly MergedRange[] | undefined,
  mapping: ColumnMapping,
  dataStart: number,
  lastRow: number,
): { cells: CellGrid; continued: Map<number, ItemContinuation> } {
  const continued = new Map<number, ItemContinuation>();
  if (merged === undefined || merged.length === 0) return { cells, continued };
  const read = new Set(BOM_FIELDS.map((f) => mapping[f]).filter((c): c is number => c !== undefined));
  const ranges = merged
    .filter((m) => m.bottom > m.top && m.top >= dataStart && m.top <= lastRow && !isBlankRow(cells[m.top]))
    .filter((m) => [...read].some((c) => c >= m.left && c <= m.right))
    .sort((a, b) => a.top - b.top);
  if (ranges.length === 0) return { cells, continued };
  const out: Cell[][] = cells.map((row) => row as Cell[]);
  const copy = (r: number): Cell[] => {
    if (out[r] === cells[r]) out[r] = [...(cells[r] ?? [])];
    return out[r];
  };
  const covers = (m: MergedRange, c: number | undefined): boolean => c !== undefined && c >= m.left && c <= m.right;
  for (const m of ranges) {
    const head = continued.get(m.top)?.head ?? m.top;
    for (let r = m.top + 1; r <= Math.min(m.bottom, lastRow); r++) {
      if (continued.has(r)) continue;
      const row = cells[r] ?? [];
      // A quantity or designators merged down are the rows' one item; a row with a quantity or designators of its
      // own under other merged cells (a part number merged over two lines) is a line of its own, the merged value
      // its own too.
      const ownCount = !covers(m, mapping.quantity) && !ownEmpty(row, mapping.quantity);
      const own = ownCount || !ownEmpty(row, mapping.designators);
      // Designators merged over rows that each count their own part (a header and its mating housing, both at J1):
      // lines of their own at the same positions.
      if (ownCount || (!covers(m, mapping.quantity) && !covers(m, mapping.designators) && own)) {
        for (const c of read) if (covers(m, c) && ownEmpty(row, c)) copy(r)[c] = cells[m.top]?.[c] ?? null;
        continue;
      }
      continued.set(r, { head, mergedTo: m.bottom });
      const d = mapping.designators;
      if (d !== undefined && !covers(m, d) && !ownEmpty(row, d)) {
        const before = cellText(out[head]?.[d]);
        copy(head)[d] = before === '' ? cellText(row[d]) : `${before}, ${cellText(row[d])}`;
      }
    }
  }
  return { cells: out, continued };
}

/** A cell that is text and nothing else: words, not a number, a link or a code standing for a number. */
function textOnly(cell: Cell): boolean {
  if (typeof cell !== 'string') return false;
  const t = cell.trim();
  return t === '' || (/\p{L}/u.test(t) && !/^[^\s]*\d[^\s]*$/.test(t) && !/https?:|www\./i.test(t));
}

/**
 * Whether a row continues the item above by its cells alone: a table with a quantity or a designator column,
 * and a row that leaves both empty, and the part number and every distributor's number too, holding text and
 * nothing else (a description wrapped onto a row of its own), not a label ending in a colon nor a total.
 */
export function continuesByCells(
  row: readonly Cell[],
  mapping: ColumnMapping,
  supplierColumns: readonly number[],
): boolean {
  if (mapping.quantity === undefined && mapping.designators === undefined) return false;
  if (!ownEmpty(row, mapping.quantity) || !ownEmpty(row, mapping.designators)) return false;
  if (mapping.partNumber !== undefined && partNumberText(row[mapping.partNumber]) !== '') return false;
  if (supplierColumns.some((c) => !ownEmpty(row, c))) return false;
  const texts = row.map((c) => cellText(c)).filter((t) => t !== '');
  // A label ending in a colon ("Components on the board:") heads what follows, and a total sums: they continue nothing.
  // A heading saying what follows is not fitted ("List of d.n.p. components") continues nothing either.
  if (
    texts.length === 0 ||
    /[:：]$/.test(texts[texts.length - 1]) ||
    texts.some((t) => TOTAL_WORDS.test(t) || notFittedHeadingAlone(t))
  )
    return false;
  // Text in two cells or more (a name and its size, "Self tapping screws" and "# 4 x 1/4") names a thing of its own.
  return texts.length === 1 && row.every((c) => cellText(c) === '' || textOnly(c));
}

/**
 * The rows under an item that give the rest of its positions, as OrCAD's BOM report writes an item one position a
 * row ("1 | 3 | BR1 | CIRCUIT BREAKER", then " | | BR2 | CIRCUIT BREAKER"): how many follow row `head`, each with its
 * count left empty, positions of its own and every other cell the item's (a blank item number aside; a DNP mark or a
 * blank where the item has one is another row), their positions and the item's together exactly the item's count per
 * board, `count`. 0 where the rows below do not so (a blank count meaning "as above", a count with spares).
 */
export function positionRows(
  cells: CellGrid,
  head: number,
  lastRow: number,
  mapping: ColumnMapping,
  count: number,
): number {
  const q = mapping.quantity;
  const d = mapping.designators;
  const item = cells[head] ?? [];
  if (q === undefined || d === undefined) return 0;
  const read = new Set(Object.values(mapping));
  const same = (row: readonly Cell[]): boolean =>
    Array.from({ length: Math.max(row.length, item.length) }, (_, i) => i).every(
      (i) =>
        i === d ||
        i === q ||
        cellText(row[i]) === cellText(item[i]) ||
        (cellText(row[i]) === '' && !read.has(i) && /^\d{1,4}$/.test(cellText(item[i]))),
    );
  let positions = countDesignators(cellText(item[d]));
  let r = head + 1;
  for (; r <= lastRow && positions < count; r++) {
    const row = cells[r] ?? [];
    if (!ownEmpty(row, q) || ownEmpty(row, d) || !same(row)) break;
    positions += countDesignators(cellText(row[d]));
  }
  return positions === count ? r - head - 1 : 0;
}

/** How a row that gives more of an item's positions (positionRows) is accounted: no line of its own. */
export function positionSkip(
  row: readonly Cell[],
  mapping: ColumnMapping,
  head: number,
): { reason: SkipReason; detail: string; quantityPerBoard?: number } {
  const positions = quote(cellText(mapping.designators === undefined ? null : row[mapping.designators]), 20);
  return {
    reason: 'no-part-number',
    detail: `more positions (${positions}) of the item of row ${head}, counted in its quantity`,
  };
}

/** The reason a continuation row is no line of its own: the item it belongs to and the evidence. */
export function continuationDetail(continuation: ItemContinuation, firstRowNumber: number): string {
  const head = continuation.head + firstRowNumber;
  return continuation.mergedTo === undefined
    ? `continues the item of row ${head} (its quantity, designators and part number left empty: the item's text wrapped onto this row)`
    : `continues the item of row ${head} (cells merged over rows ${head}-${continuation.mergedTo + firstRowNumber})`;
}

/**
 * How a row merged ranges join to the item above is accounted: no line of its own; one that gives a part number of
 * its own, beside the item's, is a second source for it, not bought.
 */
export function continuationSkip(
  row: readonly Cell[],
  cells: CellGrid,
  continuation: ItemContinuation,
  partNumberColumn: number | undefined,
  firstRowNumber: number,
): { reason: SkipReason; detail: string; quantityPerBoard?: number } {
  const c = partNumberColumn;
  const own = c === undefined ? '' : partNumberText(row[c]);
  if (own !== '' && own !== partNumberText(c === undefined ? null : (cells[continuation.head]?.[c] ?? null)))
    return {
      reason: 'alternate',
      detail: `a second part number (${quote(own, 40)}) for the item of row ${continuation.head + firstRowNumber}, its cells merged with it: not bought`,
    };
  return { reason: 'no-part-number', detail: continuationDetail(continuation, firstRowNumber) };
}

/**
 * A row where the exporting tool says it found no part for some positions, as Eagle's parts-database BOM scripts
 * write ("*** ERROR - PART '*' NOT FOUND FOR: \"D1, D2, D3\""): those parts are on the board all the same, a line to
 * buy with no part number, one per position named. Null for any other row.
 */
export function partNotFoundRow(
  row: readonly Cell[],
): { reason: SkipReason; detail: string; quantityPerBoard: number } | null {
  // It runs on every row: the first text cell is looked at, and only when it says so, the rest.
  const first = row.find((c) => c !== null && c !== undefined && c !== '');
  if (typeof first !== 'string' || !/not\s+found\s+for/i.test(first)) return null;
  const m =
    row.filter((c) => cellText(c) !== '').length === 1 ? /\bnot\s+found\s+for:?\s*"([^"]{1,2000})"/i.exec(first) : null;
  if (m === null) return null;
  const positions = m[1].split(/\s*,\s*/).filter((p) => p !== '');
  const named = positions.length > 6 ? `${positions.slice(0, 6).join(', ')}, …` : positions.join(', ');
  return {
    reason: 'incomplete',
    detail: `a line to buy (${positions.length} per board; the export found no part for ${named}) with no manufacturer part number to price it by: add one`,
    quantityPerBoard: positions.length,
  };
}

/**
 * Why a row is a second source for a line already read, not a purchase, or null: right under a placed line, with
 * no designators of its own and the line's description word for word (a production BOM listing "Nexperia
 * 74LVC1G07GV,125" under U2's TI part); or its positions written in brackets and all filled by a line above ("(L1)"
 * under L1's part: a substitute).
 */
export function secondSource(
  row: {
    designatorText: string;
    positions: readonly string[];
    description: string;
    hasDesignators: boolean;
    partNumber: string;
  },
  lineAbove: LineAbove | null,
  lines: readonly BomLine[],
  label: (r: number) => string,
): string | null {
  const { positions, description } = row;
  if (
    positions.length === 0 &&
    row.hasDesignators &&
    lineAbove?.placed === true &&
    description !== '' &&
    description === lineAbove.description
  )
    return `alternate for ${label(lineAbove.row).toLowerCase()} (${quote(lineAbove.partNumber, 40)}): the same description, no designators of its own; not bought`;
  const footprint = secondFootprint(row, lineAbove, lines);
  if (footprint !== null)
    return `another footprint for ${label(footprint.row).toLowerCase()} (${quote(footprint.partNumber, 40)}): its position ${quote(row.designatorText.trim(), 20)} is a second place for ${footprint.designators[0]}; not bought`;
  if (positions.length === 0 || !/^\s*[(（][^()（）]+[)）]\s*$/.test(row.designatorText)) return null;
  const filled = lines.find((l) => positions.every((p) => l.designators.includes(p)));
  return filled === undefined
    ? null
    : `substitute for ${label(filled.row).toLowerCase()} (${quote(filled.partNumber, 40)}): its positions in brackets are that line's; not bought`;
}

/**
 * The line a row is a second footprint for: its one position is the line's own with a suffix ("U1-2", "U1_ALT" right
 * under U1: a QFN place beside the TQFP one, either fitted), and it describes the same part by another number. Null
 * otherwise.
 */
function secondFootprint(
  row: { designatorText: string; description: string; partNumber: string },
  lineAbove: LineAbove | null,
  lines: readonly BomLine[],
): BomLine | null {
  const named = /^\s*(\p{L}{1,4}\d{1,4})[-_](?:[2-9]|ALT\d?)\s*$/iu.exec(row.designatorText);
  if (named === null || lineAbove?.placed !== true || row.description === '') return null;
  if (row.description !== lineAbove.description) return null;
  const above = lines.find((l) => l.row === lineAbove.row);
  // The same part again is a second board's or panel's copy ("U1-2": U1 of board 2), bought as written.
  const same = above?.partNumber.toUpperCase() === row.partNumber.toUpperCase();
  return above !== undefined &&
    !same &&
    above.designators.length === 1 &&
    above.designators[0] === named[1].toUpperCase()
    ? above
    : null;
}
