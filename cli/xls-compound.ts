/**
 * The compound file of an old-style .xls workbook (the FAT file system .xls, .doc and .msi share): its header, the
 * sector allocation table, the directory and the "Workbook" stream (xls.ts reads its BIFF8 records). Every chain of
 * sectors is followed at most once per sector it can hold, so a cyclic chain or a table pointing outside the file is
 * an error, never a loop.
 */
import { BomFileError } from './bom-file-error';
import { groupedCount } from '../src/text/plural';

const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const END_OF_CHAIN = 0xfffffffe;
const FREE_SECTOR = 0xffffffff;
/** A FAT entry above this is a special value (end of chain, free, FAT or DIFAT sector), never a sector number. */
const MAX_REGULAR_SECTOR = 0xfffffffa;
/** Directory entries read at most: a workbook has a handful (root, Workbook, summary streams, perhaps macros). */
const MAX_DIRECTORY_ENTRIES = 4_096;

export function broken(what: string): BomFileError {
  return new BomFileError(`not a readable .xls workbook (${what}); save it as .xlsx or CSV`);
}

interface CompoundFile {
  buf: Buffer;
  sectorSize: number;
  /** The sector allocation table: the next sector of each sector's chain. */
  fat: Uint32Array;
  sectors: number;
}

/** The sectors of a chain, from `start`, each at most once; a chain that loops or leaves the file is an error. */
function chain(table: Uint32Array, start: number, limit: number, what: string): number[] {
  const out: number[] = [];
  const seen = new Uint8Array(limit);
  let s = start;
  while (s !== END_OF_CHAIN) {
    if (s > MAX_REGULAR_SECTOR || s >= limit) throw broken(`the ${what} points outside the file`);
    if (seen[s] === 1) throw broken(`the ${what} loops back on itself`);
    seen[s] = 1;
    out.push(s);
    s = s < table.length ? table[s] : FREE_SECTOR;
    if (s === FREE_SECTOR) throw broken(`the ${what} runs into a free sector`);
  }
  return out;
}

function sectorAt(cf: CompoundFile, s: number): Buffer {
  const start = (s + 1) * cf.sectorSize;
  if (start + cf.sectorSize > cf.buf.length) {
    // The last sector of a file may be cut short; what is there is read.
    if (start >= cf.buf.length) throw broken('a sector lies past the end of the file');
    return cf.buf.subarray(start);
  }
  return cf.buf.subarray(start, start + cf.sectorSize);
}

function openCompoundFile(buf: Buffer): CompoundFile {
  if (buf.length < 512 || OLE_MAGIC.some((b, i) => buf[i] !== b)) throw broken('no compound-file header');
  const major = buf.readUInt16LE(0x1a);
  const shift = buf.readUInt16LE(0x1e);
  if (!((major === 3 && shift === 9) || (major === 4 && shift === 12)))
    throw broken(`an unknown sector size (version ${major}, 2^${shift} bytes)`);
  const sectorSize = 1 << shift;
  // The sectors the file can hold: every chain and table is bounded by this.
  const sectors = Math.max(0, Math.ceil((buf.length - sectorSize) / sectorSize));
  const fatSectors = buf.readUInt32LE(0x2c);
  if (fatSectors > Math.ceil(sectors / (sectorSize / 4)) + 1)
    throw broken(
      `its header claims ${groupedCount(fatSectors)} allocation-table sectors in a file of ${groupedCount(sectors)}`,
    );
  // Where the allocation table's sectors are: the first 109 in the header, the rest in a chain of DIFAT sectors.
  const fatList: number[] = [];
  for (let i = 0; i < 109 && fatList.length < fatSectors; i++) fatList.push(buf.readUInt32LE(0x4c + i * 4));
  let difat = buf.readUInt32LE(0x44);
  const perDifat = sectorSize / 4 - 1;
  const seenDifat = new Set<number>();
  while (fatList.length < fatSectors) {
    if (difat > MAX_REGULAR_SECTOR || difat >= sectors)
      throw broken('the allocation table list points outside the file');
    if (seenDifat.has(difat)) throw broken('the allocation table list loops back on itself');
    seenDifat.add(difat);
    const start = (difat + 1) * sectorSize;
    for (let i = 0; i < perDifat && fatList.length < fatSectors; i++) fatList.push(buf.readUInt32LE(start + i * 4));
    difat = buf.readUInt32LE(start + perDifat * 4);
  }
  const perSector = sectorSize / 4;
  const fat = new Uint32Array(fatList.length * perSector);
  const cf: CompoundFile = { buf, sectorSize, fat, sectors };
  fatList.forEach((s, i) => {
    if (s > MAX_REGULAR_SECTOR || s >= sectors) throw broken('an allocation-table sector lies outside the file');
    const data = sectorAt(cf, s);
    for (let j = 0; j < perSector && j * 4 + 4 <= data.length; j++) fat[i * perSector + j] = data.readUInt32LE(j * 4);
  });
  return cf;
}

