/**
 * The files `partsheet price --out` writes: the BOM with its priced columns beside it as XLSX (streamed, with the
 * "Price breaks", "Summary", "Scenarios" and "Alternates" sheets) or as CSV/TSV.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import {
  type BomReadResult,
  type Cell,
  PRICED_BOM_COLUMNS,
  PRICED_BOM_HEADERS,
  PRICE_BREAK_COLUMNS,
  type PricedStatus,
  escapeForCsv,
  excelSerial,
  isBlankRow,
  isFormulaLike,
  priceBreakRow,
  pricedRow,
  rawCellText,
} from '../src/bom';
import { type PriceBomResult } from '../src/bom/price-lines';
import { SUMMARY_FORMATS, countsText, summaryEntries, summarySheetRows } from '../src/bom';
import { type SuggestResult } from '../src/suggest';
import { addAlternatesSheet } from './alternates';
import { type ScenarioTable, scenarioSheet } from '../src/bom/scenarios';
import type { Schedule } from '../src/plan/schedule';
import { scheduleSheetRows, scheduleText } from '../src/plan/schedule-words';
import { riskTable } from '../src/plan/risk';
import { riskSheetRows } from '../src/plan/risk-words';
import type { BomFile, Delimiter } from './bomfile';
import type { Overage } from '../src/plan';
import type { ShareSafeBook } from '../src/excel/share-safe';
import { addBreaksSheet, liveSummaryRows, liveValue, shareSafeOf } from './share-safe-output';
import { OutputError } from './output-error';
import { type RunComparison, type RunSnapshot } from '../src/changes';
import { addChangesSheet, addSnapshotSheet } from './price-changes';

const STATUS_FILL: Record<PricedStatus, string> = {
  priced: 'FFC6EFCE',
  short: 'FFFFE699',
  'not found': 'FFFFC7CE',
  ambiguous: 'FFFFEB9C',
  'no price': 'FFFCE4D6',
  skipped: 'FFEDEDED',
};

const RESERVED_SHEETS = [
  'price breaks',
  'summary',
  'alternates',
  'breaks',
  'scenarios',
  'schedule',
  'risk',
  'changes',
  'partsheet snapshot',
];

function gridWidth(cells: readonly (readonly Cell[])[]): number {
  let width = 0;
  for (const row of cells) if (row.length > width) width = row.length;
  return width;
}

/** Where the output's rows go: with no header row in the BOM, one is added on top for the priced headers. */
function outputLayout(read: BomReadResult): { shift: number; headerRow: number } {
  return read.headerRow === null ? { shift: 1, headerRow: 0 } : { shift: 0, headerRow: read.headerRow };
}

function bomSheetName(file: BomFile): string {
  const name = (file.sheetName ?? 'BOM').trim() || 'BOM';
  if (!RESERVED_SHEETS.includes(name.toLowerCase())) return name;
  return `${name.slice(0, 27)} BOM`;
}

/**
 * A CSV cell for the XLSX copy: whole numbers as numbers (so Excel does not flag "number stored as text").
 * Everything else stays the text it was: leading zeros, and decimals whose separator depends on the locale
 * ("1.000" is a thousand in a semicolon file).
 */
function csvCellForXlsx(value: string | number | boolean): string | number | boolean {
  if (typeof value !== 'string') return value;
  return /^-?(?:0|[1-9]\d{0,14})$/.test(value) ? Number(value) : value;
}

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
  shareSafe?: { overage: Overage };
  /** The run's snapshot: kept in a hidden sheet of an XLSX, for a later `--since` to compare with. */
  snapshot?: RunSnapshot;
  /** With --since: the earlier run's snapshot and the changes since, a "Changes" sheet of an XLSX. */
  changes?: { before: RunSnapshot; comparison: RunComparison };
}

/** The "Risk" sheet: each part's lifecycle, compliance, export codes, sources with stock and risk level. */
function addRiskSheet(workbook: ExcelJS.Workbook, plans: PriceBomResult['plans']): void {
  const risk = workbook.addWorksheet('Risk', { views: [{ state: 'frozen', ySplit: 1 }] });
  [22, 24, 10, 8, 50, 12, 14, 36, 12, 14, 8, 10].forEach((w, i) => (risk.getColumn(i + 1).width = w));
  riskSheetRows(riskTable(plans)).forEach((values, i) => {
    const row = risk.addRow(values);
    if (i === 0) row.font = { bold: true };
  });
}

