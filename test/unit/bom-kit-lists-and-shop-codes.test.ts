/**
 * Kit lists (names and counts under an unknown header or none, counts with spares in brackets, strips and short
 * lengths), shops' codes where a maker's number belongs (LCSC's in a part-number column, Japanese shops' links side by
 * side, a code a line by colour), KiBoM's variant field saying DNP, a "Value or Part#" column and test plugs bought
 * by a shop's number.
 */
import { parseQuantity } from '../../src/bom/quantity';
import { partFromLinks, partFromProductLink } from '../../src/bom/product-links';
import { looksLikePartNumber } from '../../src/bom/column-content';
import { numberNamingPart } from '../../src/bom/row-kinds';
import { matchHeader } from '../../src/bom/header-words';
import { type Cell, readBom } from '../../src/bom';

const linesOf = (grid: Cell[][]) => readBom(grid).lines.map((l) => [l.row + 1, l.partNumber, l.quantityPerBoard]);

describe('a count with spares in brackets, and the counting words of strips and lengths', () => {
  test.each([
    ['4个（8个）', 4],
    ['8个（12个）', 8],
    ['1排（2排）', 1],
    ['4 (6)', 4],
    ['2 pcs (3 pcs)', 2],
  ])('%s is %d, the count before the brackets, with a note of the other', (text, value) => {
    const q = parseQuantity(text);
    expect(q).toMatchObject({ kind: 'ok', value });
    expect(q.kind === 'ok' && q.note).toMatch(/the count before the brackets/);
  });

  test('a smaller count in brackets, another unit in them, a count of none, or a figure that is no count: not so', () => {
    expect(parseQuantity('8 (4)').kind).toBe('bad');
    // One pack of ten, as a pack is written: never "1 and 10 with spares".
    const pack = parseQuantity('1 (10 pcs)');
    expect(pack.kind === 'ok' ? (pack.note ?? '') : '').not.toMatch(/brackets/);
    expect(parseQuantity('0 (2)')).not.toMatchObject({ kind: 'ok', value: 0 });
    expect(parseQuantity('3 (5%)').kind).toBe('bad');
    expect(parseQuantity('8g').kind).toBe('bad');
  });

  test('a strip of pins and a short length are counted', () => {
    expect(parseQuantity('2排')).toMatchObject({ kind: 'ok', value: 2 });
    expect(parseQuantity('1小段')).toMatchObject({ kind: 'ok', value: 1 });
  });
});

