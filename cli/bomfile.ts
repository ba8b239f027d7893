/**
 * A BOM file as a 2-D array of cells, the shape src/bom reads: CSV and TSV (the delimiter sniffed, the
 * encoding told by its byte-order mark or by whether it is valid UTF-8), XLSX and old-style XLS (cli/xls.ts)
 * (first sheet or a named one).
 */
import { extname } from 'node:path';
import { type ExcelJS, loadExcelJs } from './exceljs';
import Papa from 'papaparse';
import { type Cell, type MergedRange, isBlankRow } from '../src/bom';
import { BomFileError } from './bom-file-error';
import { MAX_COLUMNS, MAX_FILE_BYTES, RowBudget, fileTooLarge, tooWide } from './bom-limits';
import { isFlatOds, isOdsZip, parseOds } from './ods';
import { type TextEncodingName, decodeText } from './text-encoding';
import { rstTableCells } from './rst-table';
import {
  type HtmlTable,
  holdsHtmlPartsTable,
  htmlSheet,
  isHtmlTable,
  pageTextBlock,
  readHtmlTables,
} from './html-table';
import { sheetNamed } from './sheet-named';
import { readCappedFile } from './read-capped';
import { cutFixedWidth, fixedWidthStarts, positionsBesideText, tabAlignedCells } from './fixed-width';
import { recordReportCells } from './record-report';
import { quotedLineCells } from './quoted-lines';
import { parseXls } from './xls';
import { type SheetChoice } from '../src/bom/sheets';
import { checkXlsxSize, withoutEmptyCells } from './xlsx-scan';
import { parseAddress } from '../src/excel/address';
import type { FetchedValues } from '../src/excel/fetched-values';
import { type Delimiter, holdsPipeTable, sniffDelimiter } from './delimiter';
import { bulletListCells } from './bullet-list';
import { fencedBlockCells } from './fenced-blocks';

export type BomFileFormat = 'csv' | 'xlsx' | 'xls' | 'ods' | 'html';

/** The widest row a BOM file may have (bom-limits.ts). */
export { MAX_COLUMNS };
export { type Delimiter, sniffDelimiter };
export { decodeText };

export interface BomFile {
  format: BomFileFormat;
  cells: Cell[][];
  /** For CSV: the delimiter found. */
  delimiter?: Delimiter;
  /** For CSV: how the bytes were decoded. */
  encoding?: TextEncodingName;
  /** For XLSX: the sheet's ranges merged over several rows (an item's cells merged down), in `cells`' rows and columns. */
  merged?: MergedRange[];
  /** For XLSX and XLS: the sheet read, and every sheet of the workbook. */
  sheetName?: string;
  sheetNames?: string[];
  /** For a workbook read without --sheet: how its sheets were judged and which was read (src/bom/sheets.ts). */
  sheetChoice?: SheetChoice;
  /** Things worth telling the user that did not stop the reading. */
  warnings: string[];
  /** For a share-safe copy of an XLSX file: its PARTS cells and the other sheets holding any (cli/parts-cells.ts). */
  fetched?: FetchedValues;
}

export interface ReadBomFileOptions {
  /** XLSX and XLS only: the sheet to read, by name (case-insensitive). Default the first sheet. */
  sheet?: string;
}

export { BomFileError };

/** One shared row for every blank row: a million blank lines cost a million pointers, not a million arrays. */
const BLANK_ROW: Cell[] = [];

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/**
 * The delimiter of a priced CSV/TSV file: --delimiter when given (comma, tab, semicolon, pipe or the character
 * itself), else by the output's extension: .tsv and .tab are tab-separated, anything else comma-separated,
 * whatever the input used. Throws BomFileError for a delimiter it does not know.
 */
