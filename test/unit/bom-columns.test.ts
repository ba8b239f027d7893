import {
  cellText,
  columnName,
  detectHeaderRow,
  inferColumnsFromContent,
  isDnpFlag,
  isGenericHeaderRow,
  looksLikePartNumber,
  manufacturerKey,
  mapColumns,
  matchHeader,
  normalizePartNumber,
  normalizeText,
  numberText,
  parseQuantity,
  readBom,
} from '../../src/bom';
import { ALTIUM_WITH_TITLES, NO_HEADER } from '../fixtures/bom/layouts';

describe('cell text and Unicode', () => {
  it('writes numbers as Excel shows them and booleans as TRUE/FALSE', () => {
    expect(cellText(2)).toBe('2');
    expect(cellText(0.1 + 0.2)).toBe('0.3');
    expect(cellText(1000000)).toBe('1000000');
    expect(cellText(-0)).toBe('0');
    expect(cellText(true)).toBe('TRUE');
    expect(cellText(null)).toBe('');
    expect(cellText(undefined)).toBe('');
    expect(numberText(Number.NaN)).toBe('');
  });

  it('turns look-alike spaces and dashes into plain ones, and collapses line breaks', () => {
    expect(normalizeText('\u00A0Texas\u00A0Instruments\u202F')).toBe('Texas Instruments');
    expect(normalizeText('Mfr.\r\nPart\t#')).toBe('Mfr. Part #');
    expect(normalizeText('\u22125V \u2013 \u20145V')).toBe('-5V - -5V');
    expect(normalizeText('zero\u200Bwidth\uFEFF')).toBe('zerowidth');
  });

  it('makes every run of space-like characters one space, a single plain space kept as it is', () => {
    // Every character JavaScript's \s names, and the others the reader counts as spaces, alone and in runs.
    const spaces = [...'\t\n\v\f\r \u00A0\u1680\u2000\u2005\u200A\u2028\u2029\u202F\u205F\u3000'];
    for (const a of spaces) {
      expect(normalizeText(`x${a}y`)).toBe('x y');
      for (const b of spaces) expect(normalizeText(`x${a}${b}y${b}${a} z`)).toBe('x y z');
    }
    expect(normalizeText('a \uFEFF b')).toBe('a b');
    expect(normalizeText('word '.repeat(3))).toBe('word word word');
  });

  it('reads plain ASCII cells in one look with the same result as every step of the clean-up', () => {
    // Each step spelt out: NFC, control characters to spaces, invisible ones out, dashes, spaces, ends, micro.
    const stepByStep = (t: string): string =>
      t
        .normalize('NFC')
        .replace(/[\u0000-\u0008\u000E-\u001F\u007F-\u009F]/g, ' ')
        .replace(/[\u00AD\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g, '')
        .replace(/[\u2010-\u2015\u2212\u2043\uFE58\uFE63\uFF0D]/g, '-')
        .replace(/\s+/g, ' ')
        .trim()
        .replace(/[\u00B5\u03BC]/g, '\u00B5');
    const pieces = [
      ...' abXY09-_.,:/()#~',
      '  ',
      '\t',
      '\n',
      '\u00A0',
      '\u2013',
      '\u00B5',
      '\u03BC',
      '\u200B',
      '\u007F',
      'e\u0301',
    ];
    let seed = 7;
    const next = (n: number): number => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
    for (let i = 0; i < 20_000; i++) {
      const text = Array.from({ length: next(12) }, () => pieces[next(pieces.length)]).join('');
      expect([text, normalizeText(text)]).toEqual([text, stepByStep(text)]);
    }
    expect(normalizeText('  RC0603FR-0710KL ')).toBe('RC0603FR-0710KL');
    expect(normalizeText('Texas  Instruments')).toBe('Texas Instruments');
  });

  it('writes micro as µ in descriptions and u in part numbers', () => {
    expect(normalizeText('4.7\u03BCF')).toBe('4.7\u00B5F');
    expect(normalizeText('4.7\u00B5F')).toBe('4.7\u00B5F');
    expect(normalizePartNumber('CAP-4.7\u03BCF')).toBe('CAP-4.7uF');
  });

  it('fixes part-number look-alikes', () => {
    expect(normalizePartNumber('ＢＡＴ５４Ｓ')).toBe('BAT54S');
    expect(normalizePartNumber('L\u041C358')).toBe('LM358');
    expect(normalizePartNumber('BAV99\u2212TP')).toBe('BAV99-TP');
    expect(normalizePartNumber(' "LM358DR" ')).toBe('LM358DR');
    expect(normalizePartNumber("'0805")).toBe('0805');
    expect(normalizePartNumber('LM358\u2122')).toBe('LM358');
    // A token written in Cyrillic (a Soviet type, with letters no Latin one twins) is kept whole, not half-Latin.
    expect(normalizePartNumber('К155ИД1')).toBe('К155ИД1');
    expect(normalizePartNumber('КТ315Б')).toBe('КТ315Б');
    expect(normalizePartNumber('\u0421\u0415\u041C-1206')).toBe('CEM-1206');
  });

  it('names columns as Excel does', () => {
    expect([0, 25, 26, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'ZZ', 'AAA']);
  });
});

describe('header synonyms', () => {
  it.each([
    ['MPN', 'partNumber', 3],
    ['Mfr.\nPart #', 'partNumber', 3],
    ['MANUFACTURER PART NUMBER', 'partNumber', 3],
    ['Manufacturer Part Number 1', 'partNumber', 3],
    ["Manufacturer's P/N", 'partNumber', 3],
    ['Mfr. #', 'partNumber', 3],
    ['Part Number', 'partNumber', 2],
    ['P/N', 'partNumber', 2],
    ['Part No.', 'partNumber', 2],
    ['Manufacturer', 'manufacturer', 3],
    ['Mfr', 'manufacturer', 3],
    ['MFG', 'manufacturer', 3],
    ['Brand', 'manufacturer', 3],
    ['Manufacturer Name', 'manufacturer', 3],
    // The last word names what the column holds: the part's maker, or the maker's part (number).
    ['PART MANUFACTURER', 'manufacturer', 3],
    ['Component Manufacturer', 'manufacturer', 3],
    ['Manufacturer Part', 'partNumber', 3],
    ['Part Manufacturer Number', 'partNumber', 3],
    ['Qty', 'quantity', 3],
    ['Quantity', 'quantity', 3],
    ['Qty per board', 'quantity', 3],
    ['QTY/PCB', 'quantity', 3],
    ['Total Qty', 'quantity', 1],
    ['Designator', 'designators', 3],
    ['Reference(s)', 'designators', 3],
    ['Ref', 'designators', 3],
    ['Ref Des', 'designators', 3],
    ['Description', 'description', 3],
    ['Part Description', 'description', 2],
    ['DNP', 'dnp', 3],
    ['Do Not Populate', 'dnp', 3],
  ])('%j names %s', (text, field, strength) => {
    expect(matchHeader(text)).toEqual({ field, strength });
  });

  it.each([
    'Item',
    'Value',
    'Footprint',
    'Comment',
    'Supplier Part Number',
    'Digi-Key Part #',
    'Internal P/N',
    'CPN',
    'Order Number',
    'Alternate MPN',
    'Mouser #',
    'Unit Price',
  ])('%j names no field', (text) => {
    expect(matchHeader(text)).toBeNull();
  });

  it('prefers the manufacturer part number over a generic part number, wherever it is', () => {
    expect(mapColumns(['Part Number', 'Qty', 'MPN'])).toEqual({ partNumber: 2, quantity: 1 });
    expect(mapColumns(['Mfr Part #', 'Part Number'])).toEqual({ partNumber: 0 });
    expect(mapColumns(['Supplier Part Number', 'Part Number'])).toEqual({ partNumber: 1 });
  });
});

describe('headers written in camel case', () => {
  test('read as their words, unless the reader knows the word whole', () => {
    expect(matchHeader('ManufacturerPartNum')).toEqual({ field: 'partNumber', strength: 3 });
    expect(matchHeader('MfrPartNumber')).toEqual({ field: 'partNumber', strength: 3 });
    expect(matchHeader('QtyPerBoard')).toEqual({ field: 'quantity', strength: 3 });
    // A distributor's number is someone else's, whatever the case it is written in.
    expect(matchHeader('DistributorPartNum2')).toBeNull();
    expect(matchHeader('DistributorPartLink')).toBeNull();
    // Known whole: Altium's LibRef is no designator column, RefDes is one.
    expect(matchHeader('LibRef')).toBeNull();
    expect(matchHeader('RefDes')).toEqual({ field: 'designators', strength: 3 });
    expect(matchHeader('PartNumber')).toEqual({ field: 'partNumber', strength: 2 });
  });

  test("a list's maker's number column in camel case is the one bought by, not a distributor's beside it", () => {
    const cells = [
      ['Qty', 'Description', 'Manufacturer', 'ManufacturerPartNum', 'Distributor', 'DistributorPartNum'],
      [1, 'Pico W', 'Raspberry Pi', 'SC0918', 'DigiKey', '2648-SC0918CT-ND'],
      [1, 'OLED display', 'Adafruit', '938', 'DigiKey', '1528-1512-ND'],
    ];
    const read = readBom(cells);
    expect(read.lines.map((l) => l.partNumber)).toEqual(['SC0918', '938']);
  });
});

describe('detectHeaderRow', () => {
  it('finds the header below title rows', () => {
    const found = detectHeaderRow(ALTIUM_WITH_TITLES);
    expect(found.row).toBe(5);
    expect(found.fields).toEqual(['partNumber', 'manufacturer', 'quantity', 'designators', 'description']);
    expect(found.score).toBe(15);
  });

  it('of two tables naming as much, takes the one that names its values (a parts list under a legend)', () => {
    const cells = [
      ['Oznaczenie', 'Opis'],
      ['T/R', 'dioda sygnalizująca komunikację USB'],
      ['CHR', 'sygnalizuje ładowanie baterii'],
      [],
      ['Oznaczenie', 'Element', 'Obudowa', 'Ilość na PCB'],
      ['C1-C3;C6', '100nF', '0805', '4'],
      ['Q2', 'BC817', 'SOT-23', '1'],
    ];
    expect(detectHeaderRow(cells).row).toBe(4);
    const read = readBom(cells);
    expect(read.lines.map((l) => [l.partNumber, l.quantityPerBoard])).toEqual([['BC817', 1]]);
  });

  it('stops after maxScan rows of two cells or more; a title of one cell and blank rows are passed over', () => {
    // "Project:", "Revision:" and "Date:" are three rows of two cells: the header is the fourth.
    expect(detectHeaderRow(ALTIUM_WITH_TITLES, { maxScan: 3 }).row).toBeNull();
    expect(detectHeaderRow(ALTIUM_WITH_TITLES, { maxScan: 4 }).row).toBe(5);
  });

  it('accepts a lone MPN header but not a lone generic one', () => {
    expect(detectHeaderRow([['MPN'], ['BAV99']]).row).toBe(0);
    expect(detectHeaderRow([['Part'], ['BAV99']]).row).toBeNull();
  });

  it('finds no header in data rows', () => {
    expect(detectHeaderRow(NO_HEADER).row).toBeNull();
  });

  it('recognises placeholder headers', () => {
    expect(isGenericHeaderRow(['Column1', 'Column2', 'Column3'])).toBe(true);
    expect(isGenericHeaderRow(['A', 'B', 'C', ''])).toBe(true);
    expect(isGenericHeaderRow(['Field1', 'Field2'])).toBe(true);
    expect(isGenericHeaderRow(['R1', 'BAV99'])).toBe(false);
    expect(isGenericHeaderRow(['A', 1])).toBe(false);
    expect(isGenericHeaderRow(['TI', 'ST'])).toBe(false);
  });
});

describe('inferColumnsFromContent', () => {
  it('tells part numbers from values, footprints and designators', () => {
    expect(looksLikePartNumber('BAV99')).toBe(true);
    expect(looksLikePartNumber('1N4148W')).toBe(true);
    expect(looksLikePartNumber('RC0603FR-0710KL')).toBe(true);
    expect(looksLikePartNumber('0022232021')).toBe(true);
    for (const t of [
      '10k',
      '4k7',
      '100nF',
      '4.7µF',
      '10uF 16V',
      'SOT-23',
      '0603',
      'R1',
      'C0805',
      'Resistor',
      'C_0603_1608Metric:x',
    ]) {
      expect(looksLikePartNumber(t)).toBe(false);
    }
    // A spreadsheet keeps an all-digit part number as a number: it reads as its text does.
    expect(looksLikePartNumber(742792609)).toBe(true);
    expect(looksLikePartNumber(742792609)).toBe(looksLikePartNumber('742792609'));
    expect(looksLikePartNumber(2012)).toBe(false);
    expect(looksLikePartNumber(4.7)).toBe(false);
  });

  it('does not take a line-number column for the quantity', () => {
    const rows = [
      [1, 'BAV99', 4, 'Nexperia'],
      [2, 'LM358DR', 1, 'TI'],
      [3, 'BSS138', 2, 'onsemi'],
      [4, 'TPS62160DSGR', 1, 'Texas Instruments'],
    ];
    expect(inferColumnsFromContent(rows)).toEqual({ partNumber: 1, manufacturer: 3, quantity: 2 });
  });

  it('picks the quantity column that agrees with the designator count', () => {
    const rows = [
      ['R1-R3', 603, 3, 'RC0603FR-0710KL'],
      ['C1, C2', 805, 2, 'CL21A106KOQNNNE'],
      ['U1', 1206, 1, 'LM358DR'],
    ];
    expect(inferColumnsFromContent(rows)).toEqual({ designators: 0, partNumber: 3, quantity: 2 });
  });

  it('leaves out columns already taken', () => {
    expect(inferColumnsFromContent(NO_HEADER, { exclude: [2] }).partNumber).toBeUndefined();
  });
});

describe('manufacturer keys', () => {
  it.each([
    [
      ['Texas Instruments', 'TI', 'texas instruments inc.', 'Texas Instruments Incorporated', 'TEXAS\u00A0INSTRUMENTS'],
      'TEXAS INSTRUMENTS',
    ],
    [['STMicroelectronics', 'ST', 'STM', 'STMicroelectronics N.V.'], 'STMICROELECTRONICS'],
    [['Würth Elektronik', 'Wurth Elektronik GmbH & Co. KG', 'WE', 'Wuerth'], 'WURTH ELEKTRONIK'],
    [['Murata', 'Murata Manufacturing Co., Ltd.', 'MURATA ELECTRONICS'], 'MURATA'],
    [['onsemi', 'ON Semiconductor', 'ON Semi'], 'ON SEMICONDUCTOR'],
    [['Samsung Electro-Mechanics', 'Samsung Electro-Mechanics Co., Ltd.', 'SEMCO'], 'SAMSUNG ELECTRO-MECHANICS'],
  ])('%j → %s', (spellings, key) => {
    for (const s of spellings) expect(manufacturerKey(s)).toBe(key);
  });

  it('keys unknown manufacturers by their own name', () => {
    expect(manufacturerKey('Acme Widgets, Inc.')).toBe('ACME WIDGETS');
    expect(manufacturerKey('Vishay Dale')).toBe('VISHAY DALE');
    expect(manufacturerKey('')).toBe('');
  });
});

describe('quantities and DNP marks', () => {
  it.each([
    [2, 2],
    ['2', 2],
    ['2 pcs', 2],
    ['2x', 2],
    ['x2', 2],
    ['1,000', 1000],
    ['1 000', 1000],
    ["1'000", 1000],
    ['1.000.000', 1000000],
    ['1.000,0', 1000],
    ['1,000.00', 1000],
    ['2.0', 2],
    ['2,00', 2],
    [0, 0],
  ])('%j reads as %d', (cell, value) => {
    expect(parseQuantity(cell)).toMatchObject({ kind: 'ok', value });
  });

  it('tells how a dotted thousand was read', () => {
    expect(parseQuantity('1.000')).toEqual({ kind: 'ok', value: 1000, text: '1.000', note: 'read as 1000' });
  });

  it.each([
    ['1,5', 'is not a whole number'],
    [2.5, 'is not a whole number'],
    ['0.500', 'is not a whole number'],
    [-1, 'is negative'],
    ['\u22122', 'is negative'],
    ['many', 'is not a number'],
    [true, 'is not a number'],
    [5000000, 'is more than 1,000,000 per board'],
  ])('%j is refused: %s', (cell, problem) => {
    expect(parseQuantity(cell)).toMatchObject({ kind: 'bad', problem });
  });

  it('reads DNP marks in a quantity cell', () => {
    for (const t of ['DNP', 'dni', 'NOFIT', 'No Fit', 'Not fitted', 'DNF', '(DNP)', 'Do not place']) {
      expect(parseQuantity(t)).toMatchObject({ kind: 'dnp' });
    }
    expect(parseQuantity('')).toEqual({ kind: 'empty' });
    expect(parseQuantity(null)).toEqual({ kind: 'empty' });
  });

  it('reads a DNP column', () => {
    for (const v of ['X', 'x', 'Yes', 'Y', 'DNP', 'DNI', 'NF', 'Do not place', 'TRUE', true, 1, '1'])
      expect(isDnpFlag(v)).toBe(true);
    for (const v of ['', null, 'No', 'N', 'FALSE', false, 0, '0', '-', 'Fit']) expect(isDnpFlag(v)).toBe(false);
  });
});