describe('a kit list of names and counts', () => {
  test('under a header of two names, one the count, whatever the other says: each thing a line with its count', () => {
    const read = readBom([
      ['菠萝狗V7.0'],
      ['螺丝袋', '准确数量（多备数量）'],
      ['m2包'],
      ['m2*10细牙', '8个'],
      ['m2防松螺母', '8个'],
      ['m3*20（25）', '4个（8个）'],
      ['ESP32', 1],
      ['舵机', 8],
    ]);
    expect(read.headerRow).toBe(1);
    const listed = read.skipped.filter((s) => s.reason === 'incomplete').map((s) => [s.row + 1, s.quantityPerBoard]);
    expect(listed).toEqual([
      [4, 8],
      [5, 8],
      [6, 4],
      [7, 1],
      [8, 8],
    ]);
    // The bag's name is a heading, no line.
    expect(read.skipped.find((s) => s.row === 2)?.reason).toBe('no-part-number');
  });

  test('a header\'s known columns are never taken for names: makers\' numbers under "Footprint" stay the part numbers', () => {
    expect(
      linesOf([
        ['Ref', 'Value', 'Manufacturer', 'Footprint', 'Qty'],
        ['R3', '100', 'Panasonic', 'ERJ-3GEYJ101V', 2],
        ['C1', '100n', 'Murata', 'GRM155R71C104KA88D', 4],
        ['U1', 'LDO', 'Texas Instruments', 'TPS7A0233DBVR', 1],
        ['D1', 'LED', 'Kingbright', 'APT1608SGC', 1],
        ['Q1', 'NMOS', 'Nexperia', '2N7002,215', 1],
      ]),
    ).toEqual([
      [2, 'ERJ-3GEYJ101V', 2],
      [3, 'GRM155R71C104KA88D', 4],
      [4, 'TPS7A0233DBVR', 1],
      [5, 'APT1608SGC', 1],
      [6, '2N7002,215', 1],
    ]);
  });

  test("a notes column is never a list's names: a note saying DNP drops no part, a note naming a number buys none", () => {
    const read = readBom([
      ['Designator', 'Value', 'Notes', 'Qty'],
      ['U1', '24C02', 'socketed', 1],
      ['R1', '10k', 'DNP in v1', 1],
      ['C1', '100n', 'optional', 2],
      ['U2', 'LDO', 'replaces (LM7805)', 1],
    ]);
    expect(read.mapping.description).not.toBe(2);
    expect(read.skipped.filter((s) => s.reason === 'dnp')).toEqual([]);
    expect(read.lines.map((l) => l.partNumber)).not.toContain('LM7805');
  });

  test('a headerless export with designators, its description left of the count, is no kit list either', () => {
    expect(() =>
      readBom([
        ['R1 R2', 'Resistor 10k 1% 0603', 2],
        ['C1 C2 C3', 'Capacitor 100n X7R 0402', 3],
        ['D1', 'LED red 0603', 1],
        ['J1', 'USB C socket', 1],
        ['SW1', 'Tactile switch', 1],
      ]),
    ).toThrow(/No part-number/);
  });

  test('a headerless export with designators is no kit list: refused, for the columns to be chosen', () => {
    expect(() =>
      readBom([
        ['R1 R2', '10k', 'Resistor_SMD:R_0603_1608Metric', 2, 'Resistor 1%'],
        ['C1 C2 C3', '100n', 'Capacitor_SMD:C_0402_1005Metric', 3, 'Capacitor X7R'],
        ['D1', 'LED', 'LED_SMD:LED_0603_1608Metric', 1, 'LED red'],
        ['J1', 'USB', 'Connector_USB:USB_C_Receptacle', 1, 'USB C socket'],
      ]),
    ).toThrow(/No part-number/);
  });

  test('two names over no counts are no header: the list is refused, never read from prose', () => {
    expect(() => readBom([['Notes', 'Quantity'], ['see the README'], ['and the wiki']])).toThrow(/No part-number/);
  });

  test("without a header: names left of whole counts on most rows, a shop's share text right of them", () => {
    const read = readBom([
      ['Controller V4.0 parts'],
      ['主控电路板', 1, 'https://github.com/x/y'],
      ['ESP32', 1, '复制内容 https://m.tb.cn/h.abc'],
      ['PCA9685舵机拓展板', 1, '复制内容 https://m.tb.cn/h.def'],
      ['排针', '1排（2排）', 'xh2.54排针'],
      ['电池', 1, '复制内容 https://m.tb.cn/h.ghi'],
    ]);
    expect(read.headerRow).toBeNull();
    expect(read.mapping).toMatchObject({ description: 0, quantity: 1 });
    const listed = read.skipped.filter((s) => s.reason === 'incomplete').map((s) => s.row + 1);
    expect(listed).toEqual([2, 3, 4, 5, 6]);
    // A connector family at its pitch is no maker's number.
    expect(read.lines).toEqual([]);
  });

  test("prose cut into cells by its commas, a price's cents read as a count, a link under each item, is no list", () => {
    // A numbered list in Markdown as Excel opens it (a CSV): each item's price cut at its decimal comma, its shop's
    // link on the next line, blank lines between (a Spanish student's list, its first 45 lines).
    const url = (n: number): Cell[] => [`https://www.amazon.es/dp/B00${n}`];
    const grid: Cell[][] = [
      [],
      ['# Lista de Componentes'],
      ['## By LEGOMAN7'],
      [],
      ['- Precio orientativo: €29', '90.'],
      [],
      ['- No he incluido ni el Arduino Uno R3', ' ni el cable USB tipo A', ' ni la caja.'],
      [],
      ['- Los precios son bastante inexactos', ' pues en la mayoría de productos hay una cantidad'],
      [],
      ['0. Kit Leantec (con Arduino Uno Original) €42', 95],
      ['https://www.leantec.es/todos-los-productos/66-kit'],
      [],
      ['- Hay de todo', ' pero faltan cosas que se mueven', ' en concreto: un servomotor básico'],
      ...(
        [
          ['1. Protoboard 400 €2', 36],
          ['2. Macho-hembra 40x €0', 77],
          ['3. Macho-macho 40x €1', 22],
          ['4. Diodos 25x €1', 80],
          ['5. LEDS 25x3 €1', 5],
          ['6. RGBS (cátodo común) 50x €1', 69],
          ['7. Láser 5x €4', 99],
          ['8. Zumbador 3x €1', 60],
          ['9. Servo 1x €2', 44],
          ['10. Paso a paso 1x €2', 70],
        ] as Cell[][]
      ).flatMap((item, i) => [[], item, url(i)]),
      [],
    ];
    expect(() => readBom(grid)).toThrow(/No part-number/);
  });
});

