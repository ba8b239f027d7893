/**
 * The zip container of an XLSX package (ECMA-376 part 2 over the ZIP format, APPNOTE 6.3): parts written as text in
 * pieces, compressed with raw DEFLATE by the caller's compressor, put together with their local headers and the
 * central directory. No ZIP64 (a part or the whole package past 4 GiB is refused with an error) and no encryption.
 *
 * Two ways to compress, for the two places a workbook is written:
 * - `pieces` (Node: zlib's deflateRawSync): each piece of 64 K characters of text is compressed as it comes, ended by
 *   a sync flush, and the part's last piece finishes the stream, so a 200,000-line BOM is held compressed, never
 *   as text;
 * - `whole` (a browser: CompressionStream): a part's text is kept until the part ends and compressed once, when the
 *   package is put together;
 * - `store`: no compression, where a page has no compressor (the bytes are the text).
 */

export type Compressor =
  | {
      kind: 'pieces';
      deflate(bytes: Uint8Array, last: boolean): Uint8Array;
      /** The platform's CRC-32 where it has one (Node's zlib), faster than crc32 below. */
      crc32?(bytes: Uint8Array, crc: number): number;
    }
  | { kind: 'whole'; deflate(bytes: Uint8Array): Promise<Uint8Array> }
  | { kind: 'store' };

/** One part of the package being written: text in pieces, then end. */
export interface PartWriter {
  write(text: string): void;
  end(): void;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** The CRC-32 of `bytes` (the zip's check), continuing from `crc` (0 for the first bytes). */
function crc32(bytes: Uint8Array, crc = 0): number {
  let c = ~crc >>> 0;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return ~c >>> 0;
}

/** The page's raw DEFLATE (CompressionStream 'deflate-raw'), each part once it is whole; none: parts are stored. */
export function pageCompressor(): Compressor {
  if (typeof CompressionStream !== 'function') return { kind: 'store' };
  try {
    new CompressionStream('deflate-raw');
  } catch {
    return { kind: 'store' };
  }
  return {
    kind: 'whole',
    async deflate(bytes) {
      const stream = new Blob([bytes as Uint8Array<ArrayBuffer>])
        .stream()
        .pipeThrough(new CompressionStream('deflate-raw'));
      return new Uint8Array(await new Response(stream).arrayBuffer());
    },
  };
}

/**
 * Text gathered before it is encoded and compressed: twice DEFLATE's window, so little is lost by starting afresh,
 * and small enough that the joined text stays among V8's young objects (a megabyte-long string goes to the large
 * object space, kept until a full collection: a 200,000-line BOM's pieces then piled up).
 */
const PIECE_CHARS = 1 << 16;
const LIMIT = 0xffffffff;

interface Part {
  name: Uint8Array;
  crc: number;
  size: number;
  /** Compressed bytes (or stored ones), in order. */
  data: Uint8Array[];
  ended: boolean;
}

const encoder = new TextEncoder();

function concat(pieces: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(pieces.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of pieces) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** An XLSX package being written: parts opened in any order, each written top to bottom, then `bytes()`. */
export class ZipPackage {
  private readonly parts: Part[] = [];

  constructor(private readonly compressor: Compressor) {}

  /** A part named `name` ("xl/worksheets/sheet1.xml"), written through the returned writer. */
  part(name: string): PartWriter {
    const part: Part = { name: encoder.encode(name), crc: 0, size: 0, data: [], ended: false };
    this.parts.push(part);
    let text: string[] = [];
    let chars = 0;
    const flush = (last: boolean) => {
      const bytes = encoder.encode(text.join(''));
      text = [];
      chars = 0;
      const c = this.compressor;
      part.crc = c.kind === 'pieces' && c.crc32 ? c.crc32(bytes, part.crc) : crc32(bytes, part.crc);
      part.size += bytes.length;
      if (part.size > LIMIT) throw new Error(`the workbook's part ${name} is over 4 GiB, more than an XLSX file holds`);
      part.data.push(c.kind === 'pieces' ? c.deflate(bytes, last) : bytes);
    };
    return {
      write(piece: string) {
        if (part.ended) throw new Error(`the workbook's part ${name} was already ended`);
        text.push(piece);
        chars += piece.length;
        if (chars >= PIECE_CHARS) flush(false);
      },
      end() {
        if (part.ended) return;
        flush(true);
        part.ended = true;
      },
    };
  }

  /** The package's bytes, every part ended: local headers and data, then the central directory. */
  async bytes(): Promise<Uint8Array> {
    const c = this.compressor;
    const out: Uint8Array[] = [];
    const central: Uint8Array[] = [];
    let offset = 0;
    for (const part of this.parts) {
      if (!part.ended) throw new Error(`the workbook's part ${new TextDecoder().decode(part.name)} was never ended`);
      const data = c.kind === 'whole' ? [await c.deflate(concat(part.data))] : part.data;
      const compressed = data.reduce((n, d) => n + d.length, 0);
      const method = c.kind === 'store' ? 0 : 8;
      const local = header(0x04034b50, 30, part, { method, compressed });
      if (offset > LIMIT) throw new Error('the workbook is over 4 GiB, more than an XLSX file holds');
      central.push(header(0x02014b50, 46, part, { method, compressed, offset }));
      out.push(local, ...data);
      offset += local.length + compressed;
    }
    const directory = concat(central);
    const end = new Uint8Array(22);
    const v = new DataView(end.buffer);
    v.setUint32(0, 0x06054b50, true);
    v.setUint16(8, this.parts.length, true);
    v.setUint16(10, this.parts.length, true);
    v.setUint32(12, directory.length, true);
    v.setUint32(16, offset, true);
    return concat([...out, directory, end]);
  }
}

/** DOS date and time of 1980-01-01 00:00, the zip's earliest: parts carry no time of their own. */
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

/** A local file header (30 bytes before the name) or a central directory entry (46). */
function header(
  signature: number,
  fixed: 30 | 46,
  part: Part,
  at: { method: number; compressed: number; offset?: number },
): Uint8Array {
  const out = new Uint8Array(fixed + part.name.length);
  const v = new DataView(out.buffer);
  const central = fixed === 46;
  v.setUint32(0, signature, true);
  let p = 4;
  if (central) {
    v.setUint16(p, 20, true); // made by: version 2.0
    p += 2;
  }
  v.setUint16(p, 20, true); // version needed: 2.0 (DEFLATE)
  v.setUint16(p + 2, 0, true); // flags
  v.setUint16(p + 4, at.method, true);
  v.setUint16(p + 6, 0, true); // time
  v.setUint16(p + 8, DOS_DATE, true);
  v.setUint32(p + 10, part.crc, true);
  v.setUint32(p + 14, at.compressed, true);
  v.setUint32(p + 18, part.size, true);
  v.setUint16(p + 22, part.name.length, true);
  // Extra field length 0; in the central entry also comment, disk, attributes 0, then the local header's offset.
  if (central) v.setUint32(42, at.offset ?? 0, true);
  out.set(part.name, fixed);
  return out;
}
