/**
 * One item written over several rows (src/bom/row-items.ts): cells merged down over an item's rows in a workbook,
 * and rows that only continue an item's text in any grid. Made-up tables of each shape.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { parseBomFile } from '../../cli/bomfile';
import { readBomForPricing } from '../../cli/read-bom';
import { type BomReadResult, type Cell, type MergedRange, readBom } from '../../src/bom';

/** A range merged in the sheet by its address ("C2:C4", one letter a column), as the reader takes it: 0-based. */
function range(address: string): MergedRange {
  const [from, to] = address.split(':').map((a) => ({ column: a.charCodeAt(0) - 65, row: Number(a.slice(1)) - 1 }));
  return { top: from.row, left: from.column, bottom: to.row, right: to.column };
}

/** Each line as [sheet row, part number, quantity per board, designators]. */
function lines(read: BomReadResult): [number, string, number, string][] {
  return read.lines.map((l) => [l.row + 1, l.partNumber, l.quantityPerBoard, l.designators.join(',')]);
}

/** Each row that is no line as [sheet row, reason]. */
function skipped(read: BomReadResult): [number, string][] {
  return read.skipped.map((s) => [s.row + 1, s.reason]);
}

describe('rows that only continue the item above (any grid: a CSV, the cells Excel gives the pane)', () => {
  // An ordinary BOM whose descriptions wrap onto rows of their own, every key cell of those rows left empty.
  const wrapped: Cell[][] = [
    ['Qty', 'Reference', 'MPN', 'Description'],
    [2, 'R1, R2', 'RC0603FR-0710KL', 'Resistor 10k 1% 0603'],
    [null, null, null, 'thick film, 0.1 W, AEC-Q200'],
    [1, 'U1', 'LM358DR', 'Dual op amp'],
    [null, null, null, 'rail to rail output'],
    [null, null, null, 'SOIC-8 package, tape and reel'],
    [1, 'C1', 'GRM188R71H104KA93D', '100nF 50V X7R'],
  ];

  test('an ordinary BOM with wrapped descriptions reads the same lines as without them', () => {
    const read = readBom(wrapped);
    const unwrapped = readBom(wrapped.filter((row) => row[0] !== null));
    expect(lines(read)).toEqual([
      [2, 'RC0603FR-0710KL', 2, 'R1,R2'],
      [4, 'LM358DR', 1, 'U1'],
      [7, 'GRM188R71H104KA93D', 1, 'C1'],
    ]);
    expect(lines(read).map(([, ...rest]) => rest)).toEqual(lines(unwrapped).map(([, ...rest]) => rest));
    expect(read.warnings).toEqual(unwrapped.warnings);
  });

  test('each wrapped row is accounted as part of the item above it, never a line of its own', () => {
    const read = readBom(wrapped);
    expect(skipped(read)).toEqual([
      [3, 'no-part-number'],
      [5, 'no-part-number'],
      [6, 'no-part-number'],
    ]);
    expect(read.skipped.map((s) => s.detail.match(/^continues the item of row (\d+)/)?.[1])).toEqual(['2', '4', '4']);
  });

  test('a row with a quantity, designators, a part number or a number of its own is not a continuation', () => {
    const read = readBom([
      ['Qty', 'Reference', 'MPN', 'Description'],
      [1, 'U1', 'LM358DR', 'Dual op amp'],
      [null, 'U2', null, 'Dual op amp'],
      [1, 'U3', 'LM358DR', 'Dual op amp'],
      [null, null, null, 'Total: 12'],
      [1, 'U4', 'NE555DR', 'Timer'],
      [null, null, null, 'Mechanical parts:'],
    ]);
    // U2 is a line to buy that names no part; the total and the label ending in a colon are no lines, nor part of U3 or U4.
    expect(read.skipped.map((s) => [s.row + 1, s.reason, /^continues/.test(s.detail)])).toEqual([
      [3, 'incomplete', false],
      [5, 'no-part-number', false],
      [7, 'no-part-number', false],
    ]);
  });

  test('a blank row ends the item: a note after it continues nothing', () => {
    const read = readBom([
      ['Qty', 'Reference', 'MPN', 'Description'],
      [1, 'U1', 'LM358DR', 'Dual op amp'],
      [],
      [null, null, null, 'Assemble after reflow'],
      [1, 'U2', 'NE555DR', 'Timer'],
    ]);
    expect(lines(read).map((l) => l[0])).toEqual([2, 5]);
    expect(read.skipped.map((s) => [s.row + 1, /^continues/.test(s.detail)])).toEqual([[4, false]]);
  });
});