export function outputDelimiter(outPath: string, option?: string): Delimiter {
  if (option !== undefined) {
    const named: Record<string, Delimiter> = {
      comma: ',',
      ',': ',',
      tab: '\t',
      '\\t': '\t',
      '\t': '\t',
      semicolon: ';',
      ';': ';',
      pipe: '|',
      '|': '|',
    };
    const d = named[option.trim().toLowerCase()] ?? named[option];
    if (d === undefined) throw new BomFileError(`--delimiter must be comma, tab, semicolon or pipe; got '${option}'`);
    return d;
  }
  const ext = extname(outPath).toLowerCase();
  return ext === '.tsv' || ext === '.tab' ? '\t' : ',';
}

export function delimiterName(d: Delimiter): string {
  return d === '\t' ? 'tab' : d === ',' ? 'comma' : d === ';' ? 'semicolon' : d === ':' ? 'colon' : 'pipe';
}

function trimTrailingBlankRows(rows: Cell[][]): Cell[][] {
  let end = rows.length;
  while (end > 0 && isBlankRow(rows[end - 1])) end--;
  return rows.slice(0, end);
}

/** A parsed row as kept: its trailing empty fields dropped, one shared empty row when nothing is left. */
function keptRow(row: string[], rowNumber: number, budget: RowBudget): Cell[] {
  let width = row.length;
  while (width > 0 && row[width - 1].trim() === '') width--;
  if (width > MAX_COLUMNS) throw tooWide(rowNumber, width);
  let filled = 0;
  for (let i = 0; i < width; i++) if (row[i].trim() !== '') filled++;
  budget.add(filled);
  return width === 0 ? BLANK_ROW : row.length > MAX_COLUMNS ? row.slice(0, width) : row;
}

/**
 * Parses delimited text into rows of strings, the delimiter sniffed unless given. Rows are taken one at a time and
 * counted against the row and cell limits (cli/bom-limits.ts): the parser stops at the first row over one.
 */
/**
 * The grid of a text a reader other than the delimiter's cut into rows (a report of records, reStructuredText tables,
 * fixed-width columns): each row kept within the cell budget, trailing blank rows gone, and `note` said of it.
 */
function linesRead(
  rows: readonly string[][],
  note: string,
): { cells: Cell[][]; delimiter: Delimiter; warnings: string[] } {
  const budget = new RowBudget();
  const cells = rows.map((row, i) => keptRow(row, i + 1, budget));
  return { cells: trimTrailingBlankRows(cells), delimiter: ',', warnings: [note] };
}

/**
 * Markdown emphasis: asterisks or underscores around a word or words at a word's edges ("*PiOLED* display",
 * "_NE555_"), never around a bracket ("(*)"); strong emphasis inside a word too ("LI-IMX219-NANO-**H145**").
 */
const EMPHASIS = /(^|[\s(])(\*{1,3}|_{1,2})(?=[^\s)*_])([^*_]*?[^\s(*_])\2(?=$|[\s).,:;!?])/g;
const STRONG = /\*\*([^\s*](?:[^*]*[^\s*])?)\*\*/g;
/** A Markdown backslash escape of a punctuation character. */
const MARKDOWN_ESCAPE = /\\([!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~])/g;
/** A Markdown reference link ("[514-1897][url_5141897]") and the definition of its label ("[url_5141897]: https://…"). */
const REFERENCE_LINK = /\[([^[\]]{1,80})\]\[([^[\]]{0,40})\]/g;
const LINK_DEFINITION = /^ {0,3}\[([^[\]]{1,40})\]:\s*\S/gm;

/**
 * A cell's reference links whose labels the page defines, as the page shows them: their text. Others ("C[0][1]",
 * "24LC256[I][SN]") are text as written.
 */
function referenceLinksRead(cell: string, labels: ReadonlySet<string>): string {
  return cell.replace(REFERENCE_LINK, (whole: string, text: string, label: string) =>
    labels.has((label === '' ? text : label).toLowerCase()) ? text : whole,
  );
}

