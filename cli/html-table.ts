/**
 * The tables of an HTML page read as a BOM's cells: the page some tools write their BOM as (KiCad's bom2html, gEDA's
 * genbom, KiBot's, Altium's and Fritzing's reports) or a web page saved under a spreadsheet's name. Each table is a
 * sheet, named by its caption, else the heading above it, else its place ("Table 2"); a table nested in another's
 * cell is a sheet of its own as well as that cell's text (a BOM laid out inside a page's frame is found so). A cell
 * is its text as a browser shows it: tags left out (scripts, styles and comments with all they hold), character
 * references decoded, white space run together, a line break where <br> or a paragraph ends, a text box's value
 * (shownValue); a cell or caption left
 * open ends where the next begins. Cells spanning columns or rows leave what they cover empty, a range over two rows
 * or more kept as merged, as the workbook readers keep it. The page is read in one pass, within a workbook's limits.
 */
import type { Cell, MergedRange } from '../src/bom';
import { BomFileError } from './bom-file-error';
import { MAX_CELLS, MAX_COLUMNS, MAX_SHEET_ROWS, tooManyCells, tooManySheetRows, tooWide } from './bom-limits';
import {
  GridBuilder,
  MAX_CELL_TEXT,
  RowBuilder,
  XML_ENTITIES,
  decodeReferences,
  withoutTrailingSpaces,
} from './grid-builder';
import { sheetNamed } from './sheet-named';
import { matchHeader } from '../src/bom/header';
import { joinSections } from './html-sections';

export interface HtmlTable {
  name: string;
  rows: Cell[][];
  merged: MergedRange[];
  /** The page's tables it holds, by their place among its <table> tags (one, or a list's sections joined). */
  places: number[];
  /** The page's text between the table before and this one, headings' tags' text left out. */
  before?: string;
  /** The tables joined into this one, each as the page has it (a section `--sheet` may name). */
  sections?: HtmlTable[];
}

/** What a page starts with (after white space, an XML declaration and comments): a page, or a piece of one. */
const PAGE_START = /^<(?:!doctype\s+html|html|head|body)\b/i;
const PIECE_START = /^<(?:table|meta|title|div|style|p|h[1-6])\b/i;

/**
 * Whether a file's text (its first bytes) is an HTML page: it starts as one (a doctype, <html>, <head>, <body>), or
 * as a piece of one (<table>, <div>, <style>…) with table rows and cells in it. A text whose first cell reads
 * "<table of parts>" is none. Comments are skipped by searching for their end, never by a pattern that could
 * backtrack.
 */
export function isHtmlTable(text: string): boolean {
  let at = text.search(/\S/);
  if (at < 0) return false;
  if (text.startsWith('<?xml', at)) {
    const end = text.indexOf('?>', at);
    if (end < 0) return false;
    at = text.slice(end + 2).search(/\S/) + end + 2;
  }
  for (let skipped = 0; text.startsWith('<!--', at) && skipped < 100; skipped++) {
    const end = text.indexOf('-->', at + 4);
    if (end < 0) return false;
    const next = text.slice(end + 3).search(/\S/);
    if (next < 0) return false;
    at = end + 3 + next;
  }
  const start = text.slice(at, at + 32);
  if (PAGE_START.test(start)) return true;
  return PIECE_START.test(start) && /<tr\b[^<>]*>/i.test(text) && /<t[dh]\b[^<>]*>/i.test(text);
}

/**
 * Whether a text (a Markdown page, say) holds an HTML table of parts: a table one of whose first rows names two of a
 * BOM's columns or more, or opens with a column of names beside one of counts ("Name | Count | Remarks", as a build
 * guide's table reads). A gallery of pictures, a layout table or a keymap's "Layer | Count | Notes" names none.
 */
export function holdsHtmlPartsTable(text: string): boolean {
  const at = text.search(/<table\b[^<>]*>/i);
  if (at < 0 || !/<tr\b[^<>]*>\s*<t[dh]\b/i.test(text.slice(at))) return false;
  return readHtmlTables(text).some((t) =>
    t.rows.slice(0, 3).some((row) => {
      const cells = row.filter((c): c is string => typeof c === 'string' && c.trim() !== '');
      const fields = cells.map((c) => matchHeader(c));
      if (fields.filter((f) => f !== null).length >= 2) return true;
      return (
        cells.length >= 3 &&
        NAMES_HEADER.test(cells[0].trim()) &&
        fields.some((f) => f?.field === 'quantity' && f.strength >= 3)
      );
    }),
  );
}

