/**
 * Kinds of hand-kept cost list and assembly file, each as a made-up table of its shape: a header that names only the
 * count and where to buy, shares of a pack written as fractions, charges (shipping, tax, labour) between the things
 * bought, a section's total in the part-number column, holes named H1…, a shop's link whose slug begins with the
 * maker, positions with their values joined on, and quantities written for several boards.
 */
import { parseDelimited } from '../../cli/bomfile';
import { readBom } from '../../src/bom';
import { readRows } from '../helpers/bom-rows';
import { parseDesignators } from '../../src/bom/designators';
import { detectHeaderRow } from '../../src/bom/header';
import { partFromProductLink } from '../../src/bom/product-links';
import { parseQuantity } from '../../src/bom/quantity';

const read = readRows;

describe('a shopping list whose header names only the count and where to buy', () => {
  test('"Name, Quelle, Anzahl, Link": its header is found and every thing named is a line', () => {
    const r = read([
      ['Name', 'Quelle', 'Anzahl', 'Link'],
      ['Arduino Nano', 'Amazon', '1/3', 'https://www.amazon.de/dp/B078SBBST6'],
      ['510 Ohm Widerstand', 'Reichelt', 1, 'https://www.reichelt.de/widerstand-p11862.html'],
      ['USB-Netzteil', 'Amazon', 1, 'https://www.amazon.de/dp/B088NH9M6D'],
    ]);
    expect(r.read.headerRow).toBe(0);
    expect(r.skipped).toEqual([
      [2, 'incomplete', 1],
      [3, 'incomplete', 1],
      [4, 'incomplete', 1],
    ]);
  });

  test('a count alone, with no shop, link or price named beside it, makes no header row', () => {
    expect(
      detectHeaderRow([
        ['Name', 'Farbe', 'Anzahl'],
        ['Kabel', 'rot', 2],
      ]).row,
    ).toBeNull();
    expect(
      detectHeaderRow([
        ['Name', 'Quelle', 'Anzahl'],
        ['Kabel', 'Reichelt', 2],
      ]).row,
    ).toBe(0);
  });
});

describe('counts', () => {
  test('a share written as a fraction is one whole item bought, said in a note', () => {
    expect(parseQuantity('1/3')).toEqual({ kind: 'ok', value: 1, text: '1/3', note: 'read as 1: a share of 3' });
    expect(parseQuantity('2/100')).toMatchObject({ kind: 'ok', value: 2 });
    // Not a share: more than the whole, or nothing.
    expect(parseQuantity('3/2').kind).toBe('bad');
    expect(parseQuantity('0/5').kind).toBe('bad');
  });

  test('positions with their values joined on ("R1_33", "R5_1K1") are the positions', () => {
    expect(parseDesignators('R1_33, R2_330, R5_1K1').list).toEqual(['R1', 'R2', 'R5']);
    // A keyboard matrix names its diodes so: cutting the tail would make two the same, so they stay as written.
    expect(parseDesignators('D0_0, D1_0, D0_1').list).toEqual(['D0_0', 'D1_0', 'D0_1']);
  });

  test("an assembler's quotation counts every row for ten boards: read per board, with one warning that says so", () => {
    const r = read([
      ['Item #', '*Designator', '*Qty', 'Manufacturer', '*Mfg Part #', 'Unit Price(10 sets)'],
      [1, 'D1,D2,D3,D4', 40, 'Diodes Incorporated', '1N4148W-7-F', 0.022],
      [2, 'R1_33, R2_330', 20, 'Bourns Inc.', 'CR0603-JW-331ELF', 0.005],
      [3, 'R5_1K1, R6_1K1, R7_1K1', 30, 'Bourns Inc.', 'CR0603-JW-102ELF', 0.008],
    ]);
    expect(r.lines).toEqual([
      [2, '1N4148W-7-F', 4],
      [3, 'CR0603-JW-331ELF', 2],
      [4, 'CR0603-JW-102ELF', 3],
    ]);
    const told = r.read.warnings.filter((w) => w.code === 'quantity-read').map((w) => w.message);
    expect(told).toEqual([expect.stringContaining('Every quantity is 10 times its designator count')]);
  });
});