describe('designators merged over rows that count parts of their own', () => {
  test('a header and its mating housing at J1, each with its count and shop number: two lines at J1', () => {
    const cells: Cell[][] = [
      ['PCB designators', 'Description', 'Value', 'Count', 'Mouser part number'],
      ['J1', 'Button cable', 'Shrouded header 2x5', 1, '710-61201021621'],
      [null, null, 'IDC socket 2x5', 1, '710-61201021621X'],
      ['R1 R2', null, '10k', 2, '603-RC0603FR-0710KL'],
    ];
    const read = readBom(cells, { merged: [range('A2:A3'), range('B2:B3')] });
    expect(lines(read)).toEqual([
      [2, '710-61201021621', 1, 'J1'],
      [3, '710-61201021621X', 1, 'J1'],
      [4, '603-RC0603FR-0710KL', 2, 'R1,R2'],
    ]);
  });
});

describe('cells merged down over an item’s rows (merged ranges given with the cells)', () => {
  // A made-up cut list: each piece's name, quantity and price merged down over the rows of its sizes and notes.
  const cutList: Cell[][] = [
    ['Description', 'Seller', 'Qty', 'Price'],
    ['Plywood 9 mm', 'Front panel', '2 ST', 6.28],
    [null, 'Length: 618 mm'],
    [null, 'Width: 190 mm', null, null],
    [],
    [null, '3,14 € / ST'],
    ['Hinge 600 mm', 'Piano hinge', '1 ST', 3.15],
    [null, 'Length: 600 mm'],
  ];
  const cutMerges: MergedRange[] = [range('A2:A6'), range('C2:C6'), range('D2:D6'), range('C7:D8')];

  test('the rows under a merged quantity are the item’s, blank or not, and no line of their own', () => {
    const read = readBom(cutList, { merged: cutMerges });
    expect(read.lines).toEqual([]);
    expect(read.skipped.map((s) => [s.row + 1, s.reason, s.quantityPerBoard ?? null])).toEqual([
      [2, 'incomplete', 2],
      [3, 'no-part-number', null],
      [4, 'no-part-number', null],
      [6, 'no-part-number', null],
      [7, 'incomplete', 1],
      [8, 'no-part-number', null],
    ]);
    expect(read.skipped.filter((s) => s.reason === 'no-part-number').map((s) => s.detail)).toEqual([
      'continues the item of row 2 (cells merged over rows 2-6)',
      'continues the item of row 2 (cells merged over rows 2-6)',
      'continues the item of row 2 (cells merged over rows 2-6)',
      'continues the item of row 7 (cells merged over rows 7-8)',
    ]);
  });

  test('without its merged ranges the same grid reads the same lines, its text-only rows continuing the item', () => {
    const read = readBom(cutList);
    expect(read.skipped.filter((s) => s.reason === 'incomplete').map((s) => s.row + 1)).toEqual([2, 7]);
    expect(read.skipped.filter((s) => /^continues/.test(s.detail)).map((s) => s.row + 1)).toEqual([3, 4, 8]);
  });

  test('designators split over the rows of a merged quantity are the one line’s', () => {
    const read = readBom(
      [
        ['Qty', 'Reference', 'MPN', 'Description'],
        [3, 'R1', 'RC0603FR-0710KL', 'Resistor 10k'],
        [null, 'R2'],
        [null, 'R3', 'ERJ-3EKF1002V'],
        [1, 'U1', 'LM358DR', 'Dual op amp'],
      ],
      { merged: [range('A2:A4'), range('D2:D4')] },
    );
    expect(lines(read)).toEqual([
      [2, 'RC0603FR-0710KL', 3, 'R1,R2,R3'],
      [5, 'LM358DR', 1, 'U1'],
    ]);
    // A part number of its own on a row of the merged item is a second source for it, not bought.
    expect(skipped(read)).toEqual([
      [3, 'no-part-number'],
      [4, 'alternate'],
    ]);
    expect(read.warnings.filter((w) => w.code === 'quantity-mismatch')).toEqual([]);
  });

  test('designators merged over two rows of two makers’ numbers are one line, the second number its second source', () => {
    const read = readBom(
      [
        ['Qty', 'Reference', 'MPN', 'Manufacturer'],
        [2, 'R1, R2', 'RC0603FR-0710KL', 'Yageo'],
        [null, null, 'ERJ-3EKF1002V', 'Panasonic'],
        [1, 'U1', 'LM358DR', 'TI'],
      ],
      { merged: [range('A2:B3')] },
    );
    expect(lines(read)).toEqual([
      [2, 'RC0603FR-0710KL', 2, 'R1,R2'],
      [4, 'LM358DR', 1, 'U1'],
    ]);
    expect(read.skipped.map((s) => [s.row + 1, s.reason, s.detail])).toEqual([
      [
        3,
        'alternate',
        'a second part number ("ERJ-3EKF1002V") for the item of row 2, its cells merged with it: not bought',
      ],
    ]);
  });

  test('a part number merged over lines that have their own quantities is each line’s part number', () => {
    const read = readBom(
      [
        ['Qty', 'Reference', 'MPN', 'Supplier'],
        [2, 'R1, R2', 'RC0603FR-0710KL', 'Digi-Key'],
        [1, 'R9'],
        [1, 'U1', 'LM358DR'],
      ],
      // A supplier merged over every line: a column no field reads joins nothing.
      { merged: [range('C2:C3'), range('D2:D4')] },
    );
    expect(lines(read)).toEqual([
      [2, 'RC0603FR-0710KL', 2, 'R1,R2'],
      [3, 'RC0603FR-0710KL', 1, 'R9'],
      [4, 'LM358DR', 1, 'U1'],
    ]);
  });

  test('merged ranges in a table read below another are read in that table’s rows', () => {
    // KiCad's grouped-by-value export: the components one by one, then collated under the same header.
    const header = ['Item', 'Qty', 'Reference(s)', 'Value', 'MPN'];
    const read = readBom(
      [
        header,
        ['', '', 'C1', '100nF', 'CL05B104KO5NNNC'],
        ['', '', 'C2', '100nF', 'CL05B104KO5NNNC'],
        ['', '', 'R1', '10k', 'RC0402FR-0710KL'],
        [],
        ['Collated Components:'],
        [],
        header,
        ['1', '2', 'C1', '100nF', 'CL05B104KO5NNNC'],
        ['', '', 'C2'],
        ['2', '1', 'R1', '10k', 'RC0402FR-0710KL'],
      ],
      { merged: [range('A9:B10'), range('D9:E10')] },
    );
    expect(lines(read)).toEqual([
      [9, 'CL05B104KO5NNNC', 2, 'C1,C2'],
      [11, 'RC0402FR-0710KL', 1, 'R1'],
    ]);
  });
});

