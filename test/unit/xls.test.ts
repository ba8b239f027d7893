/**
 * The .xls reader (cli/xls.ts): real workbooks read to the grid Excel shows of them, BIFF8 cell records built
 * here one by one, and hostile compound files (truncated, cyclic chains, absurd counts) refused with a message.
 */
import { readFileSync } from 'node:fs';
import { BomFileError, parseBomFile } from '../../cli/bomfile';
import { parseXls } from '../../cli/xls';
import { type Cell } from '../../src/bom';
import { corpusFile, testWithCorpus } from '../helpers/bom-corpus';

// ---- a small writer of compound files and BIFF8 records, for the tests only

const SECTOR = 512;
const END = 0xfffffffe;
const FREE = 0xffffffff;
const FATSECT = 0xfffffffd;

function u16(n: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n);
  return b;
}
function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
}
function f64(n: number): Buffer {
  const b = Buffer.alloc(8);
  b.writeDoubleLE(n);
  return b;
}
function rec(type: number, ...data: Buffer[]): Buffer {
  const body = Buffer.concat(data);
  return Buffer.concat([u16(type), u16(body.length), body]);
}
function compressed(text: string): Buffer {
  return Buffer.from(text, 'latin1');
}
function wide(text: string): Buffer {
  return Buffer.from(text, 'utf16le');
}
/** A shared string / STRING body: count, flags, characters. */
function xlString(text: string): Buffer {
  const isWide = /[^\u0000-\u00ff]/.test(text);
  return Buffer.concat([u16(text.length), Buffer.from([isWide ? 1 : 0]), isWide ? wide(text) : compressed(text)]);
}

interface SheetSpec {
  name: string;
  records: Buffer[];
  /** 0 visible, 1 hidden, 2 very hidden. */
  state?: number;
}

/**
 * A workbook stream: globals (BOF, a BOUNDSHEET per sheet, the given SST records, EOF), then each sheet's BOF,
 * records and EOF. `bofVersion` other than 0x0600 makes an older workbook.
 */
function workbook(sheets: SheetSpec[], sst: Buffer[] = [], extra: Buffer[] = [], bofVersion = 0x0600): Buffer {
  const bof = (dt: number) => rec(0x0809, u16(bofVersion), u16(dt), Buffer.alloc(12));
  const boundsheet = (name: string, offset: number, state = 0) =>
    rec(0x0085, u32(offset), Buffer.from([state, 0, name.length, 0]), compressed(name));
  let globalsLength =
    bof(5).length +
    extra.reduce((n, b) => n + b.length, 0) +
    sst.reduce((n, b) => n + b.length, 0) +
    rec(0x000a).length;
  for (const s of sheets) globalsLength += boundsheet(s.name, 0).length;
  const bodies = sheets.map((s) => Buffer.concat([bof(0x10), ...s.records, rec(0x000a)]));
  const offsets: number[] = [];
  let at = globalsLength;
  for (const b of bodies) {
    offsets.push(at);
    at += b.length;
  }
  return Buffer.concat([
    bof(5),
    ...extra,
    ...sheets.map((s, i) => boundsheet(s.name, offsets[i], s.state)),
    ...sst,
    rec(0x000a),
    ...bodies,
  ]);
}

/** A directory entry of 128 bytes. */
function dirEntry(name: string, type: number, start: number, size: number, child = FREE): Buffer {
  const e = Buffer.alloc(128);
  const n = wide(name);
  n.copy(e, 0);
  e.writeUInt16LE(n.length + 2, 0x40);
  e[0x42] = type;
  e[0x43] = 1;
  e.writeUInt32LE(FREE, 0x44);
  e.writeUInt32LE(FREE, 0x48);
  e.writeUInt32LE(child, 0x4c);
  e.writeUInt32LE(start, 0x74);
  e.writeUInt32LE(size, 0x78);
  return e;
}

/**
 * A version-3 compound file holding one stream, "Workbook" (or the name given): in regular sectors when it is
 * 4096 bytes or more, else in the mini stream. Sector layout: FAT, directory, then the data.
 */
