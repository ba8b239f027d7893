/**
 * How a BOM's DNP column marks a row not placed, and whether a row's cell in it does.
 */
import { type Cell, type CellGrid, cellText } from '../text/normalize';
import { type DnpColumnKind, dnpColumnKind, isDnpColumnWord } from './header';
import { looksLikePartNumber } from './column-content';
import { looksLikeDesignators } from './designators';
import { isDnpFlag, isNotPopulated } from './quantity';
import type { ColumnChoice } from './read-columns';

/**
 * A DNP column's kind: found by its content, it counts its DNP-like words only ('marks'); named for populating, it
 * reads yes and no ('populate'); named DNP, it reads marks ('dnp'), or where none of its cells is a mark (positions
 * and repeated cells aside), it is a field the export fills per part ('fields': KiCad's DNP field holding positions,
 * or the part's own number where the whole row is not placed).
 */
export type DnpKind = DnpColumnKind | 'marks' | 'fields';

export function dnpKindOf(choice: ColumnChoice, headerCells: readonly Cell[], sample: CellGrid): DnpKind {
  const column = choice.mapping.dnp;
  if (column === undefined) return 'dnp';
  if (choice.inferredFields.includes('dnp')) return 'marks';
  const kind = dnpColumnKind(cellText(headerCells[column]));
  const mark = (row: readonly Cell[]): boolean =>
    isDnpFlag(row[column]) && !echoes(row[column], row) && !looksLikeDesignators(cellText(row[column]));
  return kind === 'dnp' && !sample.some(mark) ? 'fields' : kind;
}

/** Whether a row's DNP cell marks it not placed, by the column's kind; `partNumber` is the row's part-number cell. */
export function dnpMarked(kind: DnpKind, cell: Cell, partNumber: string): boolean {
  if (kind === 'populate') return isNotPopulated(cell);
  if (kind === 'marks') return isDnpColumnWord(cell);
  // The row's own part number set in its DNP field: the field is set.
  return isDnpFlag(cell) || (kind === 'fields' && cellText(cell) === partNumber && looksLikePartNumber(partNumber));
}

/** A DNP cell that repeats another cell of its row (a part number the flag test would take for a mark). */
function echoes(cell: Cell, row: readonly Cell[]): boolean {
  const text = cellText(cell);
  return text !== '' && row.filter((c) => cellText(c) === text).length > 1;
}
