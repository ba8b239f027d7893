/**
 * How `partsheet price` reads a BOM file into lines: the file's cells (cli/bomfile.ts), then the BOM reader
 * (src/workflows/read-bom.ts, the pane's too). One function, so that the corpus tests read each file exactly as the command does.
 *
 * A workbook of several sheets read without --sheet: each sheet is judged as a BOM (a change log or a cover sheet
 * first is not one) and the most BOM-like is read, with a warning naming it; --sheet chooses another.
 */
import { basename } from 'node:path';
import { type BomReadResult, type CatalogJudge } from '../src/bom';
import { MAX_SHEETS_JUDGED, chooseBomSheet, judgeSheet, sheetChoiceWords } from '../src/bom/sheets';
import { type BomFile, type ReadBomFileOptions, parseBomFile } from './bomfile';
import { readCappedFile } from './read-capped';
import { xlsxFetchedValues } from './parts-cells';
import { readBomCells } from '../src/workflows/read-bom';
import { columnName } from '../src/text/normalize';

export interface ReadBomForPricingOptions extends ReadBomFileOptions {
  /** The catalog, to judge which column holds the manufacturer part numbers (a list search of a sample). */
  judge?: CatalogJudge;
  /** The build variant to read, where the BOM marks variants in columns. */
  variant?: string;
  /** For a share-safe copy: an XLSX file's PARTS cells (cli/parts-cells.ts), kept on the file as `fetched`. */
  partsCells?: boolean;
  /** --columns: read only these columns (0-based, first and last), as the pane reads a selection; rows stay. */
  columns?: { first: number; last: number };
}

export interface BomForPricing {
  file: BomFile;
  read: BomReadResult;
}

/**
 * The sheet to read: the one named, or of a workbook's first sheets the BOM (src/bom/sheets.ts): a draft, an old
 * copy, a read-me or a catalogue is passed over. The choice is kept on the file, and said in a warning when the
 * first sheet was not read or another came close.
 */
async function chooseSheet(path: string, buf: Buffer, options: ReadBomFileOptions): Promise<BomFile> {
  const first = await parseBomFile(path, buf, options);
  const names = first.sheetNames ?? [];
  if (options.sheet !== undefined || first.format === 'csv' || names.length < 2) return first;
  const files = [first];
  for (const name of names.slice(1, MAX_SHEETS_JUDGED)) files.push(await parseBomFile(path, buf, { sheet: name }));
  const choice = chooseBomSheet(files.map((f, i) => judgeSheet(f.sheetName ?? names[i], i, f.cells)));
  const file = files[choice.chosen.index];
  const words = sheetChoiceWords(choice);
  if (words.length === 0) return { ...file, sheetChoice: choice };
  const warning = `${words.join('; ')}; use --sheet to read another (sheets: ${names.map((n) => `'${n}'`).join(', ')})`;
  return { ...file, sheetChoice: choice, warnings: [...file.warnings, `${path}: ${warning}`] };
}

/** Reads a BOM file as `partsheet price` does. Throws BomFileError or BomError with a one-line message. */
export async function readBomForPricing(path: string, options: ReadBomForPricingOptions = {}): Promise<BomForPricing> {
  // Read once: a pipe cannot be read again for the other sheets.
  const buf = await readCappedFile(path);
  let file = await chooseSheet(path, buf, { sheet: options.sheet });
  if (options.partsCells && file.format === 'xlsx')
    file = { ...file, fetched: await xlsxFetchedValues(buf, file.sheetName ?? '') };
  if (options.columns !== undefined) file = columnsOf(file, options.columns);
  const readOptions = {
    ...(options.variant !== undefined ? { variant: options.variant } : {}),
    // An item's cells merged down over its rows join them to it (src/bom/row-items.ts).
    ...(file.merged !== undefined ? { merged: file.merged } : {}),
    // The name Excel shows on the sheet tab: the sheet's, or a text file's name (a CSV opens as a sheet named so).
    title: file.sheetName ?? basename(path).replace(/\.[^.]*$/, ''),
  };
  // The reading the task pane gives the same cells (src/workflows/read-bom.ts): one reader, one judge.
  const read = await readBomCells(file.cells, readOptions, options.judge);
  // A table beside the one read is read with --columns, as the pane reads it selected on its own.
  const offset = options.columns?.first ?? 0;
  const beside = read.warnings.flatMap((w) => (w.columns === undefined ? [] : [w.columns]));
  const hints = beside.map((c) => {
    const range = `${columnName(c.first + offset)}:${columnName(c.last + offset)}`;
    return `${path}: a second table sits in columns ${range.replace(':', ' to ')}; read it with --columns ${range}`;
  });
  return { file: hints.length === 0 ? file : { ...file, warnings: [...file.warnings, ...hints] }, read };
}

/** The file's cells of columns `first` to `last` only (its merged ranges with them), every row kept. */
function columnsOf(file: BomFile, columns: { first: number; last: number }): BomFile {
  const { first, last } = columns;
  const cells = file.cells.map((row) => row.slice(first, last + 1));
  const merged = file.merged
    ?.filter((m) => m.left >= first && m.right <= last)
    .map((m) => ({ ...m, left: m.left - first, right: m.right - first }));
  return { ...file, cells, ...(merged !== undefined ? { merged } : {}) };
}