describe("shops' codes where a maker's number belongs", () => {
  test("LCSC's code in a part-number column, said so or on a row naming no maker, is listed and never looked up", () => {
    const read = readBom([
      ['Reference', 'Qty', 'Value', 'MFPN', 'Manufacturer'],
      ['J1', 1, 'USB_C', 'C167321 (lcsc.com)', ''],
      ['J2', 1, 'USB_C', 'C167321', ''],
      ['J4', 1, 'USB_C', 'C25804', 'LCSC'],
      ['J3', 6, 'HDR 1x2', 'C49661', 'BOOMELE(Boom Precision Elec)'],
      ['U1', 1, 'MCU', 'STM32F103C8T6', 'ST'],
    ]);
    expect(read.lines.map((l) => l.partNumber)).toEqual(['C49661', 'STM32F103C8T6']);
    expect(read.skipped.filter((s) => s.reason === 'incomplete').map((s) => s.row + 1)).toEqual([2, 3, 4]);
  });

  test("Monotaro's and Tsukumo's pages name their own numbers", () => {
    expect(partFromProductLink('https://www.monotaro.com/g/02315291')).toEqual({
      distributor: 'Monotaro',
      distributorPartNumber: '02315291',
    });
    expect(partFromProductLink('http://shop.tsukumo.co.jp/goods/4937925913084/')).toEqual({
      distributor: 'Tsukumo',
      distributorPartNumber: '4937925913084',
    });
    expect(partFromProductLink('https://www.monotaro.com/s/?q=fan')).toBeNull();
  });

  test('several shops linked for one thing: the first code that can be looked up; a shop linked twice is a choice', () => {
    const one = (cell: string) => partFromLinks([cell])?.partNumber;
    expect(
      one('[Monotaro](https://www.monotaro.com/g/02315291), [Akizuki](http://akizukidenshi.com/catalog/g/gR-03719/)'),
    ).toBe('R-03719');
    expect(
      one(
        '[RS Online](https://jp.rs-online.com/mobile/p/rocker-switches/7182247/), [Monotaro](https://www.monotaro.com/g/00163769/)',
      ),
    ).toBe('7182247');
    // Only shops' own numbers (Monotaro's, Tsukumo's): listed for a part number, never looked up.
    expect(
      partFromLinks([
        '[Tsukumo](http://shop.tsukumo.co.jp/goods/4937925913084/), [Monotaro](https://www.monotaro.com/g/00866020/)',
      ]),
    ).toBeNull();
    expect(
      partFromLinks([
        '[Akizuki](http://akizukidenshi.com/catalog/g/gR-03719/), [Akizuki](http://akizukidenshi.com/catalog/g/gR-25103/)',
      ]),
    ).toBeNull();
    // Links whose words are no shop's ("[link]") but name no part at all: nothing, and no failure.
    expect(partFromLinks(['[link](https://example.com/a), [link](https://example.com/b)'])).toBeNull();
  });

  test("a shop's codes of capital words a line: the first line's code, never a word cut from it", () => {
    const read = readBom([
      ['Qty', 'Description', 'Reichelt'],
      [2, 'Litze', 'LITZE BL\nLITZE RT'],
      [4, 'Kontakte', 'PSK-KONTAKTE rot\nPSK-KONTAKTE sw'],
    ]);
    expect(read.lines.map((l) => l.partNumber)).not.toContain('LITZE');
    expect(read.lines.map((l) => [l.row + 1, l.partNumber])).toEqual([
      [2, 'LITZE BL'],
      [3, 'PSK-KONTAKTE'],
    ]);
  });

  test('test pads with a placeholder in the shop column stay test pads', () => {
    const read = readBom([
      ['Designator', 'Qty', 'Value', 'Footprint', 'Digi-Key'],
      ['TP1, TP2', 2, 'TestPoint', 'TestPoint:TestPoint_Pad_D1.0mm', 'n.a.'],
      ['U1', 1, 'NE555DR', 'SOIC-8', '296-1411-1-ND'],
    ]);
    expect(read.skipped.find((s) => s.row === 1)?.reason).toBe('not-purchase');
  });

  test('a shop cell of one code a line, each with its colour, is bought by the first', () => {
    expect(
      linesOf([
        ['Qty', 'Value', 'Parts', 'Farnell'],
        [8, 'TESTPLUG2MM', 'TP1, TP2, TP3, TP4, TP5, TP6, TP7, TP8', '2292857 schwarz\n1307228  rot\n1307241  blau'],
      ]),
    ).toEqual([[2, '2292857', 8]]);
  });

  test('a connector family at its pitch is no part number, in a cell or before words', () => {
    expect(looksLikePartNumber('XH2.54')).toBe(false);
    expect(looksLikePartNumber('PH2.0')).toBe(false);
    expect(looksLikePartNumber('GH1.25')).toBe(false);
    expect(numberNamingPart('xh2.54排针')).toBeNull();
    expect(looksLikePartNumber('XH-4A')).toBe(true);
    expect(numberNamingPart('A3144霍尔传感器')).toBe('A3144');
  });
});

