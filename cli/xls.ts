/**
 * Old-style Excel workbooks (.xls, BIFF8 in a compound file) read into the cells of one sheet, for `partsheet price`.
 *
 * Two small readers, both bounded so that a broken or hostile file ends in a clear error at once:
 * - the compound file (the FAT file system .xls, .doc and .msi share): its header, the sector allocation table,
 *   the directory and the "Workbook" stream. Every chain of sectors is followed at most once per sector it can
 *   hold, so a cyclic chain or a table pointing outside the file is an error, never a loop;
 * - the BIFF8 records of the stream: the sheet list (BOUNDSHEET), the shared strings (SST and its CONTINUE
 *   records) and the cells a BOM is made of: text (LABELSST, LABEL), numbers (NUMBER, RK, MULRK), booleans and
 *   errors (BOOLERR) and the values formulas last computed (FORMULA, STRING). Every other record (formats, styles,
 *   drawings, macros) is passed over. Counts a record declares (a shared-string table claiming a billion strings)
 *   are never trusted for memory: strings are read as the bytes hold them, up to the cell limit.
 *
 * Excel 5.0 and 95 workbooks (BIFF5, a "Book" stream) are read too: no shared strings, each text written in the
 * cell's record in the workbook's code page (CODEPAGE: Windows-1252 and the other Windows and East Asian pages).
 * Older ones (Excel 4.0 and before, a single sheet in other records) and encrypted workbooks are refused with a
 * message saying what to do.
 */
import { type Cell, type MergedRange } from '../src/bom';
import { BomFileError } from './bom-file-error';
import { MAX_CELLS, tooManyCells } from './bom-limits';
import { broken, workbookStream } from './xls-compound';
import { sheetNamed } from './sheet-named';
import { groupedCount } from '../src/text/plural';
import { decodeWindows1252 } from '../src/text/windows-1252';

/**
 * What the reader found of a workbook: the cells of the sheet asked for, every worksheet's name, and the sheet's ranges
 * merged over two rows or more (as the XLSX reader gives them).
 */
export interface XlsSheet {
  cells: Cell[][];
  sheetName: string;
  sheetNames: string[];
  merged: MergedRange[];
}

/** The widest row kept: BIFF8 sheets have 256 columns; a column number above this is a broken record. */
const MAX_XLS_COLUMNS = 1_024;
/** Shared strings kept at most: every cell of a BOM within MAX_CELLS could be a distinct one. */
const MAX_STRINGS = MAX_CELLS;

// ---- BIFF8 records

const BOF = 0x0809;
const EOF = 0x000a;
const FILEPASS = 0x002f;
const BOUNDSHEET = 0x0085;
/** A BOUNDSHEET's visibility (the low bits of its state byte): shown only by code. */
const VERY_HIDDEN = 2;
const SST = 0x00fc;
const CONTINUE = 0x003c;
const LABELSST = 0x00fd;
const LABEL = 0x0204;
const RSTRING = 0x00d6;
const NUMBER = 0x0203;
const RK = 0x027e;
const MULRK = 0x00bd;
const BOOLERR = 0x0205;
const FORMULA = 0x0006;
const STRING = 0x0207;
const CODEPAGE = 0x0042;
const MERGEDCELLS = 0x00e5;
/** BOF's version of a BIFF8 workbook (Excel 97 and later) and of a BIFF5 one (Excel 5.0 and 95). */
const BIFF8 = 0x0600;
const BIFF5 = 0x0500;

/**
 * A BIFF5 string's bytes in the workbook's code page (CODEPAGE's number: 1252 and the other Windows pages, 932
 * Shift-JIS, 936 GBK, 949 Korean, 950 Big5); Windows-1252 where it names none or one this runtime does not know.
 */
function codePageText(bytes: Buffer, codePage: number): string {
  if (codePage === 1252) return decodeWindows1252(bytes);
  if (!decoders.has(codePage)) decoders.set(codePage, decoderFor(codePage));
  const decoder = decoders.get(codePage);
  return decoder === null || decoder === undefined ? decodeWindows1252(bytes) : decoder.decode(bytes);
}