/** The bytes of a chain of sectors, cut to `size`. */
function readChain(cf: CompoundFile, start: number, size: number, what: string): Buffer {
  const list = chain(cf.fat, start, cf.sectors, what);
  if (size > list.length * cf.sectorSize) throw broken(`the ${what} is shorter than its size says`);
  return Buffer.concat(list.map((s) => sectorAt(cf, s))).subarray(0, size);
}

interface DirectoryEntry {
  name: string;
  type: number;
  start: number;
  size: number;
}

function directory(cf: CompoundFile): DirectoryEntry[] {
  const first = cf.buf.readUInt32LE(0x30);
  const list = chain(cf.fat, first, cf.sectors, 'directory');
  const entries: DirectoryEntry[] = [];
  for (const s of list) {
    const data = sectorAt(cf, s);
    for (let off = 0; off + 128 <= data.length; off += 128) {
      if (entries.length >= MAX_DIRECTORY_ENTRIES)
        throw broken(`more than ${groupedCount(MAX_DIRECTORY_ENTRIES)} directory entries`);
      const nameBytes = Math.min(64, data.readUInt16LE(off + 0x40));
      const name = data.subarray(off, off + Math.max(0, nameBytes - 2)).toString('utf16le');
      // Sizes above 4 GiB (the high word of version 4) cannot be in a file of at most 64 MiB: the low word is read.
      entries.push({
        name,
        type: data[off + 0x42],
        start: data.readUInt32LE(off + 0x74),
        size: data.readUInt32LE(off + 0x78),
      });
    }
  }
  return entries;
}

/** The workbook stream of an .xls file. */
export function workbookStream(buf: Buffer): Buffer {
  const cf = openCompoundFile(buf);
  const entries = directory(cf);
  const root = entries[0];
  if (root === undefined || root.type !== 5) throw broken('no root directory entry');
  // Excel 97 and later write a "Workbook" stream; Excel 5.0 and 95 a "Book" one (xls.ts reads both).
  const stream =
    entries.find((e) => e.type === 2 && e.name.toLowerCase() === 'workbook') ??
    entries.find((e) => e.type === 2 && e.name.toLowerCase() === 'book');
  if (stream === undefined) throw broken('it holds no workbook: is it a Word or other Office file?');
  if (stream.size > buf.length) throw broken('the workbook stream is larger than the file');
  const cutoff = buf.readUInt32LE(0x38);
  if (stream.size >= cutoff) return readChain(cf, stream.start, stream.size, 'workbook stream');
  // A small stream lives in the mini stream (the root entry's chain), in 64-byte sectors of its own table.
  const mini = readChain(cf, root.start, Math.min(root.size, buf.length), 'mini stream');
  const miniShift = buf.readUInt16LE(0x20);
  if (miniShift !== 6) throw broken('an unknown mini-sector size');
  const miniFatStart = buf.readUInt32LE(0x3c);
  const miniFatBytes = chain(cf.fat, miniFatStart, cf.sectors, 'mini allocation table').map((s) => sectorAt(cf, s));
  const miniFat = new Uint32Array(miniFatBytes.reduce((n, b) => n + Math.floor(b.length / 4), 0));
  let k = 0;
  for (const b of miniFatBytes) for (let j = 0; j + 4 <= b.length; j += 4) miniFat[k++] = b.readUInt32LE(j);
  const miniSectors = Math.floor(mini.length / 64);
  const list = chain(miniFat, stream.start, miniSectors, 'workbook stream');
  if (stream.size > list.length * 64) throw broken('the workbook stream is shorter than its size says');
  return Buffer.concat(list.map((s) => mini.subarray(s * 64, s * 64 + 64))).subarray(0, stream.size);
}
