/**
 * Parts lists written as reports rather than tables, each as a made-up text of the kind, read through the CLI's
 * text parser and the one reader.
 */
import { type Cell, readBom } from '../../src/bom';
import { parseDelimited } from '../../cli/bomfile';
import { readBomCells } from '../../src/workflows/read-bom';
import { headerTokens } from '../../src/bom/header';
import { chooseBomSheet, judgeSheet } from '../../src/bom/sheets';

describe('a report of records (a count and labelled fields per part)', () => {
  const report = [
    'PARTS LIST',
    '',
    'PROJECT ...: /home/someone/board.ddb',
    '',
    'Capacitors: 9',
    '',
    '   8 Package ......: 0603-c',
    '     Function .....: 100nf',
    '     Value ........: 100N',
    '        c1,c2,c3,c4,c5,',
    '        c6,c7,c8',
    '',
    '',
    '   1 Package ......: d6.3',
    '     Value ........: 10U',
    '        c9',
    '',
    '        Aluminium capacitor',
    '        U=63V',
    '        %',
    '        panasonic       #   EEE-FK 1J 100 P',
    '        maker2          #   UCD 1J*GS',
    '        maker3          #   AFK 106 M 63-*',
    '',
    'ICs: 1',
    '',
    '   1 Package ......: lqfp48',
    '     Value ........: STM32F103C',
    '        ic20',
    '',
    '        Microcontroller',
    '        LQFP48',
    '        %',
    '        st                  STM32 F103CBT*',
    '',
  ].join('\n');

  test('each record is a row on the line of its count, the header just above the first', () => {
    const { cells, warnings } = parseDelimited(report);
    expect(warnings[0]).toContain('report of records');
    expect(cells[5].slice(0, 4)).toEqual(['Qty', 'Package', 'Function', 'Value']);
    expect(cells[6].slice(0, 5)).toEqual(['8', '0603-c', '100nf', '100N', 'c1,c2,c3,c4,c5,c6,c7,c8']);
    expect(cells[7]).toEqual([]);
    expect(cells[13].slice(0, 4)).toEqual(['1', 'd6.3', '', '10U']);
    // A description's 'LQFP48' is no designator: designators end at the record's first blank line.
    expect(cells[26].slice(4, 6)).toEqual(['ic20', 'Microcontroller LQFP48']);
  });

  test("makers' numbers lose their spaces and a trailing wildcard; one with a wildcard inside is left out", () => {
    const read = readBom(parseDelimited(report).cells);
    expect(read.lines.map((l) => [l.row + 1, l.partNumber, l.quantityPerBoard])).toEqual([
      [14, 'EEE-FK1J100P', 1],
      [27, 'STM32F103CBT', 1],
    ]);
    expect(read.lines[0].alternates).toEqual([{ partNumber: 'AFK106M63', manufacturer: 'maker3' }]);
    expect(read.skipped.map((s) => [s.row + 1, s.reason, s.quantityPerBoard])).toEqual([[7, 'incomplete', 8]]);
  });

  test('a table whose cells hold dotted leaders is no report', () => {
    const text = 'Ref,Note,Qty\nR1,see ..: below,1\nR2,x,1\n';
    expect(parseDelimited(text).cells[1]).toEqual(['R1', 'see ..: below', '1']);
  });

  test('German headers typed without umlauts read as with them', () => {
    expect(headerTokens('Gehaeuse')).toEqual(headerTokens('Gehäuse'));
    expect(headerTokens('Stueck')).toEqual(['qty']);
  });
});