/** One decoder a code page, made at its first string (a workbook's every text is in one); null where none is known. */
const decoders = new Map<number, { decode(bytes: Uint8Array): string } | null>();
const EAST_ASIAN: Readonly<Record<number, string>> = { 932: 'shift_jis', 936: 'gbk', 949: 'euc-kr', 950: 'big5' };

function decoderFor(codePage: number): { decode(bytes: Uint8Array): string } | null {
  try {
    return new TextDecoder(EAST_ASIAN[codePage] ?? `windows-${codePage}`);
  } catch {
    return null;
  }
}

const SHRFMLA = 0x04bc;
const ARRAY = 0x0221;
const TABLE = 0x0236;

interface BiffRecord {
  type: number;
  data: Buffer;
}

/** Records read at most from one stream: a BOM of MAX_CELLS cells and its formatting fit well within it. */
const MAX_RECORDS = 8_000_000;

/** The records of a stream from an offset on, one at a time, with a look at the next (for its CONTINUE records). */
class Records {
  private count = 0;
  constructor(
    private readonly stream: Buffer,
    private off: number,
  ) {}

  peek(): BiffRecord | null {
    const { stream, off } = this;
    if (off + 4 > stream.length) return null;
    const length = stream.readUInt16LE(off + 2);
    if (off + 4 + length > stream.length)
      throw broken(`a record at byte ${groupedCount(off)} runs past the end of the workbook`);
    return { type: stream.readUInt16LE(off), data: stream.subarray(off + 4, off + 4 + length) };
  }

  next(): BiffRecord | null {
    const rec = this.peek();
    if (rec === null) return null;
    if (++this.count > MAX_RECORDS) throw broken(`more than ${groupedCount(MAX_RECORDS)} records`);
    this.off += 4 + rec.data.length;
    return rec;
  }

  /** The record's data and that of the CONTINUE records after it. */
  withContinues(first: BiffRecord): Buffer[] {
    const parts = [first.data];
    while (this.peek()?.type === CONTINUE) parts.push((this.next() as BiffRecord).data);
    return parts;
  }
}

/**
 * Reads strings from a record and its CONTINUE records: BIFF8 splits a long string between records, and the
 * part in a CONTINUE record starts with a byte of its own saying whether its characters are one byte or two.
 */
class Pieces {
  private part = 0;
  private off = 0;
  constructor(private readonly parts: Buffer[]) {}

  private ensure(): void {
    while (this.part < this.parts.length && this.off >= this.parts[this.part].length) {
      this.part++;
      this.off = 0;
    }
    if (this.part >= this.parts.length) throw broken('a string runs past the end of its record');
  }

  get done(): boolean {
    let p = this.part;
    let o = this.off;
    while (p < this.parts.length && o >= this.parts[p].length) {
      p++;
      o = 0;
    }
    return p >= this.parts.length;
  }

  u8(): number {
    this.ensure();
    return this.parts[this.part][this.off++];
  }

  u16(): number {
    return this.u8() | (this.u8() << 8);
  }

  u32(): number {
    return (this.u16() + this.u16() * 0x10000) >>> 0;
  }

  skip(n: number): void {
    let left = n;
    while (left > 0) {
      this.ensure();
      const take = Math.min(left, this.parts[this.part].length - this.off);
      this.off += take;
      left -= take;
    }
  }

  /** `count` characters, one or two bytes each as the flags say, continued in the next part with new flags. */
  chars(count: number, wide: boolean): string {
    let out = '';
    let left = count;
    let twoBytes = wide;
    while (left > 0) {
      if (this.part >= this.parts.length || this.off >= this.parts[this.part].length) {
        this.part++;
        this.off = 0;
        if (this.part >= this.parts.length) throw broken('a string runs past the end of its record');
        // A string continued in a new record: its first byte gives the width of the characters that follow.
        twoBytes = (this.parts[this.part][this.off++] & 1) === 1;
        continue;
      }
      const buf = this.parts[this.part];
      const room = Math.floor((buf.length - this.off) / (twoBytes ? 2 : 1));
      if (room === 0) {
        this.off = buf.length;
        continue;
      }
      const take = Math.min(left, room);
      const end = this.off + take * (twoBytes ? 2 : 1);
      out += buf.subarray(this.off, end).toString(twoBytes ? 'utf16le' : 'latin1');
      this.off = end;
      left -= take;
    }
    return out;
  }