export function parseDelimited(
  text: string,
  delimiter?: Delimiter,
): { cells: Cell[][]; delimiter: Delimiter; warnings: string[] } {
  // Line ends as a spreadsheet reads them: CR LF, LF and a lone CR each end a line ("\r\r\n", written by some
  // Windows tools, is a line and an empty line), so that a line's first field starts with its quote.
  const raw = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // Most files end their lines one way, which the parser finds itself; a lone CR, or lines ended both ways (a list
  // edited by hand: one LF among CR LFs), need the text rewritten.
  const mixed = /\r(?!\n)/.test(raw) || (raw.includes('\r\n') && /(?:^|[^\r])\n/.test(raw));
  const body = mixed ? raw.replace(/\r\n?/g, '\n') : raw;
  const report = delimiter === undefined ? recordReportCells(body) : null;
  if (report !== null)
    return linesRead(
      report,
      'read as a report of records (a count and labelled fields per part, its designators under them)',
    );
  const rst = delimiter === undefined ? rstTableCells(body) : null;
  if (rst !== null)
    return linesRead(
      rst,
      'read as reStructuredText tables (list tables and simple tables), a row on its line of the text',
    );
  const fixed = delimiter === undefined ? fixedWidthStarts(body) : null;
  if (fixed !== null)
    return linesRead(
      cutFixedWidth(body, fixed),
      `columns cut where the header's names start (text aligned with spaces, ${fixed.starts.length} columns)`,
    );
  const listed = delimiter === undefined ? positionsBesideText(body) : null;
  if (listed !== null)
    return linesRead(
      cutFixedWidth(body, listed),
      'read as a list of positions, each beside its text (lined up with spaces, no header)',
    );
  // Whether the text holds a Markdown table, asked once: a bullet list is none of it, and its cells quote nothing.
  const pipeTable = delimiter === undefined || delimiter === '|' ? holdsPipeTable(body) : false;
  // A page's parts in code blocks, records that count parts, before any bullet list beside them (a tools list).
  const fenced = delimiter === undefined && !pipeTable ? fencedBlockCells(body) : null;
  if (fenced !== null) return linesRead(fenced, "read from the page's code blocks, a record a line");
  const bullets = delimiter === undefined && !pipeTable ? bulletListCells(body) : null;
  if (bullets !== null) return linesRead(bullets, 'read as a bullet list, each item a count and what it is');
  const d = delimiter ?? sniffDelimiter(body);
  const aligned = delimiter === undefined && d === '\t' ? tabAlignedCells(body) : null;
  if (aligned !== null)
    return linesRead(
      aligned,
      'columns lined up with tabs (stops every 8 characters), cut where the header names start',
    );
  const budget = new RowBudget();
  const cells: Cell[][] = [];
  let unclosedQuoteRow: number | undefined;
  let refused: unknown;
  // A Markdown table quotes nothing: an inch mark in a cell (1/4" jack) is text, never a quoted field's start.
  const markdown = d === '|' && pipeTable;
  const labels = new Set(markdown ? [...body.matchAll(LINK_DEFINITION)].map((m) => m[1].toLowerCase()) : []);
  Papa.parse<string[]>(body, {
    delimiter: d,
    ...(markdown ? { quoteChar: '\u0001' } : {}),
    ...(body === raw ? {} : { newline: '\n' as const }),
    skipEmptyLines: false,
    step: (results, parser) => {
      const rowNumber = cells.length + 1;
      if (unclosedQuoteRow === undefined && results.errors.some((e) => e.type === 'Quotes'))
        unclosedQuoteRow = rowNumber;
      try {
        // A Markdown cell's emphasis ("*PiOLED* display", "**2**") is its text, its backslash escapes ("\#", "\*",
        // "\_") the characters they escape, its reference links their text.
        const data = markdown
          ? results.data.map((t) =>
              referenceLinksRead(t, labels)
                .replace(EMPHASIS, '$1$3')
                .replace(STRONG, '$1')
                .replace(MARKDOWN_ESCAPE, '$1'),
            )
          : results.data;
        cells.push(keptRow(data, rowNumber, budget));
      } catch (e) {
        refused = e;
        parser.abort();
      }
    },
  });
  if (refused !== undefined) throw refused;
  // Quotes inside quoted fields left unescaped run a field on past its end (the CSV reader says a quote is not
  // closed where it is): read a line to a row instead, where every line reads so (quoted-lines.ts).
  const byLine = unclosedQuoteRow !== undefined ? quotedLineCells(body, d) : null;
  if (byLine !== null)
    return linesRead(
      byLine,
      'read a line to a row: its fields are quoted whole, the quotes inside them left as written',
    );
  const warnings: string[] = [];
  // The CSV reader reads a quote inside a quoted field as text where a delimiter does not follow it (0.1" header):
  // only a cell running over lines took in the rest of the file.
  const ranOn = cells.slice((unclosedQuoteRow ?? 1) - 1).some((row) => row.some((c) => String(c).includes('\n')));
  if (unclosedQuoteRow !== undefined)
    warnings.push(
      ranOn
        ? `a quoted field is not closed near row ${unclosedQuoteRow}; the rest of the file was read as part of it`
        : `a quote inside a quoted field near row ${unclosedQuoteRow} was read as part of its text`,
    );
  return { cells: trimTrailingBlankRows(cells), delimiter: d, warnings };
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** A date cell as text: "yyyy-mm-dd", with " hh:mm" when it has a time. Excel dates come back as UTC. */
export function dateText(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  const day = `${date.getUTCFullYear()}-${pad2(date.getUTCMonth() + 1)}-${pad2(date.getUTCDate())}`;
  const h = date.getUTCHours();
  const m = date.getUTCMinutes();
  return h === 0 && m === 0 ? day : `${day} ${pad2(h)}:${pad2(m)}`;
}

/** An exceljs cell value as what a user sees: rich text and hyperlinks as their text, formulas as their result, dates as text. */
export function xlsxCellValue(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return dateText(value);
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (Array.isArray(v.richText))
      return (v.richText as Array<{ text?: unknown }>).map((r) => (typeof r.text === 'string' ? r.text : '')).join('');
    if ('formula' in v || 'sharedFormula' in v) return xlsxCellValue(v.result);
    if ('hyperlink' in v || 'text' in v) return xlsxCellValue(v.text);
    if (typeof v.error === 'string') return v.error;
  }
  return null;
}

