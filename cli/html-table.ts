/**
 * The tables of an HTML page read as a BOM's cells: the page some tools write their BOM as (KiCad's bom2html, gEDA's
 * genbom, Altium's and Fritzing's reports) or a web page saved under a spreadsheet's name. Each table is a sheet,
 * named by its caption, else the heading above it, else its place ("Table 2"); a table nested in a cell is that
 * cell's text. A cell is its text as a browser shows it: tags left out (scripts, styles and comments with all they
 * hold), character references decoded, white space run together, a line break where <br> or a paragraph ends; a
 * cell left open ends where the next begins. Cells spanning columns or rows fill what they span with nothing, a
 * range over two rows or more kept as merged, as the workbook readers keep it. The limits are a workbook's.
 */
import type { Cell, MergedRange } from '../src/bom';
import { BomFileError } from './bom-file-error';
import { GridBuilder, MAX_CELL_TEXT, RowBuilder, decodeReferences, withoutTrailingSpaces } from './grid-builder';
import { sheetNamed } from './sheet-named';

export interface HtmlTables {
  cells: Cell[][];
  sheetName: string;
  sheetNames: string[];
  merged: MergedRange[];
}

/** Whether a file's text is an HTML page with a table (what it starts with, and a table tag in it). */
export function isHtmlTable(text: string): boolean {
  return /^\s*(?:<\?xml[^<>]*>\s*)?(?:<!--[\s\S]{0,2000}?-->\s*)*<(?:!doctype\s+html|html|head|body|table|meta|title)\b/i.test(
    text.slice(0, 4096),
  )
    ? /<table\b/i.test(text)
    : false;
}

/**
 * A comment, a script or style with what it holds, a tag (closing slash, name, attributes), markup of another kind
 * (a doctype), text, or a '<' that starts none of them. No part scans past the next '<' but a comment's, a script's
 * or style's end, each searched once: one pass over the page whatever it holds.
 */
const TOKEN =
  /<!--[\s\S]*?(?:-->|$)|<(script|style)\b[^<>]*>[\s\S]*?(?:<\/\1\s*>|$)|<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b([^<>]*)>|<[!?][^<>]*>|([^<]+)|</gi;

/** The named references a BOM's text uses beyond XML's own: spaces, micro, ohm, degrees, plus-minus, quotes. */
const HTML_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  micro: 'µ',
  mu: 'μ',
  ohm: 'Ω',
  omega: 'ω',
  Omega: 'Ω',
  deg: '°',
  plusmn: '±',
  times: '×',
  middot: '·',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
  copy: '©',
  reg: '®',
  trade: '™',
  sup2: '²',
  frac12: '½',
};

/** Where a cell's text breaks a line (<br>, a paragraph's end): kept through the running together of white space. */
const BREAK = '\u0000';

function cellText(raw: string): Cell {
  const text = decodeReferences(raw.replace(/[ \t\r\n\f]+/g, ' '), HTML_ENTITIES)
    .replace(/\u00a0/g, ' ')
    .replace(/ *\u0000+ */g, '\n')
    .replace(/^\n+|\n+$/g, '')
    .trim()
    .slice(0, MAX_CELL_TEXT);
  return text === '' ? null : text;
}

function span(attrs: string, name: 'colspan' | 'rowspan'): number {
  const m = new RegExp(`\\b${name}\\s*=\\s*["']?\\s*(\\d{1,4})`, 'i').exec(attrs);
  return m === null ? 1 : Math.max(1, Math.min(Number(m[1]), 1_000));
}

interface TableRead {
  name: string;
  rows: Cell[][];
  merged: MergedRange[];
}

/** One table being read: its rows, the cells a span above still covers, the cell and the row open. */
class TableBuilder {
  private readonly grid = new GridBuilder();
  private row: RowBuilder | null = null;
  private cell: { text: string; columns: number; rows: number } | null = null;
  /** Columns covered by a cell spanning rows from above: the last row (0-based) each covers. */
  private readonly covered = new Map<number, number>();
  caption = '';

  constructor(private readonly index: number) {}

  text(raw: string): void {
    if (this.cell !== null && this.cell.text.length < MAX_CELL_TEXT * 2) this.cell.text += raw;
  }

  startRow(): void {
    this.endRow();
    this.row = new RowBuilder(this.grid.at + 1);
  }

  startCell(attrs: string): void {
    this.endCell();
    if (this.row === null) this.startRow();
    this.cell = { text: '', columns: span(attrs, 'colspan'), rows: span(attrs, 'rowspan') };
  }

