/**
 * The kinds of real export the reader meets beyond English CAD tools: headers in other languages and over several
 * rows, a part named in a value-like column on some rows, decorated part numbers, placeholder designators,
 * distributor-only lines, rows that are no purchases, DNP written in a value, and lists with no part-number column.
 * Made-up tables, one per kind; the real exports are in the corpus tests.
 */
import { type Cell, readBom } from '../../src/bom';
import { chooseBomSheet, judgeSheet, nameSaysNotBom, sheetChoiceWords } from '../../src/bom/sheets';
import { translateHeader, repairMojibake } from '../../src/bom/header-languages';
import { matchHeader } from '../../src/bom/header-words';
import { parseQuantity } from '../../src/bom/quantity';
import { partFromProductLink } from '../../src/bom/product-links';

const parts = (rows: Cell[][]) => {
  const r = readBom(rows);
  return {
    lines: r.lines.map((l) => [l.row + 1, l.partNumber, l.quantityPerBoard]),
    skipped: r.skipped.map((s) => [s.row + 1, s.reason]),
    read: r,
  };
};

describe('headers in other languages', () => {
  test.each([
    ['位号', 'designators'],
    ['元件位号', 'designators'],
    ['数量', 'quantity'],
    ['物料数量', 'quantity'],
    ['型号', 'partNumber'],
    ['制造商型号', 'partNumber'],
    ['制造商', 'manufacturer'],
    ['品牌', 'manufacturer'],
    ['部品番号', 'partNumber'],
    ['型番', 'partNumber'],
    ['個数', 'quantity'],
    ['1台あたり必要個数', 'quantity'],
    ['メーカー', 'manufacturer'],
    ['不贴', 'dnp'],
    ['Menge', 'quantity'],
    ['Stückzahl', 'quantity'],
    ['Hersteller', 'manufacturer'],
    ['Bezeichnung', 'description'],
    ['Qté', 'quantity'],
    ['Quantité', 'quantity'],
    ['Repère', 'designators'],
    ['Référence fabricant', 'partNumber'],
    ['Fabricant', 'manufacturer'],
    ['Désignation', 'description'],
    ['Cantidad', 'quantity'],
    ['Fabricante', 'manufacturer'],
    ['Quantità', 'quantity'],
    ['Bauteil', 'description'],
    ['Ilość', 'quantity'],
    ['Quantidade', 'quantity'],
    ['Producent', 'manufacturer'],
    ['Кол-во', 'quantity'],
    ['Поз. обозначение', 'designators'],
    ['Производитель', 'manufacturer'],
    ['Наименование', 'description'],
  ])('%s names the %s', (header, field) => {
    expect(matchHeader(header)?.field).toBe(field);
  });

  test("a shop code column is someone else's number, never the maker's part number", () => {
    expect(matchHeader('立创编号')?.field).not.toBe('partNumber');
    expect(matchHeader('Bestellnummer')?.field).not.toBe('partNumber');
  });

  test('a one-letter slip in a long header word is read through; short words are not guessed', () => {
    expect(matchHeader('CANTINDAD')?.field).toBe('quantity');
    expect(matchHeader('Quantitiy')?.field).toBe('quantity');
    expect(matchHeader('Qyt')).toBeNull();
  });

  test('header text written in UTF-8 and read as Windows-1252 is put right before it is read', () => {
    expect(repairMojibake('StÃ¼ckzahl')).toBe('Stückzahl');
    expect(repairMojibake('Stückzahl')).toBe('Stückzahl');
    expect(translateHeader('Qty')).toBe('Qty');
  });

  test('a Chinese BOM is read: designators, quantity, model number and maker; 不贴 marks a line not placed', () => {
    const r = parts([
      ['序号', '位号', '数量', '型号', '封装', '制造商', '备注'],
      [1, 'C1,C2', 2, 'CL10A106KP8NNNC', '0603', 'Samsung', ''],
      [2, 'U1', 1, 'STM32F103C8T6', 'LQFP-48', 'ST', ''],
      [3, 'R9', 1, '0603WAF1002T5E', '0603', 'UNI-ROYAL', '不贴'],
    ]);
    expect(r.lines).toEqual([
      [2, 'CL10A106KP8NNNC', 2],
      [3, 'STM32F103C8T6', 1],
    ]);
    expect(r.skipped).toEqual([[4, 'dnp']]);
  });

  test('a Japanese list with 未実装 in its mounting column', () => {
    const r = parts([
      ['部品記号', '型番', 'メーカー', '個数', '実装'],
      ['U1', 'TPS62130RGTR', 'TI', '1個', '実装'],
      ['C5', 'GRM188R61A106KE69D', 'Murata', '2個', '未実装'],
    ]);
    expect(r.lines).toEqual([[2, 'TPS62130RGTR', 1]]);
    expect(r.skipped).toEqual([[3, 'dnp']]);
  });
});

