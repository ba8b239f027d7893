/**
 * Kinds of export found after the reader was built, each as a made-up table of its shape: a category column that
 * says "PCB" over placed parts, item names in a designator column, notes that say a row comes with another item,
 * a shop named by its web address, headers in Russian and Polish, a costed shopping list with no quantity column,
 * a number read from a shop's link as the row writes it, and values with their ratings joined on.
 */
import { type Cell, readBom } from '../../src/bom';
import { readRows } from '../helpers/bom-rows';
import { isComponentValue, isKindName, numberAfterValueOrKind } from '../../src/bom/row-kinds';
import { partFromProductLink } from '../../src/bom/product-links';
import { looksLikePartNumber } from '../../src/bom/column-content';
import { parseDelimited } from '../../cli/bomfile';
import { holdsPipeTable } from '../../cli/delimiter';
import { chooseBomSheet, judgeSheet } from '../../src/bom/sheets';

const read = readRows;

describe('rows that are purchases, and rows that are none', () => {
  test('"PCB" in a Category column sorts placed parts; the board itself is still no purchase', () => {
    const r = read([
      ['Category', 'Designator', 'Component', 'Qty', 'MPN'],
      ['PCB', 'U2, U3', 'Gate driver', 2, 'MCP1416T-E/OT'],
      ['PCB', 'Q1', 'MOSFET', 1, 'IRFI4321PBF'],
      ['Electrical', 'PCB', 'custom PCB (JLCPCB manufactured)', 1, ''],
    ]);
    expect(r.lines).toEqual([
      [2, 'MCP1416T-E/OT', 2],
      [3, 'IRFI4321PBF', 1],
    ]);
    expect(r.skipped).toEqual([[4, 'not-purchase', null]]);
  });

  test("item names in a designator column are no positions: the quantity stands, and a name's dashed number is no range", () => {
    const r = read([
      ['Designator', 'Components', 'Qty', 'MPN'],
      ['Prototyping board', '3x7 cm board', 1, 'PB-3070'],
      ['TXH_240-124', 'DC power supply', 1, 'TXH 240-124'],
      ['R1 R2 R3', '10k', 2, 'RC0603FR-0710KL'],
    ]);
    // Three positions listed over a quantity of two: the positions count, as before.
    expect(r.lines).toEqual([
      [2, 'PB-3070', 1],
      [3, 'TXH 240-124', 1],
      [4, 'RC0603FR-0710KL', 3],
    ]);
  });

  test('a row a note says comes with another item, with no price or link of its own, is not bought on its own', () => {
    const r = read([
      ['Item', 'Description', 'Qty', 'Unit cost', 'Total', 'Source', 'Notes'],
      ['HINGE_AXE', 'hinge kit 8p/4p', 4, 5, 20, 'https://shop.example/hinges', ''],
      ['HINGE_LOCKNUT', '', null, null, null, '', 'Bundled with HINGE_AXE purchase (single kit)'],
      ['PLATE_SIDE', '', 2, null, null, '', 'Cut from the same PMMA sheet as PLATE_BACK'],
      ['ENCODER', 'rotary encoder unit', 1, 6.84, 6.84, 'https://shop.example/u135', 'Cable supplied with it'],
      ['Servo horn', 'horn for SG90', null, null, 'cost included above', 'https://shop.example/sg90', ''],
      ['L1', 'LOGO_COREDUMP_3.4mm', 1, null, null, '', 'Made at Coredump'],
    ]);
    expect(r.skipped.map((s) => [s[0], s[1]])).toEqual([
      [2, 'incomplete'],
      [3, 'not-purchase'],
      [4, 'not-purchase'],
      [5, 'incomplete'],
      [6, 'not-purchase'],
      [7, 'not-purchase'],
    ]);
    expect(r.read.skipped[1].detail).toBe(
      'comes with another item ("Bundled with HINGE_AXE purchase (single kit)"), not bought on its own',
    );
  });
});

describe('headers', () => {
  test("a shop named by its web address is a distributor's number column", () => {
    const r = read([
      ['PCB designators', 'Value', 'Count', 'reichelt.de part number', 'mouser.com part number'],
      ['C1 C5', '1u', 2, 'Z5U-5 1,0µ', ''],
      ['C7 C10', '220n', 2, 'Z5U-2,5 220N', ''],
      ['D1 D2', 'LED', 2, 'LED 3MM 2MA GN', ''],
      ['J1', 'Header 1x6', 1, 'PSS 254/6G', '538-22-27-2061'],
    ]);
    expect(r.read.mapping.partNumber).toBeUndefined();
    expect(r.lines).toEqual([
      [2, 'Z5U-5 1,0u', 2],
      [3, 'Z5U-2,5 220N', 2],
      [4, 'LED 3MM 2MA GN', 2],
      [5, 'PSS 254/6G', 1],
    ]);
    expect(r.read.lines[3].supplierPartNumbers).toEqual(['PSS 254/6G', '538-22-27-2061']);
  });

  test('Russian and Polish headers are read as their words say', () => {
    const ru = readBom([
      ['Поз. обозначение', 'Наименование', 'Кол.', 'Производитель', 'Примечание'],
      ['DA1', 'LM358DR', 1, 'Texas Instruments', ''],
    ]);
    expect(ru.mapping).toMatchObject({ designators: 0, quantity: 2, manufacturer: 3 });
    const pl = readBom([
      ['Oznaczenie', 'Nazwa', 'Ilość', 'Producent', 'MPN'],
      ['U1', 'Wzmacniacz', 2, 'TI', 'LM358DR'],
    ]);
    expect(pl.mapping).toMatchObject({ designators: 0, description: 1, quantity: 2, manufacturer: 3, partNumber: 4 });
  });

  test('a costed shopping list with no quantity column: every thing named is a line, its count in its name or one', () => {
    const r = read([
      ['Number', 'Product name', 'Price (PLN)', 'Additional info'],
      [1, 'ESP32 board', 29.39, 'Or any other ESP32 board'],
      [2, '5V solar panels x2', 14.58, ''],
      [3, 'Bearing 6200 x4', 9.6, ''],
      ['Total', 'Total', 53.57, ''],
    ]);
    expect(r.skipped).toEqual([
      [2, 'incomplete', 1],
      [3, 'incomplete', 2],
      [4, 'incomplete', 4],
      [5, 'no-part-number', null],
    ]);
  });

  test("a maker's catalogue number in brackets at the end of a list's name is its part number; a size is none", () => {
    const r = read([
      ['Designator', 'Components', 'Qty', 'Cost per package', 'Material Source'],
      ['Small tubing', 'Nalgene™ 489 Linear LDPE Tubing (8010-0125)', 10, 100, 'https://www.thermofisher.com/x'],
      ['Resistor', 'Resistor 10k (0603)', 4, 0.1, 'https://shop.example/r'],
      ['Stepper driver', 'ULN2003 (DIP-16L) Darlington array', 2, 1.5, 'https://shop.example/u'],
    ]);
    expect(r.lines).toEqual([[2, '8010-0125', 10]]);
  });
});

test('a count written so it cannot be read is flagged on a line to buy; a label in the quantity column is no line', () => {
  const r = read([
    ['Anzahl', 'Bauteil', 'Wert', 'Bemerkung'],
    [1, 'Mikrocontroller', 'Pico', ''],
    ['2 oder 3 *)', 'Widerstand, 0.5 W', '4.7 kOhm', ''],
    ['Summe', '', '', ''],
  ]);
  expect(r.skipped.map((s) => [s[0], s[1]])).toEqual([
    [2, 'incomplete'],
    [3, 'incomplete'],
    [4, 'no-part-number'],
  ]);
  expect(r.read.skipped[1].detail).toContain('quantity "2 oder 3 *)" is not a number: say how many');
});

test('a row naming a thing, its size and a note, its count blank, is a line whose count the buyer says', () => {
  const r = read([
    ['Designators', 'Description', 'Value', 'Count', 'reichelt.de part number', 'Notes'],
    ['', 'Nuts for the speakers', 'M2.5 nut', 1, 'SK M2,5-100', 'pack of 100'],
    ['', 'wrapped onto its own row', '', '', '', ''],
    ['', 'Self tapping screws', '# 4 x 1/4', '', '', 'for mounting the PCB in the enclosure'],
  ]);
  expect(r.lines).toEqual([[2, 'SK M2,5-100', 1]]);
  expect(r.read.skipped.map((s) => [s.row + 1, s.reason, s.detail.slice(0, 40)])).toEqual([
    [3, 'no-part-number', 'continues the item of row 2 (its quantit'],
    [4, 'incomplete', 'a line to buy (no quantity given: say ho'],
  ]);
});