/** Cells written empty that exceljs is given as they are; more, and the workbook is loaded without them. */
const EMPTY_CELLS_KEPT = 100_000;

/** The cells of one sheet of an XLSX workbook. */
export async function parseXlsx(
  buf: Buffer,
  options: ReadBomFileOptions = {},
): Promise<{ cells: Cell[][]; sheetName: string; sheetNames: string[]; merged: MergedRange[] }> {
  // Before exceljs expands it: a workbook over a limit is refused while it is being measured; one whose sheets
  // write many cells empty (LibreOffice's formatted rows out to column XFD) is loaded without them.
  const { emptyCells } = await checkXlsxSize(buf);
  const loaded = emptyCells > EMPTY_CELLS_KEPT ? await withoutEmptyCells(buf) : buf;
  const workbook = new (loadExcelJs().Workbook)();
  try {
    // exceljs declares its own Buffer type (an ArrayBuffer); it takes a Node Buffer at run time.
    await workbook.xlsx.load(loaded as unknown as Parameters<typeof workbook.xlsx.load>[0]);
  } catch (e) {
    throw new BomFileError(
      `not a readable XLSX workbook (${e instanceof Error ? e.message.split('\n')[0] : String(e)})`,
    );
  }
  // A very hidden sheet is a program's data (an add-in's records), never a BOM a user made: it is not read.
  const sheets = workbook.worksheets.filter((s) => s.state !== 'veryHidden');
  const sheetNames = sheets.map((s) => s.name);
  if (sheets.length === 0) throw new BomFileError('the workbook has no sheets');
  const sheet = sheets[sheetNamed(sheetNames, options.sheet)];
  const cells: Cell[][] = [];
  // Only rows that hold something are visited: the blank rows between them share one empty row.
  sheet.eachRow({ includeEmpty: false }, (row, r) => {
    // The row is as wide as its last cell that holds something, as a CSV row without its trailing empty
    // fields: a formatted empty cell at column XFD widens nothing.
    const out: Cell[] = [];
    let width = 0;
    row.eachCell({ includeEmpty: false }, (cell, c) => {
      // A merged range's value belongs to its top-left cell only.
      const value = cell.isMerged && cell.master !== cell ? null : xlsxCellValue(cell.value);
      if (value === null) return;
      while (out.length < c - 1) out.push(null);
      out.push(value);
      if (typeof value !== 'string' || value.trim() !== '') width = c;
    });
    if (width > MAX_COLUMNS) throw tooWide(r, width);
    out.length = width;
    while (cells.length < r - 1) cells.push(BLANK_ROW);
    cells.push(width === 0 ? BLANK_ROW : out);
  });
  return { cells: trimTrailingBlankRows(cells), sheetName: sheet.name, sheetNames, merged: mergedDown(sheet) };
}