  /** An XLUnicodeRichExtendedString (shared strings, STRING): the text, its formatting runs and extension skipped. */
  richString(lengthBytes: 1 | 2): string {
    const count = lengthBytes === 1 ? this.u8() : this.u16();
    const flags = this.u8();
    const runs = flags & 0x08 ? this.u16() : 0;
    const ext = flags & 0x04 ? this.u32() : 0;
    const text = this.chars(count, (flags & 1) === 1);
    this.skip(runs * 4 + ext);
    return text;
  }
}

/** An RK number: a 30-bit integer or the top of a double, perhaps divided by 100. */
function rkValue(rk: number): number {
  let value: number;
  if (rk & 2) value = rk >> 2;
  else {
    const b = Buffer.alloc(8);
    b.writeUInt32LE((rk & 0xfffffffc) >>> 0, 4);
    value = b.readDoubleLE(0);
  }
  return rk & 1 ? value / 100 : value;
}

const ERRORS: Record<number, string> = {
  0x00: '#NULL!',
  0x07: '#DIV/0!',
  0x0f: '#VALUE!',
  0x17: '#REF!',
  0x1d: '#NAME?',
  0x24: '#NUM!',
  0x2a: '#N/A',
};

/** A whole number as Excel shows it keeps its form; others as JavaScript gives them. */
function numberCell(n: number): Cell {
  return Number.isFinite(n) ? n : null;
}

interface SheetEntry {
  name: string;
  offset: number;
}

/** How a workbook writes its text: BIFF5's in its code page, or BIFF8's shared strings and Unicode. */
interface Texts {
  strings: string[];
  /** BIFF5's code page; null for BIFF8. */
  codePage: number | null;
}

/** The worksheets and shared strings of the workbook's globals. */
function readGlobals(stream: Buffer): { sheets: SheetEntry[]; texts: Texts } {
  const sheets: SheetEntry[] = [];
  const strings: string[] = [];
  const it = new Records(stream, 0);
  const bof = it.next();
  if (bof === null || bof.type !== BOF || bof.data.length < 4)
    throw broken('the workbook stream does not begin with a BOF record');
  const version = bof.data.readUInt16LE(0);
  if (version !== BIFF8 && version !== BIFF5)
    throw new BomFileError('an Excel 4.0 (or older) workbook cannot be read; save it as .xlsx or CSV');
  let codePage = version === BIFF5 ? 1252 : null;
  for (let rec = it.next(); rec !== null && rec.type !== EOF; rec = it.next()) {
    if (rec.type === CODEPAGE && rec.data.length >= 2 && codePage !== null) codePage = rec.data.readUInt16LE(0);
    if (rec.type === BOUNDSHEET && rec.data.length >= 7 && codePage !== null) {
      // BIFF5: the name's length, then its bytes in the code page. A very hidden sheet (state 2) is a program's.
      if (rec.data[5] === 0 && (rec.data[4] & 3) !== VERY_HIDDEN)
        sheets.push({
          name: codePageText(rec.data.subarray(7, 7 + rec.data[6]), codePage),
          offset: rec.data.readUInt32LE(0),
        });
      continue;
    }
    if (rec.type === FILEPASS)
      throw new BomFileError(
        'the workbook is encrypted (password-protected); save an unprotected copy as .xlsx or CSV',
      );
    if (rec.type === BOUNDSHEET && rec.data.length >= 8) {
      // Worksheets only (type 0): chart sheets and macro sheets hold no table; a very hidden sheet is a program's
      // data (an add-in's records), never a BOM a user made.
      if (rec.data[5] !== 0 || (rec.data[4] & 3) === VERY_HIDDEN) continue;
      const p = new Pieces([rec.data.subarray(6)]);
      const count = p.u8();
      const wide = (p.u8() & 1) === 1;
      sheets.push({ name: p.chars(count, wide), offset: rec.data.readUInt32LE(0) });
    } else if (rec.type === SST && rec.data.length >= 8) {
      // The declared count is never trusted for memory: the strings are read while the bytes last.
      const declared = rec.data.readUInt32LE(4);
      const parts = it.withContinues(rec);
      parts[0] = parts[0].subarray(8);
      const p = new Pieces(parts);
      while (strings.length < declared && !p.done) {
        if (strings.length >= MAX_STRINGS) throw tooManyCells('the workbook has', 'shared strings');
        strings.push(p.richString(2));
      }
    }
  }
  return { sheets, texts: { strings, codePage } };
}

