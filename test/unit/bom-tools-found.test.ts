/**
 * Kinds of export found from tools and hands the reader had not met (CircuitMaker, gEDA, Eagle's parts-database
 * scripts, JLCPCB's BOM matching, Upverter, Italian and Korean lists, a shopping list across shops), each as a
 * made-up table of its shape.
 */
import { type Cell, readBom } from '../../src/bom';
import { parseQuantity } from '../../src/bom/quantity';
import { parseDelimited, sniffDelimiter } from '../../cli/bomfile';
import { isKnownManufacturer } from '../../src/match/manufacturer';

const lines = (rows: Cell[][]) => readBom(rows).lines.map((l) => [l.row + 1, l.partNumber, l.quantityPerBoard]);
const skipped = (rows: Cell[][]) => readBom(rows).skipped.map((s) => [s.row + 1, s.reason, s.quantityPerBoard ?? null]);

test("a library's component ids in LibRef (CircuitMaker's CMP-…) are no part numbers: the Comment's maker and number are", () => {
  const rows = [
    ['Comment', 'Description', 'Designator', 'LibRef', 'Quantity'],
    ['FCI 68021-116HLF', 'Conn header 16 pos', 'J5, J6', 'CMP-150dde7448d6caca-3', 2],
    ['TE Connectivity / AMP 640454-4', 'MTA-100 header', 'J2', 'CMP-4e5485075a289193-4', 1],
    ['10uF', 'MLCC 0805', 'C1, C7', 'CMP-139119-2', 2],
  ];
  expect(lines(rows)).toEqual([
    [2, '68021-116HLF', 2],
    [3, '640454-4', 1],
  ]);
  expect(readBom(rows).lines[0].manufacturer).toBe('FCI');
  // FCI is Amphenol's now: a maker the alias table knows all the same.
  expect(isKnownManufacturer('FCI')).toBe(true);
});

test("gEDA's colon-separated BOM is split at its colons; a colon in a comma-separated file's address is not", () => {
  const geda =
    'refdes:device:value:footprint:digikey:qty\nU1:LM334Z:unknown:TO92:LM334ZNS-ND:1\nC1,C2:CAPACITOR:10uF:CK06:445-8569-ND:2\n';
  expect(sniffDelimiter(geda)).toBe(':');
  expect(parseDelimited(geda).cells[2]).toEqual(['C1,C2', 'CAPACITOR', '10uF', 'CK06', '445-8569-ND', '2']);
  const csv =
    'Ref,MPN,Qty,Link\nR1,RC0603FR-0710KL,1,https://example.com/a\nR2,RC0603FR-071KL,1,https://example.com/b\n';
  expect(sniffDelimiter(csv)).toBe(',');
});

test('an Italian list: Rif, Componente, and a source column of a known maker and its number, alternatives after a slash', () => {
  const rows = [
    ['Rif', 'Componente', 'Valore / Tipo', 'Quantità', 'Codice / Standard', 'Note Tecniche'],
    ['F0', 'Fusibile AC', '2A / 250V', 1, 'Littelfuse 37202000411', 'Protezione'],
    ['C3', 'Condensatore Ceramico', '0.1µF / 50V', 1, 'Murata GRM188R71H104KA93D', ''],
    ['R1', 'Resistenza', '10kΩ / 1%', 1, 'Vishay CMF5510K000FKEB', ''],
    ['U0', 'Convertitore', '32V DC', 1, 'LNK623DG / TOPSwitch', ''],
  ];
  const r = readBom(rows);
  expect(r.mapping).toMatchObject({ designators: 0, description: 1, quantity: 3, partNumber: 4 });
  expect(r.lines.map((l) => [l.partNumber, l.manufacturer])).toEqual([
    ['37202000411', 'Littelfuse'],
    ['GRM188R71H104KA93D', 'Murata'],
    ['CMF5510K000FKEB', 'Vishay'],
    ['LNK623DG', ''],
  ]);
});

