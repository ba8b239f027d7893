/** The BOM as the pane shows it: the cells read, their columns' labels, and the BOM read from them as mapped. */
import {
  BOM_FIELDS,
  type BomReadResult,
  type CatalogJudge,
  type ColumnMapping,
  type ColumnOrigins,
  columnOrigins,
  type ReadBomOptions,
  readBom,
} from '../src/bom';
import { readBomCells } from '../src/workflows/read-bom';
import { columnLetters } from '../src/excel/address';
import type { ReadCell, ReadResult, SelectionResult } from '../src/excel/workbook-port';
import { type BomLocation } from '../src/excel/priced-sheet';
import { describeProblem } from './errors';
import type { BomView, ColumnChoice } from './pane-state';
import { type BomChoices, restoreMapping } from './workbook-choices';

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
    out.push({ index: c, label: text ? `${letter}: ${text}` : `Column ${letter}`, header: text });
  }
  return out;
}

/** Where a BOM read from `read` sits in the workbook, with its header row. */
export function locationOf(read: ReadResult, headerRow: number | null): BomLocation {
  return {
    sheet: read.sheet,
    rowIndex: read.rowIndex,
    columnIndex: read.columnIndex,
    rowCount: read.rowCount,
    columnCount: read.columnCount,
    headerRow,
  };
}

function sameMapping(a: ColumnMapping, b: ColumnMapping): boolean {
  return BOM_FIELDS.every((f) => a[f] === b[f]);
}

/**
 * The cells read again with the columns the reader (and the catalog) chose before, when `mapping` is still that
 * choice: read as detected with the judged part-number column, so that the reading keeps its reasons (and the
 * catalog's answers, not asked again) rather than becoming "your choice". Null when the buyer chose the columns.
 */
function readAsBefore(
  values: ReadCell[][],
  options: ReadBomOptions,
  mapping: ColumnMapping | null,
  before: BomReadResult | null | undefined,
): BomReadResult | null {
  if (!before || !mapping || before.mappingSource === 'user' || !sameMapping(mapping, before.mapping)) return null;
  if (options.headerRow !== undefined && options.headerRow !== before.headerRow) return null;
  // The catalog's answers on value cells stand as its column choice does: asked once, read alike.
  const read = readBom(values, {
    ...options,
    ...(mapping.partNumber !== undefined ? { partNumberColumn: mapping.partNumber } : {}),
    ...(before.catalogAnswers !== undefined ? { catalogAnswers: before.catalogAnswers } : {}),
  });
  if (!sameMapping(read.mapping, mapping)) return null;
  const answers = new Map(before.partNumberCandidates.map((c) => [c.column, c]));
  read.partNumberCandidates = read.partNumberCandidates.map((c) => {
    const a = answers.get(c.column);
    return a?.known === undefined ? c : { ...c, known: a.known, asked: a.asked };
  });
  const said = new Set(read.warnings.map((w) => w.message));
  read.warnings.push(
    ...before.warnings.filter(
      (w) => (w.code === 'part-number-column' || w.code === 'catalog-values') && !said.has(w.message),
    ),
  );
  return read;
}

/**
 * How each column of `read` was taken, kept from reading to reading: read as detected, the reader's record afresh;
 * read with a mapping given, each column still where `before` had it keeps how it was taken there (found by its
 * header stays so after the buyer chooses another column, or a run reads the BOM again), the others are the
 * buyer's choice. Without a read, the record before stands.
 */
export function originsAfter(
  read: BomReadResult | null,
  before?: Pick<BomView, 'mapping' | 'origins'> | null,
): ColumnOrigins {
  if (!read) return { ...(before?.origins ?? {}) };
  const own = columnOrigins(read);
  if (read.mappingSource !== 'user' || !before?.origins) return own;
  const out: ColumnOrigins = {};
  for (const field of BOM_FIELDS) {
    const kept = before.origins[field];
    if (own[field] !== undefined)
      out[field] = kept && before.mapping[field] === read.mapping[field] ? kept : own[field];
  }
  return out;
}

/** Where cells were read: their sheet (its name is the BOM's title) and the sheet row of the first. */
export interface CellsAt {
  sheet: string;
  rowIndex: number;
}

/** The reading's options for cells read at `at`: their rows numbered as the sheet's, the sheet's name as the title. */
export function readAt(at: CellsAt): Pick<ReadBomOptions, 'firstRowNumber' | 'title'> {
  return { firstRowNumber: at.rowIndex + 1, title: at.sheet };
}

/**
 * Reads `values` as a BOM (mapped as given, or as detected), or says why it cannot be read. `before`: the reading
 * shown, whose automatic choice (the catalog's included) stands while `mapping` is still it.
 */