/** The cells of the sheet whose BOF is at `offset`, and its merged ranges. */
function readSheet(
  stream: Buffer,
  offset: number,
  { strings, codePage }: Texts,
): { cells: Cell[][]; merges: MergedRange[] } {
  if (offset + 4 > stream.length || stream.readUInt16LE(offset) !== BOF)
    throw broken('a sheet does not begin where the workbook says');
  const rows: Cell[][] = [];
  let cells = 0;
  const put = (row: number, col: number, cell: Cell): void => {
    // A line break written as CR LF (or CR) is one line break, as Excel and Calc show it.
    const value = typeof cell === 'string' ? cell.replace(/\r\n?/g, '\n') : cell;
    if (value === null || (typeof value === 'string' && value === '')) return;
    if (col >= MAX_XLS_COLUMNS)
      throw broken(`a cell in column ${col + 1} beyond the ${MAX_XLS_COLUMNS} a sheet may have`);
    if (++cells > MAX_CELLS) throw tooManyCells('the sheet has', 'cells that hold something');
    let r = rows[row];
    if (r === undefined) {
      r = [];
      rows[row] = r;
    }
    while (r.length < col) r.push(null);
    r[col] = value;
  };
  let formulaAt: { row: number; col: number } | null = null;
  const merges: MergedRange[] = [];
  // The sheet's records up to its EOF; an embedded chart's BOF…EOF inside it is passed over.
  let depth = 0;
  const it = new Records(stream, offset);
  for (let rec = it.next(); rec !== null; rec = it.next()) {
    const { type, data } = rec;
    if (type === BOF) depth++;
    else if (type === EOF && --depth === 0) break;
    if (depth !== 1) continue;
    // A string formula's value is in the STRING record after it (a shared or array formula's record between).
    if (type !== STRING && type !== SHRFMLA && type !== ARRAY && type !== TABLE) formulaAt = null;
    switch (type) {
      case LABELSST: {
        if (data.length < 10) break;
        const index = data.readUInt32LE(6);
        put(data.readUInt16LE(0), data.readUInt16LE(2), index < strings.length ? strings[index] : null);
        break;
      }
      case LABEL:
      case RSTRING: {
        // BIFF5: the text's length and its bytes in the code page.
        if (codePage !== null) {
          if (data.length >= 8)
            put(
              data.readUInt16LE(0),
              data.readUInt16LE(2),
              codePageText(data.subarray(8, 8 + data.readUInt16LE(6)), codePage),
            );
          break;
        }
        if (data.length < 9) break;
        const p = new Pieces(it.withContinues(rec));
        const row = p.u16();
        const col = p.u16();
        p.skip(2);
        const count = p.u16();
        const wide = (p.u8() & 1) === 1;
        put(row, col, p.chars(count, wide));
        break;
      }
      case NUMBER:
        if (data.length >= 14) put(data.readUInt16LE(0), data.readUInt16LE(2), numberCell(data.readDoubleLE(6)));
        break;
      case RK:
        if (data.length >= 10)
          put(data.readUInt16LE(0), data.readUInt16LE(2), numberCell(rkValue(data.readUInt32LE(6))));
        break;
      case MULRK: {
        if (data.length < 12) break;
        const row = data.readUInt16LE(0);
        const firstCol = data.readUInt16LE(2);
        const n = Math.floor((data.length - 6) / 6);
        for (let k = 0; k < n; k++) put(row, firstCol + k, numberCell(rkValue(data.readUInt32LE(4 + k * 6 + 2))));
        break;
      }
      case BOOLERR:
        if (data.length >= 8)
          put(data.readUInt16LE(0), data.readUInt16LE(2), data[7] === 1 ? (ERRORS[data[6]] ?? '#N/A') : data[6] === 1);
        break;
      case FORMULA: {
        if (data.length < 14) break;
        const row = data.readUInt16LE(0);
        const col = data.readUInt16LE(2);
        if (data.readUInt16LE(12) !== 0xffff) put(row, col, numberCell(data.readDoubleLE(6)));
        else if (data[6] === 0) formulaAt = { row, col };
        else if (data[6] === 1) put(row, col, data[8] === 1);
        else if (data[6] === 2) put(row, col, ERRORS[data[8]] ?? '#N/A');
        break;
      }
      case STRING: {
        const at = formulaAt;
        formulaAt = null;
        const parts = it.withContinues(rec);
        if (at === null) break;
        if (codePage !== null)
          put(
            at.row,
            at.col,
            data.length < 2 ? null : codePageText(data.subarray(2, 2 + data.readUInt16LE(0)), codePage),
          );
        else put(at.row, at.col, new Pieces(parts).richString(2));
        break;
      }
      case MERGEDCELLS:
        merges.push(...mergedRanges(data));
        break;
      default:
        break;
    }
  }
  blankCovered(rows, merges);
  return { cells: denseRows(rows), merges };
}