describe('a line to buy whose count is missing', () => {
  test('a part named with no count is listed for the buyer to count, with its part number; a heading alone is none', () => {
    const r = read([
      ['Qty', 'MPN', 'LCSC', 'Note'],
      [2, 'GRM188R61A106KE69D', 'C15850', ''],
      [null, 'Resistors'],
      [null, 'RK73H1JTTD1002F', 'C140049', 'spare'],
    ]);
    expect(r.lines).toEqual([[2, 'GRM188R61A106KE69D', 2]]);
    // "Resistors", a word in small letters, is a heading's name, no part number.
    expect(r.read.skipped.map((s) => [s.row + 1, s.reason, s.partNumber ?? null])).toEqual([
      [3, 'no-part-number', null],
      [4, 'incomplete', 'RK73H1JTTD1002F'],
    ]);
    expect(r.read.skipped[1].detail).toBe('a line to buy with no quantity and no designators: say how many');
  });

  test('in a list counted by its positions alone, a row that lists none buys nothing', () => {
    const r = read([
      ['Part', 'Value', 'MPN'],
      ['R1', '10k', 'RC0603FR-0710KL'],
      [null, '22k', 'RC0603JR-0722KL'],
    ]);
    expect(r.lines).toEqual([[2, 'RC0603FR-0710KL', 1]]);
    expect(r.skipped).toEqual([[3, 'no-part-number', null]]);
  });
});

describe('rows that are no purchases', () => {
  test('shipping, tax and labour named alone are charges; a thing named after shipping is bought', () => {
    const r = read([
      ['Supplier', 'Item', 'Quantity', 'Price', 'URL'],
      ['Shop A', 'OLED 0.91" SSD1306 128x32', 1, 0.92, 'https://shop-a.example/oled'],
      ['Shop B', 'Shipping bag 15x25cm', 1, 0.01, 'https://shop-b.example/bag'],
      ['Forwarder', 'Shipping fee from the warehouse to Hong Kong', 1, 3.54, '-'],
      ['-', 'Versand für Gewindestift', 1, 0.95, '-'],
      ['-', 'TVA', 1, 13.4, '-'],
      ['-', "Main d'œuvre montage", 1, 50, '-'],
    ]);
    const bySkip = new Map(r.skipped.map(([row, reason]) => [row, reason]));
    expect(bySkip.get(2)).toBe('incomplete');
    expect(bySkip.get(3)).toBe('incomplete');
    for (const row of [4, 5, 6, 7]) expect([row, bySkip.get(row)]).toEqual([row, 'not-purchase']);
  });

  test("a charge's word in a status or note beside a part ('Shipping'), a number starting as a total ('SUM-12') and a through-hole part at H1 are bought", () => {
    const r = read([
      ['MPN', 'Description', 'Qty', 'Designator', 'Status'],
      ['NE555DR', 'timer', 1, 'U1', 'Shipping'],
      ['SUM-12', 'spacer', 2, '', ''],
      ['TSW-105-07-G-D', 'Pin header, through-hole, 2x5', 1, 'H1', ''],
    ]);
    expect(r.lines).toEqual([
      [2, 'NE555DR', 1],
      [3, 'SUM-12', 2],
      [4, 'TSW-105-07-G-D', 1],
    ]);
  });

  test("a note of another row's shipping cost in a cell of its own does not make the row a charge", () => {
    const r = read([
      ['Part Name', 'Quantity', 'Price', 'Vendor', 'Shipping Cost', 'Link'],
      ['Front panel PCBs + stencil', 5, '€10.71', 'jlcpcb', 'Shipping for all 3 PCB orders: €47.18', ''],
    ]);
    expect(r.skipped).toEqual([[2, 'incomplete', 5]]);
  });

  test("a section's total in the part-number column beside its count is no line", () => {
    const r = read([
      ['Qty', 'Part Number', 'Package', 'Description'],
      [1, 'TLV1117-50CDCY', 'SOT-223', 'LDO 5V (U2)'],
      [1, 'S2B-XH-A-1', 'TH 2.5mm', 'Header 2-pin (J3)'],
      [2, 'Subtotal (units)'],
    ]);
    expect(r.lines).toEqual([
      [2, 'TLV1117-50CDCY', 1],
      [3, 'S2B-XH-A-1', 1],
    ]);
  });

  test('holes named H1… and fiducials named by their feature are no purchases; H1 of another part is bought', () => {
    const r = read([
      ['Quantity', 'Designator', 'Description', 'Part Number'],
      [4, 'FID1, FID2, FID3, FID4', '1mm Fiducial, 3mm keepout', 'FIDUCIAL'],
      [4, 'H1, H2, H3, H4', 'M3 Hole with no copper', 'M3 Hole'],
      [2, 'H1, H2', 'Heatsink TO-220', 'HS-652040PL'],
    ]);
    expect(r.lines).toEqual([[4, 'HS-652040PL', 2]]);
    expect(r.skipped.map(([row, reason]) => [row, reason])).toEqual([
      [2, 'not-purchase'],
      [3, 'not-purchase'],
    ]);
  });
});

