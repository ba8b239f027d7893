import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { basename, extname, resolve } from 'node:path';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import {
  BomError,
  type BomReadResult,
  type Cell,
  accountRows,
  candidateEvidence,
  columnName,
  explainFields,
  explainReading,
  MAX_BOARDS,
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
  statusText,
} from '../src/bom';
import { type PriceBomResult, type PricedBomLine, priceBom } from '../src/bom/price-lines';
import { CatalogError, type ApiVersion } from '../src/catalog';
import { LookupScheduler } from '../src/lookup';
import { DEFAULT_OVERBUY_THRESHOLD, type OverbuyThreshold, type Overage } from '../src/plan';
import { SUMMARY_FORMATS, countsText, summaryEntries, summarySheetRows, summaryText } from '../src/bom';
import { RateBook, describeRate, tokenSearchProbe, wireCurrency } from '../src/pricing/rates';
import { ALTERNATES_USES, type AlternatesUse, DEFAULT_ALTERNATES_USE } from '../src/plan/alternates';
import { type SuggestResult, problemLines, suggestForLines } from '../src/suggest';
import { addAlternatesSheet, alternatesText, suggestionsJson } from './alternates';
import {
  type ScenarioTable,
  parseBoardsList,
  priceScenarios,
  scenarioSheet,
  scenarioTable,
  scenarioText,
} from '../src/bom/scenarios';
import { type BomFile, BomFileError, type Delimiter, outputDelimiter } from './bomfile';
import { readBomForPricing } from './read-bom';
import {
  catalogClientOf,
  catalogJudge,
  connectionOf,
  DEFAULT_APIKEY,
  DEFAULT_ITEM_URL,
  DEFAULT_LOGIN,
} from './connection';
import { UsageError } from './usage';
import { clean, fit } from './terminal';
import { commandArgs, CONNECTION_FLAGS, PLAN_FLAGS, parseCommand, percentOf, planFlagsOf } from './args';
import { plural } from '../src/text/plural';

export interface PriceIo {
  out(s: string): void;
  err(s: string): void;
  /**
   * A progress display that rewrites one line (a terminal). Without it, progress is shown only with
   * --progress, as plain lines on `err`.
   */
  progress?: (text: string, final: boolean) => void;
}

export const PRICE_USAGE = `Usage: partsheet price FILE [--boards N[,N...]] [--out OUT] [--json] [--explain] [--sheet NAME] [--currency CUR] [--v3]
                       [--delimiter D] [--overage PCT] [--overage-min N] [--split-min-saving PCT]
                       [--overbuy-share PCT] [--overbuy-min AMOUNT] [--rate CUR=RATE] [--progress] [--url URL] [--login L] [--apikey K]
                       [--alternates unavailable|cheaper] [--suggest]

Prices a bill of materials: FILE is CSV or TSV (delimiter found by itself) or XLSX.
  --boards N      boards in the build; each line's need is its quantity times N (default 1). Several, such as
                  1,10,100,1000 (or "1, 100": "1,100" reads as one thousand one hundred), price the BOM at each
                  with one lookup and add the scenarios (total, per board, spares, short, not Active and the
                  offers that change, per quantity; each line's unit and extended cost at each) to every output;
                  the BOM's own columns are for the first quantity written
  --out OUT       write OUT.xlsx (the BOM, the priced columns beside it, "Price breaks" and "Summary"
                  sheets), OUT.csv or OUT.tsv (the BOM's columns and the priced columns); without it, print a table
  --delimiter D   for a CSV/TSV OUT: comma, tab, semicolon or pipe (default: tab for .tsv, comma for .csv)
  --json          print the priced lines and the summary as JSON, with how the BOM was read ("reading": each
                  column taken and why, the part-number columns not taken, and what every row of the table is)
  --explain       print how the BOM was read first: which column was taken for what and why (for the part
                  number, how many of its values look like part numbers and how many the catalog knows), and
                  what became of the rows
  --sheet NAME    the sheet of an XLSX FILE to read (default: of its first sheets, the one that reads most
                  like a BOM, named in a warning when it is not the first)
  --currency CUR  compare and add up in this currency (EUR, GBP, ...; default USD); offers in another currency
                  compete after conversion at a rate learned from the item service (its utm_currency)
  --overage PCT   attrition: add PCT percent to each line's need before MOQ, packs and breaks (default 0)
  --overage-min N at least N extra parts per line, whatever --overage is (default 0)
  --split-min-saving PCT
                  buy a part from several offers only when that saves at least PCT percent of the best single
                  offer (default 0: any saving); the line says what a split it kept out would have saved
  --overbuy-share PCT, --overbuy-min AMOUNT
                  a line whose spares cost more than PCT percent of the line's cost and more than AMOUNT in
                  the --currency is marked "overbuy" and counted in the summary (default 50 and 10.00)
  --rate CUR=RATE units of the --currency per 1 CUR, instead of learning it (repeatable)
  --alternates WHEN
                  when a line buys an approved alternate its BOM gives (MPN2/MFG2, Alt MPN, Second source
                  columns): "unavailable" when its own part is not found, not Active or short (default), or
                  "cheaper" also whenever an alternate costs less for the line's need
  --suggest       suggest candidates for the lines not found, not Active, short or overbought (same family,
                  or for chip resistors and ceramic capacitors the same parameters in other series), never
                  applied: an "Alternates" section, an "Alternates" sheet in an XLSX OUT, "suggestions" in --json
  --v3            use the v3 item service instead of v4
  --progress      show progress on stderr even when it is not a terminal
  --url URL       item service address (env PARTSHEET_ITEM_URL, default ${DEFAULT_ITEM_URL})
  --login L       login (env PARTSHEET_LOGIN, default ${DEFAULT_LOGIN})
  --apikey K      API key (env PARTSHEET_APIKEY, default ${DEFAULT_APIKEY})

Exit status: 0 when every line was handled (priced, not found, ambiguous, no price or skipped); 1 when the
file cannot be read, has no part-number column (a list that names its quantities or designators is read
without one: its lines are listed, not priced), or the service failed; 2 for a wrong option.`;