describe('part numbers', () => {
  test("a number read from a shop's link is written as the row writes it (a slash the address made a dash)", () => {
    const r = read([
      ['Designator', 'Component', 'Qty', 'Source'],
      ['U2', 'MCP1416T-E/OT', 2, 'https://www.mouser.be/ProductDetail/Microchip-Technology/MCP1416T-E-OT?qs=abc'],
    ]);
    expect(r.lines).toEqual([[2, 'MCP1416T-E/OT', 2]]);
  });

  test('a value with its rating joined on, a frequency and a trimmer range are values', () => {
    expect(['10uF10V', '122.88Mhz', '6.5-30pF', '0.1uF/250V'].map(isComponentValue)).toEqual([true, true, true, true]);
    // A name in words and a size is a kind of part, no maker's number ("Kenwood-2.5": a jack of that style).
    expect(isKindName('Kenwood-2.5')).toBe(true);
    expect(isKindName('LM2596S-5.0')).toBe(false);
    // A connector maker's dashed number has no unit: no value.
    expect(['47219-2001', '2N7002', '1N4148W-7-F'].map(isComponentValue)).toEqual([false, false, false]);
  });

  test("a shop's code of seven digits around a letter is no value whose letter is its decimal point (McMaster-Carr)", () => {
    expect(['4K7', '10K0', '2K21', '49R9', '4u7', '100n0'].map(isComponentValue)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['7740K111', '7945K35', '4492K121'].map(isComponentValue)).toEqual([false, false, false]);
    // A rating joined on without a space follows a unit or a multiplier ("10uF10V"); Würth's "7499210121A" is none.
    expect(['10uF10V', '100n50V', '7499210121A'].map(isComponentValue)).toEqual([true, true, false]);
    const r = read([
      ['Distributor', 'Part Number', 'Part Name', 'Link'],
      ['McMaster-Carr', '7740K111', 'Enclosure', 'https://www.mcmaster.com/#7740k111/=1djih1u'],
      ['McMaster-Carr', '1421T184', 'Steel Plate', 'https://www.mcmaster.com/#1421t184/=1djijx2'],
      ['McMaster', '7945K35', 'PVC conduit adapter', 'https://www.mcmaster.com/7945k35'],
    ]);
    expect(r.lines).toEqual([
      [2, '7740K111', 1],
      [3, '1421T184', 1],
      [4, '7945K35', 1],
    ]);
  });

  test("a shop's link that names a short maker's number by its place in the address gives it (an M5Stack unit, U135)", () => {
    const r = read([
      ['Category', 'Designator', 'Component / Ref.', 'Qty', 'Source of materials'],
      ['Electrical', 'ROT_ENCODER', 'M5Stack U135', 1, 'https://www.mouser.be/ProductDetail/M5Stack/U135?qs=Li%3D'],
    ]);
    expect(r.lines).toEqual([[2, 'U135', 1]]);
  });

  test("a shop's code of capital words alone is its number in the shop's column; a placeholder so written is none", () => {
    const r = read([
      ['Description', 'Value', 'Count', 'reichelt.de part number'],
      ['Crimp pins', 'Molex, pack of 20', 2, 'PSK-KONTAKTE'],
      ['Cable, blue, 10m', '', 1, 'LITZE BL'],
      ['Speaker', '8 Ohm', 1, 'NOT USED'],
      ['Knob', '', 1, 'Knob'],
    ]);
    expect(r.lines).toEqual([
      [2, 'PSK-KONTAKTE', 2],
      [3, 'LITZE BL', 1],
    ]);
    expect(r.skipped.map((s) => s[0])).toEqual([4, 5]);
  });

  test("a list's maker number in brackets is read from its name column, though another column is the description", () => {
    const r = read([
      ['Designator', 'Components', 'Items per build', 'Material Source', 'Material type'],
      ['Small tubing', 'Nalgene 489 LDPE Tubing (8010-0125)', 10, 'https://www.thermofisher.com/order/x', 'LDPE'],
      ['M3 nut', 'M3 nut', 2, 'https://www.creatroninc.com/product/m3-nut-4-pack/', 'Metal'],
    ]);
    expect(r.lines).toEqual([[2, '8010-0125', 10]]);
  });

  test('a size in a length unit is no part number ("86x86mm"), though it sits in a column that holds one', () => {
    const r = read([
      ['Beschreibung', 'Dimension', 'Anzahl'],
      ['EEPROM', 'AT24C32WI-GT3', 1],
      ['Op-amp', 'LM358DR', 1],
      ['Regler', 'TPS2540DRCR', 1],
      ['Gehäuse', '86x86mm', 1],
      ['Schraube', 'M2.5x5mm', 4],
    ]);
    expect(r.lines.map((l) => l[1])).toEqual(['AT24C32WI-GT3', 'LM358DR', 'TPS2540DRCR']);
  });
});

test("a maker's number that starts as a package does is a part number (Semtech's SC189CSKTRT); the package is none", () => {
  expect(['SC189CSKTRT', 'SC189'].map(looksLikePartNumber)).toEqual([true, true]);
  expect(['SC-70', 'SC70-6', 'SC-88A', 'SOT23-5'].map(looksLikePartNumber)).toEqual([false, false, false, false]);
});

describe('counts', () => {
  test('words in the designator column are not counted where the quantity cannot be read ("0.3" kg of filament)', () => {
    const r = read([
      ['Designator', 'Components', 'Qty', 'Supplier'],
      ['PLA filament', 'EconoFil PLA filament', 0.3, 'filaments.ca'],
      ['Hookup wire', '22AWG Hookup Wire (Black)', 0.2, 'creatroninc.com'],
      ['R1 R2', 'Resistor 10k', 2, 'Digi-Key'],
    ]);
    expect(r.skipped.slice(0, 2)).toEqual([
      [2, 'incomplete', null],
      [3, 'incomplete', null],
    ]);
    expect(r.read.skipped[0].detail).toContain('quantity "0.3" is not a whole number: say how many');
  });

  test('test points named for their nets are positions to count ("3V3IN1,ALRT1"), an item\'s name is none', () => {
    const r = read([
      ['Comment', 'Designator', 'Footprint', 'LCSC'],
      ['~', '3V3IN1,3V3OUT1,ALRT1,BATT3,BUT1', 'TestPoint_Keystone_5019_Minature', 'C238131'],
    ]);
    expect(r.skipped).toEqual([[2, 'incomplete', 5]]);
  });
});

describe("the project's own board", () => {
  const cells = [
    ['Quantity', 'Description', 'Value', 'Fornecedor'],
    [1, "Placa BitLab V7 (SMD's soldados)", 120.47, 'Omni Eletrônica'],
    [1, 'Placa Raspberry Pi Pico', 30, 'Mercado Livre'],
    [1, 'Board BitLab V7 Placa B', '?', ''],
  ];

  test("a board named with the project's name the sheet gives is made for it, no purchase; another board is bought", () => {
    const r = readBom(cells, { title: 'BitLab V7_Lista de Materiais' });
    expect(r.skipped.map((s) => [s.row + 1, s.reason])).toEqual([
      [2, 'not-purchase'],
      [3, 'incomplete'],
      [4, 'not-purchase'],
    ]);
    expect(r.skipped[0].detail).toBe("the project's own board, made for it, not a part from a distributor");
  });

  test('without a title, or one of only the words a list is named by, every board is a line to buy', () => {
    for (const title of [undefined, 'BOM_Lista de Materiais final']) {
      const r = readBom(cells, title === undefined ? {} : { title });
      expect(r.skipped.map((s) => s.reason)).toEqual(['incomplete', 'incomplete', 'incomplete']);
    }
  });
});

describe('a list kept in sections under one header', () => {
  const header = ['Qty', 'Name', 'MPN', 'Price', 'Total', 'Link'];
  test('one section a shop, each under its heading with the header again and a subtotal: every section is read', () => {
    const r = read([
      ['Cost estimate: bench supply'],
      [],
      ['Shop A', 'shop-a.example'],
      [],
      header,
      [],
      [2, 'Buck regulator', 'LM2596S-ADJ', 1.2, 2.4, 'https://shop-a.example/lm2596'],
      [10, 'Capacitor 100n', 'GRM188R71H104KA93D', 0.01, 0.1, 'https://shop-a.example/100n'],
      [],
      [null, null, null, null, 2.5, 'plus shipping'],
      [],
      [],
      ['Shop B'],
      [],
      header,
      [],
      [1, 'Panel meter', 'PM-438', 6, 6, 'https://shop-b.example/pm438'],
      [null, 'Shipping', null, null, 3.9],
      [],
      [null, null, null, null, 9.9],
      [],
      [null, null, null, 'Grand total:', 12.4],
    ]);
    expect(r.lines).toEqual([
      [7, 'LM2596S-ADJ', 2],
      [8, 'GRM188R71H104KA93D', 10],
      [17, 'PM-438', 1],
    ]);
    // The subtotal, the next shop's heading, the header again and the shipping are accounted, not bought.
    expect(r.skipped.map(([row]) => row)).toEqual(expect.arrayContaining([10, 13, 15, 18]));
    expect(r.skipped.every(([, reason]) => reason !== 'incomplete')).toBe(true);
  });

  test('the same list again below its total is a copy, not a section: read once', () => {
    const body: Cell[][] = [
      [2, 'Buck regulator', 'LM2596S-ADJ', 1.2, 2.4, 'https://shop-a.example/lm2596'],
      [10, 'Capacitor 100n', 'GRM188R71H104KA93D', 0.01, 0.1, 'https://shop-a.example/100n'],
    ];
    const r = read([header, ...body, [], [null, null, null, null, 2.5, 'total'], [], header, ...body]);
    expect(r.lines).toEqual([
      [2, 'LM2596S-ADJ', 2],
      [3, 'GRM188R71H104KA93D', 10],
    ]);
  });

  test('a header far below the total (past a few rows of notes) starts no section', () => {
    const notes: Cell[][] = Array.from({ length: 8 }, (_, i) => [`Note ${i + 1}: see the wiki`]);
    const r = read([
      header,
      [2, 'Buck regulator', 'LM2596S-ADJ', 1.2, 2.4, 'https://shop-a.example/lm2596'],
      [],
      ...notes,
      [],
      header,
      [1, 'Panel meter', 'PM-438', 6, 6, 'https://shop-b.example/pm438'],
    ]);
    expect(r.lines).toEqual([[2, 'LM2596S-ADJ', 2]]);
  });
});