test("an export's 'part not found' row is a line to buy for the positions it names, with no part number", () => {
  const rows = [
    ['Mfg Part Num', 'Mfg Name', 'Vendor Part Num', 'Qty-1', 'Part References'],
    ['*** ERROR - PART \'*\' NOT FOUND FOR: "D1, D2, D3"'],
    ['2N3904', 'FAIRCHILD', '9846743', 1, 'Q1'],
  ];
  expect(skipped(rows)).toEqual([[2, 'incomplete', 3]]);
  expect(readBom(rows).skipped[0].detail).toContain('the export found no part for D1, D2, D3');
  expect(lines(rows)).toEqual([[3, '2N3904', 1]]);
});

test.each([
  ['1x5', 5],
  ['3x10pcs', 30],
  ['2 x 100 Stk', 200],
  ['10 individual parts', 10],
])("a shopping list's count %j reads as %d", (text, value) => {
  expect(parseQuantity(text)).toMatchObject({ kind: 'ok', value });
});

test('"2 oder 3" stays for the buyer to say', () => {
  expect(parseQuantity('2 oder 3 *)').kind).toBe('bad');
});

test("an in-house code spelled out in the part-number column, a mounting hole's name, and a substitute in brackets buy nothing", () => {
  const rows = [
    ['Item', 'Part Number', 'Description', "Q'ty", 'Reference', 'Manufacture', 'Remark'],
    ['EC Cap.', 'E-CAP, 22uF, 25V, 20%', 'Electrolytic 22uF', 3, 'EC2,EC4,EC5', 'SAMYOUNG', ''],
    ['CONNECTOR', 'HEADER FEMALE 1x10, 2.54mm', 'Header', 1, 'JP1', '', ''],
    ['Hole', 'Mounting Hole M3', 'Mounting hole', 4, 'M1,M2,M3,M4', 'Generic', ''],
    ['Inductor', 'TSL1295-330M', '33uH', 1, 'L1', 'Dakowell', ''],
    ['Inductor', 'ETQP5M330YFC', '33uH', 1, '(L1)', 'Panasonic', '대체품'],
    ['Inductor', 'XAL6060-472MEB', '4.7uH', 1, 'L2', 'Coilcraft', ''],
  ];
  expect(lines(rows)).toEqual([
    [5, 'TSL1295-330M', 1],
    [7, 'XAL6060-472MEB', 1],
  ]);
  const r = readBom(rows);
  expect(r.skipped.map((s) => [s.row + 1, s.reason])).toEqual([
    [2, 'incomplete'],
    [3, 'incomplete'],
    [4, 'not-purchase'],
    [6, 'alternate'],
  ]);
  expect(r.skipped[3].detail).toContain('substitute for row 5 ("TSL1295-330M")');
});

test("a 0 in an order's quantity column that does not count the positions leaves the positions to fill", () => {
  const rows = [
    ['Designator', 'Comment', 'Part #', 'Qty'],
    ['C1,C2', '100nF', 'CL05B104KO5NNNC', 10],
    ['R1,R2,R3', '10k', 'RC0402FR-0710KL', 10],
    ['U1', 'LDO', 'AP2112K-3.3TRG1', 5],
    ['J4', 'SMA', 'BWSMA-KWE-Z001', 0],
  ];
  expect(lines(rows)).toContainEqual([5, 'BWSMA-KWE-Z001', 1]);
});