export function interpretBom(
  values: ReadCell[][],
  at: CellsAt,
  mapping: ColumnMapping | null,
  headerRow?: number | null,
  variant?: string,
  before?: BomReadResult | null,
): { read: BomReadResult | null; error: string | null } {
  try {
    const options: ReadBomOptions = {
      ...readAt(at),
      ...(headerRow !== undefined ? { headerRow } : {}),
      ...(variant !== undefined ? { variant } : {}),
    };
    const again = readAsBefore(values, options, mapping, before);
    if (again) return { read: again, error: null };
    const read = readBom(values, { ...options, ...(mapping ? { mapping } : {}) });
    return { read, error: null };
  } catch (e) {
    return { read: null, error: describeProblem(e).text };
  }
}

/**
 * The cells read under the header row given, their columns chosen as `partsheet price` chooses them (the catalog
 * judging the part-number column); null when they read as no BOM.
 */
export async function judgedRead(
  values: ReadCell[][],
  at: CellsAt,
  headerRow: number | null,
  judge: CatalogJudge | undefined,
): Promise<BomReadResult | null> {
  try {
    return await readBomCells(values, { ...readAt(at), headerRow }, judge);
  } catch {
    return null;
  }
}

export type ReadCells =
  SelectionResult | (ReadResult & Pick<SelectionResult, 'selectedAddress' | 'source' | 'tableName'>);

/** The pane's view of cells read from the sheet: where they are, their columns, and the BOM read from them. */
export function bomView(
  result: ReadCells,
  mapping: ColumnMapping | null,
  boards: number,
  remembered: boolean,
  headerChoice?: number | null,
  variant?: string,
  before?: Pick<BomView, 'read' | 'mapping' | 'origins'> | null,
): BomView {
  const { read, error } = interpretBom(result.values, result, mapping, headerChoice, variant, before?.read);
  const view = viewOf(result, read, error, mapping, boards, remembered, headerChoice, originsAfter(read, before));
  return variant !== undefined && read?.variants?.read === variant ? { ...view, variant } : view;
}

/**
 * The selection read with the columns the workbook remembers for its sheet, where they still fit its header, each
 * keeping how it was taken (found by its header, the buyer's choice); null when they do not fit or read as no BOM.
 */
export function rememberedView(result: ReadCells, saved: BomChoices, boards: number): BomView | null {
  const headers = bomView(result, null, boards, false).columns.map((c) => c.label.replace(/^[A-Z]+: /, ''));
  const restored = restoreMapping(saved, headers);
  if (!restored) return null;
  const before = { read: null, mapping: restored, origins: saved.origins ?? {} };
  const view = bomView(result, restored, boards, true, undefined, undefined, before);
  return view.read ? view : null;
}

/**
 * Cells read as a BOM on their sheet: by the columns the workbook remembers for that sheet, where they still fit its
 * header; otherwise as `partsheet price` reads a file, the catalog judging where two columns could hold the part
 * numbers (detected alone when there is no catalog to ask). The BOM view reads a selection so, and the Purchase tab
 * each BOM range: a column the buyer chose is the one bought by in both.
 */
export async function sheetBomView(
  result: ReadCells,
  saved: BomChoices | null,
  boards: number,
  judge: () => Promise<CatalogJudge | undefined>,
): Promise<BomView> {
  const remembered = saved ? rememberedView(result, saved, boards) : null;
  if (remembered) return remembered;
  const catalog = await judge();
  return catalog ? judgedBomView(result, boards, catalog) : bomView(result, null, boards, false);
}

/**
 * The BOM read from the selection as `partsheet price` reads a file: its columns detected, and where two columns
 * could hold the part numbers, the catalog asked which it knows (the same rule as the CLI's, src/bom/judge.ts).
 * A judge that cannot answer leaves the reader's own choice, with a warning.
 */
export async function judgedBomView(result: ReadCells, boards: number, judge: CatalogJudge): Promise<BomView> {
  let read: BomReadResult;
  try {
    // The CLI's reading (src/workflows/read-bom.ts): the catalog is asked only where two columns could hold the part numbers.
    read = await readBomCells(result.values, readAt(result), judge);
  } catch {
    // Cells that read as no BOM: the view says why, as without a judge.
    return bomView(result, null, boards, false);
  }
  return viewOf(result, read, null, null, boards, false, undefined, columnOrigins(read));
}

function viewOf(
  result: ReadCells,
  read: BomReadResult | null,
  error: string | null,
  mapping: ColumnMapping | null,
  boards: number,
  remembered: boolean,
  headerChoice: number | null | undefined,
  origins: ColumnOrigins,
): BomView {
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
    origins,
    ...(headerChoice !== undefined ? { headerChoice } : {}),
  };
}