describe('an XLSX workbook’s merged cells, as partsheet price reads them', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'partsheet-item-rows-'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  test('ranges merged down over rows are given with the cells, and join those rows to the item', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('BOM');
    ws.getRow(1).values = ['Qty', 'Reference', 'MPN', 'Description'];
    ws.getRow(2).values = [3, 'R1', 'RC0603FR-0710KL', 'Resistor 10k'];
    ws.getCell('B3').value = 'R2';
    ws.getCell('B4').value = 'R3';
    ws.mergeCells('A2:A4');
    ws.mergeCells('C2:C4');
    ws.mergeCells('D2:D4');
    ws.getRow(5).values = [1, 'U1', 'LM358DR', 'Dual op amp'];
    // A title merged across one row is no item's.
    ws.getCell('A7').value = 'Approved';
    ws.mergeCells('A7:D7');
    const path = join(dir, 'merged.xlsx');
    writeFileSync(path, Buffer.from(await wb.xlsx.writeBuffer()));

    const file = await parseBomFile(path, Buffer.from(await wb.xlsx.writeBuffer()));
    expect(file.merged).toEqual([
      { top: 1, left: 0, bottom: 3, right: 0 },
      { top: 1, left: 2, bottom: 3, right: 2 },
      { top: 1, left: 3, bottom: 3, right: 3 },
    ]);
    const { read } = await readBomForPricing(path);
    expect(lines(read)).toEqual([
      [2, 'RC0603FR-0710KL', 3, 'R1,R2,R3'],
      [5, 'LM358DR', 1, 'U1'],
    ]);
    expect(read.skipped.slice(0, 2).map((s) => s.detail)).toEqual([
      'continues the item of row 2 (cells merged over rows 2-4)',
      'continues the item of row 2 (cells merged over rows 2-4)',
    ]);
  });
});
