/**
 * BOMs as EDA tools and distributor carts export them: their column names, generic header rows, DNP and
 * populate columns, title and group rows above the header, footer blocks below the table, KiCost's board
 * quantity. The real files behind these shapes are in the real BOM corpus (see the corpus test).
 */
import {
  type Cell,
  isNeverPartNumberHeader,
  isNotPopulated,
  isSupplierPartHeader,
  looksLikePartNumber,
  matchHeader,
  readBom,
} from '../../src/bom';

describe('export vocabularies', () => {
  it.each([
    // KiCad and KiCost
    ['Reference', 'designators'],
    ['Refs', 'designators'],
    ['Manf#', 'partNumber'],
    ['Manf', 'manufacturer'],
    ['Qty', 'quantity'],
    ['Quantity Per PCB', 'quantity'],
    // Altium
    ['Designator', 'designators'],
    ['Quantity', 'quantity'],
    ['Manufacturer 1', 'manufacturer'],
    ['Manufacturer Part Number 1', 'partNumber'],
    // Eagle
    ['Parts', 'designators'],
    ['MF', 'manufacturer'],
    ['MPN', 'partNumber'],
    // OrCAD / Allegro
    ['Part Reference', 'designators'],
    // Digi-Key, Mouser, Arrow carts
    ['Manufacturer Part Number', 'partNumber'],
    ['Mfr. #', 'partNumber'],
    ['Order Qty.', 'quantity'],
    ['Quantity 1', 'quantity'],
    // Octopart
    ['Schematic Reference', 'designators'],
    // PartsBox
    ['Designators', 'designators'],
    // DNP and populate columns
    ['DNP', 'dnp'],
    ['Populate', 'dnp'],
    ['Fitted', 'dnp'],
    ['Not Fitted', 'dnp'],
    ['Do Not Place', 'dnp'],
  ])('%j names %s', (text, field) => {
    expect(matchHeader(text)?.field).toBe(field);
  });

  it.each([
    'LCSC Part #',
    'JLCPCB Part #',
    'Digi-Key Part Number',
    'Mouser #',
    'Cat#',
    'Supplier Part Number 1',
    'Digikey',
    'Mouser',
    'LCSC',
    'Arrow Part Number',
    'Chip1Stop Part Number',
    'OnlineComponents',
  ])('%j is a distributor part number: it confirms, never the MPN', (text) => {
    expect(isSupplierPartHeader(text)).toBe(true);
    expect(matchHeader(text)).toBeNull();
  });

  it.each(['Footprint', 'PCB Footprint', 'Package', 'Device', 'LibRef', 'Datasheet', 'FootprintLib'])(
    '%j is never the part number',
    (text) => {
      expect(isNeverPartNumberHeader(text)).toBe(true);
      expect(matchHeader(text)?.field).not.toBe('partNumber');
    },
  );

  it('an Altium BOM: the MPN column is the part number; the supplier part number rides along to confirm', () => {
    const r = readBom([
      [
        'Comment',
        'Description',
        'Designator',
        'Footprint',
        'LibRef',
        'Quantity',
        'Manufacturer 1',
        'Manufacturer Part Number 1',
        'Supplier 1',
        'Supplier Part Number 1',
      ],
      ['100nF', 'Capacitor', 'C1, C2', 'C0402', 'CAP', 2, 'Murata', 'GRM155R71C104KA88D', 'Digi-Key', '490-3261-1-ND'],
      ['LM358', 'Op amp', 'U1', 'SOIC-8', 'OPAMP', 1, 'Texas Instruments', 'LM358DR', 'Mouser', '595-LM358DR'],
    ]);
    expect(r.mapping).toMatchObject({ partNumber: 7, manufacturer: 6, quantity: 5, designators: 2, description: 1 });
    expect(r.supplierColumns).toEqual([9]);
    expect(r.lines.map((l) => [l.partNumber, l.supplierPartNumbers])).toEqual([
      ['GRM155R71C104KA88D', ['490-3261-1-ND']],
      ['LM358DR', ['595-LM358DR']],
    ]);
  });

  it('a distributor column beside an MPN column is never the part number; a line without an MPN is looked up by its distributor number', () => {
    const r = readBom([
      ['Designator', 'Qty', 'MPN', 'Digi-Key Part Number'],
      ['R1', 1, '', '311-10KGRCT-ND'],
      ['U1', 1, 'LM358DR', '296-1014-1-ND'],
    ]);
    expect(r.mapping.partNumber).toBe(2);
    expect(r.lines.map((l) => [l.partNumber, l.partNumberFrom])).toEqual([
      ['311-10KGRCT-ND', 'supplier'],
      ['LM358DR', undefined],
    ]);
    expect(r.skipped).toEqual([]);
  });

  it('a footprint column is never the MPN, however part-number-like its cells', () => {
    const cells: Cell[][] = [
      ['Reference', 'Qty', 'Footprint', 'Notes'],
      ['U1', 1, 'SOT23-5L', ''],
      ['U2', 1, 'TSSOP20', ''],
      ['Q1', 1, 'SOT323X3', ''],
    ];
    const r = readBom(cells);
    expect(r.mapping.partNumber).toBeUndefined();
    expect(r.lines).toEqual([]);
    expect(r.skipped.map((s) => [s.reason, s.quantityPerBoard])).toEqual([
      ['incomplete', 1],
      ['incomplete', 1],
      ['incomplete', 1],
    ]);
  });

  it("KiCad's default BOM fields: a symbol name in Value (Conn_01x06_Pin, USB_C_Plug_USB2.0) is no part number; the line is listed without one", () => {
    const r = readBom([
      ['Reference', 'Value', 'Datasheet', 'Footprint', 'Qty', 'DNP'],
      ['J4,J5', 'Conn_01x06_Pin', '~', 'Connector_PinHeader_2.54mm:PinHeader_1x06_P2.54mm_Vertical', '2', ''],
      ['P1', 'USB_C_Plug_USB2.0', '', 'Connector_USB:USB_C_Receptacle_GCT_USB4085', '1', ''],
      ['U1', 'LM358DR', '', 'Package_SO:SOIC-8_3.9x4.9mm_P1.27mm', '1', ''],
      ['R1', '1K', '~', 'Resistor_SMD:R_1206_3216Metric', '1', ''],
    ]);
    expect(r.lines.map((l) => [l.row, l.partNumber, l.quantityPerBoard])).toEqual([[3, 'LM358DR', 1]]);
    expect(r.skipped.map((s) => [s.row, s.reason, s.quantityPerBoard])).toEqual([
      [1, 'incomplete', 2],
      [2, 'incomplete', 1],
      [4, 'incomplete', 1],
    ]);
  });

  it("KiCad's default BOM fields, values mostly symbol names and resistances: symbol names are no evidence of a part-number column, so the Value column is not read as one and every line is listed without a part number", () => {
    const r = readBom([
      ['Reference', 'Value', 'Datasheet', 'Footprint', 'Qty', 'DNP'],
      ['J1', 'Conn_02x03_Odd_Even', '~', 'Connector_PinHeader_2.54mm:PinHeader_2x03_P2.54mm_Vertical', '1', ''],
      ['J2', 'Conn_Coaxial', '~', 'Connector_Coaxial:SMA', '1', ''],
      ['J4,J5', 'Conn_01x06_Pin', '~', 'Connector_PinHeader_2.54mm:PinHeader_1x06_P2.54mm_Vertical', '2', ''],
      ['MOD1', 'XB24CZ7', '', 'Lib:XBee', '1', ''],
      ['R1,R2', '1K', '~', 'Resistor_SMD:R_1206_3216Metric', '2', ''],
      ['R3', '560', '~', 'Resistor_SMD:R_1206_3216Metric', '1', ''],
    ]);
    expect(r.mapping.partNumber).toBeUndefined();
    expect(r.lines).toEqual([]);
    expect(r.skipped.map((s) => [s.row, s.reason, s.quantityPerBoard])).toEqual([
      [1, 'incomplete', 1],
      [2, 'incomplete', 1],
      [3, 'incomplete', 2],
      [4, 'incomplete', 1],
      [5, 'incomplete', 2],
      [6, 'incomplete', 1],
    ]);
    // What each line has, without the "~" KiCad writes for no datasheet.
    expect(r.skipped[4].detail).toBe(
      'a line to buy (2 per board; "1K | Resistor_SMD:R_1206_3216Metric") with no manufacturer part number to price it by: add one',
    );
    expect(r.warnings.some((w) => w.code === 'part-number-column' && /^No part-number column/.test(w.message))).toBe(
      true,
    );
  });

  it('a "Manufacturer/MPN" column: the maker is split off each cell, the first of several sources is priced, and a second source on a row of its own is no line', () => {
    const r = readBom([
      ['Designator', 'Manufacturer/MPN', 'Qty', 'Description'],
      ['C1,C5', 'YAGEO CC0402KRX7R7BB104', 2, 'Cap,100nF,10%,16V,X7R,0402'],
      ['POWER', 'C&K Components KMR231GLFS', 1, 'SWITCH TACTILE SPST-NO'],
      ['U2', 'Texas Instruments SN74LVC1G07DCKR', 1, 'IC,SINGLE BUFFER,SC-70'],
      ['', 'Nexperia 74LVC1G07GV,125', 1, 'IC,SINGLE BUFFER,SC-70'],
      ['X1', 'MTCONN UBAF-06082, FCI 10118192-0001LF', 1, 'Conn,Micro USB B'],
      ['', 'PLACON GB1430A', 1, 'GRAPHIC BOX'],
    ]);
    expect(r.lines.map((l) => [l.row, l.partNumber, l.manufacturer, l.quantityPerBoard])).toEqual([
      [1, 'CC0402KRX7R7BB104', 'YAGEO', 2],
      [2, 'KMR231GLFS', 'C&K Components', 1],
      [3, 'SN74LVC1G07DCKR', 'Texas Instruments', 1],
      [5, 'UBAF-06082', 'MTCONN', 1],
      [6, 'GB1430A', 'PLACON', 1],
    ]);
    expect(r.skipped.map((s) => [s.row, s.reason])).toEqual([[4, 'alternate']]);
    expect(
      r.warnings.some(
        (w) =>
          w.code === 'part-number' &&
          w.row === 5 &&
          /2 sources, the first is priced \(FCI 10118192-0001LF not\)/.test(w.message),
      ),
    ).toBe(true);
    // A part-number column named for the part number alone keeps a cell with spaces whole, unless most of its cells
    // name a maker the alias table knows and then the number (a hand-kept list's "Murata GRM188R71H104KA93D").
    const plain = readBom([
      ['Designator', 'MPN', 'Qty'],
      ['U1', 'ACME CC0402KRX7R7BB104', 1],
    ]);
    expect(plain.lines[0].partNumber).toBe('ACME CC0402KRX7R7BB104');
    const makers = readBom([
      ['Designator', 'MPN', 'Qty'],
      ['C1', 'YAGEO CC0402KRX7R7BB104', 1],
      ['C2', 'Murata GRM188R71H104KA93D', 1],
      ['U1', 'TPS2540DRCR', 1],
    ]);
    expect(makers.lines.map((l) => [l.partNumber, l.manufacturer])).toEqual([
      ['CC0402KRX7R7BB104', 'YAGEO'],
      ['GRM188R71H104KA93D', 'Murata'],
      ['TPS2540DRCR', ''],
    ]);
  });

  it('dashed digit groups of up to five (Mill-Max 801-87-002-10-001101) are part numbers, a date is not', () => {
    expect(looksLikePartNumber('801-87-002-10-001101')).toBe(true);
    expect(looksLikePartNumber('1-1734248-1')).toBe(true);
    expect(looksLikePartNumber('2024-03-01')).toBe(false);
  });

  it('an OrCAD BOM: its "Part" column holds values; those that are part numbers are looked up, plain values skipped', () => {
    const r = readBom([
      ['Item', 'Quantity', 'Reference', 'Part', 'PCB Footprint'],
      [1, 2, 'R1,R2', '10K', 'SM/R_0603'],
      [2, 1, 'U1', 'LM358DR', 'SOIC8'],
    ]);
    expect(r.mapping).toMatchObject({ partNumber: 3, quantity: 1, designators: 2 });
    expect(r.lines.map((l) => l.partNumber)).toEqual(['LM358DR']);
    // A line to buy all the same: listed with its quantity and value, never dropped.
    expect(r.skipped.map((s) => [s.message, s.quantityPerBoard])).toEqual([
      ['Row 2: a line to buy (2 per board; value "10K") with no manufacturer part number to price it by: add one', 2],
    ]);
  });

  it('an Eagle part list: its "Part" column holds the designators', () => {
    const r = readBom([
      ['Part', 'Value', 'Device', 'Package', 'MF', 'MPN'],
      ['R1', '10k', 'R-US_R0603', 'R0603', 'Yageo', 'RC0603FR-0710KL'],
      ['U1', 'ATTINY85', 'ATTINY85-20SU', 'SOIC8', 'Microchip', 'ATTINY85-20SU'],
    ]);
    expect(r.mapping).toMatchObject({ designators: 0, manufacturer: 4, partNumber: 5 });
    expect(r.lines.map((l) => [l.designators, l.partNumber])).toEqual([
      [['R1'], 'RC0603FR-0710KL'],
      [['U1'], 'ATTINY85-20SU'],
    ]);
  });

  it('an Octopart BOM export: MPN and Manufacturer mapped; the internal part number and distributor columns are not', () => {
    const r = readBom([
      [
        'Line',
        'Qty',
        'Schematic Reference',
        'Internal Part Number',
        'Description',
        'Manufacturer',
        'MPN',
        'Digi-Key Part Number',
        'Mouser Part Number',
      ],
      [
        1,
        2,
        'C1, C2',
        'CAP-0001',
        'CAP CER 100NF',
        'Murata',
        'GRM155R71C104KA88D',
        '490-3261-1-ND',
        '81-GRM155R71C104KA8D',
      ],
    ]);
    expect(r.mapping).toMatchObject({ quantity: 1, designators: 2, description: 4, manufacturer: 5, partNumber: 6 });
    expect(r.supplierColumns).toEqual([7, 8]);
    expect(r.lines[0]).toMatchObject({
      partNumber: 'GRM155R71C104KA88D',
      quantityPerBoard: 2,
      supplierPartNumbers: ['490-3261-1-ND', '81-GRM155R71C104KA8D'],
    });
  });

  it('a PartsBox BOM export: Quantity, Designators, Manufacturer, MPN', () => {
    const r = readBom([
      ['Quantity', 'Designators', 'Part Name', 'Part Description', 'Manufacturer', 'MPN', 'Footprint'],
      [3, 'R1 R2 R3', '10k 0603', 'RES 10K 1% 0603', 'Yageo', 'RC0603FR-0710KL', 'R_0603'],
    ]);
    expect(r.mapping).toMatchObject({ quantity: 0, designators: 1, description: 3, manufacturer: 4, partNumber: 5 });
    expect(r.lines[0]).toMatchObject({ partNumber: 'RC0603FR-0710KL', quantityPerBoard: 3 });
  });

  it('a JLCPCB BOM without an MPN column: its Comment column gives the part numbers it holds; plain values are skipped with the LCSC number', () => {
    const r = readBom([
      ['Comment', 'Designator', 'Footprint', 'LCSC Part #'],
      ['100nF', 'C1,C2', 'C_0402', 'C1525'],
      ['AMS1117-3.3', 'U1', 'SOT-223', 'C6186'],
      ['STM32F103C8T6', 'U2', 'LQFP-48', 'C8734'],
    ]);
    expect(r.mapping.partNumber).toBe(0);
    expect(r.lines.map((l) => [l.partNumber, l.supplierPartNumbers])).toEqual([
      ['AMS1117-3.3', ['C6186']],
      ['STM32F103C8T6', ['C8734']],
    ]);
    expect(r.skipped.map((s) => s.message)).toEqual([
      'Row 2: a line to buy (2 per board; value "100nF"; LCSC C1525) with no manufacturer part number to price it by: add one',
    ]);
  });
});