describe('a header over several rows', () => {
  test('a group name merged over its columns completes the names under it', () => {
    const r = parts([
      ['Project: demo board', null, null, null],
      ['', '', 'Manufacturer', null],
      ['Designator', 'Qty', 'Name', 'Part Number'],
      ['U1', 1, 'Texas Instruments', 'LM358DR'],
      ['D1, D2', 2, 'Nexperia', 'BAV99,215'],
    ]);
    expect(r.read.headerRow).toBe(2);
    expect(r.read.mapping).toMatchObject({ designators: 0, quantity: 1, manufacturer: 2, partNumber: 3 });
    expect(r.lines).toEqual([
      [4, 'LM358DR', 1],
      [5, 'BAV99,215', 2],
    ]);
  });
});

describe('the part number of a row', () => {
  test('named in a value-like column where the part-number column is mostly empty, when it is an orderable number', () => {
    const r = parts([
      ['Ref', 'Qty', 'Component', 'Value', 'MPN'],
      ['C1', 1, '0603YC104KATDA', '100nF', ''],
      ['U1', 1, 'LIS3DHTR ACCELEROMETER', '', ''],
      ['U2', 1, 'LM2664', '', ''],
      ['R1', 1, 'R', '10k', ''],
    ]);
    expect(r.lines).toEqual([
      [2, '0603YC104KATDA', 1],
      [3, 'LIS3DHTR', 1],
    ]);
    // A family's base number (no package or packing suffix) and a value are lines that need a part number.
    expect(r.skipped).toEqual([
      [4, 'incomplete'],
      [5, 'incomplete'],
    ]);
  });

  test("a maker's or shop's name glued in front, and a rating between dashes, are read through", () => {
    const r = parts([
      ['Qty', 'Value', 'Parts', 'MPN'],
      [2, 'MOLEX-47346-0001', 'USB1, USB2', ''],
      [6, 'DK:MMBT3904LT1GOSCT-ND', 'T1, T2, T3, T4, T5, T6', ''],
      [1, 'OKI-78SR-3.3/1.5-W36-C', 'U9', ''],
      [1, 'ATMEGA48/88/168-PU', 'U2', ''],
    ]);
    expect(r.lines).toEqual([
      [2, '47346-0001', 2],
      [3, 'MMBT3904LT1GOSCT-ND', 6],
      [4, 'OKI-78SR-3.3/1.5-W36-C', 1],
    ]);
    expect(r.read.lines[0].manufacturer).toBe('MOLEX');
    // Several parts in one name (a slash listing alternatives) is still no one part.
    expect(r.skipped).toEqual([[5, 'incomplete']]);
  });

  test('a semicolon export that wrote its delimiter for every comma is joined back by the space the comma left', () => {
    const r = parts([
      ['Qty', 'Value', 'Device', 'Parts', 'Description', 'DNP', 'MPN', '', ''],
      [1, '330R', 'R-US_R0603', 'R9', 'RESISTOR', ' American symbol', '', '', ''],
      [2, 'ISO1050DUB', 'ISO1050DUB', 'IC1', ' IC2', 'CAN TRANSCEIVER', '', 'ISO1050DUBR', ''],
      [4, '74LVC2G17', '74LVC2G17', 'U5', ' U6', ' U10', ' U11', '74LVC2G17', ''],
      [2, '10u', ' 25V', ' X5R', 'C50', ' C53', 'CAPACITOR', '', ''],
    ]);
    expect(r.lines).toEqual([[3, 'ISO1050DUBR', 2]]);
    expect(r.read.lines[0].designators).toEqual(['IC1', 'IC2']);
    // The designators counted, no designator read as a DNP mark, the split value whole again.
    expect(r.read.skipped.map((s) => [s.row + 1, s.reason, s.quantityPerBoard])).toEqual([
      [2, 'incomplete', 1],
      [4, 'incomplete', 4],
      [5, 'incomplete', 2],
    ]);
    expect(r.read.skipped[2].detail).toContain('10u, 25V, X5R');
    expect(r.read.warnings.find((w) => w.code === 'split-fields')?.message).toMatch(/On 4 rows .* rows 2, 3, 4, 5\./);
  });

  test('a leading space typed by hand in a table that writes commas is left as it is', () => {
    const r = parts([
      ['Qty', 'MPN', 'Designators', 'Description', 'Farnell', 'Digi-Key'],
      [1, ' EEC-EN0F204JK', 'C23', 'Goldcap, 0.2F', 1305072, 'P11070CT-ND'],
      [2, '1PS79SB10', 'D1, D2', 'Schottky diode', 8734070, ' 1PS79SB10 T/R-ND'],
    ]);
    expect(r.lines).toEqual([
      [2, 'EEC-EN0F204JK', 1],
      [3, '1PS79SB10', 2],
    ]);
    expect(r.read.warnings.map((w) => w.code)).not.toContain('split-fields');
  });

  test('decorations a buyer strips: a package or maker in brackets, several makers one a line; reel codes stay', () => {
    const r = parts([
      ['Designator', 'Qty', 'MPN'],
      ['Q1', 1, 'BSS138(SOT23-3)'],
      ['D1', 1, 'SMBJ24CA(Brightking)'],
      ['U1', 1, 'INA143UA/2K5'],
      ['J1', 1, 'BM08B-SURS-TF(LF)(SN)'],
      ['R1', 1, 'ERJ-3EKF1001V\nRC0603FR-071KL'],
    ]);
    expect(r.lines.map((l) => l[1])).toEqual([
      'BSS138',
      'SMBJ24CA',
      'INA143UA/2K5',
      'BM08B-SURS-TF(LF)(SN)',
      'ERJ-3EKF1001V',
    ]);
  });

  test('placeholder designators leave the quantity as written', () => {
    const r = parts([
      ['Quantity', 'Manufacturer Part Number', 'Customer Reference'],
      [27, '970110321', 'NA'],
      [54, '7689-1', '-'],
    ]);
    expect(r.lines).toEqual([
      [2, '970110321', 27],
      [3, '7689-1', 54],
    ]);
  });

  test('a value column of kinds and sizes buys by the distributor number on the row; an LCSC number is listed, not looked up', () => {
    const r = parts([
      ['Comment', 'Designator', 'Quantity', 'Supplier Part Number 1', 'LCSC'],
      ['Screw-4-40', 'SCREW1, SCREW2', 2, '36-7689-1-ND', ''],
      ['100nF', 'C1', 1, '', 'C14663'],
      ['ADS8865IDGSR', 'U2', 1, '296-39883-1-ND', ''],
    ]);
    expect(r.lines).toEqual([
      [2, '36-7689-1-ND', 2],
      [4, 'ADS8865IDGSR', 1],
    ]);
    expect(r.read.skipped[0].detail).toContain('LCSC C14663');
  });

  test("names in a part-code column (words alone, a shop listing's name) are no part numbers; numbers with words stay", () => {
    const r = parts([
      ['Qty', 'Part Name', 'Part Manufacturer', 'MPN', 'Designators'],
      [1, 'Custom HAT', 'Ourselves', 'Custom HAT', 'I1'],
      [1, 'M12 lens 25 mm', 'Fulekan', 'Lens_25MM_5MP_1/2', 'J1'],
      [1, 'Speaker', 'Visaton', 'Speaker_8R_2W', 'LS1'],
      [2, 'Heat sink kit', 'Seeed Studio', '110991327', 'H1'],
      [1, 'Module', 'Espressif', 'ESP32-S3-WROOM-1', 'U1'],
      [1, 'Card', 'SanDisk', 'SDSQXA1-128G-GN6MA', 'K1'],
    ]);
    expect(r.lines).toEqual([
      [5, '110991327', 2],
      [6, 'ESP32-S3-WROOM-1', 1],
      [7, 'SDSQXA1-128G-GN6MA', 1],
    ]);
    // Listed as lines to buy that need a part number, not looked up as written.
    expect(r.skipped.map((s) => [s[0], s[1]])).toEqual([
      [2, 'incomplete'],
      [3, 'incomplete'],
      [4, 'incomplete'],
    ]);
  });

  test('a blank quantity beside a note that says "as required" is an amount in words; a heading or a sentence is none', () => {
    const r = parts([
      ['Qty', 'Description', 'Note', 'Manufacturer', 'ManufacturerPartNum'],
      [1, 'Pico W', '', 'Raspberry Pi', 'SC0918'],
      ['', 'Hookup wire', 'As required', '', ''],
      ['', 'Solder wire', 'as needed', 'Kester', '24-6337-9703'],
      ['', 'Optional parts', '', '', ''],
      ['', 'Some boards use a heatsink', 'as required by the case, see the drawing', '', ''],
    ]);
    expect(r.lines).toEqual([[2, 'SC0918', 1]]);
    expect(r.skipped.map((s) => [s[0], s[1]])).toEqual([
      [3, 'incomplete'],
      [4, 'incomplete'],
      [5, 'no-part-number'],
      [6, 'no-part-number'],
    ]);
    expect(r.read.skipped[0].detail).toContain('quantity "As required" in words: say how many');
    expect(r.read.skipped[1].detail).toContain('"as needed" is a quantity in words');
  });

  test('an LCSC product link names the maker and part; Akizuki, RS and Farnell links their own codes', () => {
    expect(
      partFromProductLink(
        'https://www.lcsc.com/product-detail/Gate-Drivers_Microchip-Tech-TC4424AVOA_C636876.html?s_z=n_TC4424A',
      ),
    ).toEqual({ distributor: 'LCSC', distributorPartNumber: 'C636876', partNumber: 'TC4424AVOA' });
    expect(partFromProductLink('https://akizukidenshi.com/catalog/g/gK-09848/')).toEqual({
      distributor: 'Akizuki',
      distributorPartNumber: 'K-09848',
    });
    expect(partFromProductLink('https://jp.rs-online.com/web/p/through-hole-resistors/7549032')).toEqual({
      distributor: 'RS',
      distributorPartNumber: '7549032',
    });
  });
});