function compoundFile(stream: Buffer, name = 'Workbook'): Buffer {
  const pad = (b: Buffer, size: number) => Buffer.concat([b, Buffer.alloc((size - (b.length % size)) % size)]);
  const sectors: Buffer[] = [];
  const fat: number[] = [];
  const addChain = (data: Buffer): number => {
    const start = sectors.length;
    const padded = pad(data, SECTOR);
    const n = Math.max(1, padded.length / SECTOR);
    for (let i = 0; i < n; i++) {
      sectors.push(padded.subarray(i * SECTOR, (i + 1) * SECTOR));
      fat.push(i === n - 1 ? END : start + i + 1);
    }
    return start;
  };
  // Sector 0: the FAT (one sector: up to 128 sectors, enough here), filled in last.
  sectors.push(Buffer.alloc(SECTOR));
  fat.push(FATSECT);
  const dirSector = sectors.length;
  sectors.push(Buffer.alloc(SECTOR));
  fat.push(END);
  let root: Buffer;
  let entry: Buffer;
  let miniFatStart = END;
  if (stream.length >= 4096) {
    const start = addChain(stream);
    root = dirEntry('Root Entry', 5, END, 0, 1);
    entry = dirEntry(name, 2, start, stream.length);
  } else {
    const mini = pad(stream, 64);
    const miniCount = mini.length / 64;
    const miniFat = Buffer.alloc(SECTOR, 0xff);
    for (let i = 0; i < miniCount; i++) miniFat.writeUInt32LE(i === miniCount - 1 ? END : i + 1, i * 4);
    miniFatStart = addChain(miniFat);
    const miniStart = addChain(mini);
    root = dirEntry('Root Entry', 5, miniStart, mini.length, 1);
    entry = dirEntry(name, 2, 0, stream.length);
  }
  sectors[dirSector] = pad(Buffer.concat([root, entry]), SECTOR);
  if (fat.length > 128) throw new Error('test writer: too many sectors for one FAT sector');
  const fatSector = Buffer.alloc(SECTOR, 0xff);
  fat.forEach((v, i) => fatSector.writeUInt32LE(v, i * 4));
  sectors[0] = fatSector;
  const header = Buffer.alloc(512, 0);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x3e, 0x18);
  header.writeUInt16LE(3, 0x1a);
  header.writeUInt16LE(0xfffe, 0x1c);
  header.writeUInt16LE(9, 0x1e);
  header.writeUInt16LE(6, 0x20);
  header.writeUInt32LE(1, 0x2c);
  header.writeUInt32LE(dirSector, 0x30);
  header.writeUInt32LE(4096, 0x38);
  header.writeUInt32LE(miniFatStart, 0x3c);
  header.writeUInt32LE(miniFatStart === END ? 0 : 1, 0x40);
  header.writeUInt32LE(END, 0x44);
  for (let i = 0; i < 109; i++) header.writeUInt32LE(FREE, 0x4c + i * 4);
  header.writeUInt32LE(0, 0x4c);
  return Buffer.concat([header, ...sectors]);
}

/** An RK value of a whole number (x 100 when `cents`). */
function rkInt(n: number, cents = false): Buffer {
  return u32(((n << 2) | 2 | (cents ? 1 : 0)) >>> 0);
}

/**
 * A BOM sheet using every cell record a BOM needs: the header in shared strings (one split by a CONTINUE record
 * in the middle of its characters, going on as two-byte characters), a LABEL, NUMBER, RK (integer and /100),
 * MULRK, BOOLERR (true and #N/A), a numeric formula and a string formula with its STRING record.
 */