describe('header detection', () => {
  const KICAD_GENERIC: Cell[][] = [
    ['ref', 'value', 'Field1', 'Field2', 'Field3', 'Field4', 'Field5'],
    ['C1', '33pF', 'Murata', 'GRM1555C1H330JZ01D', 'CAP CER 33PF 50V 5% NP0 0402', '', ''],
    ['C2', '10nF', 'Murata', 'GRM155R71C103KA01D', 'CAP CER 10000PF 16V 10% X7R 0402', 'DNP', ''],
    ['U1', 'LPC4320', 'NXP', 'LPC4320FBD144', 'IC MCU 32BIT 144LQFP', '', ''],
  ];

  it('a header of generic names is found by content, never priced, and the DNP field column is found by its marks', () => {
    const r = readBom(KICAD_GENERIC);
    expect(r.headerRow).toBe(0);
    expect(r.mapping).toMatchObject({ designators: 0, partNumber: 3, dnp: 5 });
    expect(r.lines.map((l) => l.partNumber)).toEqual(['GRM1555C1H330JZ01D', 'LPC4320FBD144']);
    expect(r.skipped.map((s) => s.message)).toEqual(['Row 3: not placed (DNP column: "DNP")']);
  });

  const KICOST: Cell[][] = [
    ['Prj:', 'Demo board', '', '', '', 'Board Qty:', 50],
    ['Co.:', 'Example Co.', '', '', '', 'Unit Cost:', 1.2],
    ['Global Part Info', '', '', '', '', '', 'Digi-Key', ''],
    ['Refs', 'Value', 'Footprint', 'Manf', 'Manf#', 'Qty', 'Unit$', 'Cat#'],
    ['C1,C3', '22uF', 'c_elec_5x5.3', '', 'UWX1C220MCL1GB', 100, 0.054, '493-2101-1-ND'],
    ['R1', '1K', 'R_0805', 'Yageo', 'RC0805JR-071KL', 50, 0.009, '311-1.0KARCT-ND'],
    ['J1', 'XuLA_IO_HDR', 'XuLA_IO_Hdr', '', '', 50, '', ''],
    [],
    ['', 'Used currency rates:', '', '', '', 'Total Purchase:', 0],
    ['', 'USD($)/EUR(€):', 1.1873],
    [],
    ['', '', '', '', '', '', 0, ''],
  ];

  it('a KiCost sheet: title and group rows skipped, Manf#/Manf/Refs mapped, footer left out, Board Qty read back', () => {
    const r = readBom(KICOST);
    expect(r.headerRow).toBe(3);
    expect(r.mapping).toMatchObject({ designators: 0, manufacturer: 3, partNumber: 4, quantity: 5 });
    expect(r.supplierColumns).toEqual([7]);
    expect(r.lines.map((l) => [l.row, l.partNumber, l.quantityPerBoard])).toEqual([
      [4, 'UWX1C220MCL1GB', 2],
      [5, 'RC0805JR-071KL', 1],
    ]);
    expect(r.skipped.map((s) => s.row)).toEqual([6]);
    expect(r.tableEnd).toBe(6);
    expect(r.warnings.map((w) => w.code)).toEqual(expect.arrayContaining(['footer', 'quantity-read']));
    expect(r.warnings.find((w) => w.code === 'footer')?.message).toBe(
      'Row 9 to row 12 come after the table ("Used currency rates:"…) and were not read as lines.',
    );
  });

  it('a blank run followed by more lines does not end the table; blank rows are no lines', () => {
    const cells: Cell[][] = [['MPN', 'Qty'], ['BAV99', 1], [], [], ['', ''], ['LM358DR', 2]];
    const r = readBom(cells);
    expect(r.lines.map((l) => l.row)).toEqual([1, 5]);
    expect(r.skipped).toEqual([]);
    expect(r.tableEnd).toBe(5);
  });
});