describe("a shop's link", () => {
  const lcsc = (slug: string) =>
    partFromProductLink(`https://lcsc.com/product-detail/Some-Category_${slug}_C123456.html`)?.partNumber;
  test('the part begins after a maker the alias table knows, however its name is written', () => {
    expect(lcsc('ROHM-PDZVTR5-1B')).toBe('PDZVTR5-1B');
    expect(lcsc('AOS-AO3401A')).toBe('AO3401A');
    expect(lcsc('Winbond-Elec-W25Q32JVSSIQ')).toBe('W25Q32JVSSIQ');
    expect(lcsc('Samsung-Electro-Mechanics-CL21A226MQQNNNE')).toBe('CL21A226MQQNNNE');
  });
  test('short capitals before the first figure begin the part of a maker it does not know', () => {
    expect(lcsc('Korean-Hroparts-Elec-TYPE-C-31-M-12')).toBe('TYPE-C-31-M-12');
    expect(lcsc('XINGLIGHT-XL-5050RGBC-WS2812B')).toBe('XL-5050RGBC-WS2812B');
    expect(lcsc('Huaneng-TMB12A05')).toBe('TMB12A05');
  });
  test('a number the address wrote with a dash for a dot is taken as the row writes it', () => {
    const r = read([
      ['Designator', 'Qty', 'Description', 'LCSC Code', 'Link'],
      [
        'D2, D3',
        2,
        'PDZVTR5.1B',
        'C253499',
        'https://lcsc.com/product-detail/Zener-Diodes_ROHM-PDZVTR5-1B_C253499.html',
      ],
    ]);
    expect(r.lines).toEqual([[2, 'PDZVTR5.1B', 2]]);
  });
});

describe('lists kept for an assembler or by hand in Chinese', () => {
  test("a name column of makers' numbers is the part numbers; LCSC's link column of codes is LCSC's; a code glued on is cut", () => {
    const r = read([
      ['序号', '数量', '名称', '丝印', '封装', '值', '立创链接'],
      [1, 3, 'CL10A226MQ8NRNC', 'C1,C6,C8', 'C0603', '22uF', 'C59461', null, '有'],
      [2, 4, 'CL21A226MAQNNNE_C45783', 'C3,C4,C7,C9', 'C0805', '22uF', 'C45783', '耐压25V', '补一点'],
      [3, 8, '焊盘', 'P1,P2,P3,P4,P5,P6,P7,P8', '焊盘', '', '', '无需买'],
      [4, 1, 'HX25003-2A', 'B+ GND', 'CONN-TH_2P', '', 'C442299', null, '不需要-直接焊接'],
      [5, 6, 'c', 'D1,D5,D6,D7,D8,D9', 'SOD-123F', '', 'C81598'],
      [6, 2, 'AP2300', 'Q1,Q2', 'SOT-23-3', '', 'C360338'],
    ]);
    expect(r.read.mapping.partNumber).toBe(2);
    expect(r.read.lines.map((l) => [l.row + 1, l.partNumber, l.supplierPartNumbers])).toEqual([
      [2, 'CL10A226MQ8NRNC', ['C59461']],
      [3, 'CL21A226MAQNNNE', ['C45783']],
      [7, 'AP2300', ['C360338']],
    ]);
    // Pads no one buys; "not needed, solder directly" is not placed; a letter alone is no part number.
    expect(r.skipped.map(([row, reason]) => [row, reason])).toEqual([
      [4, 'not-purchase'],
      [5, 'dnp'],
      [6, 'incomplete'],
    ]);
  });
});