describe('a second round of tools and hands', () => {
  test('a part number in the first data row ("MP6515") is no header word: the header above it is the header', () => {
    const rows = [
      ['Comment', 'Designator', 'Footprint', 'LCSC'],
      ['100nF', 'C1,C3', 'Capacitor_SMD:C_0603_1608Metric', 'C14663'],
      ['MP6515', 'U3', 'Package_SO:HTSSOP-16', 'C114139'],
    ];
    const r = readBom(rows);
    expect(r.headerRow).toBe(0);
    expect(lines(rows)).toEqual([[3, 'MP6515', 1]]);
  });

  test("KiCad's list of values under a title block (Reference, Value, Library) is read, long references and all", () => {
    const rows = [
      ['Source', '/home/x/board.sch'],
      ['Title', 'Timer'],
      [],
      ['Reference', 'Value', 'Library', 'Library Ref'],
      ['U1', 'NE555', 'device', 'NE555'],
      ['R1', '1k', 'device', 'R'],
      ['FTDIProg1', 'FTDI', 'mylib', 'FTDI'],
    ];
    const r = readBom(rows);
    expect(r.headerRow).toBe(3);
    expect(r.skipped.map((s) => [s.row + 1, s.reason, s.quantityPerBoard ?? null])).toContainEqual([
      7,
      'incomplete',
      1,
    ]);
  });

  test('two tables side by side on the same rows: the first is read, a warning names the second', () => {
    const rows = [
      ['零件名称', '数量', '备注', null, null, '零件名称', '数量'],
      ['DengFOC', 1, null, null, null, '摆杆打印件', 1],
      ['2204云台电机', 1, null, null, null, '6701ZZ轴承', 2],
    ];
    const r = readBom(rows);
    expect(r.skipped.map((s) => [s.row + 1, s.detail.includes('6701ZZ') || s.detail.includes('摆杆')])).toEqual([
      [2, false],
      [3, false],
    ]);
    expect(r.warnings.find((w) => w.code === 'table-beside')?.message).toContain('from column F');
  });

  test("a costed list's 'Item' column of names is what each row is; a blank row between its blocks does not end it", () => {
    const rows = [
      ['Item', 'Price', 'Link'],
      ['Kapazitiver Wassersensor', 1.46, 'https://www.ebay.de/itm/273788107031'],
      ['Atmega328p', 1.6, 'https://www.ebay.de/itm/142653860233'],
      ['Batterie', 0.6, 'https://www.ebay.de/itm/311406795516'],
      ['9V to 5V', 0.03, 'https://www.ebay.de/itm/121999642500'],
      [null, 3.69],
      [],
      ['NodeMCU', 2.39, 'https://de.aliexpress.com/item/32665100123.html'],
    ];
    expect(skipped(rows)).toEqual([
      [2, 'incomplete', 1],
      [3, 'incomplete', 1],
      [4, 'incomplete', 1],
      [5, 'incomplete', 1],
      [6, 'no-part-number', null],
      [8, 'incomplete', 1],
    ]);
  });

  test('Digi-Key numbers in columns named for their packaging are its numbers; "#" and "*" mark none', () => {
    const rows = [
      ['Identificación', 'Cantidad', 'Valor', 'Marca', 'Cut-Tape', 'Tube', 'Bulk'],
      ['C1', 2, '100nF', 'TDK', '445-1265-1-ND', '', ''],
      ['U11', 1, 'LM2596S-5.0', 'Texas Instruments', '#', 'LM2596S-5.0-ND', ''],
      ['JP1', 1, '', '', '', '*', '952-2263-ND'],
    ];
    expect(lines(rows)).toEqual([
      [2, '445-1265-1-ND', 2],
      [3, 'LM2596S-5.0', 1],
      [4, '952-2263-ND', 1],
    ]);
    // The value named the part; the Tube column's code is kept with it, the "#" is no code.
    expect(readBom(rows).lines[1].supplierPartNumbers).toEqual(['LM2596S-5.0-ND']);
  });

  test("KiCad's test point pads and a maker named first with a space in its number", () => {
    const pads = [
      ['Comment', 'Designator', 'Footprint', 'LCSC'],
      ['TestPoint', 'TP1', 'TestPoint_THTPad_D2.0mm_Drill1.0mm', ''],
      ['TestPoint', 'TP2', 'TestPoint_Keystone_5019_Minature', 'C238131'],
      ['SW_DIP_x05', 'SW1', 'SW_DIP_SPSTx05', ''],
    ];
    expect(skipped(pads).map((s) => s.slice(0, 2))).toEqual([
      [2, 'not-purchase'],
      [3, 'incomplete'],
      [4, 'incomplete'],
    ]);
    const makers = [
      ['Qty', 'Parts', 'MANUFACTURER AND PART NUMBER'],
      [5, 'MOD, RST', 'C&K Components RS-032G05A3-SM RT'],
      [1, 'U13', 'Micron MTFC4GACAJCN-1M WT, Kingston EMMC04G-S100-B08U'],
      [1, 'U2', 'Alpha & Omega Semiconductor AOZ1284PI'],
    ];
    expect(readBom(makers).lines.map((l) => [l.partNumber, l.manufacturer])).toEqual([
      ['RS-032G05A3-SM RT', 'C&K Components'],
      ['MTFC4GACAJCN-1M WT', 'Micron'],
      ['AOZ1284PI', 'Alpha & Omega Semiconductor'],
    ]);
  });
});

