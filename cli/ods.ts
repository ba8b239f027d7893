/**
 * An OpenDocument spreadsheet (.ods, LibreOffice Calc's own format, or its flat XML .fods) read as a grid of cells: the
 * tables of its content.xml (a flat file's document), their rows and cells. A cell holds its number where it has one (office:value of a float, percentage
 * or currency cell), else its text (paragraphs joined by line breaks, spaces and tabs as written, comments left
 * out, the XML's own spaces and line breaks as written, as LibreOffice reads them). Repeated rows and cells are expanded only where something follows them (Calc writes the empty rest of a
 * sheet as one row repeated a million times); a range merged over two rows or more is kept as the XLSX reader keeps
 * it. The limits are those of every workbook: expanded bytes, rows, cells that hold something, columns.
 */
import type { Cell, MergedRange } from '../src/bom';
import { MAX_XLSX_EXPANDED_BYTES, expandsTooFar } from './bom-limits';
import { GridBuilder, MAX_CELL_TEXT, RowBuilder, decodeReferences, withoutTrailingSpaces } from './grid-builder';
import { sheetNamed } from './sheet-named';
import { BomFileError } from './bom-file-error';
import { ZipArchive } from './zip';

export interface OdsSheet {
  cells: Cell[][];
  sheetName: string;
  sheetNames: string[];
  merged: MergedRange[];
}

/** What an OpenDocument spreadsheet's first zip entry, "mimetype", holds, stored as is. */
const ODS_MIMETYPE = 'application/vnd.oasis.opendocument.spreadsheet';

/** How far into a file its root element is looked for (after the XML declaration and any comments). */
const FLAT_ROOT_LOOK = 64 * 1024;

/**
 * Whether a text is a flat OpenDocument spreadsheet (.fods, LibreOffice's "Flat XML ODF Spreadsheet"): the same
 * content as an .ods's content.xml, in one XML document not zipped, its root naming the spreadsheet's mimetype.
 */
export function isFlatOds(text: string): boolean {
  const root = /<office:document\b[^>]*>/.exec(text.slice(0, FLAT_ROOT_LOOK));
  return root !== null && root[0].includes(`office:mimetype="${ODS_MIMETYPE}"`);
}

/** Whether a zip's bytes are an OpenDocument spreadsheet's, by the mimetype entry it must begin with. */
export function isOdsZip(buf: Buffer): boolean {
  if (buf.length < 30 || buf.readUInt32LE(0) !== 0x04034b50 || buf.readUInt16LE(8) !== 0) return false;
  const nameLength = buf.readUInt16LE(26);
  // The extra field a zip tool may add after the name (Info-ZIP's timestamps) comes before the data.
  const data = 30 + nameLength + buf.readUInt16LE(28);
  return (
    buf.toString('latin1', 30, 30 + nameLength) === 'mimetype' &&
    buf.toString('latin1', data, data + ODS_MIMETYPE.length) === ODS_MIMETYPE
  );
}

