/**
 * Shapes of real exports met after the reader was built, one made-up table per kind: a BOM written twice (each
 * component, then collated), a maker's number shaped like a resistance, quantities counted in packs, a size written
 * where the part number belongs, and a workbook whose sheet of parts made in house is no purchase list.
 */
import { type Cell, readBom } from '../../src/bom';
import { chooseBomSheet, judgeSheet, nameSaysNotBom, passedOverWords, sheetChoiceWords } from '../../src/bom/sheets';
import { parseQuantity } from '../../src/bom/quantity';
import { rejoinShiftedRows } from '../../src/bom/shifted-fields';

const HEADER: Cell[] = ['Item', 'Qty', 'Reference(s)', 'Value', 'Footprint', 'Mfg', 'PN'];

describe('a BOM written twice: each component, then the same collated (KiCad 5 grouped by value)', () => {
  const cells: Cell[][] = [
    ['Source:', 'board.sch'],
    ['Component Count:', '3'],
    [],
    ['Individual Components:'],
    [],
    HEADER,
    ['', '', 'C1', '100nF', 'C_0402', 'Samsung', 'CL05B104KO5NNNC'],
    ['', '', 'C2', '100nF', 'C_0402', 'Samsung', 'CL05B104KO5NNNC'],
    ['', '', 'R1', '10k', 'R_0402', 'Yageo', 'RC0402FR-0710KL'],
    [],
    [],
    ['Collated Components:'],
    [],
    HEADER,
    ['1', '2', 'C1, C2', '100nF', 'C_0402', 'Samsung', 'CL05B104KO5NNNC'],
    ['2', '1', 'R1', '10k', 'R_0402', 'Yageo', 'RC0402FR-0710KL'],
  ];

  test('the collated table is read; the rows above it are accounted as its components, not bought twice', () => {
    const read = readBom(cells);
    expect(read.headerRow).toBe(13);
    expect(read.lines.map((l) => [l.row + 1, l.partNumber, l.quantityPerBoard])).toEqual([
      [15, 'CL05B104KO5NNNC', 2],
      [16, 'RC0402FR-0710KL', 1],
    ]);
    expect(read.skipped.filter((s) => s.reason === 'not-purchase').map((s) => s.row + 1)).toEqual([7, 8, 9]);
    expect(read.skipped[0].detail).toBe(
      'a component listed one by one; it is counted in the collated table from row 14',
    );
    expect(read.warnings.find((w) => w.code === 'second-table')?.message).toBe(
      'Rows 7-9 list the components one by one without quantities; the same header at row 14 starts them collated, with quantities: that table is read.',
    );
  });

  test('a table whose rows carry their own quantities is read as it is, whatever follows', () => {
    const filled = cells.map((row, r) => (r >= 6 && r <= 8 ? row.map((c, i) => (i === 1 ? '1' : c)) : row));
    const read = readBom(filled);
    expect(read.headerRow).toBe(5);
    expect(read.lines.slice(0, 3).map((l) => l.row + 1)).toEqual([7, 8, 9]);
  });
});

test("a maker's all-digit number with one letter (Würth's 150044M155260) is a part number, not a resistance", () => {
  const read = readBom([
    ['Qty', 'Reference', 'Value', 'PN'],
    [2, 'D1, D2', 'LED_ARGB', '150044M155260'],
    [1, 'R1', '4k7', 'RC0402FR-074K7L'],
  ]);
  expect(read.lines.map((l) => l.partNumber)).toEqual(['150044M155260', 'RC0402FR-074K7L']);
});

test.each([
  ['1 package (7 pins minimum)', 1],
  ['2 sheets (300x220 mm)', 2],
  ['3 Packungen', 3],
  ['1 roll', 1],
])('a count of packs %j is read as %d, with a note', (text, value) => {
  expect(parseQuantity(text)).toEqual({ kind: 'ok', value, text, note: `read as ${value} (packs)` });
});

test('a size written where the part number belongs ("Diameter 4 mm") is no part number', () => {
  const read = readBom([
    ['Description', 'Manufacturer Part Number', 'Supplier', 'Quantity'],
    ['Dowel pins', 'Diameter 4 mm', 'aliexpress', 1],
    ['Limit switch', 'SS-3GL13PT', 'DigiKey', 2],
  ]);
  expect(read.lines.map((l) => l.partNumber)).toEqual(['SS-3GL13PT']);
  expect(read.skipped.map((s) => [s.row + 1, s.reason, s.quantityPerBoard])).toEqual([[2, 'incomplete', 1]]);
});

