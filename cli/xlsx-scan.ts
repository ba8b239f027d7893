/**
 * An XLSX workbook measured before exceljs loads it. exceljs expands every part of the zip and builds an object for
 * every row and cell of every sheet (about 500 bytes a cell), so a 1 MB file whose XML expands to hundreds of
 * thousands of rows would take gigabytes. Here the zip's directory is read, its declared sizes checked, then each
 * part is expanded as a stream (declared sizes can lie) counting bytes, and in the worksheets the <row> and <c>
 * elements: the first limit passed stops the expansion at once. Nothing expanded is kept. A cell written empty
 * (`<c r="B1" s="5"/>`: LibreOffice writes a formatted row's cells out to column XFD, millions of them in a sheet of
 * a few hundred rows) holds nothing to read: such cells are counted apart, and a workbook with many of them is
 * loaded without them (withoutEmptyCells).
 */
import { MAX_CELLS, MAX_ROWS, MAX_XLSX_EXPANDED_BYTES, expandsTooFar, tooManyCells, tooManyRows } from './bom-limits';
import { ZipArchive } from './zip';
import { type ZipEntryWritten, zipOf } from './zip-writer';

/** A start tag of a row or a cell, with or without a namespace prefix, and the slash of one that closes itself. */
const ROW_OR_CELL = /<(?:[A-Za-z]\w{0,15}:)?(row|c)(?=[\s/>])[^<>]{0,400}?(\/?)>/g;
/** Characters of one chunk kept before the next, so that a tag split between chunks is still seen whole. */
const CARRY = 512;
/** Cells written empty that a workbook may hold: scanned and dropped, never given to exceljs. */
const MAX_EMPTY_CELLS = 50_000_000;

/** Counts the rows and cells of the worksheets as their XML goes by; throws at the first limit passed. */
class SheetCounter {
  private rows = 0;
  private cells = 0;
  /** Cells written empty (`<c r="B1" s="5"/>`). */
  emptyCells = 0;
  private carry = '';

  /** A new worksheet begins: nothing of the last one's text carries over. */
  startSheet(): void {
    this.carry = '';
  }

  add(chunk: Buffer): void {
    const text = this.carry + chunk.toString('latin1');
    for (const match of text.matchAll(ROW_OR_CELL)) {
      // A tag that ends within the carried characters was counted with the chunk before.
      if (match.index + match[0].length <= this.carry.length) continue;
      if (match[1] === 'row') {
        if (++this.rows > MAX_ROWS) throw tooManyRows("the workbook's sheets have", 'rows');
      } else if (match[2] === '/') {
        if (++this.emptyCells > MAX_EMPTY_CELLS) throw tooManyCells("the workbook's sheets have", 'empty cells');
      } else if (++this.cells > MAX_CELLS) {
        throw tooManyCells("the workbook's sheets have", 'cells');
      }
    }
    this.carry = text.slice(-CARRY);
  }
}

const WORKSHEET = /^xl\/worksheets\/[^/]+\.xml$/i;

/**
 * Throws BomFileError when the workbook in `buf` would pass a limit once loaded: more than MAX_XLSX_EXPANDED_BYTES
 * expanded (declared or real), more than MAX_ROWS rows or MAX_CELLS cells that hold something written in its
 * worksheets. Returns how many cells are written empty.
 */
export async function checkXlsxSize(buf: Buffer): Promise<{ emptyCells: number }> {
  const zip = new ZipArchive(buf, 'XLSX');
  const { entries } = zip;
  const declared = entries.reduce((sum, e) => sum + e.expandedSize, 0);
  if (declared > MAX_XLSX_EXPANDED_BYTES) throw expandsTooFar();
  const counter = new SheetCounter();
  let expanded = 0;
  for (const entry of entries) {
    if (entry.name.endsWith('/')) continue;
    const isSheet = WORKSHEET.test(entry.name);
    if (isSheet) counter.startSheet();
    expanded += await zip.expand(
      entry,
      MAX_XLSX_EXPANDED_BYTES - expanded,
      isSheet ? (piece) => counter.add(piece) : () => {},
    );
  }
  return { emptyCells: counter.emptyCells };
}

/** A cell written empty, a self-closing <c> element. */
const EMPTY_CELL = /<(?:[A-Za-z]\w{0,15}:)?c(?=[\s/])[^<>]{0,400}?\/>/g;

/**
 * The workbook in `buf` written again without its worksheets' empty cells (each a self-closing <c>, holding no value,
 * only a format), for exceljs to load what the sheets hold and nothing else. Within the limits checkXlsxSize held.
 */
export async function withoutEmptyCells(buf: Buffer): Promise<Buffer> {
  const zip = new ZipArchive(buf, 'XLSX');
  const written: ZipEntryWritten[] = [];
  for (const entry of zip.entries) {
    if (entry.name.endsWith('/')) continue;
    const pieces: Buffer[] = [];
    await zip.expand(entry, MAX_XLSX_EXPANDED_BYTES, (piece) => pieces.push(piece));
    let data = Buffer.concat(pieces);
    if (WORKSHEET.test(entry.name)) data = Buffer.from(data.toString('utf8').replace(EMPTY_CELL, ''), 'utf8');
    written.push({ name: entry.name, data, stored: false });
  }
  return zipOf(written);
}