describe('house styles', () => {
  test("an approved vendor list's P/N is the maker's number; the assembler's own P/N is not", () => {
    const r = read([
      ['Qty', 'AQS P/N', 'Device', 'Designator', 'AVL', 'AVL P/N'],
      [2, 'HL-121-08-301869', 'Capacitor', 'C2, C3', 'AVX', '0603ZC103KAT2A'],
      [2, 'HL-201-40-101081', 'Diode', 'D1, D2', 'Diodes, Inc.', 'B230A-13-F'],
    ]);
    expect(r.read.lines.map((l) => [l.partNumber, l.manufacturer, l.quantityPerBoard])).toEqual([
      ['0603ZC103KAT2A', 'AVX', 2],
      ['B230A-13-F', 'Diodes, Inc.', 2],
    ]);
  });

  test("one LCSC number under names numbered alike ('Fan1'…'Fan3') is one part by that number; two chips are two", () => {
    const r = read([
      ['Designator', 'Footprint', 'Quantity', 'Value', 'LCSC Part #'],
      ['J401', 'FanPinHeader_1x04', 1, 'Fan1', 'C240840'],
      ['J402', 'FanPinHeader_1x04', 1, 'Fan2', 'C240840'],
      ['J403', 'FanPinHeader_1x04', 1, 'Fan3', 'C240840'],
      ['U6', 'DIP-20', 1, 'SN75160BN', 'C2328'],
      ['U7', 'DIP-20', 1, 'SN75161BN', 'C2328'],
    ]);
    expect(r.lines).toEqual([
      [5, 'SN75160BN', 1],
      [6, 'SN75161BN', 1],
    ]);
    expect(r.skipped.map(([row, reason]) => [row, reason])).toEqual([
      [2, 'incomplete'],
      [3, 'incomplete'],
      [4, 'incomplete'],
    ]);
  });

  test("a connector's position valued 'TestPoint' on a bare pad footprint is copper, not bought", () => {
    const r = read([
      ['Reference', 'Qty', 'Value', 'Cmp name', 'Footprint'],
      ['J3', 1, 'TestPoint', 'Conn_01x01', 'TestPoint:TestPoint_THTPad_D1.0mm_Drill0.5mm'],
      ['J4', 1, 'B2B-PH-K-S', 'Conn_01x02', 'Connector_JST:JST_PH_B2B-PH-K_1x02_P2.00mm_Vertical'],
    ]);
    expect(r.lines).toEqual([[3, 'B2B-PH-K-S', 1]]);
    expect(r.skipped).toEqual([[2, 'not-purchase', null]]);
  });

  test("Altium's text report, its columns padded to widths of their own: cut at runs of spaces, a wrapped list kept", () => {
    const text = [
      'Bill of Material for ',
      'On 26/10/2016 at 10:10:27',
      '',
      ' Comment             Pattern     Quantity  Components',
      '------------------------------------------------------',
      ' 6.8uH               INDUCTOR_5X5MM_TDK_VLC5045    1    L1                      Inductor  4.7uH  [Digikey: 445-1]',
      ' Cap                 RAD-0.3         12    C5, C14, C15, C16, C17, C18  Capacitor',
      '                                           C19, C20, C21, C22, C23, C24',
      ' MCP73871-2CCI/ML    QFN50P400X400X100-21N    1    U2                           Charger',
      ' LM358DR             SOIC-8           1    U3                           Op amp',
      ' TPS63020DSJR        VSON-14          1    U4                           Buck-boost',
      ' B2B-PH-K-S          JST_PH_2         2    J1, J2                       Connector',
      '',
    ].join('\n');
    const file = parseDelimited(text);
    expect(file.cells[5]).toEqual([
      '6.8uH',
      'INDUCTOR_5X5MM_TDK_VLC5045',
      '1',
      'L1',
      'Inductor  4.7uH  [Digikey: 445-1]',
    ]);
    expect(file.cells[7]).toEqual(['', '', '', 'C19, C20, C21, C22, C23, C24']);
    const r = readBom(file.cells);
    expect(r.headerRow).toBe(3);
    expect(r.lines.map((l) => [l.row + 1, l.partNumber, l.quantityPerBoard])).toEqual([
      [9, 'MCP73871-2CCI/ML', 1],
      [10, 'LM358DR', 1],
      [11, 'TPS63020DSJR', 1],
      [12, 'B2B-PH-K-S', 2],
    ]);
    // The capacitors' list wrapped onto a line of its own is part of their row: twelve positions, one line.
    expect(r.skipped.find((k) => k.row === 6)).toMatchObject({ reason: 'incomplete', quantityPerBoard: 12 });
  });

  test("a board written in code names its positions by a kind's letter and a name ('C_ADC', 'U_RP2040')", () => {
    const r = read([
      ['Comment', 'Designator', 'Footprint', 'JLCPCB Part #'],
      ['100nF', 'C_ADC,C_B33IN2,C_BME', 'simple_capacitor', 'C1525'],
      ['TPS63020DSJR', 'U_BUCK', 'simple_chip', 'C15483'],
    ]);
    expect(r.skipped).toEqual([[2, 'incomplete', 3]]);
    expect(r.lines).toEqual([[3, 'TPS63020DSJR', 1]]);
  });

  test('a text file whose lines end both ways (one LF among CR LFs) is read a line a row', () => {
    const text = 'MPN,Qty\r\nSTM8L151G4U6,1\r\nTS-1088-AR02016,1\n"CL05B104KO5NNNC",2\r\n';
    expect(parseDelimited(text).cells).toEqual([
      ['MPN', 'Qty'],
      ['STM8L151G4U6', '1'],
      ['TS-1088-AR02016', '1'],
      ['CL05B104KO5NNNC', '2'],
    ]);
    // A line break inside a quoted field stays in the field.
    expect(parseDelimited('MPN,Note\r\nLM358DR,"two\nlines"\r\n').cells).toEqual([
      ['MPN', 'Note'],
      ['LM358DR', 'two\nlines'],
    ]);
  });
});