describe('a fifth round: Altium 365, OrCAD for a Chinese assembler, hand-kept sheets', () => {
  const lines = (rows: string[][]) =>
    readBom(rows).lines.map((l) => [l.row + 1, l.partNumber, l.manufacturer ?? '', l.quantityPerBoard]);
  const skipped = (rows: string[][]) => readBom(rows).skipped.map((s) => [s.row + 1, s.reason]);

  test("a mark joined after the value ('10K_NC', 'SPU0410HR5H_NC', '100nF DNP') leaves the line unplaced", () => {
    const rows = [
      ['No.', 'Qt', 'Ref', 'Value', 'Package'],
      ['1', '2', 'R1,R2', '10K_NC', 'R0402'],
      ['2', '1', 'U5', 'SPU0410HR5H_NC', 'lga5'],
      ['3', '1', 'C3', '100nF DNP', 'C0402'],
      ['4', '1', 'U1', 'TPS73601DBVR', 'SOT23-5'],
      ['5', '1', 'SW1', 'SW_SPST_NC', 'Button'],
    ];
    expect(lines(rows).map((l) => l[1])).toEqual(['TPS73601DBVR']);
    expect(skipped(rows)).toEqual([
      [2, 'dnp'],
      [3, 'dnp'],
      [4, 'dnp'],
      [6, 'incomplete'],
    ]);
  });

  test('test points named so and nothing more are pads; one with a shop code is bought', () => {
    const rows = [
      ['Qt', 'Ref', 'Value', 'Package', 'Digi-Key'],
      ['3', 'TP1,TP2,TP3', 'TEST POINT', 'testpoint_39mil', ''],
      ['2', 'TP4,TP5', 'TEST POINT', 'testpoint_40mil', '5001K-ND'],
    ];
    expect(skipped(rows)).toEqual([[2, 'not-purchase']]);
    expect(readBom(rows).lines.map((l) => [l.row + 1, l.quantityPerBoard])).toEqual([[3, 2]]);
  });

  test('a note written in the package column with a count is no line', () => {
    const rows = [
      ['No.', 'Qt', 'Ref', 'Value', 'Package'],
      ['78', '1', 'R3092', 'RC0402FR-073KL', 'R0402'],
      ['79', '1', '', '', 'short pins 1 and 2 of U602'],
    ];
    expect(lines(rows)).toEqual([[2, 'RC0402FR-073KL', '', 1]]);
    expect(skipped(rows)).toEqual([[3, 'no-part-number']]);
  });

  test('a maker set off from its number by a comma or a dash', () => {
    const rows = [
      ['Part / Value', 'Qty', 'Package', 'Manufacturer / Part No.', 'Circuit Reference'],
      ['100u, 25V', '1', '6.3 x 7.7mm', 'EPCOS, B41142A5107M', 'C6'],
      ['TS4148', '2', '0805', 'Taiwan Semi - TS4148 RY', 'D4, D5'],
      ['KSZ8051', '1', 'QFN-32', 'Micrel - KSZ8051RNL TR', 'U4'],
    ];
    expect(lines(rows)).toEqual([
      [2, 'B41142A5107M', 'EPCOS', 1],
      [3, 'TS4148 RY', 'Taiwan Semi', 2],
      [4, 'KSZ8051RNL TR', 'Micrel', 1],
    ]);
  });

  test('a generic connector by pitch and pin count is no part number; a direction mark is no character', () => {
    const rows = [
      ['Reference', 'Quantity', 'Value', 'Manufacturer'],
      ['J1', '1', 'SH1.0-4', ''],
      ['J2', '1', 'FFC-24P', ''],
      ['U16', '1', 'AP22811AW5-7\u200E', 'Diodes Inc.'],
    ];
    expect(lines(rows)).toEqual([[4, 'AP22811AW5-7', 'Diodes Inc.', 1]]);
    expect(skipped(rows)).toEqual([
      [2, 'incomplete'],
      [3, 'incomplete'],
    ]);
  });
});

