/**
 * The open workbook's own PARTS cells, for the share-safe copy (src/excel/fetched-values.ts writes them): every
 * sheet the user can see or unhide (not the add-in's very hidden ones) is read with its formulas, its PARTS cells
 * found, and each given the time its value was fetched from the runtime's cell record (src/lookup/cell-record.ts).
 * A cell the record does not know (its value came with the saved workbook, or the add-in started since) has no time:
 * the copy says "unknown" rather than guess one. A formula with several PARTS calls has no one time either: the
 * record keeps its cell's latest call only.
 */
import type { BomLocation } from '../src/excel/priced-sheet';
import type { WorkbookPort } from '../src/excel/workbook-port';
import { parseAddress } from '../src/excel/address';
import { type FetchedCell, type FetchedValues, partsCalls, partsCellsOf } from '../src/excel/fetched-values';
import type { CellNote, CellRecordReader } from '../src/lookup';

const key = (sheet: string, row: number, column: number) => `${sheet.toLowerCase()}!${row},${column}`;

/** Each cell the record's calls covered (a call's cells spill from its formula's cell), by sheet, row and column. */
function notesByCell(record: CellRecordReader): Map<string, CellNote> {
  const notes = new Map<string, CellNote>();
  for (const call of record.calls()) {
    let at: ReturnType<typeof parseAddress>;
    try {
      at = parseAddress(call.address);
    } catch {
      continue;
    }
    call.cells.forEach((row, r) => row.forEach((note, c) => notes.set(key(at.sheet, at.row + r, at.column + c), note)));
  }
  return notes;
}

/** When a cell's value was fetched, and what the list adds about it. */
function fetchedOf(formula: string, note: CellNote | undefined): Pick<FetchedCell, 'fetchedAt' | 'note'> {
  if (note === undefined) return { fetchedAt: null, note: 'Not looked up since the add-in started.' };
  const at = note.asOf ?? note.failure?.staleAsOf ?? null;
  const failure = note.failure?.message ?? '';
  if (partsCalls(formula) > 1)
    return { fetchedAt: null, note: [failure, 'Several PARTS calls in one formula: no one time.'].join(' ').trim() };
  return { fetchedAt: at, note: failure };
}

/**
 * The workbook's PARTS cells, each with when its value was fetched, and the sheets other than the BOM's that hold
 * any (their cells as values). The BOM's sheet goes into the copy as its priced BOM (src/excel/priced-xlsx.ts).
 */
export async function workbookFetchedValues(
  book: WorkbookPort,
  record: CellRecordReader,
  bom: BomLocation,
): Promise<FetchedValues> {
  const notes = notesByCell(record);
  const fetched: FetchedValues = { sheets: [], cells: [] };
  for (const sheet of await book.sheetStates()) {
    if (sheet.visibility === 'VeryHidden') continue;
    const read = await book.readUsedFormulas(sheet.name);
    if (read === null) continue;
    const found = partsCellsOf({ ...read, sheet: sheet.name });
    if (found.length === 0) continue;
    if (sheet.name.toLowerCase() !== bom.sheet.toLowerCase())
      fetched.sheets.push({
        name: sheet.name,
        rowIndex: read.rowIndex,
        columnIndex: read.columnIndex,
        values: read.values,
        numberFormats: read.numberFormats,
      });
    for (const cell of found)
      fetched.cells.push({ ...cell, ...fetchedOf(cell.formula, notes.get(key(cell.sheet, cell.row, cell.column))) });
  }
  return fetched;
}