function bomWorkbook(): Buffer {
  const strings = ['Designator', 'Qty', 'Manufacturer Part Number', 'Fitted', 'R1, R2', 'LM358DR', 'Ωmega µ'];
  const body = Buffer.concat(strings.map(xlString));
  // Split inside "Manufacturer Part Number": its first characters in the SST, the rest in a CONTINUE as UTF-16.
  const splitText = 'Manufacturer Part Number';
  const before = Buffer.concat(strings.slice(0, 2).map(xlString));
  const head = Buffer.concat([u16(splitText.length), Buffer.from([0]), compressed(splitText.slice(0, 12))]);
  const rest = Buffer.concat([Buffer.from([1]), wide(splitText.slice(12)), ...strings.slice(3).map(xlString)]);
  expect(before.length + head.length + rest.length - 1).toBe(body.length + splitText.slice(12).length);
  const sst = [rec(0x00fc, u32(strings.length), u32(strings.length), before, head), rec(0x003c, rest)];
  const cell = (r: number, c: number) => Buffer.concat([u16(r), u16(c), u16(15)]);
  const records = [
    rec(0x00fd, cell(0, 0), u32(0)),
    rec(0x00fd, cell(0, 1), u32(1)),
    rec(0x00fd, cell(0, 2), u32(2)),
    rec(0x00fd, cell(0, 3), u32(3)),
    rec(0x0204, cell(0, 4), xlString('Price')),
    rec(0x00fd, cell(1, 0), u32(4)),
    rec(0x027e, cell(1, 1), rkInt(2)),
    rec(0x00fd, cell(1, 2), u32(5)),
    rec(0x0205, cell(1, 3), Buffer.from([1, 0])),
    rec(0x0203, cell(1, 4), f64(0.125)),
    rec(0x0204, cell(2, 0), xlString('C1')),
    rec(0x0006, cell(2, 1), f64(3), u16(0), u32(0), u16(0)),
    rec(0x0006, cell(2, 2), Buffer.from([0, 0, 0, 0, 0, 0, 0xff, 0xff]), u16(0), u32(0), u16(0)),
    rec(0x0207, xlString('GRM188R71H104KA93D')),
    rec(0x0205, cell(2, 3), Buffer.from([0x2a, 1])),
    rec(0x027e, cell(2, 4), rkInt(1234, true)),
    rec(0x00bd, u16(4), u16(1), u16(15), rkInt(7), u16(15), rkInt(8), u16(2)),
    rec(0x00fd, cell(5, 0), u32(6)),
    // Records no BOM needs are passed over.
    rec(0x0208, Buffer.alloc(16)),
    rec(0x00e5, u16(0)),
  ];
  return compoundFile(
    workbook(
      [
        { name: 'Change log', records: [rec(0x0204, cell(0, 0), xlString('v1: first'))] },
        { name: 'BOM', records },
      ],
      sst,
    ),
  );
}

