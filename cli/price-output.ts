/**
 * The files `partsheet price --out` writes: the BOM with its priced columns beside it as XLSX (streamed, with the
 * "Price breaks", "Summary", "Scenarios" and "Alternates" sheets) or as CSV/TSV.
 */
import { riskOf } from '../src/workflows/price-bom';
import type { RiskRow } from '../src/plan/risk';
import { createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { constants as zlibConstants, crc32 as zlibCrc32, deflateRawSync } from 'node:zlib';
import { once } from 'node:events';
import Papa from 'papaparse';
import { type BomReadResult, type Cell, isBlankRow, rawCellText } from '../src/bom';
import {
  PRICED_BOM_HEADERS,
  escapeForCsv,
  isFormulaLike,
  pricedRow,
  countsText,
  summaryEntries,
} from '../src/purchase';
import { type PriceBomResult } from '../src/purchase/price-lines';
import { type SuggestResult } from '../src/suggest';
import { addAlternatesSheet } from './alternates';
import { type ScenarioTable } from '../src/purchase/scenarios';
import { scenarioSheet } from '../src/purchase/scenario-layout';
import type { Schedule } from '../src/plan/schedule';
import { scheduleSheetRows, scheduleText } from '../src/plan/schedule-words';
import { riskSheetRows } from '../src/plan/risk-words';
import type { BomFile, Delimiter } from './bomfile';
import {
  STATUS_FILL,
  type ShareSafeChoice,
  addPricedSheets,
  bomSheetName,
  outputLayout,
} from '../src/excel/priced-xlsx';
import { XlsxBook } from '../src/excel/xlsx-book';
import type { Compressor } from '../src/excel/zip-package';
import { gridWidth } from '../src/text/normalize';
import { OutputError } from './output-error';
import { type RunComparison, type RunSnapshot } from '../src/changes';
import { addChangesSheet, addSnapshotSheet } from './price-changes';
import { addSheetsRecord } from '../src/excel/own-sheets';
import { layoutBlockRow } from '../src/excel/priced-blocks';
import type { SheetKind } from '../src/excel/sheet-kinds';
import { SUMMARY_SHEET } from '../src/excel/summary-sheet';
import { PRICE_BREAKS_SHEET } from '../src/excel/price-breaks-sheet';
import { RISK_SHEET } from '../src/excel/risk-sheet';
import { SCENARIOS_SHEET } from '../src/purchase/scenario-layout';
import { CHANGES_SHEET } from '../src/changes';

/** Blank rows kept of a longer blank run inside the table in a priced file; rows after the table keep one. */
export const MAX_BLANK_RUN_WRITTEN = 10;

/**
 * What a priced file shows of the BOM: every row of the table, but a blank run longer than
 * MAX_BLANK_RUN_WRITTEN inside it written as one blank row, and below the table one blank row per run, so a
 * million blank rows or a stray cell far below do not make a million-line file. Line rows and price-break rows
 * follow their rows.
 */
export function compactForOutput(
  file: BomFile,
  read: BomReadResult,
  result: PriceBomResult,
): { file: BomFile; read: BomReadResult; result: PriceBomResult } {
  const cells = file.cells;
  const map = new Map<number, number>();
  const kept: Cell[][] = [];
  let blankRun = 0;
  let moved = false;
  for (let r = 0; r < cells.length; r++) {
    const row = cells[r];
    const blank = isBlankRow(row);
    if (blank) {
      blankRun++;
      const limit = r > read.tableEnd ? 1 : MAX_BLANK_RUN_WRITTEN;
      if (blankRun > limit) {
        moved = true;
        continue;
      }
    } else blankRun = 0;
    map.set(r, kept.length);
    kept.push(row ?? []);
  }
  if (!moved) return { file, read, result };
  const to = (r: number): number => map.get(r) ?? r;
  return {
    file: { ...file, cells: kept },
    read: {
      ...read,
      headerRow: read.headerRow === null ? null : to(read.headerRow),
      tableEnd: to(read.tableEnd),
      lines: read.lines.map((l) => ({ ...l, row: to(l.row) })),
    },
    result: {
      ...result,
      lines: result.lines.map((l) => ({ ...l, row: to(l.row) })),
      plans: result.plans.map((p) => ({ ...p, lines: p.lines.map((l) => ({ ...l, id: to(l.id) })) })),
      breaks: result.breaks.map((b) => ({ ...b, lineRow: b.lineRow === null ? null : to(b.lineRow - 1) + 1 })),
    },
  };
}

/**
 * Node's DEFLATE and CRC-32 for an XLSX package, a piece at a time: each piece ends on a sync flush (whole bytes, the
 * next piece a fresh start), the last one ends the stream. Level 1: the 12 MB of XML of a 5,000-line BOM's sheets
 * compress in about half the time of zlib's default level, to a file a fifth larger (1.8 MB against 1.5 MB).
 */
export const ZLIB_DEFLATE: Compressor = {
  kind: 'pieces',
  deflate: (bytes, last) =>
    deflateRawSync(bytes, { level: 1, finishFlush: last ? zlibConstants.Z_FINISH : zlibConstants.Z_SYNC_FLUSH }),
  crc32: (bytes, crc) => zlibCrc32(bytes, crc),
};

export interface WriteContext {
  file: BomFile;
  fileName: string;
  read: BomReadResult;
  result: PriceBomResult;
  /** For CSV output: the delimiter to write (see outputDelimiter). Default comma. */
  delimiter?: Delimiter;
  /** With --suggest: the suggestions, written as an "Alternates" sheet in XLSX. */
  suggestions?: SuggestResult;
  /** The BOM priced at several quantities: a "Scenarios" sheet (XLSX) or section (CSV). */
  scenarios?: ScenarioTable;
  /**
   * XLSX only: a share-safe copy (src/excel/share-safe.ts): the priced quantities and prices are formulas over each
   * part's breaks on a "Breaks" sheet, with the overage the run added, so the file re-prices with nothing installed.
   */
  shareSafe?: ShareSafeChoice;
  /** The run's snapshot: kept in a hidden sheet of an XLSX, for a later `--since` to compare with. */
  snapshot?: RunSnapshot;
  /** With --since: the earlier run's snapshot and the changes since, a "Changes" sheet of an XLSX. */
  changes?: { before: RunSnapshot; comparison: RunComparison };
}

/** The lists this file holds that the task pane writes too, by sheet name and kind. */
const OWN_LISTS: ReadonlyArray<readonly [string, SheetKind]> = [
  [SUMMARY_SHEET, 'summary'],
  [PRICE_BREAKS_SHEET, 'price breaks'],
  [SCENARIOS_SHEET, 'scenarios'],
  [RISK_SHEET, 'risk'],
  [CHANGES_SHEET, 'changes'],
];

/** The "Risk" sheet: each part's lifecycle, compliance, export codes, sources with stock and risk level. */
function addRiskSheet(workbook: XlsxBook, rows: readonly RiskRow[]): void {
  const risk = workbook.addWorksheet(RISK_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  [22, 24, 10, 8, 50, 12, 14, 36, 12, 14, 8, 10].forEach((w, i) => (risk.getColumn(i + 1).width = w));
  riskSheetRows(rows).forEach((values, i) => {
    const row = risk.addRow(values);
    if (i === 0) row.font = { bold: true };
  });
}

/** The priced BOM as an XLSX workbook: the BOM with the priced columns beside it, "Price breaks", "Summary". */
export async function xlsxWorkbook(ctx: WriteContext): Promise<XlsxBook> {
  const workbook = new XlsxBook(ZLIB_DEFLATE);
  const { file } = ctx;
  addPricedSheets(workbook, {
    cells: file.cells,
    // A text file's and an HTML page's cells are text, as Excel would read them from either.
    fromCsv: file.format === 'csv' || file.format === 'html',
    ...(file.sheetName !== undefined ? { sheetName: file.sheetName } : {}),
    fileName: ctx.fileName,
    read: ctx.read,
    result: ctx.result,
    ...(ctx.shareSafe ? { shareSafe: ctx.shareSafe } : {}),
  });
  if (ctx.suggestions) addAlternatesSheet(workbook, ctx.suggestions);
  if (ctx.scenarios) addScenariosSheet(workbook, ctx.scenarios, ctx.result.boards);
  const { result } = ctx;
  if (result.schedule) addScheduleSheet(workbook, result.schedule, result.currency, result.boards);
  addRiskSheet(workbook, riskOf(result));
  if (ctx.changes && ctx.snapshot) addChangesSheet(workbook, ctx.changes.comparison, ctx.changes.before, ctx.snapshot);
  // A share-safe copy travels without the add-in's records unless asked to keep them: the run's snapshot stays with
  // the plain workbook, and goes with the copy beside the lines' plan records when they are kept.
  if (ctx.snapshot && (!ctx.shareSafe || ctx.shareSafe.records)) addSnapshotSheet(workbook, ctx.snapshot);
  // So does the record of the lists the file holds, by which the task pane knows them as its own (own-sheets.ts).
  if (!ctx.shareSafe || ctx.shareSafe.records)
    addSheetsRecord(workbook, OWN_LISTS, [layoutBlockRow(bomSheetName(file.sheetName))]);
  return workbook;
}

/**
 * The "Schedule" sheet: the clear-to-build day, the need-by date and the price of time as lines, then one row per
 * purchase with when it arrives and from what.
 */
function addScheduleSheet(workbook: XlsxBook, schedule: Schedule, currency: string, boards: number): void {
  const sheet = workbook.addWorksheet('Schedule');
  [22, 24, 10, 22, 10, 12, 26, 10, 12, 9, 44].forEach((w, i) => (sheet.getColumn(i + 1).width = w));
  const text = scheduleText(schedule, currency, boards);
  for (const line of text.slice(0, text.indexOf('Arrivals:'))) sheet.addRow([line.trim()]);
  sheet.addRow([]);
  scheduleSheetRows(schedule, currency).forEach((values, i) => {
    const row = sheet.addRow(values);
    if (i === 0) row.font = { bold: true };
  });
}

/** The "Scenarios" sheet of an XLSX output: the same rows as the task pane writes (an XLSX writer draws no chart). */
function addScenariosSheet(workbook: XlsxBook, scenarios: ScenarioTable, boards: number): void {
  const content = scenarioSheet(scenarios, { bomBoards: boards });
  const sheet = workbook.addWorksheet(SCENARIOS_SHEET);
  content.widths.forEach((w, i) => (sheet.getColumn(i + 1).width = w));
  for (const block of content.blocks) {
    block.values.forEach((values, r) => {
      const row = sheet.getRow(block.row + r + 1);
      values.forEach((value, c) => {
        const cell = row.getCell(c + 1);
        if (value !== '') cell.value = value;
        if (block.formats[c] && block.formats[c] !== '@') cell.numFmt = block.formats[c];
        if (block.partial?.includes(r))
          cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: STATUS_FILL.short } };
      });
      if (block.header) row.font = { bold: true };
      row.commit();
    });
  }
}