describe('a seventh round: an LCSC order, hand-kept costing sheets, Japanese and Turkish lists', () => {
  const read = (rows: Cell[][], options = {}) => readBom(rows, options);
  const lines = (rows: Cell[][]) =>
    read(rows).lines.map((l) => [l.row + 1, l.partNumber, l.manufacturer ?? '', l.quantityPerBoard]);
  const reasons = (rows: Cell[][]) => read(rows).skipped.map((s) => [s.row + 1, s.reason]);

  test("a header naming the number and the package ('厂家型号/封装') leaves the package after the slash out", () => {
    const rows = [
      ['序号', '商品编号', '厂家型号/封装', '商品名称', '订购数量'],
      ['1', 'C55509', 'L78M05CDT-TR/DPAK', 'L78M05CDT-TR 编带', '1片'],
      ['2', 'C41846', 'XL-2838L/', '接收头', '1个'],
      ['3', 'C18560', '8MHz ±20PPm 20pF/5032_2P', '8MHz 晶振', '2个'],
    ];
    expect(lines(rows)).toEqual([
      [2, 'L78M05CDT-TR', '', 1],
      [3, 'XL-2838L', '', 1],
    ]);
    // A crystal's ratings side by side are no part number: the line is listed with its LCSC code.
    expect(reasons(rows)).toEqual([[4, 'incomplete']]);
    expect(read(rows).skipped[0].detail).toContain('LCSC C18560');
  });

  test("a column left without a header, all of its few cells makers' numbers, is the part-number column", () => {
    const rows = [
      ['ID', '指定子', 'フットプリント', '数量', '名称', '', 'JLCPCB Part #'],
      [1, 'R6', 'R_0603_1608Metric_Pad0.98x0.95mm_HandSolder', 1, '75K', '', ''],
      [2, 'C7', 'C_0603_1608Metric_Pad1.08x0.95mm_HandSolder', 1, '1u', 'GRM188R61A105KA61D', 'C86012'],
      [3, 'C6', 'C_0603_1608Metric_Pad1.08x0.95mm_HandSolder', 1, '0.1u', 'GRM188R72A104KA35D', 'C77058'],
      [4, 'R5', 'R_0603_1608Metric_Pad0.98x0.95mm_HandSolder', 1, '3K', '', ''],
      [5, 'C5', 'C_0603_1608Metric_Pad1.08x0.95mm_HandSolder', 1, '1000P', 'GRM1882C1H102JA01D', 'C85968'],
      [6, 'J1', 'PinHeader_1x04_P2.54mm_Horizontal', 1, 'POWER', '', ''],
      [7, 'SW1', 'TVGP01-G73BB', 1, 'SW_D3', '', ''],
      [8, 'SW2', 'TVGP01-G73BB', 1, 'SW_D9', '', ''],
      [9, 'J7', 'PinHeader_1x02_P2.54mm_Vertical', 1, 'BL_EN(D3)', '', ''],
      [10, 'J4', 'PinSocket_1x07_P2.54mm_Vertical', 1, '1.9 LCD 7P', '', ''],
      [11, 'R7', 'R_0603_1608Metric_Pad0.98x0.95mm_HandSolder', 1, '10K', '', ''],
    ];
    expect(lines(rows).map((l) => l[1])).toEqual(['GRM188R61A105KA61D', 'GRM188R72A104KA35D', 'GRM1882C1H102JA01D']);
  });

  test("copper pads for wires and a footprint's hole are no purchases; a thermal pad is one", () => {
    const rows = [
      ['Comment', 'Designator', 'Footprint', 'Quantity'],
      ['Power Pad', 'P1, P3', 'Power Pad', 2],
      ['Small PTH Pad', 'P2, P4', 'Small PTH Pad', 2],
      ['hole_2', 'REF**', 'hole_2', 1],
      ['Thermal Pad 11x11mm', 'U1', '', 1],
    ];
    expect(reasons(rows)).toEqual([
      [2, 'not-purchase'],
      [3, 'not-purchase'],
      [4, 'not-purchase'],
      [5, 'incomplete'],
    ]);
  });

  test("KiCad's 'USB_C_Receptacle_USB2.0' and a generic 'USB-5P' are no part numbers", () => {
    const rows = [
      ['Ref', 'Qnty', 'Value', 'Footprint'],
      ['J5', '1', 'USB_C_Receptacle_USB2.0', 'Connector_USB:USB_C_Receptacle_HRO_TYPE-C-31-M-12'],
      ['USB1', '1', 'USB-5P', 'USB-MICRO'],
      ['U1', '1', 'TPS62160DGKR', 'MSOP-8'],
    ];
    expect(lines(rows).map((l) => l[1])).toEqual(['TPS62160DGKR']);
  });

  test('a name is not asked of the catalog where the row calls the thing a module', async () => {
    const rows = [
      ['Qty', 'Component', 'Specification', 'Notes', 'Cost'],
      ['12', 'Bearing', '1.25mm Dia.', 'G10 Precision or better', '$42.53'],
      ['70', 'Magnet', '3mm Dia. 4mm Height', 'Neodym Cylinder Magnet', '$28.05'],
      ['6', 'Screw', 'M3x4', 'Grub screw', '$5.69'],
      ['1', 'Tubing', '1mm ID / 2mm OD', 'Brass Pipe', '$15.30'],
      ['1', 'Spring', '1mm Dia.', 'PU stretch cord', '$8.88'],
      ['1', 'MCU', 'RaspberryPi Pico 2', 'Microcontroller', '$13.38'],
      ['3', 'Capacitor', '470 uF 3mm Pitch 8mm Dia.', 'Electrolytic', '$6.99'],
      ['3', 'Driver', 'TB6612FNG', 'Motor Driver Module', '$7.81'],
      ['1', 'Sensor', 'PMSA003', 'Air quality sensor', '$20.00'],
    ];
    // The catalog knows both chips; only the sensor is bought by its number, the driver module is not its chip.
    const known = new Set(['TB6612FNG', 'PMSA003']);
    const judged = await readBomCells(rows, {}, async (pns) => pns.map((p) => known.has(p)));
    expect(judged.lines.map((l) => [l.row + 1, l.partNumber])).toEqual([[10, 'PMSA003']]);
    expect(judged.skipped.find((s) => s.row === 8)?.reason).toBe('incomplete');
  });

  test("a shop's search link names the maker's number searched for", () => {
    const rows = [
      ['Reference', 'Quantity(per board)', 'Value', 'Link'],
      ['M1', 1, 'BLE module', 'http://www.digikey.com/product-search/en/rf-transceiver-modules/3539948?k=SPBTLE-RF'],
      ['RELAY1', 1, 'SIL03_1A72_71D', 'http://www.digikey.com/product-search/en?keywords=SIL03-1A72-71D'],
      ['R1', 1, '10k', 'http://www.digikey.com/product-search/en?keywords=resistor'],
    ];
    expect(lines(rows).map((l) => [l[0], l[1]])).toEqual([
      [2, 'SPBTLE-RF'],
      [3, 'SIL03-1A72-71D'],
    ]);
  });

  test('a maker on a line of its own above its number in the part-number cell', () => {
    const rows = [
      ['Qty', 'Refs', 'MPN', 'DigiKey PN'],
      [1, 'U1 Pad', 't-Global\nTG-T1000-11-11-0.25-5PT', '1168-TG-T1000-11-11-0.25-5PT-ND'],
    ];
    expect(lines(rows)).toEqual([[2, 'TG-T1000-11-11-0.25-5PT', 't-Global', 1]]);
  });

  test("a costing sheet's 'Num used' is the quantity; its total and the fab's boards are no lines", () => {
    const rows = [
      ['Parts', 'Price', 'Buy size', 'Num used', 'Refs', 'Supplier', 'Sup. P/N', 'Man. P/N'],
      ['Dual op-amp', 0.38, 1000, 1, 'AMP', 'Digikey', '497-12414-1-ND', 'TSV912IQ2T'],
      ['Enclosure', 1.45, 1000, 1, '', 'Mouser', '789-P3A-140703-U', 'P-140703'],
      ['Total for the board', null, null, 15, '', '', '', ''],
      ['Boards from OshPark', 0.85, 900, 1, '', '', '', ''],
      [null, 4.72, null, 10, null, null, null, null],
    ];
    expect(lines(rows).map((l) => [l[0], l[1], l[3]])).toEqual([
      [2, 'TSV912IQ2T', 1],
      [3, 'P-140703', 1],
    ]);
    expect(reasons(rows)).toEqual([
      [4, 'no-part-number'],
      [5, 'not-purchase'],
      [6, 'no-part-number'],
    ]);
  });
});