describe("a build list naming each thing's shop and the shop's code or a link", () => {
  test('"Supplier, Part # or Link": the codes are the shop\'s numbers, a cell saying "Link" gives none', () => {
    const r = read([
      ['Category', 'Part Name', 'Total QTY Needed', 'Supplier', 'Part # or Link', 'Price Per Pack'],
      ['Hardware', 'M6x20mm Button Head Screws', 22, 'McMaster-Carr', '91306A673', 8.23],
      ['Hardware', '1/4" ID Flanged Bearings', 2, 'McMaster-Carr', '57155K337', 7.2],
      ['Hardware', 'Toothed Pulley', 2, 'Amazon', 'Link', 9.99],
      ['Hardware', 'Shaft Collar', 4, 'McMaster-Carr', '6435K13', 1.5],
    ]);
    expect(r.lines).toEqual([
      [2, '91306A673', 22],
      [3, '57155K337', 2],
      [5, '6435K13', 4],
    ]);
    expect(r.read.lines.map((l) => l.supplierPartNumbers)).toEqual([['91306A673'], ['57155K337'], ['6435K13']]);
    expect(r.skipped).toEqual([[4, 'incomplete', 2]]);
    expect(r.read.skipped[0].detail).not.toMatch(/Link/);
  });

  test('a link to the part\'s page ("Part Link") is no code column', () => {
    const r = read([
      ['Part Name', 'Qty', 'Supplier', 'Part Link'],
      ['Toothed Pulley', 2, 'Amazon', 'https://www.amazon.com/dp/B07BS4ZB3T'],
    ]);
    expect(r.lines).toEqual([]);
    expect(r.skipped).toEqual([[2, 'incomplete', 2]]);
  });
});