describe('a third round: house styles and hand-kept workbooks', () => {
  test("Altium's fixed-width text report is cut where the header's names start", () => {
    const text = [
      'Quantity    Designator                  Comment                Footprint',
      '2           C1, C34                     1n/50V NP0             C_0402_B',
      '1           D1                          PMEG3005EJ             SOD-323_B',
      '1           U7                          Optiga Trust M         USON-10',
      '',
    ].join('\n');
    const { cells, warnings } = parseDelimited(text);
    expect(cells[1]).toEqual(['2', 'C1, C34', '1n/50V NP0', 'C_0402_B']);
    expect(cells[3]).toEqual(['1', 'U7', 'Optiga Trust M', 'USON-10']);
    expect(warnings[0]).toContain("columns cut where the header's names start");
    // A comma-separated file is read at its commas, a title line above it notwithstanding.
    expect(parseDelimited('Ref,MPN,Qty\nR1,RC0603FR-0710KL,1\nR2,RC0603FR-071KL,1\n').cells[1]).toEqual([
      'R1',
      'RC0603FR-0710KL',
      '1',
    ]);
  });

  test("KiCad's pcbnew BOM in Olimex's style: Designation names the part, its package in brackets left out", () => {
    const rows = [
      ['Id', 'Designator', 'Package', 'Quantity', 'Designation', 'Supplier and ref'],
      ['1', 'U5,U6,U7', 'TSSOP20', '3', '74LVC245APW(TSSOP20)', ''],
      ['2', 'U1', 'SO-8_208mil', '1', 'ZD25Q16BTIGT(SOIC-8_208mils)', ''],
      ['3', 'R2', 'R_0402', '1', 'NA(10k/R0402)', ''],
      ['4', 'Sign_RoHS', 'Sign_RoHS_1', '1', 'Sign_RoHS', ''],
      ['5', 'CE1', 'CE_Sign', '1', 'CE_Sign', ''],
    ];
    expect(lines(rows)).toEqual([
      [2, '74LVC245APW', 3],
      [3, 'ZD25Q16BTIGT', 1],
    ]);
    expect(skipped(rows).map((s) => s.slice(0, 2))).toEqual([
      [4, 'dnp'],
      [5, 'not-purchase'],
      [6, 'not-purchase'],
    ]);
  });

  test("KiCad's French BOM: a Référence column of designator lists is the designators, bought by the shop's codes", () => {
    const rows = [
      ['Référence', 'Boitier', 'Quantité', 'Désignation', 'Fournisseur et réf.'],
      ['C10,C18', '_0603', 2, '10nF/50V/X7R', '399-1092-1-ND'],
      ['U1', '_LQFP48', 1, 'STM32F303CCT6', '497-13318-ND'],
      ['R1,R2,R3', '_0603', 3, '10k', '311-10.0KHRCT-ND'],
    ];
    expect(readBom(rows).mapping.designators).toBe(0);
    expect(lines(rows)).toEqual([
      [2, '399-1092-1-ND', 2],
      [3, '497-13318-ND', 1],
      [4, '311-10.0KHRCT-ND', 3],
    ]);
  });

  test('a shop\'s SKUs ("SKU: DFR0339", two in one cell) and a pin count where a number belongs', () => {
    const shop = [
      ['Designation', 'Supplier', 'Core-elec reference', 'Qtity'],
      ['Beetle BLE', 'DFRobot', 'SKU: DFR0339', 1],
      ['Vibration Motor', 'Pololu', 'SKU: POLOLU-1636 / SKU: ADA1201', 1],
      ['IMU', 'Pololu', 'SKU: POLOLU-2739', 1],
    ];
    expect(lines(shop)).toEqual([
      [2, 'DFR0339', 1],
      [3, 'POLOLU-1636', 1],
      [4, 'POLOLU-2739', 1],
    ]);
    const pins = [
      ['Reference', 'Value', 'Qty', 'LCSC#', 'Manf#'],
      ['J3', 'Conn_01x10', 1, 'C5116489', '10-PIN'],
      ['U1', 'RP2040', 1, 'C2040', 'RP2040'],
    ];
    expect(skipped(pins)).toEqual([[2, 'incomplete', 1]]);
  });

  test('a shop\'s name column saying "np" leaves the row unplaced', () => {
    const rows = [
      ['Item', 'Qty', 'Reference(s)', 'Value', 'Supplier', 'Supplier ref.'],
      [1, 10, 'C1, C5', '100n', 'Distrelec', '300-86-429'],
      [2, 1, 'J48', 'STLINK-V3MINI Placeholder', 'np', ''],
    ];
    expect(skipped(rows)).toEqual([[3, 'dnp', null]]);
  });
});