describe('rows that are no purchases, and DNP marks', () => {
  test('schematic symbols, drawing frames, pads and 3D-printed parts are accounted for as not parts', () => {
    const r = parts([
      ['Ref Name', 'Qty', 'Component', 'Package', 'Description', 'MPN'],
      ['REF1', 1, 'GND', '', 'Power', ''],
      ['REF17', 1, 'TO', '', 'Arrow R', ''],
      ['A1', 1, 'ANSI D', 'MISC', '', ''],
      ['J2', 1, 'Battery_pad', '', '', ''],
      ['P1', 1, 'case_top.stl', '', '', ''],
      ['U1', 1, 'SN74LVC1G32DCKR', 'SM', '', ''],
    ]);
    expect(r.lines).toEqual([[7, 'SN74LVC1G32DCKR', 1]]);
    expect(r.read.skipped.map((s) => s.detail)).toEqual([
      'a schematic symbol ("power symbol GND"), not a part',
      'a schematic symbol ("sheet connector TO"), not a part',
      'a schematic symbol ("drawing frame ANSI D"), not a part',
      'a PCB feature ("_pad"), not a part',
      'made, not bought ("case_top.stl": a 3D print, a cut or machined part)',
    ]);
  });

  test('DNP written in the value, in brackets, or in another language', () => {
    const r = parts([
      ['Part', 'Value', 'MPN'],
      ['R1', 'DNP - 0', 'RC1005F103CS'],
      ['R2', '10k (NC)', 'RC0603FR-0710KL'],
      ['R3', 'NC/100nF', 'GRM188R71H104KA93D'],
      ['R4', '10k', 'RC0603FR-0710KL'],
      ['U5', 'NC7SZ08', 'NC7SZ08P5X'],
    ]);
    expect(r.lines.map((l) => l[0])).toEqual([5, 6]);
    expect(r.skipped).toEqual([
      [2, 'dnp'],
      [3, 'dnp'],
      [4, 'dnp'],
    ]);
  });
});