/** The ranges of a sheet merged over two rows or more ("C22:C27"), 0-based. */
function mergedDown(sheet: ExcelJS.Worksheet): MergedRange[] {
  const out: MergedRange[] = [];
  const merges = (sheet.model as { merges?: unknown }).merges;
  for (const address of Array.isArray(merges) ? merges : []) {
    let block;
    try {
      block = typeof address === 'string' && address.includes(':') ? parseAddress(address) : null;
    } catch {
      block = null;
    }
    if (block === null || block.rows < 2) continue;
    out.push({
      top: block.row,
      left: block.column,
      bottom: block.row + block.rows - 1,
      right: block.column + block.columns - 1,
    });
  }
  return out;
}

function looksBinary(text: string): boolean {
  const sample = text.slice(0, 4096);
  let control = 0;
  for (let i = 0; i < sample.length; i++) {
    const code = sample.charCodeAt(i);
    if (code === 0) return true;
    if (code < 9 || (code > 13 && code < 32)) control++;
  }
  return control > sample.length * 0.05;
}

/**
 * Which reader a file needs: by its first bytes (a zip, an old workbook, an HTML page of tables), else by its
 * extension. A file named .xls is what its bytes are: an XLSX renamed, an old workbook, an HTML page, or text
 * (EasyEDA names its tab-separated UTF-16 export so).
 */
export function formatOf(path: string, buf: Buffer): BomFileFormat {
  const ext = extname(path).toLowerCase();
  // An OpenDocument spreadsheet is what its bytes say, whatever its name.
  if (buf.subarray(0, 4).equals(ZIP_MAGIC) && isOdsZip(buf)) return 'ods';
  // A file named .ods that is an XLSX workbook renamed (its zip lists the workbook's part) is read as one.
  if (ext === '.ods') return buf.subarray(0, 4).equals(ZIP_MAGIC) && buf.includes('xl/workbook.xml') ? 'xlsx' : 'ods';
  if (ext === '.xlsx' || ext === '.xlsm') return 'xlsx';
  if (buf.subarray(0, 4).equals(ZIP_MAGIC)) return 'xlsx';
  if (buf.subarray(0, 8).equals(OLE_MAGIC)) return 'xls';
  // A page of tables is what its text says, whatever its name: an HTML report, a web page saved as .xls.
  const { text } = decodeText(buf.subarray(0, 64 * 1024));
  if (isHtmlTable(text)) return 'html';
  if (isFlatOds(text)) return 'ods';
  // A Markdown page whose parts table is written in HTML (a README's <table> of parts, no pipe table): its tables are
  // read.
  if ((ext === '.md' || ext === '.markdown') && holdsHtmlPartsTable(text) && !holdsPipeTable(text)) return 'html';
  // Other markup saved as .xls is no table this reads: the workbook's error says to save it as .xlsx or CSV.
  if (ext === '.xls') return looksBinary(text) || /^\s*</.test(text) ? 'xls' : 'csv';
  return ext === '.html' || ext === '.htm' ? 'html' : 'csv';
}