describe('DNP and populate columns', () => {
  it.each(['DNP', 'DNI', 'DNF', 'NF', 'NC', 'No fit', 'Not fitted', 'No', 'N', '0', 'False', false, 0])(
    'a populate column holding %j marks the line not placed',
    (value) => {
      expect(isNotPopulated(value)).toBe(true);
      const r = readBom([
        ['MPN', 'Qty', 'Populate'],
        ['BAV99', 1, value],
        ['LM358DR', 1, 'Yes'],
      ]);
      expect(r.lines.map((l) => l.partNumber)).toEqual(['LM358DR']);
      expect(r.skipped[0]).toMatchObject({ row: 1, reason: 'dnp' });
      expect(r.skipped[0].detail).toMatch(/^not placed \(populate column: /);
    },
  );

  it.each(['Yes', 'Y', '1', 'TRUE', 'Fitted', ''])('a populate column holding %j keeps the line', (value) => {
    expect(
      readBom([
        ['MPN', 'Qty', 'Fitted'],
        ['BAV99', 1, value],
      ]).lines,
    ).toHaveLength(1);
  });

  it('a DNP column marks with X, DNP or Yes and keeps No, 0 and blanks', () => {
    const r = readBom([
      ['MPN', 'Qty', 'DNP'],
      ['A1234', 1, 'X'],
      ['B1234', 1, 'DNP'],
      ['C1234', 1, 'yes'],
      ['D1234', 1, 'No'],
      ['E1234', 1, 0],
      ['F1234', 1, ''],
    ]);
    expect(r.lines.map((l) => l.partNumber)).toEqual(['D1234', 'E1234', 'F1234']);
  });

  it('a notes column of DNP marks and the odd remark is a DNP column; only its marks count', () => {
    const cells: Cell[][] = [['Ref', 'MPN', 'Qty', 'Note']];
    for (let i = 1; i <= 12; i++) cells.push([`R${i}`, `RC0402JR-07${i}KL`, 1, i % 3 === 0 ? 'DNP' : '']);
    cells.push(['U1', 'LPC4320FBD144', 1, 'Alternative part: LPC4330FBD144']);
    const r = readBom(cells);
    expect(r.mapping.dnp).toBe(3);
    expect(r.skipped.map((s) => s.row)).toEqual([3, 6, 9, 12]);
    expect(r.lines.map((l) => l.partNumber)).toContain('LPC4320FBD144');
  });

  it.each(['DNP', '(DNP)', 'NC', 'DNS', 'No stuff', 'Not mounted', 'NotFitted', 'Do not install'])(
    'a column of %j marks and blanks under a name that says nothing is a DNP column',
    (mark) => {
      const r = readBom([
        ['Ref', 'MPN', 'Qty', 'Field5'],
        ['R1', 'RC0402JR-0710KL', 1, ''],
        ['R2', 'RC0402JR-0710KL', 1, mark],
        ['U1', 'LPC4320FBD144', 1, ''],
      ]);
      expect(r.mapping.dnp).toBe(3);
      expect(r.lines.map((l) => l.row)).toEqual([1, 3]);
      expect(r.skipped.map((s) => [s.row, s.reason])).toEqual([[2, 'dnp']]);
    },
  );

  it('designator-level DNP in a value column keeps working', () => {
    const r = readBom([
      ['Designator', 'Value', 'MPN'],
      ['R5 (DNP)', '10k', 'RC0402JR-0710KL'],
      ['R6', '10k', 'RC0402JR-0710KL'],
    ]);
    expect(r.lines.map((l) => l.row)).toEqual([2]);
  });
});
