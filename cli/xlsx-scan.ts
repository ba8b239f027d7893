/**
 * An XLSX workbook measured before exceljs loads it. exceljs expands every part of the zip and builds an object for
 * every row and cell of every sheet (about 500 bytes a cell), so a 1 MB file whose XML expands to hundreds of
 * thousands of rows would take gigabytes. Here the zip's directory is read, its declared sizes checked, then each
 * part is expanded as a stream (declared sizes can lie) counting bytes, and in the worksheets the <row> and <c>
 * elements: the first limit passed stops the expansion at once. Nothing expanded is kept.
 */
import { createInflateRaw } from 'node:zlib';
import { BomFileError } from './bom-file-error';
import { MAX_CELLS, MAX_ROWS, MAX_XLSX_EXPANDED_BYTES, expandsTooFar, tooManyCells, tooManyRows } from './bom-limits';

interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  compressedSize: number;
  /** As the directory declares it. */
  expandedSize: number;
  localHeaderAt: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** The end-of-directory record is 22 bytes, followed by a comment of at most 65,535. */
const END_SEARCH = 22 + 65_535;

function unreadable(why: string): BomFileError {
  return new BomFileError(`not a readable XLSX workbook (${why})`);
}

/** The entries of the zip's central directory. */
function zipEntries(buf: Buffer): ZipEntry[] {
  let end = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - END_SEARCH); i--) {
    if (buf.readUInt32LE(i) === END_OF_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end === -1) throw unreadable('no zip directory found');
  const count = buf.readUInt16LE(end + 10);
  let at = buf.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== DIRECTORY_ENTRY)
      throw unreadable('its zip directory is damaged');
    const nameLength = buf.readUInt16LE(at + 28);
    entries.push({
      name: buf.toString('utf8', at + 46, at + 46 + nameLength),
      method: buf.readUInt16LE(at + 10),
      compressedSize: buf.readUInt32LE(at + 20),
      expandedSize: buf.readUInt32LE(at + 24),
      localHeaderAt: buf.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
  }
  return entries;
}

/** The entry's bytes as stored in the zip. */
function storedData(buf: Buffer, entry: ZipEntry): Buffer {
  const at = entry.localHeaderAt;
  if (at + 30 > buf.length || buf.readUInt32LE(at) !== LOCAL_HEADER)
    throw unreadable(`the zip entry ${entry.name} is damaged`);
  const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
  if (start + entry.compressedSize > buf.length) throw unreadable(`the zip entry ${entry.name} is cut short`);
  return buf.subarray(start, start + entry.compressedSize);
}

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

/** Expands one entry as a stream, handing each piece to `onPiece`; returns the bytes it expanded to. */
async function expand(
  data: Buffer,
  entry: ZipEntry,
  budget: number,
  onPiece: (piece: Buffer) => void,
): Promise<number> {
  if (entry.method === 0) {
    if (data.length > budget) throw expandsTooFar();
    onPiece(data);
    return data.length;
  }
  if (entry.method !== 8) throw unreadable(`the zip entry ${entry.name} uses an unknown compression method`);
  const inflater = createInflateRaw();
  inflater.end(data);
  let bytes = 0;
  try {
    for await (const piece of inflater as AsyncIterable<Buffer>) {
      bytes += piece.length;
      if (bytes > budget) throw expandsTooFar();
      onPiece(piece);
    }
  } catch (e) {
    if (e instanceof BomFileError) throw e;
    throw unreadable(`the zip entry ${entry.name} cannot be expanded`);
  } finally {
    inflater.destroy();
  }
  return bytes;
}

const WORKSHEET = /^xl\/worksheets\/[^/]+\.xml$/i;

/**
 * Throws BomFileError when the workbook in `buf` would pass a limit once loaded: more than MAX_XLSX_EXPANDED_BYTES
 * expanded (declared or real), more than MAX_ROWS rows or MAX_CELLS cells written in its worksheets.
 */
export async function checkXlsxSize(buf: Buffer): Promise<void> {
  const entries = zipEntries(buf);
  const declared = entries.reduce((sum, e) => sum + e.expandedSize, 0);
  if (declared > MAX_XLSX_EXPANDED_BYTES) throw expandsTooFar();
  const counter = new SheetCounter();
  let expanded = 0;
  for (const entry of entries) {
    if (entry.name.endsWith('/')) continue;
    const isSheet = WORKSHEET.test(entry.name);
    if (isSheet) counter.startSheet();
    expanded += await expand(
      storedData(buf, entry),
      entry,
      MAX_XLSX_EXPANDED_BYTES - expanded,
      isSheet ? (piece) => counter.add(piece) : () => {},
    );
  }
}