/** A first column's header naming what each row is, or counting them: "Name", "Item", "Part", "Komponente", "#". */
const NAMES_HEADER =
  /^(?:names?|items?|parts?|components?|komponenten?|bauteile?|teile?|articles?|artikel|bezeichnung|nom|nombre|nome|pos\.?|#)$/i;

/** A tag's name after its '<' and slash, or another markup's start ("<!DOCTYPE", "<?xml"). */
const TAG_NAME = /\/?([a-zA-Z][a-zA-Z0-9]*)|[!?]/y;

/**
 * Where the tag at `lt` ends (past its '>'), reading its attributes as a browser does: a '>' in a quoted value is the
 * value's, a quote never closed takes the rest of the page. -1 where no tag starts ('<' then no name, or a '<'
 * before the tag's end): the '<' is text. Every character is read once: a tag ends before the next '<' outside
 * quotes, and the text after it is read from there.
 */
function tagEnd(html: string, from: number): number {
  let quote = '';
  for (let i = from; i < html.length; i++) {
    const ch = html[i];
    if (quote !== '') {
      if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '>') return i + 1;
    else if (ch === '<') return -1;
  }
  return quote === '' ? -1 : html.length;
}

type Token = { text: string } | { closing: boolean; tag: string; attrs: string };

/**
 * The page's text and tags in order: comments, scripts and styles left out with all they hold (each end searched
 * once, from where it starts), markup of other kinds (a doctype) skipped, a '<' that starts no tag kept as text
 * ("ESR <0.1Ω"). Text is cut where a '<' stands, never matched by a pattern: one pass over the page, whatever it holds.
 */
function* htmlTokens(html: string): Generator<Token> {
  let at = 0;
  while (at < html.length) {
    const lt = html.indexOf('<', at);
    if (lt < 0) {
      yield { text: html.slice(at) };
      return;
    }
    if (lt > at) yield { text: html.slice(at, lt) };
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      at = end < 0 ? html.length : end + 3;
      continue;
    }
    TAG_NAME.lastIndex = lt + 1;
    const name = TAG_NAME.exec(html);
    const end = name === null ? -1 : tagEnd(html, TAG_NAME.lastIndex);
    if (name === null || end < 0) {
      yield { text: '<' };
      at = lt + 1;
      continue;
    }
    at = end;
    if (name[1] === undefined) continue;
    const tag = name[1].toLowerCase();
    const closing = html[lt + 1] === '/';
    if ((tag === 'script' || tag === 'style') && !closing) {
      const end = new RegExp(`</${tag}\\s*>`, 'gi');
      end.lastIndex = at;
      at = end.exec(html) === null ? html.length : end.lastIndex;
      continue;
    }
    yield { closing, tag, attrs: html.slice(TAG_NAME.lastIndex, end - 1) };
  }
}

/** The named references a BOM's text uses beyond XML's own: spaces, letters of European languages, signs, Greek. */
const HTML_ENTITIES: Readonly<Record<string, string>> = {
  ...XML_ENTITIES,
  nbsp: '\u00a0',
  micro: 'µ',
  ohm: 'Ω',
  deg: '°',
  plusmn: '±',
  times: '×',
  divide: '÷',
  middot: '·',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
  copy: '©',
  reg: '®',
  trade: '™',
  sup2: '²',
  sup3: '³',
  frac12: '½',
  frac14: '¼',
  le: '≤',
  ge: '≥',
  ne: '≠',
  asymp: '≈',
  infin: '∞',
  szlig: 'ß',
  ...letters('uml', 'aeiouyAEIOU', 'äëïöüÿÄËÏÖÜ'),
  ...letters('acute', 'aeiouyAEIOUY', 'áéíóúýÁÉÍÓÚÝ'),
  ...letters('grave', 'aeiouAEIOU', 'àèìòùÀÈÌÒÙ'),
  ...letters('circ', 'aeiouAEIOU', 'âêîôûÂÊÎÔÛ'),
  ...letters('tilde', 'anoANO', 'ãñõÃÑÕ'),
  ...letters('cedil', 'cC', 'çÇ'),
  ...letters('slash', 'oO', 'øØ'),
  ...letters('ring', 'aA', 'åÅ'),
  ...Object.fromEntries(
    ['Alpha', 'Beta', 'Gamma', 'Delta', 'Theta', 'Lambda', 'Mu', 'Pi', 'Sigma', 'Tau', 'Phi', 'Omega'].flatMap(
      (n, i) => [
        [n, 'ΑΒΓΔΘΛΜΠΣΤΦΩ'[i]],
        [n.toLowerCase(), 'αβγδθλμπστφω'[i]],
      ],
    ),
  ),
};