describe('a workbook with a sheet of parts made in house', () => {
  test('its name passes it over', () => {
    expect(nameSaysNotBom('Manufactured parts')).toEqual({ kind: 'name', says: 'made' });
    expect(nameSaysNotBom('3D printed parts')).toEqual({ kind: 'name', says: 'made' });
    expect(nameSaysNotBom('Mechanical')).toBeUndefined();
  });

  test('the purchase list is read, and the words and the record say why the other was passed over', () => {
    const bought = judgeSheet('Mechanical', 0, [
      ['Description', 'Manufacture Part Number', 'Quantity'],
      ['Stepper motor', 'SF2424-10B41', 1],
      ['Limit switch', 'SS-3GL13PT', 2],
    ]);
    const made = judgeSheet('Manufactured parts', 1, [
      ['Part name', 'Part Number', 'Material', 'Quantity'],
      ['Base plate', 'DP-0001-A', 'Aluminium', 1],
      ['Flange holder', 'DP-0002-A', 'PLA', 1],
      ['Barrel holder', 'DP-0003-A', 'PLA', 1],
      ['Puller', 'DP-0004-A', 'PLA', 1],
    ]);
    // More lines than the purchase list: by size alone it would be taken.
    expect(made.lines).toBeGreaterThan(bought.lines);
    const choice = chooseBomSheet([bought, made]);
    expect(choice.chosen.name).toBe('Mechanical');
    expect(sheetChoiceWords(choice)).toEqual([
      "sheet 'Mechanical' (2 lines) was read",
      "'Manufactured parts' passed over: named as parts made in house",
    ]);
    const passed = choice.judged[1].passedOver;
    expect(passed).toEqual({ kind: 'name', says: 'made' });
    expect(passed && passedOverWords(passed)).toBe('named as parts made in house');
  });
});

describe('a row one field too long: a field cut at an unquoted delimiter', () => {
  const header: Cell[] = ['Digi-Key Part No.', 'Manufacturer Name', 'Mfr Part No.', 'Customer Reference', 'Qty1', ''];
  const row = (dk: string, maker: string, mpn: string, ref: string, qty: string): Cell[] => [
    dk,
    maker,
    mpn,
    ref,
    qty,
    '',
  ];
  const cells: Cell[][] = [
    header,
    row('296-8747-1-ND', 'Texas Instruments', 'SN74AHC1G126DCKR', 'REF20', '3'),
    row('497-11605-ND', 'STMicroelectronics', 'STM32F407VGT6', 'REF30', '3'),
    row('296-23944-1-ND', 'Texas Instruments', 'TLV2374QPWRG4Q1', 'REF31', '6'),
    ['568-6240-1-ND', 'NXP Semiconductors', 'BZA456A', '115', 'REF24', '6'],
    row('445-5640-1-ND', 'TDK Corporation', 'CGA3E2C0G1H101J080AA', 'REF7', '6'),
    row('P120HCT-ND', 'Panasonic Electronic Components', 'ERJ-3EKF1200V', 'REF10', '6'),
  ];

  test('is joined where the parts fit their columns best, with a warning naming it', () => {
    const read = readBom(cells);
    expect(read.lines.map((l) => [l.row + 1, l.partNumber, l.quantityPerBoard])).toContainEqual([5, 'BZA456A,115', 6]);
    expect(read.warnings.find((w) => w.code === 'shifted-field')?.message).toBe(
      'Row 5 had one field more than the others, a field cut at an unquoted delimiter; the two parts that fit their columns best joined were read as one field.',
    );
  });

  test("a row one field too long after the table's end (a title block under its total) is not read, and no warning speaks of it", () => {
    const title: Cell[] = ['Drawn by', 'A. Smith', 'Checked', 'B. Jones', 'Rev', 'C'];
    const signed = [...cells.filter((_, r) => r !== 4), [], ['Total', '', '', '', '24', ''], [], title];
    const read = readBom(signed);
    expect(read.lines).toHaveLength(5);
    expect(read.warnings.map((w) => w.code)).toContain('footer');
    expect(read.warnings.some((w) => w.code === 'shifted-field')).toBe(false);
  });

  test('a few filled cells in a column the header names (a note) are left as they are', () => {
    const named = [header.map((h, i) => (i === 5 ? 'Note' : h)), ...cells.slice(1)];
    const read = readBom(named);
    expect(read.warnings.some((w) => w.code === 'shifted-field')).toBe(false);
  });
});