/** An original cell for CSV: numbers as Excel shows them; text that a spreadsheet would run as a formula is escaped. */
function originalCsvText(cell: Cell): string {
  const text = rawCellText(cell);
  if (typeof cell !== 'string' || !isFormulaLike(text)) return text;
  // A signed number or a lone sign is data, not a formula.
  return /^[+-]?(?:\d[\d.,]*)?$/.test(text.trim()) ? text : escapeForCsv(text);
}

/** The priced BOM as CSV text: the BOM's columns then the priced columns, in the BOM's delimiter. */
export function csvText(ctx: WriteContext): string {
  return [...csvChunks(ctx)].join('');
}

/** Rows of a priced CSV converted to text at a time: 200,000 lines never sit in memory as one grid of strings. */
const CSV_CHUNK_ROWS = 5_000;

/** The priced BOM as CSV text in pieces, top to bottom (csvText joins them; a file is written piece by piece). */
export function* csvChunks(ctx: WriteContext): Generator<string> {
  const { file, read, result } = ctx;
  const { shift, headerRow } = outputLayout(read);
  const width = gridWidth(file.cells);
  const delimiter = ctx.delimiter ?? ',';
  const text = (rows: string[][]): string => `${Papa.unparse(rows, { delimiter, newline: '\r\n' })}\r\n`;
  const lineAt = new Map(result.lines.map((line) => [line.row + shift, line]));
  const empty = PRICED_BOM_HEADERS.map(() => '');
  const total = file.cells.length + shift;
  yield '\uFEFF';
  let chunk: string[][] = [];
  for (let r = 0; r < total; r++) {
    const source = r - shift >= 0 ? (file.cells[r - shift] ?? []) : [];
    const row: string[] = [];
    for (let c = 0; c < width; c++) row.push(originalCsvText(source[c]));
    const line = lineAt.get(r);
    if (r === headerRow) row.push(...PRICED_BOM_HEADERS);
    else if (line)
      row.push(
        ...pricedRow(line, { target: 'csv' }).map((v) => (v === null ? '' : typeof v === 'number' ? String(v) : v)),
      );
    else row.push(...empty);
    chunk.push(row);
    if (chunk.length === CSV_CHUNK_ROWS) {
      yield text(chunk);
      chunk = [];
    }
  }
  // The summary below the table, after a blank row, as KiCost's footers are: the same entries as every output.
  const blank = (): string[] => Array.from({ length: width + PRICED_BOM_HEADERS.length }, () => '');
  chunk.push(blank());
  chunk.push([`Summary (${countsText(result.summary)})`, ...blank().slice(1)]);
  for (const entry of summaryEntries(result.summary, result.boards)) {
    const row = blank();
    row[0] = escapeForCsv(entry.label.trim());
    if (row.length > 1) row[1] = entry.kind === 'text' ? escapeForCsv(entry.text) : String(entry.value);
    else row[0] = `${row[0]}: ${entry.text}`;
    chunk.push(row);
  }
  if (ctx.scenarios) {
    // The scenarios below the summary, after a blank row: the rows of the Scenarios sheet.
    chunk.push(blank());
    for (const block of scenarioSheet(ctx.scenarios, { bomBoards: result.boards }).blocks) {
      if (block.row === 4) chunk.push(blank());
      for (const values of block.values) {
        const row = blank();
        values.forEach((v, i) => {
          if (i < row.length) row[i] = typeof v === 'number' ? String(v) : escapeForCsv(v);
        });
        chunk.push(row);
      }
    }
  }
  yield text(chunk);
}