/** An HTML page's tables, read once per file however many of them the sheet chooser reads. */
interface HtmlPage {
  tables: HtmlTable[];
  encoding: NonNullable<BomFile['encoding']>;
  /** A page without tables: the list it shows as text to copy, if any (pageTextBlock). */
  block: string | null;
}
const htmlPages = new WeakMap<Buffer, HtmlPage>();

function htmlPage(buf: Buffer): HtmlPage {
  const known = htmlPages.get(buf);
  if (known !== undefined) return known;
  const { text, encoding } = decodeText(buf);
  const tables = readHtmlTables(text);
  const page = { tables, encoding, block: tables.length === 0 ? pageTextBlock(text) : null };
  htmlPages.set(buf, page);
  return page;
}

/** Reads a BOM file already in memory; `name` gives the extension and the name in messages. */
export async function parseBomFile(name: string, buf: Buffer, options: ReadBomFileOptions = {}): Promise<BomFile> {
  if (buf.length > MAX_FILE_BYTES) throw new BomFileError(`${name}: ${fileTooLarge(buf.length).message}`);
  const format = formatOf(name, buf);
  if (format === 'xlsx' || format === 'xls' || format === 'ods') {
    try {
      const { cells, sheetName, sheetNames, merged } =
        format === 'xls'
          ? parseXls(buf, options)
          : format === 'ods'
            ? await parseOds(buf, options)
            : await parseXlsx(buf, options);
      return { format, cells, sheetName, sheetNames, ...(merged.length > 0 ? { merged } : {}), warnings: [] };
    } catch (e) {
      if (e instanceof BomFileError) throw new BomFileError(`${name}: ${e.message}`);
      throw e;
    }
  }
  if (format === 'html') {
    try {
      const { tables, encoding, block } = htmlPage(buf);
      // A page showing its list as delimited text (a shop's upload CSV to copy) is read as that text.
      if (block !== null && options.sheet === undefined) {
        const { cells, delimiter, warnings } = parseDelimited(block);
        return { format: 'csv', cells, delimiter, encoding, warnings: warnings.map((w) => `${name}: ${w}`) };
      }
      const { cells, sheetName, sheetNames, merged } = htmlSheet(tables, options);
      return { format, cells, sheetName, sheetNames, encoding, ...(merged.length > 0 ? { merged } : {}), warnings: [] };
    } catch (e) {
      if (e instanceof BomFileError) throw new BomFileError(`${name}: ${e.message}`);
      throw e;
    }
  }
  if (options.sheet !== undefined)
    throw new BomFileError(
      `${name}: --sheet applies to XLSX, XLS and ODS workbooks and HTML pages only; this is a text file`,
    );
  if (buf.length === 0) throw new BomFileError(`${name}: the file is empty`);
  const { text, encoding } = decodeText(buf);
  if (looksBinary(text))
    throw new BomFileError(`${name}: not a CSV, TSV, XLSX, XLS, ODS or HTML file (it holds binary data)`);
  let parsed: ReturnType<typeof parseDelimited>;
  try {
    parsed = parseDelimited(text);
  } catch (e) {
    if (e instanceof BomFileError) throw new BomFileError(`${name}: ${e.message}`);
    throw e;
  }
  if (parsed.cells.length === 0) throw new BomFileError(`${name}: the file is empty`);
  return {
    format: 'csv',
    cells: parsed.cells,
    delimiter: parsed.delimiter,
    encoding,
    warnings: parsed.warnings.map((w) => `${name}: ${w}`),
  };
}

/**
 * Reads a BOM file from disk, a pipe or a device, within the size cap (read-capped.ts). Throws BomFileError with a
 * one-line message for anything that stops it.
 */
export async function readBomFile(path: string, options: ReadBomFileOptions = {}): Promise<BomFile> {
  return parseBomFile(path, await readCappedFile(path), options);
}