interface PriceArgs {
  file: string;
  boards: number;
  /** Every quantity of --boards, sorted; more than one: scenarios. */
  quantities: number[];
  out?: string;
  outFormat?: 'xlsx' | 'csv';
  delimiter?: string;
  json: boolean;
  explain: boolean;
  sheet?: string;
  currency: string;
  overage: Overage;
  /** --split-min-saving: the saving a split must reach, in percent. */
  splitMinSavingPercent: number;
  /** --overbuy-share and --overbuy-min: when a line's spares are an overbuy. */
  overbuyThreshold: OverbuyThreshold;
  rates: Record<string, number>;
  /** --alternates: when an approved alternate is bought. */
  alternates: AlternatesUse;
  /** --suggest: suggestions for the problem lines. */
  suggest: boolean;
  version: ApiVersion;
  progress: boolean;
  url: string;
  login: string;
  apikey: string;
  help: boolean;
}

function readArgs(argv: string[], env: Record<string, string | undefined>): PriceArgs {
  const parsed = parseCommand(argv, {
    ...CONNECTION_FLAGS,
    ...PLAN_FLAGS,
    boards: { type: 'string' },
    out: { type: 'string', short: 'o' },
    json: { type: 'boolean' },
    explain: { type: 'boolean' },
    sheet: { type: 'string' },
    delimiter: { type: 'string' },
    'overbuy-share': { type: 'string' },
    'overbuy-min': { type: 'string' },
    alternates: { type: 'string' },
    suggest: { type: 'boolean' },
    progress: { type: 'boolean' },
  });
  const { values, positionals } = parsed;
  const help = values.help ?? false;
  if (!help && positionals.length !== 1) {
    throw new UsageError(
      positionals.length === 0
        ? 'price needs a BOM FILE'
        : `price takes one FILE; got ${positionals.length}: ${positionals.join(' ')}`,
    );
  }
  const file = positionals[0] ?? '';

  let boards = 1;
  let quantities = [1];
  if (values.boards !== undefined) {
    try {
      ({ first: boards, quantities } = parseBoardsList(values.boards, MAX_BOARDS));
    } catch (e) {
      if (!/[,;\s]/.test(values.boards.trim()) || /^\d{1,3}(?:,\d{3})+$/.test(values.boards.trim())) {
        throw new UsageError(
          `--boards must be a whole number from 1 to ${MAX_BOARDS.toLocaleString('en-US')}; got '${values.boards}'`,
        );
      }
      throw new UsageError(`--boards: ${(e as Error).message}`);
    }
  }
  let outFormat: PriceArgs['outFormat'];
  if (values.out !== undefined) {
    const ext = extname(values.out).toLowerCase();
    if (ext === '.xlsx') outFormat = 'xlsx';
    else if (ext === '.csv' || ext === '.tsv') outFormat = 'csv';
    else throw new UsageError(`--out must name a .xlsx, .csv or .tsv file; got '${values.out}'`);
    if (!help && resolve(values.out) === resolve(file)) throw new UsageError('--out must not be the BOM file itself');
  }
  if (values.delimiter !== undefined) {
    if (outFormat !== 'csv') throw new UsageError('--delimiter applies to a .csv or .tsv --out file');
    try {
      outputDelimiter(values.out ?? '', values.delimiter);
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
  }
  const { currency, overage, splitMinSavingPercent, rates } = planFlagsOf(values);
  const overbuyThreshold = { ...DEFAULT_OVERBUY_THRESHOLD };
  if (values['overbuy-share'] !== undefined)
    overbuyThreshold.sparePercent = percentOf(values['overbuy-share'], '--overbuy-share');
  if (values['overbuy-min'] !== undefined) {
    const text = values['overbuy-min'].trim();
    if (!/^\d{1,9}(?:\.\d{1,6})?$/.test(text))
      throw new UsageError(
        `--overbuy-min must be an amount of 0 or more in the --currency, such as 25 or 10.50; got '${values['overbuy-min']}'`,
      );
    overbuyThreshold.minAmount = Number(text);
  }
  if (values.sheet !== undefined && values.sheet.trim() === '') throw new UsageError('--sheet needs a sheet name');

  const connection = connectionOf(values, env);
  return {
    file,
    boards,
    quantities,
    out: values.out,
    outFormat,
    delimiter: values.delimiter,
    json: values.json ?? false,
    explain: values.explain ?? false,
    sheet: values.sheet,
    currency,
    overage,
    splitMinSavingPercent,
    overbuyThreshold,
    rates,
    alternates: alternatesUseOf(values.alternates),
    suggest: values.suggest ?? false,
    version: values.v3 ? 'v3' : 'v4',
    progress: values.progress ?? false,
    ...connection,
    help,
  };
}

/** Text shown on a terminal: control characters (escapes, line breaks) become spaces. */
function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

function formatMoney(n: number, minDecimals: number, maxDecimals: number): string {
  return n.toLocaleString('en-US', { minimumFractionDigits: minDecimals, maximumFractionDigits: maxDecimals });
}

function summaryLines(result: PriceBomResult): string[] {
  return [countsText(result.summary), ...summaryText(result.summary, result.boards)];
}

interface TableColumn {
  header: string;
  right?: boolean;
  max: number;
  cell(line: PricedBomLine): string;
}

const TABLE: readonly TableColumn[] = [
  { header: 'Row', right: true, max: 7, cell: (l) => String(l.row + 1) },
  { header: 'Part number', max: 24, cell: (l) => l.partNumber },
  { header: 'Status', max: 10, cell: (l) => l.status },
  { header: 'Matched part', max: 24, cell: (l) => l.matchedPart ?? '' },
  { header: 'Manufacturer', max: 20, cell: (l) => l.manufacturer ?? '' },
  { header: 'Life', max: 8, cell: (l) => l.lifecycle ?? '' },
  { header: 'Need', right: true, max: 10, cell: (l) => (l.need === null ? '' : formatCount(l.need)) },
  {
    header: 'Buy',
    right: true,
    max: 10,
    cell: (l) => (l.share === null || l.share === undefined ? '' : formatCount(l.share)),
  },
  { header: 'Order', right: true, max: 10, cell: (l) => (l.orderQty === null ? '' : formatCount(l.orderQty)) },
  { header: 'Unit', right: true, max: 12, cell: (l) => (l.unitPrice === null ? '' : formatMoney(l.unitPrice, 2, 5)) },
  { header: 'Extended', right: true, max: 14, cell: (l) => (l.extended === null ? '' : formatMoney(l.extended, 2, 2)) },
  { header: 'Cur', max: 4, cell: (l) => l.currency ?? '' },
  { header: 'Stock', right: true, max: 12, cell: (l) => (l.stock === null ? '' : formatCount(l.stock)) },
  { header: 'Lead', right: true, max: 6, cell: (l) => (l.leadTimeWeeks === null ? '' : `${l.leadTimeWeeks} wk`) },
  {
    header: 'Offer',
    right: true,
    max: 16,
    cell: (l) =>
      l.offerPrice === null || l.offerPrice === undefined || l.offerCurrency === l.currency
        ? ''
        : `${formatMoney(l.offerPrice, 2, 5)} ${l.offerCurrency ?? ''}`,
  },
  { header: 'Item id', max: 20, cell: (l) => l.itemId ?? '' },
];

/** The priced BOM as a table, then the reasons of the lines that have one, then the summary. */
export function renderTable(result: PriceBomResult): string[] {
  const rows = result.lines.map((line) => TABLE.map((c) => fit(c.cell(line), c.max)));
  const widths = TABLE.map((c, i) => Math.max(c.header.length, ...rows.map((r) => r[i].length)));
  const format = (cells: readonly string[]) =>
    cells
      .map((cell, i) =>
        i === cells.length - 1 ? cell : TABLE[i].right ? cell.padStart(widths[i]) : cell.padEnd(widths[i]),
      )
      .join('  ')
      .trimEnd();
  const out = [format(TABLE.map((c) => c.header)), ...rows.map(format)];
  const notes = result.lines.filter((l) => l.statusReason.trim() !== '');
  if (notes.length > 0) {
    out.push('', 'Notes:');
    for (const line of notes) out.push(`  Row ${line.row + 1}: ${clean(statusText(line))}`);
  }
  out.push('', ...summaryLines(result));
  return out;
}

/** How the BOM was read, for --json: the columns taken and why, the part-number candidates, every row's account. */
export function readingReport(read: BomReadResult, sheet?: string): unknown {
  return {
    ...(sheet !== undefined ? { sheet } : {}),
    headerRow: read.headerRow === null ? null : read.headerRow + 1,
    columns: explainFields(read).map((f) => ({
      field: f.field,
      column: f.column === null ? null : columnName(f.column),
      header: f.header,
      why: f.why,
    })),
    partNumberCandidates: read.partNumberCandidates.map((c) => ({
      column: columnName(c.column),
      header: c.header,
      taken: c.column === read.mapping.partNumber,
      lookLike: c.lookLike,
      sampled: c.sampled,
      internalCodes: c.internalCodes,
      ...(c.known !== undefined ? { known: c.known, asked: c.asked } : {}),
      evidence: candidateEvidence(c),
    })),
    rows: accountRows(read),
  };
}

/** --alternates: "unavailable" (the default) or "cheaper". */
function alternatesUseOf(text: string | undefined): AlternatesUse {
  if (text === undefined) return DEFAULT_ALTERNATES_USE;
  const t = text.trim().toLowerCase();
  if ((ALTERNATES_USES as readonly string[]).includes(t)) return t as AlternatesUse;
  throw new UsageError(`--alternates must be ${ALTERNATES_USES.map((u) => `"${u}"`).join(' or ')}; got '${text}'`);
}

/** The JSON of --json: the lines with their sheet row number, the summary, and how the BOM was read. */
export function jsonReport(
  result: PriceBomResult,
  file: string,
  warnings: string[],
  reading?: unknown,
  suggestions?: SuggestResult,
  scenarios?: ScenarioTable,
): unknown {
  return {
    ...(scenarios ? { scenarios } : {}),
    ...(suggestions !== undefined ? { suggestions: suggestionsJson(suggestions) } : {}),
    file,
    ...(reading !== undefined ? { reading } : {}),
    boards: result.boards,
    pricedAt: result.pricedAt.toISOString(),
    currency: result.currency,
    lines: result.lines.map((line) => ({ sheetRow: line.row + 1, ...line })),
    summary: result.summary,
    rates: result.rates.rates.map(describeRate),
    warnings,
  };
}

// ---- files

const STATUS_FILL: Record<PricedStatus, string> = {
  priced: 'FFC6EFCE',
  short: 'FFFFE699',
  'not found': 'FFFFC7CE',
  ambiguous: 'FFFFEB9C',
  'no price': 'FFFCE4D6',
  skipped: 'FFEDEDED',
};

const RESERVED_SHEETS = ['price breaks', 'summary', 'alternates'];

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
    read: { ...read, headerRow: read.headerRow === null ? null : to(read.headerRow), tableEnd: to(read.tableEnd) },
    result: {
      ...result,
      lines: result.lines.map((l) => ({ ...l, row: to(l.row) })),
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
}

/** The priced BOM as an XLSX workbook: the BOM with the priced columns beside it, "Price breaks", "Summary". */
export async function xlsxWorkbook(
  ctx: WriteContext,
  workbook: ExcelJS.Workbook = new ExcelJS.Workbook(),
): Promise<ExcelJS.Workbook> {
  const { file, read, result } = ctx;
  const { shift, headerRow } = outputLayout(read);
  workbook.created = result.pricedAt;
  const sheet = workbook.addWorksheet(bomSheetName(file), { views: [{ state: 'frozen', ySplit: headerRow + 1 }] });

  // Row by row, top to bottom, each row committed when written: a streaming writer then holds one row at a time.
  const first = gridWidth(file.cells) + 1;
  PRICED_BOM_COLUMNS.forEach((column, i) => (sheet.getColumn(first + i).width = column.width));
  const lineAt = new Map(result.lines.map((line) => [line.row + shift, line]));
  const rowCount = Math.max(file.cells.length + shift, headerRow + 1);
  for (let r = 0; r < rowCount; r++) {
    const xlRow = sheet.getRow(r + 1);
    (file.cells[r - shift] ?? []).forEach((value, c) => {
      if (value === null || value === undefined || value === '') return;
      xlRow.getCell(c + 1).value = file.format === 'csv' ? csvCellForXlsx(value) : value;
    });
    if (r === headerRow) {
      xlRow.font = { bold: true };
      PRICED_BOM_COLUMNS.forEach((column, i) => (xlRow.getCell(first + i).value = column.header));
    }
    const line = lineAt.get(r);
    if (line) {
      pricedRow(line, { target: 'typed' }).forEach((value, i) => {
        const cell = xlRow.getCell(first + i);
        cell.numFmt = PRICED_BOM_COLUMNS[i].numberFormat;
        if (value !== null) cell.value = value;
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
  const about = {
    file: ctx.fileName,
    ...(file.sheetName !== undefined ? { sheet: file.sheetName } : {}),
    pricedAt: result.pricedAt,
  };
  for (const entry of summarySheetRows(result.summary, result.boards, about)) {
    if (entry.kind === 'blank') add([]);
    else if (entry.kind === 'title') add([entry.label]).font = { bold: true, size: 13 };
    else if (entry.kind === 'date') add([entry.label, excelSerial(entry.value as Date)], SUMMARY_FORMATS.date);
    else
      add(
        [entry.label, entry.value as string | number],
        entry.kind === 'text' ? undefined : SUMMARY_FORMATS[entry.kind],
      );
  }
  if (ctx.suggestions) addAlternatesSheet(workbook, ctx.suggestions);
  if (ctx.scenarios) addScenariosSheet(workbook, ctx.scenarios, result.boards);
  return workbook;
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

async function writeOutput(path: string, format: 'xlsx' | 'csv', ctx: WriteContext): Promise<void> {
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

class OutputError extends Error {}

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

// ---- progress

function progressReporter(io: PriceIo, forced: boolean): ((done: number, total: number) => void) | undefined {
  const text = (done: number, total: number) =>
    `priced ${formatCount(done)} of ${formatCount(total)} ${plural(total, 'part')}`;
  if (io.progress) {
    const show = io.progress;
    let last = 0;
    return (done, total) => {
      const now = Date.now();
      if (done === total || now - last >= 100) {
        last = now;
        show(text(done, total), done === total);
      }
    };
  }
  if (!forced) return undefined;
  let last = 0;
  return (done, total) => {
    const now = Date.now();
    if (done === total || (done > 0 && now - last >= 1000)) {
      last = now;
      io.err(text(done, total));
    }
  };
}

/** Progress on a terminal's stderr: one line rewritten in place. */
export function terminalProgress(stream: NodeJS.WriteStream = process.stderr): PriceIo['progress'] {
  if (!stream.isTTY) return undefined;
  return (text, final) => {
    stream.write(`\r${text}\u001b[K${final ? '\n' : ''}`);
  };
}

const MAX_WARNINGS_SHOWN = 20;

function showWarnings(io: PriceIo, warnings: string[]): void {
  for (const w of warnings.slice(0, MAX_WARNINGS_SHOWN)) io.err(`partsheet price: warning: ${clean(w)}`);
  if (warnings.length > MAX_WARNINGS_SHOWN)
    io.err(`partsheet price: warning: and ${formatCount(warnings.length - MAX_WARNINGS_SHOWN)} more warnings`);
}

/**
 * `partsheet price FILE ...`: 0 when every line was handled; 1 when the file cannot be read or has no
 * part-number column, the service failed, or the output cannot be written; 2 for a usage error.
 * Failures are one line on `err`, never a stack trace.
 */
export async function priceCommand(
  argv: string[],
  io: PriceIo,
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  const args = commandArgs('price', PRICE_USAGE, () => readArgs(argv, env), io);
  if (typeof args === 'number') return args;
  let scheduler: LookupScheduler | undefined;
  try {
    const client = catalogClientOf(args);
    // The catalog judges which column holds the manufacturer part numbers: one list search per candidate column.
    const judge = catalogJudge(client, args.version);
    const { file, read } = await readBomForPricing(args.file, { sheet: args.sheet, boards: args.boards, judge });
    // With --json the explanation goes to stderr, so that stdout stays one JSON document.
    if (args.explain)
      for (const line of explainReading(read, { sheet: file.sheetName })) (args.json ? io.err : io.out)(clean(line));
    scheduler = new LookupScheduler({ port: client });
    const rateBook = new RateBook({
      probe: tokenSearchProbe((token, opts) => client.searchToken(token, opts)),
      given: args.rates,
    });
    const priceOptions = {
      currency: args.currency,
      rates: rateBook,
      overage: args.overage,
      splitMinSavingPercent: args.splitMinSavingPercent,
      overbuyThreshold: args.overbuyThreshold,
      version: args.version,
      boards: args.boards,
      alternates: args.alternates,
      onProgress: progressReporter(io, args.progress),
    };
    // Several quantities: one lookup prices each; the BOM's own columns are the first quantity's.
    const runs =
      args.quantities.length > 1 ? await priceScenarios(read, scheduler, args.quantities, priceOptions) : null;
    const result = runs
      ? runs.find((r) => r.boards === args.boards)!.result
      : await priceBom(read, scheduler, priceOptions);
    const scenarios = runs ? scenarioTable(runs) : undefined;
    const suggestions = args.suggest
      ? await suggestForLines(problemLines(result, read), client, {
          rates: result.rates,
          overage: args.overage,
          currency: wireCurrency(args.currency),
        })
      : undefined;

    if (result.failures.length > 0 && result.failures.length === result.lookups) {
      io.err(`partsheet price: ${clean(result.failures[0].error.message)}`);
      return 1;
    }
    const warnings = [
      ...file.warnings,
      ...read.warnings.map((w) => w.message),
      ...result.warnings.map((w) => `the parts service's answer: ${w}`),
    ];
    const fileName = basename(args.file);
    if (args.out !== undefined && args.outFormat !== undefined) {
      const delimiter = args.outFormat === 'csv' ? outputDelimiter(args.out, args.delimiter) : undefined;
      await writeOutput(args.out, args.outFormat, {
        ...compactForOutput(file, read, result),
        fileName,
        delimiter,
        suggestions,
        ...(scenarios ? { scenarios } : {}),
      });
    }
    showWarnings(io, warnings);
    if (args.json)
      io.out(
        JSON.stringify(
          jsonReport(result, fileName, warnings, readingReport(read, file.sheetName), suggestions, scenarios),
          null,
          2,
        ),
      );
    else if (args.out !== undefined) {
      io.out(`Wrote ${args.out}`);
      for (const line of summaryLines(result)) io.out(line);
    } else for (const line of renderTable(result)) io.out(line);
    if (scenarios && !args.json) for (const line of ['', ...scenarioText(scenarios)]) io.out(clean(line));
    if (suggestions && !args.json) for (const line of alternatesText(suggestions)) io.out(clean(line));

    if (result.failures.length > 0) {
      const rows = result.failures.reduce((n, f) => n + f.rows.length, 0);
      io.err(
        `partsheet price: ${formatCount(result.failures.length)} of ${formatCount(result.lookups)} parts could not be looked up (${formatCount(rows)} lines marked "no price: service error"): ${clean(result.failures[0].error.message)}`,
      );
      return 1;
    }
    return 0;
  } catch (e) {
    let message: string;
    if (e instanceof BomFileError || e instanceof OutputError || e instanceof CatalogError) message = e.message;
    else if (e instanceof BomError) message = `${args.file}: ${e.message}`;
    else message = `unexpected failure: ${e instanceof Error ? e.message : String(e)}`;
    io.err(`partsheet price: ${clean(message)}`);
    return 1;
  } finally {
    scheduler?.close();
  }
}