describe("an eighth round: EAGLE's text Partlist, Seeed's production BOMs, popular projects' lists", () => {
  const reasons = (rows: Cell[][]) => readBom(rows).skipped.map((s) => [s.row + 1, s.reason]);

  test("EAGLE's Partlist under its title block: aligned columns, 'Part' its positions, 'Sheet' no count", () => {
    const text = [
      'Partlist',
      '',
      'Exported from Board.sch at 3/28/13 10:46 AM',
      '',
      'EAGLE Version 6.1.0 Copyright (c) 1988-2012 CadSoft',
      '',
      'Part     Value                       Device                      Package   Library              Sheet',
      '',
      'C1       100u                        CPOL-EUE2-5                 E2-5      rcl                  2',
      'IC1      L293DD                      L293E                       DIL16     texas                1',
      'R1       10k                         R-US_0207/7                 0207/7    resistor             2',
      'R2       10k                         R-US_0207/7                 0207/7    resistor             2',
      'SW1      SKHHDTA010                  SKHH                        SKHH      alps                 1',
      '',
    ].join('\n');
    const { cells } = parseDelimited(text);
    // The title block's lines are kept whole; the table is cut where its header's names start.
    expect(cells[2]).toEqual(['Exported from Board.sch at 3/28/13 10:46 AM']);
    const read = readBom(cells);
    expect(read.headerRow).toBe(6);
    expect(read.lines.map((l) => [l.row + 1, l.partNumber, l.quantityPerBoard])).toEqual([
      [10, 'L293DD', 1],
      [13, 'SKHHDTA010', 1],
    ]);
    // A part drawn on sheet 2 is one part, not two.
    expect(read.skipped.find((s) => s.row === 8)?.quantityPerBoard).toBe(1);
  });

  test("a production BOM's parent rows ('PCBA; …', 'PCB;…') and a board named with its fab's link are the board", () => {
    const rows = [
      ['SKU', 'Description', 'Manufacturer', 'MPN', 'Location', ' Qty'],
      ['202003659', ' PCBA; BeagleV-Fire', '', '', '', '1'],
      ['301010000', ' SMD RES 0R-5%-1/16W;0402', 'YAGEO', 'RC0402JR-070RL', 'R51,R53', '2'],
      ['319015079', ' PCB;BeagleV-Fire Rev A-Red-12 Layers', '', '', '', '1'],
      ['', 'PCB build', '', '', '', '1', 'https://jlcpcb.com/'],
    ];
    expect(reasons(rows)).toEqual([
      [2, 'not-purchase'],
      [4, 'not-purchase'],
      [5, 'not-purchase'],
    ]);
  });

  test("SparkFun's solder jumpers ('SJ_NC'), values written '4u7F', and Würth's '9774025243R'", () => {
    const rows = [
      ['Qty', 'Value', 'Device', 'Parts', 'MF', 'MPN'],
      ['2', 'SJ_NC', 'SJ_NC', 'U$1, U$2', '', ''],
      ['4', '4u7F', 'C_0603', 'C1, C2, C3, C4', '', ''],
      ['3', 'Standoff', 'SMT standoff', 'SO1, SO2, SO3', 'Wurth Elektronik', '9774025243R'],
    ];
    expect(reasons(rows)).toEqual([
      [2, 'not-purchase'],
      [3, 'incomplete'],
    ]);
    expect(readBom(rows).lines.map((l) => [l.row + 1, l.partNumber])).toEqual([[4, '9774025243R']]);
  });
});