function letters(mark: string, bases: string, marked: string): Record<string, string> {
  return Object.fromEntries([...bases].map((b, i) => [`${b}${mark}`, marked[i]]));
}

/** Where a cell's text breaks a line (<br>, a paragraph's end): kept through the running together of white space. */
const BREAK = '\u0000';

/** A cell's text as a browser shows it; null when it shows nothing. */
function shownText(raw: string): Cell {
  // The references browsers read without their semicolon (an old page's "&nbsp"), then every one; then each run of
  // white space is one space, or one line break where a break stands in it.
  const decoded = decodeReferences(raw.replace(/&(nbsp|amp|lt|gt|quot)(?![\w;])/gi, '&$1;'), HTML_ENTITIES);
  const text = decoded
    .replace(/[\s\u0000]+/g, (run) => (run.includes(BREAK) ? '\n' : ' '))
    .trim()
    .slice(0, MAX_CELL_TEXT);
  return text === '' ? null : text;
}

/** A span attribute's count (`colspan="3"`; never another attribute ending so, "data-colspan"), 1 when none. */
function span(attrs: string, name: 'colspan' | 'rowspan'): number {
  const m = new RegExp(`(?:^|\\s)${name}\\s*=\\s*["']?\\s*(\\d{1,7})`, 'i').exec(attrs);
  return m === null ? 1 : Math.max(1, Number(m[1]));
}

/** How much of the page's text has been taken into cells: every table of it within one workbook's limits. */
interface PageBudget {
  cells: number;
  rows: number;
}

/** One table being read: its rows, the columns a cell above still covers, the cell and the row open. */
class TableBuilder {
  private readonly grid = new GridBuilder();
  private row: RowBuilder | null = null;
  private cell: { text: string; columns: number; rows: number } | null = null;
  /** Columns covered by a cell spanning rows from above: the last row (0-based) each covers. */
  private readonly covered = new Map<number, number>();
  private caption: string | null = null;
  private captionText = '';

  constructor(
    /** The table's place among the page's tables, in the order they start. */
    readonly index: number,
    private readonly budget: PageBudget,
  ) {}

  text(raw: string): void {
    if (this.caption !== null) {
      if (this.captionText.length < 400) this.captionText += raw.slice(0, 400);
    } else if (this.cell !== null && this.cell.text.length < MAX_CELL_TEXT * 2)
      this.cell.text += raw.slice(0, MAX_CELL_TEXT * 2 - this.cell.text.length);
  }

  startCaption(): void {
    this.caption = '';
  }

  /** A caption ends at its close, or where the table's rows begin. */
  endCaption(): void {
    if (this.caption !== null) this.caption = null;
  }

  startRow(): void {
    this.endCaption();
    this.endRow();
    this.row = new RowBuilder(this.grid.at + 1);
  }

  startCell(attrs: string): void {
    this.endCaption();
    this.endCell();
    if (this.row === null) this.startRow();
    this.cell = { text: '', columns: span(attrs, 'colspan'), rows: Math.min(span(attrs, 'rowspan'), 65_534) };
  }

