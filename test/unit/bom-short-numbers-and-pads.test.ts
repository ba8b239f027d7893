/**
 * Three kinds of row the reader meets in exports it was not built on, each a made-up table: a maker's short all-digit
 * number in a value column read for part numbers, test pads whose part number is only their footprint's name, and a
 * hand-made list's name that starts with the part's number before Chinese words, and a shop's page named by the
 * part's number.
 */
import { type Cell, readBom } from '../../src/bom';
import { matchHeader } from '../../src/bom/header-words';
import { partNamedByPage } from '../../src/bom/product-links';
import { testPadsByFootprint } from '../../src/bom/no-purchase-rows';
import { numberNamingPart } from '../../src/bom/row-kinds';

const read = (rows: Cell[][]) => {
  const r = readBom(rows);
  return {
    lines: r.lines.map((l) => [l.row + 1, l.partNumber, l.quantityPerBoard]),
    skipped: r.skipped.map((s) => [s.row + 1, s.reason]),
  };
};

describe("a maker's short all-digit number in a Comment column", () => {
  const rows: Cell[][] = [
    ['Designator', 'Description', 'Comment', 'Quantity'],
    ['U1', 'Op amp', 'OPA2333AIDR', 1],
    ['U2', 'LDO 3.3 V', 'TLV70033DDCR', 1],
    ['XF1', 'Fuse Holder, 20 A, 500 V, 4-Pin THD', '3568', 1],
    ['TP1, TP2', 'Test point, red', 5010, 2],
    ['R1', 'Resistor 4.7k 0805', '4700', 1],
    ['C1', 'Capacitor 100pF', '1000', 1],
    ['J1', 'Header', '0603', 1],
  ];

  test('is the part on a fuse holder or a test point, whether text or a number in the cell', () => {
    const { lines } = read(rows);
    expect(lines).toContainEqual([4, '3568', 1]);
    expect(lines).toContainEqual([5, '5010', 2]);
  });

  test('is a value on a resistor or a capacitor, and a chip size is never a number', () => {
    const { lines, skipped } = read(rows);
    expect(lines.map((l) => l[0])).not.toContain(6);
    expect(lines.map((l) => l[0])).not.toContain(7);
    expect(lines.map((l) => l[0])).not.toContain(8);
    expect(skipped).toContainEqual([6, 'incomplete']);
    expect(skipped).toContainEqual([7, 'incomplete']);
  });
});

describe("test pads named by their footprint's name", () => {
  const header = ['Item', 'Quantity', 'Reference', 'Value', 'Manufacturer', 'Manufacturer PN'];

  test('are no purchase where the part number repeats the value and names no known maker', () => {
    const { lines, skipped } = read([
      header,
      [1, 3, 'TP1,TP2,TP3', 'J001-1T01', 'ACME BOARDS', 'J001-1T01'],
      [2, 1, 'U1', 'LM358', 'TEXAS INSTRUMENTS', 'LM358DR'],
    ]);
    expect(skipped).toContainEqual([2, 'not-purchase']);
    expect(lines).toEqual([[3, 'LM358DR', 1]]);
  });

  test("stay a part where a known maker makes them, or the number is not the value's", () => {
    const { lines } = read([
      header,
      [1, 2, 'TP1,TP2', 'RCT-0C', 'TE Connectivity', 'RCT-0C'],
      [2, 2, 'TP3,TP4', 'TP_5015', 'ACME', 'X5015-T'],
    ]);
    expect(lines).toEqual([
      [2, 'RCT-0C', 2],
      [3, 'X5015-T', 2],
    ]);
  });

  test('only rows whose every designator is a test point', () => {
    expect(testPadsByFootprint(['TP1', 'J1'], ['TP1,J1', 'PAD-1', 'PAD-1'], 2, '')).toBeNull();
    expect(testPadsByFootprint(['TP1'], ['TP1', 'PAD-1', 'PAD-1'], 2, '')?.kind).toBe('feature');
  });
});