describe('a ninth round: Spanish KiCad, TI reference designs, a JLCPCB template filled by hand, copies of a list', () => {
  const reasons = (rows: Cell[][]) => readBom(rows).skipped.map((s) => [s.row + 1, s.reason]);

  test("KiCad's Spanish pcbnew BOM: Huella is the footprint, Identificador the positions, Identificación the value", () => {
    const rows = [
      ['Id', 'Identificador', 'Huella', 'Cantidad', 'Identificación', 'Suministrador y ref'],
      ['1', 'L1', 'L_Radial_D13.5mm_P7.00mm_Fastron_09HCP', '1', '300n', ''],
      ['2', 'C3,C4', 'C_Disc_D7.5mm_W5.0mm_P5.00mm', '2', '0.01u', ''],
      ['3', 'Q1', 'TO-92_Wide', '1', '2N3904', ''],
    ];
    const read = readBom(rows);
    expect(read.lines).toEqual([]);
    expect(read.skipped.map((s) => [s.row + 1, s.reason, s.quantityPerBoard])).toEqual([
      [2, 'incomplete', 1],
      [3, 'incomplete', 2],
      [4, 'incomplete', 1],
    ]);
  });

  test("placeholders a maker's number never is: TI's 'STD', a row's 'xxxxx'", () => {
    const rows = [
      ['COUNT', 'RefDes', 'Value', 'Part Number', 'Mfr'],
      ['2', 'C10,C11', '0.1uF', 'STD', 'STD'],
      ['1', 'U1', 'TPS54302', 'TPS54302DDCR', 'TI'],
      ['1', 'H1', 'Standoff', 'xxxxx', ''],
    ];
    expect(readBom(rows).lines.map((l) => l.partNumber)).toEqual(['TPS54302DDCR']);
    expect(reasons(rows)).toEqual([
      [2, 'incomplete'],
      [4, 'incomplete'],
    ]);
  });

  test("JLCPCB's template 'LCSC Part #（optional）' is the shop's code, never looked up as a maker's number", () => {
    const rows = [
      ['Comment', 'Designator', 'Footprint', 'LCSC Part #（optional）', 'Qty'],
      ['10uF ceramic capacitor', 'C1', '0402', 'C15525', 1],
    ];
    const read = readBom(rows);
    expect(read.lines).toEqual([]);
    expect(read.skipped[0].detail).toContain('LCSC C15525');
  });

  test('of two copies of one list, the first sheet is the list, whichever reads more lines', () => {
    const header = ['Qty', 'Part', 'mcmaster pn', 'Notes'];
    const first = judgeSheet('Sheet1', 0, [header, [4, 'Screw', '91290A115', ''], [2, 'Nut', '90591A250', '']]);
    const copy = judgeSheet('Sheet2', 1, [
      header,
      [4, 'Screw', '91290A115', ''],
      [2, 'Nut', '90591A250', ''],
      [1, 'Filament', 'PLA', 'Ana'],
      [1, 'Filament', 'PETG', 'Ben'],
    ]);
    expect(copy.score).toBeGreaterThan(first.score);
    expect(chooseBomSheet([first, copy]).chosen.name).toBe('Sheet1');
    // Different lists on two sheets: the one that reads as the BOM wins, as before.
    const other = judgeSheet('Sheet2', 1, [
      ['Qty', 'MPN', 'Designator'],
      [2, 'BAV99-7-F', 'D1, D2'],
      [1, 'LM358DR', 'U1'],
    ]);
    expect(chooseBomSheet([first, other]).chosen.name).toBe('Sheet2');
  });
});