  endCell(): void {
    const { row, cell } = this;
    if (row === null || cell === null) return;
    this.cell = null;
    this.skipCovered(row);
    const top = this.grid.at;
    const left = row.at;
    this.grid.countCells(row.add(cellText(cell.text), 1));
    if (cell.columns > 1) row.add(null, cell.columns - 1);
    if (cell.rows > 1) {
      for (let c = left; c < left + cell.columns; c++) this.covered.set(c, top + cell.rows - 1);
      this.grid.merged.push({ top, left, bottom: top + cell.rows - 1, right: left + cell.columns - 1 });
    }
  }

  /** Places nothing in the columns a cell above still spans, as a browser lays them out. */
  private skipCovered(row: RowBuilder): void {
    while ((this.covered.get(row.at) ?? -1) >= this.grid.at) row.add(null, 1);
  }

  endRow(): void {
    this.endCell();
    const { row } = this;
    if (row === null) return;
    this.row = null;
    const at = this.grid.at;
    this.grid.addRow(withoutTrailingSpaces(row.cells), 1);
    for (const [c, last] of this.covered) if (last <= at) this.covered.delete(c);
  }

  finish(heading: string): TableRead {
    this.endRow();
    const caption = cellText(this.caption);
    const name = typeof caption === 'string' ? caption : heading !== '' ? heading : `Table ${this.index + 1}`;
    return { name: name.replace(/\n/g, ' ').slice(0, 100), rows: this.grid.rows, merged: this.grid.merged };
  }
}

const CELL_BREAKS = new Set(['br', 'p', 'div', 'li', 'tr']);

/** Every table of the page, in order, with the text each is named by. */
function readTables(html: string): TableRead[] {
  const tables: TableRead[] = [];
  let table: TableBuilder | null = null;
  let depth = 0;
  let heading = '';
  let headingOpen = false;
  let inCaption = false;
  let lastHeading = '';
  for (const m of html.matchAll(TOKEN)) {
    const [, , closing, tagName, attrs, text] = m;
    if (text !== undefined) {
      if (inCaption && table !== null) table.caption += text;
      else if (table !== null) table.text(text);
      else if (headingOpen && heading.length < 400) heading += text;
      continue;
    }
    if (tagName === undefined) continue;
    const tag = tagName.toLowerCase();
    if (tag === 'table') {
      if (closing === '') {
        if (depth++ === 0) table = new TableBuilder(tables.length);
        else table?.text(' ');
      } else if (depth > 0 && --depth === 0 && table !== null) {
        tables.push(table.finish(lastHeading));
        table = null;
      }
      continue;
    }
    if (table === null) {
      if (/^h[1-6]$/.test(tag)) {
        headingOpen = closing === '';
        if (closing === '') heading = '';
        else lastHeading = String(cellText(heading) ?? '').replace(/\n/g, ' ');
      }
      continue;
    }
    if (depth > 1) {
      table.text(CELL_BREAKS.has(tag) ? BREAK : ' ');
      continue;
    }
    if (tag === 'caption') inCaption = closing === '';
    else if (tag === 'tr') {
      if (closing === '') table.startRow();
      else table.endRow();
    } else if (tag === 'td' || tag === 'th') {
      if (closing === '') table.startCell(attrs);
      else table.endCell();
    } else if (tag === 'br' || (closing === '/' && CELL_BREAKS.has(tag))) table.text(BREAK);
  }
  if (table !== null) tables.push(table.finish(lastHeading));
  return tables.filter((t) => t.rows.length > 0);
}

/** One table of an HTML page: the one named (case-insensitive), else the first that has rows. */
export function parseHtmlTables(html: string, options: { sheet?: string } = {}): HtmlTables {
  const tables = readTables(html);
  if (tables.length === 0) throw new BomFileError('the page has no table with rows');
  // Two tables named alike ("Table" twice) are told apart by their place.
  const seen = new Map<string, number>();
  const sheetNames = tables.map((t) => {
    const n = (seen.get(t.name.toLowerCase()) ?? 0) + 1;
    seen.set(t.name.toLowerCase(), n);
    return n === 1 ? t.name : `${t.name} (${n})`;
  });
  const index = sheetNamed(sheetNames, options.sheet);
  const { rows, merged } = tables[index];
  return { cells: rows, sheetName: sheetNames[index], sheetNames, merged };
}