describe('a fourth round: the ordinary case and shops', () => {
  test('German fiducials ("Passmarke") and a mounting hole whose shop code is "unknown" buy nothing', () => {
    const rows = [
      ['Qty', 'Package', 'Parts', 'Description', 'OC_FARNELL'],
      [1, 'MARK1', 'PASS1', 'Passmarke', ''],
      [4, '3.3', 'H1, H2, H3, H4', 'MOUNTING HOLE with drill', 'unknown'],
      [2, '0805', 'R1, R2', 'RES 10k 0805', '9333878'],
    ];
    expect(skipped(rows).map((s) => s.slice(0, 2))).toEqual([
      [2, 'not-purchase'],
      [3, 'not-purchase'],
    ]);
    expect(lines(rows)).toEqual([[4, '9333878', 2]]);
  });

  test('a Russian list\'s "Терра" column is a shop\'s (Terraelectronica) numbers to buy by', () => {
    const rows = [
      ['#', 'Метка', 'Значение', 'Количество', 'Терра'],
      [1, 'C1, C5, C6', 'CCAP-10MK-1206', 3, null],
      [5, 'D20', 'LED-BR-3MM', 1, 'FYL-3014URC'],
      [6, 'U1', 'ATMEGA328P', 1, 'ATMEGA328P-AU'],
    ];
    expect(lines(rows)).toEqual([
      [3, 'FYL-3014URC', 1],
      [4, 'ATMEGA328P-AU', 1],
    ]);
  });
});

test("a Japanese buying plan's header: 種類 names the kind, 総必要数 the count needed, 在庫 and 購入数 stock and order", () => {
  const rows = [
    [null, null, null, null, '必要個数', '必要個数'],
    [null, '種類', '備考', '総必要数', '在庫', '購入数', '単価', 'URL', 'Mother', 'IR'],
    [null, '積セラ', '10uF', 10, 13, 1, 150, 'https://akizukidenshi.com/catalog/g/g113336/', 1, null],
    [null, '電解コン', '470uF', 161, 28, 10, 120, 'https://akizukidenshi.com/catalog/g/g116891/', 4, 2],
  ];
  const r = readBom(rows);
  expect(r.headerRow).toBe(1);
  expect(r.mapping).toMatchObject({ description: 1, quantity: 3 });
  expect(lines(rows)).toEqual([
    [3, '113336', 10],
    [4, '116891', 161],
  ]);
});

test('a heading alone between two blocks of lines does not end the table; a footer of notes still does', () => {
  const rows = [
    ['Description', 'Qty', 'Link'],
    ['Voltmeter', 6, 'https://akizukidenshi.com/catalog/g/g108468/'],
    [null, null, 105650],
    [],
    ['Emergency stop'],
    [],
    ['Box header', 5, 'https://www.mouser.jp/ProductDetail/Wurth-Elektronik/62701021721'],
    [],
    ['Notes'],
    [],
    ['Prices from the shops, May 2024'],
  ];
  expect(lines(rows)).toEqual([
    [2, '108468', 6],
    [7, '62701021721', 5],
  ]);
  expect(readBom(rows).tableEnd).toBe(6);
});