  endCell(): void {
    const { row, cell } = this;
    if (row === null || cell === null) return;
    this.cell = null;
    // Places nothing in the columns a cell above still spans, as a browser lays them out.
    const top = this.grid.at;
    while ((this.covered.get(row.at) ?? -1) >= top) row.add(null, 1);
    const left = row.at;
    if (left + cell.columns > MAX_COLUMNS) throw tooWide(top + 1, left + cell.columns);
    const value = shownText(cell.text);
    const filled = row.add(value, 1);
    this.grid.countCells(filled);
    this.budget.cells += filled;
    if (this.budget.cells > MAX_CELLS) throw tooManyCells('the page has', 'cells that hold something');
    if (cell.columns > 1) row.add(null, cell.columns - 1);
    if (cell.rows > 1) {
      for (let c = left; c < left + cell.columns; c++) this.covered.set(c, top + cell.rows - 1);
      if (value !== null)
        this.grid.merged.push({ top, left, bottom: top + cell.rows - 1, right: left + cell.columns - 1 });
    }
  }

  endRow(): void {
    this.endCell();
    const { row } = this;
    if (row === null) return;
    this.row = null;
    this.grid.addRow(withoutTrailingSpaces(row.cells), 1);
    if (++this.budget.rows > MAX_SHEET_ROWS) throw tooManySheetRows();
  }

  finish(heading: string): HtmlTable {
    this.endRow();
    const caption = shownText(this.captionText);
    const name = typeof caption === 'string' ? caption : heading !== '' ? heading : `Table ${this.index + 1}`;
    return {
      name: name.replace(/\n/g, ' ').slice(0, 100),
      rows: this.grid.rows,
      merged: this.grid.merged,
      places: [this.index],
    };
  }
}

const BREAKING = new Set(['br', 'p', 'div', 'li', 'tr']);
/** Tables nested deeper than this are their cell's text only (no page lays a BOM out deeper). */
const MAX_NESTING = 8;

/**
 * What a form's box shows: a text or number box its value (a saved cart's order quantity, `<input type="text"
 * value="4">`), with a space either side; a box of another kind (hidden, a check box, a button) nothing.
 */