/** The priced BOM as an XLSX workbook: the BOM with the priced columns beside it, "Price breaks", "Summary". */
export async function xlsxWorkbook(
  ctx: WriteContext,
  workbook: ExcelJS.Workbook = new ExcelJS.Workbook(),
): Promise<ExcelJS.Workbook> {
  const { file, read, result } = ctx;
  const { shift, headerRow } = outputLayout(read);
  workbook.created = result.pricedAt;
  const sheetName = bomSheetName(file);
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: headerRow + 1 }] });
  const about = {
    file: ctx.fileName,
    ...(file.sheetName !== undefined ? { sheet: file.sheetName } : {}),
    pricedAt: result.pricedAt,
  };
  const summaryRows = summarySheetRows(result.summary, result.boards, about);
  const written = (value: string | number | boolean) => (file.format === 'csv' ? csvCellForXlsx(value) : value);
  const live: ShareSafeBook | null = ctx.shareSafe
    ? shareSafeOf({
        file,
        read,
        result,
        overage: ctx.shareSafe.overage,
        sheetName,
        shift,
        first: gridWidth(file.cells),
        boardsRow: summaryRows.findIndex((r) => r.label === 'Boards') + 1,
        written,
      })
    : null;

  // Row by row, top to bottom, each row committed when written: a streaming writer then holds one row at a time.
  const first = gridWidth(file.cells) + 1;
  PRICED_BOM_COLUMNS.forEach((column, i) => (sheet.getColumn(first + i).width = column.width));
  const lineAt = new Map(result.lines.map((line) => [line.row + shift, line]));
  const rowCount = Math.max(file.cells.length + shift, headerRow + 1);
  for (let r = 0; r < rowCount; r++) {
    const xlRow = sheet.getRow(r + 1);
    (file.cells[r - shift] ?? []).forEach((value, c) => {
      if (value === null || value === undefined || value === '') return;
      xlRow.getCell(c + 1).value = written(value);
    });
    if (r === headerRow) {
      xlRow.font = { bold: true };
      PRICED_BOM_COLUMNS.forEach((column, i) => (xlRow.getCell(first + i).value = column.header));
    }
    const line = lineAt.get(r);
    if (line) {
      const formulas = live?.lineCells.get(line.row);
      pricedRow(line, { target: 'typed' }).forEach((value, i) => {
        const cell = xlRow.getCell(first + i);
        cell.numFmt = PRICED_BOM_COLUMNS[i].numberFormat;
        const formula = formulas?.[PRICED_BOM_COLUMNS[i].key];
        if (formula) cell.value = liveValue(formula);
        else if (value !== null) cell.value = value;
      });
      xlRow.getCell(first).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: STATUS_FILL[line.status] } };
    }
    xlRow.commit();
  }

  const breaks = workbook.addWorksheet('Price breaks', { views: [{ state: 'frozen', ySplit: 1 }] });
  const breaksHeader = breaks.getRow(1);
  breaksHeader.font = { bold: true };
  PRICE_BREAK_COLUMNS.forEach((column, i) => {
    breaksHeader.getCell(i + 1).value = column.header;
    breaks.getColumn(i + 1).width = column.width;
  });
  result.breaks.forEach((row, r) => {
    const lineRow = row.lineRow === null ? null : row.lineRow + shift;
    const xlRow = breaks.getRow(r + 2);
    priceBreakRow({ ...row, lineRow }, { target: 'typed' }).forEach((value, i) => {
      const cell = xlRow.getCell(i + 1);
      cell.numFmt = PRICE_BREAK_COLUMNS[i].numberFormat;
      if (value !== null) cell.value = value;
    });
    xlRow.commit();
  });

  const summary = workbook.addWorksheet('Summary');
  summary.getColumn(1).width = 22;
  summary.getColumn(2).width = 30;
  summary.getColumn(3).width = 18;
  const add = (values: Array<string | number | null>, numFmt?: string): ExcelJS.Row => {
    const row = summary.addRow(values);
    if (numFmt) for (let c = 2; c <= values.length; c++) row.getCell(c).numFmt = numFmt;
    return row;
  };
  for (const entry of summaryRows) {
    if (entry.kind === 'blank') add([]);
    else if (entry.kind === 'title') add([entry.label]).font = { bold: true, size: 13 };
    else if (entry.kind === 'date') add([entry.label, excelSerial(entry.value as Date)], SUMMARY_FORMATS.date);
    else
      add(
        [entry.label, entry.value as string | number],
        entry.kind === 'text' ? undefined : SUMMARY_FORMATS[entry.kind],
      );
  }
  if (live) {
    // The number of boards written above is the one the formulas multiply by; these rows follow it.
    add([]);
    for (const row of liveSummaryRows(live)) {
      const r = add([row.label]);
      r.getCell(2).value = liveValue(row.value);
      r.getCell(2).numFmt = row.numFmt;
    }
    addBreaksSheet(workbook, live);
  }
  if (ctx.suggestions) addAlternatesSheet(workbook, ctx.suggestions);
  if (ctx.scenarios) addScenariosSheet(workbook, ctx.scenarios, result.boards);
  if (result.schedule) addScheduleSheet(workbook, result.schedule, result.currency, result.boards);
  addRiskSheet(workbook, result.plans);
  if (ctx.changes && ctx.snapshot) addChangesSheet(workbook, ctx.changes.comparison, ctx.changes.before, ctx.snapshot);
  // A share-safe copy travels without the add-in's records: the run's snapshot stays with the plain workbook.
  if (ctx.snapshot && !ctx.shareSafe) addSnapshotSheet(workbook, ctx.snapshot);
  return workbook;
}

/**
 * The "Schedule" sheet: the clear-to-build day, the need-by date and the price of time as lines, then one row per
 * purchase with when it arrives and from what.
 */
function addScheduleSheet(workbook: ExcelJS.Workbook, schedule: Schedule, currency: string, boards: number): void {
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
function addScenariosSheet(workbook: ExcelJS.Workbook, scenarios: ScenarioTable, boards: number): void {
  const content = scenarioSheet(scenarios, { bomBoards: boards });
  const sheet = workbook.addWorksheet('Scenarios');
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
      // Streamed to the file, so a 200,000-line BOM is written in bounded memory.
      const writer = new ExcelJS.stream.xlsx.WorkbookWriter({
        filename: path,
        useStyles: true,
        useSharedStrings: false,
      });
      await xlsxWorkbook(ctx, writer as unknown as ExcelJS.Workbook);
      await writer.commit();
    } else await writeChunks(path, csvChunks(ctx));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === undefined) throw e;
    throw new OutputError(`cannot write ${path}: ${writeProblem(e as NodeJS.ErrnoException)}`);
  }
}

export { OutputError } from './output-error';

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
