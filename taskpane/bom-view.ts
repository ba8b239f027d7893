/** The BOM as the pane shows it: the cells read, their columns' labels, and the BOM read from them as mapped. */
import { type BomReadResult, type ColumnMapping, readBom } from '../src/bom';
import { columnLetters } from '../src/excel/address';
import type { ReadCell, ReadResult, SelectionResult } from '../src/excel/workbook-port';
import { type BomLocation } from '../src/excel/priced-sheet';
import { describeProblem } from './errors';
import type { BomView, ColumnChoice } from './pane-state';

export function labelsOf(
  values: readonly (readonly ReadCell[])[],
  read: BomReadResult | null,
  columnIndex: number,
): ColumnChoice[] {
  const width = values.reduce((w, row) => Math.max(w, row.length), 0);
  const headerRow = read?.headerRow ?? null;
  const out: ColumnChoice[] = [];
  for (let c = 0; c < width; c++) {
    const letter = columnLetters(columnIndex + c);
    const text =
      headerRow === null
        ? ''
        : String(values[headerRow]?.[c] ?? '')
            .replace(/\s+/g, ' ')
            .trim();
    out.push({ index: c, label: text ? `${letter}: ${text}` : `Column ${letter}` });
  }
  return out;
}

function locationOf(read: ReadResult, headerRow: number | null): BomLocation {
  return {
    sheet: read.sheet,
    rowIndex: read.rowIndex,
    columnIndex: read.columnIndex,
    rowCount: read.rowCount,
    columnCount: read.columnCount,
    headerRow,
  };
}

/** Reads `values` as a BOM (mapped as given, or as detected), or says why it cannot be read. */
export function interpretBom(
  values: ReadCell[][],
  rowIndex: number,
  mapping: ColumnMapping | null,
  boards: number,
  headerRow?: number | null,
): { read: BomReadResult | null; error: string | null } {
  try {
    const read = readBom(values, {
      boards,
      firstRowNumber: rowIndex + 1,
      ...(mapping ? { mapping } : {}),
      ...(headerRow !== undefined ? { headerRow } : {}),
    });
    return { read, error: null };
  } catch (e) {
    return { read: null, error: describeProblem(e).text };
  }
}

/** The pane's view of cells read from the sheet: where they are, their columns, and the BOM read from them. */
export function bomView(
  result: SelectionResult | (ReadResult & Pick<SelectionResult, 'selectedAddress' | 'source' | 'tableName'>),
  mapping: ColumnMapping | null,
  boards: number,
  remembered: boolean,
  headerChoice?: number | null,
): BomView {
  const { read, error } = interpretBom(result.values, result.rowIndex, mapping, boards, headerChoice);
  const headerRow = read?.headerRow ?? null;
  return {
    location: locationOf(result, headerRow),
    address: result.address,
    selectedAddress: result.selectedAddress,
    source: result.source,
    tableName: result.tableName,
    cells: result.values,
    columns: labelsOf(result.values, read, result.columnIndex),
    read,
    readError: error,
    mapping: read ? { ...read.mapping } : { ...(mapping ?? {}) },
    remembered,
    boards,
    ...(headerChoice !== undefined ? { headerChoice } : {}),
  };
}