describe("a hand-made list's name starting with the part's number", () => {
  test.each([
    ['A3144霍尔传感器', 'A3144'],
    ['TL431A基准源', 'TL431A'],
    ['NE555P定时器', 'NE555P'],
  ])('%s names %s', (name, number) => {
    expect(numberNamingPart(name)).toBe(number);
  });

  test.each([
    'TCS3472颜色传感器模块',
    'ESP32开发板',
    'M3x12螺丝',
    'XH-4A插座',
    '10K电阻',
    '2.54mm间距排针',
    '42步进电机',
  ])('%s names no part by number (a module, a size, a value, a series)', (name) => {
    expect(numberNamingPart(name)).toBeNull();
  });

  test('is the line bought by that number where the list has no part-number column', () => {
    const { lines, skipped } = read([
      ['物料名称', '物料数量', '备注'],
      ['A3144霍尔传感器', 3, '直插的'],
      ['TCS3472颜色传感器模块', 2, '如图'],
      ['M3x8螺丝', '13个', null],
    ]);
    expect(lines).toEqual([[2, 'A3144', 3]]);
    expect(skipped).toEqual([
      [3, 'incomplete'],
      [4, 'incomplete'],
    ]);
  });
});

describe("a shop's page named by the part's number", () => {
  test('names the part where the list has none', () => {
    expect(partNamedByPage('https://www.ram-mount.fr/pieces/bases/rap-b-347u.html?___SID=U')).toBe('RAP-B-347U');
    const { lines } = read([
      ['Désignation', 'Qté', 'Prix', 'Lien'],
      ['Base RAM boule B', 1, 7.49, 'https://www.ram-mount.fr/pieces/bases/rap-b-347u.html'],
      ['Câble HDMI', 1, 3.2, 'https://www.amazon.fr/dp/B01BI1G88C/ref=ox_sc_act_image_4'],
    ]);
    expect(lines).toEqual([[2, 'RAP-B-347U', 1]]);
  });

  test.each([
    'https://www.az-delivery.de/products/16-relais-modul',
    'https://www.ebay.de/itm/184891176473',
    'https://shop.example.com/led-5mm-red.html',
    'https://shop.example.com/m3-x-10.html',
    'https://www.hornbach.de/shop/Magnetschnaepper-weiss-3-4-kg-4-Stueck/5651822/artikel.html',
    'see rap-b-347u',
  ])('%s names no part (words, an item number, a size, no link)', (text) => {
    expect(partNamedByPage(text)).toBeNull();
  });
});

describe('a list with neither a part-number nor a distributor column (DipTrace: Value, Name, Pattern)', () => {
  const rows: Cell[][] = [
    ['RefDes', 'Value', 'Name', 'Pattern', 'Quantity'],
    ['C1', '22uF', 'CAP', 'CAP_1206', '1'],
    ['C2', '100nF', 'CAP', 'CAP_0603', '1'],
    ['C3', '10uF', 'CAP', 'CAP_0805', '1'],
    ['R1', '10K', 'RES_0603', 'RES_0603', '1'],
    ['R2', '100K', 'RES_0603', 'RES_0603', '1'],
    ['R3', '22.1K', 'RES_0603', 'RES_0603', '1'],
    ['D2', 'Activity', 'LED', 'DIO_0805', '1'],
    ['D1', '3.3V', 'BZX384-C3V6', 'SOD-323', '1'],
    ['L1', '4.7uH', 'VLP8040T-4R7M', 'VLP8040T', '1'],
    ['VR1', '10kOhm-50kOhm', 'TRIMMER', 'TRIM_3362P', '1'],
    ['TP1', 'RX', 'TESTPOINT', 'Test Point Surface', '1'],
  ];

  test('takes a part from a value-like cell where the row names one by its shape', () => {
    const { lines } = read(rows);
    expect(lines).toEqual([
      [9, 'BZX384-C3V6', 1],
      [10, 'VLP8040T-4R7M', 1],
    ]);
  });

  test('a range of values is no part, and a surface test point is copper, not a purchase', () => {
    const { skipped } = read(rows);
    expect(skipped).toContainEqual([11, 'incomplete']);
    expect(skipped).toContainEqual([12, 'not-purchase']);
  });
});

test("SnapEDA's MP attribute beside MF names the maker's part number", () => {
  expect(matchHeader('MP')?.field).toBe('partNumber');
  expect(matchHeader('MF')?.field).toBe('manufacturer');
});