/** A tag (its closing slash, name, attributes, self-closing slash), or the text between tags. */
const TOKEN =
  /<(\/?)([\w.-]+(?::[\w.-]+)?)((?:\s+[\w.:-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|<!--[\s\S]*?(?:-->|$)|<\?[\s\S]*?(?:\?>|$)|([^<]+)/g;
const ATTRIBUTE = /([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
/** A table's start or end tag, its attributes (no tag inside a tag: a scan in one pass). */
const TABLE_TAG = /<(\/?)table:table(?=[\s/>])([^<>]*)>/g;
function attributes(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of text.matchAll(ATTRIBUTE)) out.set(m[1], decodeReferences(m[2] ?? m[3] ?? ''));
  return out;
}

/** A repeat count as an attribute gives it: 1 when absent or not a whole number of at least 1. */
function count(attrs: Map<string, string>, name: string): number {
  const n = Number(attrs.get(name));
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** A cell's value: its number where its type has one, TRUE or FALSE, else its text; null when empty. */
function cellValue(attrs: Map<string, string>, text: string): Cell {
  const type = attrs.get('office:value-type');
  if (type === 'float' || type === 'percentage' || type === 'currency') {
    const n = Number(attrs.get('office:value'));
    if (attrs.has('office:value') && Number.isFinite(n)) return n;
  }
  if (type === 'boolean') return attrs.get('office:boolean-value') === 'true';
  return text === '' ? null : text;
}

/** Reads the table that starts at `from` in content.xml. */
function readTable(xml: string, from: number): { rows: Cell[][]; merged: MergedRange[] } {
  const grid = new GridBuilder();
  let row: RowBuilder | null = null;
  let rowRepeat = 1;
  let cell: { attrs: Map<string, string>; covered: boolean; text: string; paragraphs: number; open: number } | null =
    null;
  let skipDepth = 0;
  let tableDepth = 0;
  const finishCell = (attrs: Map<string, string>, covered: boolean, text: string): void => {
    if (row === null) return;
    const repeat = count(attrs, 'table:number-columns-repeated');
    const rowsSpanned = count(attrs, 'table:number-rows-spanned');
    if (!covered && rowsSpanned >= 2)
      grid.merged.push({
        top: grid.at,
        left: row.at,
        bottom: grid.at + rowsSpanned - 1,
        right: row.at + count(attrs, 'table:number-columns-spanned') - 1,
      });
    grid.countCells(row.add(covered ? null : cellValue(attrs, text), repeat));
  };
  TOKEN.lastIndex = from;
  for (let m = TOKEN.exec(xml); m !== null; m = TOKEN.exec(xml)) {
    const [, closing, name, attrText, selfClosing, text] = m;
    if (text !== undefined) {
      // Text as written, spaces and line breaks in the XML too, as LibreOffice reads it (its own files write a run of
      // spaces as text:s; other tools write them out).
      if (cell !== null && cell.open > 0 && skipDepth === 0 && cell.text.length < MAX_CELL_TEXT)
        cell.text += decodeReferences(text);
      continue;
    }
    if (name === undefined) continue;
    // A comment, or a drawing anchored in a cell (a text box, a shape): left out with all it holds.
    if (skipDepth > 0) {
      if (!selfClosing) skipDepth += closing ? -1 : 1;
      continue;
    }
    if (name === 'table:table') {
      if (closing) {
        if (--tableDepth === 0) break;
      } else if (!selfClosing) tableDepth++;
      continue;
    }
    if (tableDepth !== 1) continue;
    if (name === 'table:table-row') {
      if (closing) {
        if (row !== null) grid.addRow(withoutTrailingSpaces(row.cells), rowRepeat);
        row = null;
      } else {
        rowRepeat = count(attributes(attrText), 'table:number-rows-repeated');
        row = new RowBuilder(grid.at + 1);
        if (selfClosing) {
          grid.addRow([], rowRepeat);
          row = null;
        }
      }
      continue;
    }
    if (name === 'table:table-cell' || name === 'table:covered-table-cell') {
      if (closing) {
        if (cell !== null) finishCell(cell.attrs, cell.covered, cell.text);
        cell = null;
      } else if (selfClosing) finishCell(attributes(attrText), name !== 'table:table-cell', '');
      else
        cell = { attrs: attributes(attrText), covered: name !== 'table:table-cell', text: '', paragraphs: 0, open: 0 };
      continue;
    }
    if (cell === null) continue;
    if (name === 'text:p' || name === 'text:h') {
      if (closing) cell.open--;
      else {
        // An empty paragraph (<text:p/>) is a line of its own, as LibreOffice shows it.
        if (cell.paragraphs++ > 0) cell.text += '\n';
        if (!selfClosing) cell.open++;
      }
    } else if (closing) continue;
    else if (name === 'office:annotation' || name.startsWith('draw:')) {
      if (!selfClosing) skipDepth = 1;
    } else if (name === 'text:s') cell.text += ' '.repeat(Math.min(count(attributes(attrText), 'text:c'), 1_000));
    else if (name === 'text:tab') cell.text += '\t';
    else if (name === 'text:line-break') cell.text += '\n';
    if (cell.text.length > MAX_CELL_TEXT) cell.text = cell.text.slice(0, MAX_CELL_TEXT);
  }
  return { rows: grid.rows, merged: grid.merged };
}

/** The sheets: the tables of the spreadsheet itself, never one nested in a cell, with where each starts. */
function sheetTables(xml: string): { name: string; at: number }[] {
  const out: { name: string; at: number }[] = [];
  let depth = 0;
  for (const m of xml.matchAll(TABLE_TAG)) {
    if (m[1] === '/') depth = Math.max(0, depth - 1);
    else {
      if (depth === 0) out.push({ name: attributes(m[2]).get('table:name') ?? '', at: m.index });
      if (!m[2].trimEnd().endsWith('/')) depth++;
    }
  }
  return out;
}

/** A workbook's content.xml and its sheets, once per file: the sheet chooser reads each sheet of one file in turn. */
const contents = new WeakMap<Buffer, { xml: string; sheets: { name: string; at: number }[] }>();

async function workbookContent(buf: Buffer): Promise<{ xml: string; sheets: { name: string; at: number }[] }> {
  const known = contents.get(buf);
  if (known !== undefined) return known;
  if (isFlatOds(buf.toString('utf8', 0, FLAT_ROOT_LOOK))) {
    // A flat spreadsheet: the document itself is the content (its size bounded as the file's).
    const xml = buf.toString('utf8');
    const sheets = sheetTables(xml);
    if (sheets.length === 0) throw new BomFileError('the flat OpenDocument spreadsheet has no sheets');
    const content = { xml, sheets };
    contents.set(buf, content);
    return content;
  }
  const zip = new ZipArchive(buf, 'ODS');
  const entry = zip.entries.find((e) => e.name === 'content.xml');
  if (entry === undefined) throw zip.unreadable('it holds no content.xml');
  if (entry.expandedSize > MAX_XLSX_EXPANDED_BYTES) throw expandsTooFar();
  const pieces: Buffer[] = [];
  await zip.expand(entry, MAX_XLSX_EXPANDED_BYTES, (piece) => pieces.push(piece));
  const xml = Buffer.concat(pieces).toString('utf8');
  const sheets = sheetTables(xml);
  if (sheets.length === 0) throw zip.unreadable('the workbook has no sheets');
  const content = { xml, sheets };
  contents.set(buf, content);
  return content;
}

/** Reads one sheet of an .ods workbook: the one named (case-insensitive), else the first. */
export async function parseOds(buf: Buffer, options: { sheet?: string } = {}): Promise<OdsSheet> {
  const { xml, sheets } = await workbookContent(buf);
  const sheetNames = sheets.map((t) => t.name);
  const index = sheetNamed(sheetNames, options.sheet);
  const { rows, merged } = readTable(xml, sheets[index].at);
  return { cells: rows, sheetName: sheetNames[index], sheetNames, merged };
}
