/**
 * The parts of a zip archive (an XLSX or ODS workbook): its central directory read, each part expanded as a stream
 * within a byte budget (declared sizes can lie), its errors naming the kind of workbook it was to be.
 */
import { createInflateRaw } from 'node:zlib';
import { BomFileError } from './bom-file-error';
import { expandsTooFar } from './bom-limits';

export interface ZipEntry {
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

export class ZipArchive {
  readonly entries: ZipEntry[];

  /** `kind`: what the archive was to be ("XLSX", "ODS"), for the errors. */
  constructor(
    private readonly buf: Buffer,
    private readonly kind: string,
  ) {
    this.entries = this.readDirectory();
  }

  /** The error of an archive that cannot be read, with why. */
  unreadable(why: string): BomFileError {
    return new BomFileError(`not a readable ${this.kind} workbook (${why})`);
  }

  /** The entries of the zip's central directory. */
  private readDirectory(): ZipEntry[] {
    const { buf } = this;
    let end = -1;
    for (let i = buf.length - 22; i >= Math.max(0, buf.length - END_SEARCH); i--) {
      if (buf.readUInt32LE(i) === END_OF_DIRECTORY) {
        end = i;
        break;
      }
    }
    if (end === -1) throw this.unreadable('no zip directory found');
    const count = buf.readUInt16LE(end + 10);
    let at = buf.readUInt32LE(end + 16);
    const entries: ZipEntry[] = [];
    for (let i = 0; i < count; i++) {
      if (at + 46 > buf.length || buf.readUInt32LE(at) !== DIRECTORY_ENTRY)
        throw this.unreadable('its zip directory is damaged');
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
  private stored(entry: ZipEntry): Buffer {
    const { buf } = this;
    const at = entry.localHeaderAt;
    if (at + 30 > buf.length || buf.readUInt32LE(at) !== LOCAL_HEADER)
      throw this.unreadable(`the zip entry ${entry.name} is damaged`);
    const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
    if (start + entry.compressedSize > buf.length) throw this.unreadable(`the zip entry ${entry.name} is cut short`);
    return buf.subarray(start, start + entry.compressedSize);
  }

  /** Expands one entry as a stream, handing each piece to `onPiece`; returns the bytes it expanded to. */
  async expand(entry: ZipEntry, budget: number, onPiece: (piece: Buffer) => void): Promise<number> {
    const data = this.stored(entry);
    if (entry.method === 0) {
      if (data.length > budget) throw expandsTooFar();
      onPiece(data);
      return data.length;
    }
    if (entry.method !== 8) throw this.unreadable(`the zip entry ${entry.name} uses an unknown compression method`);
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
      throw this.unreadable(`the zip entry ${entry.name} cannot be expanded`);
    } finally {
      inflater.destroy();
    }
    return bytes;
  }
}