test("a part printed from a file, named so in Chinese ('摆杆打印件'), is made; a note about 3D printing is no name", () => {
  const rows = [
    ['零件名称', '数量', '备注'],
    ['摆杆打印件', 1, ''],
    ['M3滚花螺母(M3x4x5)', '11个', '如果爪子部分使用3D打印+法兰联轴器，再加8个'],
    ['6701ZZ轴承', 2, ''],
  ];
  expect(readBom(rows).skipped.map((s) => [s.row + 1, s.reason])).toEqual([
    [2, 'not-purchase'],
    [3, 'incomplete'],
  ]);
  expect(readBom(rows).lines.map((l) => l.partNumber)).toEqual(['6701ZZ']);
});

test("a title and a shop's name with its address over the header (a cost list by shop): the header under them", () => {
  const rows = [
    ['Kostenvoranschlag - CNC'],
    [],
    ['Openbuilds', 'www.openbuildspartstore.com'],
    [],
    ['Stückzahl', 'Name', 'Größe', 'Preis/Stück', 'Gesamt', 'Link'],
    [],
    [7, 'V-Slot Linear Rail', '2 x 8 x 150 cm', 25.11, 175.77, 'http://openbuildspartstore.com/v-slot-linear-rail/'],
    [68, 'Cast Corner Bracket', '2 x 2 x 1.7 cm', 1.26, 85.68, 'http://openbuildspartstore.com/cast-corner-bracket/'],
  ];
  const read = readBom(rows);
  expect(read.headerRow).toBe(4);
  expect(read.skipped.map((s) => [s.row + 1, s.reason, s.quantityPerBoard])).toEqual([
    [7, 'incomplete', 7],
    [8, 'incomplete', 68],
  ]);
});