describe('a list with no part-number column', () => {
  test('every line is read with its quantity and what it has, counting words and all; sections do not end it', () => {
    const r = parts([
      ['物料名称', '物料数量', '备注'],
      ['M3x6螺丝', '12个', ''],
      ['Arduino Nano', '1', 'https://amzn.to/xyz'],
      [],
      ['Schrittmotor', '2 Stk.', ''],
    ]);
    expect(r.read.skipped.map((s) => [s.row + 1, s.reason, s.quantityPerBoard])).toEqual([
      [2, 'incomplete', 12],
      [3, 'incomplete', 1],
      [5, 'incomplete', 2],
    ]);
  });

  test('a second table further down the sheet is read by its own header', () => {
    const r = parts([
      ['物料名称', '物料数量', '备注'],
      ['M3x6螺丝', '12个', ''],
      ['42步进电机', 3, ''],
      ['PCBA上的元器件：'],
      ['型号', '数量', '位号', '备注'],
      ['1N5819W', 5, 'D1,D2,D3,D4,D5', ''],
      ['RP2040', 1, 'U1', ''],
    ]);
    expect(r.lines).toEqual([
      [6, '1N5819W', 5],
      [7, 'RP2040', 1],
    ]);
    expect(r.skipped).toEqual([
      [2, 'incomplete'],
      [3, 'incomplete'],
      [4, 'no-part-number'],
      [5, 'no-part-number'],
    ]);
    expect(r.read.warnings.map((w) => w.code)).toContain('second-table');
  });

  test('quantities with units are read, a choice of two counts as the larger with a note; words are flagged, never a crash', () => {
    expect(parseQuantity('12个')).toMatchObject({ kind: 'ok', value: 12 });
    expect(parseQuantity('3 uds')).toMatchObject({ kind: 'ok', value: 3 });
    expect(parseQuantity('2枚')).toMatchObject({ kind: 'ok', value: 2 });
    expect(parseQuantity('一卷')).toMatchObject({ kind: 'ok', value: 1 });
    expect(parseQuantity('两个')).toMatchObject({ kind: 'ok', value: 2 });
    expect(parseQuantity('十二個')).toMatchObject({ kind: 'ok', value: 12 });
    expect(parseQuantity('若干')).toMatchObject({ kind: 'bad', problem: 'is a quantity in words' });
    expect(parseQuantity('as needed')).toMatchObject({ kind: 'bad', problem: 'is a quantity in words' });
    expect(parseQuantity('2 oder 3')).toEqual({
      kind: 'ok',
      value: 3,
      text: '2 oder 3',
      note: 'read as 3, the upper end of "2 oder 3"',
      estimated: true,
    });
    expect(parseQuantity('2 oder drei').kind).toBe('bad');
  });

  test('a line whose amount is in words is a line to buy with its count left to the buyer, not dropped', () => {
    const r = parts([
      ['物料名称', '物料数量', '备注'],
      ['导线', '若干', '推荐24AWG的'],
      ['Heat-shrink tubing', 'as needed', ''],
      ['Solder wire', 'some', ''],
    ]);
    expect(r.read.skipped.map((s) => [s.row + 1, s.reason, s.quantityPerBoard])).toEqual([
      [2, 'incomplete', undefined],
      [3, 'incomplete', undefined],
      [4, 'incomplete', undefined],
    ]);
    expect(r.read.skipped[0].detail).toMatch(/quantity "若干" in words: say how many/);
  });
});