describe('columns', () => {
  test("KiBoM's variant field: DNP there is not placed, a build's name is fitted", () => {
    const read = readBom([
      ['References', 'Value', 'Quantity Per PCB', 'manf#', 'variant'],
      ['C6', '10n', 1, 'CL05B103KB5NNNC', 'GYRO'],
      ['R4 R5', '4k7', 2, '0402WGF4701TCE', 'DNP'],
      ['C8', '4,7µ', 1, 'CL10A475KO8NNNC', ''],
      ['R3', '1k', 1, '0402WGF1001TCE', 'GPS'],
    ]);
    expect(read.lines.map((l) => l.row + 1)).toEqual([2, 4, 5]);
    expect(read.skipped.find((s) => s.row === 2)?.reason).toBe('dnp');
  });

  test("a variant or configuration column of words and notes marks nothing: only a whole DNP in KiBoM's field", () => {
    const read = readBom([
      ['Item', 'Variant', 'Qty', 'MPN'],
      ['Kit', 'Kit (not assembled)', 1, 'KIT-0001'],
      ['Regulator', 'LITE: DNP', 1, 'AP2112K-3.3TRG1'],
      ['Switch', 'NC', 1, 'D2F-01L'],
      ['Sensor', 'GPS', 1, 'MAX-M10S-00B'],
    ]);
    expect(read.lines.map((l) => l.row + 1)).toEqual([2, 3, 4, 5]);
    const switches = readBom([
      ['Designator', 'Qty', 'MPN', 'Contact Config'],
      ['S1', 1, 'D2F-01L', 'NC'],
      ['S2', 1, 'D2F-01', 'NO'],
    ]);
    expect(switches.lines.map((l) => l.row + 1)).toEqual([2, 3]);
  });

  test('"Value or Part#" holds values and part numbers: each row read for what it holds', () => {
    expect(matchHeader('Value or Part#')).toEqual({ field: 'partNumber', strength: 2 });
    expect(
      linesOf([
        ['Ref', 'Qty', 'Value or Part#', 'Description'],
        ['C1,C2', 2, '22pF', 'capacitor'],
        ['J1', 1, 'XM7D-0512', 'USB miniB'],
        ['U1', 1, 'ATMEGA328P-PU', 'microcontrolador'],
      ]),
    ).toEqual([
      [3, 'XM7D-0512', 1],
      [4, 'ATMEGA328P-PU', 1],
    ]);
  });
});