describe('parseXls', () => {
  testWithCorpus(__filename).each([
    'altium_limesdr-usb_1v4_BOMr7.xls',
    'lcsc-bomtool-quotation_zielaskowski-inventory_MAXIM_bom_LCSC.xls',
  ])('%s reads to the grid Excel shows of it, every sheet', (file) => {
    const buf = readFileSync(corpusFile(file));
    const grid = JSON.parse(readFileSync(corpusFile(`grids/${file}.json`), 'utf8')) as {
      sheets: { name: string; cells: Cell[][] }[];
    };
    const trim = (rows: Cell[][]) =>
      rows.map((row) => {
        const r = row.map((c) => (c === '' ? null : c));
        while (r.length > 0 && r[r.length - 1] === null) r.pop();
        return r;
      });
    expect(parseXls(buf).sheetNames).toEqual(grid.sheets.map((s) => s.name));
    for (const sheet of grid.sheets)
      expect(trim(parseXls(buf, { sheet: sheet.name }).cells)).toEqual(trim(sheet.cells));
  });

  test("a very hidden sheet (a program's records) is no sheet to read; a hidden one the user hid is", () => {
    const cell = (r: number, c: number) => Buffer.concat([u16(r), u16(c), u16(15)]);
    const buf = compoundFile(
      workbook([
        { name: 'Partsheet sheets', records: [rec(0x0204, cell(0, 0), xlString('partsheet-sheets'))], state: 2 },
        { name: 'Old BOM', records: [rec(0x0204, cell(0, 0), xlString('MPN'))], state: 1 },
        { name: 'BOM', records: [rec(0x0204, cell(0, 0), xlString('MPN'))] },
      ]),
    );
    const read = parseXls(buf);
    expect(read.sheetNames).toEqual(['Old BOM', 'BOM']);
    expect(read.sheetName).toBe('Old BOM');
  });

  test('every cell record a BOM is made of, a shared string split across a CONTINUE record, and a sheet chosen by name', () => {
    const buf = bomWorkbook();
    const first = parseXls(buf);
    expect(first).toMatchObject({ sheetName: 'Change log', sheetNames: ['Change log', 'BOM'], cells: [['v1: first']] });
    const { cells, sheetName } = parseXls(buf, { sheet: 'bom' });
    expect(sheetName).toBe('BOM');
    expect(cells).toEqual([
      ['Designator', 'Qty', 'Manufacturer Part Number', 'Fitted', 'Price'],
      ['R1, R2', 2, 'LM358DR', true, 0.125],
      ['C1', 3, 'GRM188R71H104KA93D', '#N/A', 12.34],
      [],
      [null, 7, 8],
      ['Ωmega µ'],
    ]);
    expect(() => parseXls(buf, { sheet: 'Parts' })).toThrow(
      'no sheet named "Parts"; the sheets are "Change log", "BOM"',
    );
  });

  test('a workbook small enough to live in the mini stream', () => {
    const cell = Buffer.concat([u16(0), u16(0), u16(15)]);
    const buf = compoundFile(
      workbook([
        {
          name: 'Sheet1',
          records: [
            rec(0x0204, cell, xlString('MPN')),
            rec(0x0203, Buffer.concat([u16(1), u16(0), u16(15)]), f64(742792609)),
          ],
        },
      ]),
    );
    expect(parseXls(buf).cells).toEqual([['MPN'], [742792609]]);
  });

  test("merged ranges: a value kept under a range's other cells is none, and ranges over rows are given as XLSX's are", async () => {
    const cell = (r: number, c: number) => Buffer.concat([u16(r), u16(c), u16(15)]);
    const range = (top: number, bottom: number, left: number, right: number) =>
      Buffer.concat([u16(top), u16(bottom), u16(left), u16(right)]);
    const buf = compoundFile(
      workbook([
        {
          name: 'BOM',
          records: [
            rec(0x0204, cell(0, 0), xlString('MPN')),
            rec(0x0204, cell(0, 1), xlString('Qty')),
            rec(0x0204, cell(0, 2), xlString('Designator')),
            rec(0x0204, cell(1, 0), xlString('LM358DR')),
            rec(0x027e, cell(1, 1), rkInt(2)),
            rec(0x0204, cell(1, 2), xlString('U1')),
            rec(0x0204, cell(2, 2), xlString('U2')),
            // An old entry the title block's merge covers, as an ESKD frame keeps one.
            rec(0x0204, cell(3, 0), xlString('Rev. B')),
            rec(0x027e, cell(3, 1), rkInt(2)),
            // MPN and Qty merged down over the item's two rows, and the note's range over two columns.
            rec(0x00e5, u16(3), range(1, 2, 0, 0), range(1, 2, 1, 1), range(3, 3, 0, 1)),
          ],
        },
      ]),
    );
    const read = parseXls(buf);
    expect(read.cells).toEqual([
      ['MPN', 'Qty', 'Designator'],
      ['LM358DR', 2, 'U1'],
      [null, null, 'U2'],
      ['Rev. B', null],
    ]);
    expect(read.merged).toEqual([
      { top: 1, bottom: 2, left: 0, right: 0 },
      { top: 1, bottom: 2, left: 1, right: 1 },
    ]);
    expect((await parseBomFile('bom.xls', buf)).merged).toEqual(read.merged);
  });

  test('merged ranges that overlap over a whole sheet end in a clear error, not a long walk', () => {
    const cell = (r: number, c: number) => Buffer.concat([u16(r), u16(c), u16(15)]);
    // A hundred rows as wide as a sheet is (a value in its last column), and a thousand ranges each over all of it.
    const rows = Array.from({ length: 100 }, (_, r) => rec(0x027e, cell(r + 1, 255), rkInt(1)));
    const everywhere = Buffer.concat([u16(0), u16(65_535), u16(0), u16(255)]);
    const merges = rec(0x00e5, u16(1_000), ...Array.from({ length: 1_000 }, () => everywhere));
    const buf = compoundFile(
      workbook([{ name: 'BOM', records: [rec(0x0204, cell(0, 0), xlString('MPN')), ...rows, merges] }]),
    );
    expect(() => parseXls(buf)).toThrow('its merged ranges cover more cells than the sheet may hold');
  });

  test('merged ranges over rows the file leaves empty count those rows: a small file of many ends in the error too', () => {
    const cell = (r: number, c: number) => Buffer.concat([u16(r), u16(c), u16(15)]);
    // Two rows with a value, 65,000 apart, and a thousand ranges each over the rows between: no cell under them.
    const tall = Buffer.concat([u16(0), u16(64_999), u16(0), u16(0)]);
    const merges = rec(0x00e5, u16(1_000), ...Array.from({ length: 1_000 }, () => tall));
    const records = [rec(0x0204, cell(0, 0), xlString('MPN')), rec(0x0204, cell(64_999, 0), xlString('end')), merges];
    const buf = compoundFile(workbook([{ name: 'BOM', records }]));
    expect(() => parseXls(buf)).toThrow('its merged ranges cover more cells than the sheet may hold');
  });

  test('partsheet price reads an .xls BOM as it reads the same table in XLSX', async () => {
    const file = await parseBomFile('bom.xls', bomWorkbook(), { sheet: 'BOM' });
    expect(file).toMatchObject({ format: 'xls', sheetName: 'BOM' });
    expect(file.cells[1]).toEqual(['R1, R2', 2, 'LM358DR', true, 0.125]);
    // By its first bytes when the name says nothing.
    expect((await parseBomFile('bom', bomWorkbook())).format).toBe('xls');
  });
});

