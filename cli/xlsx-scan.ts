/**
 * An XLSX workbook measured before exceljs loads it. exceljs expands every part of the zip and builds an object for
 * every row and cell of every sheet (about 500 bytes a cell), so a 1 MB file whose XML expands to hundreds of
 * thousands of rows would take gigabytes. Here the zip's directory is read, its declared sizes checked, then each
 * part is expanded as a stream (declared sizes can lie) counting bytes, and in the worksheets the <row> and <c>
 * elements: the first limit passed stops the expansion at once. Nothing expanded is kept.
 */
import { MAX_CELLS, MAX_ROWS, MAX_XLSX_EXPANDED_BYTES, expandsTooFar, tooManyCells, tooManyRows } from './bom-limits';
import { ZipArchive } from './zip';

/** A start tag of a row or a cell, with or without a namespace prefix. */
const ROW_OR_CELL = /<(?:[A-Za-z]\w{0,15}:)?(row|c)[\s/>]/g;
/** Characters of one chunk kept before the next, so that a tag split between chunks is still seen. */
const CARRY = 32;

/** Counts the rows and cells of the worksheets as their XML goes by; throws at the first limit passed. */
class SheetCounter {
  private rows = 0;
  private cells = 0;
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
 * expanded (declared or real), more than MAX_ROWS rows or MAX_CELLS cells written in its worksheets.
 */
export async function checkXlsxSize(buf: Buffer): Promise<void> {
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
}