/** The rows read, each row the file has no cell in an empty one, up to the last row that holds something. */
function denseRows(rows: Cell[][]): Cell[][] {
  const out: Cell[][] = [];
  const blank: Cell[] = [];
  let last = rows.length - 1;
  while (last >= 0 && rows[last] === undefined) last--;
  for (let r = 0; r <= last; r++) out.push(rows[r] ?? blank);
  return out;
}

/** A MERGEDCELLS record's ranges: a count, then each as its first and last row and first and last column. */
function mergedRanges(data: Buffer): MergedRange[] {
  const out: MergedRange[] = [];
  const n = data.length < 2 ? 0 : Math.min(data.readUInt16LE(0), Math.floor((data.length - 2) / 8));
  for (let k = 0; k < n; k++) {
    const at = 2 + k * 8;
    const range = {
      top: data.readUInt16LE(at),
      bottom: data.readUInt16LE(at + 2),
      left: data.readUInt16LE(at + 4),
      right: data.readUInt16LE(at + 6),
    };
    if (range.bottom >= range.top && range.right >= range.left) out.push(range);
  }
  return out;
}

/**
 * A merged range's value belongs to its top-left cell only, as a spreadsheet shows it (and as the XLSX reader reads
 * it): a value the file keeps under the rest of the range (an old entry an ESKD frame's merge covers) is none. The
 * rows and cells the ranges pass, those the file leaves empty too, are counted up to the cells a sheet may hold, so
 * ranges that overlap or repeat in a broken file end in an error, not a long walk.
 */
function blankCovered(rows: Cell[][], merges: readonly MergedRange[]): void {
  let visits = 0;
  const visit = (): void => {
    if (++visits > MAX_CELLS) throw broken('its merged ranges cover more cells than the sheet may hold');
  };
  for (const m of merges) {
    for (let r = m.top; r <= m.bottom && r < rows.length; r++) {
      // Every row a range passes counts, one the file has no cell in too: ranges over empty rows cost as much.
      visit();
      const row = rows[r];
      if (row === undefined) continue;
      for (let c = m.left; c <= m.right && c < row.length; c++) {
        visit();
        if (r !== m.top || c !== m.left) row[c] = null;
      }
    }
  }
}

/** Reads one worksheet of an .xls workbook: the one named (case-insensitive), else the first. */
export function parseXls(buf: Buffer, options: { sheet?: string } = {}): XlsSheet {
  const stream = workbookStream(buf);
  const { sheets, texts } = readGlobals(stream);
  if (sheets.length === 0) throw new BomFileError('the workbook has no worksheets');
  const sheetNames = sheets.map((s) => s.name);
  const sheet = sheets[sheetNamed(sheetNames, options.sheet)];
  const { cells, merges } = readSheet(stream, sheet.offset, texts);
  const merged = merges.filter((m) => m.bottom > m.top);
  return { cells, sheetName: sheet.name, sheetNames, merged };
}