describe('a row one field longer than the header and the others, its last field empty', () => {
  // A KiCad fields export, fields unquoted: a footprint with a comma ("lib:O 25,0-XO32") moves the row's DK, PARTNO
  // and DNP fields one column on, the part number into the DNP column, which every other row leaves empty.
  const cells: Cell[][] = [
    ['Qty', 'Reference', 'Value', 'Footprint', 'DK', 'PARTNO', 'DNP'],
    ['1', 'U1', 'LM358', 'Package_SO:SOIC-8', '296-1395-1-ND', 'LM358DR', ''],
    ['2', 'C1,C2', '100nF', 'Capacitor_SMD:C_0402', '1276-1043-1-ND', 'CL05B104KO5NNNC', ''],
    ['1', 'U2', 'TPS62160', 'Package_SON:VSSOP-8', '296-30427-1-ND', 'TPS62160DGKR', ''],
    ['1', 'Y1', '16MHz', 'lib:O 16', '0-XO32-B', '', 'XO32-16.000M-T', ''],
    ['1', 'R1', '10k', 'Resistor_SMD:R_0402', 'RMCF0402FT10K0CT-ND', 'RMCF0402FT10K0', ''],
    ['1', 'D1', 'LED', 'LED_SMD:LED_0603', '160-1446-1-ND', 'LTST-C191KRKT', ''],
  ];

  test('is joined where its fields were cut; the places that fit alike agree on the fields after them', () => {
    const read = readBom(cells);
    expect(read.lines.map((l) => [l.row + 1, l.partNumber])).toContainEqual([5, 'XO32-16.000M-T']);
    expect(read.skipped.some((s) => s.row === 4 && s.reason === 'dnp')).toBe(false);
    expect(read.warnings.find((w) => w.code === 'shifted-field')?.row).toBe(4);
  });

  test('a row as long as the others, its DNP column marked, is left as it is', () => {
    const marked = cells.map((r, i) =>
      i === 4 ? ['1', 'Y1', '16MHz', 'lib:XO', 'XO-ND', 'XO32-16.000M-T', 'DNP'] : r,
    );
    const read = readBom(marked);
    expect(read.warnings.some((w) => w.code === 'shifted-field')).toBe(false);
    expect(read.skipped.find((s) => s.row === 4)?.reason).toBe('dnp');
  });
});

describe('rows spilling past the header in a large table', () => {
  const head: Cell[] = ['Ref', 'MPN', 'Qty'];
  const line = (i: number): Cell[] => [`R${i}`, `PN-${i}`, '1'];

  test('200,000 rows with one spilling are looked at without running out of stack', () => {
    const cells = [head, ...Array.from({ length: 200_000 }, (_, i) => line(i))];
    cells[5] = ['R4', 'BZA456A', '115', '1'];
    expect(() => rejoinShiftedRows(cells, 0, 1, cells.length - 1)).not.toThrow();
  });

  test('more than 50 spilling rows are the export’s layout, not cut fields: nothing is joined', () => {
    const cells = [head, ...Array.from({ length: 1_000 }, (_, i) => (i % 19 === 0 ? [...line(i), 'x'] : line(i)))];
    expect(rejoinShiftedRows(cells, 0, 1, cells.length - 1)).toBeNull();
  });
});

describe('a row whose part is named only by its value, in a BOM whose part-number column is filled elsewhere', () => {
  const head: Cell[] = ['Component', 'QTY', 'Reference', 'Manu Part Nr', 'Manufacturer', 'Supplier Part Nr'];
  const filled: Cell[][] = [
    ['100nF', 4, 'C1 C2 C3 C4', 'C0402C104K8PACTU', 'KEMET', 1288282],
    ['10K', 3, 'R1 R2 R3', 'RC0402FR-1310KL', 'YAGEO', 1799235],
    ['LED', 1, 'LD1', 'LGQ971', 'OSRAM', '1226372RL'],
  ];

  test("a maker's full orderable number alone on the row is its part number", () => {
    const read = readBom([head, ...filled, ['BTH-030-01-F-D-A', 2, 'X3 X10']]);
    const line = read.lines.find((l) => l.row === 4);
    expect(line?.partNumber).toBe('BTH-030-01-F-D-A');
    expect(read.warnings.find((w) => w.row === 4 && w.code === 'part-number')?.message).toBe(
      'Row 5: no part number, maker or distributor\'s number on the row; BTH-030-01-F-D-A is read from "Component"',
    );
  });

  test("a value another cell repeats (the library's device name) is none", () => {
    const read = readBom([[...head, 'Device'], ...filled, ['TC2030-JLINK-L', 1, 'J4', '', '', '', 'TC2030-JLINK-L']]);
    expect(read.lines.some((l) => l.row === 4)).toBe(false);
  });
});

test('a cell that lists an assortment of counts leaves the count to the buyer', () => {
  expect(parseQuantity('M3 x 12 > 4 pieces, M4 x 15 > 10 pieces, M5 x 15 > 4 pieces')).toEqual({
    kind: 'bad',
    text: 'M3 x 12 > 4 pieces, M4 x 15 > 10 pieces, M5 x 15 > 4 pieces',
    problem: 'lists several counts (an assortment)',
    inWords: true,
  });
  const read = readBom([
    ['Description', 'Manufacture Part Number', 'Supplier Part Number', 'Quantity'],
    ['Limit switch', 'SS-3GL13PT', 'SW768-ND', 2],
    ['Screws and washers', null, null, 'M3 x 12 > 4 pieces, M4 x 15 > 10 pieces'],
    ['Dowel pins', 'Diameter 4 mm', 'Diameter 4 mm', '1 package (7 pins minimum)'],
  ]);
  expect(read.skipped.map((s) => [s.row + 1, s.reason, s.quantityPerBoard])).toEqual([
    [3, 'incomplete', undefined],
    [4, 'incomplete', 1],
  ]);
});
