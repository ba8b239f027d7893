/**
 * Columns whose names may mean the designators or the part's number, settled by what they hold; and the share of a
 * column's filled cells that pass a test, which the column choices of read-columns.ts weigh.
 */
import { type Cell, type CellGrid, cellText } from '../text/normalize';
import { looksLikeDesignators, parseDesignators } from './designators';
import { type ColumnMapping, matchHeader } from './header-words';
import { referenceOfParts } from './part-cells';

/** Of the cells of column `c` that hold something, the share that pass `test`. */
export function shareOf(rows: CellGrid, c: number, test: (cell: Cell) => boolean): number {
  let filled = 0;
  let like = 0;
  for (const row of rows) {
    const cell = row?.[c];
    if (cellText(cell) === '') continue;
    filled++;
    if (test(cell)) like++;
  }
  return filled === 0 ? 0 : like / filled;
}

const designatorLike = (cell: Cell): boolean => looksLikeDesignators(cellText(cell));
/** A cell of positions of a few letters and a number 1 to 9 ("MCU1", "RLY1", "BS1, BS2"). */
const shortPositions = (cell: Cell): boolean => {
  const list = parseDesignators(cellText(cell)).list;
  return list.length > 0 && list.every((d) => /^[A-Z]{1,4}[1-9]$/.test(d));
};

/**
 * Whether every filled cell of column `c` is a short name with no space, each on one row only; with `lists`, a list of
 * such names too ("BS1, BS2"), none named twice.
 */
function shortNamesOnce(rows: CellGrid, c: number, lists = false): boolean {
  const cells = rows.map((r) => cellText(r?.[c])).filter((t) => t !== '');
  const names = lists ? cells.flatMap((t) => t.split(/\s*,\s*/)) : cells;
  return names.length >= 3 && new Set(names).size === names.length && names.every((t) => /^\S{1,8}$/.test(t));
}

/**
 * A column whose name may mean the designators or the part's number, settled by what it holds. Eagle's part list
 * calls its designators "Part", KiCad's French BOM "Référence", a Japanese hand list "部品番号": a column so named that holds designator lists is the
 * designators; so is one of short names each on one row only, most of them designators (EAGLE's own names beside
 * them: "BUTC", "CADJ", "U$1"). So is a column of any name whose cells are nearly all positions, each named once (a
 * hand-made list's "Part Number" over "T1", "MCU1"). An English "Reference" of makers' numbers is the part's number.
 */
export function settleReferenceColumns(
  fromHeader: ColumnMapping,
  headerCells: readonly Cell[],
  sample: CellGrid,
): void {
  const part = fromHeader.partNumber;
  const named = part !== undefined && /^(?:part|r[ée]f[ée]rences?|部品番号)$/i.test(cellText(headerCells[part]).trim());
  const positions = part === undefined ? 0 : shareOf(sample, part, designatorLike);
  if (
    part !== undefined &&
    fromHeader.designators === undefined &&
    ((named && (positions > 0.6 || (positions > 0.4 && shortNamesOnce(sample, part)))) ||
      // A name that may mean either ("Part Number", not "MPN"), where nine cells in ten are positions numbered 1 to 9,
      // each once ("T1", "MCU1", "BS1, BS2"); makers' type numbers run on ("LM35", "SS14", "US1M", "ESP32").
      ((matchHeader(cellText(headerCells[part]))?.strength ?? 3) < 3 &&
        shareOf(sample, part, shortPositions) >= 0.9 &&
        shortNamesOnce(sample, part, true)))
  ) {
    fromHeader.designators = part;
    delete fromHeader.partNumber;
  }
  // (referenceOfParts)
  const ref = fromHeader.designators;
  if (ref !== undefined && part === undefined && referenceOfParts(cellText(headerCells[ref]), sample, ref)) {
    fromHeader.partNumber = ref;
    delete fromHeader.designators;
  }
}