describe('build variants in columns of their own', () => {
  const matrix: Cell[][] = [
    ['Designator', 'Qty', 'MPN', 'Std', 'Pro'],
    ['U1', 1, 'STM32F103C8T6', '●', '●'],
    ['U2', 1, 'W25Q128JVSIQ', '○', '●'],
    ['J1', 1, 'USB4105-GF-A', '●', '○'],
  ];

  test('without a choice every line is read as fitted, and a warning names the variants', () => {
    const r = readBom(matrix);
    expect(r.lines.map((l) => l.partNumber)).toEqual(['STM32F103C8T6', 'W25Q128JVSIQ', 'USB4105-GF-A']);
    expect(r.warnings.find((w) => w.code === 'variants')?.message).toContain('"Std", "Pro"');
  });

  test('with a variant, the parts it does not fit are not placed', () => {
    const r = readBom(matrix, { variant: 'pro' });
    expect(r.lines.map((l) => l.partNumber)).toEqual(['STM32F103C8T6', 'W25Q128JVSIQ']);
    expect(r.skipped.map((s) => [s.row + 1, s.reason, s.detail])).toEqual([
      [4, 'dnp', 'not placed (variant "Pro": "○")'],
    ]);
    expect(() => readBom(matrix, { variant: 'Lite' })).toThrow(
      'No build variant "Lite"; the BOM\'s variants are "Std", "Pro".',
    );
  });

  test('one column of marks is no variant matrix', () => {
    const r = readBom([
      ['Designator', 'Qty', 'MPN', 'Fit'],
      ['U1', 1, 'STM32F103C8T6', 'X'],
    ]);
    expect(r.warnings.map((w) => w.code)).not.toContain('variants');
  });
});