function writeProblem(e: NodeJS.ErrnoException): string {
  switch (e.code) {
    case 'ENOENT':
      return 'the folder does not exist';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'it is a folder';
    case 'EBUSY':
      return 'the file is open in another program';
    default:
      return e.message;
  }
}

export async function writeOutput(path: string, format: 'xlsx' | 'csv', ctx: WriteContext): Promise<void> {
  try {
    if (format === 'xlsx') {
      // Compressed as it is written, so a 200,000-line BOM is held as its compressed parts, never as cells.
      const workbook = await xlsxWorkbook(ctx);
      await writeFile(path, await workbook.bytes());
    } else await writeChunks(path, csvChunks(ctx));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === undefined) throw e;
    throw new OutputError(`cannot write ${path}: ${writeProblem(e as NodeJS.ErrnoException)}`);
  }
}

/** Writes text pieces to a file one after the other, waiting when the disk is slower than the pieces come. */
async function writeChunks(path: string, chunks: Iterable<string>): Promise<void> {
  const out = createWriteStream(path);
  const failed = new Promise<never>((_, reject) => out.once('error', reject));
  failed.catch(() => undefined);
  for (const chunk of chunks) {
    if (!out.write(chunk)) await Promise.race([once(out, 'drain'), failed]);
  }
  out.end();
  await Promise.race([once(out, 'finish'), failed]);
}