describe('lists of positions one a row', () => {
  const partlist = [
    'Part        Value',
    '',
    'R1          27',
    'R2          10k',
    'R3          2k2',
    'C1          100nF',
    'C2          1uF',
    'C3          47pF',
    'C4          30pF',
    '',
    'LED_COM',
    'USB',
    '',
    'IC_DAC      MAX5480BCEE+',
    'IC_USB      FT230XS-R',
    '',
    'XTAL        20MHz',
    '',
  ].join('\n');

  test("EAGLE's list of two columns ('Part  Value') is cut where its names start, its blocks read to the last", () => {
    const { cells } = parseDelimited(partlist);
    expect(cells[2]).toEqual(['R1', '27']);
    expect(cells[13]).toEqual(['IC_DAC', 'MAX5480BCEE+']);
    const r = read(cells);
    expect(r.read.headerRow).toBe(0);
    // Every position is one to buy: the ones named as no designator is shaped ("USB", "XTAL") too.
    expect(r.skipped.filter(([, reason]) => reason !== 'incomplete')).toEqual([]);
    const counted = [...r.read.lines, ...r.read.skipped].map((l) => [l.row + 1, l.quantityPerBoard]);
    expect(counted.sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual(
      [3, 4, 5, 6, 7, 8, 9, 11, 12, 14, 15, 17].map((row) => [row, 1]),
    );
    // Two words that name no BOM's columns make no table: prose stays one cell a line.
    expect(parseDelimited('Hello      world\nThis is   a note\nAnd more  text here\n').cells[0]).toEqual([
      'Hello      world',
    ]);
  });

  test('with no quantity column and one name a row, a position named in words ("RF_RX", "DTR") is one', () => {
    const rows: Cell[][] = [['Part', 'Value', 'Device']];
    for (let i = 1; i <= 6; i++) rows.push([`C${i}`, '100nF', 'C-EUC0603']);
    rows.push(['RF_RX', 'N/A', 'LED_ESML0603'], ['DTR', 'N/A', 'CONN_01'], ['U1', 'TXB0108', 'TXB0108PWR']);
    const r = read(rows);
    expect(r.skipped.filter(([row]) => row === 8 || row === 9)).toEqual([
      [8, 'incomplete', 1],
      [9, 'incomplete', 1],
    ]);
    // Where a row lists several positions, names in words are no positions to count.
    const grouped = read([['Part', 'Value'], ['C1 C2', '100nF'], ...rows.slice(1, 7), ['RF_RX', 'N/A']]);
    expect(grouped.skipped.find(([row]) => row === 9)?.[2]).toBeNull();
  });
});

describe('a header beside rows of another table', () => {
  test("a table's header is not the row of another table's first line and a header beside it", () => {
    const r = read([
      [null, 'BOM ID', 'BOM', 'QUANTITY', null, 'BOM ID', 'PRINTED PARTS'],
      [null, 1, 'STEPPER NEMA 17 60mm', 1, null, 201, 'Parts', 'Name', 'Colour', 'Quantity'],
      [null, 2, 'ARDUINO MEGA 2560', 1, null, 202, 'Articulation 1', '1M1', 'Blue', 1],
      [null, 3, 'Stepper Driver tb6560', 6, null, 203, null, '1M2', 'Black', 1],
    ]);
    expect(r.read.headerRow).toBe(0);
    expect(r.skipped.map(([row, , count]) => [row, count])).toEqual([
      [2, 1],
      [3, 1],
      [4, 6],
    ]);
  });
});

describe('columns named for one thing and holding another', () => {
  test('a "Part Number" column counting the rows (1, 2, 3…) numbers the lines; "Items per pump" is the count', () => {
    const r = read([
      ['Part Number', 'Item Description', 'Packages for 3 pumps', 'Items per pump', 'Items per pack', 'Retailer'],
      [1, 'Nema 17 Stepper Motor', 1, 1, 3, 'Amazon'],
      [2, '5mm to 5mm Motor Shaft Coupling', 1, 1, 10, 'Amazon'],
      [3, 'Linear bearings', 1, 2, 12, 'Amazon'],
      [4, 'M5x0.8 nuts', 1, 8, 50, 'Amazon'],
    ]);
    expect(r.read.mapping.partNumber).toBeUndefined();
    expect(r.skipped).toEqual([
      [2, 'incomplete', 1],
      [3, 'incomplete', 1],
      [4, 'incomplete', 2],
      [5, 'incomplete', 8],
    ]);
    // Numbers that do not count up are part numbers all the same.
    const numbered = read([
      ['Part Number', 'Qty'],
      [742792609, 2],
      [1715190, 1],
      [61300311121, 4],
    ]);
    expect(numbered.lines.map(([, part]) => part)).toEqual(['742792609', '1715190', '61300311121']);
  });

  test("a JLCPCB list's values naming a chip and then its kind ('TPS63020DSJR BUCK BOOST') are read as the chip", () => {
    const r = read([
      ['Comment', 'Designator', 'Footprint', 'LCSC Part #'],
      ['100nF', 'C1,C2', 'C_0603', 'C14663'],
      ['10k', 'R1', 'R_0603', 'C25804'],
      ['220pF', 'C3', 'C_0402', 'C1603'],
      ['4K7', 'R2,R3', 'R_0402', 'C25900'],
      ['TPS63020DSJR BUCK BOOST', 'U1', 'VSON-14', 'C15483'],
      ['SN74LVC1G17DBVR BUFFER', 'U2', 'SOT-23-5', 'C7836'],
      ['LED 0402 GREEN', 'D1', 'LED_0402', 'C2856703'],
    ]);
    expect(r.lines).toEqual([
      [6, 'TPS63020DSJR', 1],
      [7, 'SN74LVC1G17DBVR', 1],
    ]);
  });

  test("a column LCSC's name heads that holds makers' numbers, no LCSC code, is the part numbers", () => {
    const r = read([
      ['Comment', 'Designator', 'LCSC Part Number'],
      ['Female Headers 1x3P', 'J1', 'PM254-1-03-W-8.5'],
      ['Switching Diode', 'D1', 'LL4148'],
      ['Raspberry Pi', 'U7', 'PICO'],
      ['Slide Switches', 'S1', 'SK-13D01-G030'],
      ['Level Shifters', 'U1 U2', 'TXU0104PWR'],
      ['RES SMD 100K OHM 1% 1/16W 0402', 'R1', ' '],
    ]);
    expect(r.read.mapping.partNumber).toBe(2);
    expect(r.lines.map(([row, part]) => [row, part])).toContainEqual([6, 'TXU0104PWR']);
    // LCSC's own codes in it stay LCSC's.
    const codes = read([
      ['Comment', 'Designator', 'LCSC Part Number'],
      ['100nF', 'C1', 'C14663'],
      ['TPS63020DSJR', 'U1', 'C15483'],
      ['10k', 'R1', 'C25804'],
    ]);
    expect(codes.read.mapping.partNumber).not.toBe(2);
  });
});

describe('copper and holes named by their library', () => {
  test('a value "Hole" alone and KiCad\'s measurement pads are no purchases; a test point bought is one', () => {
    const r = read([
      ['Ref', 'Value', 'Footprint', 'Manf#'],
      ['U12-U17', 'Hole', '', ''],
      ['P1,P3-P7', 'TST', 'Measurement_Points:Measurement_Point_Round-SMD-Pad_Small', '-'],
      ['TP1,TP2', 'TestPoint', 'TestPoint:TestPoint_Keystone_5000-5004_Miniature', '5001'],
      ['R1', '10k', 'R_0603', 'RC0603FR-0710KL'],
    ]);
    expect(r.skipped.map(([row, reason]) => [row, reason])).toEqual([
      [2, 'not-purchase'],
      [3, 'not-purchase'],
    ]);
    expect(r.lines.map(([row]) => row)).toEqual([4, 5]);
  });
});

describe('rows set aside', () => {
  test('"not fitted" as a whole cell in any column (a PCBWay template\'s package and type) is not placed', () => {
    const r = read([
      ['Item #', '*Designator', '*Qty', 'Manufacturer', '*Mfg Part #', '*Package/Footprint', 'Type'],
      [1, 'C1, C5', 2, 'Samsung', 'CL05B104KB54PNC', '0402', 'SMD'],
      [2, 'J1', 1, 'Phoenix Contact', 1836189, 'not fitted', 'not fitted'],
      [3, 'R15, R18', 2, 'Stackpole', 'RMCF0805FT4K70', 'not fitted', 'not fitted'],
      [4, 'K1', 1, 'Omron', 'G5V-1-DC5', 'NC', 'THT'],
    ]);
    expect(r.lines.map(([row]) => row)).toEqual([2, 5]);
    expect(r.skipped).toEqual([
      [3, 'dnp', null],
      [4, 'dnp', null],
    ]);
  });

  test("a 'Buy' column of 1 and 0 beside the counts sets the 0 rows aside; one of counts is no such column", () => {
    const r = read([
      ['Componente', 'Descripcion', 'Precio', 'Unidades', 'Buy', 'Link'],
      ['GM5208-12', 'Motor', 39.9, 3, 0, 'https://shop.example/gm5208'],
      ['GM5208-12', 'Motor + Enc.', 59.9, 3, 1, 'https://shop.example/gm5208-enc'],
      ['MPU-6050', '6 Axis G+A', 3.55, 1, 1, 'https://shop.example/mpu6050'],
    ]);
    expect(r.skipped).toEqual([
      [2, 'dnp', null],
      [3, 'incomplete', 3],
      [4, 'incomplete', 1],
    ]);
    const counts = read([
      ['MPN', 'Qty', 'Buy'],
      ['GRM188R71H104KA93D', 10, 25],
      ['RC0603FR-0710KL', 4, 100],
    ]);
    expect(counts.read.mapping.dnp).toBeUndefined();
  });
});

describe("a costing sheet's prices under the shops' names", () => {
  test('"Part (50pcs)" names the parts; a shop\'s column of prices holds no codes; no row repeats the header', () => {
    const r = read([
      ['Part (50pcs)', 'Farnell', 'Digi-Key $', 'TME', 'Comment'],
      ['MCP1700T-3302E/TT', 1.7, 0.2, 1.2, '3v3 converter'],
      ['STM32F042C6U6', 6, 2.7, 9, 'MCU 32kB Flash'],
      ['SN65HVD232D', 7, 1.8, 6.2, 'CAN transceiver'],
    ]);
    expect(r.read.mapping.partNumber).toBe(0);
    expect(r.lines.map(([row, part]) => [row, part])).toEqual([
      [2, 'MCP1700T-3302E/TT'],
      [3, 'STM32F042C6U6'],
      [4, 'SN65HVD232D'],
    ]);
    expect(r.read.lines.every((l) => l.supplierPartNumbers.length === 0)).toBe(true);
    // Farnell's own order codes (all digits) under its name stay its codes.
    const codes = read([
      ['MPN', 'Qty', 'Farnell'],
      ['MCP1700T-3302E/TT', 1, 1331489],
      ['SN65HVD232D', 1, 1103092],
    ]);
    expect(codes.read.lines.map((l) => l.supplierPartNumbers)).toEqual([['1331489'], ['1103092']]);
  });

  test("a header that maps only shops' columns is repeated by a row naming them, not by every row", () => {
    const r = read([
      ['Farnell', 'Mouser'],
      ['1331489', '579-MCP1700T3302ETT'],
      ['Farnell', 'Mouser'],
      ['1103092', '595-SN65HVD232D'],
    ]);
    expect(r.read.mapping).toEqual({});
    expect(r.read.skipped.find((s) => s.row === 2)?.detail).toBe('repeats the header row');
    expect(r.lines.map(([row]) => row)).toEqual([2, 4]);
  });
});

describe("a library's codes where the maker's number belongs", () => {
  test("CERN's library code in the first maker's column: the second maker's column gives the part", () => {
    const r = read([
      ['Component', 'Manufacturer Part Number', 'Manufacturer1 Part Number', 'References', 'Quantity Per PCB'],
      ['1', 'EEEFK1C471AP', '~~', 'C350', 1],
      ['2', 'CC0201_100NF_6.3V_10%_X5R', '02016D104KAT2A', 'C7 C8 C9', 3],
      ['3', 'R0201_200R_1%_0.05W_200PPM_25V', 'CRCW0201200RFNED', 'R1 R2', 2],
      ['4', 'CC0402_1UF_6.3V_10%_X5R', '~~', 'C1', 1],
    ]);
    expect(r.lines).toEqual([
      [2, 'EEEFK1C471AP', 1],
      [3, '02016D104KAT2A', 3],
      [4, 'CRCW0201200RFNED', 2],
    ]);
    // With no second maker's number, the library's code is listed for a part number, never looked up.
    expect(r.skipped).toEqual([[5, 'incomplete', 1]]);
  });
});

describe('counts per assembly', () => {
  test('"# req in assy" is the count; times its row\'s "assembly multiplier", a share of 0.5 included', () => {
    const r = read([
      ['assembly', 'short name', 'part #', 'cost pp', '# req in assy', 'assembly multiplier'],
      ['drive wheel', 'wheel', '3616-0014-0144', '$24.99', '1', '6'],
      ['rocker bogie', 'servo', '2000-0025-0002', '$31.99', '2', '2'],
      ['rocker bogie', 'bearing 4 pack', '1611-0514-0008', '$3.99', '0.5', '2'],
      ['body', 'battery', '3100-0012-0001', '$89.99', '1', ''],
    ]);
    expect(r.read.mapping.quantity).toBe(4);
    expect(r.lines).toEqual([
      [2, '3616-0014-0144', 6],
      [3, '2000-0025-0002', 4],
      [4, '1611-0514-0008', 1],
      [5, '3100-0012-0001', 1],
    ]);
    expect(r.read.warnings.map((w) => w.message)).toContain(
      'Each row\'s quantity ("# req in assy") is multiplied by its "assembly multiplier" to give the quantity per board.',
    );
  });

  test('a multiplier column of words, or a share that stays a share, multiplies nothing', () => {
    const r = read([
      ['MPN', 'Qty', 'Multiplier'],
      ['NE555P', 2, 'see note'],
      ['LM358N', 1, 'x'],
    ]);
    expect(r.lines).toEqual([
      [2, 'NE555P', 2],
      [3, 'LM358N', 1],
    ]);
    const third = read([
      ['MPN', 'Qty', 'Multiplier'],
      ['NE555P', '0.33', 2],
    ]);
    expect(third.lines).toEqual([]);
    expect(third.skipped).toEqual([[2, 'incomplete', null]]);
  });
});

describe("carts, value columns and makers' numbers written otherwise", () => {
  test("a Digi-Key cart: its own numbers under 'Part Number' never displace the maker's numbers, digits alone", () => {
    const r = read([
      ['Index', 'Quantity', 'Part Number', 'Manufacturer Part Number', 'Description'],
      [1, 1, '1528-5980-ND', 5980, 'ADAFRUIT FEATHER RP2040'],
      [2, 2, '1528-1038-ND', 1982, 'MPR121 TOUCH SENSE 12-KEY'],
      [3, 1, '1528-4650-ND', 4650, 'FEATHERWING OLED'],
      [4, 1, '2830-ND', 2830, 'FEATHER STACKING HEADERS'],
    ]);
    expect(r.lines).toEqual([
      [2, '5980', 1],
      [3, '1982', 2],
      [4, '4650', 1],
      [5, '2830', 1],
    ]);
    expect(r.read.lines.map((l) => l.supplierPartNumbers)).toEqual([
      ['1528-5980-ND'],
      ['1528-1038-ND'],
      ['1528-4650-ND'],
      ['2830-ND'],
    ]);
  });

  test("EasyEDA's Device column of makers' numbers gives the parts; EAGLE's Device beside a Package does not", () => {
    const easyEda = read([
      ['No.', 'Quantity', 'Designator', 'Footprint', 'Value', 'Comment', 'Device'],
      ['1', 6, 'C1,C5,C6,C7,C19,C21', 'C0603', '10uF', '10uF', 'CL10A106KP8NNNC'],
      ['2', 1, 'L1', 'IND-SMD_L1.8-W1.1', '82nH', '82nH', 'AHW1608C-82NJTF'],
      ['3', 3, 'SW4,SW5,SW6', 'SW-TH_4P', '', 'TS665CJ', 'TS665CJ'],
      ['4', 1, 'U4', 'SOP-16', '', 'KT0803L', 'KT0803L'],
    ]);
    expect(easyEda.read.mapping.partNumber).toBe(6);
    expect(easyEda.lines.map(([, pn]) => pn)).toEqual(['CL10A106KP8NNNC', 'AHW1608C-82NJTF', 'TS665CJ', 'KT0803L']);
    const eagle = read([
      ['Qty', 'Value', 'Device', 'Package', 'Parts', 'Description', 'Footprint'],
      [2, '10k', 'R-EU_R0603', 'R0603', 'R1, R2', 'RESISTOR', 'R0603'],
      [1, 'ATMEGA32U4-AU', 'ATMEGA32U4-AU', 'TQFP44', 'U1', 'MCU', 'TQFP44'],
      [1, '16MHz', 'CRYSTAL-SMD-5X3.2', 'CRYSTAL-5X3', 'Y1', 'CRYSTAL', 'CRYSTAL-5X3'],
    ]);
    expect(eagle.read.mapping.partNumber).not.toBe(2);
  });

  test("a value, then a known maker and its number ('10M YAGEO RC1206JR-0710ML', 'MOLEX 105017 0001')", () => {
    const r = read([
      ['Id', 'Ref', 'Package', 'Qty', 'Value'],
      [23, 'R1', 'R_1206', 1, '10M YAGEO RC1206JR-0710ML'],
      [19, 'J2', 'USB_Micro-B_Molex-105017-0001', 1, 'MOLEX 105017 0001'],
      [32, 'U2', 'TQFP-32', 1, 'ATMEGA328P-AU'],
      [24, 'R2 R6', 'R_0805', 2, '220'],
      [22, 'Q3', 'SOT-23', 1, 'MMBTA42'],
    ]);
    expect(r.lines.slice(0, 3)).toEqual([
      [2, 'RC1206JR-0710ML', 1],
      [3, '105017 0001', 1],
      [4, 'ATMEGA328P-AU', 1],
    ]);
    expect(r.read.lines.slice(0, 2).map((l) => l.manufacturer)).toEqual(['YAGEO', 'MOLEX']);
  });

  test("a Japanese value column ('値/仕様') is the value column; values in capitals and a library's part with its package are no numbers", () => {
    const r = read([
      ['Reference', '品名/型番', '値/仕様', 'フットプリント', '数量'],
      ['C1, C2', 'セラミックコンデンサ', '47PF', 'C_Disc', '2'],
      ['IC2', 'デュアル OP アンプ NJM2904', 'NJM2904D', 'DIP-8', '1'],
      ['U3', 'レギュレータ', 'LP2950-3.3_TO92', 'TO-92', '1'],
      ['U4', 'PLL', 'Si5351_DIP8', 'DIP-8', '1'],
      ['Q1', 'トランジスタ', '2SC1815-GR', 'TO-92', '1'],
      ['R1', '抵抗', '100NF', 'R_Axial', '1'],
    ]);
    expect(r.read.mapping.partNumber).toBe(2);
    expect(r.lines).toEqual([
      [3, 'NJM2904D', 1],
      [6, '2SC1815-GR', 1],
    ]);
  });

  test("a number-shaped value where the maker's number is missing is the number when the row names its maker", () => {
    const r = read([
      ['Quantity', 'Designator', 'Comment', 'Footprint', 'Manufacturer', 'Manufacturer Part Number'],
      [1, 'U1', 'STM32L4R9ZIJ6', 'BGA144', 'ST', 'STM32L4R9ZIJ6'],
      [1, 'J2', '52892-1033', 'MOLX-52892-1033', 'Molex', null],
      [1, 'U10', 'LM3658SD', 'SDA10A', 'National Semiconductor', null],
      [1, 'J12', '104224-0820', '1042240820', null, null],
      [2, 'C1 C2', '220n', 'C0402', 'Murata', null],
    ]);
    expect(r.lines).toEqual([
      [2, 'STM32L4R9ZIJ6', 1],
      [3, '52892-1033', 1],
      [4, 'LM3658SD', 1],
    ]);
    // With no maker named, a number is the catalog's to judge; a value is no number.
    expect(r.skipped).toEqual([
      [5, 'incomplete', 1],
      [6, 'incomplete', 2],
    ]);
  });
});

describe('pads, holes and boards that are no parts to buy', () => {
  test('a debug pad and holes named in Chinese are PCB features', () => {
    const r = read([
      ['Comment', 'Description', 'Designator', 'Footprint', 'LibRef', 'Quantity'],
      ['DEBUG PAD', '调试断点焊盘', 'DE1, DE2, DE3, DE4', 'DEBUG_A', 'DEBUG', 4],
      ['STM32F405RGT6', 'MCU', 'U1', 'LQFP-64', 'STM32F405RGT6', 1],
      ['M3', '铜柱孔', 'T1, T2, T3, T4', 'M3 140X350', 'M3', 4],
      ['TPS54331DR', 'Buck', 'U2', 'SOIC-8', 'TPS54331DR', 1],
    ]);
    expect(r.lines).toEqual([
      [3, 'STM32F405RGT6', 1],
      [5, 'TPS54331DR', 1],
    ]);
    expect(r.skipped).toEqual([
      [2, 'not-purchase', null],
      [4, 'not-purchase', null],
    ]);
  });

  test("EasyEDA's Device: a header's library name and a board built on a chip are no makers' numbers", () => {
    const r = read([
      ['Comment', 'Category', 'Designator', 'Footprint', 'Device', 'Quantity'],
      ['', '连接器:排针', 'H2', 'HDR-TH_2P-P2.54-V-M-1', 'HDR-M_2.54_1x2P', 1],
      ['C20068939', '电路模块:开发板', 'U2', 'GD32E230C8T6最小系统', 'GD32E230C8T6最小系统板', 1],
      ['KT0803L', '', 'U4', 'SOP-16', 'KT0803L', 1],
      ['10uF', '', 'C1,C5', 'C0603', 'CL10A106KP8NNNC', 2],
      ['100nF', '', 'C2,C3,C4', 'C0603', 'CC0603KRX7R9BB104', 3],
      ['20k', '', 'R1,R2,R3', 'R0603', '0603WAF2002T5E', 3],
      ['1k', '', 'R4,R5,R6,R7', 'R0603', '0603WAF1001T5E', 4],
      ['10k', '', 'R8', 'R0603', '0603WAF1002T5E', 1],
    ]);
    expect(r.read.mapping.partNumber).toBe(4);
    expect(r.lines.map(([row, pn]) => [row, pn])).toEqual([
      [4, 'KT0803L'],
      [5, 'CL10A106KP8NNNC'],
      [6, 'CC0603KRX7R9BB104'],
      [7, '0603WAF2002T5E'],
      [8, '0603WAF1001T5E'],
      [9, '0603WAF1002T5E'],
    ]);
    expect(r.skipped).toEqual([
      [2, 'incomplete', 1],
      [3, 'incomplete', 1],
    ]);
  });
});

describe("makers' lists of robots and machines", () => {
  test("a CAD assembly's heading row is built, not bought; an object's copy number is no maker's number", () => {
    const r = read([
      ['Index', 'Name', 'Description', 'File Name', 'Quantity'],
      ['1', 'Assembly', '', 'CAD/Lower Axis.FCStd', '1'],
      ['1.1', '300mm 2040 Aluminum Extrusion', '', 'CAD/Lower Axis.FCStd', '6'],
      ['1.2', 'Linear Rail Carriage001', '', 'CAD/Lower Axis.FCStd', '4'],
      ['2', 'Baugruppe', '', 'CAD/Upper Axis.FCStd', '1'],
      ['2.1', 'NEMA 17 Stepper', '', 'CAD/Upper Axis.FCStd', '2'],
    ]);
    expect(r.lines).toEqual([]);
    expect(r.skipped).toEqual([
      [2, 'not-purchase', null],
      [3, 'incomplete', 6],
      [4, 'incomplete', 4],
      [5, 'not-purchase', null],
      [6, 'incomplete', 2],
    ]);
    expect(r.read.skipped[0].detail).toBe(
      'a sub-assembly\'s heading ("Assembly"): built from the rows under it, not bought',
    );
  });

  test('a board bought from a fab named alone ("Placa principal" from "PCBway") and parts printed in 3D in Spanish are no purchases', () => {
    const r = read([
      ['Artículo', 'Unidades', 'Coste/Unidad (€)', 'Enlace'],
      ['Placa principal', 1, 4.55, 'PCBway'],
      ['Soporte de motores impreso en 3D', 2],
      ['Batería LiPo 2S', 1, 2.86, 'eBay'],
      // A fab named as the shop of a thing that is no board: a purchase.
      ['Conector hembra', 2, 0.5, 'jlcpcb'],
    ]);
    expect(r.skipped).toEqual([
      [2, 'not-purchase', null],
      [3, 'not-purchase', null],
      [4, 'incomplete', 1],
      [5, 'incomplete', 2],
    ]);
  });

  test('of two sheets that read nearly alike (a priced list and the same list kept plainer) the earlier is taken', () => {
    const names = Array.from({ length: 20 }, (_, i) => `Pieza ${String.fromCharCode(65 + i)}`);
    const rows = (priced: boolean): Cell[][] => [
      priced ? ['Artículo', 'Unidades', 'Coste (€)', 'Enlace'] : ['Artículo', 'Unidades'],
      ...names.map((name, i) => (priced ? [name, i + 1, 1.5, `https://shop.example/${i}`] : [name, i + 1])),
      // Rows the plainer copy reads as lines where the priced one knows better (a board from its fab).
      ...(priced
        ? []
        : [
            ['Placa principal', 1],
            ['Placa de sensores', 1],
            ['Placa de motores', 1],
          ]),
    ];
    const bom = judgeSheet('BOM', 0, rows(true));
    const list = judgeSheet('Lista_de_componentes', 1, rows(false));
    expect(list.score).toBeGreaterThan(bom.score);
    expect(chooseBomSheet([bom, list]).chosen.name).toBe('BOM');
  });
});

describe('lists that go on past a blank row, and parts made in house', () => {
  test('a blank row between blocks of things named in words does not end a list whose part column names them', () => {
    const r = read([
      ['Part', 'Description', 'Distributor', 'Qty', 'Price'],
      ['USB to TTL and RS485', 'Communication with Client', '[4]', 1, 5],
      ['Littelfuse 0997002.WXN', 'MINI 997, 2A', '[5]', 1, 0.63],
      [],
      ['Ceramic Capacitor 0.1uF', 'for DC Motors', '[5]', 4, 0.15],
      ['DC Motor 12V', '50:1 Metal Gearmotor', '[1]', 2, 23],
      [],
      ['Prices from 2020'],
    ]);
    expect(r.lines).toEqual([[3, '0997002.WXN', 1]]);
    expect(r.skipped.filter((x) => x[1] === 'incomplete')).toEqual([
      [2, 'incomplete', 1],
      [5, 'incomplete', 4],
      [6, 'incomplete', 2],
    ]);
  });

  test("a part made by one's own workshop is no purchase", () => {
    const r = read([
      ['Part number', 'Vendor', 'Description', 'Qty'],
      ['LMR-9', 'Thorlabs', 'Lens mount', 2],
      ['Galvomount-Left', 'Mechanical Workshop', 'Mount for the scanner', 1],
      ['Base plate', 'in-house', 'Aluminium plate', 1],
    ]);
    expect(r.lines).toEqual([[2, 'LMR-9', 2]]);
    expect(r.skipped).toEqual([
      [3, 'not-purchase', null],
      [4, 'not-purchase', null],
    ]);
  });
});

describe("what this stop's rules leave alone", () => {
  test("a multiplier named for a price or a unit multiplies nothing; a requisition's number is no count", () => {
    expect(
      read([
        ['MPN', 'Qty', 'Price multiplier'],
        ['LM358DR', 2, 3],
      ]).lines,
    ).toEqual([[2, 'LM358DR', 2]]);
    expect(
      read([
        ['MPN', 'Qty', 'Unit multiplier'],
        ['LM358DR', 2, 1000],
      ]).lines,
    ).toEqual([[2, 'LM358DR', 2]]);
    const req = read([
      ['Item', 'Description', 'MPN', 'Req #'],
      ['1', 'op amp', 'LM358DR', 45120],
    ]);
    expect(req.read.mapping.quantity).toBeUndefined();
    expect(req.lines).toEqual([[2, 'LM358DR', 1]]);
    expect(
      read([
        ['MPN', 'Number of boards required'],
        ['LM358DR', 10],
      ]).read.mapping.quantity,
    ).toBeUndefined();
  });

  test("a module named by its own number and a board-side connector keep their numbers; EAGLE's Device beside a Footprint stays a library's", () => {
    expect(
      read([
        ['型号', '数量'],
        ['ESP32-WROOM-32E模块', 1],
        ['SM04B-GHS-TB板端插座', 2],
      ]).lines,
    ).toEqual([
      [2, 'ESP32-WROOM-32E', 1],
      [3, 'SM04B-GHS-TB', 2],
    ]);
    const eagle = read([
      ['Qty', 'Value', 'Device', 'Footprint', 'Description'],
      [2, '10k', 'R-EU_R0603', 'R0603', 'RES'],
      [1, 'LM358', 'LM358D', 'SO8', 'OPAMP'],
      [1, '', 'PINHD-1X2', '1X02', 'HDR'],
      [1, '', 'C-EUC0603', 'C0603', 'CAP'],
    ]);
    expect(eagle.read.mapping.partNumber).not.toBe(2);
  });

  test("a value with its rating, or a screw's size, beside a maker is no maker's number", () => {
    const r = read([
      ['Ref', 'Comment', 'Manufacturer', 'MPN'],
      ['C1', '10uF-25V', 'Murata', ''],
      ['R9', '10K_NTC_3950', 'Semitec', ''],
      ['J2', '52892-1033', 'Molex', ''],
    ]);
    expect(r.lines).toEqual([[4, '52892-1033', 1]]);
  });
});

describe('what the rules of these rounds leave alone', () => {
  test('a pack size is no count: "Pieces per tube", "Items per tray"; a count named so comes first', () => {
    const tube = read([
      ['MPN', 'Description', 'Pieces per tube'],
      ['LM358N', 'opamp', 50],
    ]);
    expect(tube.read.mapping.quantity).toBeUndefined();
    const both = read([
      ['Manufacturer Part Number', 'Description', 'Items per tray', 'Order Qty'],
      ['LM358N', 'opamp', 50, 2],
      ['NE555P', 'timer', 50, 1],
    ]);
    expect(both.lines).toEqual([
      [2, 'LM358N', 2],
      [3, 'NE555P', 1],
    ]);
  });

  test("a value's words are never cut from a package or grade, a size or a kind's name", () => {
    const rows: Cell[][] = [
      ['Comment', 'Designator', 'Footprint', 'LCSC Part #'],
      ['100nF', 'C1', 'C_0603', 'C14663'],
      ['10k', 'R1', 'R_0603', 'C25804'],
      ['LM358DR', 'U1', 'SOIC-8', 'C7950'],
      ['NE555DR', 'U2', 'SOIC-8', 'C7593'],
      ['ATMEGA328P AU', 'U3', 'TQFP-32', ''],
      ['IRF540N PBF', 'Q1', 'TO-220', ''],
      ['128x64 OLED', 'DS1', 'OLED', ''],
      ['USB3.0 CONNECTOR', 'J2', 'USB', ''],
    ];
    const parts = read(rows).lines.map(([, part]) => part);
    for (const cut of ['ATMEGA328P', 'IRF540N', '128x64', 'USB3.0']) expect(parts).not.toContain(cut);
  });

  test('a test point a maker makes on a pad footprint is bought; numbers counting from 5010 are parts', () => {
    const pads = read([
      ['Ref', 'Value', 'Footprint', 'Manufacturer', 'MPN', 'Qty'],
      ['TP4,TP5', 'TestPoint', 'Measurement_Points:Measurement_Point_Round-SMD-Pad_Big', 'Keystone', '5015', 2],
    ]);
    expect(pads.lines).toEqual([[2, '5015', 2]]);
    const keystone = read([
      ['Ref', 'Part Number', 'Qty', 'Manufacturer', 'Description'],
      ['TP1', '5010', 1, 'Keystone', 'test point red'],
      ['TP2', '5011', 1, 'Keystone', 'test point black'],
      ['TP3', '5012', 1, 'Keystone', 'test point white'],
      ['TP4', '5013', 1, 'Keystone', 'test point yellow'],
    ]);
    expect(keystone.read.mapping.partNumber).toBe(1);
  });

  test("a value with its package size under a shop's name is no shop code ('100K0805')", () => {
    const r = read([
      ['Description', 'Qty', 'Digikey'],
      ['resistor', 2, '100K0805'],
      ['resistor', 1, '330R0805'],
    ]);
    expect(r.lines).toEqual([]);
  });
});

test("a note in brackets after a part-number column's name is no part of it; after a count's, it says what is counted", () => {
  const parts = read([
    ['Part (50pcs)', 'Farnell', 'Comment'],
    ['MCP1700T-3302E/TT', 1.7, 'regulator'],
    ['STM32F042C6U6', 6, 'MCU'],
    ['SN65HVD232D', 7, 'transceiver'],
    ['1u', 0.05, ''],
    ['10n', 0.04, ''],
    ['100n', 0.03, ''],
  ]);
  expect(parts.read.headerRow).toBe(0);
  expect(parts.read.mapping.partNumber).toBe(0);
  // Named by its header, not guessed from its cells.
  expect(parts.read.mappingSource).toBe('header');
  expect(parts.read.inferredFields).not.toContain('partNumber');
  const spares = read([
    ['MPN', 'Description', 'Qty (spares)', 'Qty'],
    ['GRM188R71H104KA93D', '100nF', 5, 2],
    ['LM358DR', 'opamp', 0, 1],
  ]);
  expect(spares.lines).toEqual([
    [2, 'GRM188R71H104KA93D', 2],
    [3, 'LM358DR', 1],
  ]);
});

test("a maker and its number typed in each other's columns are read the other way round; a maker's own number stays", () => {
  const r = read([
    ['Qty', 'Reference', 'Value', 'MPN', 'Manufacturer'],
    [1, 'BZ1', 'Buzzer', 'CUI', 'CMI-9655S-SMT-TR'],
    [1, 'Q1', 'NUD3124', 'OnSemi', 'NUD3124LT1G'],
    [1, 'U1', 'MCP9600', 'MCP9600-E/MX', 'Microchip'],
  ]);
  expect(r.lines).toEqual([
    [2, 'CMI-9655S-SMT-TR', 1],
    [3, 'NUD3124LT1G', 1],
    [4, 'MCP9600-E/MX', 1],
  ]);
  expect(r.read.lines.map((l) => l.manufacturer)).toEqual(['CUI', 'OnSemi', 'Microchip']);
});

describe('round 21: remarks that say not fitted, a column of LCSC codes under no name, and copper of the card', () => {
  test('"nicht bestücken" (do not fit) in a remarks column marks the line, alone or ending a longer remark', () => {
    const r = read([
      ['Qty', 'Value', 'Parts', 'MPN', 'Bemerkung'],
      [1, '', 'JP1', 'RJHSE-5080', 'nicht bestücken'],
      [2, '', 'LED1, LED2', 'HLMP-Y502-F0000', "nicht bestücken, Alternative zu SMD LED's"],
      [1, '', 'K4', '66200621122', 'Alternative Molex Anschluss Temperatur und Spannung Akku, nicht bestücken'],
      [1, '10k', 'R1', 'RC0603FR-0710KL', 'Zubehör Anschluss der Platine'],
      [
        1,
        '10k',
        'R2',
        'RC0603FR-0710KL',
        'Fitted on all boards. Earlier builds (rev 1.0 and 1.1) shipped with this position DNP',
      ],
      [
        1,
        '10k',
        'R3',
        'RC0603FR-0710KL',
        'Populate for the 5V variant; for the 3.3V variant leave it as is, never DNP',
      ],
    ]);
    // A long remark marks the row only where its last clause is the mark alone.
    expect(r.lines).toEqual([
      [5, 'RC0603FR-0710KL', 1],
      [6, 'RC0603FR-0710KL', 1],
      [7, 'RC0603FR-0710KL', 1],
    ]);
    expect(r.skipped.map((s) => s.slice(0, 2))).toEqual([
      [2, 'dnp'],
      [3, 'dnp'],
      [4, 'dnp'],
    ]);
  });

  test('a column of LCSC codes named only "Column1" is LCSC\'s: its lines are listed with the code, never looked up; a remark in it is no code', () => {
    const r = readBom([
      ['Qty', 'Value', 'Device', 'Package', 'Parts', 'Column1'],
      [24, '0.1uF', 'C-EUC0603', 'C0603', 'C1  C2  C3', 'C14663'],
      [4, '100K', 'RESISTOR_0603', '0603-NO', 'R1  R3', 'C25803'],
      [1, '10118192-0002LF', '10118192-0002LF', 'AMPHENOL_10118192-0002LF', 'J1', 'C132564'],
      [1, 'CH340C', 'CH340C', 'SOIC16', 'U1', 'C84681'],
      [1, 'KMR2', 'KMR2', 'KMR2', 'S1', 'BOTTOM PART'],
    ]);
    expect(r.mapping.partNumber).toBe(1);
    expect(r.supplierColumns).toEqual([5]);
    // Looked up by no LCSC code and by no remark: the values that are makers' numbers are, the rest wait for one.
    expect(r.lines.map((l) => l.partNumber)).not.toContain('C14663');
    expect(r.lines.map((l) => l.partNumber)).not.toContain('BOTTOM PART');
    expect(r.lines.map((l) => l.partNumber)).toContain('10118192-0002LF');
    const listed = r.skipped.filter((s) => s.reason === 'incomplete').map((s) => s.detail);
    expect(listed.some((d) => d.includes('LCSC C14663'))).toBe(true);
    // Another shop's codes in such a column are still codes, looked up as they are; remarks in it are none.
    const mixed = readBom([
      ['Value', 'Designator', 'Supplier Part Number'],
      ['10k', 'R1', 'C25804'],
      ['1k', 'R2', 'C21190'],
      ['STM32', 'U1', 'C8734'],
      ['Adafruit part', 'U2', '1528-5980-ND'],
    ]);
    expect(mixed.lines.map((l) => l.partNumber)).toContain('1528-5980-ND');
    const details = mixed.skipped.map((s) => s.detail).join(' | ');
    expect(details).not.toContain('LCSC 1528');
    // A capacitor's footprint (C0603, C0402; metric C1608) is no LCSC code.
    const altium = readBom([
      ['Comment', 'Designator', 'Footprint', 'Quantity', 'Manufacturer Part Number 1'],
      ['100nF', 'C1, C2', 'C0402', 2, 'GRM155R71C104KA88D'],
      ['10uF', 'C3', 'C0805', 1, 'GRM21BR61A106KE19L'],
    ]);
    expect(altium.supplierColumns).toEqual([]);
  });

  test("a shop named in a row's text with its code after it gives the code to look up, where no column gives a part", () => {
    const r = read([
      ['refdes', 'device', 'value', 'description', 'qty'],
      ['U101', 'ISO124', '-', '$16.42 MOUSER 595-ISO124P', 1],
      ['C101,C102', 'CAPACITOR', '100uF', 'Digi-Key: 399-3752-1-ND (or any 100uF)', 2],
      ['SW1', 'SWITCH', '-', 'Mouser 612-TL1105SP-250, or any 6 mm tact switch', 1],
      ['R1', 'RESISTOR', '10k', 'RS-485 termination', 1],
      ['R2', 'RESISTOR', '10k', 'Use TME 2020 catalogue; Conrad: rev2 layout', 1],
      ['R3', 'RESISTOR', '10k', 'bought at Mouser 2pcs, Farnell 0.35EUR, Newark 2023-04-12', 1],
      ['U2', 'ADC', '-', '$9.80 MOUSER LTC2440CGN#PBF-ND', 1],
    ]);
    expect(r.lines).toEqual([
      [2, '595-ISO124P', 1],
      [3, '399-3752-1-ND', 2],
      [4, '612-TL1105SP-250', 1],
      [8, 'LTC2440CGN#PBF-ND', 1],
    ]);
    // Words after a shop's name are no code of its shape ("RS-485", "TME 2020", "Mouser 2pcs", a price, a date):
    // those rows wait for a part number. A Digi-Key number is one by its shape, whatever shop it follows.
    expect(r.skipped.map((s) => s.slice(0, 2))).toEqual([
      [5, 'incomplete'],
      [6, 'incomplete'],
      [7, 'incomplete'],
    ]);
  });

  test('made by "any" maker: a kind, a value with ratings or a resistance alone is no maker\'s number; a type stays', () => {
    const r = read([
      ['Ref Des', 'Qty', 'Manufacturer', 'Mfg Part #', 'Description / Value'],
      ['U1-U5', 5, 'onsemi', 'MOCD223M', 'Optocoupler'],
      ['Y1', 1, 'any', 'Crystal 8.000Mhz', '8Mhz'],
      ['C3', 1, 'any', '15/22uF 35v', 'Tantalum Capacitor'],
      ['R23-R27', 5, 'any', '330', 'Resistor'],
      ['D1-D10', 10, 'any', '1N4148WS', 'Diode'],
      ['U2', 1, 'Adafruit', '500', 'Solar panel'],
      ['U3', 1, 'any', '7805', 'Regulator'],
    ]);
    // A type number by any maker stays one (7805); a resistance alone is one beside a resistor only.
    expect(r.lines).toEqual([
      [2, 'MOCD223M', 5],
      [6, '1N4148WS', 10],
      [7, '500', 1],
      [8, '7805', 1],
    ]);
    expect(r.skipped.map((s) => s.slice(0, 2))).toEqual([
      [3, 'incomplete'],
      [4, 'incomplete'],
      [5, 'incomplete'],
    ]);
  });

  test('"Part number/value": makers\' numbers and values in one column, each row judged as a value column\'s', () => {
    const r = read([
      ['Designator', 'Quantity', 'Type', 'Part number/value', 'Price/part'],
      ['C1,C2,C3', 3, '1206 SMD Ceramic capacitor', '100nF', '0,008 €'],
      ['U3', 1, 'Voltage regulator', 'AMS1117-3.3', '0,028 €'],
      ['U1', 1, 'Microcontroller', 'ATMEGA328P-AU', '1,088 €'],
    ]);
    expect(r.read.mapping.partNumber).toBe(3);
    expect(r.lines).toEqual([
      [3, 'AMS1117-3.3', 1],
      [4, 'ATMEGA328P-AU', 1],
    ]);
    expect(r.skipped.map((s) => s.slice(0, 2))).toEqual([[2, 'incomplete']]);
  });

  test("a logo, unplated holes and a card's bus fingers listed as parts are copper and holes of the board", () => {
    const r = read([
      ['Item', 'Qty', 'Reference(s)', 'Value', 'Footprint', 'Manufacturer No'],
      [1, 1, 'LOGO1', 'OPEN_HARDWARE_1', 'Symbol_OSHW-Logo_SilkScreen', ''],
      [2, 4, 'U24, U30, U31, U32', 'non_plated', 'non_plated_3mm', ''],
      [3, 1, 'J5', 'Conn_ISA_8bit', 'Conn:BUS_PC_8BIT', ''],
      [5, 1, 'U2', 'ESP-12E', 'ESP8266 ESP-12E module, 22 pins, 2mm, PCB antenna', ''],
      [6, 1, 'J7', 'USB-C', 'USB-C receptacle, non-plated pegs', ''],
      [4, 1, 'U1', 'LM358', 'SOIC-8', 'LM358DR'],
    ]);
    expect(r.lines).toEqual([
      [5, 'ESP-12E', 1],
      [7, 'LM358DR', 1],
    ]);
    // A module listing its own PCB antenna is the module, bought; a part with "non-plated pegs" waits for its number.
    expect(r.skipped.map((s) => s.slice(0, 2))).toEqual([
      [2, 'not-purchase'],
      [3, 'not-purchase'],
      [4, 'not-purchase'],
      [6, 'incomplete'],
    ]);
  });
});

describe('round 23: headers in Traditional Chinese, Korean and Vietnamese; positions marked N.C.', () => {
  test('a list headed 品項 | 數量 | 用途, 부품명 | 수량 | 비고 or Tên linh kiện | Số lượng | Ghi chú is read, each line with its count', () => {
    for (const header of [
      ['品項', '數量', '用途'],
      ['부품명', '수량', '비고'],
      ['Tên linh kiện', 'Số lượng', 'Ghi chú'],
    ]) {
      const r = readBom([header, ['Arduino Uno R3', 1, 'MCU'], ['LM358DR', 2, 'op amp']]);
      expect(r.mapping.quantity).toBe(1);
      expect(r.mapping.description).toBe(0);
      const counts = [...r.lines.map((l) => l.quantityPerBoard), ...r.skipped.map((s) => s.quantityPerBoard ?? 0)];
      expect(counts.sort()).toEqual([1, 2]);
    }
  });

  test('"N.C." (not connected) alone in a part-name column marks the row not placed, order codes or not', () => {
    const r = read([
      ['#', 'Qty', 'Part name', 'Package', 'Reference designator', 'Part Number'],
      [1, 1, 'MMBT5401', 'SOT-23', 'Q2', 'MMBT5401LT3G'],
      [null, 1, 'N.C.', '0805', 'C40', 'MC0805N471J500CT'],
      [null, 2, 'N.C.', '0805', 'R28, R51', ''],
    ]);
    expect(r.lines).toEqual([[2, 'MMBT5401LT3G', 1]]);
    expect(r.skipped.map((s) => s.slice(0, 2))).toEqual([
      [3, 'dnp'],
      [4, 'dnp'],
    ]);
  });
});

test('a Markdown page of tables under headings, each with the same header and its rule, is one list', () => {
  const text = [
    '# Workshop parts',
    '',
    '## Boards',
    '',
    '| Description | Qty | Use |',
    '|------|-----|-----|',
    '| Arduino Uno R3 | 1 | controller |',
    '| USB cable A-B | 1 | power |',
    '',
    '## Sensors',
    '',
    '| Description | Qty | Use |',
    '|------|-----|-----|',
    '| DHT22 module | 2 | humidity |',
    '| HC-SR04 module | 1 | distance |',
    '',
  ].join('\n');
  const r = readBom(parseDelimited(text).cells);
  const listed = [
    ...r.lines.map((l) => l.row),
    ...r.skipped.filter((s) => s.reason === 'incomplete').map((s) => s.row),
  ];
  // Rows 7, 8, 14 and 15 of the page (0-based 6, 7, 13, 14): both sections' things, each with its count.
  expect(listed.sort((a, b) => a - b)).toEqual([6, 7, 13, 14]);
});

test("positions in a column per side of the board (JLCPCB's parts-matching export) are counted together", () => {
  const r = read([
    ['Comment', 'topDesignator', 'bottomDesignator', 'Footprint', 'JLCPCB Part #', 'MFR Part #', 'Manufacturer'],
    ['100nF', 'C1,C2,C3', 'C40,C41', 'C0402', 'C307331', 'CL05B104KO5NNNC', 'Samsung'],
    ['100', '', 'R17,R19,R20', 'R0201', 'C270366', '0201WMF1000TEE', 'UNI-ROYAL'],
    ['10k', 'R1', '', 'R0402', 'C25744', '0402WGF1002TCE', 'UNI-ROYAL'],
  ]);
  expect(r.lines).toEqual([
    [2, 'CL05B104KO5NNNC', 5],
    [3, '0201WMF1000TEE', 3],
    [4, '0402WGF1002TCE', 1],
  ]);
  expect(r.read.lines[0].designators).toEqual(['C1', 'C2', 'C3', 'C40', 'C41']);
});

test("a README's parts table under a page of prose and a small specification table is found", () => {
  const prose = Array.from({ length: 30 }, (_, i) => (i % 3 === 2 ? '' : `Paragraph ${i} about the project.`));
  const text = [
    '# Weather node',
    ...prose,
    '| Item | Value |',
    '|------|-------|',
    '| MCU | ESP32 |',
    '| Supply | 5 V over USB |',
    '',
    '## Parts',
    '',
    '| Part | Qty | Manufacturer | MPN |',
    '|------|-----|--------------|-----|',
    '| LDO 3.3 V | 2 | Diodes Inc | AP2112K-3.3TRG1 |',
    '| Sensor | 1 | Bosch | BME280 |',
  ].join('\n');
  const r = readBom(parseDelimited(text).cells);
  expect(r.headerRow).toBe(38);
  expect(r.lines.map((l) => [l.partNumber, l.quantityPerBoard])).toEqual([
    ['AP2112K-3.3TRG1', 2],
    ['BME280', 1],
  ]);
});

describe('round 24: Ukrainian and Czech headers, TME links, numbers after a value, purchase lists by model', () => {
  test('a purchase list headed Model | Units | Supplier buys by its models, Units the count', () => {
    const r = read([
      ['Model', 'Units', 'Supplier', 'Com'],
      ['RP2040', 1, 'LXKW Store', 'N/A'],
      ['Coin DC Motor', 1, 'Good IC Family', 'N/A'],
      ['OLED Screen', 1, 'Steren', 'In Mexico'],
      ['W25Q16JVUXIQ', 2, 'LXKW Store', 'N/A'],
      ['SMD Capacitor 0805', 9, 'Aliexpress', 'values to follow'],
    ]);
    expect(r.lines).toEqual([
      [2, 'RP2040', 1],
      [5, 'W25Q16JVUXIQ', 2],
    ]);
    expect(r.skipped.map((s) => s.slice(0, 2))).toEqual([
      [3, 'incomplete'],
      [4, 'incomplete'],
      [6, 'incomplete'],
    ]);
  });

  test('a Ukrainian KiCad list (К-сть | Ідентифікатор | Значення) is read, its designators counted', () => {
    const r = read([
      ['К-сть', 'Ідентифікатор', 'Значення', 'Ціна', '+Батарея', 'Посилання'],
      ['1', 'U3', 'TLV1117LV33DCYR', '25', '', 'https://example.ua/tlv1117'],
      ['2', 'C2, C3', '10uF', '3', '', ''],
      ['1', 'J3, ', 'Bat', '', '40', ''],
    ]);
    expect(r.lines).toEqual([[2, 'TLV1117LV33DCYR', 1]]);
    expect(r.skipped).toEqual([
      [3, 'incomplete', 2],
      [4, 'incomplete', 1],
    ]);
    expect(r.read.lines[0].designators).toEqual(['U3']);
  });

  test('a Czech Markdown list: counts in "Ks", values with ratings no part, TME links in Markdown giving the symbol', () => {
    const text = [
      '| Pocet | Popis | Hodnota | Pozice | Odkaz |',
      '|:------|-------|--------:|--------|-------|',
      '| 2 Ks | Modul | DRV8825 | M1,M2 | [TME](http://www.tme.eu/cz/details/pololu-2133/moduly/) |',
      '| 2 Ks | Kondenzator | 1M 16V X7R | C3,C4 | [TME](http://www.tme.eu/cz/details/cl21b105kofnnng/mlcc/) |',
      '| 5 szt. | Rezistor | 10k | R1-R5 | |',
    ].join('\n');
    const r = readBom(parseDelimited(text).cells);
    expect(r.lines.map((l) => [l.row + 1, l.partNumber, l.quantityPerBoard])).toEqual([
      [3, 'DRV8825', 2],
      [4, 'CL21B105KOFNNNG', 2],
    ]);
    // The rule under the header (its alignment colons too) is no line; the resistor has a count and no part.
    expect(r.skipped.map((s) => [s.row + 1, s.reason, s.quantityPerBoard ?? null])).toEqual([
      [2, 'no-part-number', null],
      [5, 'incomplete', 5],
    ]);
  });

  test("a value or a kind, then the maker's number, in a value column: the number; a pin grid or a rating is none", () => {
    const r = read([
      ['Qty', 'Reference(s)', 'Value', 'Mfr', 'Mfr No.'],
      [5, 'C1, C4, C6, C7, C8', '100nF 885012207016', '', ''],
      [3, 'C2, C3, C11', '10uF CL21A106KPFNNNF', '', ''],
      [4, 'D1, D2, D3, D4', 'LED LTL-1224A', '', ''],
      [2, 'J1, J2', 'Header 14X2A', '', ''],
      [2, 'C9, C10', '10uF 25V', '', ''],
    ]);
    expect(r.lines).toEqual([
      [2, '885012207016', 5],
      [3, 'CL21A106KPFNNNF', 3],
      [4, 'LTL-1224A', 4],
    ]);
    expect(r.skipped.map((s) => s.slice(0, 2))).toEqual([
      [5, 'incomplete'],
      [6, 'incomplete'],
    ]);
  });
});

describe('round 24, as a review tried them: what the new rules must not take', () => {
  test('a value with a dielectric, package, pitch, size or count glued on is no part number after it', () => {
    const values = [
      '100nF X7R0805',
      '100nF 0402X7R',
      '4.7uF 0805_X5R',
      '1uF 16V_X5R',
      '10uF 10V0805',
      '22pF COG0402',
      '100nF C0G/NP0',
      'LED Red0805',
      'Crystal 8MHz_HC49',
      'Crystal HC-49S',
      'Header 40pin',
      'Header 2x5pin',
      'Wire 22AWG',
      'Cap Elko100uF',
      'Fuse PTC1206',
      'Screw M3x10',
      'Jack 3.5mm',
      'Conn XH2.54',
      'Terminal 2P5.08',
      'Header 14X2A',
      '16MHz AECQ200',
    ];
    expect(values.filter((v) => numberAfterValueOrKind(v) !== null)).toEqual([]);
    expect(numberAfterValueOrKind('Diode S1M-13-F')).toEqual({ partNumber: 'S1M-13-F', manufacturer: '' });
  });

  test('"Model" beside designators is a simulation or 3D model, no part number; "Units" of "ea" is no count', () => {
    const spice = read([
      ['Ref', 'Value', 'Footprint', 'Model', 'Qty'],
      ['R1', 'RC0603FR-0710KL', 'R_0603', 'R', 1],
      ['Q1', '2N7002', 'SOT-23', 'NMOS', 1],
      ['U1', 'LM358DR', 'SOIC-8', 'LM358.lib', 1],
    ]);
    expect(spice.lines).toEqual([
      [2, 'RC0603FR-0710KL', 1],
      [3, '2N7002', 1],
      [4, 'LM358DR', 1],
    ]);
    const units = read([
      ['MPN', 'Description', 'Units'],
      ['RC0603FR-0710KL', 'resistor', 'ea'],
      ['LM358DR', 'op amp', 'ea'],
    ]);
    expect(units.lines).toEqual([
      [2, 'RC0603FR-0710KL', 1],
      [3, 'LM358DR', 1],
    ]);
  });

  test("pages of Adafruit's and TME's sites that are no product name no part", () => {
    expect(partFromProductLink('https://blog.adafruit.com/2020/01/01/products/1234')).toBeNull();
    expect(partFromProductLink('https://io.adafruit.com/products/123')).toBeNull();
    expect(partFromProductLink('https://www.tme.eu/en/news/details/new-products-2024/')).toBeNull();
  });

  test('a header under sixty rows of a megabyte each is found, the long rows passed over whole', () => {
    const prose = 'word '.repeat(200_000);
    const r = readBom([['Title'], ...Array.from({ length: 60 }, () => [prose]), ['MPN', 'Qty'], ['LM358DR', 2]]);
    expect(r.lines.map((l) => [l.partNumber, l.quantityPerBoard])).toEqual([['LM358DR', 2]]);
  });
});

test('a Markdown parts table after pages of prose with commas is split at its pipes, its Portuguese header read', () => {
  // Prose as a page has it: sentences of any length, some with commas, most without.
  const prose = Array.from({ length: 80 }, (_, i) =>
    i % 4 === 0 ? `- **Item ${i}:** uma frase, com ${'vírgulas, '.repeat(i % 7)}e mais.` : `Texto ${i} sem vírgula.`,
  );
  const text = [
    '# Fonte',
    ...prose,
    '### Componentes Eletrônicos',
    '| Quantidade | Componentes | Especificações | Valor |',
    '| --- | --- | --- | --- |',
    '| 1 | [Ponte Retificadora](https://example.com.br/ponte-kbpc3510) | KBPC3510 | R$ 12,25 |',
    '| 4 | [Resistor 2k2](https://example.com.br/resistor-2k2) | 2200 Ω 1/4W | R$ 0,06 |',
  ].join('\n');
  const parsed = parseDelimited(text);
  expect(parsed.delimiter).toBe('|');
  const r = readBom(parsed.cells);
  expect(r.headerRow).toBe(82);
  expect(r.skipped.filter((s) => s.reason === 'incomplete').map((s) => [s.row + 1, s.quantityPerBoard])).toEqual([
    [85, 1],
    [86, 4],
  ]);
});

describe('a Markdown table that is no table of the file', () => {
  test('a CSV whose note holds a table in a quoted field stays a CSV, every line read', () => {
    const rows = ['Designator,Qty,Manufacturer,MPN,Description,Notes'];
    for (let i = 1; i <= 20; i++) rows.push(`R${i},1,Yageo,RC0603FR-07${i}KL,Resistor,`);
    rows.push('U1,1,TI,LM358DR,Op amp,"Pinout:\n| Pin | Signal |\n|-----|--------|\n| 1 | VCC |\n| 2 | GND |"');
    for (let i = 1; i <= 20; i++) rows.push(`C${i},1,Murata,GRM188R71H104KA93D,Capacitor,`);
    const parsed = parseDelimited(rows.join('\n'));
    expect(parsed.delimiter).toBe(',');
    expect(readBom(parsed.cells).lines).toHaveLength(41);
  });

  test('a rule needs a header and a row of as many cells; lines of spaces around dashes cost one pass each', () => {
    expect(holdsPipeTable('| Part | Qty |\n|---|---|\n| LM358DR | 2 |')).toBe(true);
    expect(holdsPipeTable('Part|Alt|Alt2\n---|---\nR1|RC0603FR-0710KL|')).toBe(false);
    const hostile = Array.from({ length: 200 }, () => `${' '.repeat(660)}---|---${' '.repeat(1330)}x`).join('\n');
    expect(holdsPipeTable(`Title\n${hostile}`)).toBe(false);
  });
});