describe('the sheet of a workbook', () => {
  const bom: Cell[][] = [
    ['Qty', 'Digi-Key Part Number', 'Designator'],
    [5, '587-2985-1-ND', 'C1-C5'],
    [1, '754-1591-ND', 'L1'],
    [2, '5003K-ND', 'TP1, TP2'],
  ];

  test('a sheet named as a draft, an old copy, a template, a read-me or a catalogue is passed over', () => {
    expect(nameSaysNotBom('DO NOT USE')).toEqual({ kind: 'name', says: 'draft' });
    expect(nameSaysNotBom('BOM old')).toEqual({ kind: 'name', says: 'old' });
    expect(nameSaysNotBom('Template')).toEqual({ kind: 'name', says: 'template' });
    expect(nameSaysNotBom('Read me')).toEqual({ kind: 'name', says: 'notes' });
    expect(nameSaysNotBom('Free parts catalogue')).toEqual({ kind: 'name', says: 'catalogue' });
    expect(nameSaysNotBom('Digikey Final')).toBeUndefined();
    // A test jig's BOM is a BOM: "test" names no draft.
    expect(nameSaysNotBom('Test jig BOM')).toBeUndefined();
  });

  test('the draft first is passed over, and the words say which sheet was read and why', () => {
    const choice = chooseBomSheet([
      judgeSheet('DO NOT USE', 0, [...bom, [3, 'P100ACT-ND', 'R1-R3']]),
      judgeSheet('Final', 1, bom),
    ]);
    expect(choice.chosen.name).toBe('Final');
    expect(sheetChoiceWords(choice)).toEqual([
      "sheet 'Final' (3 lines, 3 with designators) was read, named as the BOM",
      "'DO NOT USE' passed over: named a draft",
    ]);
  });

  test('a catalogue of many part rows and no designators beside a BOM is passed over', () => {
    const catalogue: Cell[][] = [['Part Number', 'Qty', 'Size']];
    for (let i = 0; i < 200; i++) catalogue.push([`RC0603FR-07${1000 + i}L`, 100, '0603']);
    const choice = chooseBomSheet([judgeSheet('Parts', 0, catalogue), judgeSheet('Sheet2', 1, bom)]);
    expect(choice.chosen.name).toBe('Sheet2');
    expect(choice.judged[0].passedOver).toEqual({ kind: 'catalogue', rows: 200 });
  });

  test('a long list with no designators beside an order form without them either: the other sheet is named', () => {
    const catalogue: Cell[][] = [['Part Number', 'Qty', 'Size']];
    for (let i = 0; i < 300; i++) catalogue.push([`RC0603FR-07${1000 + i}L`, 100, '0603']);
    const order: Cell[][] = [
      ['Qty', 'Part Number'],
      [10, 'GRM155R71C104KA88D'],
      [2, 'LM358DR'],
    ];
    const choice = chooseBomSheet([judgeSheet('Sheet1', 0, catalogue), judgeSheet('Order', 1, order)]);
    expect(choice.rival?.name).toBe('Order');
    expect(sheetChoiceWords(choice).join(' ')).toContain("'Order'");
  });

  test('two close sheets: the choice names the rival', () => {
    const choice = chooseBomSheet([judgeSheet('Board A', 0, bom), judgeSheet('Board B', 1, bom)]);
    expect(choice.chosen.name).toBe('Board A');
    expect(choice.rival?.name).toBe('Board B');
    expect(sheetChoiceWords(choice).at(-1)).toContain("'Board B'");
  });
});