function shownValue(attrs: string): string {
  const type = /(?:^|\s)type\s*=\s*["']?([a-z]+)/i.exec(attrs)?.[1]?.toLowerCase() ?? 'text';
  const value = /(?:^|\s)value\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(attrs);
  if (value === null || !['text', 'number', 'tel'].includes(type)) return '';
  return ` ${decodeReferences(value[1] ?? value[2] ?? value[3] ?? '', XML_ENTITIES).slice(0, MAX_CELL_TEXT)} `;
}

/** Every table of the page that has rows, in the order they start, each named (see the file's comment). */
export function readHtmlTables(html: string): HtmlTable[] {
  const done: { at: number; table: HtmlTable }[] = [];
  const finish = (t: TableBuilder): void => {
    done.push({ at: t.index, table: t.finish(lastHeading) });
  };
  const open: TableBuilder[] = [];
  const budget: PageBudget = { cells: 0, rows: 0 };
  let started = 0;
  let depthPast = 0;
  let heading: string | null = null;
  let lastHeading = '';
  let gap = '';
  const before = new Map<number, string>();
  for (const token of htmlTokens(html)) {
    const table = open[open.length - 1];
    if ('text' in token) {
      // Text goes to the cell open in every table it lies in (a nested table is its cell's text too).
      for (const t of open) t.text(token.text);
      if (open.length === 0 && heading !== null && heading.length < 400) heading += token.text.slice(0, 400);
      else if (open.length === 0 && gap.length < 2000) gap += token.text.slice(0, 2000);
      continue;
    }
    const { tag, attrs } = token;
    const closing = token.closing ? '/' : '';
    if (tag === 'table' && (open.length < MAX_NESTING || (closing === '/' && depthPast === 0))) {
      if (closing === '') {
        for (const t of open) t.text(' ');
        if (open.length === 0) {
          before.set(started, gap);
          gap = '';
        }
        open.push(new TableBuilder(started++, budget));
      } else if (table !== undefined) finish(open.pop() as TableBuilder);
      continue;
    }
    if (tag === 'table') {
      // A table nested past MAX_NESTING: its tags are spaces in the cells open, its end matched to its start.
      depthPast += closing === '' ? 1 : -1;
      for (const t of open) t.text(' ');
      continue;
    }
    if (table === undefined) {
      if (/^h[1-6]$/.test(tag)) {
        if (closing === '') heading = '';
        else if (heading !== null) {
          lastHeading = String(shownText(heading) ?? '').replace(/\n/g, ' ');
          heading = null;
        }
      }
      continue;
    }
    for (const t of open.slice(0, -1)) t.text(BREAKING.has(tag) ? BREAK : ' ');
    if (depthPast > 0) table.text(BREAKING.has(tag) ? BREAK : ' ');
    else if (tag === 'caption') {
      if (closing === '') table.startCaption();
      else table.endCaption();
    } else if (tag === 'tr') {
      if (closing === '') table.startRow();
      else table.endRow();
    } else if (tag === 'td' || tag === 'th') {
      if (closing === '') table.startCell(attrs);
      else table.endCell();
    } else if (tag === 'br' || (closing === '/' && BREAKING.has(tag))) table.text(BREAK);
    else if (tag === 'input') table.text(shownValue(attrs));
  }
  while (open.length > 0) finish(open.pop() as TableBuilder);
  return joinSections(
    done
      .sort((a, b) => a.at - b.at)
      .map((d) => ({ ...d.table, before: before.get(d.at) ?? '' }))
      .filter((t) => t.rows.length > 0),
  );
}

/** One table of a page's tables: the one named (case-insensitive), else the first. */
export function htmlSheet(tables: readonly HtmlTable[], options: { sheet?: string } = {}) {
  if (tables.length === 0) throw new BomFileError('the page has no table with rows');
  // Two tables named alike ("Table" twice) are told apart by their place.
  const seen = new Map<string, number>();
  const sheetNames = tables.map((t) => {
    const n = (seen.get(t.name.toLowerCase()) ?? 0) + 1;
    seen.set(t.name.toLowerCase(), n);
    return n === 1 ? t.name : `${t.name} (${n})`;
  });
  // A section of a list joined from several tables, named by its heading, is that section alone.
  const wanted = options.sheet?.trim().toLowerCase();
  const section = tables.flatMap((t) => t.sections ?? []).find((t) => t.name.toLowerCase() === wanted);
  if (section !== undefined)
    return { cells: section.rows, sheetName: section.name, sheetNames, merged: section.merged };
  const index = sheetNamed(sheetNames, options.sheet);
  const { rows, merged } = tables[index];
  return { cells: rows, sheetName: sheetNames[index], sheetNames, merged };
}

/** One table of an HTML page's text (see htmlSheet). */
export function parseHtmlTables(html: string, options: { sheet?: string } = {}) {
  return htmlSheet(readHtmlTables(html), options);
}

/** The largest text block a page without tables is read from. */
const MAX_BLOCK = 2_000_000;

/**
 * A page with no table that shows its list as text to copy ("Copy to Clipboard" over a <textarea> of CSV, a <pre>
 * block): that block's text, references decoded, with the lines before it left blank so that each of its lines keeps
 * its line number on the page. The first block of three lines or more of which three hold a comma, a semicolon or a
 * tab (a list's fields, not a command to type), a <textarea> before any <pre>; else null. Each closing tag is searched
 * once, from its opening tag on: a page of many blocks is read in one pass.
 */
export function pageTextBlock(html: string): string | null {
  for (const tag of ['textarea', 'pre']) {
    const open = new RegExp(`<${tag}\\b[^>]*>`, 'gi');
    const close = new RegExp(`</${tag}\\s*>`, 'gi');
    for (let m = open.exec(html); m !== null; m = open.exec(html)) {
      const start = m.index + m[0].length;
      close.lastIndex = start;
      const end = close.exec(html);
      if (end === null) break;
      open.lastIndex = end.index + end[0].length;
      const body = html.slice(start, end.index);
      if (body.length > MAX_BLOCK || (tag === 'pre' && body.includes('<'))) continue;
      const fielded = body.split('\n').filter((line) => /[,;\t]/.test(line)).length;
      if (fielded < 3) continue;
      const before = html.slice(0, start).split('\n').length - 1;
      return '\n'.repeat(before) + decodeReferences(body, HTML_ENTITIES);
    }
  }
  return null;
}