describe('parseXls on broken and hostile files: a clear error at once', () => {
  const good = bomWorkbook();
  const refused = (buf: Buffer, message: RegExp) => {
    let error: unknown;
    try {
      parseXls(buf);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(BomFileError);
    expect((error as Error).message).toMatch(message);
  };

  testWithCorpus(__filename)('cut short anywhere', () => {
    const real = readFileSync(corpusFile('altium_limesdr-usb_1v4_BOMr7.xls'));
    for (const length of [0, 100, 511, 512, 1024, Math.floor(real.length / 2), real.length - 700]) {
      refused(real.subarray(0, length), /not a readable \.xls workbook|no compound-file header/);
    }
  });

  test('a chain of sectors that loops back on itself', () => {
    // A workbook of 300 rows: its stream is in regular sectors, from sector 2 on.
    const rows = Array.from({ length: 300 }, (_, r) =>
      rec(0x0204, Buffer.concat([u16(r), u16(0), u16(15)]), xlString(`LM358DR-${r}`)),
    );
    const big = compoundFile(workbook([{ name: 'S', records: rows }]));
    expect(parseXls(big).cells).toHaveLength(300);
    const buf = Buffer.from(big);
    // The workbook stream starts at sector 2: make its sector 3 point back to 2.
    const fatAt = 512;
    buf.writeUInt32LE(2, fatAt + 3 * 4);
    refused(buf, /the workbook stream loops back on itself/);
    const dir = Buffer.from(big);
    dir.writeUInt32LE(1, fatAt + 1 * 4);
    refused(dir, /the directory loops back on itself/);
  });

  test('tables pointing outside the file, and a header claiming more tables than the file can hold', () => {
    const out = Buffer.from(good);
    out.writeUInt32LE(0x00ffffff, 512 + 2 * 4);
    refused(out, /points outside the file/);
    const claims = Buffer.from(good);
    claims.writeUInt32LE(0x7fffffff, 0x2c);
    refused(claims, /claims 2,147,483,647 allocation-table sectors/);
    const difat = Buffer.from(good);
    difat.writeUInt32LE(150, 0x2c);
    difat.writeUInt32LE(0, 0x44);
    refused(difat, /claims 150 allocation-table sectors|allocation table list/);
  });

  test('a shared-string table claiming four billion strings holds only what its bytes hold', () => {
    const cell = Buffer.concat([u16(0), u16(0), u16(15)]);
    const sst = [rec(0x00fc, u32(0xffffffff), u32(0xffffffff), xlString('MPN'), xlString('LM358DR'))];
    const buf = compoundFile(
      workbook(
        [
          {
            name: 'S',
            records: [
              rec(0x00fd, cell, u32(0)),
              rec(0x00fd, Buffer.concat([u16(1), u16(0), u16(15)]), u32(1)),
              rec(0x00fd, Buffer.concat([u16(2), u16(0), u16(15)]), u32(99)),
            ],
          },
        ],
        sst,
      ),
    );
    expect(parseXls(buf).cells).toEqual([['MPN'], ['LM358DR']]);
  });

  test('a string longer than its record, and a record longer than the stream', () => {
    const cell = Buffer.concat([u16(0), u16(0), u16(15)]);
    const sst = [rec(0x00fc, u32(1), u32(1), u16(5000), Buffer.from([0]), compressed('short'))];
    refused(compoundFile(workbook([{ name: 'S', records: [] }], sst)), /a string runs past the end of its record/);
    const stream = workbook([{ name: 'S', records: [rec(0x0204, cell, xlString('x'))] }]);
    const cut = Buffer.concat([stream, u16(0x0204), u16(9000), Buffer.alloc(10)]);
    // The sheet's EOF is dropped so that the reader meets the broken record.
    refused(
      compoundFile(Buffer.concat([cut.subarray(0, stream.length - 4), cut.subarray(stream.length)])),
      /runs past the end of the workbook/,
    );
  });

  test('Excel 5.0 and 95 (BIFF5, a "Book" stream): names and text in the code page, numbers, a formula\'s text', () => {
    // BIFF5 writes a sheet's name and a cell's text as their length and bytes, in the workbook's code page.
    const text5 = (row: number, col: number, bytes: Buffer) =>
      rec(0x0204, u16(row), u16(col), u16(15), u16(bytes.length), bytes);
    const globals = (offset: number) =>
      Buffer.concat([
        rec(0x0809, u16(0x0500), u16(5), Buffer.alloc(4)),
        rec(0x0042, u16(1252)),
        rec(0x0085, u32(offset), Buffer.from([0, 0, 5]), Buffer.from('Liste', 'latin1')),
        rec(0x000a),
      ]);
    const sheet = Buffer.concat([
      rec(0x0809, u16(0x0500), u16(0x10), Buffer.alloc(4)),
      text5(0, 0, Buffer.from('MPN')),
      text5(0, 1, Buffer.from('Qty')),
      text5(0, 2, Buffer.from('Note')),
      text5(1, 0, Buffer.from('AOT240L')),
      rec(0x0203, Buffer.concat([u16(1), u16(1), u16(15)]), f64(2)),
      // "Q6, Q7 – DO NOT STUFF, 0,50 €" in Windows-1252: an en dash (0x96) and a euro sign (0x80).
      text5(1, 2, Buffer.from([...Buffer.from('Q6, Q7 '), 0x96, ...Buffer.from(' DO NOT STUFF, 0,50 '), 0x80])),
      rec(
        0x0006,
        Buffer.concat([u16(2), u16(0), u16(15)]),
        Buffer.from([0, 0, 0, 0, 0, 0, 0xff, 0xff]),
        Buffer.alloc(6),
      ),
      rec(0x0207, u16(6), Buffer.from('NE555P')),
      rec(0x000a),
    ]);
    const stream = Buffer.concat([globals(globals(0).length), sheet]);
    const read = parseXls(compoundFile(stream, 'Book'));
    expect(read.sheetNames).toEqual(['Liste']);
    expect(read.cells).toEqual([['MPN', 'Qty', 'Note'], ['AOT240L', 2, 'Q6, Q7 – DO NOT STUFF, 0,50 €'], ['NE555P']]);
  });

  test('an Excel 95 workbook in another code page (Windows-1251) reads its text in that page', () => {
    const sheetRecords = Buffer.concat([
      rec(0x0809, u16(0x0500), u16(0x10), Buffer.alloc(4)),
      // "Резистор" (resistor) in Windows-1251.
      rec(0x0204, u16(0), u16(0), u16(15), u16(8), Buffer.from([0xd0, 0xe5, 0xe7, 0xe8, 0xf1, 0xf2, 0xee, 0xf0])),
      rec(0x000a),
    ]);
    const globals = (offset: number) =>
      Buffer.concat([
        rec(0x0809, u16(0x0500), u16(5), Buffer.alloc(4)),
        rec(0x0042, u16(1251)),
        rec(0x0085, u32(offset), Buffer.from([0, 0, 1]), Buffer.from('S')),
        rec(0x000a),
      ]);
    const read = parseXls(compoundFile(Buffer.concat([globals(globals(0).length), sheetRecords]), 'Book'));
    expect(read.cells).toEqual([['Резистор']]);
  });

  test('Excel 4.0, encrypted, and not a workbook at all: each says what to do', () => {
    refused(
      compoundFile(workbook([{ name: 'S', records: [] }], [], [], 0x0400)),
      /^an Excel 4\.0 \(or older\) workbook cannot be read; save it as \.xlsx or CSV$/,
    );
    refused(
      compoundFile(workbook([{ name: 'S', records: [] }], [], [rec(0x002f, u16(1), Buffer.alloc(52))])),
      /^the workbook is encrypted/,
    );
    refused(compoundFile(Buffer.alloc(5000, 0), 'WordDocument'), /it holds no workbook/);
    refused(compoundFile(Buffer.alloc(5000, 0), 'Book'), /does not begin with a BOF record/);
    refused(compoundFile(Buffer.alloc(5000, 0)), /does not begin with a BOF record/);
  });

  test('a cell far outside any BOM', () => {
    const far = rec(0x0203, Buffer.concat([u16(0), u16(60000), u16(15)]), f64(1));
    refused(
      compoundFile(workbook([{ name: 'S', records: [far] }])),
      /a cell in column 60001 beyond the 1024 a sheet may have/,
    );
  });
});
